"""Turning view values into short human text (used by the generic renderer)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from contextvars import ContextVar
from typing import Any

from . import fonts

MAX_MATRIX = 16  # largest list-of-lists drawn as a grid of cells

_SEAT_PLACEHOLDER = re.compile(r"\{seat(\d+)\}")  # engines write "{seat0}" for a player's name
SEAT_NAMES: ContextVar[tuple[str, ...]] = ContextVar("seat_names", default=())
"""Player names of the view being drawn (the host adds ``view["seat_names"]``)."""


def seat_label(seat: int | str) -> str:
    """A seat's player name, or "Seat N" (1-based) when the view carries no names."""
    names, index = SEAT_NAMES.get(), int(seat)
    return names[index] if 0 <= index < len(names) else f"Seat {index + 1}"
MISSING = object()


def humanize(key: object) -> str:
    """``"last_move"`` → ``"Last move"``."""
    s = str(key).replace("_", " ").strip()
    return s[:1].upper() + s[1:] if s else "-"


def format_value(v: object, limit: int = 400, _depth: int = 0) -> str:
    """Short human text for a scalar, list or dict (nesting beyond 4 levels is elided)."""
    if v is None:
        s = "-"
    elif isinstance(v, bool):
        s = "yes" if v else "no"
    elif isinstance(v, float):
        s = f"{v:.4g}"
    elif isinstance(v, Mapping | list | tuple | set | frozenset) and _depth >= 4:
        s = fonts.ELLIPSIS
    elif isinstance(v, Mapping):
        parts = (f"{k}: {format_value(x, 60, _depth + 1)}" for k, x in list(v.items())[:12])
        s = "{" + ", ".join(parts) + "}" if v else "(empty)"
    elif isinstance(v, list | tuple | set | frozenset):
        s = ", ".join(format_value(x, 60, _depth + 1) for x in list(v)[:50]) if v else "(empty)"
    else:
        s = _SEAT_PLACEHOLDER.sub(lambda m: seat_label(m.group(1)), str(v))
    return s if len(s) <= limit else s[: limit - 1] + fonts.ELLIPSIS


def is_scalar(v: object) -> bool:
    """None, str, int, float or bool."""
    return v is None or isinstance(v, str | int | float | bool)


def seats_of(v: object) -> list[int] | None:
    """Seat numbers if ``v`` is an int or a list of ints, else None."""
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return [v]
    if isinstance(v, list | tuple) and all(isinstance(x, int) and not isinstance(x, bool) for x in v):
        return list(v)
    return None


def seat_keys(d: Mapping[Any, Any]) -> list[int] | None:
    """Seats 0..n-1 when a dict is keyed by them (as ints or digit strings), else None."""
    keys = [int(k) for k in d if not isinstance(k, bool) and str(k).isdecimal() and str(k).isascii()]
    if len(keys) != len(d) or sorted(keys) != list(range(len(d))) or len(d) > 12:
        return None
    return keys


def by_seat(d: Mapping[Any, Any], seat: int) -> Any:
    """``d[seat]`` or ``d[str(seat)]``; ``MISSING`` when neither exists."""
    for key in (seat, str(seat)):
        if key in d:
            return d[key]
    return MISSING


def seat_scalars(d: Mapping[Any, Any]) -> bool:
    """True for a seat-keyed dict whose values all fit on one short line."""
    return seat_keys(d) is not None and all(is_scalar(x) or is_short(x) for x in d.values())


def is_short(v: object) -> bool:
    """True when ``v`` formats to fewer than 60 characters."""
    return len(format_value(v, 200)) < 60


def result_text(key: str, v: object) -> str:
    """Banner text for a result: ``{"winners": [0], "reason": ...}`` → ``"Winner: Seat 0 (reason)"``."""
    if isinstance(v, Mapping) and ("winners" in v or "winner" in v):
        w = v.get("winners", v.get("winner"))
        seats = seats_of(w)
        if seats is not None:
            who = ", ".join(seat_label(s) for s in seats) or "nobody"
            head = "Winners" if len(seats) > 1 else "Winner"
        else:
            who, head = format_value(w, 120), "Winner"
        reason = v.get("reason")
        return f"{head}: {who}" + (f" ({format_value(reason, 120)})" if reason else "")
    if key in ("winner", "winners") and seats_of(v) is not None:
        return f"{humanize(key)}: " + ", ".join(seat_label(s) for s in seats_of(v) or [])
    return f"{humanize(key)}: {format_value(v)}"


def is_matrix(items: list[Any]) -> bool:
    """A small rectangular-ish list of lists of scalars (e.g. a board) to draw as cells."""
    return (
        all(isinstance(r, list | tuple) and r and all(is_scalar(x) for x in r) for r in items)
        and len(items) <= MAX_MATRIX
        and max(len(r) for r in items) <= MAX_MATRIX
    )
