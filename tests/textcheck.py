"""Shared by the games' text checks: seeded playouts that stop at every decision, and a code finder."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

from engines.core import Engine

SEATS = re.compile(r"\{seat\d\}")
"""Seat placeholders: the host replaces them with names, so they are no code."""


def first_code(codes: re.Pattern[str], text: str) -> str | None:
    """The first internal code or JSON mark ``codes`` finds in a text (seat placeholders ignored)."""
    found = codes.search(SEATS.sub("", text))
    return found.group(0) if found else None


def decisions(engine: Engine, players: int, seed: int, bots: bool, options: dict[str, Any],
              steps: int) -> Iterator[tuple[dict[str, Any], int | None, list[dict[str, Any]]]]:
    """(state, seat, events of the last action) at each decision of one seeded playout; seat None at the end."""
    rnd = random.Random(seed)
    state = engine.setup(players, seed, options)
    events: list[dict[str, Any]] = state["setup_events"]
    for _ in range(steps):
        active = engine.active(state)
        if not active:
            yield state, None, events
            return
        seat = active[0]
        yield state, seat, events
        action = engine.bot_action(state, seat) if bots else rnd.choice(engine.legal_actions(state, seat))
        state, events = engine.apply(state, seat, action)
