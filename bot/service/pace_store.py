"""SQL for keeping games moving (migration 002): paces, seat clocks, reminder settings, vacations,
the notice outbox and archived games, through the storage interface (either backend)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .pacing import PRESETS, Pace, PaceSettings
from .sql_dialect import SKIP_LOCKED
from .storage import Storage


@dataclass
class Clock:
    """One seat's clock in one game."""

    game_id: int
    seat: int
    bank: float
    turn: int = 0
    due_since: float | None = None
    deadline: float | None = None
    reminded: float | None = None
    muted_turn: int | None = None
    strikes: int = 0
    stand_in: bool = False
    frame: str | None = None
    """Unused since migration 022 (decisions end where ``turns.ends_decision`` says, see ``since_version``)."""
    missed: int = 0
    """Timeouts in a row (a move of the player's own resets it)."""
    since_version: int | None = None
    """The game version at which the current decision began."""
    turn_pace: str | None = None
    """The pace the running turn started under (``pacing.pace_code``)."""


@dataclass(frozen=True)
class ReminderPrefs:
    """A user's reminder settings."""

    user_id: str
    mode: str = "dm"
    interval_hours: float = 24.0
    tz: str = "UTC"
    quiet_start: int | None = None
    quiet_end: int | None = None


@dataclass(frozen=True)
class Vacation:
    """One vacation of a user."""

    id: int
    user_id: str
    started_at: float
    until: float
    ended_at: float | None


@dataclass(frozen=True)
class Notice:
    """A message for the adapter to deliver: a DM (``dm``, falling back to a mention in ``channel_id``)
    or a post in ``channel_id``. Stays in the outbox until :meth:`PaceStore.mark_sent`."""

    id: int
    kind: str
    user_id: str | None
    dm: bool
    channel_id: str | None
    text: str


_CLOCK = ", ".join(f.name for f in fields(Clock))


class PaceStore:
    """Every query of the feature; each write is one transaction."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    # -- pace --------------------------------------------------------------------------------
    async def settings(self, game_id: int) -> PaceSettings:
        """The game's pace and policy (the defaults when the host set nothing)."""
        rows = await self.storage.fetch("SELECT pace, turn_seconds, bank_start, bank_gain, bank_cap, policy, strikes, "
                                 "afk_after, grace_seconds FROM game_pace WHERE game_id = ?", (game_id,))
        if not rows:
            return PaceSettings()
        r = rows[0]
        pace = PRESETS.get(r[0]) if r[0] != "custom" else None
        return PaceSettings(pace or Pace(r[0], r[1], r[2], r[3], r[4]), r[5], r[6], r[7], r[8])

    async def set_settings(self, game_id: int, s: PaceSettings) -> None:
        """Store a game's pace and policy."""
        p = s.pace
        await self.storage.write([(
            "INSERT OR REPLACE INTO game_pace (game_id, pace, turn_seconds, bank_start, bank_gain,"
            " bank_cap, policy, strikes, afk_after, grace_seconds) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (game_id, p.name, p.turn, p.bank, p.gain, p.cap, s.policy, s.strikes, s.afk_after, s.grace))])

    # -- clocks ------------------------------------------------------------------------------
    async def clocks(self, game_id: int) -> dict[int, Clock]:
        """Every seat clock of a game."""
        rows = await self.storage.fetch(f"SELECT {_CLOCK} FROM seat_clocks WHERE game_id = ?", (game_id,))
        return {r[1]: _clock(r) for r in rows}

    @staticmethod
    def clock_statements(clocks: list[Clock]) -> list[tuple[str, tuple[Any, ...]]]:
        """The writes storing ``clocks`` (to combine with other writes in one transaction)."""
        marks = ", ".join("?" * len(fields(Clock)))
        return [(f"INSERT OR REPLACE INTO seat_clocks ({_CLOCK}) VALUES ({marks})",
                 tuple(getattr(c, f.name) for f in fields(Clock))) for c in clocks]

    async def save_clocks(self, clocks: list[Clock]) -> None:
        """Insert or replace seat clocks in one transaction."""
        await self.storage.write(self.clock_statements(clocks))

    @staticmethod
    def reminded_statement(clock: Clock) -> tuple[str, tuple[Any, ...]]:
        """Record the last reminder point handled, only if the seat is still in the same turn (a move may
        have ended it meanwhile; whole-row writes outside the game lock could resurrect a deadline) and no
        other process handled that point first."""
        return ("UPDATE seat_clocks SET reminded = ? WHERE game_id = ? AND seat = ? AND turn = ?"
                " AND deadline IS NOT NULL AND (reminded IS NULL OR reminded < ?)",
                (clock.reminded, clock.game_id, clock.seat, clock.turn, clock.reminded))

    async def mute_turn(self, clock: Clock) -> None:
        """"Not this turn" for the clock's current turn."""
        await self.storage.write([(
            "UPDATE seat_clocks SET muted_turn = turn WHERE game_id = ? AND seat = ? AND turn = ?",
            (clock.game_id, clock.seat, clock.turn))])

    @staticmethod
    def shift_statement(clock: Clock, seconds: float) -> tuple[str, tuple[Any, ...]]:
        """Move a due seat's clock later (vacation), only within the same turn."""
        return ("UPDATE seat_clocks SET deadline = deadline + ?, due_since = due_since + ?,"
                " reminded = reminded + ? WHERE game_id = ? AND seat = ? AND turn = ? AND deadline IS NOT NULL",
                (seconds, seconds, seconds, clock.game_id, clock.seat, clock.turn))

    async def due_clocks(self, before: float | None = None) -> list[Clock]:
        """Clocks of seats the game waits for (deadline before ``before`` when given), by deadline."""
        where = "c.deadline IS NOT NULL" + (" AND c.deadline <= ?" if before is not None else "")
        rows = await self.storage.fetch(
            f"SELECT {', '.join('c.' + f.name for f in fields(Clock))} FROM seat_clocks c JOIN games g"
            f" ON g.id = c.game_id WHERE {where} AND g.status = 'running' ORDER BY c.deadline",
            (before,) if before is not None else ())
        return [_clock(r) for r in rows]

    async def clocks_of_user(self, user_id: str) -> list[tuple[Clock, str]]:
        """The user's clocks in running games, with the game's channel."""
        rows = await self.storage.fetch(
            f"SELECT {', '.join('c.' + f.name for f in fields(Clock))}, g.channel_id FROM seat_clocks c"
            " JOIN players p ON p.game_id = c.game_id AND p.seat = c.seat JOIN games g ON g.id = c.game_id"
            " WHERE p.user_id = ? AND g.status = 'running'", (user_id,))
        return [(_clock(r[:-1]), r[-1]) for r in rows]

    # -- players -----------------------------------------------------------------------------
    async def seat_to_bot(self, game_id: int, seat: int, name: str) -> None:
        """A forfeited seat becomes a bot seat for the rest of the game."""
        await self.storage.write([(
            "UPDATE players SET user_id = NULL, is_bot = 1, name = ? WHERE game_id = ? AND seat = ?",
            (name, game_id, seat))])

    async def replace_user(self, game_id: int, old: str, new: str, name: str) -> None:
        """Another user takes a seat."""
        await self.storage.write([("UPDATE players SET user_id = ?, name = ? WHERE game_id = ? AND user_id = ?",
                            (new, name, game_id, old))])

    # -- members who left a server ---------------------------------------------------------
    async def departed(self, guild_id: str | None) -> set[str]:
        """Users who left the server ``guild_id`` (and have not come back)."""
        if guild_id is None:
            return set()
        rows = await self.storage.fetch("SELECT user_id FROM departures WHERE guild_id = ?", (guild_id,))
        return {r[0] for r in rows}

    async def set_departed(self, guild_id: str, user_id: str, left_at: float | None) -> None:
        """Record that a member left the server (``left_at``), or came back (None)."""
        if left_at is None:
            await self.storage.write([("DELETE FROM departures WHERE guild_id = ? AND user_id = ?",
                                       (guild_id, user_id))])
        else:
            await self.storage.write([("INSERT OR REPLACE INTO departures VALUES (?, ?, ?)",
                                       (guild_id, user_id, left_at))])

    # -- reminder settings -------------------------------------------------------------------
    async def prefs(self, user_id: str) -> ReminderPrefs:
        """A user's reminder settings (defaults when never set)."""
        rows = await self.storage.fetch("SELECT user_id, mode, interval_hours, tz, quiet_start, quiet_end"
                                 " FROM reminder_settings WHERE user_id = ?", (user_id,))
        return ReminderPrefs(*rows[0]) if rows else ReminderPrefs(user_id)

    async def set_prefs(self, p: ReminderPrefs) -> None:
        """Store a user's reminder settings."""
        await self.storage.write([("INSERT OR REPLACE INTO reminder_settings VALUES (?, ?, ?, ?, ?, ?)",
                            (p.user_id, p.mode, p.interval_hours, p.tz, p.quiet_start, p.quiet_end))])

    # -- vacations ---------------------------------------------------------------------------
    async def open_vacation(self, user_id: str) -> Vacation | None:
        """The user's running vacation."""
        rows = await self.storage.fetch("SELECT id, user_id, started_at, until, ended_at FROM vacations"
                                 " WHERE user_id = ? AND ended_at IS NULL", (user_id,))
        return Vacation(*rows[0]) if rows else None

    async def vacations_since(self, user_id: str, since: float) -> list[Vacation]:
        """The user's vacations started at or after ``since``."""
        rows = await self.storage.fetch("SELECT id, user_id, started_at, until, ended_at FROM vacations"
                                 " WHERE user_id = ? AND started_at >= ?", (user_id, since))
        return [Vacation(*r) for r in rows]

    async def vacations_ending(self, now: float) -> list[Vacation]:
        """Running vacations whose end has come."""
        rows = await self.storage.fetch("SELECT id, user_id, started_at, until, ended_at FROM vacations"
                                 " WHERE ended_at IS NULL AND until <= ?", (now,))
        return [Vacation(*r) for r in rows]

    async def on_vacation(self) -> set[str]:
        """Users on vacation now."""
        return {r[0] for r in await self.storage.fetch("SELECT user_id FROM vacations WHERE ended_at IS NULL")}

    async def start_vacation(self, user_id: str, now: float, until: float,
                             notices: list[tuple[str, tuple[Any, ...]]]) -> None:
        """Record a vacation and queue its notices in one transaction."""
        await self.storage.write([("INSERT INTO vacations (user_id, started_at, until) VALUES (?, ?, ?)",
                            (user_id, now, until)), *notices])

    async def end_vacation(self, vacation_id: int, at: float, shifts: list[tuple[str, tuple[Any, ...]]],
                           notices: list[tuple[str, tuple[Any, ...]]]) -> bool:
        """Close a vacation, shift the clocks and queue the notices in one transaction; False (nothing
        written) when it was closed already (by another process's sweep)."""
        closing = ("UPDATE vacations SET ended_at = ? WHERE id = ? AND ended_at IS NULL", (at, vacation_id))
        return await self.guarded_write([closing], shifts + notices)

    async def guarded_write(self, guards: list[tuple[str, tuple[Any, ...]]],
                            statements: list[tuple[str, tuple[Any, ...]]]) -> bool:
        """One transaction: every guard (a conditional ``UPDATE``) must change exactly one row, then
        ``statements`` run; if a guard finds its row already changed (another process got there first),
        nothing is written and the answer is False."""
        try:
            async with self.storage.transaction() as db:
                for sql, params in guards:
                    if (await db.execute(sql, params)).rowcount != 1:
                        raise _Taken
                for sql, params in statements:
                    await db.execute(sql, params)
        except _Taken:
            return False
        return True

    async def allowance(self, guild_id: str) -> float | None:
        """A server's yearly vacation allowance in days (None: the default)."""
        rows = await self.storage.fetch("SELECT days FROM vacation_allowance WHERE guild_id = ?", (guild_id,))
        return float(rows[0][0]) if rows else None

    async def set_allowance(self, guild_id: str, days: float) -> None:
        """Set a server's yearly allowance."""
        await self.storage.write([("INSERT OR REPLACE INTO vacation_allowance VALUES (?, ?)", (guild_id, days))])

    # -- outbox ------------------------------------------------------------------------------
    def notice_statement(self, kind: str, text: str, now: float, *, channel_id: str | None,
                         user_id: str | None = None, dm: bool = False) -> tuple[str, tuple[Any, ...]]:
        """The INSERT of one notice (to combine with other writes in one transaction)."""
        return ("INSERT INTO notices (kind, user_id, dm, channel_id, text, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (kind, user_id, int(dm), channel_id, text, now))

    async def add_notices(self, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        """Write notices (and any other statements) in one transaction."""
        if statements:
            await self.storage.write(statements)

    async def unsent(self) -> list[Notice]:
        """Every notice not delivered yet, oldest first (claimed or not)."""
        rows = await self.storage.fetch("SELECT id, kind, user_id, dm, channel_id, text FROM notices"
                                 " WHERE sent_at IS NULL ORDER BY id")
        return [Notice(r[0], r[1], r[2], bool(r[3]), r[4], r[5]) for r in rows]

    async def claim_unsent(self, owner: str, now: float, lease: float, limit: int = 200) -> list[Notice]:
        """Claim up to ``limit`` undelivered notices for ``owner`` until ``now + lease`` and return them,
        oldest first: unclaimed ones, ``owner``'s own (not delivered last time) and those whose lease ran
        out (their process died before marking them sent). Another process's live claim is skipped, so
        each notice is delivered by one process."""
        free = "sent_at IS NULL AND (claimed_until IS NULL OR claimed_until < ? OR claimed_by = ?)"
        async with self.storage.transaction() as db:
            cursor = await db.execute(
                f"UPDATE notices SET claimed_by = ?, claimed_until = ? WHERE {free} AND id IN"
                f" (SELECT id FROM notices WHERE {free} ORDER BY id LIMIT ? {SKIP_LOCKED})"
                " RETURNING id, kind, user_id, dm, channel_id, text",
                (owner, now + lease, now, owner, now, owner, limit))
            rows = await cursor.fetchall()
        return sorted((Notice(r[0], r[1], r[2], bool(r[3]), r[4], r[5]) for r in rows), key=lambda n: n.id)

    async def mark_sent(self, notice_id: int, now: float) -> None:
        """The adapter delivered a notice."""
        await self.storage.write([("UPDATE notices SET sent_at = ? WHERE id = ?", (now, notice_id))])

    # -- idle games --------------------------------------------------------------------------
    async def idle_games(self, before: float, now: float) -> list[tuple[int, str, str | None]]:
        """``(id, channel, guild)`` of open games without a change since ``before``, except games that wait for a
        seat still inside its deadline or a seat whose player is on vacation (uses games_by_status)."""
        rows = await self.storage.fetch(
            "SELECT id, channel_id, guild_id FROM games g WHERE status IN ('lobby', 'running') AND updated_at < ?"
            " AND NOT EXISTS (SELECT 1 FROM seat_clocks c WHERE c.game_id = g.id AND c.deadline > ?)"
            " AND NOT EXISTS (SELECT 1 FROM players p JOIN vacations v ON v.user_id = p.user_id"
            " WHERE p.game_id = g.id AND v.ended_at IS NULL)", (before, now))
        return [(r[0], r[1], r[2]) for r in rows]

    async def archive(self, game_id: int, now: float, notice: tuple[str, tuple[Any, ...]]) -> bool:
        """Close an idle game (cancelled + archived row) with its notice; False if it moved meanwhile."""
        async with self.storage.transaction() as db:
            cursor = await db.execute("UPDATE games SET status = 'cancelled', updated_at = ? WHERE id = ?"
                                      " AND status IN ('lobby', 'running')", (now, game_id))
            if cursor.rowcount != 1:
                return False
            await db.execute("INSERT OR REPLACE INTO archived_games VALUES (?, ?)", (game_id, now))
            await db.execute("UPDATE seat_clocks SET deadline = NULL, due_since = NULL WHERE game_id = ?",
                             (game_id,))
            await db.execute(*notice)
        return True

    async def is_archived(self, game_id: int) -> bool:
        """True when the game was archived for idleness."""
        return bool(await self.storage.fetch("SELECT 1 FROM archived_games WHERE game_id = ?", (game_id,)))


class _Taken(Exception):
    """A guard of :meth:`PaceStore.guarded_write` found its row changed already."""


def _clock(row: Any) -> Clock:
    c = Clock(*row)
    c.stand_in = bool(c.stand_in)
    return c
