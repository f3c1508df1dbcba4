"""What the league parts share: the game service, the league store, the adapter's host, the league lock,
and the small steps both sign-ups and matches take (permissions, announcements, standings, the waitlist)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from ..errors import NotAllowed
from ..jobs import Jobs
from ..results import Post
from ..service import GameService
from .models import Actor, League, Season, Standing
from .standings import compute_standings
from .store import LeagueStore

log = logging.getLogger("turnkeeper.leagues")
MatchReady = Callable[[League, int], Awaitable[None]]


class LeagueHost(Protocol):
    """What the adapter does for leagues: threads, board posts, announcements."""

    async def open_thread(self, channel_id: str, name: str) -> str:
        """Create a thread under ``channel_id``; returns its id."""

    async def publish(self, post: Post, intro: str) -> None:
        """Post ``intro`` (mentions) and the board of a new match in its thread."""

    async def announce(self, channel_id: str, text: str) -> None:
        """Post a plain message in a channel."""


class LeagueContext:
    """Shared by :class:`~.service.LeagueService` and :class:`~.matches.Matches`."""

    def __init__(self, games: GameService, store: LeagueStore, host: LeagueHost | None) -> None:
        self.games = games
        self.store = store
        self.host = host
        self.lock = asyncio.Lock()
        """Serialises pairing and result recording (taken after a game's lock, never before one)."""
        self.jobs: Jobs | None = None
        """The job worker (set by :meth:`~.service.LeagueService.use_jobs`): once it runs in the background,
        opening matches and starting seasons are queued as jobs instead of done before the reply."""
        self.reply_wait = 2.0
        """Seconds ``/league season start`` waits for its job before answering that it goes on in the
        background (the command was deferred at once, so no interaction deadline is at stake)."""
        self.on_match_ready: list[MatchReady] = []
        """Called with the league and game id when a match's seats are filled, just before the game
        starts: the host applies ``league.pace`` and ``league.timeout_policy`` there."""

    @property
    def deferred(self) -> bool:
        """Whether league work goes to the background job worker."""
        return self.jobs is not None and self.jobs.background

    async def later(self, kind: str, league: League, **payload: Any) -> None:
        """Queue a league job (one waiting per kind and league) and wake the worker."""
        assert self.jobs is not None
        await self.jobs.store.enqueue(kind, league.guild_id, {"league_id": league.id, **payload}, self.now(),
                                      dedup=f"{kind}:{league.id}")
        self.jobs.wake()

    def now(self) -> float:
        """The service clock."""
        return self.games.clock()

    async def is_organiser(self, guild_id: str, actor: Actor) -> bool:
        """Server admins (Manage Server) and holders of the configured organiser role."""
        role, _ = await self.store.guild_settings(guild_id)
        return actor.is_admin or (role is not None and role in actor.roles)

    async def require_organiser(self, guild_id: str, actor: Actor) -> None:
        """Refuse non-organisers politely."""
        if not await self.is_organiser(guild_id, actor):
            raise NotAllowed("Only league organisers (Manage Server, or the organiser role) can do that.")

    async def standings(self, league: League) -> tuple[Season, list[Standing]]:
        """The current season's standings (every signed-up player, best first)."""
        season = await self.store.season(league.id)
        entries = [(e.user_id, e.name) for e in await self.store.entries(season.id) if e.status != "waitlist"]
        return season, compute_standings(entries, await self.store.matches(season.id))

    async def promote(self, league: League, season: Season) -> str | None:
        """Move the first waiting player up when there is room (league lock held); returns their name."""
        entries = await self.store.entries(season.id)
        active = sum(e.status == "active" for e in entries)
        waiting = [e for e in entries if e.status == "waitlist"]
        if waiting and (league.cap is None or active < league.cap):
            await self.store.set_entry_status(season.id, waiting[0].user_id, "active")
            return waiting[0].name
        return None

    async def announce(self, channel_id: str, text: str) -> None:
        """A line in a channel through the host; a failure is logged, never raised."""
        if self.host is None:
            return
        try:
            await self.host.announce(channel_id, text)
        except Exception as err:  # noqa: BLE001 - an announcement is never worth failing a result
            log.warning("league announcement in %s failed (%s)", channel_id, err)
