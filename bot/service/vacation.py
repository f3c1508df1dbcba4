"""Vacation: a user's clocks pause in all their games; deadlines move by the time away when it ends.

Each server has a yearly allowance (days per calendar year, UTC; default 21); a vacation is limited by
the smallest allowance among the caller's server and the servers of their running games.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

from .errors import NotAllowed, ServiceError
from .pace_store import PaceStore
from .pacing import DAY
from .reminders import zone
from .service import GameService

DEFAULT_ALLOWANCE_DAYS = 21.0


def parse_until(text: str, now: float, tz: str = "UTC") -> float:
    """"7" or "7d" (days from now), "36h", or a date "2026-12-24" (the end of that day in ``tz``: the next
    local midnight, also on a daylight-saving day of 23 or 25 hours)."""
    value = text.strip().lower()
    if match := re.fullmatch(r"(\d+(?:\.\d+)?)\s*(d|days?|h|hours?)?", value):
        amount = float(match.group(1))
        return now + amount * (3600 if (match.group(2) or "d").startswith("h") else DAY)
    try:
        day = datetime.strptime(value, "%Y-%m-%d")
    except ValueError:
        raise ServiceError(f"`until` is a number of days (`7`), hours (`36h`) or a date (`2026-12-24`), "
                           f"not {text!r}.") from None
    return (day + timedelta(days=1)).replace(tzinfo=zone(tz)).timestamp()


def year_start(now: float) -> float:
    """1 January (UTC) of ``now``'s year."""
    return datetime(datetime.fromtimestamp(now, UTC).year, 1, 1, tzinfo=UTC).timestamp()


class Vacations:
    """``/vacation`` and the vacation part of the sweep."""

    def __init__(self, service: GameService, store: PaceStore, default_days: float = DEFAULT_ALLOWANCE_DAYS) -> None:
        self.service = service
        self.store = store
        self.default_days = default_days

    async def allowance(self, user_id: str, guild_id: str | None) -> float:
        """Days per year the user may take (the smallest allowance of the servers involved)."""
        guilds = {g.guild_id for g in await self.service.storage.games_of_user(user_id, ("running",))}
        guilds.add(guild_id)
        days = [await self.store.allowance(g) if g else None for g in guilds]
        return min(self.default_days if d is None else d for d in days)

    async def used(self, user_id: str, now: float) -> float:
        """Days taken (or booked) this calendar year."""
        seconds = sum((v.ended_at if v.ended_at is not None else v.until) - v.started_at
                      for v in await self.store.vacations_since(user_id, year_start(now)))
        return seconds / DAY

    async def start(self, user_id: str, guild_id: str | None, until: str | None, now: float) -> str:
        """Go on vacation until ``until`` (default: as long as the allowance allows)."""
        if await self.store.open_vacation(user_id) is not None:
            raise ServiceError("You are already on vacation. End it with `/vacation off`.")
        allowance = await self.allowance(user_id, guild_id)
        left = allowance - await self.used(user_id, now)
        if left <= 0.01:
            raise NotAllowed(f"You have used your {allowance:g} vacation days for this year.")
        tz = (await self.store.prefs(user_id)).tz
        end = parse_until(until, now, tz) if until else now + left * DAY
        if end <= now:
            raise ServiceError("That date has already passed.")
        if end - now > left * DAY + 60:
            raise NotAllowed(f"You have {left:.1f} of {allowance:g} vacation days left this year.")
        games = await self.service.storage.games_of_user(user_id, ("running",))
        notices = [self.store.notice_statement(
            "table", f"🏖️ {_name(g, user_id)} is on vacation until <t:{int(end)}:f>: their clock is paused and "
            "their deadlines move when they return.", now, channel_id=g.channel_id) for g in games]
        await self.store.start_vacation(user_id, now, end, notices)
        return (f"Enjoy! You are on vacation until <t:{int(end)}:f> ({(end - now) / DAY:.1f} days; "
                f"{left - (end - now) / DAY:.1f} left this year). Your clocks in {len(games)} game(s) are paused.")

    async def end(self, user_id: str, now: float) -> str:
        """Come back: close the vacation and move the user's deadlines by the time away."""
        vacation = await self.store.open_vacation(user_id)
        if vacation is None:
            raise ServiceError("You are not on vacation.")
        end = min(now, vacation.until)
        shifted = []
        for clock, _ in await self.store.clocks_of_user(user_id):
            if clock.deadline is None or clock.due_since is None:
                continue
            shift = max(0.0, end - max(vacation.started_at, clock.due_since))
            shifted.append(self.store.shift_statement(clock, shift))
        games = await self.service.storage.games_of_user(user_id, ("running",))
        notices: list[tuple[str, tuple[Any, ...]]] = [self.store.notice_statement(
            "table", f"👋 {_name(g, user_id)} is back from vacation; their deadlines moved by the time away.",
            now, channel_id=g.channel_id) for g in games]
        if not await self.store.end_vacation(vacation.id, end, shifted, notices):
            raise ServiceError("Your vacation has just ended already.")  # another process's sweep
        return f"Welcome back! {len(shifted)} deadline(s) moved by the time you were away."

    async def end_due(self, now: float) -> int:
        """End every vacation whose time is up (the sweep); returns how many."""
        ended = 0
        for vacation in await self.store.vacations_ending(now):
            try:
                await self.end(vacation.user_id, now)
                ended += 1
            except ServiceError:  # another process's sweep ended it a moment ago
                continue
        return ended

    async def status(self, user_id: str, guild_id: str | None, now: float) -> str:
        """Whether the user is away and what is left of the allowance."""
        allowance = await self.allowance(user_id, guild_id)
        left = allowance - await self.used(user_id, now)
        vacation = await self.store.open_vacation(user_id)
        head = f"On vacation until <t:{int(vacation.until)}:f>. " if vacation else "Not on vacation. "
        return head + f"{max(0.0, left):.1f} of {allowance:g} vacation days left this year."

    async def set_allowance(self, guild_id: str, days: float, is_admin: bool) -> str:
        """A server admin sets the yearly allowance."""
        if not is_admin:
            raise NotAllowed("Only a server admin can change the vacation allowance.")
        if not 0 <= days <= 366:
            raise ServiceError("The allowance is between 0 and 366 days a year.")
        await self.store.set_allowance(guild_id, days)
        return f"Vacation allowance on this server: {days:g} days a year."


def _name(game: Any, user_id: str) -> str:
    return next((p.name for p in game.players if p.user_id == user_id), "A player")
