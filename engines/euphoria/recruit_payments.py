"""Recruits that change what things cost or how they are paid (answers to the payment queries).

Brian pays food for bliss (WA12); the wild-card recruits (EU16, EU17, WA18, WA21, SU20, SU24); Ahmed's bazaar
discount (IC14); Mosi, Jacko and Shaheena at artifact markets (IC22, WA03, SU17); alternative space costs
(Gary IC18, Mwiche SU19, Matthew IC07, Josh IC04, Chaga EU20); free tunnels (Davaa FL05); construction sites
(Michael EU05, Jon EU13, Flartner WA01, Doug EU14); the penalty bribes (Lieve IC13, Lionel WA17).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Game

from .artifacts import others
from .queue import Op, Token, push_front
from .tableau import change_knowledge, change_morale, data, dice_left, name, payable, player, recruit_effects
from .triggers import Answer, Reply, Way

Ctx = dict[str, Any]
Params = Mapping[str, Any]


# -- stand-in goods and wild cards ----------------------------------------------------------------
def _stands_in(g: Game, pid: int, rid: str, prm: Params, value: tuple, ctx: Ctx) -> tuple:
    """Brian the Viticulturist pays food wherever bliss is required."""
    return (*value, prm["good"]) if ctx["good"] == prm["instead_of"] else value


def _wild(g: Game, pid: int, rid: str, prm: Params, value: frozenset, ctx: Ctx) -> frozenset:
    return value | {prm["type"].lower().replace(" ", "_")}


def _spend_bonus(g: Game, pid: int, rid: str, prm: Params, ctx: Ctx) -> None:
    """Javier the Underground Librarian: each Book spent gives 1 resource."""
    if prm.get("spend_bonus") and ctx["card"] == prm["type"].lower():
        push_front(g, {"effect": "choose_good", "pid": pid, "kind": prm["spend_bonus"]})


# -- the bazaar and artifact markets -----------------------------------------------------------------
def _mosi(g: Game, pid: int, rid: str, prm: Params, value: list, ctx: Ctx) -> list:
    if player(g, pid)["artifacts"] and payable(g, pid, "bliss") >= prm["bliss"] and "mosi" not in value:
        return [*value, "mosi"]
    return value


def _mosi_pick(g: Game, op: Op, token: Token) -> None:
    pid = op["pid"]
    n = recruit_effects(g, pid, "artmarket_bliss_payment")[0][1]["bliss"]
    push_front(g, *({"effect": "pay", "pid": pid, "unit": "bliss"} for _ in range(n)),
               {"effect": "spend_artifact", "pid": pid})


def _jacko(g: Game, pid: int, rid: str, prm: Params, value: list, ctx: Ctx) -> list:
    if len(player(g, pid)["artifacts"]) >= prm["artifacts"] and "jacko" not in value:
        return [*value, "jacko"]
    return value


def _jacko_pick(g: Game, op: Op, token: Token) -> None:
    pid = op["pid"]
    n = recruit_effects(g, pid, "artmarket_single")[0][1]["artifacts"]
    push_front(g, *({"effect": "spend_artifact", "pid": pid} for _ in range(n)),
               *({"effect": "artifact", "pid": o} for o in others(g, pid)))
    g.log(f"{name(pid, g)} hands in just {n} artifact; every other player takes one (Jacko the Archivist).")


def _three_goods(g: Game, pid: int, rid: str, prm: Params, ctx: Ctx) -> None:
    """Shaheena the Digger: three artifacts (not a pair) at an artifact market give a resource and a commodity."""
    push_front(g, {"effect": "choose_good", "pid": pid, "kind": "resource"},
               {"effect": "choose_good", "pid": pid, "kind": "commodity"})


# -- spaces -----------------------------------------------------------------------------------------
def _gary(g: Game, pid: int, rid: str, prm: Params, value: dict, ctx: Ctx) -> dict:
    if ctx["space"].kind == "tank":
        value["bliss"] = {"cost": {"bliss": prm["n"]}, "recruit": rid}
    return value


def _mwiche(g: Game, pid: int, rid: str, prm: Params, value: dict, ctx: Ctx) -> dict:
    if ctx["space"].kind == "tunnel":
        value["water"] = {"cost": {"water": prm["water"]}, "recruit": rid, "morale": prm["morale"], "both": True}
    return value


def _matthew(g: Game, pid: int, rid: str, prm: Params, value: dict, ctx: Ctx) -> dict:
    k = player(g, pid)["knowledge"] + prm["knowledge"]
    if ctx["space"].kind == "tunnel" and ctx["bumps_other"] and k <= data(g).c["knowledge"]["max"]:
        value["knowledge"] = {"cost": {}, "recruit": rid, "knowledge": prm["knowledge"]}
    return value


def _josh(g: Game, pid: int, rid: str, prm: Params, value: dict, ctx: Ctx) -> dict:
    cost = ctx["cost"]
    unit = next((r for r in (*data(g).c["resources"], "resource") if cost.get(r)), None)
    if ctx["space"].kind == "market" and unit:
        alt = dict(cost)
        alt[unit] -= 1
        alt["bliss"] = alt.get("bliss", 0) + prm["bliss"]
        value["bliss"] = {"cost": alt, "recruit": rid}
    return value


def _chaga(g: Game, pid: int, rid: str, prm: Params, value: dict, ctx: Ctx) -> dict:
    cost = ctx["cost"]
    arts = {k: n for k, n in cost.items() if k in data(g).artifact_types or k == "artifact"}
    if ctx["space"].kind == "market" and arts:
        alt = {k: n for k, n in cost.items() if k not in arts}
        alt["commodity"] = alt.get("commodity", 0) + prm["commodities"]
        value["commodities"] = {"cost": alt, "recruit": rid}
    return value


def _free_tunnel(g: Game, pid: int, rid: str, prm: Params, value: dict, ctx: Ctx) -> dict:
    return {} if ctx["space"].kind == "tunnel" else value


def _bribe(g: Game, pid: int, rid: str, prm: Params, value: Any, ctx: Ctx) -> Any:
    return value if value is not None or payable(g, pid, prm["good"]) < prm["n"] else (rid, prm)


# -- construction sites -----------------------------------------------------------------------------
def _michael(g: Game, pid: int, rid: str, prm: Params, value: list, ctx: Ctx) -> list:
    goods = player(g, pid)["goods"]
    return [*value, *(r for r in data(g).c["resources"] if r != ctx["printed"] and goods[r] > 0)]


def _michael_gold(g: Game, pid: int, rid: str, prm: Params, ctx: Ctx) -> None:
    """Michael the Engineer: paying gold on a site also gives +1 morale and +1 knowledge."""
    if ctx["good"] == "gold":
        change_morale(g, pid, 1)
        change_knowledge(g, pid, 1)


def _jon(g: Game, pid: int, rid: str, prm: Params, value: list, ctx: Ctx) -> list:
    goods = player(g, pid)["goods"]
    held = sum(goods[c] for c in data(g).c["commodities"])
    return [*value, "commodities"] if held >= prm["n"] and "commodities" not in value else value


def _jon_pick(g: Game, op: Op, token: Token) -> None:
    pid = op["pid"]
    n = recruit_effects(g, pid, "site_commodities")[0][1]["n"]
    push_front(g, *({"effect": "pay", "pid": pid, "unit": "commodity"} for _ in range(n)))


def _flartner(g: Game, pid: int, rid: str, prm: Params, value: list, ctx: Ctx) -> list:
    return [*value, "artifact"] if player(g, pid)["artifacts"] else value


def _flartner_pick(g: Game, op: Op, token: Token) -> None:
    change_morale(g, op["pid"], 1)
    push_front(g, {"effect": "spend_artifact", "pid": op["pid"]})


def _doug(g: Game, pid: int, rid: str, prm: Params, value: list, ctx: Ctx) -> list:
    """Doug the Builder, never the last worker (EU-RECRUIT-03, R-17)."""
    return [*value, "sacrifice"] if dice_left(g, pid) >= 2 else value


def _doug_pick(g: Game, op: Op, token: Token) -> None:
    player(g, op["pid"])["dice"][op["die"]]["sac"] = True  # stays on the space; goes to the supply on completion
    g.log(f"{name(op['pid'], g)} sacrifices the worker instead of paying (Doug the Builder).")


def _yes(g: Game, pid: int, rid: str, prm: Params, value: bool, ctx: Ctx) -> bool:
    return True


ABILITIES: dict[str, dict[str, Answer | Reply]] = {
    "food_for_bliss": {"stands_in": _stands_in,
                       "substitute_track": lambda g, pid, rid, prm, value, ctx: prm["track"]},
    "wild_artifact": {"wild_types": _wild, "artifact_spent": _spend_bonus},
    "bazaar_discount": {"bazaar_cost": lambda g, pid, rid, prm, value, ctx: max(0, value - prm["n"])},
    "artmarket_bliss_payment": {"artmarket_payments": _mosi},
    "artmarket_single": {"artmarket_payments": _jacko},
    "three_artifacts_goods": {"artmarket_any_paid": _three_goods},
    "tank_bliss_cost": {"space_payments": _gary},
    "tunnel_water_payment": {"space_payments": _mwiche},
    "bump_tunnel_knowledge_for_cost": {"space_payments": _matthew},
    "market_bliss_for_resource": {"space_payments": _josh},
    "market_commodities_for_artifact": {"space_payments": _chaga},
    "free_tunnels": {"space_cost": _free_tunnel},
    "ignore_penalty_for_cost": {"bribe": _bribe},
    "site_any_resource": {"site_payments": _michael, "pays_sites_otherwise": _yes, "site_paid": _michael_gold},
    "site_commodities": {"site_payments": _jon, "pays_sites_otherwise": _yes},
    "site_artifact": {"site_payments": _flartner, "pays_sites_otherwise": _yes},
    "site_sacrifice": {"site_payments": _doug, "pays_sites_otherwise": _yes},
}
"""Answers and replies by recruit effect name (within a query, in the order the options are listed)."""
WAYS: dict[str, dict[str, Way]] = {
    "artpay": {
        "mosi": Way(label=lambda g, op, t: "Hand in 1 artifact and 2 bliss (Mosi the Patron)", pick=_mosi_pick),
        "jacko": Way(label=lambda g, op, t: "Hand in just 1 artifact; every other player takes 1 (Jacko the Archivist)",
                     pick=_jacko_pick),
    },
    "site_pay": {
        "commodities": Way(label=lambda g, op, t: "Pay 3 commodities (Jon the Amateur Handyman)", pick=_jon_pick),
        "artifact": Way(label=lambda g, op, t: "Pay 1 artifact, +1 morale (Flartner the Luddite)", pick=_flartner_pick),
        "sacrifice": Way(label=lambda g, op, t: "Sacrifice this worker instead (Doug the Builder)", pick=_doug_pick),
    },
}
"""The options these recruits add to the ``artpay`` and ``site_pay`` choices."""
