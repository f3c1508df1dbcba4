"""The player board: oil tanks, energy store, processor array, cable matrix, engines (RR-BOARD)."""

from __future__ import annotations

from typing import Any

from engines.core import Game

from . import cables
from .board import DIR_NAMES
from .content import Content


def player(g: Game, seat: int) -> dict[str, Any]:
    return g.g["players"][str(seat)]


def new_player(c: Content, players: int) -> dict[str, Any]:
    """RR-SETUP-06/13: an empty board, with the starting engine in 3–4 player games."""
    return {"engines": c.rules["starting_engines"][str(players)], "built": {k: 0 for k in c.rules["engine_caps"]},
            "tanks": [0] * c.rules["oil_tanks"], "energy": 0, "chips": 0, "matrix": {}, "locked": [],
            "connections": [], "modifiers": {}, "abilities": []}


def take_supply(g: Game, key: str, n: int, kind: str | None = None) -> int:
    """RR-GEN-03: take up to ``n`` from the finite supply; returns how many were taken."""
    pool = g.g["supply"] if kind is None else g.g["supply"][kind]
    if not finite(g):
        return n
    got = min(n, pool[key])
    pool[key] -= got
    return got


def finite(g: Game) -> bool:
    """RR-GEN-03: supplies are finite unless the host switched that off."""
    return bool(g.options.get("finite_supply", g.data.rules["finite_supply"]))


def return_supply(g: Game, key: str, n: int, kind: str | None = None) -> None:
    if not finite(g):
        return
    pool = g.g["supply"] if kind is None else g.g["supply"][kind]
    pool[key] = pool.get(key, 0) + n


def complete(g: Game, seat: int) -> bool:
    """RR-END-01: four engines on the spacecraft."""
    return player(g, seat)["engines"] >= g.data.rules["spacecraft_engines"]


def award_engine(g: Game, seat: int, source: str) -> None:
    """RR-TURN-08/09, RR-BOARD-10: an engine slides onto the spacecraft at once (none past 4)."""
    p = player(g, seat)
    if p["built"][source] >= g.data.rules["engine_caps"][source]:
        return
    p["built"][source] += 1
    if p["engines"] >= g.data.rules["spacecraft_engines"]:
        g.log(f"{{seat{seat}}} meets an engine condition ({source.lower()}) but the spacecraft is full.")
        return
    p["engines"] += 1
    g.g["supply"]["engines"] -= 1
    g.log(f"{{seat{seat}}} builds a Rocket Engine from {source.lower()} ({p['engines']}/"
          f"{g.data.rules['spacecraft_engines']}).")


def tank_room(g: Game, seat: int) -> list[int]:
    """Free space in each tank; a full tank is locked (RR-BOARD-03/04)."""
    size = g.data.rules["oil_tank_size"]
    return [size - t for t in player(g, seat)["tanks"]]


def oil_fit(g: Game, seat: int, n: int) -> int:
    """How much of a gain of ``n`` oil fits in the tanks and the supply (RR-BOARD-05, RR-GEN-03)."""
    supply = g.g["supply"]["oil"] if finite(g) else n
    return min(n, sum(tank_room(g, seat)), supply)


def oil_splits(g: Game, seat: int, n: int) -> list[int]:
    """Ways to pour ``n`` oil: how many go to tank 1 (the rest to tank 2), RR-BOARD-02/05."""
    room = tank_room(g, seat)
    n = oil_fit(g, seat, n)
    return [k for k in range(n + 1) if k <= room[0] and n - k <= room[1]]


def pour_oil(g: Game, seat: int, into: list[int]) -> None:
    """Put cubes into tanks (``into[i]`` cubes in tank i); a tank reaching 9 builds an engine."""
    p = player(g, seat)
    size = g.data.rules["oil_tank_size"]
    for i, n in enumerate(into):
        n = take_supply(g, "oil", min(n, size - p["tanks"][i]))
        if not n:
            continue
        p["tanks"][i] += n
        g.log(f"{{seat{seat}}} puts {n} oil in tank {i + 1} ({p['tanks'][i]}/{size}).")
        if p["tanks"][i] == size:
            award_engine(g, seat, "OIL")  # RR-BOARD-04


def gain_energy(g: Game, seat: int) -> None:
    """RR-MOD-05, RR-BOARD-06: one energy cube, at most 2; the second builds an engine."""
    _fill_store(g, seat, "energy", "charges an Energy Cell", "ENERGY")


def gain_chip(g: Game, seat: int) -> None:
    """RR-BOARD-07: one processor chip, at most 4; the fourth builds an engine."""
    _fill_store(g, seat, "chips", "gains a Processor Chip", "CHIPS")


def _fill_store(g: Game, seat: int, store: str, verb: str, engine_kind: str) -> None:
    """One piece from the supply into a capped store; filling it builds a rocket engine."""
    p = player(g, seat)
    cap = g.data.rules[f"{store}_max"]
    if p[store] >= cap or not take_supply(g, store, 1):
        return
    p[store] += 1
    g.log(f"{{seat{seat}}} {verb} ({p[store]}/{cap}).")
    if p[store] == cap:
        award_engine(g, seat, engine_kind)


def gain_modifier(g: Game, seat: int, kind: str, n: int = 1) -> None:
    got = take_supply(g, kind, n, "modifiers")
    if got:
        mods = player(g, seat)["modifiers"]
        mods[kind] = mods.get(kind, 0) + got
        g.log(f"{{seat{seat}}} gains {got} {g.data.modifier_types[kind]['name']} token{'s' * (got > 1)}.")


def place_cable(g: Game, seat: int, cell: str, orient: str) -> None:
    """Place a token (already taken from the supply) and credit any completed connection (RR-CABLE-11/12/13)."""
    c, p = g.data, player(g, seat)
    p["matrix"][cell] = orient
    g.log(f"{{seat{seat}}} places a {c.raw['cable_matrix']['token_names'][c.orient_type(orient)]} "
          f"cable in matrix cell {cell} ({DIR_NAMES[orient[0]]}–{DIR_NAMES[orient[1]]}).")
    for conn, cells in cables.completed_connections(c, p["matrix"]).items():
        if conn in p["connections"]:
            continue
        p["connections"].append(conn)
        p["locked"] = sorted(set(p["locked"]) | set(cells))
        g.log(f"{{seat{seat}}} completes the {c.connection_names[conn]} connection.")
        award_engine(g, seat, "CABLE")


def survivor_score(g: Game, seat: int) -> int:
    """RR-END-05/06: oil and cables 1, chips 2, energy 4, locked pieces included."""
    p, pts = player(g, seat), g.data.rules["survivor_points"]
    return (sum(p["tanks"]) * pts["oil"] + len(p["matrix"]) * pts["cable"] + p["chips"] * pts["chips"]
            + p["energy"] * pts["energy"])
