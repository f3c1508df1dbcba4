"""The Call Phase (SC-CALL) and the Load Phase (SC-LOAD), and the end of a turn (SC-END)."""

from __future__ import annotations

from engines.core import Action, Game, Step, act, effects

from . import control, interpreter, virus
from .combat import errorful_learning
from .content import DOMAINS
from .flow import fn_words, start_run
from .support import advance, chronoflux, pay_chronoflux, player
from .vows import divinity
from .words import article, describe


def adjacent(g: Game, at: str) -> list[str]:
    """SC-CALL-01/02: Domains next to ``at`` on the ring (all four from the centre); Warped uses its ring."""
    ring = g.g["ring"]
    if at not in ring:
        return list(DOMAINS)
    i = ring.index(at)
    near = {ring[(i - 1) % 4], ring[(i + 1) % 4]}
    return [d for d in DOMAINS if d in near]


class CallDomain(Step):
    """SC-CALL-01..05: optionally Reset with 1 Celestium, then move the Mode Marker and advance Knowledge."""

    name = "call_domain"
    verbs = ("domain", "reset", "flux_reset")
    deciding = "choose a Domain"

    def actions_domain(self, g: Game, seat: int) -> list[Action]:
        return [act("domain", d) for d in adjacent(g, player(g, seat)["mode"])]

    def act_domain(self, g: Game, seat: int, dom: str) -> None:
        p = player(g, seat)
        p["mode"] = dom
        g.log(f"{{seat{seat}}} calls {g.data.domains[dom].name}.")
        advance(g, seat, dom)
        g.goto("subroutine", seat=seat, domain=dom)

    def label_domain(self, g: Game, seat: int, dom: str) -> str:
        k = player(g, seat)["knowledge"][dom]
        return f"Call {g.data.domains[dom].name} (Knowledge {k} → {min(k + 1, 10)})"

    def actions_reset(self, g: Game, seat: int) -> list[Action]:
        p = player(g, seat)
        if p["mode"] == g.data.centre:
            return []
        return [act("reset", i) for i, full in enumerate(p["celestium"]) if full]

    def act_reset(self, g: Game, seat: int, slot: int) -> None:  # SC-CALL-04, SC-ACT-CELESTIUM-03b
        p = player(g, seat)
        p["celestium"][slot] = False
        g.g["supply"]["celestium"] += 1
        p["mode"] = g.data.centre
        g.log(f"{{seat{seat}}} spends a Celestium to Reset.")

    def label_reset(self, g: Game, seat: int, slot: int) -> str:
        return f"Reset first: spend the Celestium in slot {slot + 1}"

    def actions_flux_reset(self, g: Game, seat: int) -> list[Action]:
        if player(g, seat)["mode"] == g.data.centre or chronoflux(g, seat) is None:
            return []
        return [act("flux_reset")]

    def act_flux_reset(self, g: Game, seat: int) -> None:  # ATT-TAC-1
        pay_chronoflux(g, seat)
        player(g, seat)["mode"] = g.data.centre

    def label_flux_reset(self, g: Game, seat: int) -> str:
        return f"Reset first: pay {chronoflux(g, seat)} Energy (Chronoflux)"

    def prompt(self, g: Game, seat: int) -> str:
        return "Call Phase: move your Mode Marker to a Domain."

    def default(self, g: Game, seat: int) -> Action:
        """§6.7: the adjacent Domain with the lowest Knowledge, ties in the order C, I, T, E."""
        know = player(g, seat)["knowledge"]
        return act("domain", min(adjacent(g, player(g, seat)["mode"]), key=lambda d: (know[d], DOMAINS.index(d))))


class Subroutine(Step):
    """SC-CALL-12/13: resolve one unlocked Subroutine row of the called Domain (mandatory)."""

    name = "subroutine"
    verbs = ("row",)
    deciding = "choose a Subroutine"

    def actions_row(self, g: Game, seat: int) -> list[Action]:
        dom = g.frame["domain"]
        k = player(g, seat)["knowledge"][dom]
        return [act("row", s.row) for s in g.data.domains[dom].subroutines if s.unlock <= k]

    def act_row(self, g: Game, seat: int, row: int) -> None:
        sub = g.data.domains[g.frame["domain"]].subroutines[row - 1]
        g.log(f"{{seat{seat}}} resolves {g.data.domains[sub.id[0]].name} row {sub.row}: {describe(sub.effect)}.")
        interpreter.run_tree(g, seat, sub.effect, "load")

    def label_row(self, g: Game, seat: int, row: int) -> str:
        return f"Row {row}: {describe(g.data.domains[g.frame['domain']].subroutines[row - 1].effect)}"[:80]

    def resume(self, g: Game, result: object) -> None:
        interpreter.drain(g)

    def prompt(self, g: Game, seat: int) -> str:
        return f"Choose {article(g.data.domains[g.frame['domain']].name)} Subroutine row."


class LoadReturn(Step):
    """SC-LOAD-02: spend 1 Celestium to take one queued Function back to hand (at most once)."""

    name = "load_return"
    verbs = ("keep", "take_back", "flux_back")
    deciding = "load their Queue"

    def actions_take_back(self, g: Game, seat: int) -> list[Action]:
        p = player(g, seat)
        if not any(p["celestium"]):
            return []
        return [act("take_back", i) for i in range(len(p["queue"]))]

    def act_take_back(self, g: Game, seat: int, index: int) -> None:
        p = player(g, seat)
        slot = p["celestium"].index(True)
        p["celestium"][slot] = False
        g.g["supply"]["celestium"] += 1
        p["hand"].append(p["queue"].pop(index))
        g.log(f"{{seat{seat}}} spends a Celestium to take a queued Function back to hand.")
        fill(g, seat)

    def label_take_back(self, g: Game, seat: int, index: int) -> str:
        return f"Spend a Celestium: take back {fn_words(g, player(g, seat)['queue'][index])}"

    def actions_flux_back(self, g: Game, seat: int) -> list[Action]:
        if chronoflux(g, seat) is None:
            return []
        return [act("flux_back", i) for i in range(len(player(g, seat)["queue"]))]

    def act_flux_back(self, g: Game, seat: int, index: int) -> None:  # ATT-TAC-1
        pay_chronoflux(g, seat)
        p = player(g, seat)
        p["hand"].append(p["queue"].pop(index))
        fill(g, seat)

    def label_flux_back(self, g: Game, seat: int, index: int) -> str:
        return f"Pay {chronoflux(g, seat)} Energy: take back {fn_words(g, player(g, seat)['queue'][index])}"[:80]

    def act_keep(self, g: Game, seat: int) -> None:
        fill(g, seat)

    def label_keep(self, g: Game, seat: int) -> str:
        return "Keep the Queue as it is"

    def prompt(self, g: Game, seat: int) -> str:
        return "Load Phase: spend a Celestium to take back a queued Function?"


def fill(g: Game, seat: int) -> None:
    """SC-LOAD-03: add Functions from hand until the Queue Limit, else end the turn."""
    p = player(g, seat)
    if len(p["queue"]) < p["queue_limit"] and any(isinstance(c, int) for c in p["hand"]):
        g.goto("load_fill", seat=seat)
    else:
        end_turn(g, seat)


class LoadFill(Step):
    """SC-LOAD-03/04: put a Function (never an Energiser) from hand face-down left of the Queue."""

    name = "load_fill"
    verbs = ("queue",)
    deciding = "load their Queue"

    def actions_queue(self, g: Game, seat: int) -> list[Action]:
        return [act("queue", c) for c in sorted(c for c in player(g, seat)["hand"] if isinstance(c, int))]

    def act_queue(self, g: Game, seat: int, ref: int) -> None:
        p = player(g, seat)
        p["hand"].remove(ref)
        p["queue"].insert(0, ref)
        g.log(f"{{seat{seat}}} queues a Function.")
        fill(g, seat)

    def label_queue(self, g: Game, seat: int, ref: int) -> str:
        return f"Queue {fn_words(g, ref)}"

    def prompt(self, g: Game, seat: int) -> str:
        return "Load Phase: choose a Function to add to your Queue."


def end_turn(g: Game, seat: int) -> None:
    """End of the turn: Errorful Learning, Divinity (its reward may ask), then :func:`next_turn`."""
    control.check_now(g, seat)  # the end of the Load Phase: Plague triggers (#19's MOD, SC-REF-19)
    errorful_learning(g, seat)
    virus.end_of_turn(g, seat)
    trees = divinity(g, seat)
    if not trees:
        next_turn(g, seat)
        return
    g.goto("turn_end", seat=seat)
    effects.push(g, *(effects.effect("node", seat, node=t) for t in trees))
    if effects.run(g):
        next_turn(g, seat)


class TurnEnd(Step):
    """Holds the turn while end-of-turn effects resolve (the Divinity reward may ask for a Celestium slot)."""

    name = "turn_end"
    verbs = ()

    def actions(self, g: Game, seat: int) -> list[Action]:
        return []

    def resume(self, g: Game, result: object) -> None:
        if effects.run(g) and not g.finished:
            next_turn(g, g.frame["seat"])


def next_turn(g: Game, seat: int) -> None:
    """SC-LOAD-06, SC-END-02: the end check, else the next player in turn order (SC-TURN-01)."""
    target = g.data.rules["end"]["data"]
    if any(p["data"] >= target for p in g.g["players"].values()):
        finish(g)
        return
    order = g.g["order"]
    nxt = order[(order.index(seat) + 1) % len(order)]
    turn = g.g["turn"]
    if nxt == order[0]:
        g.g["round"] += 1
    g.g["turn"] = {"seat": nxt, "number": turn["number"] + 1, "phase": "run", "first": g.g["round"] == 1}
    start_run(g, nxt)


def finish(g: Game) -> None:
    """SC-END-03/04: Fragments revealed and Scored; most Data wins, ties to the higher POWER."""
    for seat, p in g.g["players"].items():
        p["data"] += sum(p["fragments"])
        p["fragments"] = []
        g.log(f"{{seat{seat}}} ends with {p['data']} Data.")
    power = {s: g.data.intelligences[p["intel"]].power for s, p in g.g["players"].items()}
    ranked = sorted(g.g["players"], key=lambda s: (-g.g["players"][s]["data"], -power[s]))
    scores = {s: g.g["players"][s]["data"] for s in ranked}
    g.finish([int(ranked[0])], scores=scores, reason=f"{{seat{ranked[0]}}} has the most Data.",
             placings=[[s] for s in ranked], score_text={s: f"{v} Data" for s, v in scores.items()})
