"""Free actions through the service: a player may make one at any time (SCRAP's "Score a Fragment at any
time", ruling A-35) — from `/play` and its autocomplete or from the turn panel, also while another seat is
deciding; any other move off their turn is refused with what they may still do."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import engines
from bot.service.errors import NotAllowed
from bot.service.service import GameService
from engines.core import Action, Game, act
from tests.fixtures.tiny import TinyDuel
from tests.service._support import to_turn_phase, user_at
from tests.service.test_moves import log_of


class TinyCheers(TinyDuel):
    """Tiny Duel where every seat may cheer twice per game, at any time."""

    id = "tiny_cheers"
    title = "Tiny Cheers"

    def free_actions(self, state: dict[str, Any], seat: int) -> list[Action]:
        return [act("cheer")] if state["g"].get("cheers", {}).get(str(seat), 0) < 2 else []

    def act_free(self, g: Game, seat: int, action: Action) -> None:
        cheers = g.g.setdefault("cheers", {})
        cheers[str(seat)] = cheers.get(str(seat), 0) + 1
        g.log(f"{{seat{seat}}} cheers.")

    def free_label(self, state: dict[str, Any], seat: int, action: Action) -> str:
        return "Cheer for the table"


@pytest.fixture
def cheers() -> Iterator[TinyCheers]:
    engine = engines.register(TinyCheers())
    yield engine
    engines.unregister(engine.id)


async def cheering_game(service: GameService) -> tuple[int, str, str]:
    lobby = await service.new_game(guild_id="g1", channel_id="c1", user_id="alice", user_name="Alice",
                                   engine_id="tiny_cheers", options=None, seed=7)
    await service.join("c1", "bob", "Bob")
    await service.start("c1", "alice")
    game = await to_turn_phase(service, lobby.game_id)
    first, second = user_at(game, 0), user_at(game, 1)
    assert first is not None and second is not None
    return game.id, first, second


async def test_a_free_move_off_ones_turn_is_offered_and_played(service: GameService, cheers: TinyCheers) -> None:
    game_id, first, second = await cheering_game(service)
    offered = await service.choices("c1", second)
    assert [(c.action, c.label) for c in offered] == [("cheer", "Cheer for the table")]
    panel = await service.panel(game_id, second)
    assert panel.prompt.startswith("It is not your turn.") and panel.prompt.endswith("At any time you may:")
    assert [c.label for c in panel.choices] == ["Cheer for the table"] and not panel.can_undo
    result = await service.play(second, "Cheer for the table", channel_id="c1")
    assert not result.duplicate
    game = await service.game_by_id(game_id)
    assert game.state is not None and game.state["g"]["cheers"] == {"1": 1}
    assert game.state["stack"][-1] == {"step": "turn", "seat": 0}, "the turn stays with the first player"
    assert (await log_of(service, game_id))[-1][1:3] == (1, "cheer")
    mover_choices = [c.action for c in await service.choices("c1", first)]
    assert "cheer" in mover_choices and "done" in mover_choices, "the mover has both: its turn and its free move"


async def test_any_other_move_off_ones_turn_says_what_one_may_still_do(service: GameService,
                                                                       cheers: TinyCheers) -> None:
    game_id, _first, second = await cheering_game(service)
    with pytest.raises(NotAllowed, match=r"It is not your turn.*At any time you may: “Cheer for the table”"):
        await service.play(second, "done", channel_id="c1")
    await service.play(second, "cheer", channel_id="c1")
    await service.play(second, "cheer", channel_id="c1")
    with pytest.raises(NotAllowed, match="It is not your turn") as refused:
        await service.play(second, "cheer", channel_id="c1")
    assert "At any time" not in str(refused.value), "no free move left: plainly not their turn"
    with pytest.raises(NotAllowed, match="not your turn"):
        await service.panel(game_id, second)


async def test_a_free_move_ends_the_movers_undo(service: GameService, cheers: TinyCheers) -> None:
    game_id, first, second = await cheering_game(service)
    await service.play(first, "mark:2", channel_id="c1")
    assert (await service.panel(game_id, first)).can_undo
    await service.play(second, "cheer", channel_id="c1")
    assert not (await service.panel(game_id, first)).can_undo, "an undo may never take back another's move"
