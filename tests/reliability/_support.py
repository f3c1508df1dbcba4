"""Helpers for the reliability tests: games to test, driving moves, and the end-of-run invariants."""

from __future__ import annotations

import asyncio
import logging
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import engines
from bench.host_bench import open_game
from bot.config import Settings
from bot.discord.client import TurnkeeperBot
from bot.discord.ids import b36
from bot.service.service import GameService
from engines.core import Action
from engines.core.moments import BOARD, turn_kind
from tests.e2e._support import board_version, custom_ids
from tests.fakediscord import FakeDiscord, InteractionRecord

REFUSALS = ("earlier turn", "moved first", "not your turn", "not a legal move", "already", "not running",
            "is over", "matches several")


def game_params() -> list[Any]:
    """Tiny Duel always; Robo Rescue when it imports (skipped cleanly otherwise)."""
    params: list[Any] = ["tiny"]
    try:
        engines.get("robo_rescue")
        params.append("robo_rescue")
    except Exception as err:  # noqa: BLE001 - an unfinished game must not break these tests
        params.append(pytest.param("robo_rescue", marks=pytest.mark.skip(reason=f"robo_rescue: {err}")))
    return params


def make_bot(fake: FakeDiscord, db: Path) -> TurnkeeperBot:
    """The bot on ``db``; background reposting off (tests call ``reconcile_posts``); boards drawn in threads
    (the render processes have their own tests)."""
    return TurnkeeperBot(Settings(token=fake.token, db_path=str(db), repost_seconds=3600, sweep_seconds=3600,
                                  render_processes=0), guild_ready_timeout=0.05)


@dataclass
class Host:
    """The in-process bot, its server and what the test did."""

    fake: FakeDiscord
    bot: TurnkeeperBot
    guild: str
    db: Path
    log: list[logging.LogRecord]
    games: dict[str, int] = field(default_factory=dict)
    """channel id → game id."""
    acked: set[str] = field(default_factory=set)
    """Interaction ids the user was told "Move made." (or a panel that moved on)."""
    refused: set[str] = field(default_factory=set)
    """Interaction ids the user was told were refused."""
    expect_errors: bool = False
    """Set by tests whose faults make the bot log errors on purpose."""

    async def table(self, game: str, players: int = 2, name: str = "table") -> tuple[str, list[str], int]:
        """A channel with ``players`` new members playing a started game; returns (channel, users, game id)."""
        channel = self.fake.add_channel(self.guild, name)
        users = [self.fake.add_user(f"{name}-p{i}", guild_id=self.guild) for i in range(players)]
        self.games[channel] = await open_game(self.fake, channel, users, game)
        return channel, users, self.games[channel]


def is_refusal(text: str) -> bool:
    """A private answer that says a move was not made."""
    return any(marker in text for marker in REFUSALS)


async def pick(service: GameService, game_id: int, rnd: random.Random) -> tuple[str, str, int] | None:
    """(user, random legal action, version) for someone who must act now; None when the game is over."""
    game = await service.game_by_id(game_id)
    if game.status != "running" or game.state is None:
        return None
    engine = engines.get(game.engine)
    humans = [s for s in engine.active(game.state) if (p := game.player_at(s)) and p.user_id]
    if not humans:
        return None
    seat = rnd.choice(humans)
    action = str(rnd.choice(engine.legal_actions(game.state, seat)))
    return game.player_at(seat).user_id, action, game.version  # type: ignore[union-attr]


async def to_board_move(host: Host, channel: str, game_id: int, rnd: random.Random) -> tuple[str, str]:
    """Play random sub-decisions and lock-ins (moves that post no board) until the next random move would
    post one; returns that move's (user, action), not played."""
    service = host.bot.service
    for _ in range(200):
        chosen = await pick(service, game_id, rnd)
        assert chosen is not None, "the game ended"
        user, action, _ = chosen
        game = await service.game_by_id(game_id)
        assert game.state is not None
        engine = engines.get(game.engine)
        seat = game.seat_of(user)
        assert seat is not None
        after, events = engine.apply(game.state, seat, action)
        if turn_kind(engine, game.state, after, seat, Action.parse(action), events) == BOARD:
            return user, action
        await slash_play(host, user, channel, action)
    raise AssertionError("no move posts a board")


async def one_turn(host: Host, channel: str, game_id: int, rnd: random.Random) -> str:
    """Random legal ``/play`` moves until one posts a board (one turn); returns its interaction id."""
    user, action = await to_board_move(host, channel, game_id, rnd)
    return (await slash_play(host, user, channel, action)).id


async def slash_play(host: Host, user: str, channel: str, action: str, timeout: float = 120) -> InteractionRecord:
    """``/play action``; records whether the user was told it was made or refused."""
    ix = await host.fake.slash(user, channel, "play", options={"action": action}, timeout=timeout)
    [answer] = await ix.wait_followups(1, timeout=timeout)
    text = answer["content"]
    (host.acked if text.startswith("Move made.") else host.refused).add(ix.id)
    assert text.startswith("Move made.") or is_refusal(text) or "already made" in text, text
    return ix


async def panel_click(host: Host, user: str, channel: str, game_id: int, action: str, version: int,
                      times: int = 1, timeout: float = 120) -> list[InteractionRecord]:
    """Open the turn panel on the latest board and click ``action`` ``times`` at once (a double click)."""
    game = await host.bot.service.game_by_id(game_id)
    turn_button = f"t:{b36(game_id)}"
    if game.board_message_id is None or turn_button not in custom_ids(host.fake.message(game.board_message_id)):
        return [await slash_play(host, user, channel, action)]  # a newer board just silenced this one
    ix = await host.fake.click(user, channel, game.board_message_id, turn_button, timeout=timeout)
    if ix.response_type != 4 or not ix.messages:
        return []
    panel = ix.message
    button = f"a:{b36(game_id)}:{b36(version)}:{action}"
    if button not in custom_ids(panel):
        return [await slash_play(host, user, channel, action)]
    clicks = await asyncio.gather(*(host.fake.click(user, channel, panel["id"], button, timeout=timeout)
                                    for _ in range(times)))
    for click in clicks:
        await click.wait_followups(1, timeout=timeout)
    return list(clicks)


async def classify_clicks(host: Host, clicks: list[InteractionRecord]) -> None:
    """A panel click moved the game when its panel was refreshed (edited); otherwise it must have been
    answered with a private refusal."""
    for click in clicks:
        if click.id in host.acked or click.id in host.refused:
            continue
        if click.original_id in click.touched:
            host.acked.add(click.id)
            continue
        texts = [m["content"] or "" for m in click.messages]
        assert any(is_refusal(t) for t in texts), f"{click.label}: neither moved nor refused: {texts}"
        host.refused.add(click.id)


async def settle_posts(host: Host, timeout: float = 30) -> None:
    """Reconcile until every committed board is posted."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while await host.bot.service.unposted():
        assert loop.time() < deadline, "boards left unposted"
        await host.bot.reconcile_posts()
        await asyncio.sleep(0.05)


QUIET_SECONDS = 0.5
"""How long no post may be on its way before :func:`posts_done` believes it: a move's handler answers the
user before it publishes the board, so a first look can fall between the two."""


async def posts_done(host: Host, game_id: int, timeout: float = 30) -> None:
    """Wait until no post of ``game_id`` is on its way (each has been posted or has failed), and none has
    started for ``QUIET_SECONDS``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    quiet_since = loop.time()
    while loop.time() - quiet_since < QUIET_SECONDS:
        assert loop.time() < deadline, "a post is still on its way"
        if host.bot.table.posting(game_id):
            quiet_since = loop.time()
        await asyncio.sleep(0.05)


async def check_invariants(host: Host, *, exact: bool = True) -> dict[str, int]:
    """Every game replays exactly; each acknowledged move is in the log once, each refused one not at all
    (with ``exact``, every logged move was acknowledged); every board version was posted at most once, the
    latest one included (moves after it are sub-decisions that post nothing). Returns counts."""
    service = host.bot.service
    logged: list[str] = []
    for channel, game_id in host.games.items():
        await service.rebuild(game_id)
        rows = await service.storage.actions(game_id)
        assert [r.n for r in rows] == list(range(1, len(rows) + 1)), f"game {game_id}: gaps in the log"
        logged += [r.interaction_id for r in rows if r.interaction_id]
        game = await service.game_by_id(game_id)
        versions = [v for m in host.fake.messages(channel) if (v := board_version(m)) is not None]
        assert len(versions) == len(set(versions)), f"game {game_id}: a board was posted twice: {versions}"
        assert versions == sorted(versions) and versions[-1] == game.board_version, (versions, game.board_version)
        assert game.posted_version == game.version, "changes after the latest board are quiet sub-decisions"
    assert len(logged) == len(set(logged)), "an interaction was applied twice"
    missing = host.acked - set(logged)
    assert not missing, f"acknowledged moves missing from the log: {missing}"
    wrongly = host.refused & set(logged)
    assert not wrongly, f"moves applied although the user was told they failed: {wrongly}"
    if exact:
        silent = set(logged) - host.acked
        assert not silent, f"moves applied without telling the user: {silent}"
    return {"moves": len(logged), "acked": len(host.acked), "refused": len(host.refused)}
