"""Turn order and turns: a human places one worker (or several of one number) or retrieves (EU-TURN-*,
EU-PLACE-04/05); an Automa turn runs without input (``automa/turn.py`` acts, this module passes the turn)."""

from __future__ import annotations

from typing import Any

from engines.core import Action, Game, Step, act

from .artifacts import refill_bazaar
from .automa.turn import automa_act, draw_pair, panel
from .bribes import begin_placement, bribe_note
from .endgame import finish_game
from .placement import any_legal_space, bribe_offer, legal_spaces, space_label, space_legal
from .production import area_total
from .queue import run_ops
from .tableau import available, change_morale, data, has_penalty, name, on_board, player, query, recruit_way


def start_turn(g: Game, pid: int) -> None:
    """Begin ``pid``'s turn (R-05: the runaway limit resets for everyone)."""
    g.g["ran_away"] = []
    g.g["once"] = []
    g.g["ignored"] = None
    g.g["turn_pid"] = pid
    g.g["turn_no"] = g.g.get("turn_no", 0) + 1
    for p in g.g["players"]:
        if p["kind"] == "human":
            p["dormant"] = []
    if player(g, pid)["kind"] == "automa":
        start_automa_turn(g, pid)
        return
    start = {str(i): player(g, pid)["dice"][i]["pips"] for i in available(g, pid)}
    g.goto("turn", seat=pid, pid=pid, start=start, value=None, eligible=[], retrieved=False)
    if not Turn.has_actions(g, pid):
        g.log(f"{name(pid, g)} cannot place or retrieve: the turn is skipped.")
        g.g["skips"] += 1
        if g.g["skips"] > 2 * len(g.g["players"]):
            finish_game(g, "nobody can move any more")
            return
        end_turn(g, pid)
        return
    g.g["skips"] = 0


def end_turn(g: Game, pid: int) -> None:
    """Pass to the next seat; handle the final round (EU-END-01, C-01, R-23)."""
    final = g.g["final"]
    count = len(g.g["players"])
    if final["remaining"] is not None:
        if pid in final["remaining"]:
            final["remaining"].remove(pid)
    elif final["triggered"]:
        order, nxt = [], pid
        for _ in range(count):
            nxt = next_seat(g, nxt)
            order.append(nxt)
        final["remaining"] = order
    if final["remaining"] == []:
        finish_game(g, "the final round is over")
        return
    start_turn(g, next_seat(g, pid))


def next_seat(g: Game, pid: int) -> int:
    """Clockwise from the first player; the Automas play together after all humans (EU-TURN-03)."""
    count = len(g.g["players"])
    humans = [i for i, p in enumerate(g.g["players"]) if p["kind"] == "human"]
    if len(humans) == count or "first" not in g.g:
        return (pid + 1) % count
    if pid in humans:
        after = humans[(humans.index(pid) + 1) % len(humans)]
        return after if after != g.g["first"] else len(humans)  # the round's last human: black Automa next
    return pid + 1 if pid + 1 < count else g.g["first"]


def extra_dice(g: Game, frame: dict[str, Any]) -> list[int]:
    """Same-number workers still placeable this turn (EU-PLACE-04/05, R-06, C-04)."""
    pid = frame["pid"]
    p = player(g, pid)
    if p["morale"] - data(g).c["extra_worker_morale"] < data(g).c["morale"]["min"]:
        return []
    if has_penalty(g, pid, "one_worker_per_turn") and bribe_offer(g, pid) is None:
        return []  # EU-PLACE-06 Fountain of Wishful Thinking (a bribe may lift it for one placement)
    return [i for i in frame["eligible"] if p["dice"][i]["at"] == "avail" and p["dice"][i]["pips"] == frame["value"]]


def more_places(g: Game, frame: dict[str, Any]) -> list[Action]:
    """Placements still open after the first: same-number workers, recruit placements (``turn_placements``)."""
    pid = frame["pid"]
    acts = []
    if extra_dice(g, frame):
        acts = [act("place", frame["value"], s) for s in legal_spaces(g, pid, extra=True)]
    return query(g, "turn_placements", pid, acts, frame=frame)


class Turn(Step):
    """Place a worker or retrieve; after a placement, maybe another of the same number, or end the turn.

    Recruits add verbs of their own (more placements, trades: queries ``turn_placements``/``turn_trades``);
    their actions go to the recruit's way (``recruit_way(g, "turn", verb)``). Trades are listed while
    there is a placement or retrieval to choose.
    """

    name = "turn"
    verbs = ("place", "retrieve", "end")
    deciding = "place a worker or retrieve workers"

    def public_prompt(self, g: Game, seat: int) -> str:
        return self.deciding if g.frame["value"] is None else "place another worker or end their turn"

    @staticmethod
    def has_actions(g: Game, pid: int) -> bool:
        """Does a fresh turn offer anything (``bool(actions)``, cheaper)?"""
        return bool(on_board(g, pid)) or (bool(available(g, pid)) and any_legal_space(g, pid))

    def allows(self, g: Game, seat: int, action: Action) -> bool:
        """A placement is checked on its one space; everything else against the list."""
        f = g.frame
        if action.verb != "place" or len(action.args) != 2:
            return action in self.actions(g, seat)
        value, space = action.args
        pid = f["pid"]
        if f["value"] is None:
            values = {player(g, pid)["dice"][i]["pips"] for i in available(g, pid)}
            return value in values and space_legal(g, pid, space)
        return value == f["value"] and bool(extra_dice(g, f)) and space_legal(g, pid, space, extra=True)

    def actions(self, g: Game, seat: int) -> list[Action]:
        acts = self.actions_place(g, seat) + self.actions_retrieve(g, seat)
        trades = query(g, "turn_trades", g.frame["pid"], [], frame=g.frame) if acts else []
        return acts + trades + self.actions_end(g, seat)

    def actions_place(self, g: Game, seat: int) -> list[Action]:
        """The first placement: every value on every legal space; later ones: ``more_places``."""
        f = g.frame
        pid = f["pid"]
        if f["value"] is not None:
            return more_places(g, f)
        values = sorted({player(g, pid)["dice"][i]["pips"] for i in available(g, pid)})
        spaces = legal_spaces(g, pid) if values else []
        return [act("place", v, s) for v in values for s in spaces]

    def actions_retrieve(self, g: Game, seat: int) -> list[Action]:
        f = g.frame
        return [Action("retrieve")] if f["value"] is None and on_board(g, f["pid"]) else []

    def actions_end(self, g: Game, seat: int) -> list[Action]:
        return [Action("end")] if g.frame["value"] is not None else []

    def act(self, g: Game, seat: int, action: Action) -> None:
        way = None if action.verb in self.verbs else recruit_way(g, "turn", action.verb)
        if way is None:
            super().act(g, seat, action)
            return
        way.pick(g, g.frame, action)
        proceed(g)

    def act_place(self, g: Game, seat: int, value: int, space: str) -> None:
        f = g.frame
        pid = f["pid"]
        extra = f["value"] is not None
        if not extra:
            die = min(i for i in available(g, pid) if player(g, pid)["dice"][i]["pips"] == value)
            f["value"] = value
            f["eligible"] = [int(i) for i, v in f["start"].items() if v == value and int(i) != die]
        else:
            die = extra_dice(g, f)[0]
            f["eligible"].remove(die)
            change_morale(g, pid, -data(g).c["extra_worker_morale"])  # EU-PLACE-05: paid before placing
            g.log(f"{name(pid, g)} pays 1 morale to place another {value}.")
        begin_placement(g, pid, die, str(space), extra)
        proceed(g)

    def act_retrieve(self, g: Game, seat: int) -> None:
        pid = g.frame["pid"]
        g.call("retrieve", seat=pid, pid=pid, picked=[])

    def act_end(self, g: Game, seat: int) -> None:
        end_turn(g, g.frame["pid"])

    def resume(self, g: Game, result: Any) -> None:
        if result == "retrieved":
            g.frame["retrieved"] = True
        proceed(g)

    def prompt(self, g: Game, seat: int) -> str:
        if g.frame["value"] is None:
            return "Your turn: place a worker or retrieve workers."
        return f"Place another {g.frame['value']} (costs 1 morale) or end your turn."

    def label(self, g: Game, seat: int, action: Action) -> str | None:
        way = None if action.verb in self.verbs else recruit_way(g, "turn", action.verb)
        return way.label(g, g.frame, action) if way else super().label(g, seat, action)

    def label_place(self, g: Game, seat: int, value: int, space: str) -> str:
        f = g.frame
        extra = " (−1 morale)" if f["value"] is not None else ""
        return f"Place {value} on {space_label(g, str(space))}{extra}" + \
            bribe_note(g, f["pid"], str(space), f["value"] is not None)

    def label_retrieve(self, g: Game, seat: int) -> str:
        return "Retrieve workers"

    def label_end(self, g: Game, seat: int) -> str:
        return "End turn"

    def default(self, g: Game, seat: int) -> Action:
        """Timeout (spec 6.5): retrieve if possible, else the lowest die on the emptiest commodity area."""
        acts = self.actions(g, seat)
        for wanted in ("retrieve", "end"):
            if Action(wanted) in acts:
                return Action(wanted)
        areas = [a for a in acts if a.verb == "place" and data(g).spaces[str(a.args[1])].kind == "production"]
        if not areas:
            return acts[0]
        low = min(int(a.args[0]) for a in areas)
        return min((a for a in areas if a.args[0] == low), key=lambda a: area_total(g, str(a.args[1])) + low)


def proceed(g: Game) -> None:
    """Resolve pending effects; end the turn when nothing is left to decide."""
    if not run_ops(g) or g.finished:
        return
    f = g.frame
    if f["step"] != "turn":
        return
    g.g["ignored"] = None
    again = query(g, "turn_again", f["pid"], None) if f["retrieved"] else None
    if again:
        g.log(f"{name(f['pid'], g)} retrieved and takes another turn at once ({data(g).recruits[again].name}).")
        start_turn(g, f["pid"])
        return
    if f["retrieved"] or (f["value"] is not None and not more_places(g, f)):
        end_turn(g, f["pid"])


def start_automa_turn(g: Game, pid: int) -> None:
    """The first Automa of a phase draws the pair and clears the bazaar slot (EU-AUTOMA-16, R-23)."""
    g.goto("automa", pid=pid)
    if pid == g.g["automa"]["pids"][0]:
        draw_pair(g)
        p = panel(g)
        g.log("The Automas turn over a new card pair.")
        slot = p["bazaar"]
        if slot and g.g["bazaar"][slot - 1]:
            card = g.g["bazaar"][slot - 1]
            g.g["bazaar"][slot - 1] = ""
            g.g["art_discard"].append(card)
            g.log(f"The Automa discards the {data(g).artifact_names[card]} in bazaar slot {slot}.")
            refill_bazaar(g)
    automa_act(g, pid)
    finish_automa_turn(g)


def finish_automa_turn(g: Game) -> None:
    """Run pending effects (a bumped human may have to choose), then pass the turn."""
    if not run_ops(g) or g.finished:
        return
    end_turn(g, g.frame["pid"])


class AutomaTurn(Step):
    """Holds an Automa turn on the stack while a human answers a choice it caused."""

    name = "automa"
    deciding = "let the Automa finish its turn"

    def active(self, g: Game) -> list[int]:
        return []

    def actions(self, g: Game, seat: int) -> list[Action]:
        return []

    def act(self, g: Game, seat: int, action: Action) -> None:
        raise AssertionError("Automa turns take no input")

    def resume(self, g: Game, result: Any) -> None:
        finish_automa_turn(g)
