"""The one sweep that keeps games moving. Everything it needs lives in the DB (timestamps, markers,
the notice outbox), so a restart loses nothing and repeats nothing.

``sweep(now)`` ends vacations whose time is up, applies timeout policies to expired seats, queues
reminder digests, archives idle games, then claims and returns the notices not yet delivered. The
adapter delivers each and calls :meth:`Scheduler.sent`; an undelivered notice comes back once its claim's
lease (``lease_seconds``) runs out.

Several processes may sweep one database at once: timeouts and idle archives take only games of this
process's guilds (``Games.shards``) and are guarded by the game's version and status; a vacation ends and a
reminder point is handled by one conditional update (the loser writes nothing); each notice is claimed by
one process before it is delivered.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from .deadlines import Deadlines
from .mygames import mygames_text, waiting_games
from .pace_store import Notice, PaceStore
from .pacing import DAY
from .reminders import Reminders
from .service import GameService
from .shards import process_name
from .timeouts import Timeouts
from .vacation import DEFAULT_ALLOWANCE_DAYS, Vacations

log = logging.getLogger("turnkeeper.scheduler")
DEFAULT_IDLE_DAYS = 60.0
LEASE_SECONDS = 120.0
"""How long a claimed notice (or job) is this process's; after that another process may take it over."""


class Scheduler:
    """Deadlines, reminders, vacations, timeouts, /mygames and the sweep, over one service.

    ``bot/service/host.py`` registers its game hooks (the deadlines' and ``timeouts.take_back``).
    """

    def __init__(self, service: GameService, *, idle_days: float = DEFAULT_IDLE_DAYS,
                 vacation_days: float = DEFAULT_ALLOWANCE_DAYS, lease_seconds: float = LEASE_SECONDS,
                 owner: str | None = None) -> None:
        self.service = service
        self.lease_seconds = lease_seconds
        self.owner = owner or process_name(service.games.shards)
        """This process's name in claimed rows."""
        self.store = PaceStore(service.storage)
        self.idle_days = idle_days
        self.deadlines = Deadlines(service, self.store)
        self.reminders = Reminders(service, self.store)
        self.vacations = Vacations(service, self.store, vacation_days)
        self.timeouts = Timeouts(service, self.store)

    async def sweep(self, now: float | None = None) -> list[Notice]:
        """Do all due work as of ``now`` and return the notices waiting for delivery."""
        now = self.service.clock() if now is None else now
        steps: list[tuple[str, Callable[[float], Awaitable[int]]]] = [
            ("vacations", self.vacations.end_due), ("timeouts", self.timeouts.expire_due),
            ("reminders", self.reminders.enqueue_due), ("archiving", self.archive_idle)]
        for name, step in steps:
            try:
                await step(now)
            except Exception:  # one failing part must not stop the others
                log.exception("sweep step %s failed", name)
        return await self.store.claim_unsent(self.owner, now, self.lease_seconds)

    async def sent(self, notice_id: int, now: float | None = None) -> None:
        """The adapter delivered a notice (by DM or in a channel)."""
        await self.store.mark_sent(notice_id, self.service.clock() if now is None else now)

    async def archive_idle(self, now: float) -> int:
        """Close open games with no change for ``idle_days``, with a notice to the table."""
        count = 0
        for game_id, channel_id, guild_id in await self.store.idle_games(now - self.idle_days * DAY, now):
            if not self.service.games.shards.owns(guild_id):
                continue
            text = (f"🗄️ Game #{game_id} had no move for {self.idle_days:g} days and was archived. "
                    "Start a new one with `/game new`.")
            async with self.service.lock(game_id):
                notice = self.store.notice_statement("table", text, now, channel_id=channel_id)
                count += await self.store.archive(game_id, now, notice)
        return count

    async def mygames(self, user_id: str) -> str:
        """The ``/mygames`` answer."""
        waiting, others = await waiting_games(self.service, self.store, user_id)
        return mygames_text(waiting, others)
