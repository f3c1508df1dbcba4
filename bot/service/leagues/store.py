"""League storage through the game storage's public interface (same transactions, either backend)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ..storage import Storage, StorageIntegrityError
from .models import AuditRow, Entry, League, Match, MatchSeat, Rating, Season

_LEAGUE = ("id, guild_id, channel_id, name, engine, options, table_size, scoring, format, rounds, cap, round_days,"
           " pace, timeout_policy, created_by, created_at")
_SEASON = ("id, league_id, number, status, round, rounds, round_deadline, created_at, closed_at, plan,"
           " end_reminded_at")
_MATCH = "id, season_id, round, table_no, status, game_id, thread_id, note"
Seat = tuple[str, str]  # (user id, name)


class LeagueStore:
    """Leagues, seasons, sign-ups, matches, the audit log and ratings."""

    def __init__(self, storage: Storage) -> None:
        self.s = storage

    # -- server settings --------------------------------------------------------------------
    async def guild_settings(self, guild_id: str) -> tuple[str | None, bool]:
        """``(organiser role id, rate casual games)`` of a server."""
        rows = await self.s.fetch("SELECT organiser_role, rate_casual FROM league_guilds WHERE guild_id = ?",
                                   (guild_id,))
        return (rows[0][0], bool(rows[0][1])) if rows else (None, True)

    async def set_guild_settings(self, guild_id: str, organiser_role: str | None, rate_casual: bool) -> None:
        """Store a server's league settings."""
        await self.s.write([(
            "INSERT INTO league_guilds (guild_id, organiser_role, rate_casual) VALUES (?, ?, ?) ON CONFLICT"
            " (guild_id) DO UPDATE SET organiser_role = excluded.organiser_role, rate_casual = excluded.rate_casual",
            (guild_id, organiser_role, int(rate_casual)))])

    # -- leagues and seasons ----------------------------------------------------------------
    async def create_league(self, *, guild_id: str, channel_id: str, name: str, engine: str,
                            options: Mapping[str, Any], table_size: int, scoring: Sequence[float], fmt: str,
                            rounds: int | None, cap: int | None, round_days: float | None, pace: str,
                            timeout_policy: str, created_by: str, now: float) -> int | None:
        """A league and its first season (open for sign-ups); None when the name is taken."""
        try:
            async with self.s.transaction() as db:
                cursor = await db.execute(
                    f"INSERT INTO leagues ({_LEAGUE.split(', ', 1)[1]}) VALUES ({','.join('?' * 15)})",
                    (guild_id, channel_id, name, engine, json.dumps(dict(options)), table_size,
                     json.dumps(list(scoring)), fmt, rounds, cap, round_days, pace, timeout_policy, created_by, now))
                league_id = int(cursor.lastrowid or 0)
                await db.execute("INSERT INTO league_seasons (league_id, number, status, created_at)"
                                 " VALUES (?, 1, 'signup', ?)", (league_id, now))
        except StorageIntegrityError:
            return None
        return league_id

    async def league(self, league_id: int) -> League | None:
        """A league by id."""
        rows = await self.s.fetch(f"SELECT {_LEAGUE} FROM leagues WHERE id = ?", (league_id,))
        return _league(rows[0]) if rows else None

    async def leagues(self, guild_id: str) -> list[League]:
        """Every league of a server, oldest first."""
        rows = await self.s.fetch(f"SELECT {_LEAGUE} FROM leagues WHERE guild_id = ? ORDER BY id", (guild_id,))
        return [_league(r) for r in rows]

    async def season(self, league_id: int) -> Season:
        """The current (newest) season of a league."""
        rows = await self.s.fetch(f"SELECT {_SEASON} FROM league_seasons WHERE league_id = ?"
                                   " ORDER BY number DESC LIMIT 1", (league_id,))
        return Season(*rows[0])

    async def running_seasons(self) -> list[tuple[League, Season]]:
        """Every running season with its league."""
        rows = await self.s.fetch("SELECT league_id, id FROM league_seasons WHERE status = 'running'")
        found = []
        for league_id, _ in rows:
            league = await self.league(league_id)
            if league is not None:
                found.append((league, await self.season(league_id)))
        return found

    async def new_season(self, league_id: int, number: int, now: float) -> None:
        """Open the next season for sign-ups."""
        await self.s.write([("INSERT INTO league_seasons (league_id, number, status, created_at)"
                              " VALUES (?, ?, 'signup', ?)", (league_id, number, now))])

    async def update_season(self, season_id: int, **fields: Any) -> None:
        """Change status / round / rounds / round_deadline / closed_at / plan / end_reminded_at."""
        allowed = {"status", "round", "rounds", "round_deadline", "closed_at", "plan", "end_reminded_at"}
        assert set(fields) <= allowed, fields
        sets = ", ".join(f"{k} = ?" for k in fields)
        await self.s.write([(f"UPDATE league_seasons SET {sets} WHERE id = ?", (*fields.values(), season_id))])

    # -- sign-ups ---------------------------------------------------------------------------
    async def entries(self, season_id: int) -> list[Entry]:
        """Every sign-up of a season in sign-up order."""
        rows = await self.s.fetch("SELECT season_id, user_id, name, status, joined_at FROM league_entries"
                                   " WHERE season_id = ? ORDER BY joined_at, rowid", (season_id,))
        return [Entry(*r) for r in rows]

    async def put_entry(self, season_id: int, user_id: str, name: str, status: str, now: float) -> None:
        """Sign a user up (or re-sign them) with ``status``."""
        await self.s.write([(
            "INSERT INTO league_entries (season_id, user_id, name, status, joined_at) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (season_id, user_id) DO UPDATE SET status = excluded.status, name = excluded.name,"
            " joined_at = excluded.joined_at", (season_id, user_id, name, status, now))])

    async def set_entry_status(self, season_id: int, user_id: str, status: str) -> None:
        """Move a sign-up to another status."""
        await self.s.write([("UPDATE league_entries SET status = ? WHERE season_id = ? AND user_id = ?",
                              (status, season_id, user_id))])

    # -- matches ----------------------------------------------------------------------------
    async def add_round(self, season_id: int, round_no: int, tables: Sequence[Sequence[Seat]],
                        byes: Sequence[tuple[str, str, float]], deadline: float | None, now: float) -> list[int] | None:
        """Insert a round's tables (pending) and byes (recorded) and move the season on; returns match ids, or
        None (nothing written) when the season is no longer at the round before (another process paired it)."""
        ids = []
        async with self.s.transaction() as db:
            moved = await db.execute(
                "UPDATE league_seasons SET round = ?, round_deadline = ? WHERE id = ? AND round = ?",
                (round_no, deadline, season_id, round_no - 1))
            if moved.rowcount != 1:
                return None
            number = 0
            for number, table in enumerate(tables, start=1):
                cursor = await db.execute(
                    "INSERT INTO league_matches (season_id, round, table_no, status, created_at)"
                    " VALUES (?, ?, ?, 'pending', ?)", (season_id, round_no, number, now))
                match_id = int(cursor.lastrowid or 0)
                ids.append(match_id)
                for user_id, name in table:
                    await db.execute("INSERT INTO league_match_seats (match_id, user_id, name) VALUES (?, ?, ?)",
                                     (match_id, user_id, name))
            for extra, (user_id, name, points) in enumerate(byes, start=number + 1):
                cursor = await db.execute(
                    "INSERT INTO league_matches (season_id, round, table_no, status, note, created_at, finished_at)"
                    " VALUES (?, ?, ?, 'bye', 'bye', ?, ?)", (season_id, round_no, extra, now, now))
                await db.execute("INSERT INTO league_match_seats (match_id, user_id, name, placing, points)"
                                 " VALUES (?, ?, ?, 1, ?)", (int(cursor.lastrowid or 0), user_id, name, points))
        return ids

    async def matches(self, season_id: int) -> list[Match]:
        """Every match of a season with its seats, by round and table."""
        rows = await self.s.fetch(f"SELECT {_MATCH} FROM league_matches WHERE season_id = ?"
                                   " ORDER BY round, table_no", (season_id,))
        return [await self._with_seats(r) for r in rows]

    async def match(self, match_id: int) -> Match | None:
        """One match with its seats."""
        rows = await self.s.fetch(f"SELECT {_MATCH} FROM league_matches WHERE id = ?", (match_id,))
        return await self._with_seats(rows[0]) if rows else None

    async def match_of_game(self, game_id: int) -> Match | None:
        """The league match a game belongs to, if any."""
        rows = await self.s.fetch(f"SELECT {_MATCH} FROM league_matches WHERE game_id = ?", (game_id,))
        return await self._with_seats(rows[0]) if rows else None

    async def season_of_match(self, match: Match) -> tuple[League, Season]:
        """The league and season of a match."""
        rows = await self.s.fetch(f"SELECT {_SEASON} FROM league_seasons WHERE id = ?", (match.season_id,))
        season = Season(*rows[0])
        league = await self.league(season.league_id)
        assert league is not None
        return league, season

    async def _with_seats(self, row: Sequence[Any]) -> Match:
        seats = await self.s.fetch("SELECT user_id, name, placing, points, forfeit FROM league_match_seats"
                                    " WHERE match_id = ? ORDER BY rowid", (row[0],))
        return Match(*row, seats=tuple(MatchSeat(s[0], s[1], s[2], s[3], bool(s[4])) for s in seats))

    async def set_match_thread(self, match_id: int, thread_id: str) -> None:
        """A pending match's thread exists (recorded before its game is made, so a retry reuses it)."""
        await self.s.write([("UPDATE league_matches SET thread_id = ? WHERE id = ? AND status = 'pending'",
                             (thread_id, match_id))])

    async def set_match_game(self, match_id: int, game_id: int, thread_id: str) -> None:
        """A pending match got its thread and its started game."""
        await self.s.write([("UPDATE league_matches SET status = 'running', game_id = ?, thread_id = ?"
                              " WHERE id = ? AND status = 'pending'", (game_id, thread_id, match_id))])

    async def record_result(self, match_id: int, seats: Mapping[str, tuple[int, float, bool]], note: str,
                            now: float, *, override: bool = False) -> bool:
        """Store placings/points/forfeits and finish the match once (``override``: replace a recorded
        result); False when it was already finished."""
        statuses = "('pending', 'running', 'finished')" if override else "('pending', 'running')"
        async with self.s.transaction() as db:
            cursor = await db.execute(
                "UPDATE league_matches SET status = 'finished', note = ?, finished_at = ?"
                f" WHERE id = ? AND status IN {statuses}", (note, now, match_id))
            if cursor.rowcount != 1:
                return False
            for user_id, (placing, points, forfeit) in seats.items():
                await db.execute("UPDATE league_match_seats SET placing = ?, points = ?, forfeit = ?"
                                 " WHERE match_id = ? AND user_id = ?", (placing, points, int(forfeit), match_id,
                                                                          user_id))
        return True

    async def cancel_game(self, game_id: int, now: float) -> bool:
        """Cancel a match's game if it is still open; False when it has ended meanwhile."""
        async with self.s.transaction() as db:
            cursor = await db.execute("UPDATE games SET status = 'cancelled', updated_at = ? WHERE id = ? AND"
                                      " status IN ('lobby', 'running')", (now, game_id))
            return cursor.rowcount == 1

    async def mark_forfeit(self, match_id: int, user_id: str) -> None:
        """A seat forfeited (its placing comes when the match is recorded)."""
        await self.s.write([("UPDATE league_match_seats SET forfeit = 1 WHERE match_id = ? AND user_id = ?",
                              (match_id, user_id))])

    async def replace_seat(self, match: Match, old: str, new: str, name: str) -> None:
        """A substitute takes a seat: the match seat and, when running, the game's player row."""
        async with self.s.transaction() as db:
            await db.execute("UPDATE league_match_seats SET user_id = ?, name = ? WHERE match_id = ? AND user_id = ?",
                             (new, name, match.id, old))
            if match.game_id is not None:
                await db.execute("UPDATE players SET user_id = ?, name = ?, is_bot = 0 WHERE game_id = ? AND"
                                 " user_id = ?", (new, name, match.game_id, old))

    async def seat_to_bot(self, game_id: int, user_id: str, name: str) -> None:
        """A bot plays on a forfeited seat so the others can finish."""
        await self.s.write([("UPDATE players SET user_id = NULL, is_bot = 1, name = ? WHERE game_id = ? AND"
                              " user_id = ?", (name, game_id, user_id))])

    # -- audit ------------------------------------------------------------------------------
    async def audit(self, league_id: int, actor_id: str, action: str, detail: str, reason: str, now: float) -> None:
        """Keep an organiser action on record."""
        await self.s.write([("INSERT INTO league_audit (league_id, actor_id, action, detail, reason, created_at)"
                              " VALUES (?, ?, ?, ?, ?, ?)", (league_id, actor_id, action, detail, reason, now))])

    async def audit_log(self, league_id: int, limit: int = 25) -> list[AuditRow]:
        """The newest organiser actions first."""
        rows = await self.s.fetch("SELECT actor_id, action, detail, reason, created_at FROM league_audit"
                                   " WHERE league_id = ? ORDER BY id DESC LIMIT ?", (league_id, limit))
        return [AuditRow(*r) for r in rows]

    # -- ratings ----------------------------------------------------------------------------
    async def ratings(self, guild_id: str, engine: str, users: Sequence[str]) -> dict[str, Rating]:
        """Current ratings of some users for one game in one server."""
        marks = ",".join("?" * len(users))
        rows = await self.s.fetch(
            f"SELECT user_id, name, mu, sigma, games FROM ratings WHERE guild_id = ? AND engine = ? AND"
            f" user_id IN ({marks})", (guild_id, engine, *users))
        return {r[0]: Rating(*r) for r in rows}

    async def ratings_of_user(self, guild_id: str, user_id: str) -> dict[str, Rating]:
        """A user's ratings in a server, per game."""
        rows = await self.s.fetch("SELECT engine, user_id, name, mu, sigma, games FROM ratings"
                                   " WHERE guild_id = ? AND user_id = ? ORDER BY engine", (guild_id, user_id))
        return {r[0]: Rating(*r[1:]) for r in rows}

    async def rated_engines(self, guild_id: str) -> list[str]:
        """Games with at least one rating in a server."""
        rows = await self.s.fetch("SELECT DISTINCT engine FROM ratings WHERE guild_id = ? ORDER BY engine",
                                   (guild_id,))
        return [r[0] for r in rows]

    async def leaderboard(self, guild_id: str, engine: str, limit: int = 20) -> list[Rating]:
        """The best ratings (mu − 3σ) of a game in a server."""
        rows = await self.s.fetch(
            "SELECT user_id, name, mu, sigma, games FROM ratings WHERE guild_id = ? AND engine = ?"
            " ORDER BY mu - 3 * sigma DESC, games DESC LIMIT ?", (guild_id, engine, limit))
        return [Rating(*r) for r in rows]

    async def save_ratings(self, game_id: int, guild_id: str, engine: str,
                           updates: Mapping[str, tuple[str, float, float]], now: float) -> bool:
        """Store new ratings for a game's players, once per game; False when it was already rated."""
        try:
            async with self.s.transaction() as db:
                await db.execute("INSERT INTO rated_games (game_id, rated_at) VALUES (?, ?)", (game_id, now))
                for user_id, (name, mu, sigma) in updates.items():
                    await db.execute(
                        "INSERT INTO ratings (guild_id, engine, user_id, name, mu, sigma, games, updated_at)"
                        " VALUES (?, ?, ?, ?, ?, ?, 1, ?) ON CONFLICT (guild_id, engine, user_id) DO UPDATE SET"
                        " name = excluded.name, mu = excluded.mu, sigma = excluded.sigma, games = games + 1,"
                        " updated_at = excluded.updated_at", (guild_id, engine, user_id, name, mu, sigma, now))
        except StorageIntegrityError:
            return False
        return True


def _league(row: Sequence[Any]) -> League:
    values = list(row)
    values[5] = json.loads(values[5])
    values[7] = [float(v) for v in json.loads(values[7])]
    return League(*values)
