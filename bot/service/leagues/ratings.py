"""Ratings with openskill (Plackett-Luce): placings from a game's outcome, ties shared."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from openskill.models import PlackettLuce

MODEL = PlackettLuce()


def placings(outcome: Mapping[str, Any], seats: int, forfeits: Iterable[int] = ()) -> dict[int, int]:
    """Seat → placing (1 = first; equal results share a placing, competition style: 1, 1, 3).

    With the outcome's ``placings`` (participant keys best first), seats are ranked among every
    participant, non-seat actors included: a player behind an Automa keeps the place they got. Older
    outcomes: winners first, the rest by numeric score when the game gives scores, else they share the
    next place. Forfeited seats come last, after everyone who played on."""
    gone = set(forfeits)
    if outcome.get("placings"):
        return _ranked(outcome["placings"], seats, gone)
    winners = {int(s) for s in outcome.get("winners") or []} - gone
    scores = outcome.get("scores") or {}

    def score(seat: int) -> float | None:
        value = scores.get(str(seat), scores.get(seat)) if isinstance(scores, Mapping) else None
        return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None

    keys: dict[int, tuple[int, float]] = {}
    for seat in range(seats):
        if seat in gone:
            keys[seat] = (2, 0.0)
        elif seat in winners:
            keys[seat] = (0, 0.0)
        else:
            value = score(seat)
            keys[seat] = (1, -value if value is not None else 0.0)
    return {seat: 1 + sum(other < key for other in keys.values()) for seat, key in keys.items()}


def _ranked(groups: Iterable[Iterable[Any]], seats: int, gone: set[int]) -> dict[int, int]:
    """Seat places from participant groups; actors take places but get none back."""
    keys: dict[str, tuple[int, int]] = {}
    for index, group in enumerate(groups):
        for key in map(str, group):
            keys[key] = (1, 0) if key.isdigit() and int(key) in gone else (0, index)
    for seat in range(seats):
        keys.setdefault(str(seat), (1, 0))
    return {seat: 1 + sum(other < keys[str(seat)] for other in keys.values()) for seat in range(seats)}


Skill = tuple[float, float]


def rate(current: Mapping[str, Skill | None], places: Mapping[str, int]) -> dict[str, Skill]:
    """New ``(mu, sigma)`` per player from their previous rating (None = new) and placing."""
    users = list(places)
    teams = [[MODEL.rating(*current[u]) if current.get(u) else MODEL.rating()] for u in users]
    rated = MODEL.rate(teams, ranks=[float(places[u]) for u in users])
    return {u: (team[0].mu, team[0].sigma) for u, team in zip(users, rated, strict=True)}
