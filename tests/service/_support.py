"""Small drivers shared by the service tests (lobbies, seats, playing Tiny Duel through the service)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from bot.service.models import GameRow
from bot.service.service import GameService
from engines.core import State

ENGINE = "tiny"


def name_of(user_id: str) -> str:
    """The display name tests give a user id ("alice" → "Alice")."""
    return user_id.capitalize()


async def open_lobby(service: GameService, channel: str = "c1", humans: tuple[str, ...] = ("alice", "bob"),
                     bots: int = 0, seed: int = 7, options: dict[str, Any] | None = None) -> int:
    """A lobby hosted by ``humans[0]`` with the other humans and ``bots`` bots joined; returns its id."""
    lobby = await service.new_game(guild_id="g1", channel_id=channel, user_id=humans[0],
                                   user_name=name_of(humans[0]), engine_id=ENGINE, options=options, seed=seed)
    for user in humans[1:]:
        await service.join(channel, user, name_of(user))
    for _ in range(bots):
        await service.add_bot(channel, humans[0])
    return lobby.game_id


async def start_game(service: GameService, channel: str = "c1", humans: tuple[str, ...] = ("alice", "bob"),
                     bots: int = 0, seed: int = 7, options: dict[str, Any] | None = None) -> GameRow:
    """A started game; returns its row (bots may already have acted)."""
    game_id = await open_lobby(service, channel, humans, bots, seed, options)
    await service.start(channel, humans[0])
    return await service.game_by_id(game_id)


def user_at(game: GameRow, seat: int) -> str | None:
    """The user id holding ``seat`` (None for a bot or a vacant seat)."""
    player = game.player_at(seat)
    assert player is not None, f"nobody holds seat {seat}"
    return player.user_id


def strip(state: State) -> dict[str, Any]:
    """A state without the step counter and undo history (what an undo must restore)."""
    return {k: v for k, v in state.items() if k not in ("step", "undo")}


async def bid_and_lock(service: GameService, channel: str, user: str) -> None:
    """The user bids the first card offered and locks in."""
    choices = await service.choices(channel, user)
    bid = next(c for c in choices if c.action.startswith("bid:"))
    await service.play(user, bid.action, channel_id=channel)
    await service.play(user, "lock", channel_id=channel)


async def to_turn_phase(service: GameService, game_id: int) -> GameRow:
    """Every human of a game in its opening bid phase bids and locks; returns the game at seat 0's turn."""
    game = await service.game_by_id(game_id)
    for player in game.players:
        if player.user_id is not None:
            await bid_and_lock(service, game.channel_id, player.user_id)
    game = await service.game_by_id(game_id)
    assert game.state is not None and game.state["stack"][-1] == {"step": "turn", "seat": 0}
    return game


def simple_choice(actions: list[str]) -> str:
    """A policy that always makes progress: lock a bid, end a turn, else the first option."""
    for wanted in ("lock", "done", "back"):
        if wanted in actions:
            return wanted
    return actions[0]


async def human_step(service: GameService, game: GameRow, pick: Any = simple_choice) -> bool:
    """One move by one active human of ``game``; False when no human is active (finished)."""
    assert game.state is not None
    engine = service.engine(game.engine)
    for seat in engine.active(game.state):
        user = user_at(game, seat)
        if user is None:
            continue
        actions = [c.action for c in await service.choices(game.channel_id, user)]
        await service.play(user, pick(actions), game_id=game.id)
        return True
    return False


async def play_to_end(service: GameService, game_id: int, pick: Any = simple_choice, limit: int = 2000) -> GameRow:
    """Humans play with ``pick`` until the game is over; returns the finished game."""
    for _ in range(limit):
        game = await service.game_by_id(game_id)
        if game.status != "running":
            return game
        assert await human_step(service, game, pick), "a running game waits for nobody"
    raise AssertionError(f"game {game_id} did not finish in {limit} human moves")


def random_pick(rnd: random.Random, undo_chance: float = 0.3) -> Any:
    """A random policy that undoes when it may (``undo`` is only offered when allowed)."""

    def pick(actions: list[str]) -> str:
        if "undo" in actions and rnd.random() < undo_chance:
            return "undo"
        return rnd.choice([a for a in actions if a != "undo"])

    return pick


async def wait_for_waiters(lock: asyncio.Lock, count: int) -> None:
    """Let other tasks run until ``count`` of them are queued on ``lock``."""
    for _ in range(500):
        if len(lock._waiters or ()) >= count:  # type: ignore[attr-defined]
            return
        await asyncio.sleep(0.002)
    raise AssertionError(f"fewer than {count} tasks ever waited on the lock")
