"""Solo: salvaging DeltaBot's wreck and unlocking its parts (SB-SOLO-20/21, SB-EX-24).

Two CONNECT sub-actions of your BetaBot: ``salvage`` (boosted, at the wreck's location) turns DeltaBot's
board over; then each ``unlock`` pays for one part of side B. Part 1 gives your BetaBot DeltaBot's main tank
as its tank "0" and slot "0" (kept from that tank); part 2 its extension (with any items) as an extension
of yours; part 3 its Battery Producer's spaces (Bm+Ex or Bm+Bm, outside the limit of 2 replications); part
4 its Delivery Marker, if it is still on its board.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from engines.core import Game

from .batteries import update_ai
from .robots import DELTA, called, delta, solo
from .sheets import DELTA_TANK
from .stress import change_stress, player
from .tanks import holdings, take_one
from .words import amount

SUBS = ("salvage", "unlock")
NAMES = {"salvage": "Salvage DeltaBot's wreck", "unlock": "Unlock a part of DeltaBot"}
MUST_BOOST = ("salvage",)
"""SB-P3-ACT-08: the salvage CONNECT must be boosted."""
PART_WORDS = {"P1": "its main tank and slot 0", "P2": "its extension and items", "P3": "its Battery Producer",
              "P4": "its Delivery Marker"}


def _parts(g: Game) -> list[dict[str, Any]]:
    return g.data["deltabot"]["unlockable_parts"]


def possible(g: Game, seat: int, sub: str) -> bool:
    """Salvage at the wreck's location; unlock once salvaged, a part still locked and paid for."""
    d = delta(g)
    if d is None or seat != 0 or not d["exploded"]:
        return False
    if sub == "salvage":
        return not d["salvaged"] and player(g, 0)["mini"] == d["mini"]
    return d["salvaged"] and bool(alts(g, seat, sub))


def _payments(g: Game, part: dict[str, Any]) -> list[tuple[str, ...]]:
    """Ways to pay a part: the fixed resources, then a choice of basic resource and of batteries."""
    p = player(g, 0)
    held = holdings(p)
    cost = part["cost"]
    fixed = {r: n for r, n in cost.items() if r not in ("basic", "battery")}
    if any(held.get(r, 0) < n for r, n in fixed.items()):
        return []
    basics = [r for r in g.data["vaults"]["resources"]["basic"] if held.get(r, 0) > fixed.get(r, 0)]
    basic_picks: list[tuple[str, ...]] = [(b,) for b in basics] if cost.get("basic") else [()]
    n = cost.get("battery", 0)
    kinds = sorted(set(p["track"]))
    battery_picks = [c for c in combinations_with_replacement(kinds, n)
                     if all(p["track"].count(k) >= c.count(k) for k in c)] if n else [()]
    return [b + c for b in basic_picks for c in battery_picks]


def alts(g: Game, seat: int, sub: str) -> list[tuple[Any, ...]]:
    """Salvage has one option; unlock one per locked part and way to pay (``("P2", "C", "bTi")``)."""
    if sub == "salvage":
        return [()]
    d = delta(g) or {}
    out: list[tuple[Any, ...]] = []
    for part in _parts(g):
        if part["id"] in d.get("unlocked", []) or (part["id"] == "P4" and not d.get("markers")):
            continue
        out += [(part["id"], *pay) for pay in _payments(g, part)]
    return out


def label(g: Game, sub: str, alt: tuple[Any, ...], boost_words: str) -> str:
    """The button text of one salvage or unlock option."""
    if sub == "salvage":
        return f"{NAMES[sub]}: turn its board over{boost_words}"
    part = next(x for x in _parts(g) if x["id"] == alt[0])
    paid = {r: n for r, n in part["cost"].items() if r not in ("basic", "battery")}
    for code in alt[1:]:
        paid[code] = paid.get(code, 0) + 1
    stress = f" and +{part['stress']} stress" if part["stress"] else ""
    return f"Unlock {PART_WORDS[part['id']]}: pay {amount(g, paid)}{stress}{boost_words}"


def perform(g: Game, seat: int, sub: str, alt: tuple[Any, ...]) -> None:
    """Salvage the wreck, or pay for and unlock one part (SB-SOLO-20/21)."""
    d = delta(g)
    assert d is not None
    if sub == "salvage":
        d["salvaged"] = True
        d["status"] = "salvaged"
        g.log(f"{called(g, 0)} salvages {called(g, DELTA)}'s wreck: its board turns over.")
        return
    part = next(x for x in _parts(g) if x["id"] == alt[0])
    p = player(g, 0)
    for res, n in part["cost"].items():
        if res not in ("basic", "battery"):
            for _ in range(n):
                take_one(p, res)
    for code in alt[1:]:
        if code in p["track"]:
            p["track"].reverse()
            p["track"].remove(code)  # the battery furthest from the Active space
            p["track"].reverse()
            update_ai(g, p)
        else:
            take_one(p, code)
    if part["stress"]:
        change_stress(g, 0, part["stress"])
    d["unlocked"].append(part["id"])
    _unlock(g, part["id"], p, d)
    g.log(f"{called(g, 0)} unlocks {called(g, DELTA)}'s {PART_WORDS[part['id']].removeprefix('its ')}.")


def _unlock(g: Game, part: str, p: dict[str, Any], d: dict[str, Any]) -> None:
    if part == "P1":
        p["tanks"][DELTA_TANK] = {}
    elif part == "P2":
        p.setdefault("ext", {})["X5"] = list((d.get("ext") or {}).get("X1", []))
        p.setdefault("store", {})["X5"] = dict((d.get("store") or {}).get("X1", {}))
        if d.get("ext"):
            d["ext"]["X1"] = []
    elif part == "P3":
        p["delta_producer"] = [None] * g.data["deltabot"]["battery_producer"]["spaces"]
    elif part == "P4":
        p["markers"] += d["markers"]
        d["markers"] = 0


def unlocked(g: Game, part: str) -> bool:
    """Has your BetaBot unlocked ``part`` of DeltaBot's board (solo only)?"""
    d = delta(g)
    return solo(g) and d is not None and part in d.get("unlocked", [])
