"""Issue 21 through Discord: a full round of each shipped game played through the turn panel, checked
from what the fake Discord received (one post and one ping per turn, only the latest board live, no
repeated image, alt text everywhere, a correct ending)."""

from __future__ import annotations

import re

import pytest

import engines
from bot.service.naming import seat_names

from ._support import description, game_row, play, start_game
from .conftest import Table
from .table_log import TableLog, channel_messages, check_channel, play_turn, summary

PLACEHOLDER = re.compile(r"[{}]|seat\d")


def engine_or_skip(engine_id: str) -> engines.Engine:
    try:
        return engines.get(engine_id)
    except KeyError:
        pytest.skip(f"{engine_id} is not installed")


async def finish_with_play(table: Table, game_id: int, limit: int = 1500) -> None:
    """Play the rest of the game with ``/play`` (the bot's choices)."""
    for _ in range(limit):
        game = await game_row(table, game_id)
        if game.status != "running":
            return
        assert game.state is not None
        engine = engines.get(game.engine)
        seat = engine.active(game.state)[0]
        player = game.player_at(seat)
        assert player is not None and player.user_id
        answer = await play(table, player.user_id, str(engine.bot_action(game.state, seat)))
        assert answer.startswith("Move made."), answer
    raise AssertionError("the game did not end")


def check_ending(table: Table, game: object, users: tuple[str, ...]) -> None:
    final = channel_messages(table)[-1]
    text = description(final)
    assert "🏁 **Game over.**" in text and "`/game export`" in text
    assert not PLACEHOLDER.search(text), f"placeholders or a dict in the result: {text}"
    assert sorted(u["id"] for u in final["mentions"]) == sorted(users), "the end pings every player once"
    for user in users:
        assert final["content"].count(f"<@{user}>") == 1
    assert final["components"] == []
    assert all(a.get("description") for a in final["attachments"])


async def test_robo_rescue_round_through_the_panel(table: Table) -> None:
    engine = engine_or_skip("robo_rescue")
    game_id, _ = await start_game(table, options="round_cap=1", game="robo_rescue")
    log = TableLog()
    check_channel(table, log, (await game_row(table, game_id)).board_message_id)
    rounds = set()
    while await play_turn(table, log, game_id):
        game = await game_row(table, game_id)
        assert game.state is not None
        rounds.add(engine.view(game.state, None)["table"]["round"])
    game = await game_row(table, game_id)
    assert game.status == "finished", "round_cap=1 ends the game after one round"
    assert max(log.posts_per_turn) <= 1, f"more than one public post in a turn: {log.posts_per_turn}"
    assert log.boards <= len(log.clicks) + 1
    check_ending(table, game, (table.alice, table.bob))
    assert set(seat_names(game).values()) == {"Alice", "Bob"}
    print("robo_rescue", summary(log))


async def test_euphoria_round_through_the_panel(table: Table) -> None:
    engine_or_skip("euphoria")
    game_id, _ = await start_game(table, options="", game="euphoria")
    log = TableLog()
    check_channel(table, log, (await game_row(table, game_id)).board_message_id)
    for _ in range(4):  # a round: each of the two players takes two turns
        assert await play_turn(table, log, game_id)
    assert max(log.posts_per_turn) <= 1, f"more than one public post in a turn: {log.posts_per_turn}"
    print("euphoria", summary(log))
    await finish_with_play(table, game_id)
    game = await game_row(table, game_id)
    check_channel(table, TableLog(seen=len(channel_messages(table)) - 1), None)  # the final post
    check_ending(table, game, (table.alice, table.bob))


async def test_scrap_turns_through_the_panel(table: Table) -> None:
    engine_or_skip("scrap")
    game_id, _ = await start_game(table, options="", game="scrap")
    log = TableLog()
    check_channel(table, log, (await game_row(table, game_id)).board_message_id)
    for _ in range(6):  # setup choices, then each player's first turns (Run, Call, Load)
        if not await play_turn(table, log, game_id):
            break
    assert max(log.posts_per_turn) <= 1, f"more than one public post in a turn: {log.posts_per_turn}"
    assert log.boards <= len(log.clicks) + 1
    print("scrap", summary(log))


async def test_stress_botics_round_through_the_panel(table: Table) -> None:
    """A whole round (draw, secret programming, reveal-or-return turns, maintenance, AlphaBot) turn by turn."""
    engine_or_skip("stress_botics")
    game_id, _ = await start_game(table, options="", game="stress_botics")
    log = TableLog()
    check_channel(table, log, (await game_row(table, game_id)).board_message_id)
    for _ in range(40):
        game = await game_row(table, game_id)
        assert game.state is not None
        if game.state["g"]["round"] > 1 or not await play_turn(table, log, game_id):
            break
    assert game.state["g"]["round"] == 2, "the first round ended"
    assert max(log.posts_per_turn) <= 1, f"more than one public post in a turn: {log.posts_per_turn}"
    assert log.boards <= len(log.clicks) + 1
    print("stress_botics", summary(log))


async def test_board_text_gives_the_position_as_text(table: Table) -> None:
    game_id, board = await start_game(table)
    ix = await table.fake.slash(table.carol, table.channel, "board", options={"text": True})
    [answer] = await ix.wait_followups(1)
    assert answer["ephemeral"] and answer["attachments"] == [] and answer["mentions"] == []
    text = answer["content"]
    assert text.startswith(f"**Tiny Duel** · game #{game_id} · Round 1 · ") and "Waiting for" in text
    assert "{" not in text
    ix = await table.fake.slash(table.alice, table.channel, "hand")
    [hand] = await ix.wait_followups(1)
    assert all(a.get("description") for a in hand["attachments"]), "the private image has alt text too"
    assert board["attachments"][0]["description"]
