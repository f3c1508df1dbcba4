"""The bot against the Elite Cylindroid (rules version 3): it attacks the Elite when the reward beside its
Shield Marker is a gain (stress off, resources and batteries) — never into the 1-2p "resolve 2 Elite AI
cards" penalty — with a free boost first; it programs a free-boost MINE card for that when it stands next to
the Hatch, and heads for those squares while it holds one; and it counts the Miner Elite's saw as a danger
on the squares next to the Hatch, the Laser Elite's beam on every square. Pure functions;
they find nothing to do in a game without the Elite."""

from __future__ import annotations

from engines.core import Action, Game

from . import combat, elite
from .bot_threats import free_mines

BOOST_RANK = {"free": 0, "inside": 1, "track": 2}
"""Boost sources by cost: a free boost, then the battery inside, then the track's."""
SAW = 4.5
"""Danger (in the bot's shield-cost units) of ending on a square next to the Miner Elite's Hatch."""
BEAM = 3.0
"""Danger of any Main Vault square while the Laser Elite is on the Hatch (it hits the whole vault)."""
LURE = 20.0
"""Place bonus of a square next to the Elite's Hatch while attacking it pays and a free-boost MINE is at hand."""


def pays(g: Game) -> bool:
    """The next shield's reward helps the attacker (no penalty among it, SB-ELITE-06/07)."""
    return elite.on_hatch(g) and all(op["op"] != "hook" for op in elite.next_reward(g))


def attack(g: Game, legal: list[Action]) -> Action | None:
    """The cheapest boosted Attack on the Elite among ``legal``, when it pays."""
    hits = [a for a in legal if a.verb == "do" and a.args[0] == "attack" and len(a.args) > 2
            and a.args[2] == "elite" and a.args[1] in BOOST_RANK]
    if not hits or not pays(g):
        return None
    return min(hits, key=lambda a: BOOST_RANK[str(a.args[1])])


def mine_card(g: Game, seat: int, slots: dict[str, Action]) -> Action | None:
    """A free-boost MINE card to program while the Elite is within reach and attacking it pays."""
    if not pays(g) or "elite" not in combat.attack_options(g, seat):
        return None
    cards = g.data.cards
    mine = sorted(c for c in slots if cards[c]["type"] == "MINE" and cards[c]["free_boost"])
    return slots[mine[0]] if mine else None


def danger(g: Game, square: str) -> float:
    """The Miner Elite hits the squares next to the Hatch every Phase 5, the Laser Elite every square (spec
    4.16)."""
    e = elite.state(g)
    if not e or not elite.on_hatch(g):
        return 0.0
    if e["side"] == "laser":
        return BEAM
    return SAW if square in g.data.squares[elite.HATCH]["adjacent"] else 0.0


def lure(g: Game, seat: int, square: str | None) -> float:
    """A square next to the Hatch is worth reaching while the Elite's next reward pays and the BetaBot holds a
    free-boost MINE card to attack it with."""
    if not square or square not in g.data.squares[elite.HATCH]["adjacent"] or not pays(g):
        return 0.0
    return LURE if free_mines(g, seat) else 0.0
