"""The cable matrix: placement, loose ends, completed connections and feasibility (RR-CABLE).

A matrix is ``{cell: orientation}`` such as ``{"A1": "WE", "F1": "ES"}``; an orientation names the
two sides its cable ends on (REC-09).
"""

from __future__ import annotations

from .content import Content

OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
Matrix = dict[str, str]


_TABLES: dict[int, tuple[dict[tuple[str, str], str | None], dict[tuple[str, str], str]]] = {}


def _tables(c: Content) -> tuple[dict[tuple[str, str], str | None], dict[tuple[str, str], str]]:
    """Neighbour and endpoint lookups, built once per content."""
    if id(c) not in _TABLES:
        cols, rows = c.matrix_cols, c.matrix_rows
        near: dict[tuple[str, str], str | None] = {}
        for x, col in enumerate(cols):
            for y in range(rows):
                for side, (dx, dy) in STEP.items():
                    nx, ny = x + dx, y + dy
                    inside = 0 <= nx < len(cols) and 0 <= ny < rows
                    near[(f"{col}{y + 1}", side)] = f"{cols[nx]}{ny + 1}" if inside else None
        ends = {(e.cell, e.side): e.id for e in c.endpoints}
        _TABLES[id(c)] = (near, ends)
    return _TABLES[id(c)]


def neighbour(c: Content, cell: str, side: str) -> str | None:
    """The matrix cell across ``side`` of ``cell`` (None at the edge)."""
    return _tables(c)[0][(cell, side)]


def endpoint_at(c: Content, cell: str, side: str) -> str | None:
    """The socket or node port a token end on ``(cell, side)`` would join (RR-CABLE-01)."""
    return _tables(c)[1].get((cell, side))


def all_cells(c: Content) -> list[str]:
    return [f"{col}{row}" for col in c.matrix_cols for row in range(1, c.matrix_rows + 1)]


def end_connected(c: Content, m: Matrix, cell: str, side: str) -> bool:
    """RR-CABLE-10: an end is connected to a socket, a port, or the matching end next door."""
    if endpoint_at(c, cell, side):
        return True
    other = neighbour(c, cell, side)
    return other is not None and other in m and OPPOSITE[side] in m[other]


def is_loose(c: Content, m: Matrix, cell: str) -> bool:
    """At least one end of the token at ``cell`` is loose (RR-CONV-08)."""
    return any(not end_connected(c, m, cell, side) for side in m[cell])


def legal_placements(c: Content, m: Matrix, kind: str) -> list[tuple[str, str]]:
    """Every ``(cell, orientation)`` where a token of ``kind`` may go (RR-CABLE-03/04/05)."""
    result = []
    for cell in all_cells(c):
        if cell in m or cell in c.node_cells:
            continue
        for orient in c.cable_orients[kind]:
            if any(end_connected(c, m, cell, side) for side in orient):
                result.append((cell, orient))
    return result


def follow(c: Content, m: Matrix, endpoint: str) -> tuple[list[str], str | None]:
    """Trace the chain starting at ``endpoint``: the cells it runs through and the endpoint it reaches."""
    e = next(e for e in c.endpoints if e.id == endpoint)
    cell, entry, cells = e.cell, e.side, []
    while cell is not None and cell in m and entry in m[cell] and cell not in cells:
        cells.append(cell)
        exit_side = m[cell].replace(entry, "", 1)
        reached = endpoint_at(c, cell, exit_side)
        if reached:
            return cells, reached
        nxt = neighbour(c, cell, exit_side)
        cell, entry = nxt, OPPOSITE[exit_side]
    return cells, None


def completed_connections(c: Content, m: Matrix) -> dict[str, list[str]]:
    """Connections (RR-CABLE-11) joined end to end, with their cells."""
    done = {}
    for conn, (a, b) in c.connections.items():
        cells, reached = follow(c, m, a)
        if reached == b:
            done[conn] = cells
    return done


def removable_count(c: Content, m: Matrix, locked: list[str]) -> int:
    """How many tokens could be peeled off one at a time from loose ends (RR-CONV-08, RR-BOARD-01)."""
    m = dict(m)
    count = 0
    while True:
        loose = [cell for cell in m if cell not in locked and is_loose(c, m, cell)]
        if not loose:
            return count
        for cell in loose:
            del m[cell]
            count += 1


def goal_feasible(c: Content, m: Matrix, conn: str) -> bool:
    """True if connection ``conn`` can still be completed by filling empty cells (RR-CABLE-14)."""
    start, goal = c.connections[conn]
    e = next(e for e in c.endpoints if e.id == start)
    return _extend(c, m, e.cell, e.side, goal, set())


def _extend(c: Content, m: Matrix, cell: str | None, entry: str, goal: str, seen: set[str]) -> bool:
    if cell is None or cell in seen or cell in c.node_cells:
        return False
    if cell in m:
        exits = [m[cell].replace(entry, "", 1)] if entry in m[cell] else []
    else:
        exits = [s for s in "NESW" if s != entry]
    seen = seen | {cell}
    for side in exits:
        reached = endpoint_at(c, cell, side)
        if reached:
            if reached == goal:
                return True
            continue
        if _extend(c, m, neighbour(c, cell, side), OPPOSITE[side], goal, seen):
            return True
    return False
