"""Builders for Euphoria rules tests: a drafted table, direct edits, forced rolls, moves."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core import Action, Game, copy_state
from engines.euphoria import ENGINE
from engines.euphoria.turns import start_turn

E = ENGINE


def drafted(players: int = 2, seed: int = 1, **options: Any) -> dict[str, Any]:
    """A game right after the recruit draft (default picks)."""
    state = E.setup(players, seed, options)
    while state["stack"][-1]["step"] == "draft":
        seat = E.active(state)[0]
        state, _ = E.apply(state, seat, E.default_action(state, seat))
    return state


def edit(state: dict[str, Any], fn: Callable[[Game], Any]) -> dict[str, Any]:
    """A copy of ``state`` changed by ``fn(g)``."""
    new = copy_state(state)
    fn(Game(E, new, None))
    return new


def table(players: int = 2, seed: int = 1, **options: Any) -> dict[str, Any]:
    """A drafted game with neutral boards: no recruits, no goods, morale 1, knowledge 3, dice off the board."""
    state = drafted(players, seed, **options)
    t = state["g"]
    for p in t["players"]:
        if p["kind"] == "human":
            p.update(active=[], hidden=[], artifacts=[], morale=1, knowledge=3)
            p["goods"] = dict.fromkeys(p["goods"], 0)
    return state


def dice(state: dict[str, Any], pid: int, *spec: tuple[int, str]) -> None:
    """Replace ``pid``'s dice with ``(pips, where)`` pairs."""
    state["g"]["players"][pid]["dice"] = [{"pips": p, "at": w} for p, w in spec]


def turn(state: dict[str, Any], pid: int) -> dict[str, Any]:
    """Start ``pid``'s turn on this state."""
    new = copy_state(state)
    new["stack"] = []
    start_turn(Game(E, new, None), pid)
    return new


def play(state: dict[str, Any], seat: int, *moves: str) -> tuple[dict[str, Any], list[str]]:
    """Apply moves in order; returns the state and every event text."""
    texts: list[str] = []
    for move in moves:
        state, events = E.apply(state, seat, move)
        texts += [e["text"] for e in events]
    return state, texts


def legal(state: dict[str, Any], seat: int) -> list[str]:
    """Legal move strings of ``seat``."""
    return [str(a) for a in E.legal_actions(state, seat)]


def pl(state: dict[str, Any], pid: int) -> dict[str, Any]:
    """Player ``pid``'s board."""
    return state["g"]["players"][pid]


def build(state: dict[str, Any], site: str, tile: str) -> None:
    """Make ``tile`` the built market at ``site``."""
    state["g"]["built"][site] = tile
    idx = list(E.data.sites).index(site)
    state["g"]["site_tiles"][idx] = []


def star(state: dict[str, Any], pid: int, location: str) -> None:
    """Give ``pid`` a star on ``location``."""
    spot = state["g"]["stars"].setdefault(location, {})
    spot[str(pid)] = spot.get(str(pid), 0) + 1
    state["g"]["players"][pid]["stars"] += 1


__all__ = ["Action", "E", "build", "dice", "drafted", "edit", "legal", "pl", "play", "star", "table", "turn"]
