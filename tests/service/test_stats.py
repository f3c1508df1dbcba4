"""Issue 20: `/stats` figures over a crafted set of finished games (known times per move, known results)."""

from __future__ import annotations

import pytest

from bot.service.host import build_host
from bot.service.service import GameService
from bot.service.sqlite import SQLiteStorage
from bot.service.stats import _ordinal, _place

from ._support import simple_choice, start_game, user_at

WAIT = {"alice": 3600.0, "bob": 1800.0}
"""Seconds each player takes before each of their moves."""


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clocked(storage: SQLiteStorage) -> tuple[GameService, Clock]:
    clock = Clock()
    return build_host(storage, renderer=None, clock=clock).service, clock


async def finish(service: GameService, clock: Clock, channel: str) -> int:
    game = await start_game(service, channel)
    for _ in range(2000):
        game = await service.game_by_id(game.id)
        if game.status != "running":
            return game.id
        assert game.state is not None
        seat = service.engine(game.engine).active(game.state)[0]
        user = user_at(game, seat)
        assert user is not None
        clock.now += WAIT[user]
        actions = [c.action for c in await service.choices(channel, user)]
        await service.play(user, simple_choice(actions), game_id=game.id)
    raise AssertionError("the game did not end")


async def test_figures_over_finished_games(clocked: tuple[GameService, Clock]) -> None:
    service, clock = clocked
    ids = [await finish(service, clock, f"c{i}") for i in range(3)]
    games = [await service.game_by_id(i) for i in ids]
    alice_won = sum(any(p.user_id == "alice" and p.seat in g.state["result"]["winners"] for p in g.players)
                    for g in games if g.state)
    stats = await service.player_stats("g1", "alice", "Alice")
    assert stats.total.played == 3 and stats.total.won == alice_won
    assert sum(stats.placings.values()) == 3 and set(stats.placings) <= {1, 2}
    assert stats.placings[1] >= alice_won
    assert stats.favourite == "Tiny Duel" and [g.title for g in stats.per_game] == ["Tiny Duel"]
    assert stats.move_hours == pytest.approx(1.0), "Alice takes an hour before each move"
    assert (await service.player_stats("g1", "bob", "Bob")).move_hours == pytest.approx(0.5)
    game, days, moves = stats.longest or (None, 0, 0)
    assert game is not None and moves == len(await service.storage.actions(game.id)) and days > 0
    text = stats.text()
    assert text.startswith("**Alice** — 3 finished games, ") and "Time per move (median): 1.0 h" in text
    assert "{" not in text and "Favourite game: Tiny Duel" in text
    assert (await service.player_stats("g1", "alice", "Alice", "robo_rescue")).total.played == 0
    assert (await service.player_stats("other-server", "alice", "Alice")).text() == \
        "**Alice** has no finished games here yet."


def test_places_share_the_best_place_of_a_tie_and_ordinals_read_right() -> None:
    assert _place([["1"], ["0", "2"], ["3"]], "2") == 2.0 and _place([["1"], ["0", "2"], ["3"]], "3") == 4.0
    assert _place([["1"]], "5") is None
    assert [_ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]
