"""Small drivers shared by the core tests (Tiny Duel helpers and a random player with undo)."""

from __future__ import annotations

import random
from typing import Any

from engines.core import UNDO, Engine, State


def top(state: State) -> dict[str, Any]:
    """The pending prompt at the top of the stack."""
    return state["stack"][-1]


def strip(state: State) -> dict[str, Any]:
    """A state without the step counter and the undo history (what an undo must restore)."""
    return {k: v for k, v in state.items() if k not in ("step", "undo")}


def bid_all(engine: Engine, state: State) -> State:
    """Every seat of a Tiny Duel bid phase bids its first legal card and locks in."""
    for seat in list(engine.active(state)):
        state, _ = engine.apply(state, seat, engine.legal_actions(state, seat)[0])
        state, _ = engine.apply(state, seat, "lock")
    return state


def to_turn(engine: Engine, players: int = 2, seed: int = 0, **options: Any) -> State:
    """A Tiny Duel state at seat 0's first turn (after the opening bids)."""
    state = bid_all(engine, engine.setup(players, seed, options))
    assert top(state) == {"step": "turn", "seat": 0}
    return state


def random_game(engine: Engine, players: int, seed: int, options: dict[str, Any] | None = None,
                undo_chance: float = 0.25, max_steps: int = 5000) -> tuple[State, list[tuple[int, str]]]:
    """Play random legal actions (with undos) to the end; returns the final state and the log."""
    rnd = random.Random(seed)
    state = engine.setup(players, seed, options)
    log: list[tuple[int, str]] = []
    for _ in range(max_steps):
        active = engine.active(state)
        if not active:
            return state, log
        seat = rnd.choice(active)
        if engine.can_undo(state, seat) and rnd.random() < undo_chance:
            action = UNDO
        else:
            action = rnd.choice(engine.legal_actions(state, seat))
        state, _ = engine.apply(state, seat, action)
        log.append((seat, str(action)))
    raise AssertionError(f"{engine.id} did not finish in {max_steps} steps")
