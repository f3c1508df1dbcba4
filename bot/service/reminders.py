"""Reminders: escalation points, per-user settings, quiet hours in IANA time zones, one digest per user.

Reminder points of a turn are 50 %, 80 % and 95 % of the time to the deadline, plus one every
``interval_hours`` after the seat became due. A sweep sends one digest per user covering every game
with a pending point; points passed while a user is in quiet hours wait until the window ends
(deadlines never move for quiet hours). ``seat_clocks.reminded`` records the last point handled, in the
same transaction as the queued notice, so a restart never repeats a reminder.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from .deadlines import jump_link
from .errors import NotAllowed, ServiceError
from .models import GameRow
from .naming import fill, seat_names
from .pace_store import Clock, PaceStore, ReminderPrefs
from .service import GameService

STAGES = (0.5, 0.8, 0.95)
MODES = ("dm", "channel", "both")
DASHES = re.compile(r"\s*[-\u2010-\u2015\u2212]\s*")
"""Between the two times of quiet hours: a hyphen, the en dash ``describe`` shows, or any other dash."""


def zone(name: str) -> ZoneInfo:
    """An IANA time zone, or a clear refusal."""
    try:
        return ZoneInfo(name.strip())
    except (ZoneInfoNotFoundError, ValueError):
        raise ServiceError(f"Unknown time zone {name!r}: use an IANA name such as Europe/Paris or "
                           "America/New_York.") from None


def parse_clock(text: str) -> int:
    """"22:30" → minutes after midnight."""
    try:
        hour, minute = (int(p) for p in text.strip().split(":", 1))
    except ValueError:
        raise ServiceError(f"Times look like 22:30 (24-hour clock), not {text!r}.") from None
    if not (0 <= hour < 24 and 0 <= minute < 60):
        raise ServiceError(f"{text!r} is not a time of day.")
    return hour * 60 + minute


def parse_quiet(text: str) -> tuple[int, int]:
    """"22:00-07:30" (or with the en dash ``/remind`` shows) → minutes after midnight of start and end."""
    parts = DASHES.split(text.strip())
    if len(parts) != 2:
        raise ServiceError("Quiet hours look like 22:00-07:30 (or `off`).")
    start, end = parse_clock(parts[0]), parse_clock(parts[1])
    if start == end:
        raise ServiceError(f"Quiet hours that start and end at the same time ({text.strip()}) would never be "
                           "quiet: give two different times, like 22:00-07:30, or `off`.")
    return start, end


def in_quiet_hours(now: float, prefs: ReminderPrefs) -> bool:
    """True when ``now`` falls in the user's quiet window, read on their local wall clock (DST-aware)."""
    start, end = prefs.quiet_start, prefs.quiet_end
    if start is None or end is None or start == end:
        return False
    local = datetime.fromtimestamp(now, zone(prefs.tz))
    minute = local.hour * 60 + local.minute
    return start <= minute < end if start < end else minute >= start or minute < end


def reminder_points(due_since: float, deadline: float, interval_hours: float) -> list[float]:
    """Every moment of a turn at which a reminder is due, in order."""
    span = deadline - due_since
    points = {due_since + f * span for f in STAGES}
    if interval_hours > 0:
        step = interval_hours * 3600
        at = due_since + step
        while at < deadline:
            points.add(at)
            at += step
    return sorted(points)


def pending_point(clock: Clock, prefs: ReminderPrefs, now: float) -> float | None:
    """The latest reminder point reached and not yet handled this turn."""
    if clock.due_since is None or clock.deadline is None:
        return None
    handled = clock.reminded if clock.reminded is not None else clock.due_since
    reached = [p for p in reminder_points(clock.due_since, clock.deadline, prefs.interval_hours)
               if handled < p <= now]
    return reached[-1] if reached else None


def urgency(clock: Clock, now: float) -> str:
    """How close the deadline is, in words."""
    assert clock.due_since is not None and clock.deadline is not None
    used = (now - clock.due_since) / max(1.0, clock.deadline - clock.due_since)
    mark = "🚨 last call" if used >= STAGES[2] else "⚠️" if used >= STAGES[1] else "⏰"
    return f"{mark} {min(99, int(used * 100))} % of your time used"


class Reminders:
    """Settings commands and the reminder part of the sweep."""

    def __init__(self, service: GameService, store: PaceStore) -> None:
        self.service = service
        self.store = store

    async def update(self, user_id: str, *, mode: str | None = None, interval_hours: float | None = None,
                     tz: str | None = None, quiet: str | None = None) -> ReminderPrefs:
        """Change some settings; ``quiet`` is "22:00-07:30" or "off"."""
        prefs = await self.store.prefs(user_id)
        if mode is not None:
            if mode not in MODES:
                raise ServiceError(f"Reminders go by {', '.join(MODES)}, not {mode!r}.")
            prefs = replace(prefs, mode=mode)
        if interval_hours is not None:
            if not 0 <= interval_hours <= 24 * 14:
                raise ServiceError("The interval is between 0 (escalation only) and 336 hours.")
            prefs = replace(prefs, interval_hours=interval_hours)
        if tz is not None:
            prefs = replace(prefs, tz=str(zone(tz).key))
        if quiet is not None:
            if quiet.strip().lower() in ("off", "none", ""):
                prefs = replace(prefs, quiet_start=None, quiet_end=None)
            else:
                prefs = replace(prefs, **dict(zip(("quiet_start", "quiet_end"), parse_quiet(quiet), strict=True)))
        await self.store.set_prefs(prefs)
        return prefs

    @staticmethod
    def describe(prefs: ReminderPrefs) -> str:
        """The settings in one paragraph."""
        how = {"dm": "by DM", "channel": "as a mention in the game channel", "both": "by DM and a mention"}
        every = f"every {prefs.interval_hours:g} h and " if prefs.interval_hours else ""
        text = f"Reminders {how[prefs.mode]}, {every}at 50 %, 80 % and 95 % of each deadline. Time zone {prefs.tz}"
        if prefs.quiet_start is not None and prefs.quiet_end is not None:
            text += f"; quiet hours {_hhmm(prefs.quiet_start)}–{_hhmm(prefs.quiet_end)} (held until they end)"
        return text + "."

    async def mute(self, channel_id: str, user_id: str) -> str:
        """"Not this turn": no more reminders for the caller's current turn in this channel's game."""
        game = await self.service.running_game(channel_id)
        seat = self.service.seat_of(game, user_id)
        clock = (await self.store.clocks(game.id)).get(seat)
        if clock is None or clock.deadline is None:
            raise NotAllowed("This game is not waiting for you right now; nothing to silence.")
        await self.store.mute_turn(clock)
        return "No more reminders for this turn. The deadline still applies."

    async def enqueue_due(self, now: float) -> int:
        """Queue one digest per user with a pending reminder; returns how many users."""
        away = await self.store.on_vacation()
        departed: dict[str | None, set[str]] = {}
        games: dict[int, GameRow] = {}
        prefs: dict[str, ReminderPrefs] = {}
        waiting: dict[str, list[tuple[Clock, GameRow, float]]] = {}
        for clock in await self.store.due_clocks():
            if clock.deadline is None or clock.deadline <= now or clock.stand_in or clock.muted_turn == clock.turn:
                continue
            game = games.get(clock.game_id) or await self.service.game_by_id(clock.game_id)
            games[game.id] = game
            player = game.player_at(clock.seat)
            user = player.user_id if player else None
            if game.guild_id not in departed:
                departed[game.guild_id] = await self.store.departed(game.guild_id)
            if user is None or user in away or user in departed[game.guild_id]:  # nobody pinged where they left
                continue
            if user not in prefs:
                prefs[user] = await self.store.prefs(user)
            point = pending_point(clock, prefs[user], now)
            if point is None or in_quiet_hours(now, prefs[user]):
                continue
            waiting.setdefault(user, []).append((clock, game, point))
        for user, items in waiting.items():
            await self._queue_digest(user, prefs[user], items, now)
        return len(waiting)

    async def _queue_digest(self, user: str, prefs: ReminderPrefs, items: list[tuple[Clock, GameRow, float]],
                            now: float) -> None:
        items.sort(key=lambda item: item[0].deadline or 0)
        lines = [self._line(clock, game, now) for clock, game, _ in items]
        count = f"{len(items)} games are" if len(items) > 1 else "A game is"
        footer = "Silence a turn with `/remind not-this-turn` in the game's channel; see all with `/mygames`."
        for clock, _, point in items:
            clock.reminded = point
        # one transaction with the notice, written only if every point is still unhandled (no other process
        # queued this digest meanwhile; the next sweep tries again with what is left)
        statements = [self.store.reminded_statement(clock) for clock, _, _ in items]
        first = items[0][1]
        if prefs.mode in ("dm", "both"):
            text = "\n".join([f"{count} waiting for you:", *lines, footer])
            statements.append(self.store.notice_statement("reminder", text, now, channel_id=first.channel_id,
                                                          user_id=user, dm=True))
        if prefs.mode in ("channel", "both"):
            here = [line for (_, game, _), line in zip(items, lines, strict=True) if game.guild_id == first.guild_id]
            more = len(items) - len(here)
            tail = [f"…and {more} more game{'s' if more > 1 else ''} elsewhere (`/mygames`)."] if more else []
            text = "\n".join([f"<@{user}> — {count} waiting for you:", *here, *tail])
            statements.append(self.store.notice_statement("reminder", text, now, channel_id=first.channel_id))
        guards = statements[:len(items)]
        await self.store.guarded_write(guards, statements[len(items):])  # False: another process sent it

    def _line(self, clock: Clock, game: GameRow, now: float) -> str:
        assert game.state is not None and clock.deadline is not None
        engine = self.service.engine(game.engine)
        awaited = fill(engine.prompt(game.state, clock.seat), seat_names(game))
        return (f"• **{engine.title} #{game.id}** — {awaited} Due <t:{int(clock.deadline)}:R> "
                f"({urgency(clock, now)}) · {jump_link(game)}")


def _hhmm(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"
