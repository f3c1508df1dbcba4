"""Paces and time-bank arithmetic: pure functions, no storage, no clock.

A seat that becomes due at ``due_since`` must act by ``due_since + turn + bank``. When it finishes its
turn, the time it used beyond ``turn`` is taken from its bank, then the bank gains ``gain`` (capped).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .errors import LobbyError

HOUR = 3600.0
DAY = 24 * HOUR
POLICIES = ("default", "bot", "skip")
POLICY_TEXT = {
    "default": "the game's default action is played for them",
    "bot": "a bot plays their seat until they return (`/pace back` or a move)",
    "skip": "their decision is skipped with the default action, forfeit after {n} strikes",
}
STAND_IN_GRACE = 0.1
"""A bot stand-in waits this share of the turn time before each decision (unless the game sets its own grace)."""


@dataclass(frozen=True)
class Pace:
    """How much time a seat gets per turn, and its time bank."""

    name: str
    turn: float
    """Seconds per turn (0: no deadlines)."""
    bank: float = 0.0
    """Seconds every seat's bank starts with."""
    gain: float = 0.0
    """Seconds added to the bank after each finished turn."""
    cap: float = 0.0
    """The bank's maximum."""

    @property
    def timed(self) -> bool:
        """True when the game has deadlines."""
        return self.turn > 0

    def describe(self) -> str:
        """"normal: 48 h per turn + time bank 48 h (+4 h per move, up to 96 h)"."""
        if not self.timed:
            return "off: no deadlines"
        text = f"{self.name}: {hours(self.turn)} per turn"
        if self.bank or self.gain:
            text += f" + time bank {hours(self.bank)} (+{hours(self.gain)} per move, up to {hours(self.cap)})"
        return text


PRESETS: dict[str, Pace] = {
    "fast": Pace("fast", 12 * HOUR, 12 * HOUR, 1 * HOUR, 24 * HOUR),
    "normal": Pace("normal", 48 * HOUR, 48 * HOUR, 4 * HOUR, 96 * HOUR),
    "slow": Pace("slow", 5 * DAY, 5 * DAY, 12 * HOUR, 10 * DAY),
    "off": Pace("off", 0.0),
}
DEFAULT_PACE = PRESETS["normal"]
MAX_HOURS = 90 * 24.0


@dataclass(frozen=True)
class PaceSettings:
    """A game's pace and timeout policy (host-level settings stored with the game)."""

    pace: Pace = DEFAULT_PACE
    policy: str = "default"
    strikes: int = 3
    afk_after: int = 2
    """Timeouts in a row after which the seat's default is played right away each turn (0: never)."""
    grace: float | None = None
    """Seconds a bot stand-in waits before each decision (None: ``STAND_IN_GRACE`` of the turn time)."""

    @property
    def stand_in_grace(self) -> float:
        """How long a decision of a seat played by a stand-in waits for its player to come back."""
        return self.pace.turn * STAND_IN_GRACE if self.grace is None else self.grace

    @property
    def afk(self) -> bool:
        """Does this game treat a seat that keeps timing out as away (policies default and skip)?"""
        return self.afk_after > 0 and self.policy != "bot"

    def is_away(self, missed: int) -> bool:
        """Is a seat with ``missed`` timeouts in a row away?"""
        return self.afk and missed >= self.afk_after

    def describe(self) -> str:
        """One line for the table."""
        policy = POLICY_TEXT[self.policy].format(n=self.strikes)
        away = (f" After {self.afk_after} timeouts in a row the default is played at once each turn, until the "
                "player moves again." if self.afk else "")
        grace = (f" The bot waits {hours(self.stand_in_grace)} before each of its moves, so the player can "
                 "take over." if self.policy == "bot" and self.pace.timed else "")
        return f"Pace {self.pace.describe()}. On timeout {policy}.{away}{grace}"


def custom_pace(turn_hours: float, bank_hours: float = 0.0, gain_hours: float = 0.0,
                cap_hours: float | None = None) -> Pace:
    """An admin's pace in hours, checked."""
    cap = bank_hours if cap_hours is None else cap_hours
    for label, value in (("turn", turn_hours), ("bank", bank_hours), ("gain", gain_hours), ("cap", cap)):
        if not 0 <= value <= MAX_HOURS:
            raise LobbyError(f"The {label} time must be between 0 and {MAX_HOURS:g} hours.")
    if turn_hours <= 0:
        raise LobbyError("A custom pace needs a turn time above 0 hours (use `off` for no deadlines).")
    if cap < bank_hours:
        raise LobbyError("The bank cap cannot be below the starting bank.")
    return Pace("custom", turn_hours * HOUR, bank_hours * HOUR, gain_hours * HOUR, cap * HOUR)


def preset(name: str) -> Pace:
    """A named pace, or a clear refusal."""
    try:
        return PRESETS[name]
    except KeyError:
        raise LobbyError(f"Unknown pace {name!r}: choose {', '.join(PRESETS)} (or custom, for admins).") from None


def with_policy(settings: PaceSettings, policy: str, strikes: int | None,
                afk_after: int | None = None, grace_hours: float | None = None) -> PaceSettings:
    """Settings with a new timeout policy, checked."""
    if policy not in POLICIES:
        raise LobbyError(f"Unknown timeout policy {policy!r}: choose {', '.join(POLICIES)}.")
    count = settings.strikes if strikes is None else strikes
    if not 1 <= count <= 20:
        raise LobbyError("Strikes before a forfeit must be between 1 and 20.")
    away = settings.afk_after if afk_after is None else afk_after
    if not 0 <= away <= 20:
        raise LobbyError("Timeouts in a row before a player counts as away must be between 0 (never) and 20.")
    grace = settings.grace
    if grace_hours is not None:
        if not 0 <= grace_hours <= MAX_HOURS:
            raise LobbyError(f"The stand-in's grace must be between 0 and {MAX_HOURS:g} hours.")
        grace = grace_hours * HOUR
    return replace(settings, policy=policy, strikes=count, afk_after=away, grace=grace)


def deadline(due_since: float, bank: float, pace: Pace) -> float:
    """When a seat due since ``due_since`` with ``bank`` seconds in its bank runs out of time."""
    return due_since + pace.turn + max(0.0, bank)


def bank_after_turn(bank: float, used: float, pace: Pace) -> float:
    """The bank after a turn that took ``used`` seconds: overtime is paid from it, then it gains."""
    overtime = max(0.0, used - pace.turn)
    return min(pace.cap, max(0.0, bank - overtime) + pace.gain)


def pace_code(pace: Pace) -> str:
    """A pace as stored with a running turn: "name:turn:bank:gain:cap" (seconds)."""
    return ":".join([pace.name, *(f"{v:g}" for v in (pace.turn, pace.bank, pace.gain, pace.cap))])


def pace_of_code(code: str | None, fallback: Pace) -> Pace:
    """The pace a running turn started under (``fallback`` for turns stored before it was recorded)."""
    if not code:
        return fallback
    name, *numbers = code.split(":")
    return Pace(name, *(float(n) for n in numbers))


def hours(seconds: float) -> str:
    """"36 h", "5 d", "1.5 h", "30 min"."""
    if seconds >= 3 * DAY and seconds % DAY == 0:
        return f"{seconds / DAY:g} d"
    if seconds >= HOUR or seconds == 0:
        return f"{round(seconds / HOUR, 2):g} h"
    return f"{round(seconds / 60):g} min"
