"""Scoring Fragments at any time (SC-END-05, SC-ACT-FRAGMENT-04, ruling A-35): a free action of the engine
contract — a player may reveal a Fragment for its Data during anyone's turn, inside Battles too; it resolves at
once and publicly, and the end check still waits for the end of a turn. From rules version 2 on (version 1
offered it only in one's own Load Phase)."""

from __future__ import annotations

from typing import Any

from engines.core import Action, Game, act

from .atoms import SCORE

VERB = "score_fragment"
FIRST_VERSION = 2
"""The rules version from which Fragments are scored as free actions."""


def offers(g: Game, seat: int) -> list[Action]:
    """The seat's distinct Fragment values as free actions, highest first; none while one of its cards asks it
    which Fragment to Score (that choice is the way to Score then, with the card's own effect)."""
    if g.rules_version < FIRST_VERSION or g.state["result"] is not None:
        return []
    frame = g.state["stack"][-1] if g.state["stack"] else {}
    if frame.get("seat") == seat and frame.get("step") == "choose" and frame.get("op", {}).get("effect") == SCORE:
        return []
    p = g.g.get("players", {}).get(str(seat))  # no Console yet while Intelligences are drafted
    return [act(VERB, v) for v in sorted(set(p["fragments"]), reverse=True)] if p else []


def score(g: Game, seat: int, value: int) -> None:
    """Reveal one Fragment worth ``value``: gain its Data and remove it from the game."""
    p = g.g["players"][str(seat)]
    p["fragments"].remove(value)
    p["data"] += value
    g.log(f"{{seat{seat}}} Scores a Fragment worth {value} Data (now {p['data']}).")


def label(state: dict[str, Any], seat: int, value: int) -> str:
    """"Score your 3-Data Fragment (Data 20 → 23)"."""
    data = state["g"]["players"][str(seat)]["data"]
    return f"Score your {value}-Data Fragment (Data {data} → {data + value})"
