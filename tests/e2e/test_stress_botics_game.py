"""Stress Botics: Odyssey through Discord with three players (issue 15), lobby to final scoring.

Round 1 goes through the turn panels: the Phase 2 draw (SB-P2-PROG-02) and the secret simultaneous programming
with lock-in by each seat (SB-P2-PROG-05): nothing of anyone's cards is public, and the other seats see nothing
change, until the last seat locks in and one board post opens Phase 3; then the reveal-or-return turns
(SB-P3-ACT-01/02) and the simultaneous maintenance (SB-P4-MAINT-01), each turn at most one public post; round 2 is
``/play`` of the bot's choices. A whole game of ``/play`` (FULL_SEED) runs to the final scoring posted as the
result (SB-END-01, SB-SCORE-07/08).
A second game lets the programming deadlines pass: each seat gets its own deadline, and a timeout programs
nothing (spec 6.5), so Phase 3 has no turn for them.
"""

from __future__ import annotations

import hashlib
import io
import re
import time
from typing import Any

import pytest
from PIL import Image

import engines
from bot.service.models import GameRow
from bot.service.naming import seat_names
from bot.service.pacing import HOUR
from engines.core.jsonstate import dumps

from ._support import all_text, description, game_row, open_panel, start_game, three_player_game
from .conftest import Table
from .table_log import TableLog, channel_messages, click_action
from .test_scrap_game import check_channel, clean, panel_turn, play_move, play_to_the_end, public_since, seat_user
from .test_table_per_turn import check_ending, engine_or_skip

SEED = 5
FULL_SEED = 11
"""A seed whose bot game (all /play) has an attack, an item bought and AlphaBot delivered."""
MAX_MOVES = 3000
REVEAL = re.compile(r"^\w+ reveals slot \d: ", re.MULTILINE)


def stand_in_images(engine_id: str, view: dict[str, Any]) -> list[tuple[str, bytes]]:
    """A tiny PNG for each of the post's two images, coloured by the view's digest (cheap, never the same twice
    for two different views)."""
    digest = hashlib.sha256(dumps(view).encode()).digest()
    images = []
    for title, colour in (("", digest[:3]), ("Robots' boards", digest[3:6])):
        buf = io.BytesIO()
        Image.new("RGB", (8, 8), tuple(colour)).save(buf, format="PNG")
        images.append((title, buf.getvalue()))
    return images


def table_seen(engine: engines.Engine, game: GameRow, seat: int) -> str:
    """What ``seat`` is shown of the table (the prompt, which names who is still due, left out)."""
    assert game.state is not None
    return dumps(engine.view(game.state, seat)["table"])


def phase(game: GameRow) -> str:
    assert game.state is not None
    return game.state["g"]["phase"]


def step(game: GameRow) -> str:
    assert game.state is not None
    return game.state["stack"][-1]["step"]


async def test_three_players_program_in_secret_then_play_round_two(table: Table,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    engine = engine_or_skip("stress_botics")
    game_id, first, game = await three_player_game(table, monkeypatch, "stress_botics", SEED)
    names = seat_names(game)
    users = (table.alice, table.bob, table.carol)
    log = TableLog()
    check_channel(table, log, game.board_message_id)
    assert "choose which Action cards to draw" in all_text(first)

    # Phase 2.1: everyone draws at once through their panels (SB-P2-PROG-02)
    assert step(game) == "draw" and sorted(engine.active(game.state)) == [0, 1, 2]
    for seat in list(engine.active(game.state)):
        texts = await panel_turn(table, log, game_id, seat)
        assert texts[0].startswith("**Draw Action cards: ")
    game = await game_row(table, game_id)

    # Phase 2.2: secret simultaneous programming, each seat locks in through its panel (SB-P2-PROG-05/07)
    assert step(game) == "program" and sorted(engine.active(game.state)) == [0, 1, 2]
    opened = len(channel_messages(table))
    assert "program their Action cards" in all_text(channel_messages(table)[-1])
    order = list(engine.active(game.state))
    program_panels = {}
    for n, seat in enumerate(order):
        others = {s: table_seen(engine, game, s) for s in order if s != seat}
        program_panels[seat] = await panel_turn(table, log, game_id, seat)
        assert any("Lock in" in t for t in program_panels[seat])
        game = await game_row(table, game_id)
        if n < len(order) - 1:  # locking in alone posts no board; only "locked in" is public
            assert log.posts_per_turn[-1] == 0 and step(game) == "program"
            assert f"{names[seat]} is locked in." in public_since(table, opened)
            for s, seen in others.items():
                assert table_seen(engine, game, s) == seen, "another seat saw something change"
    hidden = public_since(table, opened)
    for word in ("MOVE", "MINE", "CONNECT"):  # programmed cards stay face down until played (spec 6.1)
        assert word not in hidden, f"{word} shown before it was played: {hidden}"

    assert all(texts[0].startswith("**Program up to") for texts in program_panels.values())

    # Phase 3: reveal-or-return turns in turn order through the panels (SB-P3-ACT-01/02); the first player
    # returns their card unrevealed, the others play the bot's choices
    assert phase(game) == "actions" and log.posts_per_turn[-1] == 1
    first_seat = engine.active(game.state)[0]
    panel = await open_panel(table, seat_user(game, first_seat), channel_messages(table)[-1], game_id)
    assert "Return your" in all_text(panel) and "Reveal and perform your" in all_text(panel)
    before = len(channel_messages(table))
    await click_action(table, seat_user(game, first_seat), panel, "back")
    game = await game_row(table, game_id)
    assert check_channel(table, log, game.board_message_id) == 1
    assert f"{names[first_seat]} returns a card to hand unrevealed." in public_since(table, before)
    revealed = 0
    while phase(game) == "actions":
        before = len(channel_messages(table))
        await panel_turn(table, log, game_id, engine.active(game.state)[0])
        revealed += bool(REVEAL.search(public_since(table, before)))
        game = await game_row(table, game_id)
    assert revealed >= 3, "the other programmed cards were revealed and played"

    # Phase 4: simultaneous maintenance through the panels (SB-P4-MAINT-01), then AlphaBot and round 2
    assert phase(game) == "maintenance" and sorted(engine.active(game.state)) == [0, 1, 2]
    while phase(game) == "maintenance":
        await panel_turn(table, log, game_id, engine.active(game.state)[0])
        game = await game_row(table, game_id)
    assert "AlphaBot reveals " in all_text(channel_messages(table)[-1])
    assert game.state["g"]["round"] == 2 and step(game) == "draw"

    # round 2 with /play (the whole game to its end is the next test's)
    for _ in range(MAX_MOVES):
        if game.state["g"]["round"] > 2:
            break
        game = await play_move(table, log, game_id)
    else:
        raise AssertionError(f"round 2 did not end after {MAX_MOVES} moves")
    assert max(log.posts_per_turn) <= 1, f"more than one public post in a turn: {log.posts_per_turn}"
    for message in channel_messages(table):
        clean(all_text(message), f"message {message['id']}")
    movers = {r.user_id for r in await table.bot.service.storage.actions(game_id)}
    assert movers == set(users), "all three moved, and only through Discord"
    assert dumps(await table.bot.service.rebuild(game_id)) == dumps(game.state)


async def test_programming_deadlines_pass_per_seat_and_a_timeout_programs_nothing(table: Table) -> None:
    """Spec 6.5: a draw timeout draws the full entitlement, a programming timeout programs nothing (the
    seat has no Phase 3 turn); every seat has its own deadline in the simultaneous phases."""
    engine = engine_or_skip("stress_botics")
    users = (table.alice, table.bob, table.carol)
    game_id, first = await start_game(table, players=users, options="", game="stress_botics")
    assert all_text(first).count("48 h turn + 48 h time bank") == 3, "one deadline per seat"
    game = await game_row(table, game_id)
    hands = {s: len(game.state["g"]["hands"][str(s)]) for s in range(3)}
    await table.bot.sweep_once(time.time() + 97 * HOUR)
    game = await game_row(table, game_id)
    assert step(game) == "program"
    for seat in range(3):
        assert len(game.state["g"]["hands"][str(seat)]) > hands[seat], "the default draws the entitlement"
    # one seat programs and locks in by itself; the other two time out
    seat = engine.active(game.state)[0]
    texts = await panel_turn(table, TableLog(seen=len(channel_messages(table))), game_id, seat)
    assert "Lock in 2 programmed cards" in texts[-2], texts
    await table.bot.sweep_once(time.time() + 250 * HOUR)
    told = [m["content"] for m in channel_messages(table) if "ran out of time" in m["content"]]
    assert len(told) == 5, told  # three draws, two programmings
    assert sum("Lock in 0 programmed cards" in t for t in told) == 2, told
    game = await game_row(table, game_id)
    programmed = game.state["g"]["programmed"]
    assert [s for s in range(3) if programmed[str(s)]] == [seat], programmed
    assert phase(game) == "actions" and engine.active(game.state) == [seat], "only the seat that programmed plays"


async def test_the_whole_game_an_attack_an_item_bought_and_alphabot_delivered(table: Table,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 16: the lobby's default is the whole game (rules version 3 or later with the threats). Played through
    ``/play`` to the end: a BetaBot attacks (SB-MINE-09), an Advanced Item is bought (SB-ITEMS-02) and AlphaBot
    is delivered from its Shuttle (SB-ALPHADELIVER-03), each told in the channel in words, one post per turn.
    The boards after the first are drawn by a stand-in (a small image of the view's digest, so the channel still
    never gets the same image twice): this game is about the words and the flow; the real images of a whole game
    go through the channel in the solo test (tests/e2e/test_stress_botics_solo.py)."""
    engine_or_skip("stress_botics")
    game_id, _, game = await three_player_game(table, monkeypatch, "stress_botics", FULL_SEED)
    monkeypatch.setattr(table.bot.service, "renderer", stand_in_images)
    users = (table.alice, table.bob, table.carol)
    assert game.state is not None and game.state["engine_version"] >= 3 and game.state["options"]["threats"]
    game, log = await play_to_the_end(table, game_id, MAX_MOVES)  # one board post at most a move
    assert log.boards < game.version / 2, "sub-decisions stay in the mover's panel"
    print("stress_botics 3p", {"moves": game.version, "boards": log.boards, "statuses": log.statuses,
                               "image_bytes": sum(map(len, log.images))})
    told = "\n".join(all_text(m) for m in channel_messages(table))
    players = "(Alice|Bob|Carol)"
    assert re.search(rf"{players} attacks ", told), "a BetaBot's attack"
    assert re.search(rf"{players} buys [A-Z]", told), "an Advanced Item bought"
    assert re.search(rf"{players} delivers AlphaBot to the (Scout|Freighter): ", told), "AlphaBot delivered"
    for message in channel_messages(table):
        clean(all_text(message), f"message {message['id']}")
    # the final scoring posted as the result (SB-END-01, SB-SCORE-07/08)
    check_ending(table, game, users)
    ending = description(channel_messages(table)[-1])
    assert "The game is over: every ship has left orbit." in ending
    for name in seat_names(game).values():
        assert re.search(rf"{name} — -?\d+ points \(\d+ VP: \d+ cargo", ending), f"{name}'s score: {ending}"
    assert dumps(await table.bot.service.rebuild(game_id)) == dumps(game.state)
