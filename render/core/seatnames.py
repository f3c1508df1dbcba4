"""Player names in a game's own renderer: the host adds ``seat_names`` to every view (a list by seat)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

_SEAT = re.compile(r"\{seat(\d+)\}")


def seat_label(view: Mapping[str, Any], seat: int | str, fallback: str = "Seat") -> str:
    """The name of ``seat`` from ``view["seat_names"]`` (a list, or a mapping by seat), else "Seat N"."""
    names = view.get("seat_names") or []
    i = int(seat)
    by_seat = names if isinstance(names, Mapping) else dict(enumerate(names))
    return str(by_seat.get(i) or by_seat.get(str(i)) or f"{fallback} {i + 1}")


def fill_names(view: Mapping[str, Any], text: str, fallback: str = "Seat") -> str:
    """Replace ``{seatN}`` placeholders in ``text`` with names."""
    return _SEAT.sub(lambda m: seat_label(view, m.group(1), fallback), text)
