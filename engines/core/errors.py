"""Errors an engine raises for humans to read."""

from __future__ import annotations


class IllegalAction(ValueError):
    """A move that is not allowed now. ``str(err)`` is a sentence a player can read."""

    def __init__(self, message: str, *, alternatives: list[str] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.alternatives = alternatives or []


class OptionError(ValueError):
    """Invalid lobby options (unknown name, bad value, wrong player count)."""


class ReplayMismatch(AssertionError):
    """Replaying a game's action log did not reproduce the stored state."""


class EngineBug(RuntimeError):
    """The engine reached an impossible state (a bug, never the player's fault)."""
