"""A finished game's result in words, from ``engine.outcome()``: placings best first with each score in
the game's words, seated players by name and non-seat actors (an Automa) by theirs, and the reason.

Results stored before outcomes had ``placings`` and ``score_text`` fall back to the winners, then
everyone else by score."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engines.core import Engine

from .models import GameRow
from .naming import fill, seat_names


def participant_names(names: Mapping[int, str], actors: Iterable[Mapping[str, Any]] = ()) -> dict[str, str]:
    """Participant key → display name: ``"0"``… for seats, the engine's key for each actor."""
    named = {str(seat): name for seat, name in names.items()}
    named.update({str(a["key"]): str(a.get("name") or a["key"]) for a in actors})
    return named


def placings_of(result: Mapping[str, Any], names: Mapping[int, str]) -> list[list[str]]:
    """The result's placings; for an old result, the winners first, then the others by score (best
    first, equal scores together, unscored last), every seat and scored key once."""
    if result.get("placings"):
        return [[str(k) for k in group] for group in result["placings"]]
    scores = result.get("scores") or {}
    first = [str(s) for s in result.get("winners") or []]
    rest = [k for k in [*map(str, sorted(names)), *map(str, scores)] if k not in first]
    rest = list(dict.fromkeys(rest))
    groups = [first] if first else []
    scored = sorted({v for k in rest if _number(v := scores.get(k)) is not None}, reverse=True)
    groups += [[k for k in rest if scores.get(k) == value] for value in scored]
    groups.append([k for k in rest if _number(scores.get(k)) is None])
    return [g for g in groups if g]


def result_text(result: Mapping[str, Any], names: Mapping[int, str],
                actors: Iterable[Mapping[str, Any]] = ()) -> str:
    """"Winner: Black Automa — 9 stars; 2nd Alice — 7 stars · morale 3 · knowledge 2 (stars, then
    morale)": each participant once, by name, with their score in the game's words."""
    who = participant_names(names, actors)
    words = {str(k): score_words(v) for k, v in (result.get("scores") or {}).items()}
    words.update({str(k): str(v) for k, v in (result.get("score_text") or {}).items()})
    parts: list[str] = []
    place = 1
    for group in placings_of(result, names):
        entries = " & ".join(_entry(key, who, words) for key in group)
        if place == 1:
            parts.append(("Winner: " if len(group) == 1 else "Winners: ") + entries)
        else:
            parts.append(f"{'joint ' if len(group) > 1 else ''}{ordinal(place)} {entries}")
        place += len(group)
    text = "; ".join(parts) or "No result"
    reason = result.get("reason")
    return f"{text} ({fill(str(reason), dict(names))})" if reason else text


def scores_text(scores: Mapping[str, Any], names: Mapping[int, str],
                actors: Iterable[Mapping[str, Any]] = ()) -> str:
    """Running scores by name: "Alice 3 · Black Automa 7" (seats and actors alike)."""
    who = participant_names(names, actors)
    return " · ".join(f"{_display(str(key), who)} {score_words(value)}" for key, value in scores.items())


def game_result_text(game: GameRow, engine: Engine) -> str:
    """The result of a finished game in words ("" while it runs)."""
    result = engine.outcome(game.state) if game.state is not None else None
    if result is None:
        return ""
    return result_text(result, seat_names(game), engine.actors(game.state or {}))


def score_words(value: Any) -> str:
    """A score in words: a number as is, a breakdown ``{"engines": 2, "survivor_score": 3}`` as
    "engines 2 · survivor score 3" (never a dict's braces)."""
    if isinstance(value, Mapping):
        return " · ".join(f"{str(k).replace('_', ' ')} {score_words(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(score_words(v) for v in value)
    return str(value)


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _display(key: str, who: Mapping[str, str]) -> str:
    return who.get(key) or (f"Seat {int(key) + 1}" if key.isdigit() else _key_name(key))


def _entry(key: str, who: Mapping[str, str], words: Mapping[str, str]) -> str:
    name = _display(key, who)
    score = words.get(key)
    return f"{name} — {score}" if score else name


def _key_name(key: str) -> str:
    """An actor key nobody named: ``automa:black`` → "Automa black"."""
    return " ".join(part for part in key.replace("_", " ").split(":") if part).capitalize() or key


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None

