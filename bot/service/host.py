"""The composition root: the one place the host is built and wired.

``build_host`` makes the game service, the scheduler (deadlines, reminders, vacations, timeouts) and
the league service over one storage, and registers every game hook; ``open_host`` does the same from
the settings (opening the database and the render pool). The Discord client, ``python -m bot``, the
sandbox, the benches and the tests all build the host here.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from dataclasses import dataclass

from bot.config import Settings

from .games import Clock
from .jobs import Jobs
from .leagues import League, LeagueHost, LeagueService
from .postgres import PostgresStorage
from .posts import Renderer, default_renderer
from .render_pool import render_executor
from .replay_check import mark_imported
from .scheduler import DEFAULT_IDLE_DAYS, LEASE_SECONDS, Scheduler
from .service import GameService
from .shards import Shards
from .sql_storage import SqlStorage
from .sqlite import SQLiteStorage
from .vacation import DEFAULT_ALLOWANCE_DAYS

LEAGUE_POLICY = {"forfeit": "skip", "bot": "bot", "default": "default"}
"""League timeout policy → the deadlines feature's policy ("skip" forfeits after its strikes)."""


@dataclass
class Host:
    """Everything the adapters call, built over one storage."""

    storage: SqlStorage
    service: GameService
    scheduler: Scheduler
    leagues: LeagueService
    executor: Executor | None = None
    """The render pool this host started (shut down by :meth:`close`)."""
    jobs: Jobs | None = None
    """The background job worker (its loop runs in the bot: ``jobs.run_forever``)."""

    async def close(self) -> None:
        """Stop the render pool and close the storage."""
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
        await self.storage.close()


def build_host(storage: SqlStorage, *, renderer: Renderer | None = default_renderer, clock: Clock = time.time,
               executor: Executor | None = None, league_host: LeagueHost | None = None,
               idle_days: float = DEFAULT_IDLE_DAYS, vacation_days: float = DEFAULT_ALLOWANCE_DAYS,
               max_bot_moves: int = 2000, shards: Shards | None = None, lease_seconds: float = LEASE_SECONDS) -> Host:
    """The service, scheduler and leagues over an open ``storage``, with every hook registered."""
    service = GameService(storage, renderer=renderer, clock=clock, executor=executor, max_bot_moves=max_bot_moves,
                          shards=shards)
    scheduler = Scheduler(service, idle_days=idle_days, vacation_days=vacation_days, lease_seconds=lease_seconds)
    leagues = LeagueService(service, league_host)
    hooks = service.hooks
    hooks.on_change.append(scheduler.deadlines.on_change)
    hooks.on_post.append(scheduler.deadlines.decorate)
    hooks.on_post.append(mark_imported)
    hooks.on_lobby.append(scheduler.deadlines.describe_lobby)
    hooks.on_move.append(scheduler.timeouts.take_back)
    hooks.on_change.append(leagues.on_game_changed)  # after the deadlines: it may end a league match
    hooks.on_finish.append(leagues.on_game_finished)
    leagues.on_match_ready.append(league_pace(service, scheduler))
    jobs = Jobs(storage, clock=clock, owner=scheduler.owner, shards=service.games.shards, lease=lease_seconds)
    leagues.use_jobs(jobs)
    return Host(storage, service, scheduler, leagues, executor, jobs)


async def open_host(settings: Settings, league_host: LeagueHost | None = None) -> Host:
    """The host as ``python -m bot`` runs it: the settings' database (a SQLite file or a PostgreSQL server)
    and render pool."""
    storage: SqlStorage = (PostgresStorage(settings.db_path, pool_size=settings.db_pool)
                           if settings.uses_postgres else SQLiteStorage(settings.db_path))
    await storage.open()
    executor = render_executor(settings.render_processes, settings.render_threads)
    return build_host(storage, executor=executor, league_host=league_host, idle_days=settings.idle_days,
                      vacation_days=settings.vacation_days, shards=settings.shards,
                      lease_seconds=settings.lease_seconds)


def league_pace(service: GameService, scheduler: Scheduler) -> Callable[[League, int], Awaitable[None]]:
    """The match-ready hook that gives a league game the league's pace and timeout policy."""

    async def apply(league: League, game_id: int) -> None:
        channel = (await service.game_by_id(game_id)).channel_id
        await scheduler.deadlines.set_pace(channel, f"league-{league.id}", True, league.pace)
        await scheduler.deadlines.set_policy(channel, f"league-{league.id}", True, LEAGUE_POLICY[league.timeout_policy])

    return apply
