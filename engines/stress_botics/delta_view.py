"""What the table sees of DeltaBot in a solo game: its board's own parts, the Solo Final Objective and the
win line (SB-SOLO-04, SB-SOLO-18..22, AMB-57)."""

from __future__ import annotations

from typing import Any

from engines.core import Game

from .objectives import solo_final
from .robots import DELTA_NAME, delta, solo
from .words import card as card_words

PARTS = {"P1": "main tank and slot 0", "P2": "extension and items", "P3": "Battery Producer",
         "P4": "Delivery Marker"}
"""The unlockable parts of DeltaBot's side B in words (SB-SOLO-21)."""


def board_extras(g: Game, p: dict[str, Any]) -> dict[str, Any]:
    """DeltaBot's entry additions: its name, AI tile, additional tiles, and the wreck and salvage state."""
    out: dict[str, Any] = {"name": DELTA_NAME, "deltabot": True, "ai_tile": p["ai"], "tiles": p["tiles"],
                           "status": "A" if p["status"] == "normal" else "destroyed"}
    if p["exploded"]:
        out["wreck"] = "salvaged" if p["salvaged"] else "a wreck"
        out["unlocked"] = [PARTS[x] for x in p["unlocked"]]
    return out


def solo_view(g: Game) -> dict[str, Any] | None:
    """The solo line of the table: the Solo Final Objective (public in the rulebook's setup) and the win
    threshold; None in a multiplayer game."""
    if not solo(g):
        return None
    card = solo_final(g)
    d = delta(g) or {}
    return {"final_objective": f"{card['text']} (±{card['amount']})", "win_at": g.options["solo_win_threshold"],
            "deltabot": "exploded" if d.get("exploded") else "running"}


def deltabot_programmed(g: Game) -> list[str]:
    """DeltaBot's programmed cards, for the solo player's private view."""
    return [card_words(g, c) for c in g.g["programmed"]["1"]]
