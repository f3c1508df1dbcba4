"""Pairings as pure functions: round-robin tables, Swiss rounds by standing, byes.

``history`` is every earlier table (tuples of user ids); the cost of a table is the sum over its
pairs of (times they already met)², so repeats are avoided whenever another arrangement exists
and spread evenly when they cannot be.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

Meetings = Counter[frozenset[str]]


@dataclass(frozen=True)
class Round:
    """One round: the tables (each a tuple of user ids) and who sits out with a bye."""

    tables: list[tuple[str, ...]]
    byes: list[str]


def meetings(history: Iterable[Sequence[str]]) -> Meetings:
    """How often each pair of players has shared a table."""
    met: Meetings = Counter()
    for table in history:
        for a, b in combinations(table, 2):
            met[frozenset((a, b))] += 1
    return met


def table_cost(table: Sequence[str], met: Meetings) -> int:
    """Repeated meetings a table would cause (squared, so one double repeat costs more than two singles)."""
    return sum(met[frozenset((a, b))] ** 2 for a, b in combinations(table, 2))


def default_rounds(fmt: str, players: int, size: int) -> int:
    """Rounds in a season: a full round robin, or enough Swiss rounds to separate the field."""
    if players < size:
        return 0
    if fmt == "round-robin":
        if size == 2:
            return players - 1 if players % 2 == 0 else players
        return math.ceil((players - 1) / (size - 1)) + (1 if players % size else 0)
    return max(1, math.ceil(math.log(players, size)) + (0 if size == 2 else 1))


def pick_byes(order: Sequence[str], size: int, byes_so_far: Counter[str]) -> list[str]:
    """``len(order) % size`` players sit out: fewest byes first, later in ``order`` first."""
    count = len(order) % size
    if count == 0:
        return []
    position = {p: i for i, p in enumerate(order)}
    ranked = sorted(order, key=lambda p: (byes_so_far[p], -position[p]))
    return ranked[:count]


def circle_round(roster: Sequence[str], round_no: int) -> list[tuple[str, str]]:
    """Round ``round_no`` (1-based) of the circle method over ``roster``; None-padded for odd counts."""
    players: list[str | None] = list(roster) + ([None] if len(roster) % 2 else [])
    n = len(players)
    if n < 2:
        return []
    shift = (round_no - 1) % (n - 1)
    rest = players[1:]
    rotated = [players[0], *rest[-shift:], *rest[:-shift]] if shift else players
    pairs = []
    for i in range(n // 2):
        a, b = rotated[i], rotated[n - 1 - i]
        if a is not None and b is not None:
            pairs.append((a, b))
    return pairs


def round_robin_round(roster: Sequence[str], active: Sequence[str], size: int, round_no: int,
                      history: Iterable[Sequence[str]], byes_so_far: Counter[str], seed: int = 0) -> Round:
    """A round-robin round. Two-player tables follow the circle method over the season's starting
    ``roster`` (players who left are dropped, and their opponents re-paired); bigger tables are
    arranged to meet new opponents as evenly as the numbers allow."""
    history = list(history)
    active_set = set(active)
    if size == 2 and set(roster) >= active_set:
        pairs = [p for p in circle_round(roster, round_no) if set(p) <= active_set]
        seated = {u for p in pairs for u in p}
        loose = [u for u in roster if u in active_set and u not in seated]
        if len(loose) <= 1:
            return Round([tuple(p) for p in pairs], loose)
        extra = arrange(loose, size, meetings(history), byes_so_far, seed=seed)
        return Round([tuple(p) for p in pairs] + extra.tables, extra.byes)
    return arrange(list(active), size, meetings(history), byes_so_far, seed=seed)


def arrange(players: list[str], size: int, met: Meetings, byes_so_far: Counter[str], *,
            seed: int = 0, restarts: int = 12) -> Round:
    """Tables minimising repeated meetings (random restarts + improving swaps)."""
    byes = pick_byes(players, size, byes_so_far)
    seated = [p for p in players if p not in byes]
    if len(seated) < size:
        return Round([], list(players))
    rnd = random.Random(seed)
    best: list[list[str]] | None = None
    best_cost = math.inf
    for _ in range(restarts):
        order = list(seated)
        rnd.shuffle(order)
        tables = [order[i:i + size] for i in range(0, len(order), size)]
        cost = _improve(tables, met, lambda t: table_cost(t, met))
        if cost < best_cost:
            best, best_cost = tables, cost
        if best_cost == 0:
            break
    assert best is not None
    return Round([tuple(t) for t in best], byes)


def swiss_round(ranked: Sequence[str], size: int, history: Iterable[Sequence[str]],
                byes_so_far: Counter[str]) -> Round:
    """A Swiss round: neighbours in the standings share tables, avoiding rematches when possible.

    ``ranked`` is best first. Byes go to the lowest-ranked players with the fewest byes. Tables
    are filled top-down, then improved by swaps that remove repeats at the smallest cost in rank
    distance (a repeat weighs more than any rank distance)."""
    met = meetings(history)
    byes = pick_byes(ranked, size, byes_so_far)
    order = [p for p in ranked if p not in byes]
    if len(order) < size:
        return Round([], list(ranked))
    rank = {p: i for i, p in enumerate(order)}
    weight = len(order) * size + 1

    def cost(table: Sequence[str]) -> float:
        spread = max(rank[p] for p in table) - min(rank[p] for p in table)
        return table_cost(table, met) * weight * weight + spread

    tables = [order[i:i + size] for i in range(0, len(order), size)]
    _improve(tables, met, cost)
    tables.sort(key=lambda t: min(rank[p] for p in t))
    return Round([tuple(sorted(t, key=rank.__getitem__)) for t in tables], byes)


def _improve(tables: list[list[str]], met: Meetings, score: Callable[[Sequence[str]], float]) -> float:
    """Swap players between tables while the total cost drops; returns the final cost."""
    costs = [score(t) for t in tables]
    improved = True
    while improved:
        improved = False
        for i, j in combinations(range(len(tables)), 2):
            for a in range(len(tables[i])):
                for b in range(len(tables[j])):
                    ti, tj = list(tables[i]), list(tables[j])
                    ti[a], tj[b] = tj[b], ti[a]
                    ci, cj = score(ti), score(tj)
                    if ci + cj < costs[i] + costs[j]:
                        tables[i], tables[j], costs[i], costs[j] = ti, tj, ci, cj
                        improved = True
    return sum(costs)
