"""Retrieving workers: choose dice, pay for morale or not, roll, check (EU-RETRIEVE-*)."""

from __future__ import annotations

from engines.core import Action, Game, Step, effects

from .knowledge import roll_workers
from .placement import note_last_move, space_label
from .queue import in_front, push, push_front
from .tableau import (
    AVAIL,
    GONE,
    change_knowledge,
    change_morale,
    data,
    dice_left,
    distinct_dice,
    fire,
    gain,
    morale_room,
    name,
    on_board,
    penalty_params,
    player,
    recruit_effects,
    spend,
)


class Retrieve(Step):
    """Pick workers on the board (at least one), then how to pay."""

    name = "retrieve"

    def actions(self, g: Game, seat: int) -> list[Action]:
        f = g.frame
        pid = f["pid"]
        left = [i for i in on_board(g, pid) if i not in f["picked"]]
        acts = [Action("take", i) for i in distinct_dice(g, pid, left)]
        if len(left) > 1:
            acts.append(Action("all"))
        if f["picked"]:
            goods = player(g, pid)["goods"]
            acts += [Action("pay", x) for x in data(g).c["retrieve"]["pay_with"] if goods[x] > 0]
            if goods["bliss"] > 0 and recruit_effects(g, pid, "bliss_retrieve_knowledge"):
                acts.append(Action("pay", "bliss", "knowledge"))  # Gidget the Hypnotist
            if goods["energy"] > 0 and recruit_effects(g, pid, "retrieve_with_energy"):
                acts.append(Action("pay", "energy"))  # Jefferson the Shock Artist
            acts.append(Action("free"))
            if zapper(g, pid, f["picked"]):
                acts.append(Action("zap"))  # Samuel the Zapper
        return acts

    def act(self, g: Game, seat: int, action: Action) -> None:
        f = g.frame
        pid = f["pid"]
        if action.verb == "take":
            f["picked"].append(action.args[0])
        elif action.verb == "all":
            f["picked"] = sorted(on_board(g, pid))
        else:
            pay = str(action.args[0]) if action.verb == "pay" else None
            retrieve(g, pid, sorted(f["picked"]), pay, knowledge=len(action.args) > 1, zap=action.verb == "zap")
            g.end("retrieved")

    def prompt(self, g: Game, seat: int) -> str:
        n = len(g.frame["picked"])
        return f"Retrieve: {n} worker(s) chosen. Take more, or choose how to pay." if n else \
            "Retrieve: choose the workers to take back."

    def label(self, g: Game, seat: int, action: Action) -> str | None:
        f = g.frame
        c = data(g).c["retrieve"]
        if action.verb == "take":
            die = player(g, f["pid"])["dice"][action.args[0]]
            return f"Take back the {die['pips']} on {space_label(g, die['at'])}"
        if action.verb == "pay" and len(action.args) > 1:
            return "Pay 1 bliss: knowledge −2 (Gidget the Hypnotist)"
        if action.verb == "pay" and action.args[0] == "energy":
            return "Pay 1 energy: +1 morale, knowledge −1 (Jefferson the Shock Artist)"
        if action.verb == "pay":
            return f"Pay 1 {action.args[0]}: +{c['paid_morale']} morale"
        if action.verb == "zap":
            return f"Pay nothing: +{zapper(g, f['pid'], f['picked'])} morale (Samuel the Zapper)"
        return {"all": "Take back all workers", "free": f"Pay nothing: {c['free_morale']} morale"}.get(action.verb)

    def default(self, g: Game, seat: int) -> Action:
        acts = self.actions(g, seat)
        for wanted in (Action("all"), Action("pay", "food"), Action("pay", "bliss"), Action("free")):
            if wanted in acts:
                return wanted
        return acts[0]


def zapper(g: Game, pid: int, picked: list[int]) -> int:
    """Samuel the Zapper's free morale when every picked worker is on a commodity area (else 0)."""
    dice = player(g, pid)["dice"]
    if not picked or any(data(g).spaces[dice[i]["at"]].kind != "production" for i in picked):
        return 0
    return sum(prm["morale"] for _, prm in recruit_effects(g, pid, "retrieve_commodity_areas_only")[:1])


def retrieve(g: Game, pid: int, dice: list[int], pay: str | None, knowledge: bool = False,
             zap: bool = False) -> None:
    """Pay (or not), change morale once, roll all retrieved dice together (EU-RETRIEVE-02/03)."""
    c = data(g).c["retrieve"]
    p = player(g, pid)
    spaces = [p["dice"][i]["at"] for i in dice]
    note_last_move(g, pid, "retrieve", [s for s in spaces if isinstance(s, str)])
    g.log(f"{name(pid, g)} retrieves {len(dice)} worker(s).")
    if zap:
        change_morale(g, pid, zapper(g, pid, dice))
        g.log(f"{name(pid, g)} takes back only commodity-area workers: morale {p['morale']} (Samuel the Zapper).")
    elif pay == "energy":
        spend(g, pid, pay)
        for _, prm in recruit_effects(g, pid, "retrieve_with_energy")[:1]:  # Jefferson
            change_morale(g, pid, prm["morale"])
            change_knowledge(g, pid, prm["knowledge"])
    elif pay and knowledge:
        spend(g, pid, pay)
        for _, prm in recruit_effects(g, pid, "bliss_retrieve_knowledge")[:1]:  # Gidget
            change_knowledge(g, pid, prm["knowledge"])
    elif pay:
        spend(g, pid, pay)
        amina = recruit_effects(g, pid, "keep_runaway_for_bliss") if pay == "bliss" else []
        change_morale(g, pid, c["paid_morale"] + sum(prm["morale"] for _, prm in amina[:1]))
        g.log(f"{name(pid, g)} pays 1 {pay}: morale {p['morale']}.")
    elif not recruit_effects(g, pid, "free_retrieve_no_loss"):
        params = penalty_params(g, pid, "free_retrieve_extra")
        change_morale(g, pid, -params["morale"] if params else c["free_morale"])
        g.log(f"{name(pid, g)} retrieves for free: morale {p['morale']}.")
    before: list[dict] = []
    fire(g, "retrieving", pid, dice=dice, before=before)
    if before:  # abilities used before the roll: the roll waits for them
        push(g, *before, {"effect": "retrieve_roll", "pid": pid, "dice": dice})
    else:
        roll_workers(g, pid, dice, "retrieved")
    fire(g, "retrieved", pid, spaces=spaces)
    if penalty_params(g, pid, "neighbours_retrieve") is not None:  # Dilemma's Prison
        count = len(g.g["players"])
        for other in dict.fromkeys(((pid - 1) % count, (pid + 1) % count)):
            if other != pid and player(g, other)["kind"] == "human":
                push(g, {"effect": "prison", "pid": other})


def _prison_run(g: Game, op: dict) -> list | None:
    board = on_board(g, op["pid"])
    return ["no", *distinct_dice(g, op["pid"], board)] if board else None


def _prison_pick(g: Game, op: dict, token: object) -> None:
    if token != "no":
        g.log(f"{name(op['pid'], g)} retrieves 1 worker for free (Dilemma's Prison).")
        roll_workers(g, op["pid"], [int(token)], "Dilemma's Prison")


def _prison_label(g: Game, op: dict, token: object) -> str:
    if token == "no":
        return "Retrieve nothing"
    die = player(g, op["pid"])["dice"][int(token)]
    return f"Retrieve the {die['pips']} on {space_label(g, die['at'])} for free"


# -- before the roll: Dr. Sheppard the Lobotomist (IC11), Milos the Brainwasher (SU14) ---------------
def _waiting(g: Game, op: dict) -> list[int]:
    """Retrieved dice still waiting for the roll."""
    dice = player(g, op["pid"])["dice"]
    return [i for i in op["dice"] if dice[i]["at"] not in (AVAIL, GONE)]


def _roll_run(g: Game, op: dict) -> None:
    in_front(g, roll_workers, g, op["pid"], _waiting(g, op), "retrieved")


def _sheppard_run(g: Game, op: dict) -> list | None:
    if dice_left(g, op["pid"]) < 2:
        return None  # never the last worker (EU-RECRUIT-03, R-17)
    return ["no", *distinct_dice(g, op["pid"], _waiting(g, op))]


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
    waiting = _waiting(g, op)
    return ["no", *distinct_dice(g, op["pid"], waiting)] if waiting else None


def _milos_pick(g: Game, op: dict, token: object) -> None:
    if token == "no":
        return
    pid, prm = op["pid"], data(g).recruits[op["recruit"]].params
    change_morale(g, pid, -prm["morale"])
    player(g, pid)["dice"][int(str(token))]["set"] = prm["face"]
    g.log(f"{name(pid, g)} sets a retrieved worker to {prm['face']} instead of rolling it (Milos the Brainwasher).")


EFFECTS: dict[str, effects.Handler] = {
    "prison": effects.Handler(
        _prison_run,
        pick=_prison_pick,
        label=_prison_label,
        auto_single=False,
        prompt="Dilemma's Prison: your neighbour retrieved; you may retrieve 1 worker for free.",
        default=lambda g, op, opts: "no",
    ),
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
    "retrieve_roll": effects.Handler(_roll_run),
}
"""The effects this module handles, by the name their records carry."""
