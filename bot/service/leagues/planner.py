"""A round-robin season planned as a whole: every round's tables chosen together so pairs meet as
evenly as the numbers allow (a pure, seeded search; no clock).

Each pair of players costs by how often it meets over the season, history included: 1 for a pair
that never meets, ``t(t−1)/2`` for a pair that meets ``t`` times (0 for once). The cost is convex,
so the search spreads meetings evenly. Two-player seasons start from the circle method (already
perfect); bigger tables start from random tables and are improved by simulated annealing over
trades of two players of one round (or of a player and one who sits out, keeping byes even) —
mostly the best trade for a player who meets a tablemate again — with a fixed seed and a bounded
number of steps, stopping early at the lower bound; a last descent makes every improving trade
left, so no single trade of the plan lowers its cost.

Lower bound: a player who plays ``g`` more games at tables of ``k`` meets at most ``(k−1)·g`` more
opponents, so with ``m_i`` meetings in all, at least ``Σ max(0, n−1−m_i) / 2`` pairs never meet
(and at least ``C(n,2) − Σ m_i / 2``); the meetings beyond a pair's first number
``Σ m_i / 2 − C(n,2) + unmet``, so they are bounded too.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from .pairing import Round, circle_round

STEPS_PER_SLOT = 300
"""Annealing steps per seat of the season (rounds × seated players), within the limits below."""
MIN_STEPS, MAX_STEPS = 10_000, 30_000
RESTARTS = 2
FOCUS_TRIES = 4
"""Random picks per step looking for a player who meets a tablemate again (the move to try)."""
FOCUS_OPTIONS = 40
"""Trades weighed for that player at most (a sample of the round in big leagues)."""
HOT, COLD = 1.5, 0.05
"""Annealing temperatures, in cost units (one unmet pair or one repeat meeting costs 1)."""


@dataclass(frozen=True)
class Coverage:
    """How a season's meetings fall among its players, beside the lower bounds."""

    pairs: int
    unmet: int
    """Pairs who never share a table."""
    twice: int
    """Pairs who share a table more than once."""
    repeats: int
    """Meetings beyond each pair's first (equal to ``twice`` when no pair meets three times)."""
    unmet_bound: int
    repeats_bound: int

    @property
    def at_bound(self) -> bool:
        """Nothing better is possible."""
        return self.unmet == self.unmet_bound and self.repeats == self.repeats_bound


def plan_season(players: Sequence[str], size: int, rounds: int, history: Iterable[Sequence[str]] = (),
                byes_so_far: Counter[str] | None = None, *, seed: int = 0) -> list[Round]:
    """``rounds`` more rounds for ``players`` (in sign-up order) at tables of ``size``, given the
    earlier tables in ``history`` (departed players in it are ignored) and the byes so far."""
    n = len(players)
    if rounds <= 0 or n < size:
        return []
    index = {p: i for i, p in enumerate(players)}
    met = [0] * (n * n)
    for table in history:
        seated = [index[p] for p in table if p in index]
        for a, b in combinations(seated, 2):
            met[a * n + b] += 1
            met[b * n + a] += 1
    byes = [(byes_so_far or Counter())[p] for p in players]
    fresh = not any(met) and not any(byes)
    best: list[tuple[list[list[int]], list[int]]] | None = None
    best_cost = math.inf
    for attempt in range(RESTARTS):
        rng = random.Random(seed * 7919 + attempt)
        if size == 2 and fresh and attempt == 0:
            season = _circle(n, rounds)
        else:
            season = _random_season(n, size, rounds, list(byes), rng)
        search = _Annealer(n, size, season, list(met), byes, rng)
        cost = search.run()
        if cost < best_cost:
            best, best_cost = search.season, cost
        if search.at_bound():
            break
    assert best is not None
    return [Round([tuple(players[p] for p in t) for t in tables], [players[p] for p in out])
            for tables, out in best]


def coverage(players: Sequence[str], tables: Iterable[Sequence[str]]) -> Coverage:
    """The meetings of ``tables`` (played and planned) among ``players`` (others at them are
    ignored), beside the lower bounds for as many meetings."""
    roster = set(players)
    met: Counter[frozenset[str]] = Counter()
    slots: Counter[str] = Counter()
    for table in tables:
        seated = [p for p in table if p in roster]
        for a, b in combinations(seated, 2):
            met[frozenset((a, b))] += 1
        for p in seated:
            slots[p] += len(seated) - 1
    n = len(roster)
    pairs = n * (n - 1) // 2
    unmet = pairs - sum(1 for t in met.values() if t)
    twice = sum(1 for t in met.values() if t > 1)
    repeats = sum(t - 1 for t in met.values() if t > 1)
    unmet_bound, repeats_bound = bounds(n, [slots[p] for p in roster])
    return Coverage(pairs, unmet, twice, repeats, unmet_bound, repeats_bound)


def bounds(n: int, slots: Sequence[int]) -> tuple[int, int]:
    """Lower bounds ``(unmet pairs, repeat meetings)`` for ``n`` players with ``slots[i]`` meetings each."""
    pairs = n * (n - 1) // 2
    total = sum(slots) // 2
    unmet = max(0, pairs - total, math.ceil(sum(max(0, n - 1 - s) for s in slots) / 2))
    repeats = max(0, total - pairs + unmet, math.ceil(sum(max(0, s - (n - 1)) for s in slots) / 2))
    return unmet, repeats


def _circle(n: int, rounds: int) -> list[tuple[list[list[int]], list[int]]]:
    """The circle method's rounds over player numbers (the odd one out sits out)."""
    names = [str(i) for i in range(n)]
    season = []
    for number in range(1, rounds + 1):
        pairs = [[int(a), int(b)] for a, b in circle_round(names, number)]
        seated = {p for pair in pairs for p in pair}
        season.append((pairs, [p for p in range(n) if p not in seated]))
    return season


def _random_season(n: int, size: int, rounds: int, byes: list[int],
                   rng: random.Random) -> list[tuple[list[list[int]], list[int]]]:
    """Random tables; each round's byes go to the players with the fewest so far (ties at random)."""
    out_per_round = n % size
    season = []
    for _ in range(rounds):
        order = list(range(n))
        rng.shuffle(order)
        order.sort(key=lambda p: byes[p])  # stable: random among equals
        out = order[:out_per_round]
        for p in out:
            byes[p] += 1
        seated = order[out_per_round:]
        rng.shuffle(seated)
        season.append(([seated[i:i + size] for i in range(0, len(seated), size)], out))
    return season


class _Annealer:
    """Simulated annealing over one season (tables as lists of player numbers)."""

    def __init__(self, n: int, size: int, season: list[tuple[list[list[int]], list[int]]], met: list[int],
                 byes: list[int], rng: random.Random) -> None:
        self.n, self.size, self.season, self.met, self.rng = n, size, season, met, rng
        self.byes = list(byes)
        for tables, out in season:
            for p in out:
                self.byes[p] += 1
            for table in tables:
                for a, b in combinations(table, 2):
                    met[a * n + b] += 1
                    met[b * n + a] += 1
        top = max(met, default=0) + len(season) + 2
        self.f = [1] + [t * (t - 1) // 2 for t in range(1, top + 1)]
        slots = [0] * n
        for a in range(n):
            slots[a] = sum(met[a * n + b] for b in range(n) if b != a)
        unmet, repeats = bounds(n, slots)
        self.floor = unmet + repeats  # Σ C(t,2) ≥ repeats, with equality when no pair meets thrice
        self.cost = self._total()

    def _total(self) -> int:
        n, met, f = self.n, self.met, self.f
        return sum(f[met[a * n + b]] for a in range(n) for b in range(a + 1, n))

    def at_bound(self) -> bool:
        """The cost reached the lower bound."""
        return self.cost <= self.floor

    def run(self) -> int:
        """Anneal; returns the final cost (the season is updated in place)."""
        season, n, met, f, rng, byes = self.season, self.n, self.met, self.f, self.rng, self.byes
        seated = sum(len(t) for tables, _ in season for t in tables)
        steps = max(MIN_STEPS, min(MAX_STEPS, STEPS_PER_SLOT * seated))
        movable = [r for r, (tables, out) in enumerate(season) if len(tables) > 1 or (tables and out)]
        if not movable or self.at_bound():
            return self.cost
        cool = (COLD / HOT) ** (1 / steps)
        temp = HOT
        cost = self.cost
        random_, randrange, exp = rng.random, rng.randrange, math.exp

        def change(A: list[int], pa: int, B: list[int], pb: int) -> int:
            """The cost change of ``pa`` (at ``A``) and ``pb`` (at ``B``, [] for a bye) trading places."""
            rowa, rowb, delta = pa * n, pb * n, 0
            for x in A:
                if x != pa:
                    ta, tb = met[rowa + x], met[rowb + x]
                    delta += f[ta - 1] - f[ta] + f[tb + 1] - f[tb]
            for y in B:
                if y != pb:
                    ta, tb = met[rowa + y], met[rowb + y]
                    delta += f[tb - 1] - f[tb] + f[ta + 1] - f[ta]
            return delta

        def trade(A: list[int], ai: int, B: list[int], bi: int, bye: bool) -> None:
            """``A[ai]`` and ``B[bi]`` (a table, or the byes) trade places."""
            pa, pb = A[ai], B[bi]
            rowa, rowb = pa * n, pb * n
            for x in A:
                if x != pa:
                    met[rowa + x] -= 1
                    met[x * n + pa] -= 1
                    met[rowb + x] += 1
                    met[x * n + pb] += 1
            if bye:
                byes[pa] += 1
                byes[pb] -= 1
            else:
                for y in B:
                    if y != pb:
                        met[rowb + y] -= 1
                        met[y * n + pb] -= 1
                        met[rowa + y] += 1
                        met[y * n + pa] += 1
            A[ai], B[bi] = pb, pa

        for _ in range(steps):
            temp *= cool
            focused = False
            for _ in range(FOCUS_TRIES):  # prefer a player who meets a tablemate again
                tables, out = season[movable[randrange(len(movable))]]
                i = randrange(len(tables))
                A = tables[i]
                ai = randrange(len(A))
                pa = A[ai]
                row = pa * n
                if any(met[row + x] > 1 for x in A if x != pa):
                    focused = True
                    break
            options: list[tuple[list[int], int]] = []  # (table or the byes, index) to trade with
            if focused:  # the best trade for that player in this round (ties at random)
                options = [(B, bi) for j, B in enumerate(tables) if j != i for bi in range(len(B))]
                options += [(out, bi) for bi in range(len(out)) if byes[pa] < byes[out[bi]]]
                if len(options) > FOCUS_OPTIONS:
                    options = rng.sample(options, FOCUS_OPTIONS)
            elif out and (len(tables) == 1 or random_() < 0.2):
                bi = randrange(len(out))
                if byes[pa] < byes[out[bi]]:  # byes stay as even as they are
                    options = [(out, bi)]
            else:
                j = randrange(len(tables) - 1)
                B = tables[j + (j >= i)]
                options = [(B, randrange(len(B)))]
            best_delta, chosen, ties = 0, None, 0
            for B, bi in options:
                delta = change(A, pa, [] if B is out else B, B[bi])
                if chosen is None or delta < best_delta:
                    best_delta, chosen, ties = delta, (B, bi), 1
                elif delta == best_delta:
                    ties += 1
                    if randrange(ties) == 0:
                        chosen = (B, bi)
            if chosen is None or (best_delta > 0 and random_() >= exp(-best_delta / temp)):
                continue
            B, bi = chosen
            trade(A, ai, B, bi, B is out)
            cost += best_delta
            if cost <= self.floor:
                break
        self.cost = cost + self._polish(change, trade)
        return self.cost

    def _polish(self, change: Callable[[list[int], int, list[int], int], int],
                trade: Callable[[list[int], int, list[int], int, bool], None]) -> int:
        """Make every improving trade until none is left (a local optimum: no trade of two players of
        a round, or of a player and one sitting out, lowers the cost); returns the cost change."""
        total, improved = 0, True
        while improved and self.cost + total > self.floor:
            improved = False
            for tables, out in self.season:
                for i, A in enumerate(tables):
                    for ai in range(len(A)):
                        for B in [*tables[i + 1:], out]:
                            for bi in range(len(B)):
                                bye = B is out
                                if bye and self.byes[A[ai]] >= self.byes[B[bi]]:
                                    continue
                                delta = change(A, A[ai], [] if bye else B, B[bi])
                                if delta < 0:
                                    trade(A, ai, B, bi, bye)
                                    total += delta
                                    improved = True
        return total
