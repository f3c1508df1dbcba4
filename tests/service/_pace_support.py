"""Shared by the keeping-games-moving tests: a settable clock and a service with the scheduler."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from bot.service.host import build_host
from bot.service.pace_store import Clock as SeatClock
from bot.service.scheduler import Scheduler
from bot.service.service import GameService
from bot.service.sqlite import SQLiteStorage

HOUR = 3600.0
DAY = 24 * HOUR
T0 = 1_780_000_000.0  # 2026-05-28 (UTC), a Thursday


class FakeClock:
    """A clock the test moves by hand (no sleeping)."""

    def __init__(self, now: float = T0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> float:
        self.now += seconds
        return self.now


@dataclass
class Kit:
    """A service on a real temp SQLite file with an injected clock and the scheduler installed."""

    service: GameService
    scheduler: Scheduler
    clock: FakeClock

    async def clocks(self, game_id: int) -> dict[int, SeatClock]:
        """Every seat clock of a game."""
        return await self.scheduler.store.clocks(game_id)

    async def sweep(self, at: float | None = None) -> list[str]:
        """Sweep at ``at`` (default: now), mark every notice sent and return their texts."""
        if at is not None:
            self.clock.now = at
        notices = await self.scheduler.sweep(self.clock.now)
        for notice in notices:
            await self.scheduler.sent(notice.id)
        return [n.text for n in notices]


@pytest.fixture
def kit(storage: SQLiteStorage) -> Kit:
    """The service with an injected clock and the scheduler."""
    clock = FakeClock()
    host = build_host(storage, renderer=None, clock=clock)
    return Kit(host.service, host.scheduler, clock)
