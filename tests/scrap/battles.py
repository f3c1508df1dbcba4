"""Hand-set Battle tables for the Battle tests: an empty map, Bots put where a rulebook example wants them."""

from __future__ import annotations

from typing import Any

from engines.core import Game, State, act, effects
from engines.scrap import interpreter

from .helpers import ENGINE, through_setup

CTK = {"intelligences": "cerebrum,tachyon,kirurgeon"}
"""Seats 0 Cerebrum (1337), 1 Tachyon (2012), 2 Kirurgeon (3141): turn order 0, 1, 2."""


def table(n: int = 3, options: dict[str, Any] | None = None, seed: int = 7) -> State:
    """After setup, with every Bot back in its Reserve and no Ship on the map; seat 0's Run Phase."""
    state = through_setup(n, seed, options or CTK)
    g = state["g"]
    for b in g["bots"].values():
        b.update(at=None, stunned=False)
    for stack in g["links"].values():
        stack[:] = [x for x in stack if not x.startswith("ship:")]
    g["turn"].update(seat=0, first=False, phase="run")
    state["stack"] = [{"step": "power_up", "seat": 0}]
    state["effects"] = []
    return state


def area(state: State, pos: str) -> str:
    return state["g"]["areas"][pos]


def put(state: State, seat: int, size: int, pos: str, count: int = 1, stunned: bool = False) -> list[str]:
    """Move ``count`` Reserve Bots of ``size`` into the Area at ``pos``; their ids."""
    g = state["g"]
    free = [bid for bid, b in sorted(g["bots"].items()) if b["owner"] == seat and b["size"] == size and b["at"] is None]
    for bid in free[:count]:
        g["bots"][bid].update(at=area(state, pos), stunned=stunned)
    return free[:count]


def ship(state: State, seat: int, link: str) -> None:
    state["g"]["links"][link].append(f"ship:{seat}")


def start(state: State, seat: int, pos: str | None, **extra: Any) -> State:
    """Queue a Battle (or an effect tree) for ``seat`` in its Run Phase and resolve until it asks."""
    g = Game(ENGINE, state, seat)
    g.g["turn"]["then"] = "call"
    effects.push(g, effects.effect("battle", seat, area=area(state, pos) if pos else None, left=1,
                                   mods=extra.get("mods", {})))
    interpreter.drain(g)
    return state


def run_effect(state: State, seat: int, name: str, **params: Any) -> State:
    """Queue any effect for ``seat`` in its Run Phase and resolve until it asks."""
    g = Game(ENGINE, state, seat)
    g.g["turn"]["then"] = "call"
    effects.push(g, effects.effect(name, seat, **params))
    interpreter.drain(g)
    return state


def who(state: State) -> int:
    return ENGINE.active(state)[0]


def options(state: State) -> list[Any]:
    seat = who(state)
    return [a.args[0] if a.args else a.verb for a in ENGINE.legal_actions(state, seat)]


def labels(state: State, seat: int | None = None) -> list[str]:
    seat = who(state) if seat is None else seat
    return [ENGINE.label(state, seat, a) for a in ENGINE.legal_actions(state, seat)]


def pick(state: State, token: Any, seat: int | None = None) -> State:
    seat = who(state) if seat is None else seat
    return ENGINE.apply(state, seat, act("pick", token))[0]


def do(state: State, seat: int, verb: str, *args: Any) -> State:
    return ENGINE.apply(state, seat, act(verb, *args))[0]


def assign(state: State, seat: int, *commands: str, arms: tuple[str, ...] = (), lock: bool = True) -> State:
    """Give the seat's Bots (largest first) these Commands, then its Weapons (Advanced first) to these Bots."""
    for cmd in commands:
        state = do(state, seat, "assign", cmd)
    for target in arms:
        state = do(state, seat, "arm", target)
    return do(state, seat, "lock") if lock else state


def data(state: State, seat: int) -> int:
    return state["g"]["players"][str(seat)]["data"]
