"""Recruits that react to workers coming and going: runaways, new workers, retrieval, and gold for Laura."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Game

from .queue import push
from .tableau import change_morale, data
from .triggers import Answer, offer

Ctx = dict[str, Any]


def _runaway_morale(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: Ctx) -> None:
    change_morale(g, pid, prm["n"])


def _runaway_gain(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: Ctx) -> None:
    push(g, {"effect": "choose_good", "pid": pid, "kind": "any"})


def _before_roll(effect: str) -> Answer:
    """Sheppard / Milos: an ability used on the retrieved dice before they are rolled."""
    def answer(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: Ctx) -> None:
        ctx["before"].append({"effect": effect, "pid": pid, "recruit": rid, "dice": ctx["dice"]})
    return answer


def _retrieve_resource(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: Ctx) -> None:
    push(g, *({"effect": "choose_good", "pid": pid, "kind": "resource"} for _ in range(prm["n"])))


def _per_area_worker(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: Ctx) -> None:
    n = sum(1 for s in ctx["spaces"] if data(g).spaces[s].kind == "production")
    push(g, *({"effect": "choose_good", "pid": pid, "kind": "commodity"} for _ in range(n)))


def _from_area(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: Ctx) -> None:
    spaces = ctx["spaces"]
    if spaces and all(data(g).spaces[s].area == prm["area"] for s in spaces):
        push(g, {"effect": "choose_good", "pid": pid, "kind": prm["area"]})


def _laura(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: Ctx) -> None:
    push(g, {"effect": "laura", "pid": pid, "recruit": rid})


ABILITIES: dict[str, dict[str, Answer]] = {
    "runaway_morale": {"worker_ran_away": _runaway_morale},
    "runaway_gain": {"worker_ran_away": _runaway_gain},
    "keep_runaway_for_bliss": {"worker_ran_away": offer("die")},
    "keep_runaway_for_artifact": {"worker_ran_away": offer("die")},
    "keep_runaway_for_bat": {"worker_ran_away": offer("die")},
    "cannibal": {"new_worker": offer(part="new_worker_knowledge_for_artifact")},  # Pete, first part
    "retrieve_sacrifice_bliss": {"new_worker": offer(part="new_worker_morale_for_artifact"),  # Dr. Sheppard
                                 "retrieving": _before_roll("sheppard")},
    "new_worker_spy": {"new_worker": offer()},
    "retrieve_set_one": {"retrieving": _before_roll("milos")},
    "retrieve_resource": {"retrieved": _retrieve_resource},
    "retrieve_commodity_per_area_worker": {"retrieved": _per_area_worker},
    "retrieve_from_area_bonus": {"retrieved": _from_area},
    "gold_gift_artifacts": {"gold_gained": _laura},
}
"""Answers by recruit effect name."""
