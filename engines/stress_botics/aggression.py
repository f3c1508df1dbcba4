"""AlphaBot under threat (rules version 2): its shield track and zones, the Aggressive AI deck's reveals
(the cards are played out in ``aggressive_cards``), its attack, running over Cylindroids and Boxes, and its
tile sides
(SB-ALPHA-02, 03, 05, 07..12, 21..23, 25, 33, 34; SB-P5-CYL-10; SB-P1-EVENT-25).

Shields here are the Titanium on the shield track (``alphabot.shields``); ``alphabot.hit`` counts the
shields lost since the last reaction check, ``alphabot.deferred`` is set while a Standard card resolves
(its single Aggressive reveal comes after it, SB-ALPHA-02).
"""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects
from engines.core.effects import Handler

from . import elite, threats
from .piles import draw_rebuilt
from .planet import TOP
from .stress import damage, everyone, player
from .tanks import alphabot_add as tank_add
from .words import square as square_words

ACTOR = "alphabot"
WORDS = {
    "G01": "it attacks everything around it", "G02": "it attacks everything around it",
    "G03": "BetaBots in its hull lose 3 shields", "G04": "BetaBots on top of it lose 2 shields and are thrown off",
    "G05": "it jumps back to the Entry, or attacks if it is there", "G06": "it moves 1, then attacks",
    "G07": "BetaBots in its Main Vault gain 2 stress", "G08": "BetaBots on top of it lose their first battery to it",
    "G09": "it slams the Hatch shut; BetaBots on the Hatch lose 2 shields",
    "G10": "it turns counterclockwise, then attacks",
}
"""Each Aggressive AI card in a player's words (the data's text names rule IDs)."""


def ab(g: Game) -> dict[str, Any]:
    return g.g["alphabot"]


def zone(shields: int) -> int:
    """The zone (1-4) of the topmost shield (SB-ALPHA-08); 4 with none left."""
    for i, z in enumerate(track_zones(), start=1):
        if shields >= min(z):
            return i
    return 4


def track_zones() -> list[list[int]]:
    return [[8, 9, 10], [5, 6, 7], [2, 3, 4], [1]]


def lose(g: Game, n: int, cause: str) -> int:
    """AlphaBot loses ``n`` shields, one at a time: a Ti battery beside the topmost shield's zone absorbs
    the hit, otherwise that Titanium goes into its tank; losing the last shield costs every BetaBot 5
    stress and AlphaBot regains 4 (SB-ALPHA-09/10/34). Returns the shields actually lost."""
    a = ab(g)
    data = g.data["alphabot"]["shield_track"]
    lost = 0
    for _ in range(n):
        if a["shields"] <= 0:
            break
        space = 5 - zone(a["shields"])
        if a.get("ti_track", 0) >= space:
            a["ti_track"] -= 1  # SB-ALPHA-09: the battery goes to the supply instead
            continue
        a["shields"] -= 1
        a["tank"]["Ti"] = a["tank"].get("Ti", 0) + 1
        lost += 1
        if a["shields"] == 0:
            g.log("AlphaBot loses its last shield: every BetaBot gains 5 stress, then it regains 4 shields.")
            everyone(g, data["z4_stress"])
            a["shields"] = data["z4_regain"]
    if lost:
        a["hit"] = a.get("hit", 0) + lost
        g.log(f"AlphaBot loses {lost} shield{'s' if lost > 1 else ''} ({cause}); {a['shields']} left.")
    return lost


def react(g: Game) -> None:
    """After a hit outside a Standard card: reveal an Aggressive card if the marker is above 0, queued
    in front so its pushes are asked first (SB-ALPHA-05, SB-MINE-17, SB-P1-EVENT-25)."""
    a = ab(g)
    a["hit"] = 0
    if a.get("deferred"):
        a["deferred_hit"] = True
        return
    if a["ai"] > 0 and a["mv"]:
        effects.push_front(g, effects.effect("aggressive", ACTOR))


def card_info(g: Game, card: str) -> dict[str, Any]:
    """An Aggressive AI card's data (spec 4.15)."""
    return next(c for c in g.data["alphabot"]["aggressive_ai"] if c["id"] == card)


def reveal(g: Game) -> str | None:
    """The top Aggressive card (deck rebuilt from its discard when empty, SB-ALPHA-06), AI marker −1;
    None while the marker is at 0 (SB-ALPHA-04/05)."""
    a = ab(g)
    if a["ai"] <= 0 or not a["mv"]:
        return None
    a["ai"] -= 1
    card = draw_rebuilt(g, g.g["aggressive"])
    info = card_info(g, card)
    g.log(f"AlphaBot turns aggressive: {info['name']} ({WORDS[card]}).")
    return card


def riders(g: Game, hull: bool, top: bool) -> list[int]:
    """BetaBots on top of AlphaBot and/or in its hull (the hull is stage 4: square ``HULL``)."""
    node = f"MV{ab(g)['mv']}"
    wanted = ({TOP} if top else set()) | ({"HULL"} if hull else set())
    return [s for s in g.g["order"] if player(g, s)["mini"] == node and player(g, s)["square"] in wanted]


def attack(g: Game) -> None:
    """AlphaBot's attack: BetaBots on its square (on top of it too, not in the hull) and adjacent lose 2;
    Cylindroids adjacent go to the bag, each armed Explosive among them costs AlphaBot 1 shield and a
    reveal; the Elite next to it loses 1 (SB-ALPHA-07, SB-ELITE-08)."""
    a = ab(g)
    here = a["square"]
    near = set(g.data.squares[here]["adjacent"])
    g.log("AlphaBot attacks everything around it.")
    dmg = g.data["alphabot"]["attack"]
    for seat in threats.mv_targets(g) + riders(g, hull=False, top=True):
        if player(g, seat)["square"] in near | {here, TOP}:
            damage(g, seat, dmg["betabot_damage"])
    if elite.HATCH in near:
        elite.hurt(g, "alphabot", dmg["elite_damage"])  # SB-ALPHA-07, SB-ELITE-08
    armed = 0
    for sq in threats.COMBAT:
        if sq in near and g.g["cyl"][sq]:
            armed += g.g["cyl"][sq].count(threats.ARMED)
            threats.to_bag(g, g.g["cyl"][sq])
            g.g["cyl"][sq] = []
    for _ in range(armed):
        if lose(g, dmg["armed_explosive_self_damage"], "an Explosive blows up under its attack"):
            react(g)


def run_over(g: Game, square: str) -> None:
    """AlphaBot enters ``square``: Cylindroids there go to the bag, disarmed ones giving their scrap yield
    to its tank; an armed Explosive costs it 2 shields, hurts and pushes the BetaBots there and calls for a
    reveal; Boxes go to the supply (SB-ALPHA-21/22/23)."""
    if square not in g.g["cyl"]:
        return
    cyls = g.g["cyl"][square]
    g.g["boxes"].pop(square, None)
    if not cyls:
        return
    g.g["cyl"][square] = []
    threats.to_bag(g, cyls)
    yields = {t["id"]: t["scrap"] for t in g.data["cylindroids"]["types"]}
    for cyl in cyls:
        if cyl != threats.ARMED:
            tank_add(g, yields[threats.kind(cyl)])
    g.log(f"AlphaBot runs over {', '.join(threats.name(c) for c in cyls)} on {square_words(square)}.")
    for _ in range(cyls.count(threats.ARMED)):
        for seat in threats.betabots_on(g, square):
            damage(g, seat, g.data["rules"]["damage"]["pushed_from_armed_explosive_square"])
        if lose(g, g.data["rules"]["damage"]["alphabot_runs_over_armed_explosive"], "an armed Explosive"):
            react(g)


def hatch_damage(g: Game, token: dict[str, Any]) -> None:
    """AlphaBot on a token that opens or is open takes its damage, then a reveal (SB-ALPHA-25,
    SB-P1-EVENT-25, AMB-40)."""
    hurts = token.get("damage") and not token.get("shield_protection")
    if hurts and lose(g, token["damage"], "the open Hatch"):
        react(g)


def status(g: Game) -> None:
    """End of Phase 5: Server side A with ≥2 shields, else B; Control side A with ≥5, else B
    (SB-ALPHA-10/11)."""
    a = ab(g)
    data = g.data["alphabot"]["shield_track"]
    server = "A" if a["shields"] >= data["server_a_at"] else "B"
    control = "A" if a["shields"] >= data["control_a_at"] else "B"
    if (server, control) != (a["server"], a["control"]):
        g.log(f"AlphaBot's tiles: Control side {control}, Server side {server}.")
    a["server"], a["control"] = server, control


EFFECTS = {
    "alphabot_status": Handler(run=lambda g, item: status(g)),
}
"""AlphaBot's queued aggression (owner ``alphabot``)."""
