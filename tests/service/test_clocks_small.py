"""Issue 22, clocks: a pace change applies from the next turn, and the small ones (quiet hours that never quiet,
the en dash of /remind, a vacation ending on a daylight-saving day, idle games that still wait for a seat)."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.service.errors import ServiceError
from tests.service._pace_support import DAY, HOUR, T0, Kit
from tests.service._support import open_lobby, start_game, to_turn_phase


async def test_a_pace_change_applies_from_the_next_turn(kit: Kit) -> None:
    """#22 normal → fast during her 48 h turn; she moves 40 h in: settled as normal, not charged against 12 h."""
    game = await start_game(kit.service)
    game = await to_turn_phase(kit.service, game.id)
    assert (await kit.clocks(game.id))[0].bank == 52 * HOUR  # 48 h + 4 h for the bid
    kit.clock.advance(HOUR)
    await kit.scheduler.deadlines.set_pace("c1", "mod", True, "fast")
    assert (await kit.clocks(game.id))[0].deadline == T0 + 48 * HOUR + 52 * HOUR  # the running turn keeps its time
    kit.clock.advance(39 * HOUR)
    await kit.service.play("alice", "done", game_id=game.id)
    clocks = await kit.clocks(game.id)
    assert clocks[0].bank == 56 * HOUR  # normal: no overtime, +4 h (fast would have left 25 h)
    assert clocks[1].bank == 24 * HOUR  # bob's new turn is fast: his bank is capped by fast's 24 h
    assert clocks[1].deadline == kit.clock.now + 12 * HOUR + 24 * HOUR


async def test_quiet_hours_that_start_and_end_at_the_same_time_are_refused(kit: Kit) -> None:
    """#22 "22:00-22:00" was accepted and never quiet."""
    with pytest.raises(ServiceError, match="start and end at the same time"):
        await kit.scheduler.reminders.update("alice", quiet="22:00-22:00")


@pytest.mark.parametrize("typed", ["22:00-07:30", "22:00–07:30", "22:00—07:30", "22:00 – 07:30"])
async def test_quiet_hours_accept_the_hyphen_and_the_dash_remind_shows(kit: Kit, typed: str) -> None:
    """#22 /remind shows quiet hours with an en dash; what it shows can be typed back."""
    prefs = await kit.scheduler.reminders.update("alice", quiet=typed)
    assert (prefs.quiet_start, prefs.quiet_end) == (22 * 60, 7 * 60 + 30)
    shown = kit.scheduler.reminders.describe(prefs)
    assert "quiet hours 22:00–07:30" in shown
    again = await kit.scheduler.reminders.update("alice", quiet=shown.split("quiet hours ")[1].split(" ")[0])
    assert again == prefs


@pytest.mark.parametrize(("tz", "day"), [("Europe/Paris", "2026-03-29"), ("America/New_York", "2026-11-01"),
                                         ("Europe/Paris", "2026-04-10")])
async def test_a_vacation_until_a_daylight_saving_day_ends_at_local_midnight(kit: Kit, tz: str, day: str) -> None:
    """#22 a vacation ending on a 23- or 25-hour day ended an hour off: it ends at the next local midnight."""
    kit.clock.now = datetime.fromisoformat(day).replace(tzinfo=ZoneInfo("UTC")).timestamp() - 4 * DAY
    await kit.scheduler.reminders.update("alice", tz=tz)
    await kit.scheduler.vacations.start("alice", "g1", day, kit.clock.now)
    vacation = await kit.scheduler.store.open_vacation("alice")
    assert vacation is not None
    end = datetime.fromtimestamp(vacation.until, ZoneInfo(tz))
    assert (end.hour, end.minute) == (0, 0) and end.day == int(day[8:]) + 1


async def test_an_idle_game_inside_a_deadline_is_not_archived(kit: Kit) -> None:
    """#22 a long custom turn: 61 days without a move but the seat is still inside its deadline."""
    game_id = await open_lobby(kit.service)
    await kit.scheduler.deadlines.set_pace("c1", "mod", True, "custom", (80 * 24.0, 0.0, 0.0, None))
    await kit.service.start("c1", "alice")
    texts = await kit.sweep(T0 + 61 * DAY)
    assert not [t for t in texts if "archived" in t]
    assert (await kit.service.game_by_id(game_id)).status == "running"


async def test_an_idle_game_with_a_player_on_vacation_is_not_archived(kit: Kit) -> None:
    """#22 no deadlines (pace off), 61 days without a move, but a player is on vacation: kept."""
    game = await start_game(kit.service)
    await kit.scheduler.deadlines.set_pace("c1", "mod", True, "off")
    kit.clock.now = T0 + 50 * DAY
    await kit.scheduler.vacations.start("bob", "g1", "14", kit.clock.now)
    texts = await kit.sweep(T0 + 61 * DAY)
    assert not [t for t in texts if "archived" in t]
    assert (await kit.service.game_by_id(game.id)).status == "running"
    texts = await kit.sweep(T0 + 65 * DAY)  # back from vacation, still no move: now it is idle
    assert any(f"Game #{game.id} had no move for 60 days" in t for t in texts)
