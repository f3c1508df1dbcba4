"""Shared test settings: long runs are opt-in with TURNKEEPER_LONG=1."""

from __future__ import annotations

import os

LONG = os.environ.get("TURNKEEPER_LONG", "") not in ("", "0")


def scaled(default: int, long: int) -> int:
    """A test size: ``default`` in the normal run, ``long`` when TURNKEEPER_LONG=1."""
    return long if LONG else default
