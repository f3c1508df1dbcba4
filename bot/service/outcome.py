"""A finished game's result in words: who won, the scores, why."""

from __future__ import annotations

from typing import Any


def result_text(result: dict[str, Any], names: dict[int, str]) -> str:
    """"Winner: Alice — Alice 12, Bob 9 (most points)". Score keys that are not seats (e.g. an Automa
    opponent) are shown by their own name; with no seated winner, no player won."""
    winners = [names.get(s, f"Seat {s + 1}") for s in result.get("winners", [])]
    head = ("Winner: " if len(winners) == 1 else "Winners: ") + " & ".join(winners) if winners \
        else "No player wins"
    scores = result.get("scores") or {}
    if scores:
        head += " — " + ", ".join(f"{_scorer(s, names)} {v}" for s, v in scores.items())
    reason = result.get("reason")
    return f"{head} ({reason})" if reason else head


def _scorer(key: Any, names: dict[int, str]) -> str:
    """A score key's display name: a seat's player, else the engine's own name (e.g. "Automa black")."""
    text = str(key)
    if text.lstrip("-").isdigit():
        return names.get(int(text), f"Seat {int(text) + 1}")
    return text
