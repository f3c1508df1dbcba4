"""Retrieving workers: choose dice, pay for morale or not, roll, check (EU-RETRIEVE-*)."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Action, Game, Step, effects

from .knowledge import roll_workers
from .placement import note_last_move, space_label
from .queue import in_front, push
from .tableau import (
    AVAIL,
    GONE,
    change_morale,
    data,
    distinct_dice,
    fire,
    name,
    on_board,
    penalty_params,
    player,
    query,
    recruit_way,
    spend,
)


class Retrieve(Step):
    """Pick workers on the board (at least one), then how to pay.

    Recruits add ways to pay (query ``retrieve_payments``, listed with the printed ones) and to retrieve
    for nothing (``retrieve_free``, after the printed one); their actions go to the recruit's way
    (``recruit_way(g, "retrieve", action)``, keyed by the action text).
    """

    name = "retrieve"
    verbs = ("take", "all", "pay", "free")
    deciding = "choose the workers to retrieve"

    def public_prompt(self, g: Game, seat: int) -> str:
        return "choose how to pay for the retrieval" if g.frame["picked"] else self.deciding

    def actions(self, g: Game, seat: int) -> list[Action]:
        f = g.frame
        free = query(g, "retrieve_free", f["pid"], [], frame=f) if f["picked"] else []
        return super().actions(g, seat) + free

    def allows(self, g: Game, seat: int, action: Action) -> bool:
        return action in self.actions(g, seat)

    def _left(self, g: Game) -> list[int]:
        f = g.frame
        return [i for i in on_board(g, f["pid"]) if i not in f["picked"]]

    def actions_take(self, g: Game, seat: int) -> list[Action]:
        return [Action("take", i) for i in distinct_dice(g, g.frame["pid"], self._left(g))]

    def actions_all(self, g: Game, seat: int) -> list[Action]:
        return [Action("all")] if len(self._left(g)) > 1 else []

    def actions_pay(self, g: Game, seat: int) -> list[Action]:
        f = g.frame
        if not f["picked"]:
            return []
        goods = player(g, f["pid"])["goods"]
        printed = [Action("pay", x) for x in data(g).c["retrieve"]["pay_with"] if goods[x] > 0]
        return query(g, "retrieve_payments", f["pid"], printed, frame=f)

    def actions_free(self, g: Game, seat: int) -> list[Action]:
        return [Action("free")] if g.frame["picked"] else []

    def act(self, g: Game, seat: int, action: Action) -> None:
        way = recruit_way(g, "retrieve", action)
        if way is None:
            super().act(g, seat, action)
            return
        f = g.frame
        _done(g, lambda: way.pick(g, f, action))

    def act_take(self, g: Game, seat: int, die: int) -> None:
        g.frame["picked"].append(die)

    def act_all(self, g: Game, seat: int) -> None:
        g.frame["picked"] = sorted(on_board(g, g.frame["pid"]))

    def act_pay(self, g: Game, seat: int, good: str) -> None:
        _done(g, lambda: _paid(g, g.frame["pid"], str(good)))

    def act_free(self, g: Game, seat: int) -> None:
        _done(g, lambda: _free(g, g.frame["pid"]))

    def prompt(self, g: Game, seat: int) -> str:
        n = len(g.frame["picked"])
        return f"Retrieve: {n} worker(s) chosen. Take more, or choose how to pay." if n else \
            "Retrieve: choose the workers to take back."

    def label(self, g: Game, seat: int, action: Action) -> str | None:
        way = recruit_way(g, "retrieve", action)
        return way.label(g, g.frame, action) if way else super().label(g, seat, action)

    def label_take(self, g: Game, seat: int, die: int) -> str:
        d = player(g, g.frame["pid"])["dice"][die]
        return f"Take back the {d['pips']} on {space_label(g, d['at'])}"

    def label_all(self, g: Game, seat: int) -> str:
        return "Take back all workers"

    def label_pay(self, g: Game, seat: int, good: str) -> str:
        return f"Pay 1 {good}: +{data(g).c['retrieve']['paid_morale']} morale"

    def label_free(self, g: Game, seat: int) -> str:
        return f"Pay nothing: {data(g).c['retrieve']['free_morale']} morale"

    def default(self, g: Game, seat: int) -> Action:
        acts = self.actions(g, seat)
        for wanted in (Action("all"), Action("pay", "food"), Action("pay", "bliss"), Action("free")):
            if wanted in acts:
                return wanted
        return acts[0]


def _done(g: Game, settle: Callable[[], None]) -> None:
    """Retrieve the picked workers, paid for by ``settle``, and hand the result to the turn."""
    f = g.frame
    retrieve(g, f["pid"], sorted(f["picked"]), settle)
    g.end("retrieved")


def _paid(g: Game, pid: int, good: str) -> None:
    """The printed payment: 1 food or bliss for morale (EU-RETRIEVE-02)."""
    spend(g, pid, good)
    change_morale(g, pid, query(g, "retrieve_paid_morale", pid, data(g).c["retrieve"]["paid_morale"], good=good))
    g.log(f"{name(pid, g)} pays 1 {good}: morale {player(g, pid)['morale']}.")


def _free(g: Game, pid: int) -> None:
    """Retrieving for nothing costs morale (more at the free-retrieval penalty market)."""
    if not query(g, "free_retrieve_loses", pid, True):
        return
    params = penalty_params(g, pid, "free_retrieve_extra")
    change_morale(g, pid, -params["morale"] if params else data(g).c["retrieve"]["free_morale"])
    g.log(f"{name(pid, g)} retrieves for free: morale {player(g, pid)['morale']}.")


def retrieve(g: Game, pid: int, dice: list[int], settle: Callable[[], None]) -> None:
    """Pay with ``settle`` (or not), change morale once, roll all retrieved dice together (EU-RETRIEVE-02/03)."""
    p = player(g, pid)
    spaces = [p["dice"][i]["at"] for i in dice]
    note_last_move(g, pid, "retrieve", [s for s in spaces if isinstance(s, str)])
    g.log(f"{name(pid, g)} retrieves {len(dice)} worker(s).")
    settle()
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


# -- the roll, after any ability used before it (answers to ``retrieving``) ----------------------------
def waiting(g: Game, op: dict) -> list[int]:
    """Retrieved dice still waiting for the roll."""
    dice = player(g, op["pid"])["dice"]
    return [i for i in op["dice"] if dice[i]["at"] not in (AVAIL, GONE)]


def _roll_run(g: Game, op: dict) -> None:
    in_front(g, roll_workers, g, op["pid"], waiting(g, op), "retrieved")


EFFECTS: dict[str, effects.Handler] = {
    "prison": effects.Handler(
        _prison_run,
        pick=_prison_pick,
        label=_prison_label,
        auto_single=False,
        prompt="Dilemma's Prison: your neighbour retrieved; you may retrieve 1 worker for free.",
        default=lambda g, op, opts: "no",
    ),
    "retrieve_roll": effects.Handler(_roll_run),
}
"""The effects this module handles, by the name their records carry."""
