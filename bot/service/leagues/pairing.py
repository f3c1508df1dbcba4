"""Pairings as pure functions: Swiss rounds by standing, byes, the circle method (the round-robin
season as a whole is planned in :mod:`.planner`).

``history`` is every earlier table (tuples of user ids); the cost of a table is the sum over its
pairs of (times they already met)², so repeats are avoided whenever another arrangement exists
and spread evenly when they cannot be.
"""

from __future__ import annotations

import math
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


SWISS_NODES = 4000
"""Tables tried per rematch allowance before the Swiss search settles for the swap heuristic."""
SWISS_BUDGETS = 12
"""Rematch allowances tried (0, 1, …) before the swap heuristic's arrangement is kept."""


def swiss_round(ranked: Sequence[str], size: int, history: Iterable[Sequence[str]],
                byes_so_far: Counter[str]) -> Round:
    """A Swiss round by standing: score groups top-down, leaders first.

    ``ranked`` is best first. Byes go to the lowest-ranked players with the fewest byes. The top
    remaining player's table is completed with the highest-ranked players available, backtracking
    only when that would leave the rest with more rematches than another choice; rematches (cost:
    the sum over a table's pairs of (times met)²) are accepted only when no arrangement has fewer."""
    met = meetings(history)
    byes = pick_byes(ranked, size, byes_so_far)
    order = [p for p in ranked if p not in byes]
    if len(order) < size:
        return Round([], list(ranked))
    fallback = _swiss_swaps(order, size, met)
    worst = sum(table_cost(t, met) for t in fallback)
    opponents: dict[str, set[str]] = {p: set() for p in order}
    for pair in met:
        a, b = tuple(pair)
        if a in opponents and b in opponents:
            opponents[a].add(b)
            opponents[b].add(a)
    for budget in range(min(worst, SWISS_BUDGETS) + 1):
        found = _top_down(order, size, met, opponents, budget, [SWISS_NODES])
        if found is not None:
            return Round(found, byes)
    return Round(fallback, byes)


def _top_down(order: list[str], size: int, met: Meetings, opponents: dict[str, set[str]], budget: int,
              nodes: list[int]) -> list[tuple[str, ...]] | None:
    """The first arrangement in rank order with at most ``budget`` rematch cost (None: none found
    within the node allowance, counted down in ``nodes``)."""
    if not order:
        return []
    if budget == 0:
        left = set(order)
        if any(len(left) - 1 - len(opponents[p] & left) < size - 1 for p in order):
            return None  # someone has too few new opponents left
    head, rest = order[0], order[1:]
    for others in combinations(rest, size - 1):
        nodes[0] -= 1
        if nodes[0] < 0:
            return None
        table = (head, *others)
        cost = table_cost(table, met) if opponents[head] & set(others) or size > 2 else 0
        if cost > budget:
            continue
        taken = set(others)
        tail = _top_down([p for p in rest if p not in taken], size, met, opponents, budget - cost, nodes)
        if tail is not None:
            return [table, *tail]
    return None


def _swiss_swaps(order: list[str], size: int, met: Meetings) -> list[tuple[str, ...]]:
    """Neighbours at tables, improved by swaps that remove repeats at the least rank distance."""
    rank = {p: i for i, p in enumerate(order)}
    weight = len(order) * size + 1

    def cost(table: Sequence[str]) -> float:
        spread = max(rank[p] for p in table) - min(rank[p] for p in table)
        return table_cost(table, met) * weight * weight + spread

    tables = [order[i:i + size] for i in range(0, len(order), size)]
    _improve(tables, met, cost)
    tables.sort(key=lambda t: min(rank[p] for p in t))
    return [tuple(sorted(t, key=rank.__getitem__)) for t in tables]


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
