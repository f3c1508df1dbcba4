"""League matches: pairing rounds, opening match games, recording results, forfeits, organiser tools.

Lock order: a game's lock (``GameService.lock``) is always taken before the league lock, never after
it, so the ``on_finish`` hook (which runs inside a game's lock) can record results safely.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping, Sequence

from ..models import GameRow
from ..naming import clean_name
from .context import LeagueContext
from .models import Actor, AuditRow, League, LeagueError, Match, MatchSeat, Rating, Season
from .pairing import Round, swiss_round
from .planner import plan_season
from .ratings import placings, rate
from .season_plan import decode_plan, encode_plan, everyone_in
from .standings import compute_standings

log = logging.getLogger("turnkeeper.leagues")
Progress = Callable[[int, int], Awaitable[None]]
DAY = 86400.0
OPEN = ("pending", "running")


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _gone(match: Match, game: GameRow) -> set[str]:
    """Match seats that forfeited or no longer hold their game seat (e.g. lost to timeout strikes)."""
    seated = {p.user_id for p in game.players if p.user_id and not p.is_bot}
    return {s.user_id for s in match.seats if s.forfeit or s.user_id not in seated}


def match_list(matches: Sequence[Match]) -> str:
    """``#12 (Alice v Bob), #15 (Carol v Dave)``."""
    return ", ".join(f"#{m.id} ({' v '.join(s.name for s in m.seats)})" for m in matches)


def _forfeit_places(match: Match, gone: set[str] | None = None) -> dict[str, int]:
    """Placings of a match ended by forfeits: the players left share first, the forfeited seats last."""
    out = {s.user_id for s in match.seats if s.forfeit} | (gone or set())
    playing = len(match.seats) - len(out)
    return {s.user_id: playing + 1 if s.user_id in out else 1 for s in match.seats}


class Matches:
    """Pairing, match games, results, forfeits, organiser tools and ratings, over the shared context."""

    def __init__(self, ctx: LeagueContext) -> None:
        self.ctx = ctx
        self.games = ctx.games
        self.store = ctx.store

    # -- pairing and opening ----------------------------------------------------------------
    async def pair_round(self, league: League, season: Season) -> int:
        """Pair the next round of a running season (league lock held); returns its number (0: none)."""
        entries = await self.store.entries(season.id)
        names = {e.user_id: e.name for e in entries}
        active = [e.user_id for e in entries if e.status == "active"]
        matches = await self.store.matches(season.id)
        history = [tuple(s.user_id for s in m.seats) for m in matches if m.status != "bye"]
        byes = Counter(m.seats[0].user_id for m in matches if m.status == "bye")
        number = season.round + 1
        if league.format == "swiss":
            table = compute_standings([(u, names[u]) for u in active], matches)
            ranked = [s.user_id for s in table if s.user_id in set(active)]
            paired = swiss_round(ranked, league.table_size, history, byes)
        else:
            paired = await self._planned(league, season, number, active, history, byes)
        if not paired.tables:
            await self.finish_season(league, season, "too few players are left for a table")
            return 0
        deadline = self.ctx.now() + league.round_days * DAY if league.round_days else None
        if await self.store.add_round(season.id, number, [[(u, names[u]) for u in t] for t in paired.tables],
                                      [(u, names[u], league.points_for(1)) for u in paired.byes], deadline,
                                      self.ctx.now()) is None:
            return 0  # paired already (another process): announced there
        text = f"**{league.name}** · season {season.number}, round {number} of {season.rounds} is paired."
        if paired.byes:
            text += " Bye: " + ", ".join(names[u] for u in paired.byes) + "."
        await self.ctx.announce(league.channel_id, text)
        return number

    async def _planned(self, league: League, season: Season, number: int, active: list[str],
                       history: list[tuple[str, ...]], byes: Counter[str]) -> Round:
        """Round ``number`` of the season's plan; the rest of the season is planned again (and stored)
        at the start and whenever the players differ from the plan's (someone left)."""
        plan = decode_plan(season.plan)
        paired = plan.get(number)
        if paired is None or sorted(everyone_in(paired)) != sorted(active):
            left = max(1, season.rounds - number + 1)
            rounds = await asyncio.to_thread(plan_season, active, league.table_size, left, history, byes,
                                             seed=season.id * 1000 + number)  # seconds of CPU at most
            plan = {number + i: r for i, r in enumerate(rounds)}
            paired = plan.get(number, Round([], list(active)))
        await self.store.update_season(season.id, plan=encode_plan({n: r for n, r in plan.items() if n > number}))
        return paired

    async def open_pending(self, league: League, progress: Progress | None = None) -> int:
        """Create the thread and start the game of every pending match; returns how many opened.
        ``progress(done, of)`` is told after each match (a background job records it)."""
        async with self.ctx.lock:
            season = await self.store.season(league.id)
            opened = 0
            pending = [m for m in await self.store.matches(season.id)
                       if m.status == "pending" or await self._unstarted(m)]
            for done, match in enumerate(pending, start=1):
                try:
                    opened += await self._open_match(league, season, match)
                except Exception as err:  # noqa: BLE001 - retried by advance_due (e.g. Discord trouble)
                    log.warning("opening league match %s failed (%s); will retry", match.id, err)
                if progress is not None:
                    await progress(done, len(pending))
            return opened

    async def open_soon(self, league: League) -> None:
        """Open the pending matches: as a background job when the worker runs (the caller — a move that
        ended a match — is answered at once), else now."""
        if self.ctx.deferred:
            await self.ctx.later("open_matches", league)
        else:
            await self.open_pending(league)

    async def _open_match(self, league: League, season: Season, match: Match) -> bool:
        """Open a pending match (league lock held); False when it was settled instead (too few left)."""
        if sum(not s.forfeit for s in match.seats) < 2:  # the others withdrew before it opened
            await self._record(league, match, _forfeit_places(match), "forfeit: withdrew")
            return False
        title = f"{league.name} · S{season.number} R{match.round} T{match.table_no}"
        # Resumable: a retry after a crash reuses the thread and the lobby an earlier attempt made.
        thread = match.thread_id or (await self.ctx.host.open_thread(league.channel_id, title) if self.ctx.host
                                     else f"{league.channel_id}:m{match.id}")
        if match.thread_id is None:
            await self.store.set_match_thread(match.id, thread)
        playing = [s for s in match.seats if not s.forfeit]
        first = playing[0]
        lobby_id = await self._lobby(league, thread, match, first)
        await self.store.set_match_game(match.id, lobby_id, thread)
        for hook in self.ctx.on_match_ready:
            try:
                await hook(league, lobby_id)
            except Exception:  # a failing extension (pace) must not keep the match from starting
                log.exception("match-ready hook failed for game %s", lobby_id)
        post = await self.games.start(thread, first.user_id, is_admin=True)
        await self.games.storage.set_host(lobby_id, f"league-{league.id}")  # no player may cancel it
        if self.ctx.host is not None:
            mentions = " ".join(f"<@{s.user_id}>" for s in playing)
            await self.ctx.host.publish(post, f"{mentions} — your {title} match has started. Good luck!")
        return True

    async def _unstarted(self, match: Match) -> bool:
        """A running match whose game is still a lobby: its opening broke off before the start (resumed)."""
        if match.status != "running" or match.game_id is None:
            return False
        return (await self.games.game_by_id(match.game_id)).status == "lobby"

    async def _lobby(self, league: League, thread: str, match: Match, first: MatchSeat) -> int:
        """The match's lobby in its thread with every seat taken: made now, or completed when an earlier
        attempt made part of it."""
        lobby = await self.games.storage.open_game_in_channel(thread)
        if lobby is None:
            made = await self.games.new_game(guild_id=league.guild_id, channel_id=thread, user_id=first.user_id,
                                             user_name=first.name, engine_id=league.engine, options=league.options)
            lobby = await self.games.game_by_id(made.game_id)
        seated = {p.user_id for p in lobby.players if not p.is_bot}
        bots = sum(p.is_bot for p in lobby.players)
        for seat in match.seats:
            if seat.forfeit:
                if bots:
                    bots -= 1
                else:
                    await self.games.add_bot(thread, first.user_id, is_admin=True)
            elif seat.user_id not in seated:
                await self.games.join(thread, seat.user_id, seat.name)
        return lobby.id

    # -- results ----------------------------------------------------------------------------
    async def on_game_finished(self, game: GameRow) -> None:
        """The ``on_finish`` hook: record a league match's result and rate the game (imported replays
        are neither: their seed and moves came from a file)."""
        if game.imported:
            return
        match = await self.store.match_of_game(game.id)
        if match is None:
            await self.rate_game(game, None, league=False)
            return
        places = self._places_from_game(match, game)
        gone = _gone(match, game)
        if match.status not in OPEN:  # recorded from this game already (the season closed meanwhile)
            if match.note == "played":
                await self.rate_game(game, {u: p for u, p in places.items() if u not in gone}, league=True)
            return
        league, _ = await self.store.season_of_match(match)
        async with self.ctx.lock:
            await self._record(league, match, places, "played", forfeits=gone)
        await self.open_soon(league)
        await self.rate_game(game, {u: p for u, p in places.items() if u not in gone}, league=True)

    async def on_game_changed(self, game: GameRow) -> bool:
        """The ``on_change`` hook: a seat of a league match handed to a bot by the timeout path
        (strikes) forfeits at once, and a match left with one player ends there as a forfeit
        (its game is cancelled; True then, so the bots stop)."""
        if game.status != "running" or not any(p.is_bot for p in game.players):
            return False
        match = await self.store.match_of_game(game.id)
        if match is None or match.status not in OPEN:
            return False
        gone = _gone(match, game)
        fresh = gone - {s.user_id for s in match.seats if s.forfeit}
        if not fresh and len(match.seats) - len(gone) >= 2:
            return False
        league, _ = await self.store.season_of_match(match)
        async with self.ctx.lock:
            for user_id in fresh:
                await self.store.mark_forfeit(match.id, user_id)
            if len(match.seats) - len(gone) >= 2:
                return False
            await self.games.storage.set_status(game.id, "cancelled", self.ctx.now())
            await self._record(league, match, _forfeit_places(match, gone), "forfeit: timeout strikes",
                               forfeits=gone)
        left = [s.name for s in match.seats if s.user_id not in gone]
        out = ", ".join(s.name for s in match.seats if s.user_id in fresh) or "The other players"
        await self.ctx.announce(game.channel_id, f"🏳️ {out} forfeited on timeouts, so no bot plays on: the "
                                "match is over" + (f" and {left[0]} wins by forfeit." if left else "."))
        await self.open_soon(league)
        return True

    @staticmethod
    def _places_from_game(match: Match, game: GameRow) -> dict[str, int]:
        """Placings of a match's players from the game's outcome (forfeited seats last)."""
        seats = len(game.players)
        gone = {p.seat for p in game.players if p.is_bot and p.seat is not None}
        gone |= {int(s) for s in (game.result or {}).get("forfeits") or []}
        by_seat = placings(game.result or {}, seats, gone)
        actors = sum(not str(k).isdigit() for group in (game.result or {}).get("placings") or [] for k in group)
        last = seats + actors - len(gone) + 1
        seat_of = {p.user_id: p.seat for p in game.players if p.user_id}
        return {s.user_id: last if s.forfeit or seat_of.get(s.user_id) is None
                else by_seat[seat_of[s.user_id]] for s in match.seats}

    async def _record(self, league: League, match: Match, places: Mapping[str, int], note: str,
                      *, override: bool = False, forfeits: set[str] | None = None) -> bool:
        """Store a result (league lock held) and move the season on; ``forfeits`` adds forfeited seats.
        With ``override`` (an award) the result replaces the whole stored one, forfeit marks included."""
        shared = Counter(places.values())
        fresh = await self.store.match(match.id)
        assert fresh is not None
        gone = forfeits or set()
        seats = {s.user_id: (places[s.user_id], league.points_for(places[s.user_id], shared[places[s.user_id]]),
                             (s.forfeit and not override) or s.user_id in gone) for s in fresh.seats}
        if not await self.store.record_result(match.id, seats, note, self.ctx.now(), override=override):
            return False
        lines = ", ".join(f"{s.name} {_ordinal(seats[s.user_id][0])}" + (" (forfeit)" if seats[s.user_id][2] else "")
                          for s in sorted(fresh.seats, key=lambda s: seats[s.user_id][0]))
        await self.ctx.announce(league.channel_id, f"**{league.name}** round {fresh.round} table {fresh.table_no}: "
                             f"{lines}.")
        _, season = await self.store.season_of_match(fresh)
        await self._after_result(league, season)
        return True

    async def _after_result(self, league: League, season: Season) -> None:
        """Pair the next round once the current one is done; after the last round, close the season
        with its podium once every match of the season has its result (league lock held)."""
        season = await self.store.season(league.id)
        if season.status != "running":
            return
        matches = await self.store.matches(season.id)
        if any(m.status in OPEN for m in matches if m.round == season.round):
            return
        if season.round < season.rounds:
            await self.pair_round(league, season)
            return
        waiting = [m for m in matches if m.status in OPEN]
        if waiting:
            when = (f"; any still open <t:{int(season.round_deadline)}:R> are settled then"
                    if season.round_deadline else "")
            await self.ctx.announce(league.channel_id, f"**{league.name}** · the last round is done. The podium "
                                    f"waits for {match_list(waiting)}{when}.")
            return
        await self.store.update_season(season.id, status="closed", closed_at=self.ctx.now())
        await self._podium(league, season, "is complete")

    async def _podium(self, league: League, season: Season, how: str) -> None:
        _, table = await self.ctx.standings(league)
        podium = ", ".join(f"{_ordinal(s.rank)} {s.name} ({s.points:g})" for s in table[:3])
        await self.ctx.announce(league.channel_id, f"🏆 Season {season.number} of {league.name} {how}: "
                                f"{podium or 'no results'}.")

    async def finish_season(self, league: League, season: Season, why: str) -> int:
        """Close the season now (league lock held): every match still open is ended — its game
        cancelled, the players still seated sharing the placing (a draw), forfeited seats last — then
        the podium is announced. Returns how many matches were settled."""
        await self.store.update_season(season.id, status="closed", closed_at=self.ctx.now())
        settled = 0
        for match in await self.store.matches(season.id):
            if match.status not in OPEN:
                continue
            places, note, gone = _forfeit_places(match), f"unfinished: {why}", None
            if match.game_id is not None:  # no game lock here (lock order): cancel only a game still open
                if await self.store.cancel_game(match.game_id, self.ctx.now()):
                    await self.ctx.announce(match.thread_id or league.channel_id, f"The season has ended ({why}): "
                                            "this match is recorded as a draw between the players still seated.")
                elif (game := await self.games.game_by_id(match.game_id)).status == "finished":
                    places, gone, note = self._places_from_game(match, game), _gone(match, game), "played"  # just now
            settled += await self._record(league, match, places, note, forfeits=gone)
        await self._podium(league, season, f"ends ({why})")
        return settled

    # -- forfeits ---------------------------------------------------------------------------
    async def forfeit_seat(self, game_id: int, user_id: str, reason: str) -> str:
        """A player forfeits a league game (timeout strikes, leaving): a loss for that seat. With one
        player left the match ends now; otherwise a bot plays the seat so the others can finish."""
        match = await self.store.match_of_game(game_id)
        if match is None or match.status not in OPEN or match.seat(user_id) is None:
            raise LeagueError("That is not an open league match of that player.")
        league, _ = await self.store.season_of_match(match)
        async with self.games.lock(game_id):
            game = await self.games.game_by_id(game_id)
            async with self.ctx.lock:
                await self.store.mark_forfeit(match.id, user_id)
                match = await self.store.match(match.id)
                assert match is not None
                playing = [s for s in match.seats if not s.forfeit]
                seat = match.seat(user_id)
                assert seat is not None
                if len(playing) >= 2 and game.status == "running":
                    await self.store.seat_to_bot(game_id, user_id, clean_name(f"Bot for {seat.name}"))
                    ended = False
                else:
                    if game.status in ("lobby", "running"):
                        await self.games.storage.set_status(game_id, "cancelled", self.ctx.now())
                    await self._record(league, match, {s.user_id: 1 if not s.forfeit else len(playing) + 1
                                                       for s in match.seats}, f"forfeit: {reason}")
                    ended = True
            await self.ctx.announce(game.channel_id, f"{seat.name} forfeits ({reason})."
                                 + (" The match is over." if ended else " A bot plays their seat."))
            if not ended:
                moved, events, count = await self.games.run_bots(await self.games.game_by_id(game_id))
                if count and self.ctx.host is not None:
                    await self.ctx.host.publish(await self.games.make_post(moved, events), "")
        await self.open_pending(league)
        return f"{seat.name} forfeits {league.name} round {match.round} table {match.table_no}."

    async def withdraw(self, league: League, season: Season, user_id: str, status: str,
                       reason: str) -> int:
        """Take a player out of a running season: forfeit their open matches; returns how many."""
        await self.store.set_entry_status(season.id, user_id, status)  # first: not paired again
        count = 0
        for match in await self.store.matches(season.id):
            seat = match.seat(user_id)
            if match.status not in OPEN or seat is None or seat.forfeit:
                continue
            if match.game_id is not None:
                await self.forfeit_seat(match.game_id, user_id, reason)
            else:
                await self.store.mark_forfeit(match.id, user_id)
            count += 1
        return count

    # -- organiser tools --------------------------------------------------------------------
    async def _league_match(self, league: League, match_id: int) -> Match:
        match = await self.store.match(match_id)
        if match is None or (await self.store.season_of_match(match))[0].id != league.id:
            raise LeagueError(f"{league.name} has no match #{match_id} (see `/league matches`).")
        return match

    async def replace(self, league: League, actor: Actor, match_id: int, old: str, new: str,
                      new_name: str, reason: str) -> str:
        """Put a substitute in a player's seat of an open match (organisers; audited)."""
        await self.ctx.require_organiser(league.guild_id, actor)
        match = await self._league_match(league, match_id)
        if match.status not in OPEN or match.seat(old) is None:
            raise LeagueError("That player has no seat in an open match with that number.")
        if match.seat(new) is not None:
            raise LeagueError("The substitute already plays in this match.")
        if match.game_id is not None:
            async with self.games.lock(match.game_id):
                await self.store.replace_seat(match, old, new, clean_name(new_name))
        else:
            await self.store.replace_seat(match, old, new, clean_name(new_name))
        detail = f"match #{match.id}: <@{old}> → <@{new}>"
        await self.store.audit(league.id, actor.user_id, "replace", detail, reason, self.ctx.now())
        if match.thread_id:
            await self.ctx.announce(match.thread_id, f"<@{new}> takes over the seat of <@{old}>.")
        return f"Replaced in {detail}."

    async def award(self, league: League, actor: Actor, match_id: int, order: Sequence[Sequence[str]],
                    reason: str) -> str:
        """Set a match result by hand (organisers; reason required, audited). ``order`` lists the
        players best first, ties grouped; a running game is cancelled."""
        await self.ctx.require_organiser(league.guild_id, actor)
        if not reason.strip():
            raise LeagueError("Give a reason; it is kept in the audit log.")
        match = await self._league_match(league, match_id)
        if match.status == "bye":
            raise LeagueError("A bye has no result to award.")
        flat = [u for group in order for u in group]
        if sorted(flat) != sorted(s.user_id for s in match.seats):
            names = ", ".join(f"<@{s.user_id}>" for s in match.seats)
            raise LeagueError(f"List every player of match #{match.id} exactly once: {names}.")
        places: dict[str, int] = {}
        for group in order:
            place = len(places) + 1
            places.update({u: place for u in group})
        if match.game_id is not None:
            async with self.games.lock(match.game_id):
                game = await self.games.game_by_id(match.game_id)
                if game.status in ("lobby", "running"):
                    await self.games.storage.set_status(game.id, "cancelled", self.ctx.now())
        async with self.ctx.lock:
            await self._record(league, match, places, f"awarded: {reason}", override=True)
            detail = f"match #{match.id}: " + " > ".join(" = ".join(f"<@{u}>" for u in g) for g in order)
            await self.store.audit(league.id, actor.user_id, "award", detail, reason, self.ctx.now())
        await self.open_pending(league)
        return f"Result recorded for {detail}."

    async def remove(self, league: League, actor: Actor, user_id: str, reason: str) -> str:
        """Remove a player from the season (organisers; open matches forfeited; audited)."""
        await self.ctx.require_organiser(league.guild_id, actor)
        season = await self.store.season(league.id)
        entry = next((e for e in await self.store.entries(season.id) if e.user_id == user_id), None)
        if entry is None or entry.status not in ("active", "waitlist"):
            raise LeagueError("That player is not in this season.")
        if season.status == "running":
            forfeits = await self.withdraw(league, season, user_id, "removed", f"removed: {reason}")
        else:
            async with self.ctx.lock:
                await self.store.set_entry_status(season.id, user_id, "removed")
                await self.ctx.promote(league, season)
            forfeits = 0
        await self.store.audit(league.id, actor.user_id, "remove", f"<@{user_id}> ({forfeits} forfeits)", reason,
                               self.ctx.now())
        return f"{entry.name} was removed from {league.name}" + (f"; {forfeits} open matches forfeited."
                                                                   if forfeits else ".")

    async def audit_log(self, league: League, actor: Actor) -> list[AuditRow]:
        """The organiser actions of a league, newest first (organisers)."""
        await self.ctx.require_organiser(league.guild_id, actor)
        return await self.store.audit_log(league.id)

    # -- ratings ----------------------------------------------------------------------------
    async def rate_game(self, game: GameRow, places: Mapping[str, int] | None, *,
                        league: bool) -> bool:
        """Update the players' openskill ratings once per finished game; False when not rated."""
        if game.guild_id is None or game.result is None or game.imported:
            return False
        if not league and not (await self.store.guild_settings(game.guild_id))[1]:
            return False
        names = {p.user_id: p.name for p in game.players if p.user_id}
        if places is None:
            seats = {p.user_id: p.seat for p in game.players if p.user_id and not p.is_bot and p.seat is not None}
            gone = {int(s) for s in game.result.get("forfeits") or []}
            by_seat = placings(game.result, len(game.players), gone)
            places = {u: by_seat[s] for u, s in seats.items()}
        if len(places) < 2:
            return False
        current = await self.store.ratings(game.guild_id, game.engine, list(places))
        new = rate({u: (r.mu, r.sigma) for u, r in current.items()}, places)
        return await self.store.save_ratings(game.id, game.guild_id, game.engine,
                                             {u: (names.get(u, "Player"), *skill) for u, skill in new.items()},
                                             self.ctx.now())

    async def rating(self, guild_id: str, user_id: str) -> dict[str, Rating]:
        """A user's ratings in a server, per game id."""
        return await self.store.ratings_of_user(guild_id, user_id)

    async def leaderboard(self, guild_id: str, engine: str | None,
                          limit: int = 20) -> tuple[str, list[Rating]]:
        """The top ratings of a game in a server (``None``: the server's only rated game)."""
        if engine is None:
            rated = await self.store.rated_engines(guild_id)
            if len(rated) != 1:
                raise LeagueError("Which game? Pass `game:`." if rated else "Nobody has a rating here yet.")
            engine = rated[0]
        engine = self.games.engine(engine).id
        return engine, await self.store.leaderboard(guild_id, engine, limit)
