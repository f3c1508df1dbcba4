"""Lobbies through Discord: /game new, the lobby buttons and option menus, the /game commands, starting."""

from __future__ import annotations

from bot.discord.ids import b36

from ._support import (
    all_text,
    click_lobby,
    custom_ids,
    description,
    error_reply,
    field,
    game_row,
    is_board,
    labels,
    lobby_game_id,
    new_lobby,
    select_options,
)
from .conftest import Table


async def test_game_new_posts_a_public_lobby_with_buttons_and_option_menus(table: Table) -> None:
    lobby = await new_lobby(table, "rounds=3 dice=no")
    game_id = lobby_game_id(lobby)
    g = b36(game_id)
    assert lobby["embeds"][0]["title"] == f"Tiny Duel · lobby #{game_id}"
    assert field(lobby, "Players (1/4") == "1. Alice"
    assert "Rounds: **3**" in field(lobby, "Options") and "Dice: **no**" in field(lobby, "Options")
    assert f"Host: <@{table.alice}>" in description(lobby)
    assert labels(lobby) == {f"l:{g}:join": "Join", f"l:{g}:leave": "Leave", f"l:{g}:bot": "Add bot",
                             f"l:{g}:start": "Start", f"l:{g}:cancel": "Cancel"}
    assert [c for c in custom_ids(lobby) if c.startswith("o:")] == [f"o:{g}:rounds", f"o:{g}:dice", f"o:{g}:speed"]
    defaults = {o["value"] for o in select_options(lobby, f"o:{g}:rounds") if o.get("default")}
    assert defaults == {"3"}
    assert lobby["mentions"] == []  # the host is named, never pinged, in a lobby
    game = await game_row(table, game_id)
    assert game.status == "lobby" and game.options["rounds"] == 3 and game.options["dice"] is False


async def test_game_autocomplete_offers_registered_games(table: Table) -> None:
    choices = await table.fake.autocomplete(table.alice, table.channel, "game", {"game": "TIN"}, subcommand="new")
    assert choices == [{"name": "Tiny Duel (1–4 players)", "value": "tiny"}]
    everything = await table.fake.autocomplete(table.alice, table.channel, "game", {"game": ""}, subcommand="new")
    assert {"tiny", "wide"} <= {c["value"] for c in everything} and len(everything) <= 25


async def test_join_leave_and_add_bot_buttons_update_the_lobby_message(table: Table) -> None:
    lobby = await new_lobby(table)
    fake = table.fake

    ix = await click_lobby(table, table.bob, lobby, "join")
    assert ix.response_type == 7 and ix.message["id"] == lobby["id"]
    assert field(fake.message(lobby["id"]), "Players (2/4") == "1. Alice\n2. Bob"
    assert "Bob joined." in description(fake.message(lobby["id"]))

    ix = await click_lobby(table, table.alice, lobby, "bot")
    assert ix.response_type == 7
    assert field(fake.message(lobby["id"]), "Players (3/4") == "1. Alice\n2. Bob\n3. Bot 1 (bot)"

    ix = await click_lobby(table, table.bob, lobby, "leave")
    assert ix.response_type == 7
    assert field(fake.message(lobby["id"]), "Players (2/4") == "1. Alice\n2. Bot 1 (bot)"

    ix = await click_lobby(table, table.bob, lobby, "bot")  # not the host
    assert "Only the host" in await error_reply(ix)
    ix = await click_lobby(table, table.alice, lobby, "join")
    assert "already in this game" in await error_reply(ix)
    ix = await click_lobby(table, table.carol, lobby, "leave")
    assert "not in this lobby" in await error_reply(ix)
    assert field(fake.message(lobby["id"]), "Players (2/4") == "1. Alice\n2. Bot 1 (bot)"
    game = await game_row(table, lobby_game_id(lobby))
    assert [(p.name, p.is_bot) for p in game.players] == [("Alice", False), ("Bot 1", True)]


async def test_last_human_leaving_closes_the_lobby(table: Table) -> None:
    lobby = await new_lobby(table)
    ix = await click_lobby(table, table.alice, lobby, "leave")
    assert ix.response_type == 7
    closed = table.fake.message(lobby["id"])
    assert closed["content"] == "The lobby closed." and closed["components"] == [] and closed["embeds"] == []
    assert (await game_row(table, lobby_game_id(lobby))).status == "cancelled"


async def test_option_menu_changes_options_for_the_host_only(table: Table) -> None:
    lobby = await new_lobby(table)
    game_id = lobby_game_id(lobby)
    menu = f"o:{b36(game_id)}:rounds"
    fake = table.fake
    await click_lobby(table, table.bob, lobby, "join")

    ix = await fake.select(table.alice, table.channel, lobby["id"], menu, ["5"])
    assert ix.response_type == 7
    updated = fake.message(lobby["id"])
    assert "Rounds: **5**" in field(updated, "Options")
    assert {o["value"] for o in select_options(updated, menu) if o.get("default")} == {"5"}
    assert (await game_row(table, game_id)).options["rounds"] == 5

    ix = await fake.select(table.bob, table.channel, lobby["id"], f"o:{b36(game_id)}:dice", ["no"])
    assert ix.response_type == 4
    assert "Only the host" in await error_reply(ix)
    assert (await game_row(table, game_id)).options["dice"] is True
    assert "Dice: **yes**" in field(fake.message(lobby["id"]), "Options")

    ix = await fake.select(table.admin, table.channel, lobby["id"], f"o:{b36(game_id)}:speed", ["fast"])
    assert ix.response_type == 7  # server admins may manage any lobby
    assert (await game_row(table, game_id)).options["speed"] == "fast"


async def test_game_subcommands_manage_the_lobby(table: Table) -> None:
    fake, ch = table.fake, table.channel
    lobby = await new_lobby(table)
    game_id = lobby_game_id(lobby)

    ix = await fake.slash(table.bob, ch, "game", "join")
    assert ix.response_type == 4 and not ix.ephemeral
    assert field(ix.message, "Players (2/4") == "1. Alice\n2. Bob"

    ix = await fake.slash(table.alice, ch, "game", "add-bot")
    assert field(ix.message, "Players (3/4") == "1. Alice\n2. Bob\n3. Bot 1 (bot)"
    ix = await fake.slash(table.alice, ch, "game", "remove-bot")
    assert field(ix.message, "Players (2/4") == "1. Alice\n2. Bob"
    ix = await fake.slash(table.alice, ch, "game", "remove-bot")
    assert "no bot" in await error_reply(ix)

    ix = await fake.slash(table.alice, ch, "game", "option", {"name": "rounds", "value": "4"})
    assert not ix.ephemeral and "Rounds: **4**" in field(ix.message, "Options")
    ix = await fake.slash(table.alice, ch, "game", "option", {"name": "rounds", "value": "99"})
    assert "at most 9" in await error_reply(ix)
    ix = await fake.slash(table.alice, ch, "game", "option", {"name": "colour", "value": "red"})
    assert "Unknown option 'colour'" in await error_reply(ix)
    ix = await fake.slash(table.bob, ch, "game", "option", {"name": "rounds", "value": "2"})
    assert "Only the host" in await error_reply(ix)
    assert (await game_row(table, game_id)).options["rounds"] == 4

    ix = await fake.slash(table.alice, ch, "game", "leave")  # the host leaves: Bob hosts now
    assert not ix.ephemeral and f"Host: <@{table.bob}>" in description(ix.message)
    ix = await fake.slash(table.carol, ch, "game", "cancel")
    assert "Only the host" in await error_reply(ix)
    assert (await game_row(table, game_id)).status == "lobby"

    ix = await fake.slash(table.bob, ch, "game", "cancel")
    assert not ix.ephemeral and ix.message["content"] == f"Tiny Duel #{game_id} was cancelled."
    assert (await game_row(table, game_id)).status == "cancelled"
    ix = await fake.slash(table.bob, ch, "game", "join")
    assert "no game in this channel" in await error_reply(ix)


async def test_second_game_in_a_channel_is_refused_naming_the_running_one(table: Table) -> None:
    lobby = await new_lobby(table)
    ix = await table.fake.slash(table.bob, table.channel, "game", "new", {"game": "tiny"})
    text = await error_reply(ix)
    assert ix.response_type == 4
    assert f"Tiny Duel (#{lobby_game_id(lobby)}, lobby)" in text and "/game cancel" in text
    assert len(table.fake.messages(table.channel)) == 1


async def test_only_the_host_or_an_admin_starts(table: Table) -> None:
    lobby = await new_lobby(table)
    game_id = lobby_game_id(lobby)
    await click_lobby(table, table.bob, lobby, "join")

    ix = await click_lobby(table, table.bob, lobby, "start")
    assert "Only the host" in await error_reply(ix)
    ix = await table.fake.slash(table.bob, table.channel, "game", "start")
    assert "Only the host" in await error_reply(ix)
    assert (await game_row(table, game_id)).status == "lobby"
    assert not [m for m in table.fake.messages(table.channel) if is_board(m)]

    ix = await table.fake.slash(table.admin, table.channel, "game", "start")  # server admins may start any game
    board = await table.fake.wait_for_message(table.channel, is_board)
    [answer] = await ix.wait_followups(1)
    assert ix.ephemeral and answer["content"] == f"Tiny Duel #{game_id} has started."
    assert (await game_row(table, game_id)).status == "running"
    assert board["attachments"][0]["filename"] == "board.png"
    assert board["attachments"][0]["data"].startswith(b"\x89PNG")
    assert labels(board) == {f"t:{b36(game_id)}": "Take your turn", f"h:{b36(game_id)}": "My hand"}

    ix = await table.fake.slash(table.carol, table.channel, "game", "new", {"game": "tiny"})
    assert f"Tiny Duel (#{game_id}, running)" in await error_reply(ix)
    ix = await table.fake.slash(table.alice, table.channel, "game", "start")
    assert "already started" in await error_reply(ix)
    assert len([m for m in table.fake.messages(table.channel) if is_board(m)]) == 1


async def test_start_button_posts_the_board_and_closes_the_lobby(table: Table) -> None:
    lobby = await new_lobby(table, "rounds=1")
    game_id = lobby_game_id(lobby)
    await click_lobby(table, table.bob, lobby, "join")
    ix = await click_lobby(table, table.alice, lobby, "start")
    assert ix.response_type == 6
    board = await table.fake.wait_for_message(table.channel, is_board)

    [attachment] = board["attachments"]
    assert attachment["filename"] == "board.png" and attachment["data"].startswith(b"\x89PNG")
    embed = board["embeds"][0]
    assert embed["image"]["url"] == "attachment://board.png"
    assert embed["title"] == f"Tiny Duel · game #{game_id}"
    names = (await game_row(table, game_id)).players
    both = " and ".join(p.name for p in sorted(names, key=lambda p: p.seat or 0))
    assert embed["footer"]["text"] == f"Round 1 · {both} to move"  # rounds and turns, never step numbers
    assert attachment["description"].startswith(f"Tiny Duel board, Round 1, {both} to move.")
    assert "Waiting for" in embed["description"]
    assert {u["id"] for u in board["mentions"]} == {table.alice, table.bob}  # a secret bid: both act
    assert f"<@{table.alice}>" in board["content"] and f"<@{table.bob}>" in board["content"]
    assert labels(board) == {f"t:{b36(game_id)}": "Take your turn", f"h:{b36(game_id)}": "My hand"}

    closed = table.fake.message(lobby["id"])
    assert closed["components"] == [] and "The game has started." in description(closed)
    assert "Join" not in all_text(closed), "a started game's lobby drops its join hints"
    game = await game_row(table, game_id)
    assert game.status == "running" and game.posted_version == 0 and game.board_message_id == board["id"]
    assert sorted(p.seat for p in game.players) == [0, 1]


async def test_lobby_text_is_sanitised(table: Table) -> None:
    sneaky = table.fake.add_user("sneaky", guild_id=table.guild, global_name="@everyone\nI am   the host")
    lobby = await new_lobby(table)
    ix = await click_lobby(table, sneaky, lobby, "join")
    players = field(table.fake.message(lobby["id"]), "Players")
    assert ix.response_type == 7
    assert players == "1. Alice\n2. everyone I am the host"
    assert "@everyone" not in all_text(table.fake.message(lobby["id"]))
