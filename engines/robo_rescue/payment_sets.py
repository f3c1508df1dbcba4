"""Whole payments in one choice (rules version 2): which cards, or how much oil from which tank.

A conversion owes ``n`` units of one resource. Instead of one click per unit, the player picks the whole
set at once when the sets fit one menu; tokens are still paid one by one (which cable can go depends on
the ones already removed, RR-CONV-08).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

MENU_LIMIT = 25
"""Most whole-payment choices offered at once (one select menu); with more, units are paid one by one."""


def card_sets(hand_kinds: list[str], n: int) -> list[tuple[str, ...]]:
    """Every distinct multiset of ``n`` card kinds the hand can pay, sorted (kinds in sorted order)."""
    have = Counter(hand_kinds)
    return [combo for combo in combinations_with_replacement(sorted(have), n)
            if all(have[k] >= c for k, c in Counter(combo).items())]


def oil_sets(spendable: list[int], n: int) -> list[int]:
    """How much oil tank 1 can give (the rest from tank 2) to pay ``n`` oil."""
    return [k for k in range(n + 1) if k <= spendable[0] and n - k <= spendable[1]]


def card_words(names: dict[str, str], combo: tuple[str, ...]) -> str:
    """"2 cards: Combi + Forward", "5 cards: 2 Right + Combi + Forward + Left" for a set of card kinds."""
    counts = Counter(combo)
    parts = [f"{c} {names[k]}" if c > 1 else names[k]
             for k, c in sorted(counts.items(), key=lambda kc: (-kc[1], names[kc[0]]))]
    return f"{len(combo)} card{'s' * (len(combo) > 1)}: " + " + ".join(parts)


def oil_words(k: int, n: int) -> str:
    """"2 oil from tank 1", "1 oil from tank 1 and 1 from tank 2"."""
    if k == n:
        return f"{n} oil from tank 1"
    if k == 0:
        return f"{n} oil from tank 2"
    return f"{k} oil from tank 1 and {n - k} from tank 2"
