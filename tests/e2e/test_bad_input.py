"""Hostile and mistaken input: every one is answered privately and clearly, and nothing changes."""

from __future__ import annotations

from typing import Any

import pytest

from bot.discord.ids import b36
from bot.discord.replies import APOLOGY
from tests.fakediscord import InteractionRecord

from ._support import (
    active_users,
    bid_and_lock,
    boards,
    click_lobby,
    error_reply,
    field,
    game_row,
    lobby_game_id,
    new_lobby,
    open_panel,
    play,
    start_game,
)
from .conftest import Table

ZWSP, RLO, RLM = "\u200b", "\u202e", "\u200f"
HOSTILE_MOVES = [
    "x" * 5000,
    f"{ZWSP}done",
    f"{RLO}enod",
    f"done{RLM}",
    "💥" * 300,
    "<@&123> @everyone",
    "bid:1:2:3:4:5:6:7:8:9",
    ":::",
    "undo undo",
]


async def snapshot(table: Table) -> dict[str, Any]:
    """Everything a refusal must leave untouched: stored games, action logs and the channel."""
    storage = table.bot.service.storage
    games = await storage.games_with_status(("lobby", "running", "finished", "cancelled"))
    return {
        "games": [(g.id, g.status, g.version, g.options, g.state, g.host_id,
                   [(p.user_id, p.name, p.seat) for p in g.players]) for g in games],
        "actions": {g.id: [(r.seat, r.action) for r in await storage.actions(g.id)] for g in games},
        "channel": [(m["id"], m["content"], m["embeds"], m["components"]) for m in table.fake.messages(table.channel)],
    }


async def refused(ix: InteractionRecord) -> str:
    reply = await error_reply(ix)
    assert reply != APOLOGY and len(reply) <= 2000, reply
    return reply


async def test_hostile_play_text_is_refused_privately(table: Table) -> None:
    game_id, _ = await start_game(table)
    await bid_and_lock(table, game_id, table.alice)
    await bid_and_lock(table, game_id, table.bob)
    [user] = await active_users(table, game_id)
    before = await snapshot(table)
    for text in HOSTILE_MOVES:
        reply = await play(table, user, text)
        assert reply != APOLOGY and len(reply) <= 2000, (text, reply)
        assert "is not a legal move now" in reply or "matches several moves" in reply, (text, reply)
        assert "You could instead:" in reply and "`/play " in reply, (text, reply)
        assert text not in reply or len(text) < 60, text  # long input is never echoed back whole
        assert await snapshot(table) == before, text
        choices = await table.fake.autocomplete(user, table.channel, "play", {"action": text})
        assert choices == [], (text, choices)


HOSTILE_OPTIONS = [
    ("rounds=" + "9" * 100, "Rounds: at most 9."),
    ("rounds=" + "9" * 5000, "Rounds: expected a whole number"),
    ("rounds=" + "x" * 5000, "Rounds: expected a whole number"),
    (f"rounds={ZWSP}3", "Rounds: expected a whole number"),
    (f"{RLO}rounds=3", "Unknown option '\\u202erounds'; this game's options: rounds, dice, speed."),
    (f"rounds=3{RLM}", "Rounds: expected a whole number"),
    ("rounds 3", "Options look like `name=value`"),
    ("=3", "Unknown option ''"),
    ("dice=maybe", "Dice: say yes or no"),
    ("speed=" + "🐢" * 1000, "Speed: choose one of normal, fast."),
    ("colour=red", "Unknown option 'colour'"),
]


async def test_hostile_lobby_options_are_refused_privately(table: Table) -> None:
    before = await snapshot(table)
    for options, expected in HOSTILE_OPTIONS:
        ix = await table.fake.slash(table.alice, table.channel, "game", "new", {"game": "tiny", "options": options})
        assert ix.response_type == 4
        reply = await refused(ix)
        assert reply.startswith(expected), (options[:40], reply[:200])
        assert await snapshot(table) == before
    assert await table.bot.service.storage.open_game_in_channel(table.channel) is None


async def test_hostile_option_changes_in_a_lobby(table: Table) -> None:
    await new_lobby(table)
    before = await snapshot(table)
    for name, value, expected in [("rounds", "x" * 5000, "Rounds: expected a whole number"),
                                  ("r" * 3000, "1", "Unknown option 'rrrr"),
                                  ("dice", f"yes{ZWSP}", "Dice: say yes or no")]:
        ix = await table.fake.slash(table.alice, table.channel, "game", "option", {"name": name, "value": value})
        assert (await refused(ix)).startswith(expected)
    assert await snapshot(table) == before


async def test_unknown_game_ids_are_refused(table: Table) -> None:
    for game in ["chess", "tiny ", "TINY", "x" * 3000, f"ti{ZWSP}ny", ""]:
        ix = await table.fake.slash(table.alice, table.channel, "game", "new", {"game": game})
        reply = await refused(ix)
        assert reply.startswith("There is no game called"), (game[:20], reply[:200])
    assert await table.bot.service.storage.open_game_in_channel(table.channel) is None


NO_GAME_COMMANDS: list[tuple[str, str | None, dict[str, Any]]] = [
    ("play", None, {"action": "done"}), ("undo", None, {}), ("hand", None, {}), ("board", None, {}),
    ("board", None, {"public": True}), ("log", None, {}), ("game", "status", {}), ("game", "export", {}),
    ("game", "join", {}), ("game", "leave", {}), ("game", "start", {}), ("game", "cancel", {}),
    ("game", "add-bot", {}), ("game", "remove-bot", {}), ("game", "option", {"name": "rounds", "value": "2"}),
]


async def test_commands_in_a_channel_without_a_game(table: Table) -> None:
    for command, subcommand, options in NO_GAME_COMMANDS:
        ix = await table.fake.slash(table.alice, table.channel, command, subcommand, options)
        reply = await refused(ix)
        assert "no game in this channel" in reply, (command, subcommand, options, reply)
    assert table.fake.messages(table.channel) == []
    assert await table.fake.autocomplete(table.alice, table.channel, "play", {"action": ""}) == []


async def test_people_not_seated_cannot_act(table: Table) -> None:
    game_id, board = await start_game(table)
    before = await snapshot(table)
    for ix in [await table.fake.slash(table.carol, table.channel, "play", options={"action": "lock"}),
               await table.fake.slash(table.carol, table.channel, "undo"),
               await table.fake.slash(table.carol, table.channel, "hand"),
               await table.fake.click(table.carol, table.channel, board["id"], f"t:{b36(game_id)}"),
               await table.fake.click(table.carol, table.channel, board["id"], f"h:{b36(game_id)}"),
               await table.fake.slash(table.admin, table.channel, "play", options={"action": "lock"})]:
        assert "You are not playing in this game" in await refused(ix)
    ix = await table.fake.slash(table.carol, table.channel, "game", "join")
    assert "already running and has no free seat" in await refused(ix)
    assert await snapshot(table) == before


async def test_stale_buttons_from_a_finished_game(table: Table) -> None:
    game_id, board = await start_game(table)
    panel = await open_panel(table, table.alice, board, game_id)
    await bid_and_lock(table, game_id, table.alice)
    await bid_and_lock(table, game_id, table.bob)
    [first] = await active_users(table, game_id)
    mid_game = boards(table)[-1]
    await play(table, first, "done")
    [second] = await active_users(table, game_id)
    await play(table, second, "done")
    assert (await game_row(table, game_id)).status == "finished"
    before = await snapshot(table)

    assert mid_game["components"] and table.fake.message(mid_game["id"])["components"] == [], \
        "an older board loses its buttons when a newer one is posted"
    button = next(c for c in panel["components"][0]["components"])["custom_id"]
    ix = await table.fake.click(table.alice, table.channel, panel["id"], button)
    assert "This game is over" in await refused(ix)
    assert await snapshot(table) == before


async def test_an_old_lobby_button_does_not_act_on_a_newer_lobby(table: Table) -> None:
    old = await new_lobby(table)
    ix = await table.fake.slash(table.alice, table.channel, "game", "cancel")
    assert not ix.ephemeral
    new = await new_lobby(table, host=table.bob)
    assert lobby_game_id(new) != lobby_game_id(old)
    before = await snapshot(table)

    for verb in ("join", "leave", "bot", "start", "cancel"):
        ix = await click_lobby(table, table.alice if verb != "leave" else table.bob, old, verb)
        assert "closed" in await refused(ix), verb
    ix = await table.fake.select(table.bob, table.channel, old["id"], f"o:{b36(lobby_game_id(old))}:rounds", ["4"])
    assert "closed" in await refused(ix)
    assert await snapshot(table) == before
    assert field(table.fake.message(new["id"]), "Players") == "1. Bob"


FORGED = {
    "t:zz": "That game no longer exists.",
    "a:zz:0:done": "That game no longer exists.",
    "s:zz:0:0": "That game no longer exists.",
    "l:zz:join": "This lobby is closed.",
    "l:zz:start": "This lobby is closed.",
    "o:zz:rounds": "This lobby is closed.",
    "t:" + "z" * 60: "That game no longer exists.",
    "a:1:" + "z" * 40 + ":done": "That button is from an earlier turn.",
    "a:1:0:" + "mark:1" * 10: "That button is from an earlier turn.",
}


def forge(table: Table, custom_id: str) -> str:
    """A message carrying a component the bot never made (a button, or a select for s:/o: ids); its id."""
    component: dict[str, Any] = {"type": 2, "style": 1, "label": "forged", "custom_id": custom_id}
    if custom_id.startswith(("s:", "o:")):
        component = {"type": 3, "custom_id": custom_id, "options": [{"label": "x", "value": "4"}]}
    return table.fake.world.create_message(
        table.channel, {"content": "forged", "components": [{"type": 1, "components": [component]}]}, [],
        author=table.fake.world.bot.payload()).id


async def test_forged_custom_ids_for_missing_games(table: Table) -> None:
    game_id, _ = await start_game(table)
    await bid_and_lock(table, game_id, table.alice)
    for custom_id, expected in FORGED.items():
        message_id = forge(table, custom_id)
        before = await snapshot(table)
        if custom_id.startswith(("s:", "o:")):
            ix = await table.fake.select(table.alice, table.channel, message_id, custom_id, ["4"])
        else:
            ix = await table.fake.click(table.alice, table.channel, message_id, custom_id)
        reply = await refused(ix)
        assert reply.startswith(expected), (custom_id, reply)
        assert await snapshot(table) == before, custom_id


async def test_a_forged_hand_button_only_ever_shows_the_callers_own_view(table: Table) -> None:
    await start_game(table)
    ix = await table.fake.click(table.bob, table.channel, forge(table, "h:zz"), "h:zz")
    [answer] = await ix.wait_followups(1)
    assert answer["ephemeral"] and "you are Bob" in answer["content"]


async def test_replays_that_are_not_replays(table: Table) -> None:
    game_id, _ = await start_game(table, (table.alice,))
    [user] = await active_users(table, game_id)
    await bid_and_lock(table, game_id, user)
    await play(table, user, "done")
    ix = await table.fake.slash(table.alice, table.channel, "game", "export")
    good = ix.message["attachments"][0]["data"]
    other = table.add_channel("imports")
    cases = [(b"not json at all", "not a Turnkeeper replay"), (b"[1, 2, 3]", "not a Turnkeeper replay"),
             (b"\xff\xfe\x00garbage", "not a Turnkeeper replay"),
             (good.replace(b'"final_hash": "', b'"final_hash": "0'), "cannot be loaded"),
             (good.replace(b'"engine": "tiny"', b'"engine": "chess"'), "no game called"),
             (b" " * 2_000_001, "too large")]
    for data, expected in cases:
        ix = await table.fake.slash(table.alice, other, "game", "import", {"replay": ("replay.json", data)})
        assert expected in await refused(ix), expected
    assert table.fake.messages(other) == []
    assert await table.bot.service.storage.latest_game_in_channel(other) is None


async def test_direct_messages(table: Table) -> None:
    dm = table.fake.dm_channel_id(table.alice)
    for command, subcommand, options in [("game", "new", {"game": "tiny"}), ("play", None, {"action": "done"}),
                                         ("hand", None, {}), ("board", None, {}), ("undo", None, {})]:
        with pytest.raises(AssertionError, match="not available in DMs"):
            await table.fake.slash(table.alice, dm, command, subcommand, options)
    ix = await table.fake.slash(table.alice, dm, "rules", options={"game": "tiny"})
    assert ix.ephemeral and ix.message["content"].startswith("**Tiny Duel**")


async def test_every_interaction_was_answered_and_every_route_known(table: Table) -> None:
    game_id, board = await start_game(table)
    await play(table, table.carol, "\x00" * 10)
    await table.fake.slash(table.carol, table.channel, "log", options={"lines": 200})
    await table.fake.click(table.carol, table.channel, board["id"], f"t:{b36(game_id)}")
    records = list(table.fake.interactions.by_id.values())
    assert records and all(r.response_type is not None for r in records)
    assert table.fake.unknown_routes == [] and table.fake.internal_errors == [] and table.fake.errors == []


# -- issue 19: hostile replay files, double submits, hostile names ------------------------------------
HOSTILE_FILES = [
    (b"[" * 200_000 + b"]" * 200_000, "not a Turnkeeper replay"),  # nested past Python's recursion limit
    (b'{"a":' * 100_000 + b"1" + b"}" * 100_000, "not a Turnkeeper replay"),
    (b'{"format": "turnkeeper-replay", "engine": "tiny", "seats": true, "seed": 1, "actions": []}', "`seats`"),
    (b'{"format": "turnkeeper-replay", "engine": "tiny", "seats": 2, "seed": "x", "actions": []}', "`seed`"),
    (b'{"format": "turnkeeper-replay", "engine": "tiny", "seats": 2, "seed": 1208925819614629174706176,'
     b' "actions": []}', "`seed`"),
    (b'{"format": "turnkeeper-replay", "engine": "tiny", "seats": 2, "seed": 1, "options": [], "actions": []}',
     "`options`"),
    (b'{"format": "turnkeeper-replay", "engine": "tiny", "seats": 2, "seed": 1, "players": 5, "actions": []}',
     "`players`"),
    (b'{"format": "turnkeeper-replay", "engine": "tiny", "seats": 2, "seed": 1, "actions": [[0, {"a": [1]}]]}',
     "`actions` entry 1"),
]


async def test_hostile_replay_files_get_a_clear_private_answer(table: Table) -> None:
    other = table.add_channel("imports")
    for data, expected in HOSTILE_FILES:
        ix = await table.fake.slash(table.alice, other, "game", "import", {"replay": ("replay.json", data)})
        reply = await refused(ix)
        assert expected in reply, (data[:60], reply)
    assert table.fake.messages(other) == []
    assert await table.bot.service.storage.latest_game_in_channel(other) is None


async def test_a_double_submitted_play_from_autocomplete_applies_once(table: Table) -> None:
    game_id, _ = await start_game(table)
    await bid_and_lock(table, game_id, table.alice)
    await bid_and_lock(table, game_id, table.bob)
    [user] = await active_users(table, game_id)
    choices = await table.fake.autocomplete(user, table.channel, "play", {"action": "draw"})
    [draw] = [c["value"] for c in choices if c["value"].split()[0] == "draw"]
    before = await game_row(table, game_id)
    assert draw == f"draw @v{before.version}"
    assert (await play(table, user, draw)).startswith("Move made.")
    second = await play(table, user, draw)  # the same pick submitted again (another interaction id)
    assert "earlier position" in second, second
    after = await game_row(table, game_id)
    assert after.version == before.version + 1
    assert (await play(table, user, "draw")).startswith("Move made.")  # typed moves keep working
    assert (await game_row(table, game_id)).version == before.version + 2


async def test_hostile_display_names_never_render_as_markdown(table: Table) -> None:
    evil = table.fake.add_user("evil", guild_id=table.guild, global_name="[Nitro](https://e.vil)\u202e\u200b")
    lobby = await new_lobby(table)
    ix = await click_lobby(table, evil, lobby, "join")
    assert ix.response_type == 7, ix.messages
    players = field(ix.message, "Players")
    assert "\\[Nitro\\](https://e.vil)" in players and "\u202e" not in players and "\u200b" not in players
