"""The cable matrix: placement, loose ends, completed connections and feasibility (RR-CABLE).

A matrix is ``{cell: orientation}`` such as ``{"A1": "WE", "F1": "ES"}``; an orientation names the
two sides its cable ends on (REC-09). The geometry is derived once in ``content.cable_geometry``;
the pure queries below are memoised per matrix in ``c.cable_geo.cache`` (bounded).
"""

from __future__ import annotations

from typing import Any

from .content import OPPOSITE, STEP, Content

__all__ = ["OPPOSITE", "STEP", "Matrix", "all_cells", "completed_connections", "end_connected", "endpoint_at",
           "follow", "goal_feasible", "is_loose", "legal_placements", "neighbour", "removable_count"]

Matrix = dict[str, str]
CACHE_LIMIT = 4096
"""Entries kept in the per-content memo before it is cleared (a small memo keeps GC cheap)."""


def _memo(c: Content, key: Any) -> tuple[dict[Any, Any], Any]:
    cache = c.cable_geo.cache
    if len(cache) > CACHE_LIMIT:
        cache.clear()
    return cache, cache.get(key)


def neighbour(c: Content, cell: str, side: str) -> str | None:
    """The matrix cell across ``side`` of ``cell`` (None at the edge)."""
    return c.cable_geo.near[(cell, side)]


def endpoint_at(c: Content, cell: str, side: str) -> str | None:
    """The socket or node port a token end on ``(cell, side)`` would join (RR-CABLE-01)."""
    return c.cable_geo.ends.get((cell, side))


def all_cells(c: Content) -> list[str]:
    return list(c.cable_geo.cells)


def end_connected(c: Content, m: Matrix, cell: str, side: str) -> bool:
    """RR-CABLE-10: an end is connected to a socket, a port, or the matching end next door."""
    geo = c.cable_geo
    if (cell, side) in geo.ends:
        return True
    other = geo.near[(cell, side)]
    return other is not None and other in m and OPPOSITE[side] in m[other]


def _open_sides(links: tuple[tuple[str, str | None, str | None, str], ...], m: Matrix) -> str:
    """The sides of a cell whose end would be connected (RR-CABLE-10)."""
    sides = ""
    for side, end, other, opp in links:
        if end is not None or (other is not None and opp in m.get(other, "")):
            sides += side
    return sides


def is_loose(c: Content, m: Matrix, cell: str) -> bool:
    """At least one end of the token at ``cell`` is loose (RR-CONV-08)."""
    sides = _open_sides(c.cable_geo.links[cell], m)
    return any(side not in sides for side in m[cell])


def legal_placements(c: Content, m: Matrix, kind: str) -> list[tuple[str, str]]:
    """Every ``(cell, orientation)`` where a token of ``kind`` may go (RR-CABLE-03/04/05)."""
    cache, hit = _memo(c, ("place", kind, frozenset(m.items())))
    if hit is None:
        geo, orients, found = c.cable_geo, c.cable_orients[kind], []
        for cell in geo.free:
            if cell in m:
                continue
            sides = _open_sides(geo.links[cell], m)
            if sides:
                found += [(cell, o) for o in orients if o[0] in sides or o[1] in sides]
        hit = cache[("place", kind, frozenset(m.items()))] = tuple(found)
    return list(hit)


def follow(c: Content, m: Matrix, endpoint: str) -> tuple[list[str], str | None]:
    """Trace the chain starting at ``endpoint``: the cells it runs through and the endpoint it reaches."""
    geo = c.cable_geo
    e = geo.by_id[endpoint]
    cell: str | None = e.cell
    entry, cells = e.side, []
    while cell is not None and cell in m and entry in m[cell] and cell not in cells:
        cells.append(cell)
        exit_side = m[cell].replace(entry, "", 1)
        reached = geo.ends.get((cell, exit_side))
        if reached:
            return cells, reached
        cell, entry = geo.near[(cell, exit_side)], OPPOSITE[exit_side]
    return cells, None


def completed_connections(c: Content, m: Matrix) -> dict[str, list[str]]:
    """Connections (RR-CABLE-11) joined end to end, with their cells."""
    key = ("done", frozenset(m.items()))
    cache, hit = _memo(c, key)
    if hit is None:
        done = []
        for conn, (a, b) in c.connections.items():
            cells, reached = follow(c, m, a)
            if reached == b:
                done.append((conn, tuple(cells)))
        hit = cache[key] = tuple(done)
    return {conn: list(cells) for conn, cells in hit}


def removable_count(c: Content, m: Matrix, locked: list[str]) -> int:
    """How many tokens could be peeled off one at a time from loose ends (RR-CONV-08, RR-BOARD-01)."""
    key = ("peel", frozenset(m.items()), tuple(locked))
    cache, hit = _memo(c, key)
    if hit is not None:
        return int(hit)
    m = dict(m)
    count = 0
    while True:
        loose = [cell for cell in m if cell not in locked and is_loose(c, m, cell)]
        if not loose:
            cache[key] = count
            return count
        for cell in loose:
            del m[cell]
            count += 1


def goal_feasible(c: Content, m: Matrix, conn: str) -> bool:
    """True if connection ``conn`` can still be completed by filling empty cells (RR-CABLE-14)."""
    key = ("goal", conn, frozenset(m.items()))
    cache, hit = _memo(c, key)
    if hit is None:
        start, goal = c.connections[conn]
        e = c.cable_geo.by_id[start]
        hit = cache[key] = _extend(c, m, e.cell, e.side, goal, set())
    return bool(hit)


def _extend(c: Content, m: Matrix, cell: str | None, entry: str, goal: str, seen: set[str]) -> bool:
    if cell is None or cell in seen or cell in c.node_cells:
        return False
    if cell in m:
        exits = [m[cell].replace(entry, "", 1)] if entry in m[cell] else []
    else:
        exits = [s for s in "NESW" if s != entry]
    seen = seen | {cell}
    geo = c.cable_geo
    for side in exits:
        reached = geo.ends.get((cell, side))
        if reached:
            if reached == goal:
                return True
            continue
        if _extend(c, m, geo.near[(cell, side)], OPPOSITE[side], goal, seen):
            return True
    return False
