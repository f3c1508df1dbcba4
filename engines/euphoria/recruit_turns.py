"""Once-per-turn recruit actions offered in the turn prompt.

Jadwiga the Sleep Deprivator (IC23) and Spiros the Model Citizen (FL04): after a placement, one more worker of
any number for their price. Taed the Brick Trader (WA16): N clay for N other resources and N water. Bora the
Storyteller (SU23): a Book or Bifocals for a free bazaar card or a resource. Trades are offered while the turn
waits for a decision anyway (before the first placement, or while another worker may still be placed). The
turn prompt asks for them (queries ``turn_placements``, ``turn_trades``) and routes their verbs here (ways).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Action, Game

from .artifacts import discard_artifact
from .bribes import begin_placement
from .placement import legal_spaces, space_label
from .queue import push
from .tableau import (
    available,
    change_morale,
    data,
    gain,
    morale_room,
    name,
    once_used,
    pay_now,
    payable,
    player,
    recruit_effects,
    use_once,
)
from .triggers import Reply, Way

Ctx = dict[str, Any]


# -- one more worker of any number --------------------------------------------------------------------
def _bonus_usable(g: Game, pid: int, rid: str, prm: Mapping[str, Any], frame: dict[str, Any]) -> bool:
    """After a placement, once per turn, price payable."""
    return frame["value"] is not None and bool(available(g, pid)) and not once_used(g, rid) \
        and morale_room(g, pid, prm["morale"]) and payable(g, pid, "bliss") >= prm["bliss"]


def bonus_spaces(g: Game, pid: int, rid: str) -> list[str]:
    """Legal spaces once the recruit's bliss is paid (the price comes first)."""
    prm = data(g).recruits[rid].params
    goods = player(g, pid)["goods"]
    saved = dict(goods)
    if prm["bliss"]:
        pay_now(g, pid, "bliss", prm["bliss"])
    try:
        return legal_spaces(g, pid)
    finally:
        goods.update(saved)


def _bonus_actions(g: Game, pid: int, rid: str, prm: Mapping[str, Any], value: list[Action], ctx: Ctx) -> list[Action]:
    """``bonus:<recruit>:<value>:<space>`` for every available value and legal space."""
    if not _bonus_usable(g, pid, rid, prm, ctx["frame"]):
        return value
    values = sorted({player(g, pid)["dice"][i]["pips"] for i in available(g, pid)})
    return [*value, *(Action("bonus", rid, v, s) for s in bonus_spaces(g, pid, rid) for v in values)]


def bonus_place(g: Game, frame: dict[str, Any], action: Action) -> None:
    """Pay the price, then place a worker showing ``value`` (not one kept for same-number placements if possible)."""
    rid, value, space = str(action.args[0]), int(action.args[1]), str(action.args[2])
    pid = frame["pid"]
    prm = data(g).recruits[rid].params
    use_once(g, rid)
    change_morale(g, pid, -prm["morale"])
    if prm["bliss"]:
        pay_now(g, pid, "bliss", prm["bliss"])
    g.log(f"{name(pid, g)} places one more worker ({data(g).recruits[rid].name}).")
    dice = [i for i in available(g, pid) if player(g, pid)["dice"][i]["pips"] == value]
    die = next((i for i in dice if i not in frame["eligible"]), dice[0])
    if die in frame["eligible"]:
        frame["eligible"].remove(die)
    begin_placement(g, pid, die, space)


def bonus_label(g: Game, frame: dict[str, Any], action: Action) -> str:
    """"Place 3 on the Generator (−1 morale, −1 bliss, Jadwiga …)"."""
    rid, value, space = str(action.args[0]), action.args[1], str(action.args[2])
    prm = data(g).recruits[rid].params
    price = f"−{prm['morale']} morale" + (f", −{prm['bliss']} bliss" if prm["bliss"] else "")
    return f"Place {value} on {space_label(g, space)} ({price}, {data(g).recruits[rid].name})"


# -- trades -------------------------------------------------------------------------------------------
def _clay_actions(g: Game, pid: int, rid: str, prm: Mapping[str, Any], value: list[Action], ctx: Ctx) -> list[Action]:
    """Taed's ``clay:<n>`` while unused this turn."""
    if once_used(g, rid):
        return value
    return [*value, *(Action("clay", n) for n in range(1, player(g, pid)["goods"][prm["good"]] + 1))]


def _story_actions(g: Game, pid: int, rid: str, prm: Mapping[str, Any], value: list[Action], ctx: Ctx) -> list[Action]:
    """Bora's ``story:<card>`` while unused this turn."""
    if once_used(g, rid):
        return value
    return [*value, *(Action("story", t) for t in prm["types"] if t in player(g, pid)["artifacts"])]


def clay(g: Game, frame: dict[str, Any], action: Action) -> None:
    """Taed: N clay for N water and N other resources (the ops it queues run before the turn continues)."""
    pid = frame["pid"]
    rid, prm = recruit_effects(g, pid, "clay_trade")[0]
    n = int(action.args[0])
    use_once(g, rid)
    player(g, pid)["goods"][prm["good"]] -= n
    gain(g, pid, prm["plus"], n)
    others = [r for r in data(g).c["resources"] if r != prm["good"]]
    push(g, *({"effect": "choose_good", "pid": pid, "kind": "resource", "goods": others} for _ in range(n)))
    g.log(f"{name(pid, g)} trades {n} {prm['good']} for {n} {prm['plus']} and {n} other resources (Taed).")


def story(g: Game, frame: dict[str, Any], action: Action) -> None:
    """Bora: discard a Book or Bifocals for a free bazaar card or a resource."""
    pid = frame["pid"]
    rid, _ = recruit_effects(g, pid, "storyteller")[0]
    use_once(g, rid)
    card = str(action.args[0])
    discard_artifact(g, pid, card)
    g.log(f"{name(pid, g)} discards a {data(g).artifact_names[card]} (Bora the Storyteller).")
    push(g, {"effect": "story", "pid": pid, "recruit": rid})


def _clay_label(g: Game, frame: dict[str, Any], action: Action) -> str:
    n = action.args[0]
    return f"Trade {n} clay for {n} water and {n} gold/stone (Taed the Brick Trader)"


def _story_label(g: Game, frame: dict[str, Any], action: Action) -> str:
    card = data(g).artifact_names[str(action.args[0])]
    return f"Discard a {card}: a free bazaar card or 1 resource (Bora the Storyteller)"


ABILITIES: dict[str, dict[str, Reply]] = {
    "extra_placement": {"turn_placements": _bonus_actions},
    "clay_trade": {"turn_trades": _clay_actions},
    "storyteller": {"turn_trades": _story_actions},
}
"""Replies by recruit effect name."""
WAYS: dict[str, dict[str, Way]] = {"turn": {
    "bonus": Way(label=bonus_label, pick=bonus_place),
    "clay": Way(label=_clay_label, pick=clay),
    "story": Way(label=_story_label, pick=story),
}}
"""The turn prompt's recruit verbs."""
