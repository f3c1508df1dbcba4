"""A game's public history as frames: one per moment the table sees (the engine's notion of a turn, see
``moments.py``), each with the spectator's view and what happened since the frame before.

Replayed from seed + action log, so it is exact; drawn only from ``view(state, None)``, so a frame can never
show a hand or any other hidden part.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .action import Action
from .engine import Engine
from .moments import BOARD, turn_kind

SEAT = re.compile(r"\{seat(\d+)\}")
"""How texts name a seat for the host to fill in."""


def fill_seats(text: str, names: Mapping[int, str]) -> str:
    """Replace ``{seatN}`` with names; unknown seats become "Seat N+1"."""
    return SEAT.sub(lambda m: names.get(int(m.group(1)), f"Seat {int(m.group(1)) + 1}"), text)


@dataclass
class Frame:
    """The table after action ``n`` (0: the setup)."""

    n: int
    view: dict[str, Any]
    lines: list[str] = field(default_factory=list)
    """Public event texts since the previous frame, oldest first (``{seatN}`` placeholders)."""
    movers: list[int] = field(default_factory=list)
    """Seats whose actions led here, in order (repeats removed)."""


def public_frames(engine: Engine, seats: int, seed: int, options: dict[str, Any],
                  actions: list[tuple[int, str]] | list[list[Any]], version: int | None = None) -> list[Frame]:
    """Every frame of a game: the setup, each public moment, and the last position (even mid-turn)."""
    state = engine.setup(seats, seed, options, version)
    frames = [Frame(0, engine.view(state, None), _public(state.get("setup_events", [])))]
    lines: list[str] = []
    movers: list[int] = []
    for n, (seat, text) in enumerate(actions, start=1):
        before = state
        action = Action.parse(str(text))
        state, events = engine.apply(state, int(seat), action)
        lines += _public(events)
        if int(seat) not in movers:
            movers.append(int(seat))
        if turn_kind(engine, before, state, int(seat), action, events) == BOARD or n == len(actions):
            frames.append(Frame(n, engine.view(state, None), lines, movers))
            lines, movers = [], []
    return frames


def _public(events: list[dict[str, Any]]) -> list[str]:
    return [str(e["text"]) for e in events if e.get("to") is None]
