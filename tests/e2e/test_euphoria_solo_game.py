"""Euphoria solo against the Automa through Discord: one user, lobby to the final result
(EU-AUTOMA-01: the Automa opponents move without input)."""

from __future__ import annotations

import pytest

from bot.service.outcome import game_result_text
from engines.core.jsonstate import dumps

from ._support import board_version, boards, description, game_row, play, start_game
from .conftest import Table

MAX_MOVES = 400


async def test_a_solo_game_against_the_automa_from_lobby_to_result(table: Table) -> None:
    engines = pytest.importorskip("engines")
    try:
        engine = engines.get("euphoria")
    except KeyError:
        pytest.skip("Euphoria is not installed")
    game_id, first_board = await start_game(table, players=(table.alice,), options="automa=yes difficulty=2",
                                            game="euphoria")
    assert first_board["attachments"][0]["filename"] == "board.png"

    for _ in range(MAX_MOVES):
        game = await game_row(table, game_id)
        if game.status == "finished":
            break
        assert game.state is not None
        assert engine.active(game.state) == [0], "only the human seat ever waits for input"
        answer = await play(table, table.alice, str(engine.bot_action(game.state, 0)))
        assert answer.startswith("Move made."), answer
    game = await game_row(table, game_id)
    assert game.status == "finished" and game.result is not None

    log = "\n".join(await table.bot.service.log(table.channel, table.alice, 200))
    assert "Automa" in log or "black" in log.lower(), "Automa turns are reported in the game log"
    final = table.fake.messages(table.channel)[-1]
    assert "🏁 **Game over.**" in description(final)
    assert game_result_text(game, engine) in description(final)
    assert "Automa" in game_result_text(game, engine) and "automa:" not in description(final)
    assert "{" not in description(final) and "No player wins" not in description(final)
    assert [board_version(m) for m in boards(table)] == sorted({board_version(m) for m in boards(table)})
    assert dumps(await table.bot.service.rebuild(game_id)) == dumps(game.state)
