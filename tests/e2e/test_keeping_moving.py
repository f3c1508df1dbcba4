"""Keeping games moving through the fake Discord: /pace, /remind, /vacation, /mygames, reminders delivered
as a DM and as a channel mention, DM failure fallback, a timeout posted to the table."""

from __future__ import annotations

import time

from ._support import click_lobby, description, error_reply, is_board, new_lobby, start_game, wait_board
from .conftest import Table

HOUR = 3600.0


async def slash(table: Table, user: str, name: str, sub: str | None = None, **options: object) -> str:
    """A slash command answered privately; returns the text."""
    ix = await table.fake.slash(user, table.channel, name, subcommand=sub, options=options or None)
    assert ix.response_type == 4 and ix.ephemeral, ix.messages
    return ix.message["content"]


async def test_remind_settings_are_saved_and_checked(table: Table) -> None:
    text = await slash(table, table.alice, "remind", "settings", mode="channel", interval_hours=6,
                       timezone="Europe/Paris", quiet="22:00-07:30")
    assert text == ("Reminders as a mention in the game channel, every 6 h and at 50 %, 80 % and 95 % of each "
                    "deadline. Time zone Europe/Paris; quiet hours 22:00–07:30 (held until they end).")
    prefs = await table.bot.scheduler.store.prefs(table.alice)
    assert (prefs.mode, prefs.tz, prefs.quiet_start) == ("channel", "Europe/Paris", 22 * 60)
    ix = await table.fake.slash(table.alice, table.channel, "remind", subcommand="settings",
                                options={"timezone": "Mars/Olympus"})
    assert "Unknown time zone" in await error_reply(ix)


def _pace_field(lobby: dict) -> str:
    return next(f["value"] for f in lobby["embeds"][0]["fields"] if f["name"] == "Pace")


async def test_pace_in_the_lobby_and_per_player_deadlines_on_the_board(table: Table) -> None:
    lobby = await new_lobby(table)
    assert "Pace normal: 48 h per turn" in _pace_field(lobby)
    ix = await table.fake.slash(table.alice, table.channel, "pace", subcommand="set", options={"pace": "fast"})
    assert ix.response_type == 4 and not ix.ephemeral
    assert "fast: 12 h per turn" in ix.message["content"]
    joined = await click_lobby(table, table.bob, lobby, "join")
    assert "Pace fast: 12 h per turn" in _pace_field(joined.message)  # the lobby shows what the host chose
    assert "2 timeouts in a row" in _pace_field(joined.message)
    ix = await table.fake.slash(table.bob, table.channel, "pace", subcommand="timeout", options={"policy": "skip"})
    assert "Only the host" in await error_reply(ix)
    await table.fake.slash(table.alice, table.channel, "game", subcommand="cancel")
    game_id, board = await start_game(table)
    text = description(board)
    assert "(due <t:" in text and "**Deadlines:** <@" in text
    assert f"<@{table.alice}> <t:" in text and f"<@{table.bob}> <t:" in text
    shown = await slash(table, table.bob, "pace", "show")
    assert shown.startswith("Pace normal: 48 h per turn") and "Alice: due <t:" in shown
    assert game_id > 0


async def test_reminders_arrive_as_a_dm_and_as_a_channel_mention(table: Table) -> None:
    await start_game(table)
    await slash(table, table.bob, "remind", "settings", mode="channel", interval_hours=0)
    await slash(table, table.alice, "remind", "settings", interval_hours=0)
    delivered = await table.bot.sweep_once(time.time() + 49 * HOUR)
    assert delivered == 2
    [dm] = table.fake.dms(table.alice)
    assert dm["content"].startswith("A game is waiting for you:\n• **Tiny Duel #")
    assert "Pick a card to bid in secret, then lock in." in dm["content"] and "⏰ 51 %" in dm["content"]
    mention = [m for m in table.fake.messages(table.channel) if m["content"].startswith(f"<@{table.bob}> — ")]
    assert len(mention) == 1 and table.bob in [u["id"] for u in mention[0]["mentions"]]
    assert await table.bot.sweep_once(time.time() + 50 * HOUR) == 0  # nothing twice
    await table.restart()
    assert await table.bot.sweep_once(time.time() + 50 * HOUR) == 0  # not even after a restart
    assert len(table.fake.dms(table.alice)) == 1


async def test_closed_dms_fall_back_to_a_channel_mention(table: Table) -> None:
    table.expect_http_errors = True
    table.fake.set_dms_closed(table.bob)
    await start_game(table)
    assert await table.bot.sweep_once(time.time() + 49 * HOUR) == 2
    assert len(table.fake.dms(table.alice)) == 1  # alice's DM still went out
    fallback = [m for m in table.fake.messages(table.channel)
                if m["content"].startswith(f"<@{table.bob}> (I could not DM you) A game is waiting for you")]
    assert len(fallback) == 1


async def test_vacation_and_mygames(table: Table) -> None:
    game_id, _ = await start_game(table)
    text = await slash(table, table.alice, "mygames")
    assert text.startswith("**1 game waiting for you:**")
    assert f"[Tiny Duel #{game_id}](https://discord.com/channels/{table.guild}/{table.channel}/" in text
    assert "Pick a card to bid in secret" in text and "due <t:" in text
    assert (await slash(table, table.alice, "vacation", "on", until="3")).startswith("Enjoy! You are on vacation")
    await table.bot.sweep_once()
    assert any(m["content"].startswith("🏖️ Alice is on vacation until") for m in table.fake.messages(table.channel))
    assert "🏖️ paused: you are on vacation" in await slash(table, table.alice, "mygames")
    assert "On vacation until" in await slash(table, table.alice, "vacation", "status")
    assert (await slash(table, table.alice, "vacation", "off")).startswith("Welcome back!")
    await table.bot.sweep_once()
    assert any("Alice is back from vacation" in m["content"] for m in table.fake.messages(table.channel))
    ix = await table.fake.slash(table.alice, table.channel, "vacation", subcommand="allowance", options={"days": 5})
    assert "Only a server admin" in await error_reply(ix)
    assert "5 days a year" in await slash(table, table.admin, "vacation", "allowance", days=5)
    assert "No game is waiting for you" in await slash(table, table.carol, "mygames")


async def test_a_timeout_is_told_to_the_table_and_the_new_board_posted(table: Table) -> None:
    game_id, _ = await start_game(table)
    await table.bot.sweep_once(time.time() + 97 * HOUR)
    told = [m for m in table.fake.messages(table.channel) if "ran out of time" in m["content"]]
    assert len(told) == 2 and all("the default was played for them" in m["content"] for m in told)
    version = (await table.bot.service.game_by_id(game_id)).version
    board = await wait_board(table, game_id)
    assert is_board(board, version)
    ix = await table.fake.slash(table.alice, table.channel, "pace", subcommand="extend", options={"hours": 5})
    assert "Only a server admin" in await error_reply(ix)
    ix = await table.fake.slash(table.admin, table.channel, "pace", subcommand="extend", options={"hours": 5})
    assert ix.response_type == 4 and "Deadline extended by 5 h" in ix.message["content"]


async def test_not_this_turn_and_an_admin_replacing_a_player(table: Table) -> None:
    game_id, _ = await start_game(table)
    assert (await slash(table, table.alice, "remind", "not-this-turn")).startswith("No more reminders for this turn")
    assert await table.bot.sweep_once(time.time() + 49 * HOUR) == 1
    assert table.fake.dms(table.alice) == [] and len(table.fake.dms(table.bob)) == 1
    ix = await table.fake.slash(table.bob, table.channel, "pace", subcommand="replace",
                                options={"player": table.alice, "new_player": table.carol})
    assert "Only a server admin" in await error_reply(ix)
    ix = await table.fake.slash(table.admin, table.channel, "pace", subcommand="replace",
                                options={"player": table.alice, "new_player": table.carol})
    assert ix.response_type == 4 and not ix.ephemeral
    assert ix.message["content"] == f"🔁 Carol takes over Alice's seat (<@{table.carol}>, it is yours now)."
    assert f"[Tiny Duel #{game_id}]" in await slash(table, table.carol, "mygames")
    assert "No game is waiting for you" in await slash(table, table.alice, "mygames")


async def test_a_notice_discord_failed_is_delivered_at_the_next_sweep_exactly_once(table: Table) -> None:
    table.expect_http_errors = True
    await start_game(table)
    await slash(table, table.alice, "remind", "settings", mode="channel", interval_hours=0)
    await slash(table, table.bob, "remind", "settings", mode="channel", interval_hours=0)
    table.fake.fail_next("POST", rf"/channels/{table.channel}/messages", status=500, count=5)  # 5 tries per send
    assert await table.bot.sweep_once(time.time() + 49 * HOUR) == 1  # one failed, the other delivered
    assert await table.bot.sweep_once(time.time() + 49 * HOUR) == 1  # the failed one, retried
    assert await table.bot.sweep_once(time.time() + 49 * HOUR) == 0
    for user in (table.alice, table.bob):
        mentions = [m for m in table.fake.messages(table.channel) if m["content"].startswith(f"<@{user}> — ")]
        assert len(mentions) == 1
