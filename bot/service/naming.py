"""Filling seat placeholders (``{seat0}``) in engine texts with player names."""

from __future__ import annotations

import re

from .models import GameRow

_SEAT = re.compile(r"\{seat(\d+)\}")


def seat_names(game: GameRow) -> dict[int, str]:
    """Seat → display name (bots are called "Bot N")."""
    return {p.seat: p.name for p in game.players if p.seat is not None}


def fill(text: str, names: dict[int, str]) -> str:
    """Replace ``{seatN}`` with names; unknown seats become "Seat N+1"."""
    return _SEAT.sub(lambda m: names.get(int(m.group(1)), f"Seat {int(m.group(1)) + 1}"), text)


def visible(event: dict, seat: int | None) -> bool:
    """Whether a seat (None = public) may read an event."""
    return event.get("to") is None or (seat is not None and seat in event["to"])
