"""The SCRAP bot's setup choices: where its Ship lands and how its starting Bots split between the two Areas."""

from __future__ import annotations

import random

from engines.core import Action, Game

from . import board
from . import bot_eval as ev


def ship_spot(g: Game, seat: int, index: int) -> float:
    """A starting Link: beside the richest Areas, away from other Ships (contested Areas cost Bots)."""
    link = list(g.g["links"])[index]
    areas = board.link_areas(g, link)
    rivals = sum(1 for lk in g.g["links"] if board.ship_on(g, lk) not in (None, seat)
                 and set(board.link_areas(g, lk)) & set(areas))
    return sum(ev.area_worth(g, a) for a in areas) - 3 * rivals


def place_ship(g: Game, seat: int, legal: list[Action], rnd: random.Random) -> Action:
    """Land the Ship on the Link scoring best (see :func:`ship_spot`)."""
    top = max(ship_spot(g, seat, a.args[0]) for a in legal)
    return rnd.choice([a for a in legal if ship_spot(g, seat, a.args[0]) == top])


def place_bots(g: Game, seat: int, legal: list[Action], rnd: random.Random) -> Action:
    """Split the starting Bots so both Areas beside the Ship are held, the richer one more strongly."""
    size = g.frame["sizes"][0]
    intel = g.data.intelligences[g.g["intel"][str(seat)]]
    strength = intel.bot(size).strength
    start = max(a.args[0] for a in legal)
    first, second = board.ship_areas(g, seat)

    def held(area: str, count: int) -> float:
        mine = sum(intel.bot(b["size"]).strength for b in g.g["bots"].values()
                   if b["owner"] == seat and b["at"] == area) + count * strength
        theirs = max((sum(board.strength(g, b) for b in g.g["bots"].values() if b["owner"] == s and b["at"] == area)
                      for s in range(g.seats) if s != seat), default=0)
        return (3 + ev.area_worth(g, area)) * (mine > theirs) + 0.1 * ev.area_worth(g, area) * count

    def score(a: Action) -> float:
        k = a.args[0]
        return held(first, k) + held(second, start - k)
    top = max(score(a) for a in legal)
    return rnd.choice([a for a in legal if score(a) == top])
