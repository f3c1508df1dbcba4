"""Vacation: clocks pause in every game, deadlines shift when it ends, the yearly allowance."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.service.errors import NotAllowed, ServiceError
from bot.service.vacation import parse_until
from tests.service._pace_support import DAY, HOUR, T0, Kit
from tests.service._support import bid_and_lock, start_game

WINDOW = 96 * HOUR


async def test_vacation_pauses_reminders_and_timeouts_then_shifts_the_deadline(kit: Kit) -> None:
    game = await start_game(kit.service)
    seat = game.seat_of("alice")
    await bid_and_lock(kit.service, "c1", "bob")
    kit.clock.advance(10 * HOUR)
    text = await kit.scheduler.vacations.start("alice", "g1", "5", kit.clock.now)
    assert "5.0 days" in text and "16.0 left" in text
    told = await kit.sweep()
    assert any("Alice is on vacation until" in t for t in told)
    during = await kit.sweep(T0 + 4.5 * DAY)  # past alice's original deadline: she is away, nothing happens
    assert not any("Alice" in t or "alice" in t.lower() for t in during)
    assert (await kit.service.game_by_id(game.id)).version == 2  # only bob's bid and lock
    assert (await kit.service.status("c1")).deadlines == {}  # no stale deadline shown for alice
    back = await kit.sweep(T0 + 10 * HOUR + 5 * DAY + 60)
    assert any("Alice is back from vacation" in t for t in back)
    clock = (await kit.clocks(game.id))[seat]
    assert clock.deadline == T0 + WINDOW + 5 * DAY - 10 * HOUR + 10 * HOUR  # shifted by exactly 5 days
    assert await kit.scheduler.store.open_vacation("alice") is None


async def test_ending_early_shifts_by_the_time_away_and_returns_the_unused_days(kit: Kit) -> None:
    game = await start_game(kit.service)
    await kit.scheduler.vacations.start("alice", "g1", "10", T0)
    assert "Welcome back" in await kit.scheduler.vacations.end("alice", T0 + 2 * DAY)
    clock = (await kit.clocks(game.id))[game.seat_of("alice")]
    assert clock.deadline == T0 + WINDOW + 2 * DAY and clock.due_since == T0 + 2 * DAY
    assert await kit.scheduler.vacations.used("alice", T0 + 2 * DAY) == pytest.approx(2)
    assert "19.0 of 21 vacation days left" in await kit.scheduler.vacations.status("alice", "g1", T0 + 2 * DAY)
    with pytest.raises(ServiceError):
        await kit.scheduler.vacations.end("alice", T0 + 3 * DAY)


async def test_a_seat_that_becomes_due_during_the_vacation_starts_its_clock_on_return(kit: Kit) -> None:
    game = await start_game(kit.service, humans=("bob", "alice"))
    assert game.seat_of("bob") == 0  # bob plays first in the turn phase
    await kit.scheduler.vacations.start("bob", "g1", "3", T0)
    kit.clock.advance(DAY)
    for user in ("alice", "bob"):  # bob may still move while away; the time away is not charged
        await bid_and_lock(kit.service, "c1", user)
    clock = (await kit.clocks(game.id))[0]
    assert clock.bank == 52 * HOUR and clock.due_since == T0 + DAY
    await kit.sweep(T0 + 3 * DAY + 1)
    clock = (await kit.clocks(game.id))[0]
    assert clock.due_since == T0 + 3 * DAY  # his turn began while away: it starts when he returns
    assert clock.deadline == T0 + 3 * DAY + 48 * HOUR + 52 * HOUR


async def test_the_yearly_allowance_is_set_per_server_and_enforced(kit: Kit) -> None:
    await start_game(kit.service)
    v = kit.scheduler.vacations
    with pytest.raises(NotAllowed):
        await v.set_allowance("g1", 3, is_admin=False)
    assert "3 days a year" in await v.set_allowance("g1", 3, is_admin=True)
    with pytest.raises(NotAllowed, match=r"3\.0 of 3 vacation days left"):
        await v.start("alice", "g1", "5", T0)
    await v.start("alice", "g1", None, T0)  # without a date: what is left of the allowance
    vacation = await kit.scheduler.store.open_vacation("alice")
    assert vacation is not None and vacation.until == T0 + 3 * DAY
    await kit.sweep(T0 + 3 * DAY)
    with pytest.raises(NotAllowed, match="used your 3"):
        await v.start("alice", "g1", "1", T0 + 4 * DAY)
    # another server's default allowance does not help: the smallest allowance of her games applies
    with pytest.raises(NotAllowed):
        await v.start("alice", "g2", "1", T0 + 4 * DAY)
    # a new calendar year starts a fresh allowance
    next_year = datetime(2027, 1, 2, tzinfo=UTC).timestamp()
    assert "Enjoy" in await v.start("alice", "g1", "2", next_year)


async def test_default_allowance_is_21_days(kit: Kit) -> None:
    v = kit.scheduler.vacations
    with pytest.raises(NotAllowed, match=r"21\.0 of 21"):
        await v.start("carol", "g9", "22", T0)
    assert "Enjoy" in await v.start("carol", "g9", "21", T0)
    with pytest.raises(ServiceError, match="already on vacation"):
        await v.start("carol", "g9", "1", T0)


def test_until_accepts_days_hours_and_dates_in_the_users_zone() -> None:
    assert parse_until("7", T0) == T0 + 7 * DAY
    assert parse_until("36h", T0) == T0 + 36 * HOUR
    end = parse_until("2026-07-01", T0, "Europe/Paris")
    assert end == datetime(2026, 7, 1, 22, tzinfo=UTC).timestamp()  # midnight after 1 July in Paris (UTC+2)
    with pytest.raises(ServiceError):
        parse_until("next week", T0)
