"""The league service: leagues, sign-ups and seasons over the game service (no Discord here)."""

from __future__ import annotations

import asyncio
from itertools import pairwise
from typing import Any

from engines.core import OptionError

from ..errors import NoGame, NotAllowed
from ..jobs import Job, Jobs
from ..naming import clean_name, clean_text
from ..service import GameService
from .context import LeagueContext, LeagueHost
from .deadline import SeasonDeadlines
from .matches import Matches
from .models import FORMATS, Actor, League, LeagueError, Match, Season
from .pairing import default_rounds
from .planner import Coverage, coverage
from .season_plan import decode_plan
from .store import LeagueStore

MAX_NAME = 40
PACES = ("fast", "normal", "slow", "off")
TIMEOUT_POLICIES = ("forfeit", "bot", "default")


class LeagueService:
    """Every league operation the adapters need: leagues, sign-ups and seasons here, matches and
    ratings in :class:`~.matches.Matches`, both over one :class:`~.context.LeagueContext`.

    ``on_game_finished`` (records results) and ``on_game_changed`` (ends a match left with one player)
    are the game hooks; the host registers them."""

    def __init__(self, games: GameService, host: LeagueHost | None = None) -> None:
        self.ctx = ctx = LeagueContext(games, LeagueStore(games.storage), host)
        self.games, self.store = games, ctx.store
        self.matches = matches = Matches(ctx)
        self.on_match_ready = ctx.on_match_ready
        self.now, self.is_organiser, self.require_organiser = ctx.now, ctx.is_organiser, ctx.require_organiser
        self.standings = ctx.standings
        self.deadlines = SeasonDeadlines(ctx, matches)
        self.pair_round, self.open_pending, self.advance_due = matches.pair_round, matches.open_pending, \
            self.deadlines.advance_due
        self.on_game_finished, self.forfeit_seat, self.withdraw = matches.on_game_finished, matches.forfeit_seat, \
            matches.withdraw
        self.on_game_changed = matches.on_game_changed
        self.replace, self.award, self.remove, self.audit_log = matches.replace, matches.award, matches.remove, \
            matches.audit_log
        self.rate_game, self.rating, self.leaderboard = matches.rate_game, matches.rating, matches.leaderboard

    @property
    def host(self) -> LeagueHost | None:
        """The adapter that opens threads and posts (None: nothing is posted)."""
        return self.ctx.host

    @host.setter
    def host(self, host: LeagueHost | None) -> None:
        self.ctx.host = host

    # -- permissions ------------------------------------------------------------------------
    async def configure(self, guild_id: str, actor: Actor, *, organiser_role: str | None = None,
                        clear_role: bool = False, rate_casual: bool | None = None) -> str:
        """Server settings (admins only): the organiser role and whether casual games are rated."""
        if not actor.is_admin:
            raise NotAllowed("Only server admins (Manage Server) can change league settings.")
        role, casual = await self.store.guild_settings(guild_id)
        role = None if clear_role else organiser_role or role
        casual = casual if rate_casual is None else rate_casual
        await self.store.set_guild_settings(guild_id, role, casual)
        who = f"<@&{role}>" if role else "nobody besides server admins"
        return f"Organisers: {who}. Casual games are {'rated' if casual else 'not rated'}."

    # -- leagues ----------------------------------------------------------------------------
    async def create(self, *, guild_id: str, channel_id: str, actor: Actor, name: str, engine: str, players: int,
                     scoring: str = "", fmt: str = "round-robin", rounds: int | None = None, cap: int | None = None,
                     round_days: float | None = None, pace: str = "normal", timeout_policy: str = "forfeit",
                     options: dict[str, Any] | None = None) -> League:
        """A new league (organisers); its first season opens for sign-ups."""
        await self.require_organiser(guild_id, actor)
        game = self.games.engine(engine)
        name = clean_text(name, MAX_NAME) or "League"
        if not game.min_players <= players <= game.max_players:
            raise LeagueError(f"{game.title} is for {game.min_players}–{game.max_players} players per table.")
        if players < 2:
            raise LeagueError("League tables need at least 2 players.")
        if fmt not in FORMATS:
            raise LeagueError(f"The pairing format is one of: {', '.join(FORMATS)}.")
        if pace not in PACES or timeout_policy not in TIMEOUT_POLICIES:
            raise LeagueError(f"Pace is one of {', '.join(PACES)}; timeout policy one of "
                              f"{', '.join(TIMEOUT_POLICIES)}.")
        points = parse_scoring(scoring, players)
        if cap is not None and cap < players:
            raise LeagueError(f"The sign-up cap must leave room for a table ({players} players).")
        try:
            valid = game.options_schema.validate(options)
        except OptionError as err:
            raise LeagueError(str(err)) from None
        league_id = await self.store.create_league(
            guild_id=guild_id, channel_id=channel_id, name=name, engine=game.id, options=valid, table_size=players,
            scoring=points, fmt=fmt, rounds=rounds, cap=cap, round_days=round_days, pace=pace,
            timeout_policy=timeout_policy, created_by=actor.user_id, now=self.now())
        if league_id is None:
            raise LeagueError(f"This server already has a league called “{name}”.")
        league = await self.store.league(league_id)
        assert league is not None
        await self.store.audit(league_id, actor.user_id, "create", f"{game.title}, {players} per table, {fmt}", "",
                               self.now())
        return league

    async def find(self, guild_id: str, channel_id: str, name: str | None = None) -> League:
        """A league by name, else the one run from this channel, else the server's only league."""
        leagues = await self.store.leagues(guild_id)
        if name:
            found = [lg for lg in leagues if lg.name.casefold() == name.strip().casefold()]
            if found:
                return found[0]
            raise NoGame(f"There is no league called “{name}”. Leagues here: "
                         f"{', '.join(lg.name for lg in leagues) or 'none yet'}.")
        here = [lg for lg in leagues if lg.channel_id == channel_id]
        if len(here) == 1 or len(leagues) == 1:
            return (here or leagues)[0]
        if not leagues:
            raise NoGame("This server has no league yet. Organisers create one with `/league create`.")
        raise NoGame(f"Which league? Pass `league:` — {', '.join(lg.name for lg in leagues)}.")

    async def find_by_match_channel(self, guild_id: str, channel_id: str) -> League | None:
        """The league whose match thread this is (commands typed inside a match thread)."""
        for league in await self.store.leagues(guild_id):
            season = await self.store.season(league.id)
            if any(m.thread_id == channel_id for m in await self.store.matches(season.id)):
                return league
        return None

    async def names(self, guild_id: str) -> list[str]:
        """League names of a server (autocomplete)."""
        return [lg.name for lg in await self.store.leagues(guild_id)]

    # -- sign-ups ---------------------------------------------------------------------------
    async def join(self, league: League, user_id: str, name: str) -> str:
        """Sign up for the season (or the waitlist once the cap is reached)."""
        async with self.ctx.lock:
            season = await self.store.season(league.id)
            if season.status != "signup":
                started = "the season has started" if season.status == "running" else "the season is over"
                raise LeagueError(f"Sign-ups are closed: {started}. Ask an organiser about the next one.")
            entries = {e.user_id: e for e in await self.store.entries(season.id)}
            if user_id in entries and entries[user_id].status in ("active", "waitlist"):
                raise LeagueError(f"You are already signed up ({entries[user_id].status}).")
            active = sum(e.status == "active" for e in entries.values())
            status = "waitlist" if league.cap is not None and active >= league.cap else "active"
            await self.store.put_entry(season.id, user_id, clean_name(name), status, self.now())
            if status == "waitlist":
                waiting = sum(e.status == "waitlist" for e in entries.values()) + 1
                return f"{league.name} is full ({league.cap}); you are number {waiting} on the waitlist."
            return f"You are signed up for {league.name}, season {season.number} ({active + 1} players)."

    async def leave(self, league: League, user_id: str) -> str:
        """Leave the sign-ups, or withdraw from a running season (open matches are forfeited)."""
        season = await self.store.season(league.id)
        entries = {e.user_id: e for e in await self.store.entries(season.id)}
        entry = entries.get(user_id)
        if entry is None or entry.status not in ("active", "waitlist"):
            raise LeagueError("You are not signed up for this season.")
        if season.status == "running":
            await self.withdraw(league, season, user_id, "left", "withdrew from the season")
            return f"You left {league.name}; your open matches count as losses."
        async with self.ctx.lock:
            await self.store.set_entry_status(season.id, user_id, "left")
            promoted = await self.ctx.promote(league, season)
        tail = f" {promoted} moves up from the waitlist." if promoted else ""
        return f"You left the sign-ups of {league.name}.{tail}"

    # -- seasons ----------------------------------------------------------------------------
    async def start_season(self, league: League, actor: Actor) -> str:
        """Close sign-ups, pair round 1 and open its match threads (organisers)."""
        await self.require_organiser(league.guild_id, actor)
        async with self.ctx.lock:
            season = await self.store.season(league.id)
            if season.status != "signup":
                raise LeagueError(f"Season {season.number} has already started."
                                  if season.status == "running" else "Open a new season first.")
            players = [e for e in await self.store.entries(season.id) if e.status == "active"]
            if len(players) < league.table_size:
                raise LeagueError(f"At least {league.table_size} players must sign up first ({len(players)} so far).")
            rounds = league.rounds or default_rounds(league.format, len(players), league.table_size)
            await self.store.update_season(season.id, status="running", rounds=rounds)
            await self.store.audit(league.id, actor.user_id, "season start",
                                   f"season {season.number}: {len(players)} players, {rounds} rounds", "", self.now())
            season = await self.store.season(league.id)
            if not self.ctx.deferred:
                await self.pair_round(league, season)
        if self.ctx.deferred:  # pairing and opening the threads go to the job worker
            await self.ctx.later("season_start", league, season_id=season.id)
            if not await self._started(league, season.id, self.ctx.reply_wait):
                return (f"Season {season.number} of {league.name} has started: {len(players)} players, {rounds} "
                        "rounds. Round 1 is being paired and its match threads opened in the background; "
                        "`/league info` shows how far it got.")
        opened = sum(m.status == "running" for m in await self.store.matches(season.id)) if self.ctx.deferred \
            else await self.open_pending(league)
        waiting = sum(m.status == "pending" for m in await self.store.matches(season.id))
        text = (f"Season {season.number} of {league.name} has started: {len(players)} players, {rounds} rounds; "
                f"{opened} match{'es' if opened != 1 else ''} opened.")
        if waiting:
            text += (f" {waiting} could not be opened yet (can I create threads in <#{league.channel_id}>?); "
                     "I retry every few minutes.")
        return text

    async def open_season(self, league: League, actor: Actor) -> str:
        """Open the next season for sign-ups once the current one is closed (organisers)."""
        await self.require_organiser(league.guild_id, actor)
        async with self.ctx.lock:
            season = await self.store.season(league.id)
            if season.status != "closed":
                raise LeagueError(f"Season {season.number} is still {season.status}; close it first.")
            await self.store.new_season(league.id, season.number + 1, self.now())
            await self.store.audit(league.id, actor.user_id, "season open", f"season {season.number + 1}", "",
                                   self.now())
        return f"Sign-ups for season {season.number + 1} of {league.name} are open: `/league join`."

    async def close_season(self, league: League, actor: Actor, reason: str = "") -> str:
        """End the season now (organisers): no more rounds are paired, and matches still open are
        settled as at the season's deadline (a draw between the players still seated)."""
        await self.require_organiser(league.guild_id, actor)
        async with self.ctx.lock:
            season = await self.store.season(league.id)
            if season.status == "closed":
                raise LeagueError(f"Season {season.number} is already closed.")
            settled = 0
            if season.status == "running":
                settled = await self.matches.finish_season(league, season, "closed by an organiser")
            else:
                await self.store.update_season(season.id, status="closed", closed_at=self.now())
            await self.store.audit(league.id, actor.user_id, "season close", f"season {season.number}", reason,
                                   self.now())
        tail = (f"; {settled} open match{'es' if settled != 1 else ''} recorded as a draw"
                f"{'s' if settled != 1 else ''}") if settled else ""
        return f"Season {season.number} of {league.name} is closed{tail}."

    # -- background jobs -------------------------------------------------------------------
    def use_jobs(self, jobs: Jobs) -> None:
        """Do league work as jobs of ``jobs`` (once its worker runs in the background)."""
        self.ctx.jobs = jobs
        jobs.handlers["season_start"] = self._season_start_job
        jobs.handlers["open_matches"] = self._open_matches_job

    async def _season_start_job(self, job: Job) -> None:
        """Pair round 1 (unless a first run did) and open its matches."""
        league = await self.store.league(int(job.payload["league_id"]))
        if league is None:
            return
        async with self.ctx.lock:
            season = await self.store.season(league.id)
            if season.id != job.payload.get("season_id") or season.status != "running":
                return
            if season.round == 0:
                await self.pair_round(league, season)
        await self._open_matches_job(job, league)

    async def _open_matches_job(self, job: Job, league: League | None = None) -> None:
        league = league or await self.store.league(int(job.payload["league_id"]))
        if league is None or self.ctx.jobs is None:
            return
        store = self.ctx.jobs.store

        async def progress(done: int, of: int) -> None:
            await store.progress(job.id, f"{done} of {of} matches opened")

        await self.open_pending(league, progress)

    async def _started(self, league: League, season_id: int, seconds: float) -> bool:
        """Wait up to ``seconds`` for the season-start job to be done (a small season is answered with its
        threads open; a big one is answered when the wait is over, and goes on)."""
        assert self.ctx.jobs is not None
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while loop.time() < deadline:
            if not any(kind == "season_start" and payload.get("season_id") == season_id
                       for _, kind, payload, _ in await self.ctx.jobs.store.pending(league.guild_id)):
                return True
            await asyncio.sleep(0.05)
        return False

    async def progress(self, league: League) -> str:
        """What background work of the league is still going on, in a line (empty: none)."""
        if self.ctx.jobs is None:
            return ""
        names = {"season_start": "starting the season", "open_matches": "opening the next matches"}
        parts = [f"⏳ {names.get(kind, kind)}" + (f" ({done})" if done else "")
                 for _, kind, payload, done in await self.ctx.jobs.store.pending(league.guild_id)
                 if payload.get("league_id") == league.id]
        return "; ".join(parts)

    # -- reading ----------------------------------------------------------------------------
    async def schedule(self, league: League) -> tuple[Season, list[Match]]:
        """Every match of the current season, by round."""
        season = await self.store.season(league.id)
        return season, await self.store.matches(season.id)

    async def meetings(self, league: League) -> Coverage | None:
        """How the current round-robin season's meetings fall (tables played, open and planned) among
        its players, beside the lower bounds; None for Swiss or before the season starts."""
        season = await self.store.season(league.id)
        if league.format != "round-robin" or season.status == "signup":
            return None
        players = [e.user_id for e in await self.store.entries(season.id) if e.status == "active"]
        tables = [tuple(s.user_id for s in m.seats) for m in await self.store.matches(season.id) if m.status != "bye"]
        tables += [t for paired in decode_plan(season.plan).values() for t in paired.tables]
        return coverage(players, tables)

    async def signups(self, league: League) -> tuple[Season, list[str], list[str]]:
        """``(season, active names, waitlist names)``."""
        season = await self.store.season(league.id)
        entries = await self.store.entries(season.id)
        return (season, [e.name for e in entries if e.status == "active"],
                [e.name for e in entries if e.status == "waitlist"])


def parse_scoring(text: str, players: int) -> list[float]:
    """``"3,1,0"`` → points per placing; empty → players beaten (n−1 … 0)."""
    if not text.strip():
        return [float(players - 1 - i) for i in range(players)]
    try:
        points = [float(p) for p in text.replace(";", ",").replace(" ", ",").split(",") if p]
    except ValueError:
        raise LeagueError("Scoring is the points per placing, best first, e.g. `3,1,0`.") from None
    if len(points) != players:
        raise LeagueError(f"Scoring needs {players} numbers (one per placing), e.g. "
                         f"`{','.join(str(players - 1 - i) for i in range(players))}`.")
    if any(a < b for a, b in pairwise(points)):
        raise LeagueError("Scoring must not give a better placing fewer points.")
    return points
