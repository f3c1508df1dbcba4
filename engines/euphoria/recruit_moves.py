"""Recruit abilities that bump or move workers: Amanda (IC01), Jedidiah (WA22), Darren (WA23), Lars (WA13)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Game, effects

from .bribes import begin_placement
from .knowledge import roll_workers
from .placement import bump, legal_spaces, self_bump_allowed, space_label
from .queue import Op, Token, in_front, push, push_front
from .tableau import (
    AVAIL,
    data,
    name,
    occupants,
    once_used,
    pay_now,
    payable,
    penalty_params,
    player,
    recruit_effects,
    use_once,
)
from .triggers import Answer, Reply

Ctx = dict[str, Any]

FACES = (1, 2, 3, 4, 5, 6)


# -- Amanda the Broker: a bumped worker's face ------------------------------------------------
def _set_face_offer(g: Game, pid: int, rid: str, prm: Mapping[str, Any], taken: bool, ctx: Ctx) -> bool:
    """The owner may pay to set the bumped die's face instead of rolling it (the roll waits for the answer)."""
    if taken or payable(g, pid, "bliss") < prm["bliss"]:
        return taken
    player(g, pid)["dice"][ctx["die"]]["at"] = AVAIL
    push(g, {"effect": "set_face", "pid": pid, "die": ctx["die"], "recruit": rid})
    return True


def _face_run(g: Game, op: Op) -> list[Token] | None:
    if payable(g, op["pid"], "bliss") < data(g).recruits[op["recruit"]].params["bliss"]:
        in_front(g, roll_workers, g, op["pid"], [op["die"]], "bumped")
        return None
    return ["roll", *FACES]


def _face_pick(g: Game, op: Op, token: Token) -> None:
    pid, die = op["pid"], op["die"]
    if token != "roll":
        pay_now(g, pid, "bliss", data(g).recruits[op["recruit"]].params["bliss"])
        player(g, pid)["dice"][die]["set"] = int(token)
        g.log(f"{name(pid, g)} pays bliss to set the bumped worker to {token} (Amanda the Broker).")
    in_front(g, roll_workers, g, pid, [die], "bumped")


def _face_label(g: Game, op: Op, token: Token) -> str:
    n = data(g).recruits[op["recruit"]].params["bliss"]
    return "Roll the bumped worker" if token == "roll" else f"Pay {n} bliss: set it to {token} (Amanda the Broker)"


# -- Jedidiah the Inciter: bump another player's worker off a commodity area -------------------------
def incite_targets(g: Game, pid: int, space_id: str) -> list[str]:
    """``"owner.die"`` of other players' workers ``pid`` may bump from the commodity area (WA22)."""
    if player(g, pid)["kind"] != "human" or not recruit_effects(g, pid, "area_bump_other"):
        return []
    return [f"{o}.{i}" for o, i in occupants(g, space_id) if o != pid]


def _incite_offer(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: Ctx) -> None:
    """Before the yield is counted, Jedidiah may bump another player's worker from the area."""
    if incite_targets(g, pid, ctx["space"]) and not any(b["effect"] == "incite" for b in ctx["before"]):
        ctx["before"].append({"effect": "incite", "pid": pid, "space": ctx["space"]})


def _incite_run(g: Game, op: Op) -> list[Token] | None:
    targets = incite_targets(g, op["pid"], op["space"])
    return ["no", *targets] if targets else None


def _incite_pick(g: Game, op: Op, token: Token) -> None:
    if token == "no":
        return
    owner, die = (int(x) for x in str(token).split("."))
    in_front(g, bump, g, op["pid"], owner, die, op["space"])


def _incite_label(g: Game, op: Op, token: Token) -> str:
    if token == "no":
        return "Bump nobody"
    owner, die = (int(x) for x in str(token).split("."))
    return f"Bump {name(owner, g)}'s {player(g, owner)['dice'][die]['pips']} (Jedidiah the Inciter)"


# -- moving a placed worker: Lars the Ballooneer, Darren the Repeater ----------------------------------
def _repeat_offer(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: Ctx) -> None:
    """Darren the Repeater: after a temporary space resolved, offer to bump the worker and place it again."""
    die, space_id = ctx["die"], ctx["space"]
    if data(g).spaces[space_id].type not in ("temp", "excl"):
        return
    if not once_used(g, rid) and player(g, pid)["dice"][die]["at"] == space_id:
        push_front(g, {"effect": "ask", "pid": pid, "recruit": rid, "die": die, "space": space_id})


def repeat_allowed(g: Game, op: Op) -> bool:
    """Darren: still there, not used this turn, and a self-bump allowed and paid (Spa, Camp, Agency)."""
    pid = op["pid"]
    if once_used(g, op["recruit"]) or player(g, pid)["dice"][op["die"]]["at"] != op["space"]:
        return False
    fee = penalty_params(g, pid, "self_bump_fee")
    goods = player(g, pid)["goods"]
    return self_bump_allowed(g, pid) and not (fee and sum(goods[c] for c in data(g).c["commodities"]) <
                                              fee["commodity"])


def repeat_use(g: Game, op: Op) -> None:
    """Darren: bump your own worker (fee, roll, check), then it must be placed elsewhere."""
    pid = op["pid"]
    use_once(g, op["recruit"])
    fee = penalty_params(g, pid, "self_bump_fee")
    pays = [{"effect": "pay", "pid": pid, "unit": "commodity"} for _ in range((fee or {}).get("commodity", 0))]

    def again() -> None:
        bump(g, pid, pid, op["die"], op["space"])
        push(g, {"effect": "move", "pid": pid, "die": op["die"], "from": op["space"], "recruit": op["recruit"],
                 "stay": False})
    in_front(g, again)
    push_front(g, *pays)


def _lars_offer(g: Game, pid: int, rid: str, prm: Mapping[str, Any], ctx: Ctx) -> None:
    """Lars the Ballooneer: a Balloons gained by a placement lets that worker move on (once per turn)."""
    placing = g.g.get("placing")
    if not placing or placing["pid"] != pid:
        return
    if ctx["card"] == prm["type"] and not once_used(g, rid):
        push(g, {"effect": "move", "pid": pid, "die": placing["die"], "from": placing["space"], "recruit": rid,
                 "stay": True})


def _move_run(g: Game, op: Op) -> list[Token] | None:
    pid, die = op["pid"], op["die"]
    at = player(g, pid)["dice"][die]["at"]
    if at != (op["from"] if op["stay"] else AVAIL) or (op["stay"] and once_used(g, op["recruit"])):
        return None
    spaces = [s for s in legal_spaces(g, pid) if s != op["from"]]
    return (["stay"] if op["stay"] else []) + spaces or None


def _move_pick(g: Game, op: Op, token: Token) -> None:
    if token == "stay":
        return
    pid, die = op["pid"], op["die"]
    if op["stay"]:
        use_once(g, op["recruit"])
        player(g, pid)["dice"][die]["at"] = AVAIL
    g.log(f"{name(pid, g)} moves the worker to {space_label(g, str(token))} "
          f"({data(g).recruits[op['recruit']].name}).")
    begin_placement(g, pid, die, str(token))


def _move_label(g: Game, op: Op, token: Token) -> str:
    if token == "stay":
        return "Leave the worker where it is"
    return f"Place it on {space_label(g, str(token))}"


EFFECTS: dict[str, effects.Handler] = {
    "set_face": effects.Handler(
        _face_run,
        pick=_face_pick,
        label=_face_label,
        auto_single=False,
        default=lambda g, op, opts: "roll",
        prompt="Amanda the Broker: roll your bumped worker, or pay to choose its face?",
    ),
    "incite": effects.Handler(
        _incite_run,
        pick=_incite_pick,
        label=_incite_label,
        auto_single=False,
        default=lambda g, op, opts: "no",
        prompt="Jedidiah the Inciter: bump another player's worker from this area first?",
    ),
    "move": effects.Handler(
        _move_run,
        pick=_move_pick,
        label=_move_label,
        default=lambda g, op, opts: opts[0],
        prompt="Move your worker to another action space and resolve it?",
    ),
}
"""The effects this module handles, by the name their records carry."""

ABILITIES: dict[str, dict[str, Answer | Reply]] = {
    "bumped_set_face": {"bumped_roll": _set_face_offer},
    "area_bump_other": {"producing": _incite_offer},
    "repeat_placement": {"placement_done": _repeat_offer},
    "balloon_move": {"artifact_received": _lars_offer},
}
"""Answers by recruit effect name."""
