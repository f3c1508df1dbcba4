"""Recruits that react to a star: Curtis, Maria, Chuck, Flavio, Brett, High General Baron, Dr. Nakagawa, Esme."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Game

from .queue import push
from .tableau import change_knowledge, change_morale, player
from .triggers import Answer, offer, when


def _artmarket(ctx: dict[str, Any]) -> bool:
    return ctx["location"].startswith("artmarket:")


def _knowledge_drop(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: dict[str, Any]) -> None:
    change_knowledge(g, pid, -prm["n"])


def _artmarket_morale(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: dict[str, Any]) -> None:
    if _artmarket(ctx):
        change_morale(g, pid, prm["n"])


def _artmarket_goods(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: dict[str, Any]) -> None:
    if _artmarket(ctx):
        push(g, {"effect": "choose_good", "pid": pid, "kind": "resource"},
             {"effect": "choose_good", "pid": pid, "kind": "commodity"})


def _market_star(g: Game, pid: int, ctx: dict[str, Any]) -> bool:
    return ctx["location"].split(":")[0] in ("market", "artmarket") and ctx["area"] != "icarus"


def _sacrifice_offer(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: dict[str, Any]) -> None:
    placing = g.g.get("placing")
    if ctx["area"] == "euphoria" and placing and placing["pid"] == pid:
        push(g, {"effect": "ask", "pid": pid, "recruit": rid, "location": ctx["location"], "area": ctx["area"],
                 "die": placing["die"]})


def _esme(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: dict[str, Any]) -> None:
    if player(g, pid)["artifacts"]:
        push(g, {"effect": "esme", "pid": pid, "recruit": rid})


ABILITIES: dict[str, dict[str, Answer]] = {
    "star_knowledge_drop": {"star_placed": _knowledge_drop},
    "artmarket_star_morale": {"star_placed": _artmarket_morale},
    "artmarket_star_goods": {"star_placed": _artmarket_goods},
    "star_knowledge_for_artifact": {"star_offers": when(_market_star, offer())},
    "star_knowledge_for_resource": {"star_offers": when(lambda g, pid, ctx: ctx["area"] == "subterra", offer())},
    "star_pay_extra_star": {
        "star_offers": when(lambda g, pid, ctx: ctx["area"] == "wastelands", offer("location", "area"))},
    "star_sacrifice_extra_star": {"star_offers": _sacrifice_offer},
    "star_discard_artifact": {"star_settled": _esme},
}
"""Answers by recruit effect name."""
