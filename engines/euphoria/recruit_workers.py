"""Recruits that react to workers coming and going: runaways, new workers, retrieval, and gold for Laura.

Retrieval: Dr. Sheppard (IC11) and Milos (SU14) act before the roll; Gidget (IC03), Jefferson (EU10) and Samuel
(EU24) add ways to pay or not to pay, Amina (IC15) adds morale for bliss, Yordy (EU02) drops the free retrieval's
loss; Kofi the Hermit (FL02) starts with fewer workers, takes another turn after retrieving and leaves at the
first activation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Action, Game, effects

from .placement import space_label
from .queue import push, push_front
from .retrieval import waiting
from .tableau import (
    GONE,
    change_knowledge,
    change_morale,
    data,
    dice_left,
    distinct_dice,
    gain,
    morale_room,
    name,
    player,
    recruit_effects,
    spend,
)
from .triggers import Answer, Reply, Way, offer

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


# -- before the roll: Dr. Sheppard the Lobotomist (IC11), Milos the Brainwasher (SU14) ---------------
def _sheppard_run(g: Game, op: dict) -> list | None:
    if dice_left(g, op["pid"]) < 2:
        return None  # never the last worker (EU-RECRUIT-03, R-17)
    return ["no", *distinct_dice(g, op["pid"], waiting(g, op))]


def _sheppard_pick(g: Game, op: dict, token: object) -> None:
    if token == "no":
        return
    pid, prm = op["pid"], data(g).recruits[op["recruit"]].params
    player(g, pid)["dice"][int(str(token))]["at"] = GONE
    gain(g, pid, "bliss", prm["bliss"])
    g.log(f"{name(pid, g)} sacrifices a retrieved worker for {prm['bliss']} bliss (Dr. Sheppard the Lobotomist).")
    push_front(g, *({"effect": "choose_good", "pid": pid, "kind": "resource"} for _ in range(prm["resources"])))


def _die_label(g: Game, op: dict, token: object) -> str:
    die = player(g, op["pid"])["dice"][int(str(token))]
    return f"the {die['pips']} from {space_label(g, die['at'])}"


def _milos_run(g: Game, op: dict) -> list | None:
    if not morale_room(g, op["pid"], data(g).recruits[op["recruit"]].params["morale"]):
        return None  # EU-RECRUIT-06
    left = waiting(g, op)
    return ["no", *distinct_dice(g, op["pid"], left)] if left else None


def _milos_pick(g: Game, op: dict, token: object) -> None:
    if token == "no":
        return
    pid, prm = op["pid"], data(g).recruits[op["recruit"]].params
    change_morale(g, pid, -prm["morale"])
    player(g, pid)["dice"][int(str(token))]["set"] = prm["face"]
    g.log(f"{name(pid, g)} sets a retrieved worker to {prm['face']} instead of rolling it (Milos the Brainwasher).")



# -- paying for a retrieval: Gidget, Jefferson, Samuel, Amina, Yordy -----------------------------------
def _gidget(g: Game, pid: int, rid: str, prm: Mapping[str, Any], value: list[Action], ctx: Ctx) -> list[Action]:
    return [*value, Action("pay", "bliss", "knowledge")] if player(g, pid)["goods"]["bliss"] > 0 else value


def _gidget_pick(g: Game, frame: dict[str, Any], action: Action) -> None:
    pid = frame["pid"]
    spend(g, pid, "bliss")
    for _, prm in recruit_effects(g, pid, "bliss_retrieve_knowledge")[:1]:
        change_knowledge(g, pid, prm["knowledge"])


def _jefferson(g: Game, pid: int, rid: str, prm: Mapping[str, Any], value: list[Action], ctx: Ctx) -> list[Action]:
    return [*value, Action("pay", "energy")] if player(g, pid)["goods"]["energy"] > 0 else value


def _jefferson_pick(g: Game, frame: dict[str, Any], action: Action) -> None:
    pid = frame["pid"]
    spend(g, pid, "energy")
    for _, prm in recruit_effects(g, pid, "retrieve_with_energy")[:1]:
        change_morale(g, pid, prm["morale"])
        change_knowledge(g, pid, prm["knowledge"])


def zapper(g: Game, pid: int, picked: list[int]) -> int:
    """Samuel the Zapper's free morale when every picked worker is on a commodity area (else 0)."""
    dice = player(g, pid)["dice"]
    if not picked or any(data(g).spaces[dice[i]["at"]].kind != "production" for i in picked):
        return 0
    return sum(prm["morale"] for _, prm in recruit_effects(g, pid, "retrieve_commodity_areas_only")[:1])


def _samuel(g: Game, pid: int, rid: str, prm: Mapping[str, Any], value: list[Action], ctx: Ctx) -> list[Action]:
    return [*value, Action("zap")] if zapper(g, pid, ctx["frame"]["picked"]) else value


def _samuel_pick(g: Game, frame: dict[str, Any], action: Action) -> None:
    pid = frame["pid"]
    change_morale(g, pid, zapper(g, pid, sorted(frame["picked"])))
    g.log(f"{name(pid, g)} takes back only commodity-area workers: morale {player(g, pid)['morale']} "
          f"(Samuel the Zapper).")


def _amina(g: Game, pid: int, rid: str, prm: Mapping[str, Any], value: int, ctx: Ctx) -> int:
    return value + prm["morale"] if ctx["good"] == "bliss" else value


def _start_dice(g: Game, pid: int, rid: str, prm: Mapping[str, Any], value: int, ctx: Ctx) -> int:
    return min(value, prm["start_dice"])


ABILITIES: dict[str, dict[str, Answer | Reply]] = {
    "runaway_morale": {"worker_ran_away": _runaway_morale},
    "runaway_gain": {"worker_ran_away": _runaway_gain},
    "keep_runaway_for_bliss": {"worker_ran_away": offer("die"), "retrieve_paid_morale": _amina},
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
    "bliss_retrieve_knowledge": {"retrieve_payments": _gidget},
    "retrieve_with_energy": {"retrieve_payments": _jefferson},
    "retrieve_commodity_areas_only": {"retrieve_free": _samuel},
    "free_retrieve_no_loss": {"free_retrieve_loses": lambda g, pid, rid, prm, value, ctx: False},
    "hermit": {"start_dice": _start_dice, "turn_again": lambda g, pid, rid, prm, value, ctx: value or rid,
               "leaves_at_first_activation": lambda g, pid, rid, prm, value, ctx: value or rid},
}
"""Answers by recruit effect name."""
WAYS: dict[str, dict[str, Way]] = {"retrieve": {
    "pay:bliss:knowledge": Way(label=lambda g, f, a: "Pay 1 bliss: knowledge −2 (Gidget the Hypnotist)",
                               pick=_gidget_pick),
    "pay:energy": Way(label=lambda g, f, a: "Pay 1 energy: +1 morale, knowledge −1 (Jefferson the Shock Artist)",
                      pick=_jefferson_pick),
    "zap": Way(label=lambda g, f, a: f"Pay nothing: +{zapper(g, f['pid'], f['picked'])} morale (Samuel the Zapper)",
               pick=_samuel_pick),
}}
"""Recruit ways to pay for a retrieval (keyed by the action text)."""
EFFECTS: dict[str, effects.Handler] = {
    "sheppard": effects.Handler(
        _sheppard_run,
        pick=_sheppard_pick,
        auto_single=False,
        default=lambda g, op, opts: "no",
        prompt="Dr. Sheppard the Lobotomist: sacrifice a retrieved worker for 4 bliss and 1 resource?",
        label=lambda g, op, t: "Sacrifice nobody" if t == "no" else f"Sacrifice {_die_label(g, op, t)}",
    ),
    "milos": effects.Handler(
        _milos_run,
        pick=_milos_pick,
        auto_single=False,
        default=lambda g, op, opts: "no",
        prompt="Milos the Brainwasher: lose 1 morale to set one retrieved worker to 1?",
        label=lambda g, op, t: "Roll them all" if t == "no" else f"Set {_die_label(g, op, t)} to 1 (−1 morale)",
    ),
}
"""The effects this module handles, by the name their records carry."""
