"""Background jobs in the database: work taken off the players' path (a league round's match threads,
a season's start), done by a worker of the process running the job's guild, resumable after a crash.

A job is a row (``jobs``, migration 026): kind, guild, JSON payload, state (``pending`` until first
claimed, then ``running``, then ``done`` or ``failed``), a progress line, attempts and a claim. A worker
claims one job at a time with a conditional ``UPDATE`` (a lease of ``lease`` seconds, taken over by
another worker once it runs out, e.g. after a crash; a restarted process takes its own back at once), runs
its handler and marks it done; a handler that fails is retried (after ``RETRY`` seconds) up to
``MAX_ATTEMPTS`` times. Handlers must be safe to run again from the start: the league's
are (pairing skips a paired round; opening skips opened matches). ``dedup`` keeps one job per key waiting
to start (a job already running does not absorb a new one, which may have more to do).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from .shards import Shards
from .storage import Storage

log = logging.getLogger("turnkeeper.jobs")
MAX_ATTEMPTS = 5
RETRY = 30.0
"""Seconds before a failed job is tried again."""

Handler = Callable[["Job"], Awaitable[None]]


@dataclass(frozen=True)
class Job:
    """One claimed job."""

    id: int
    kind: str
    guild_id: str | None
    payload: dict[str, Any]
    attempts: int


class JobStore:
    """The ``jobs`` table."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    async def enqueue(self, kind: str, guild_id: str | None, payload: dict[str, Any], now: float,
                      dedup: str | None = None) -> None:
        """Add a pending job (nothing when a pending job with the same ``dedup`` key exists)."""
        await self.storage.write([(
            "INSERT OR IGNORE INTO jobs (kind, guild_id, payload, dedup, state, created_at)"
            " VALUES (?, ?, ?, ?, 'pending', ?)", (kind, guild_id, json.dumps(payload), dedup, now))])

    async def claim(self, owner: str, now: float, lease: float, shards: Shards) -> Job | None:
        """Claim the oldest pending job of an owned guild that nobody else holds; None when there is none."""
        free = ("state IN ('pending', 'running') AND (claimed_until IS NULL OR claimed_until < ? OR claimed_by = ?)")
        rows = await self.storage.fetch(f"SELECT id, kind, guild_id, payload, attempts FROM jobs WHERE {free}"
                                        " ORDER BY id LIMIT 50", (now, owner))
        for row in rows:
            if not shards.owns(row[2]):
                continue
            async with self.storage.transaction() as db:
                cursor = await db.execute(
                    "UPDATE jobs SET state = 'running', claimed_by = ?, claimed_until = ?, attempts = attempts + 1"
                    f" WHERE id = ? AND {free}",
                    (owner, now + lease, row[0], now, owner))
                if cursor.rowcount == 1:
                    return Job(row[0], row[1], row[2], json.loads(row[3]), row[4] + 1)
        return None

    async def progress(self, job_id: int, text: str) -> None:
        """Record how far a job got (shown to organisers)."""
        await self.storage.write([("UPDATE jobs SET progress = ? WHERE id = ?", (text, job_id))])

    async def finish(self, job_id: int, now: float) -> None:
        """The job is done."""
        await self.storage.write([("UPDATE jobs SET state = 'done', done_at = ?, claimed_until = NULL WHERE id = ?",
                                   (now, job_id))])

    async def failed(self, job: Job, error: str, now: float) -> None:
        """The handler raised: try again after ``RETRY`` seconds, or give up after ``MAX_ATTEMPTS``."""
        if job.attempts >= MAX_ATTEMPTS:
            await self.storage.write([("UPDATE jobs SET state = 'failed', error = ?, done_at = ? WHERE id = ?",
                                       (error[:500], now, job.id))])
        else:
            await self.storage.write([("UPDATE jobs SET error = ?, claimed_until = ?, claimed_by = NULL WHERE id = ?",
                                       (error[:500], now + RETRY, job.id))])

    async def pending(self, guild_id: str | None = None) -> list[tuple[int, str, dict[str, Any], str | None]]:
        """``(id, kind, payload, progress)`` of the unfinished jobs (of one guild, if given), oldest first."""
        where, params = ("state IN ('pending', 'running')", ()) if guild_id is None else \
            ("state IN ('pending', 'running') AND guild_id = ?", (guild_id,))
        rows = await self.storage.fetch(f"SELECT id, kind, payload, progress FROM jobs WHERE {where} ORDER BY id",
                                        params)
        return [(r[0], r[1], json.loads(r[2]), r[3]) for r in rows]


class Jobs:
    """The worker: handlers by kind; :meth:`run_due` does every claimable job; :meth:`wake` asks the
    running loop (:meth:`run_forever`) to look now instead of at its next tick."""

    def __init__(self, storage: Storage, *, clock: Callable[[], float], owner: str, shards: Shards,
                 lease: float) -> None:
        self.store = JobStore(storage)
        self.clock = clock
        self.owner = owner
        self.shards = shards
        self.lease = lease
        self.handlers: dict[str, Handler] = {}
        self.background = False
        """True once a worker loop runs: work is queued as jobs instead of done on the caller's path."""
        self._wake = asyncio.Event()

    def wake(self) -> None:
        """A job was queued: look at once."""
        self._wake.set()

    async def run_due(self) -> int:
        """Claim and run jobs until none is left for this process; returns how many were done."""
        done = 0
        while (job := await self.store.claim(self.owner, self.clock(), self.lease, self.shards)) is not None:
            handler = self.handlers.get(job.kind)
            try:
                if handler is None:
                    raise LookupError(f"no handler for job kind {job.kind!r}")
                await handler(job)
            except Exception as error:  # a job's failure is recorded and retried
                log.exception("job %s (%s) failed", job.id, job.kind)
                await self.store.failed(job, f"{type(error).__name__}: {error}", self.clock())
                continue
            await self.store.finish(job.id, self.clock())
            done += 1
        return done

    async def run_forever(self, every: float) -> None:
        """The worker loop: run due jobs, then wait ``every`` seconds or until :meth:`wake`."""
        self.background = True
        while True:
            try:
                await self.run_due()
            except Exception:  # the database is away for a moment: try again at the next tick
                log.exception("the job worker failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=every)
            self._wake.clear()
