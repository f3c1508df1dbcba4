"""SCRAP through Discord with three players (issues 14/21), lobby to result.

The game is played with ``/play`` of the bot's choices until a Battle's secret Command Step waits on two
players; those two assign their Bots through their turn panels (SC-BATTLE-11), nobody sees a Battle Board
before both have locked in, then one board post reveals both (SC-BATTLE-14); the Resolution and Victory
decisions (SC-BATTLE-17..26) go through the panels of the players concerned, and their results are posted.
The rest of the game is ``/play`` again, to the end (SC-END-02/04). Throughout: at most one public post per
turn, no placeholder or dict in any text, and the ending names and pings every player.
"""

from __future__ import annotations

import re

import pytest

import engines
from bot.discord.ids import b36
from bot.service.models import GameRow
from bot.service.naming import seat_names
from engines.core.jsonstate import dumps

from ._support import JSON, all_text, description, game_row, is_board, play, three_player_game
from .conftest import Table
from .table_log import TableLog, channel_messages, click_action
from .test_table_per_turn import PLACEHOLDER, check_ending, engine_or_skip

SEED = 9
"""A 3-player game whose first Battle with two participants comes early (about 60 moves in)."""
COMMAND_STEP = "battle_command"
MAX_MOVES = 2500
PANEL_CLICKS = 40
REVEAL = re.compile(r"^(\w+) reveals: ", re.MULTILINE)


def seat_user(game: GameRow, seat: int) -> str:
    player = game.player_at(seat)
    assert player is not None and player.user_id
    return player.user_id


def clean(text: str, where: str) -> None:
    """No placeholder, seat code or dict in a text players read."""
    assert not PLACEHOLDER.search(text), f"placeholder or dict in {where}: {text!r}"


def check_channel(table: Table, log: TableLog, board_id: str | None) -> int:
    """Check the channel's messages since the last look; returns how many were board posts.

    As ``table_log.check_channel``, except that pings are counted on board posts only: a simultaneous phase's
    status message names each player still due on its Deadlines line but is sent with no allowed mentions,
    which the fake does not record (with three in the Command Step it would count as a second ping)."""
    messages = channel_messages(table)
    new, log.seen = messages[log.seen:], len(messages)
    boards = 0
    for message in new:
        for attachment in message.get("attachments") or []:
            assert attachment.get("description"), f"an attachment without alt text: {attachment['filename']}"
            if log.images:
                assert attachment["data"] != log.images[-1], "the same board image was posted twice in a row"
            log.images.append(attachment["data"])
        if not is_board(message):
            log.statuses += 1
            continue
        log.boards += 1
        boards += 1
        for user in message.get("mentions") or []:
            count = log.mentioned_since_move.get(user["id"], 0) + 1
            assert count == 1, f"{user['id']} was pinged again before they moved: {message['content']!r}"
            log.mentioned_since_move[user["id"]] = count
    live = [m["id"] for m in messages if m.get("components") and m["id"] != board_id]
    assert live == [], "only the latest board may carry buttons"
    return boards


async def play_move(table: Table, log: TableLog, game_id: int) -> GameRow:
    """The first waited-for player makes the bot's move with ``/play``; at most one board post comes of it."""
    game = await game_row(table, game_id)
    assert game.state is not None
    engine = engines.get(game.engine)
    seat = engine.active(game.state)[0]
    user = seat_user(game, seat)
    log.mentioned_since_move[user] = 0
    answer = await play(table, user, str(engine.bot_action(game.state, seat)))
    assert answer.startswith("Move made."), answer
    clean(answer, "a /play answer")
    game = await game_row(table, game_id)
    posts = check_channel(table, log, game.board_message_id)
    assert posts <= 1, f"one move, {posts} board posts"
    return game


async def play_to_the_end(table: Table, game_id: int, max_moves: int) -> tuple[GameRow, TableLog]:
    """``/play`` of the bot's choices from the start to the game's end (each move one board post at most); the
    finished game and what the channel got."""
    game = await game_row(table, game_id)
    log = TableLog()
    check_channel(table, log, game.board_message_id)
    for _ in range(max_moves):
        if game.status != "running":
            break
        game = await play_move(table, log, game_id)
    assert game.status == "finished" and game.result is not None
    return game, log


async def panel_turn(table: Table, log: TableLog, game_id: int, seat: int) -> list[str]:
    """``seat`` opens its turn panel on the latest board and clicks the bot's choices until the decision is
    no longer theirs (locked in, or handed to someone else). Returns the panel texts it read; the turn made
    at most one public board post."""
    game = await game_row(table, game_id)
    engine = engines.get(game.engine)
    user = seat_user(game, seat)
    log.mentioned_since_move[user] = 0
    assert game.board_message_id is not None
    ix = await table.fake.click(user, table.channel, game.board_message_id, f"t:{b36(game_id)}")
    assert ix.response_type == 4 and ix.ephemeral, ix.messages
    panel: JSON = ix.message
    texts, posts = [all_text(panel)], 0
    for _ in range(PANEL_CLICKS):
        assert game.state is not None
        await click_action(table, user, panel, str(engine.bot_action(game.state, seat)))
        panel = table.fake.message(panel["id"])
        texts.append(all_text(panel))
        game = await game_row(table, game_id)
        posts += check_channel(table, log, game.board_message_id)
        assert game.state is not None
        if game.status != "running" or seat not in engine.active(game.state) or posts:
            break
    else:
        raise AssertionError(f"seat {seat} was still deciding after {PANEL_CLICKS} clicks")
    assert posts <= 1, f"one turn, {posts} board posts"
    log.posts_per_turn.append(posts)
    for text in texts:
        clean(text, "a turn panel")
    return texts


def private_view(engine: engines.Engine, game: GameRow, seat: int) -> str:
    """What ``seat`` is shown of the game, without the counters that move with every action."""
    assert game.state is not None
    view = engine.view(game.state, seat)
    return dumps({k: v for k, v in view.items() if k not in ("step", "active")})


async def log_text(table: Table, user: str, lines: int = 40) -> str:
    """``/log`` as ``user`` sees it (an ephemeral answer)."""
    ix = await table.fake.slash(user, table.channel, "log", options={"lines": lines})
    if ix.response_type == 5:
        await ix.wait_followups(1)
    [answer] = ix.messages
    assert answer["ephemeral"], answer
    clean(answer["content"], "/log")
    return answer["content"]


def public_since(table: Table, first: int) -> str:
    """The text of the channel's messages from index ``first`` on."""
    return "\n".join(all_text(m) for m in table.fake.messages(table.channel, since=first))


async def test_three_players_fight_a_scrap_battle_through_their_panels(table: Table,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    engine = engine_or_skip("scrap")
    game_id, _, game = await three_player_game(table, monkeypatch, "scrap", SEED)
    names = seat_names(game)
    users = (table.alice, table.bob, table.carol)
    log = TableLog()
    check_channel(table, log, game.board_message_id)

    # up to a Battle's secret Command Step with two participants (SC-BATTLE-11), with /play
    previous = ""
    for _ in range(MAX_MOVES):
        assert game.state is not None and game.status == "running", "the game ended before a two-sided Battle"
        step = game.state["stack"][-1]["step"]
        if step == COMMAND_STEP and previous != COMMAND_STEP and len(engine.active(game.state)) == 2:
            break  # a Command Step that has just opened with two participants
        previous = step
        game = await play_move(table, log, game_id)
    fighters = engine.active(game.state)
    assert len(fighters) == 2, f"a two-player Battle expected, got seats {fighters}"
    assert "Command Step: every participant assigns their Bots in secret." in all_text(channel_messages(table)[-1])
    before = len(channel_messages(table))
    seen_by_second = private_view(engine, game, fighters[1])

    # the first participant assigns and locks in: only "locked in" is public, nothing of the board
    first, second = fighters
    texts = await panel_turn(table, log, game_id, first)
    assert any("secret until everyone locks in" in t for t in texts)
    assert any("Lock in your Battle Board" in t for t in texts)
    game = await game_row(table, game_id)
    assert game.state is not None and engine.active(game.state) == [second]
    assert log.posts_per_turn[-1] == 0, "locking in alone posts no board"
    public = public_since(table, before)
    assert f"{names[first]} is locked in." in public
    assert not REVEAL.search(public), "a Battle Board showed before everyone locked in"
    assert " to Probe" not in public and " to Brawl" not in public
    assert private_view(engine, game, second) == seen_by_second, "the other participant saw something change"

    # the second locks in: one board post reveals both Battle Boards at once (SC-BATTLE-14)
    await panel_turn(table, log, game_id, second)
    assert log.posts_per_turn[-1] == 1
    reveal = all_text(channel_messages(table)[-1])
    assert sorted(REVEAL.findall(reveal)) == sorted([names[first], names[second]]), reveal

    # Resolution and Victory through the panels of the players concerned, until the Battle is over
    resolved = len(channel_messages(table))
    for _ in range(60):
        game = await game_row(table, game_id)
        assert game.state is not None
        if "battle" not in game.state["g"] or game.status != "running":
            break
        await panel_turn(table, log, game_id, engine.active(game.state)[0])
    else:
        raise AssertionError("the Battle did not end")
    results = public_since(table, resolved - 1)
    assert re.search(r"^(Probe|Lead|Fire|Brawl): ", results, re.MULTILINE), f"no Command resolved: {results}"
    won = re.search(r"^(\w+) wins the Battle\.$|^The Battle has no winner\.$", results, re.MULTILINE)
    assert won, results
    assert won[1] in (None, names[first], names[second])
    logged = await log_text(table, table.carol)  # the whole turn's post keeps only its last lines: /log has all
    for seat in fighters:
        assert re.search(rf"^`\s*\d+` {names[seat]} has \d+ Strength left\.$", logged, re.MULTILINE), logged

    # the rest of the game with /play, to its result (SC-END-02/04)
    for _ in range(MAX_MOVES):
        if game.status != "running":
            break
        game = await play_move(table, log, game_id)
    else:
        raise AssertionError(f"no result after {MAX_MOVES} moves")
    assert game.status == "finished" and game.result is not None
    assert max(log.posts_per_turn) <= 1, f"more than one public post in a turn: {log.posts_per_turn}"
    assert log.boards < game.version / 2, "sub-decisions stay in the mover's panel"
    print("scrap 3p", {"moves": game.version, "boards": log.boards, "statuses": log.statuses,
                       "panel_turns": len(log.posts_per_turn), "image_bytes": sum(map(len, log.images))})
    for message in channel_messages(table):
        clean(all_text(message), f"message {message['id']}")
    check_ending(table, game, users)
    ending = description(channel_messages(table)[-1])
    for name in names.values():
        assert name in ending, f"{name} missing from the result: {ending}"
    movers = {r.user_id for r in await table.bot.service.storage.actions(game_id)}
    assert movers == set(users), "all three moved, and only through Discord"
    assert dumps(await table.bot.service.rebuild(game_id)) == dumps(game.state)
