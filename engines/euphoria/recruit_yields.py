"""Recruits that react to yields, tunnels and markets: commodity areas, digging, sites, built and visited markets."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Game

from .queue import push
from .tableau import change_knowledge, change_morale, data, gain, name, occupants
from .triggers import Answer, offer, when

Ctx = dict[str, Any]


def _most_pips(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: Ctx) -> None:
    """EU-RECRUIT-04: strict highest only."""
    space, die = ctx["space"], ctx["die"]
    mine = player_pips(g, pid, die)
    others = [g.g["players"][o]["dice"][i]["pips"] for o, i in occupants(g, space) if (o, i) != (pid, die)]
    if prm["area"] == ctx["area"] and all(mine > x for x in others):
        push(g, {"effect": "bonus", "pid": pid, "good": prm["good"], "alt": prm["alt"]})


def player_pips(g: Game, pid: int, die: int) -> int:
    """Pips of one of ``pid``'s dice."""
    return g.g["players"][pid]["dice"][die]["pips"]


def _aquifer(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: Ctx) -> None:
    if ctx["area"] == "subterra":
        push(g, {"effect": "bonus", "pid": pid, "good": "water", "alt": "morale"})


def _area_ask(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: Ctx) -> None:
    if prm["area"] == ctx["area"]:
        push(g, {"effect": "ask", "pid": pid, "recruit": rid})


def _full_yield(g: Game, pid: int, ctx: Ctx) -> bool:
    return ctx["got"] == max(row["goods"] for row in data(g).production)  # Joseph the Antiquer: "2 commodities"


def _double_yield(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: Ctx) -> None:
    if _full_yield(g, pid, ctx):
        push(g, {"effect": "ask", "pid": pid, "recruit": rid, "good": ctx["good"], "n": ctx["got"]})


def _yielded(g: Game, pid: int, ctx: Ctx) -> bool:
    return ctx["got"] >= 1


def _farm_sacrifice(part: str) -> Answer:
    def answer(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: Ctx) -> None:
        if ctx["area"] == "wastelands":
            push(g, {"effect": "ask", "pid": pid, "recruit": rid, "die": ctx["die"], "space": ctx["space"],
                     "part": part})
    return answer


def _area_extra(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: Ctx) -> None:
    if prm["area"] == ctx["area"]:
        gain(g, pid, prm["good"])
        g.log(f"{name(pid, g)} also takes 1 {prm['good']} (recruit).")


def _crowded_farm(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: Ctx) -> None:
    if ctx["area"] == "wastelands" and len({o for o, _ in occupants(g, ctx["space"]) if o != pid}) >= 2:
        push(g, {"effect": "artifact", "pid": pid})


def _royalty(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: Ctx) -> None:
    gain(g, pid, ctx["resource"])
    g.log(f"{name(pid, g)} takes 1 {ctx['resource']} (Youssef the Tunneler).")


def _dig_extra(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: Ctx) -> None:
    if prm["tunnel"] == ctx["area"]:
        push(g, {"effect": "ask", "pid": pid, "recruit": rid, "tunnel": ctx["area"]})


def _built_mood(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: Ctx) -> None:
    if len(ctx["builders"]) > 1:
        change_morale(g, pid, prm["morale"])
    else:
        change_knowledge(g, pid, prm["knowledge"])


def _artifact(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: Ctx) -> None:
    push(g, {"effect": "artifact", "pid": pid})


def _visit_bonus(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: Ctx) -> None:
    if prm["area"] == ctx["area"]:
        push(g, {"effect": "artifact", "pid": pid}, {"effect": "choose_good", "pid": pid, "kind": "resource"})


ABILITIES: dict[str, dict[str, Answer]] = {
    "most_pips_bonus": {"produced": _most_pips},
    "aquifer_choice": {"produced": _aquifer},
    "area_knowledge_for_artifact": {"produced": _area_ask},
    "double_yield_artifact": {"produced": _double_yield},
    "yield_for_knowledge": {"produced": when(_yielded, offer("good"))},
    "commodity_to_resource": {"produced": when(_yielded, offer("good")), "yielded": when(_yielded, offer("good"))},
    "area_swap": {"produced": offer()},  # Ha-Joon: after the placement, whatever it yielded
    "area_trade": {"produced": when(lambda g, pid, ctx: ctx["area"] == "icarus", offer())},
    "cannibal": {"produced": _farm_sacrifice("farm_sacrifice")},  # Pete the Cannibal, second part
    "area_extra": {"produced": _area_extra},
    "crowded_farm_artifact": {"produced": _crowded_farm},
    "tunnel_royalty": {"tunnel_dug_by_other": _royalty},
    "tunnel_knowledge_for_resource": {"tunnel_dug": offer("resource")},
    "tunnel_dig_extra": {"tunnel_dug": _dig_extra},
    "tunnel_sacrifice": {"tunnel_dug": offer("die", "space", "resource")},
    "site_knowledge_for_artifact": {"site_placed": offer()},
    "built_market_mood": {"market_built": _built_mood},
    "built_market_artifact": {"market_built": _artifact},
    "visit_area_bonus": {"market_visited": _visit_bonus},
    "visit_peek_artifacts": {"market_visited": offer()},
}
"""Answers by recruit effect name."""
