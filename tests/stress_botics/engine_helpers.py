"""The Stress Botics engine for tests (imported directly: it is not registered for play yet)."""

from __future__ import annotations

from typing import Any

from engines.core import Game, State
from engines.stress_botics.game import StressBotics

ENGINE = StressBotics()


def new(players: int = 4, seed: int = 1, **options: Any) -> State:
    """A fresh game in seat turn order (seat 0 first) unless ``turn_order`` is given, with the threats unless
    ``threats=False``."""
    options.setdefault("turn_order", "seat")
    options.setdefault("threats", True)
    return ENGINE.setup(players, seed, options)


def ctx(state: State) -> Game:
    """A mutable rules context on ``state`` itself (tests poke the state, then call procedures)."""
    return Game(ENGINE, state, None)


def p(state: State, seat: int) -> dict[str, Any]:
    return state["g"]["players"][str(seat)]


def stresses(state: State) -> list[int]:
    return [p(state, s)["stress"] for s in range(state["seats"])]


def step_name(state: State) -> str:
    return state["stack"][-1]["step"]


def play(state: State, seat: int, action: str) -> State:
    """Apply one action (by its string form) and return the new state."""
    new_state, _ = ENGINE.apply(state, seat, action)
    return new_state


def legal(state: State, seat: int) -> list[str]:
    return [str(a) for a in ENGINE.legal_actions(state, seat)]


def placed(state: State, seat: int) -> State:
    """Answer a pending placement with the auto-placer (the timeout default)."""
    while state["stack"][-1]["step"] == "place":
        state = play(state, state["stack"][-1]["seat"], "auto")
    return state
