"""Restarts and Discord failures: persistent buttons, and boards that could not be posted."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from bot.discord.ids import b36

from ._support import (
    active_users,
    all_text,
    bid_and_lock,
    board_version,
    boards,
    click_lobby,
    custom_ids,
    description,
    field,
    game_row,
    hand_of,
    lobby_game_id,
    new_lobby,
    open_panel,
    play,
    press,
    start_game,
    wait_board,
)
from .conftest import Table

CHANNEL_POSTS = r"/channels/\d+/messages"


async def eventually(check: Callable[[], bool], timeout: float = 5) -> None:
    """Wait until ``check()`` holds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not check():
        assert loop.time() < deadline, "condition not met in time"
        await asyncio.sleep(0.01)


def failed_posts(table: Table) -> int:
    return sum(1 for r in table.log if r.levelno == logging.WARNING and r.getMessage().startswith("posting game"))


async def test_game_continues_after_restart_and_old_buttons_still_work(table: Table) -> None:
    game_id, board = await start_game(table)
    cards = await hand_of(table, game_id, table.alice)
    panel = await open_panel(table, table.alice, board, game_id)
    await press(table, table.alice, panel, f"bid:{cards[0]}")
    old_bot = table.bot

    await table.restart()
    assert table.bot is not old_bot and old_bot.is_closed()

    await press(table, table.alice, table.fake.message(panel["id"]), "lock")  # an ephemeral panel from before
    bob_panel = await open_panel(table, table.bob, board, game_id)  # the first board's button
    bob_card = (await hand_of(table, game_id, table.bob))[0]
    await press(table, table.bob, bob_panel, f"bid:{bob_card}")
    await press(table, table.bob, table.fake.message(bob_panel["id"]), "lock")
    # the reveal's board replaces the first one (drawn and posted after the mover is answered)
    await eventually(lambda: table.fake.message(board["id"])["components"] == [])
    ix = await table.fake.click(table.bob, table.channel, boards(table)[-1]["id"], f"h:{b36(game_id)}")
    [hand] = await ix.wait_followups(1)
    assert hand["ephemeral"] and "you are Bob" in hand["content"]

    game = await game_row(table, game_id)
    assert game.version == 4 and game.state is not None and game.state["stack"][-1]["step"] == "turn"
    assert f"Alice {cards[0]}" in description(boards(table)[-1])
    [on_turn] = [u for u in (table.alice, table.bob) if game.seat_of(u) == 0]
    assert await play(table, on_turn, "done") == "Move made."
    assert [board_version(m) for m in boards(table)] == [0, 4, 5], "bids and lock-ins stay off the board"


async def test_old_lobby_buttons_work_after_restart(table: Table) -> None:
    lobby = await new_lobby(table, "rounds=1")
    game_id = lobby_game_id(lobby)
    await table.restart()

    ix = await click_lobby(table, table.bob, lobby, "join")
    assert ix.response_type == 7 and field(table.fake.message(lobby["id"]), "Players (2/4") == "1. Alice\n2. Bob"
    ix = await table.fake.select(table.alice, table.channel, lobby["id"], f"o:{b36(game_id)}:speed", ["fast"])
    assert ix.response_type == 7 and (await game_row(table, game_id)).options["speed"] == "fast"
    await table.restart()
    ix = await click_lobby(table, table.alice, lobby, "start")
    assert ix.response_type == 6
    board = await wait_board(table, game_id, newer_than=-1)
    assert board_version(board) == 0 and (await game_row(table, game_id)).status == "running"


async def to_last_lock(table: Table, game_id: int) -> None:
    """Alice bids and locks in, Bob bids: Bob's lock-in will reveal the bids (a board post)."""
    await bid_and_lock(table, game_id, table.alice)
    card = (await hand_of(table, game_id, table.bob))[0]
    assert await play(table, table.bob, f"bid:{card}") == "Move made."


async def failing_lock(table: Table, game_id: int, count: int = 5) -> None:
    """Bob locks in (the reveal) while Discord refuses ``count`` posts."""
    table.expect_http_errors = True
    table.fake.fail_next("POST", CHANNEL_POSTS, status=500, count=count)  # discord.py tries each post 5 times
    ix = await table.fake.slash(table.bob, table.channel, "play", options={"action": "lock"})
    [answer] = await ix.wait_followups(1)
    assert answer["content"] == "Move made."  # the move is committed even though Discord fails
    await eventually(lambda: failed_posts(table) == 1)


async def test_boards_that_failed_to_post_are_posted_once_by_reconcile(table: Table) -> None:
    game_id, first = await start_game(table)
    await to_last_lock(table, game_id)
    await failing_lock(table, game_id)
    assert [s for _, _, s, _ in table.fake.errors] == [500] * 5
    game = await game_row(table, game_id)
    assert (game.version, game.posted_version) == (4, 3)
    assert [board_version(m) for m in boards(table)] == [0]

    assert await table.bot.reconcile_posts() == 1
    assert [board_version(m) for m in boards(table)] == [0, 4]
    latest = boards(table)[-1]
    assert latest["attachments"][0]["filename"] == "board.png" and latest["components"]
    assert table.fake.message(first["id"])["components"] == []
    game = await game_row(table, game_id)
    assert game.posted_version == 4 and game.board_message_id == latest["id"]
    assert await table.bot.reconcile_posts() == 0
    assert len(boards(table)) == 2


async def test_restart_posts_what_was_missed_exactly_once(table: Table) -> None:
    game_id, _ = await start_game(table)
    await to_last_lock(table, game_id)
    await failing_lock(table, game_id)
    assert [board_version(m) for m in boards(table)] == [0]

    await table.restart()  # the new process reconciles on startup
    await wait_board(table, game_id, newer_than=0)
    await asyncio.sleep(0.1)
    assert await table.bot.reconcile_posts() == 0
    assert [board_version(m) for m in boards(table)] == [0, 4]
    [on_turn] = await active_users(table, game_id)
    assert await play(table, on_turn, "done") == "Move made."
    assert [board_version(m) for m in boards(table)] == [0, 4, 5]


async def test_concurrent_reconciles_post_a_missed_board_once(table: Table) -> None:
    game_id, _ = await start_game(table)
    await to_last_lock(table, game_id)
    await failing_lock(table, game_id)

    results = await asyncio.gather(table.bot.reconcile_posts(), table.bot.reconcile_posts())
    assert sorted(results) == [0, 1]
    assert [board_version(m) for m in boards(table)] == [0, 4]


async def test_a_first_board_that_failed_to_post_is_reconciled(table: Table) -> None:
    lobby = await new_lobby(table, "rounds=1")
    game_id = lobby_game_id(lobby)
    await click_lobby(table, table.bob, lobby, "join")
    table.expect_http_errors = True
    table.fake.fail_next("POST", CHANNEL_POSTS, status=500, count=5)
    ix = await click_lobby(table, table.alice, lobby, "start")
    assert ix.response_type == 6
    await eventually(lambda: failed_posts(table) == 1)
    assert boards(table) == [] and (await game_row(table, game_id)).status == "running"

    assert await table.bot.reconcile_posts() == 1
    assert [board_version(m) for m in boards(table)] == [0]
    assert boards(table)[0]["components"]
    assert await table.bot.reconcile_posts() == 0


async def test_lobby_messages_are_closed_after_a_restart(table: Table) -> None:  # issue 21: kept in the database
    first = await new_lobby(table, "rounds=1")
    game_id = lobby_game_id(first)
    ix = await table.fake.slash(table.bob, table.channel, "game", subcommand="join")
    second = ix.message
    assert second["id"] != first["id"] and custom_ids(second), "the join answers with a lobby message of its own"
    await table.restart()
    ix = await click_lobby(table, table.alice, second, "start")
    await wait_board(table, game_id, newer_than=-1)
    for _ in range(100):
        if not table.fake.message(first["id"])["components"]:
            break
        await asyncio.sleep(0.05)
    closed = table.fake.message(first["id"])
    assert closed["components"] == [] and "The game has started." in all_text(closed)
