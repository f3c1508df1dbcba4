"""Errors the service raises; each message is written for the user who caused it."""

from __future__ import annotations


class ServiceError(Exception):
    """A request the service refuses; ``str(err)`` is shown to the user (ephemeral)."""

    def __init__(self, message: str, *, alternatives: list[tuple[str, str]] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.alternatives = alternatives or []
        """``(action, label)`` pairs the user could do instead."""


class NoGame(ServiceError):
    """The channel has no game (or not the kind asked for)."""


class NotAllowed(ServiceError):
    """The user may not do this (not seated, not the host, out of turn)."""


class LobbyError(ServiceError):
    """A lobby request that does not fit (full, already joined, wrong player count…)."""


class IllegalMove(ServiceError):
    """The engine refused a move."""


class StaleRequest(ServiceError):
    """A button or panel from an earlier turn."""
