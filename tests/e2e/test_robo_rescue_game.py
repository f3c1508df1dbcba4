"""Robo Rescue through Discord: two users, lobby to winner announcement (RR-END-01: the game ends at
the end of the round; here the host's round cap of 1 ends it after the first round)."""

from __future__ import annotations

import pytest

from bot.service.naming import seat_names
from bot.service.outcome import result_text
from engines.core.jsonstate import dumps

from ._support import board_version, boards, description, game_row, play, start_game
from .conftest import Table

MAX_MOVES = 600


async def test_two_players_play_robo_rescue_from_lobby_to_winner(table: Table) -> None:
    engines = pytest.importorskip("engines")
    try:
        engine = engines.get("robo_rescue")
    except KeyError:
        pytest.skip("Robo Rescue is not installed")
    game_id, first_board = await start_game(table, options="round_cap=1", game="robo_rescue")
    assert first_board["attachments"][0]["filename"] == "board.png"
    users = {table.alice: "Alice", table.bob: "Bob"}

    for _ in range(MAX_MOVES):
        game = await game_row(table, game_id)
        if game.status == "finished":
            break
        assert game.state is not None
        seat = engine.active(game.state)[0]
        user = game.player_at(seat).user_id
        assert user in users
        action = str(engine.bot_action(game.state, seat))  # a purposeful move, sent through /play
        answer = await play(table, user, action)
        assert answer.startswith("Move made."), answer
    game = await game_row(table, game_id)
    assert game.status == "finished" and game.result is not None, "the game must end within the round cap"
    movers = {r.user_id for r in await table.bot.service.storage.actions(game_id)}
    assert movers == set(users), "both players moved, and only through Discord"
    assert game.version >= 10, "a whole round is many decisions"

    final = table.fake.messages(table.channel)[-1]
    assert "🏁 **Game over.**" in description(final)
    assert result_text(game.result, seat_names(game)) in description(final)
    assert final["components"] == []
    versions = [board_version(m) for m in boards(table)]
    assert versions == sorted(set(versions)) and versions[-1] == game.version, "each turn posted once, in order"
    assert len(versions) < game.version / 2, "sub-decisions stay in the mover's panel"
    assert dumps(await table.bot.service.rebuild(game_id)) == dumps(game.state)
