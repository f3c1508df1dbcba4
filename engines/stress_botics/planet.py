"""The planet graph: open edges, room, where figures stand and where a MOVE can end
(SB-MOVE-03..07, SB-MOVE-09..12, SB-MOVE-14/15, SB-BASIC-13/16; spec 4.1.6, 4.3).

A BetaBot is its Mini's location (``mini``, a node id) plus, in the Active Main Vault, its ``square``
(``TOP`` = on top of AlphaBot). Elsewhere the figure stands on the tile or in the Neutral Zone, which
never runs out of room.
"""

from __future__ import annotations

from typing import Any

from engines.core import Game

from .item_cards import passive

TOP = "TOP"
"""The pseudo-square on top of AlphaBot (spec 4.3.3)."""
HULL = "HULL"
"""The pseudo-square inside AlphaBot's hull (SB-INTERACT-01; stage 4, hull.py)."""
CORE_SPACES = ("PRODUCING", "EXTRACTING")
"""The Core's side-B spaces, kept in ``square`` while the Mini is in the Core (SB-MOVE-18)."""
PORT_SQUARE = {"entry": "ENTRY", "exit": "EXIT", "corner_a": "CORNER_A", "corner_b": "CORNER_B"}
"""Arrival squares by the port an edge ends at (SB-MOVE-10)."""

Place = tuple[str, str | None]
"""(node, square or None)."""


def active_vault(g: Game) -> str | None:
    """The Active Main Vault's node, or None once AlphaBot has left Main Vault 6."""
    mv = g.g["alphabot"]["mv"]
    return f"MV{mv}" if mv else None


def open_edges(g: Game) -> list[dict[str, Any]]:
    """Edges usable now: in this player count, allowed by the Core dial, not padlocked (SB-MOVE-04)."""
    dial = g.g["core"]["dial"] % 3
    locked = set(g.g["padlocks"])
    return [e for e in g.data.edges if g.seats in e["players"] and (e.get("dial") is None or e["dial"] == dial)
            and e.get("padlock") not in locked]


Hop = tuple[str, str | None, int]
_ADJACENCY: dict[tuple[Any, ...], dict[str, list[Hop]]] = {}
"""Open edges by node for a (content, player count, dial, padlocks) — a handful per game, built once each."""


def neighbours(g: Game, node: str) -> list[Hop]:
    """(next node, arrival port there, MP) for every open edge from ``node``, in the edges' file order."""
    key = (id(g.data), g.seats, g.g["core"]["dial"] % 3, tuple(sorted(g.g["padlocks"])))
    adjacency = _ADJACENCY.get(key)
    if adjacency is None:
        if len(_ADJACENCY) > 256:
            _ADJACENCY.clear()
        adjacency = {}
        for e in open_edges(g):
            adjacency.setdefault(e["a"], []).append((e["b"], e.get("port_b"), e["mp"]))
            if e["b"] != e["a"]:
                adjacency.setdefault(e["b"], []).append((e["a"], e.get("port_a"), e["mp"]))
        _ADJACENCY[key] = adjacency
    return list(adjacency.get(node, ()))


def square_capacity(g: Game, square: str) -> int:
    """BetaBots a Main Vault square holds (spec 4.3.2); 2 on top of AlphaBot (AMB-47); the Core's side-B
    spaces (SB-BASIC-16)."""
    if square in CORE_SPACES:
        return g.data.nodes["CORE"]["capacity"]["B"][square.lower()]
    mv = g.data["main_vault"]
    if square == TOP:
        return mv["on_top_of_alphabot"]["betabots"]
    kind = g.data.squares[square]["type"]
    return next(t["betabots"] for t in mv["square_types"] if t["id"] == kind)


def node_capacity(g: Game, node: str) -> int | None:
    """BetaBot spaces at a location (None = the Neutral Zone, never full) (SB-BASIC-16)."""
    info = g.data.nodes[node]
    kind = info["kind"]
    if kind == "ep_vault":
        return g.data.vaults[g.g["vaults"][node]["tile"]]["spaces"]
    if kind == "core":
        cap = info["capacity"][g.g["core"]["side"]]
        return cap if isinstance(cap, int) else sum(cap.values())
    if kind == "tunnel":
        return info["capacity"]
    return None


def others_at(g: Game, seat: int, node: str, square: str | None = None) -> list[int]:
    """Other BetaBots whose Mini is at ``node`` (on ``square`` when given), in turn order."""
    return [s for s in g.g["order"] if s != seat and g.g["players"][str(s)]["mini"] == node
            and (square is None or g.g["players"][str(s)]["square"] == square)]


def can_end(g: Game, seat: int, place: Place) -> bool:
    """A MOVE may end here: a free space for the figure, never AlphaBot's square by choice (SB-MOVE-06/15)."""
    node, square = place
    if square == "HATCH" and (g.g.get("elite") or {}).get("at") == "HATCH":
        return False  # SB-ELITE-13: the Elite fills the Hatch
    if square is not None:
        return len(others_at(g, seat, node, square)) < square_capacity(g, square)
    cap = node_capacity(g, node)
    return cap is None or len(others_at(g, seat, node)) < cap


def mantle_locations(g: Game) -> list[str]:
    """Mantle Main Vaults and Mantle E/P Vaults (AMB-37)."""
    return [n for n, info in g.data.nodes.items() if info["ring"] == "mantle"]


def core_exit_shields(g: Game) -> int:
    """Shields to leave the Core without a connected tunnel (SB-MOVE-05)."""
    side = "side_a" if g.g["core"]["side"] == "A" else "side_b"
    return g.data["vaults"]["core"][side]["exit_without_tunnel_shields"]


def _steps(g: Game, place: Place, off: int = 0) -> list[tuple[Place, int, int]]:
    """(next place, MP, shields) one hop from ``place``; ``off``: an item's Core-exit shield discount."""
    node, square = place
    active = active_vault(g)
    ab_square = g.g["alphabot"]["square"]
    out: list[tuple[Place, int, int]] = []
    if node == active and square is not None:
        for sq in g.data.squares:
            if sq not in (square, ab_square):
                out.append(((node, sq), g.data["rules"]["movement"]["main_vault_square_change"], 0))  # SB-MOVE-11
        if square != TOP:
            out.append(((node, TOP), g.data["rules"]["movement"]["onto_alphabot"], 0))
    core_b = g.g["core"]["side"] == "B"
    if node == "CORE" and core_b and square in CORE_SPACES:
        other = CORE_SPACES[1 - CORE_SPACES.index(square)]
        out.append(((node, other), 1, 0))  # SB-MOVE-18: switching spaces costs 1 MP
    linked = set()
    out_of_hull = g.data["rules"]["movement"]["hull_exit_extra"] if square == HULL else 0  # SB-MOVE-17
    for there, port, mp in neighbours(g, node):
        linked.add(there)
        arrive = PORT_SQUARE.get(port) if there == active else None
        if there == active and arrive is None:
            continue
        if there == "CORE" and core_b:
            out += [((there, space), mp, 0) for space in CORE_SPACES]
            continue
        out.append(((there, arrive), mp + out_of_hull, 0))  # SB-MOVE-14: leaving costs only the route
    if node == "CORE":
        for there in mantle_locations(g):
            if there not in linked:  # SB-MOVE-05: 1 MP and 2/3 shields without a tunnel
                arrive = "CORNER_A" if there == active else None
                out.append(((there, arrive), 1, max(0, core_exit_shields(g) - off)))
    return out


def free_step(g: Game, seat: int) -> bool:
    """Vault Map: the first square change in the Main Vault this turn is still free (spec 4.14 BX09)."""
    p = g.g["players"][str(seat)]
    return bool(passive(g, seat, "free_first_vault_step")) and p.get("free_step") != turn_key(g, seat)


def turn_key(g: Game, seat: int) -> str:
    return f"{g.g['round']}.{g.g['players'][str(seat)]['slot']}"


def destinations(g: Game, seat: int, mp: int, free: bool | None = None) -> dict[Place, tuple[int, int]]:
    """Every place a MOVE of ``mp`` points can end at, with its cheapest (shields, MP) (SB-MOVE-03..06); with
    items (version 3) the Core-exit discount and, unless ``free`` is False, Vault Map's free square change."""
    p = g.g["players"][str(seat)]
    start: Place = (p["mini"], p["square"])
    spent0 = not (free_step(g, seat) if free is None else free)
    best: dict[tuple[Place, bool], tuple[int, int]] = {(start, spent0): (0, 0)}
    off = passive(g, seat, "core_exit_shield_discount")
    frontier = [(start, spent0)]
    while frontier:
        nxt = []
        for place, spent in frontier:
            shields, used = best[(place, spent)]
            for there, cost, extra in _steps(g, place, off):
                change = there[0] == place[0] and place[1] in g.data.squares and there[1] in g.data.squares
                key = (there, spent or change)
                cost = 0 if change and not spent else cost
                if used + cost > mp:
                    continue
                value = (shields + extra, used + cost)
                if key not in best or value < best[key]:
                    best[key] = value
                    nxt.append(key)
        frontier = nxt
    out: dict[Place, tuple[int, int]] = {}
    for (place, _), v in best.items():
        if place != start and (place not in out or v < out[place]) and can_end(g, seat, place):
            out[place] = v
    return out


def tile_index(g: Game, node: str) -> int:
    """Exploration order of a location for Phase 6 (SB-P6-STATUS-02)."""
    return g.data.nodes[node]["tile_index"]


def draw_sector(g: Game, node: str) -> str:
    """Sector a location counts as for Phase 2 draws (``core`` for the Core) (SB-P2-PROG-02)."""
    return g.data.nodes[node]["draw_sector"]
