"""Reminders: escalation, settings, quiet hours across time zones and DST, "not this turn", digests."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.service.errors import NotAllowed, ServiceError
from bot.service.pace_store import ReminderPrefs
from bot.service.reminders import in_quiet_hours, reminder_points
from tests.service._pace_support import DAY, HOUR, T0, Kit
from tests.service._support import bid_and_lock, start_game

WINDOW = 96 * HOUR  # normal pace: 48 h per turn + 48 h bank


def utc(*parts: int) -> float:
    return datetime(*parts, tzinfo=UTC).timestamp()  # type: ignore[misc]


async def quiet_everyone(kit: Kit, *users: str) -> None:
    for user in users:
        await kit.scheduler.reminders.update(user, interval_hours=0)


def test_reminder_points_escalate_and_repeat_at_the_interval() -> None:
    points = reminder_points(0, 100 * HOUR, 24)
    assert [p / HOUR for p in points] == [24, 48, 50, 72, 80, 95, 96]
    assert [p / HOUR for p in reminder_points(0, 100 * HOUR, 0)] == [50, 80, 95]


async def test_reminders_escalate_once_per_point_and_list_what_is_awaited(kit: Kit) -> None:
    game = await start_game(kit.service)
    await quiet_everyone(kit, "alice", "bob")
    assert await kit.sweep(T0 + HOUR) == []
    first = await kit.scheduler.sweep(T0 + 0.5 * WINDOW + 1)
    assert sorted(n.user_id for n in first) == ["alice", "bob"]
    assert all(n.dm and n.kind == "reminder" and n.channel_id == "c1" for n in first)
    text = first[0].text
    assert "Pick a card to bid in secret, then lock in." in text
    assert f"Tiny Duel #{game.id}" in text and "https://discord.com/channels/g1/c1" in text
    assert "⏰ 50 %" in text and f"<t:{int(T0 + WINDOW)}:R>" in text
    assert [n.id for n in await kit.scheduler.sweep(T0 + 0.5 * WINDOW + 2)] == [n.id for n in first]  # unsent
    for notice in first:
        await kit.scheduler.sent(notice.id)
    assert await kit.sweep(T0 + 0.6 * WINDOW) == []  # nothing new between points
    late = await kit.sweep(T0 + 0.81 * WINDOW)
    assert len(late) == 2 and all("⚠️ 81 %" in t for t in late)
    last = await kit.sweep(T0 + 0.96 * WINDOW)
    assert len(last) == 2 and all("🚨 last call" in t for t in last)
    assert await kit.sweep(T0 + 0.97 * WINDOW) == []


async def test_missed_points_collapse_into_one_reminder(kit: Kit) -> None:
    await start_game(kit.service, humans=("alice",))
    texts = await kit.sweep(T0 + 0.9 * WINDOW)  # 24 h, 48 h, 50 %, 72 h and 80 % all passed
    assert len(texts) == 1 and "⚠️ 90 %" in texts[0]


async def test_interval_reminders_come_between_the_escalation_points(kit: Kit) -> None:
    await start_game(kit.service, humans=("alice",))
    await kit.scheduler.reminders.update("alice", interval_hours=12)
    assert len(await kit.sweep(T0 + 12 * HOUR + 1)) == 1
    assert await kit.sweep(T0 + 20 * HOUR) == []
    assert len(await kit.sweep(T0 + 24 * HOUR + 1)) == 1


async def test_mode_channel_mentions_and_both_sends_two(kit: Kit) -> None:
    await start_game(kit.service)
    await kit.scheduler.reminders.update("alice", mode="channel", interval_hours=0)
    await kit.scheduler.reminders.update("bob", mode="both", interval_hours=0)
    notices = await kit.scheduler.sweep(T0 + 0.5 * WINDOW + 1)
    alice = [n for n in notices if "<@alice>" in n.text]
    assert len(alice) == 1 and not alice[0].dm and alice[0].channel_id == "c1"
    bob = [n for n in notices if n.user_id == "bob" or "<@bob>" in n.text]
    assert sorted(n.dm for n in bob) == [False, True]


async def test_quiet_hours_hold_reminders_in_the_users_own_time_zone(kit: Kit) -> None:
    kit.clock.now = start = utc(2026, 6, 1)
    game = await start_game(kit.service)
    await kit.scheduler.reminders.update("alice", tz="America/New_York", quiet="19:00-07:00", interval_hours=0)
    await kit.scheduler.reminders.update("bob", tz="Asia/Tokyo", quiet="19:00-07:00", interval_hours=0)
    # 50 % is 3 June 00:00 UTC: 20:00 in New York (quiet), 09:00 in Tokyo (awake).
    held = await kit.scheduler.sweep(utc(2026, 6, 3, 0, 30))
    assert [n.user_id for n in held] == ["bob"]
    for notice in held:
        await kit.scheduler.sent(notice.id)
    assert await kit.sweep(utc(2026, 6, 3, 10, 55)) == []  # 06:55 in New York
    after = await kit.scheduler.sweep(utc(2026, 6, 3, 11, 5))  # 07:05 in New York: the held reminder goes out
    assert [n.user_id for n in after] == ["alice"]
    clocks = await kit.clocks(game.id)
    assert clocks[game.seat_of("alice")].deadline == start + WINDOW  # quiet hours never move deadlines


def test_quiet_hours_follow_daylight_saving_changes() -> None:
    ny = ReminderPrefs("u", tz="America/New_York", quiet_start=6 * 60, quiet_end=7 * 60)
    assert in_quiet_hours(utc(2026, 3, 7, 11, 30), ny)  # 06:30 EST (UTC-5)
    assert not in_quiet_hours(utc(2026, 3, 9, 11, 30), ny)  # same UTC time is 07:30 EDT after the change
    assert in_quiet_hours(utc(2026, 3, 9, 10, 30), ny)  # 06:30 EDT (UTC-4)
    paris = ReminderPrefs("u", tz="Europe/Paris", quiet_start=23 * 60, quiet_end=7 * 60)
    assert in_quiet_hours(utc(2026, 10, 24, 21, 30), paris)  # 23:30 CEST (UTC+2)
    assert not in_quiet_hours(utc(2026, 10, 25, 21, 30), paris)  # 22:30 CET (UTC+1) after the change
    assert in_quiet_hours(utc(2026, 10, 26, 5, 30), paris)  # 06:30 CET, across midnight
    assert not in_quiet_hours(utc(2026, 10, 26, 6, 30), paris)


async def test_not_this_turn_silences_only_the_current_turn(kit: Kit) -> None:
    game = await start_game(kit.service)
    await quiet_everyone(kit, "alice", "bob")
    assert "No more reminders" in await kit.scheduler.reminders.mute("c1", "alice")
    texts = await kit.scheduler.sweep(T0 + 0.5 * WINDOW + 1)
    assert [n.user_id for n in texts] == ["bob"]
    for notice in texts:
        await kit.scheduler.sent(notice.id)
    for user in ("alice", "bob"):
        await bid_and_lock(kit.service, "c1", user)
    game = await kit.service.game_by_id(game.id)
    first = game.player_at(0).user_id  # type: ignore[union-attr]
    clock = (await kit.clocks(game.id))[0]
    assert clock.due_since == T0 and clock.deadline == T0 + WINDOW + 4 * HOUR  # the bank gained 4 h
    texts = await kit.sweep(T0 + 0.5 * (WINDOW + 4 * HOUR) + 1)  # a new turn: reminders are back
    assert len(texts) == 1 and f"<t:{int(clock.deadline)}:R>" in texts[0]
    with pytest.raises(NotAllowed):
        await kit.scheduler.reminders.mute("c1", "bob" if first == "alice" else "alice")


async def test_one_digest_per_user_even_when_due_in_several_games(kit: Kit) -> None:
    await start_game(kit.service, channel="c1")
    kit.clock.advance(HOUR)
    await start_game(kit.service, channel="c2", humans=("alice", "carol"))
    await quiet_everyone(kit, "alice", "bob", "carol")
    notices = await kit.scheduler.sweep(T0 + HOUR + 0.5 * WINDOW + 1)
    alice = [n for n in notices if n.user_id == "alice"]
    assert len(alice) == 1
    assert "2 games are waiting for you" in alice[0].text
    first, second = alice[0].text.index("#1"), alice[0].text.index("#2")
    assert first < second  # most urgent first
    assert "/g1/c1" in alice[0].text and "/g1/c2" in alice[0].text
    assert sorted(n.user_id for n in notices) == ["alice", "bob", "carol"]


async def test_settings_are_checked(kit: Kit) -> None:
    r = kit.scheduler.reminders
    with pytest.raises(ServiceError):
        await r.update("alice", tz="Mars/Olympus_Mons")
    with pytest.raises(ServiceError):
        await r.update("alice", quiet="22")
    with pytest.raises(ServiceError):
        await r.update("alice", quiet="25:00-07:00")
    with pytest.raises(ServiceError):
        await r.update("alice", mode="pigeon")
    prefs = await r.update("alice", mode="both", interval_hours=6, tz="Europe/Paris", quiet="22:30-07:00")
    assert prefs == ReminderPrefs("alice", "both", 6, "Europe/Paris", 22 * 60 + 30, 7 * 60)
    assert "quiet hours 22:30–07:00" in r.describe(prefs)
    assert (await r.update("alice", quiet="off")).quiet_start is None
    assert DAY == 24 * HOUR
