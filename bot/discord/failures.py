"""Discord errors sorted into the ones worth retrying and the ones that will never get better."""

from __future__ import annotations

import discord

from bot.service.reachability import FORBIDDEN, GONE

UNKNOWN_CHANNEL = 10003


def channel_failure(err: discord.HTTPException) -> str | None:
    """Why posting in a channel can never work as things stand: ``gone`` (deleted, 404) or ``forbidden``
    (the bot lost access or permissions, 403); None for trouble worth retrying (429, 5xx, timeouts)."""
    if isinstance(err, discord.Forbidden):
        return FORBIDDEN
    if isinstance(err, discord.NotFound):
        return GONE
    return None


class Backoff:
    """Per-key retry delays for transient failures: the first retry at the next round, then ``base``
    seconds doubling up to ``cap``. ``due(key, now)`` says whether to try now."""

    def __init__(self, base: float, cap: float = 900.0) -> None:
        self.base, self.cap = base, cap
        self._failures: dict[int, tuple[int, float]] = {}
        """key → (failures in a row, earliest next try)."""

    def due(self, key: int, now: float) -> bool:
        """May ``key`` be tried at ``now``?"""
        return now >= self._failures.get(key, (0, 0.0))[1]

    def failed(self, key: int, now: float) -> float:
        """``key`` failed at ``now``: returns the delay before its next try."""
        n = self._failures.get(key, (0, 0.0))[0] + 1
        delay = 0.0 if n == 1 else min(self.cap, self.base * 2 ** (n - 2))
        self._failures[key] = (n, now + delay)
        return delay

    def succeeded(self, key: int) -> None:
        """``key`` went through: forget its failures."""
        self._failures.pop(key, None)
