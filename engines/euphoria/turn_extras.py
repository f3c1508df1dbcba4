"""Once-per-turn recruit actions offered in the turn prompt.

Jadwiga the Sleep Deprivator (IC23) and Spiros the Model Citizen (FL04): after a placement, one more worker of
any number for their price. Taed the Brick Trader (WA16): N clay for N other resources and N water. Bora the
Storyteller (SU23): a Book or Bifocals for a free bazaar card or a resource. Trades are offered while the turn
waits for a decision anyway (before the first placement, or while another worker may still be placed).
"""

from __future__ import annotations

from typing import Any

from engines.core import Action, Game

from .artifacts import discard_artifact
from .bribes import begin_placement
from .placement import legal_spaces
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


# -- one more worker of any number --------------------------------------------------------------------
def bonus_recruits(g: Game, frame: dict[str, Any]) -> list[str]:
    """Extra-placement recruits ``pid`` can use now: after a placement, once per turn, price payable."""
    pid = frame["pid"]
    if frame["value"] is None or not available(g, pid):
        return []
    return [rid for rid, prm in recruit_effects(g, pid, "extra_placement") if not once_used(g, rid)
            and morale_room(g, pid, prm["morale"]) and payable(g, pid, "bliss") >= prm["bliss"]]


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


def bonus_actions(g: Game, frame: dict[str, Any]) -> list[Action]:
    """``bonus:<recruit>:<value>:<space>`` for every available value and legal space."""
    pid = frame["pid"]
    values = sorted({player(g, pid)["dice"][i]["pips"] for i in available(g, pid)})
    return [Action("bonus", rid, v, s) for rid in bonus_recruits(g, frame) for s in bonus_spaces(g, pid, rid)
            for v in values]


def bonus_place(g: Game, frame: dict[str, Any], rid: str, value: int, space: str) -> None:
    """Pay the price, then place a worker showing ``value`` (not one kept for same-number placements if possible)."""
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


def bonus_label(g: Game, rid: str) -> str:
    """The price note of a bonus placement."""
    prm = data(g).recruits[rid].params
    price = f"−{prm['morale']} morale" + (f", −{prm['bliss']} bliss" if prm["bliss"] else "")
    return f"{price}, {data(g).recruits[rid].name}"


# -- trades -------------------------------------------------------------------------------------------
def trade_actions(g: Game, pid: int) -> list[Action]:
    """Taed's ``clay:<n>`` and Bora's ``story:<card>`` while unused this turn."""
    p = player(g, pid)
    acts = []
    for rid, prm in recruit_effects(g, pid, "clay_trade"):
        if not once_used(g, rid):
            acts += [Action("clay", n) for n in range(1, p["goods"][prm["good"]] + 1)]
    for rid, prm in recruit_effects(g, pid, "storyteller"):
        if not once_used(g, rid):
            acts += [Action("story", t) for t in prm["types"] if t in p["artifacts"]]
    return acts


def trade(g: Game, pid: int, action: Action) -> None:
    """Carry out a Taed or Bora action (the ops it queues run before the turn continues)."""
    if action.verb == "clay":
        rid, prm = recruit_effects(g, pid, "clay_trade")[0]
        n = int(action.args[0])
        use_once(g, rid)
        player(g, pid)["goods"][prm["good"]] -= n
        gain(g, pid, prm["plus"], n)
        others = [r for r in data(g).c["resources"] if r != prm["good"]]
        push(g, *({"effect": "choose_good", "pid": pid, "kind": "resource", "goods": others} for _ in range(n)))
        g.log(f"{name(pid, g)} trades {n} {prm['good']} for {n} {prm['plus']} and {n} other resources (Taed).")
        return
    rid, _ = recruit_effects(g, pid, "storyteller")[0]
    use_once(g, rid)
    card = str(action.args[0])
    discard_artifact(g, pid, card)
    g.log(f"{name(pid, g)} discards a {data(g).artifact_names[card]} (Bora the Storyteller).")
    push(g, {"effect": "story", "pid": pid, "recruit": rid})


def trade_label(g: Game, pid: int, action: Action) -> str:
    """Labels of the trade actions."""
    if action.verb == "clay":
        n = action.args[0]
        return f"Trade {n} clay for {n} water and {n} gold/stone (Taed the Brick Trader)"
    card = data(g).artifact_names[str(action.args[0])]
    return f"Discard a {card}: a free bazaar card or 1 resource (Bora the Storyteller)"
