"""Stress Botics solo through Discord (issue 17): one player steers their BetaBot and DeltaBot.

The lobby starts a 1-player game; the panel asks for both bots' draws and programming, each DeltaBot
decision headed "DeltaBot: " (the steered participant, SB-SOLO-07); the channel names DeltaBot in words, never
a seat code; each move makes at most one board post and pings the player at most once. Round 1 is played
through the panel and ``/play``, up to round 2. A second solo game is played with ``/play`` to its end: the
result in the channel is the solo scoring in words (SB-SOLO-22, the AMB-57 win line) and the game replays
exactly.
"""

from __future__ import annotations

import re

import pytest

from bot.service.naming import seat_names
from engines.core.jsonstate import dumps

from ._support import all_text, description, game_row, start_game
from .conftest import Table
from .table_log import TableLog, channel_messages
from .test_scrap_game import check_channel, clean, panel_turn, play_move, play_to_the_end, public_since
from .test_table_per_turn import check_ending, engine_or_skip

SEED = 9
MAX_MOVES = 400
WHOLE_GAME_MOVES = 2000


async def test_a_solo_round_against_the_planet_with_deltabot(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    engine = engine_or_skip("stress_botics")
    monkeypatch.setattr(table.bot.service.games, "new_seed", lambda: SEED)
    game_id, first = await start_game(table, players=(table.alice,), options="", game="stress_botics")
    game = await game_row(table, game_id)
    assert game.state is not None and game.state["seats"] == 1 and "1" in game.state["g"]["players"]
    log = TableLog()
    check_channel(table, log, game.board_message_id)
    # Issue 17: the table and the robots' boards are two images of the one post, each in its own embed
    assert [a["filename"] for a in first["attachments"]] == ["board.png", "robots-boards-2.png"]
    assert [e["image"]["url"] for e in first["embeds"]] == ["attachment://board.png",
                                                            "attachment://robots-boards-2.png"]
    assert first["embeds"][1]["title"] == "Robots' boards"
    ix = await table.fake.slash(table.alice, table.channel, "board")  # /board: the same two images, privately
    [answer] = await ix.wait_followups(1)
    assert answer["ephemeral"] and [a["filename"] for a in answer["attachments"]] == ["board.png",
                                                                                      "robots-boards-2.png"]
    ix = await table.fake.slash(table.alice, table.channel, "hand")  # /hand: the robots' boards and the hand
    [answer] = await ix.wait_followups(1)
    assert answer["ephemeral"] and [a["filename"] for a in answer["attachments"]] == ["hand.png"]

    # Phase 2: the panel draws for BetaBot, then for DeltaBot into the one shared hand (SB-SOLO-07)
    texts: list[str] = []
    while game.state["stack"][-1]["step"] == "draw":
        texts += await panel_turn(table, log, game_id, 0)
        game = await game_row(table, game_id)
        assert game.state is not None
    assert any(t.startswith("**DeltaBot: Draw Action cards") for t in texts), texts
    assert list(game.state["g"]["hands"]) == ["0"]

    for _ in range(MAX_MOVES):  # the rest of round 1 with /play
        if game.state["g"]["round"] > 1 or game.status != "running":
            break
        assert engine.active(game.state) == [0], "only the solo player is ever waited for"
        game = await play_move(table, log, game_id)
        assert game.state is not None
    assert game.state["g"]["round"] == 2, "round 1 was played to its end"

    told = public_since(table, 0)
    clean(told, "the solo channel")
    assert "DeltaBot" in told and "{seat" not in told
    assert "DeltaBot reveals slot 1: " in told and "DeltaBot is locked in." in told  # Phase 3 and 4 in words
    assert "Round 2 · Alice's turn" in all_text(table.fake.messages(table.channel)[-1])


async def test_a_whole_solo_game_to_its_result(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17: a solo game completed through Discord. Every move is ``/play`` of the bot's choice for the one
    player (both bots' decisions are theirs); each move makes at most one board post, every board post carries
    the table and the robots' boards, and the end posts the solo result: the player's points against the win
    line, with the Solo Final Objective, and AlphaBot and the Cylindroids named (SB-SOLO-22, AMB-57)."""
    engine_or_skip("stress_botics")
    monkeypatch.setattr(table.bot.service.games, "new_seed", lambda: SEED)
    game_id, _ = await start_game(table, players=(table.alice,), options="", game="stress_botics")
    game, _ = await play_to_the_end(table, game_id, WHOLE_GAME_MOVES)
    assert game.state is not None and game.state["g"]["round"] >= 10
    boards = [m for m in channel_messages(table) if str(m.get("nonce") or "").startswith("tk")]
    with_images = [m for m in boards if m.get("attachments")]
    assert with_images and all([a["filename"] for a in m["attachments"]] == ["board.png", "robots-boards-2.png"]
                               for m in with_images)
    for message in channel_messages(table):
        clean(all_text(message), f"message {message['id']}")
    check_ending(table, game, (table.alice,))
    ending = description(channel_messages(table)[-1])
    [name] = seat_names(game).values()
    assert re.search(rf"{name} — -?\d+ points \(\d+ VP: .*Solo Final Objective", ending), ending
    assert "win at 1+" in ending and "AlphaBot ends with" in ending and "Cylindroids in the Main Vault" in ending
    assert dumps(await table.bot.service.rebuild(game_id)) == dumps(game.state)
