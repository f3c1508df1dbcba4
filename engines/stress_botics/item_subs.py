"""The item sub-actions of a CONNECT card, as turns.py offers them (``threats.full`` games only):
Produce in an Advanced Items Vault (``items``), Activate an Item (``activate``) and Open a Box (``box``,
boosted only) (SB-CONNECT-05/06/08/11)."""

from __future__ import annotations

from typing import Any

from engines.core import Game

from . import advanced_items, item_effects, items
from .extract import item_yield, side_key, vault_state
from .words import amount, square

SUBS = ("items", "activate", "box")
"""Added to CONNECT's sub-actions; never possible outside a ``threats.full`` game."""
MUST_BOOST = ("box",)
NAMES = {"items": "Buy an Advanced Item", "activate": "Activate an Item", "box": "Open a Box"}
SHORT = {"free": "free boost", "inside": "battery inside", "track": "track battery"}


def extract_alts(g: Game, seat: int) -> list[tuple[str]]:
    """Extract in an Extraction Vault with Pressure Gauge (the pressure 1 lower, as it is, or 1 higher) or Drill
    Amplifier (which type gets the +1): ``("level.type",)`` each, most units first; none without a choice
    (spec 4.12 AD-A2, 4.13 AB16)."""
    state = vault_state(g, seat)
    tile = g.data.vaults[state["tile"]] if state else None
    if tile is None or tile["kind"] != "extract" or state.get("cylindroids"):
        return []
    gauge, drill = items.passive(g, seat, "extract_pressure_shift"), items.passive(g, seat, "extract_bonus_unit")
    if not gauge and not drill:
        return []
    yields, now = tile[side_key(state)]["yield"], g.g["pressure"]
    levels = [lv for lv in (now - 1, now, now + 1) if 0 <= lv < len(yields)] if gauge else [now]
    out = [(f"{lv}.{t}",) for lv in levels for t in ((list(yields[lv]) or [""]) if drill else [""])]
    out.sort(key=lambda a: -sum(extract_option(g, seat, a[0]).values()))
    return out if len(out) > 1 else []


def extract_option(g: Game, seat: int, token: str) -> dict[str, int]:
    """One Extract's yield for an alternative of :func:`extract_alts`."""
    level, extra = token.split(".")
    state = vault_state(g, seat) or {}
    yields = g.data.vaults[state["tile"]][side_key(state)]["yield"]
    return item_yield(g, seat, yields, int(level), extra)


def needs_boost(g: Game, seat: int, sub: str) -> bool:
    """Open a Box always; a purchase that only the boosted choices make affordable (SB-P3-ACT-04)."""
    return sub in MUST_BOOST or (sub == "items" and not advanced_items.buys(g, seat, False))


def possible(g: Game, seat: int, sub: str) -> bool:
    return bool(alts(g, seat, sub))


def alts(g: Game, seat: int, sub: str) -> list[tuple[Any, ...]]:
    """The alternatives of one sub-action: the item's extension, the Box's square, or none."""
    if sub == "items":
        return [()] if advanced_items.can_shop(g, seat) else []
    if sub == "activate":
        return [(x,) for x in item_effects.activatable(g, seat)] if items.visible(g, seat) else []
    return [(sq,) for sq in advanced_items.box_squares(g, seat)]


def perform(g: Game, seat: int, sub: str, boost: str, alt: Any, slot: str) -> None:
    """Start the sub-action above the card's Keep prompt."""
    boosted = boost != "none"
    if sub == "items":
        g.call("shop", seat=seat, boosted=boosted, refreshed=False)
    elif sub == "activate":
        item_effects.start(g, seat, str(alt), 2 if boosted else 1, slot)
    else:
        advanced_items.open_box(g, seat, str(alt))


def label(g: Game, seat: int, sub: str, boost: str, alt: Any, boost_words: str) -> str:
    if sub == "extract":
        level = str(alt).split(".")[0]
        twice = "" if boost == "none" else " twice"
        return f"Extract {amount(g, extract_option(g, seat, str(alt)))}{twice} (as at pressure {level}){boost_words}"
    if sub == "activate":
        what = items.name(g, items.visible(g, seat)[str(alt)])
        return f"Activate {what}" + (" twice" if boost != "none" else "") + boost_words
    if sub == "box":
        return f"Open the Box on {square(str(alt))}{boost_words}"
    if boost == "none":
        return NAMES[sub]
    how = "Common Tank or Box Item" if advanced_items.small(g) else "with the Common Tank"
    return f"{NAMES[sub]}, boosted: {how} ({SHORT[boost]})"
