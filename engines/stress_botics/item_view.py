"""Items in the table view (``threats.full`` games): the Advanced Items offer, the Box deck's size (never its
order), the Common Tank, and each BetaBot's extensions with their visible and covered cards."""

from __future__ import annotations

from typing import Any

from engines.core import Game

from . import advanced_items, items
from .item_words import effect_words, op_words
from .stress import player
from .words import amount


def card_view(g: Game, card_id: str) -> dict[str, Any]:
    c = items.card(g, card_id)
    return {"name": c["name"], "family": c["family"], "type": c.get("type"), "size": c["size"],
            "cost": advanced_items.cost_words(g, c["cost"]), "vp": c["vp"], "effect": effect_words(g, c)}


def items_view(g: Game) -> dict[str, Any]:
    """The Items & Stress Boy board: the offer, deck sizes and the Common Tank."""
    state = g.g["items"]
    out: dict[str, Any] = {"box_deck": len(state["box"]), "common_tank": amount(g, g.g["common_tank"]),
                           "common_tank_max": amount(g, g.data["boards"]["items_board"]["common_tank"]["max"])}
    if "slots" in state:
        out["slots"] = [card_view(g, c) if c else None for c in state["slots"]]
        out["deck"] = len(state["deck"])
    else:
        out["piles"] = {kind: {"top": card_view(g, top) if top else None,
                               "cards": len(state["piles"][kind]) + bool(top)}
                        for kind, top in state["tops"].items()}
    return out


def player_items(g: Game, seat: int) -> dict[str, Any]:
    """One BetaBot's extensions: the visible top card, the covered cards (they still score), storage."""
    p = player(g, seat)
    exts = {}
    for info in items.extensions(g, p):
        stack = items.stacks(p).get(info["id"], [])
        held = p.get("store", {}).get(info["id"]) or {}
        exts[info["id"]] = {
            "accepts": info["accepts"], "bonus": None if info["id"] in p.get("bonus_used", [])
            else "; ".join(op_words(g, o) for o in info["first_item_bonus"]),
            "top": card_view(g, stack[-1]) if stack else None,
            "covered": [items.name(g, c) for c in stack[:-1]],
            "stored": " + ".join(f"{n} {g.data.res_name(r)}" for r, n in held.items()) or None,
        }
    return {"extensions": exts, "vp": items.equipped_vp(g, seat)}
