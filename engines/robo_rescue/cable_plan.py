"""H-CABLE (§6.4 D-CABLE): ranking cable placements by the routes they keep open and shorten.

Shared by the timeout default of the ``gain`` prompt and the bot.
"""

from __future__ import annotations

import heapq

from engines.core import Action, Game

from . import cables
from .content import Content
from .player_board import player

ORIENT_ORDER = ("WE", "NS", "NE", "ES", "SW", "WN")  # H-CABLE step 3
FAR = 10**6  # "no route": ranks after every real route length


def remaining_route(c: Content, m: cables.Matrix, conn: str) -> int | None:
    """Cable tokens still needed to complete ``conn`` (0 when complete, None when no longer feasible).

    A cheapest-path search over ``(cell, entry side)``: an empty cell costs one token (any exit but
    the entry), a placed token is followed for free along its own two ends. A cheapest walk never
    needs a cell twice (the loop between two visits can be cut out), so None agrees with
    ``cables.goal_feasible``.
    """
    start, goal = c.connections[conn]
    e = next(e for e in c.endpoints if e.id == start)
    best: dict[tuple[str, str], int] = {(e.cell, e.side): 0}
    heap: list[tuple[int, str, str]] = [(0, e.cell, e.side)]
    while heap:
        cost, cell, entry = heapq.heappop(heap)
        if not cell:
            return cost  # the goal endpoint
        if cost > best[(cell, entry)]:
            continue
        if cell in m:
            if entry not in m[cell]:
                continue
            exits, here = [m[cell].replace(entry, "", 1)], cost
        else:
            exits, here = [s for s in "NESW" if s != entry], cost + 1
        for side in exits:
            reached = cables.endpoint_at(c, cell, side)
            if reached:
                if reached == goal:
                    heapq.heappush(heap, (here, "", ""))
                continue
            nxt = cables.neighbour(c, cell, side)
            if nxt is None or nxt in c.node_cells:
                continue
            key = (nxt, cables.OPPOSITE[side])
            if here < best.get(key, FAR):
                best[key] = here
                heapq.heappush(heap, (here, *key))
    return None


def canonical(c: Content, cell: str, orient: str) -> tuple[int, int, int]:
    """H-CABLE step 3: column A→J, then row 1→3, then orientation WE, NS, NE, ES, SW, WN."""
    return c.matrix_cols.index(cell[0]), int(cell[1:]), ORIENT_ORDER.index(orient)


class CableRanker:
    """H-CABLE ranks (lower is better) of placements into one seat's matrix as it stands now."""

    def __init__(self, g: Game, seat: int) -> None:
        self.c, p = g.data, player(g, seat)
        self.matrix: cables.Matrix = p["matrix"]
        self.goals = [k for k in self.c.connections if k not in p["connections"]]
        self.before = {k: remaining_route(self.c, self.matrix, k) for k in self.goals}
        self.engines_left = len(p["connections"]) < self.c.rules["cable_engines_max"]
        self._useful: dict[str, bool] = {}

    def key(self, cell: str, orient: str) -> tuple[int, int, tuple[int, int, int]]:
        """(1) connections kept feasible (more first), (2) the shortest remaining route among the
        connections this placement shortens, (3) canonical order."""
        after_m = {**self.matrix, cell: orient}
        kept, shortest = 0, FAR
        for conn in self.goals:
            after = remaining_route(self.c, after_m, conn)
            if after is None:
                continue
            kept += 1
            before = self.before[conn]
            if before is not None and after < before:
                shortest = min(shortest, after)
        return -kept, shortest, canonical(self.c, cell, orient)

    def useful(self, kind: str) -> bool:
        """A token of ``kind`` would shorten an open connection while an engine is still to be had."""
        if kind not in self._useful:
            self._useful[kind] = self.engines_left and any(
                self.key(cell, orient)[1] < FAR for cell, orient in cables.legal_placements(self.c, self.matrix, kind))
        return self._useful[kind]

    def needed(self, cell: str) -> bool:
        """Removing the token at ``cell`` would lengthen (or cut) the route of an open connection."""
        without = {k: v for k, v in self.matrix.items() if k != cell}
        for conn in self.goals:
            before = self.before[conn]
            after = remaining_route(self.c, without, conn)
            if before is not None and (FAR if after is None else after) > before:
                return True
        return False


def cable_key(g: Game, seat: int, cell: str, orient: str) -> tuple[int, int, tuple[int, int, int]]:
    """H-CABLE rank of one placement into ``seat``'s matrix (see :class:`CableRanker`)."""
    return CableRanker(g, seat).key(cell, orient)


def cable_choice(g: Game, seat: int, legal: list[Action]) -> Action:
    """The H-CABLE placement among ``place`` actions (any kind, so a Wild is covered too)."""
    rank = CableRanker(g, seat)
    return min(legal, key=lambda a: rank.key(str(a.args[1]), str(a.args[2])))
