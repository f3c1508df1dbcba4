"""The sweep: restart-safe outbox, no duplicate reminders, isolation of failures, idle archiving."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service.host import build_host
from bot.service.sqlite import SQLiteStorage
from tests.service._pace_support import DAY, HOUR, T0, FakeClock, Kit
from tests.service._support import bid_and_lock, open_lobby, start_game
from tests.service.conftest import Backend

WINDOW = 96 * HOUR


async def test_a_restart_never_repeats_a_reminder_and_redelivers_what_was_not_sent(kit: Kit, backend: Backend) -> None:
    await start_game(kit.service)
    first = await kit.scheduler.sweep(T0 + 0.5 * WINDOW + 1)
    assert len(first) == 2
    await kit.scheduler.sent(first[0].id)  # "crash" before the second was delivered
    again = await kit.scheduler.sweep(T0 + 0.5 * WINDOW + 2)
    assert [n.id for n in again] == [first[1].id]  # the same row, not a new reminder
    store = backend.make()  # a new process on the same database
    await store.open()
    try:
        clock = FakeClock(T0 + 0.5 * WINDOW + 60)
        restarted = build_host(store, renderer=None, clock=clock).scheduler
        after = await restarted.sweep()
        assert [(n.id, n.text) for n in after] == [(first[1].id, first[1].text)]
        await restarted.sent(first[1].id)
        assert await restarted.sweep() == []
        assert len(await restarted.sweep(T0 + 0.8 * WINDOW + 1)) == 2  # the next escalation, once
    finally:
        await store.close()


async def test_dm_reminders_carry_the_channel_to_fall_back_to(kit: Kit) -> None:
    await start_game(kit.service)
    notices = await kit.scheduler.sweep(T0 + 0.5 * WINDOW + 1)
    assert all(n.dm and n.channel_id == "c1" and n.user_id in ("alice", "bob") for n in notices)


async def test_a_failing_step_does_not_stop_the_others(kit: Kit, monkeypatch: pytest.MonkeyPatch,
                                                      caplog: pytest.LogCaptureFixture) -> None:
    game = await start_game(kit.service)

    async def broken(now: float) -> int:
        raise RuntimeError("reminders are broken")

    monkeypatch.setattr(kit.scheduler.reminders, "enqueue_due", broken)
    texts = await kit.sweep(T0 + WINDOW + 1)
    assert sum("ran out of time" in t for t in texts) == 2
    assert (await kit.service.game_by_id(game.id)).version > 0
    assert "sweep step reminders failed" in caplog.text


async def test_idle_games_are_archived_with_a_notice(kit: Kit) -> None:
    old = await start_game(kit.service, channel="c1")
    await kit.scheduler.deadlines.set_pace("c1", "mod", True, "off")
    await open_lobby(kit.service, channel="c2")
    kit.clock.advance(59 * DAY)
    fresh = await start_game(kit.service, channel="c3", humans=("carol", "dave"))
    texts = await kit.sweep(T0 + 60 * DAY + 1)
    archived = [t for t in texts if "archived" in t]
    assert len(archived) == 2 and any(f"Game #{old.id} had no move for 60 days" in t for t in archived)
    assert (await kit.service.game_by_id(old.id)).status == "cancelled"
    assert await kit.scheduler.store.is_archived(old.id)
    assert (await kit.service.game_by_id(fresh.id)).status == "running"
    assert await kit.sweep(T0 + 60 * DAY + 2) == []


async def test_the_sweep_reads_deadlines_through_the_index(db_path: Path) -> None:
    storage = SQLiteStorage(db_path)  # SQLite's query planner (PostgreSQL's plans depend on table sizes)
    await storage.open()
    try:
        rows = await storage.fetch("EXPLAIN QUERY PLAN SELECT game_id FROM seat_clocks WHERE deadline IS NOT NULL"
                                   " AND deadline <= 5")
        assert "seat_clocks_by_deadline" in " ".join(str(r[-1]) for r in rows)
        rows = await storage.fetch("EXPLAIN QUERY PLAN SELECT id FROM notices WHERE sent_at IS NULL ORDER BY id")
        assert "notices_unsent" in " ".join(str(r[-1]) for r in rows)
    finally:
        await storage.close()


async def test_a_late_reminder_marker_never_resurrects_a_finished_turn(kit: Kit) -> None:
    game = await start_game(kit.service)
    seat = game.seat_of("alice")
    stale = (await kit.clocks(game.id))[seat]  # read by a sweep…
    await bid_and_lock(kit.service, "c1", "alice")  # …while alice finishes her turn
    stale.reminded = T0 + 1
    await kit.scheduler.store.add_notices([kit.scheduler.store.reminded_statement(stale)])
    clock = (await kit.clocks(game.id))[seat]
    assert clock.deadline is None and clock.reminded is None
