"""Compact custom ids for persistent components (≤ 100 chars, parsed back after a restart)."""

from __future__ import annotations

import string

_DIGITS = string.digits + string.ascii_lowercase
CUSTOM_ID_LIMIT = 100


def b36(number: int) -> str:
    """A non-negative int in base 36."""
    if number < 0:
        raise ValueError("negative")
    out = ""
    while True:
        number, rest = divmod(number, 36)
        out = _DIGITS[rest] + out
        if not number:
            return out


def from_b36(text: str) -> int:
    """Inverse of :func:`b36`."""
    return int(text, 36)


def action_id(game_id: int, version: int, action: str) -> str:
    """Button id of one move: ``a:<game>:<version>:<action>``."""
    return f"a:{b36(game_id)}:{b36(version)}:{action}"


def select_id(game_id: int, version: int, page: int) -> str:
    """Select-menu id of a page of moves."""
    return f"s:{b36(game_id)}:{b36(version)}:{page}"


def fits(custom_id: str) -> bool:
    """Whether a custom id respects Discord's limit."""
    return len(custom_id) <= CUSTOM_ID_LIMIT
