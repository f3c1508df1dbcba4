"""Decks that rebuild themselves: an empty draw pile is its discard pile, sorted and shuffled (AMB-15)."""

from __future__ import annotations

from typing import Any

from engines.core import Game


def draw_rebuilt(g: Game, pile: dict[str, Any]) -> str:
    """The top card of ``pile["deck"]``, which goes onto ``pile["discard"]``; an empty deck is rebuilt first."""
    if not pile["deck"]:
        pile["deck"] = sorted(pile["discard"])
        pile["discard"] = []
        g.rng.shuffle(pile["deck"])
    card = g.draw(pile["deck"])[0]
    pile["discard"].append(card)
    return card
