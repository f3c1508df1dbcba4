"""Replays: a game is (engine version, seats, seed, options, action log); replaying must match."""

from __future__ import annotations

from typing import Any

from .engine import Engine
from .errors import ReplayMismatch
from .jsonstate import State, dumps, state_hash

REPLAY_FORMAT = "turnkeeper-replay"
LogEntry = tuple[int, str]
"""``(seat, action string)`` — one row of the action log."""


def replay(engine: Engine, seats: int, seed: int, options: dict[str, Any],
           actions: list[LogEntry] | list[list[Any]], version: int | None = None) -> State:
    """Play ``actions`` from a fresh setup under rules ``version`` (default: the current one); raises
    ``IllegalAction`` if one is not legal, ``ReplayMismatch`` for a rules version the engine no longer plays."""
    if version is not None and not engine.oldest_version <= version <= engine.version:
        raise ReplayMismatch(f"{engine.id}: recorded under rules version {version}; this engine plays versions "
                             f"{engine.oldest_version}–{engine.version}")
    state = engine.setup(seats, seed, options, version)
    for seat, action in actions:
        state, _ = engine.apply(state, int(seat), str(action))
    return state


def verify(engine: Engine, stored: State, actions: list[LogEntry] | list[list[Any]]) -> State:
    """Replay the log of a stored game and check it reproduces ``stored`` exactly."""
    rebuilt = replay(engine, stored["seats"], stored["seed"], stored["options"], actions,
                     stored.get("engine_version"))
    if dumps(rebuilt) != dumps(stored):
        raise ReplayMismatch(f"{engine.id}: replay differs from stored state ({first_difference(rebuilt, stored)})")
    return rebuilt


def first_difference(a: Any, b: Any, path: str = "") -> str:
    """The first dotted path where two JSON values differ (for error messages)."""
    if type(a) is not type(b):
        return path.lstrip(".") or "<root>"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}.{key}".lstrip(".")
            if dumps(a[key]) != dumps(b[key]):
                return first_difference(a[key], b[key], f"{path}.{key}")
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path.lstrip('.') or '<root>'} (length {len(a)} vs {len(b)})"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if dumps(x) != dumps(y):
                return first_difference(x, y, f"{path}.{i}")
    return path.lstrip(".") or "<root>"


def export_replay(state: State, actions: list[LogEntry] | list[list[Any]], **meta: Any) -> dict[str, Any]:
    """A self-contained replay document (JSON-serialisable)."""
    return {
        "format": REPLAY_FORMAT, "format_version": 1, "engine": state["engine"],
        "engine_version": state["engine_version"], "seats": state["seats"], "seed": state["seed"],
        "options": state["options"], "actions": [[int(s), str(a)] for s, a in actions],
        "final_hash": state_hash(state), **meta,
    }


def check_replay(engine: Engine, document: dict[str, Any]) -> State:
    """Re-run an exported replay; raises ``ReplayMismatch`` if it no longer reproduces its hash."""
    if document.get("format") != REPLAY_FORMAT:
        raise ReplayMismatch("not a Turnkeeper replay file")
    if document["engine"] != engine.id:
        raise ReplayMismatch(f"replay is for {document['engine']}, not {engine.id}")
    state = replay(engine, document["seats"], document["seed"], document["options"], document["actions"],
                   document.get("engine_version"))
    expected = document.get("final_hash")
    if expected and state_hash(state) != expected:
        raise ReplayMismatch(f"final state hash {state_hash(state)} != recorded {expected}")
    return state
