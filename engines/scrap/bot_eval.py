"""What the SCRAP bot reads off the board: Active Strength, the leader, what an Area is worth, Control swings."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from engines.core import Game

from . import board

ENERGY_RESERVE = 2
"""Energy the bot keeps back for Power-Ups and Reinforcing when a choice spends Energy freely."""


def strength_at(g: Game, area: str, seat: int, *, reach: bool = False) -> int:
    """Active Strength of ``seat`` in ``area`` as Control counts it (with ``reach``: also in Areas it can Move in
    from)."""
    here = board.strength_totals(g, area).get(seat, 0)
    if not reach:
        return here
    near = [a for a in g.g["areas"].values() if a != area and area in board.linked(g, a, seat)]
    return here + sum(strength_at(g, a, seat) for a in near)


def enemy_strength(g: Game, area: str, seat: int) -> int:
    """The strongest enemy's Active Strength in ``area``."""
    return max((strength_at(g, area, s) for s in range(g.seats) if s != seat), default=0)


def data(g: Game, seat: int) -> int:
    """The seat's Data."""
    return int(g.g["players"][str(seat)]["data"])


def leader(g: Game, seat: int) -> int | None:
    """The opponent with the most Data (ties to the lower seat)."""
    others = [s for s in range(g.seats) if s != seat]
    return max(others, key=lambda s: (data(g, s), -s)) if others else None


def reward_worth(tree: Any) -> int:
    """A Reward's or Action's rough worth in Data: Data 1:1 (Fragments 2), anything else 1 per part."""
    if not hasattr(tree, "get"):
        return 0
    if "plus" in tree:
        return sum(reward_worth(p) for p in tree["plus"])
    v = tree.get("v") if isinstance(tree.get("v"), int) else 1
    return {"data": v, "fragment": 2 * v}.get(tree.get("op"), 1)


def area_worth(g: Game, area: str) -> int:
    """What Controlling ``area`` is worth now: its uncovered, unused Rewards' worth, +3 for a Relic."""
    used = (g.g.get("turn") or {}).get("used_rewards", [])
    relic = area in g.g["relics"]
    worth = sum(reward_worth(r.effect) for r in g.data.areas[area].rewards
                if r.id not in used and not (r.right_hand and relic))
    return worth + (3 if relic else 0)


def control_swing(g: Game, area: str, seat: int, delta: int) -> int:
    """+1 when ``delta`` more Active Strength wins ``seat`` Control of ``area``, -1 when it loses it, else 0."""
    mine, theirs = strength_at(g, area, seat), enemy_strength(g, area, seat)
    before = board.controller(g, area) == seat
    after = mine + delta > theirs
    return int(after) - int(before)


@contextmanager
def lifted(g: Game, bid: str) -> Iterator[None]:
    """The Bot taken off the map for a look (put back afterwards: the bot never changes the state)."""
    bot = g.g["bots"][bid]
    at = bot["at"]
    bot["at"] = None
    try:
        yield
    finally:
        bot["at"] = at


def breaks_control(g: Game, bid: str) -> bool:
    """Removing (or Stunning) the Bot takes its owner's Control of its Area away."""
    bot = g.g["bots"][bid]
    area = bot["at"]
    if not isinstance(area, str) or area not in g.data.areas or board.controller(g, area) != bot["owner"]:
        return False
    with lifted(g, bid):
        return board.controller(g, area) != bot["owner"]


def reserve_sizes(g: Game, seat: int) -> list[int]:
    """Sizes of the seat's Bots in the Reserve."""
    return sorted({b["size"] for b in g.g["bots"].values() if b["owner"] == seat and b["at"] is None})


def enemy_beside(g: Game, seat: int) -> bool:
    """An enemy Bot shares an Area with one of the seat's Active Bots (a Crush has a target)."""
    mine = {b["at"] for b in g.g["bots"].values() if b["owner"] == seat and board.in_play(b) and not b["stunned"]}
    return any(b["owner"] != seat and b["at"] in mine for b in g.g["bots"].values())


def searchable(g: Game, seat: int) -> int:
    """The worth of the Areas the seat Controls now (what a Search could take)."""
    return sum(area_worth(g, a) for a in g.g["areas"].values() if board.controller(g, a) == seat)
