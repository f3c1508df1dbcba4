"""The MOVE action: one destination per click, then the end-of-movement effects, and the BetaBot AI
encounter (SB-MOVE-01..21, SB-DELIVER-01 automatic)."""

from __future__ import annotations

from typing import Any

from engines.core import Action, Game, Step, act

from .batteries import movement_points
from .delivery import deliver_frame, possible
from .extract import extract_yield, pick_up, produce_shields, production, take
from .item_cards import passive
from .placing import offer
from .planet import Place, destinations, free_step, others_at, turn_key
from .robots import called
from .stress import change_stress, damage, player
from .words import amount, location


def places(g: Game, seat: int) -> dict[Place, tuple[int, int]]:
    """Where this MOVE can end, with its (shields, MP) cost."""
    return destinations(g, seat, movement_points(g, player(g, seat)))


def encounter_partners(g: Game, seat: int) -> list[int]:
    """Other BetaBots met where an AI encounter happens: Core, Tunnel or E/P Vault without Cylindroids
    (SB-MOVE-20/21), in turn order; with several the mover picks one."""
    node = player(g, seat)["mini"]
    kind = g.data.nodes[node]["kind"]
    if kind not in ("core", "tunnel", "ep_vault") or g.g["vaults"].get(node, {}).get("cylindroids"):
        return []
    return others_at(g, seat, node)


def can_work(g: Game, seat: int, pressure: int | None = None) -> bool:
    """The encounter's Extract/Produce is possible here: Extract, or a Shields Vault's Produce (the
    Batteries and Advanced Items Vaults' purchases are not offered in an encounter yet)."""
    entry = production(g, seat)
    return extract_yield(g, seat, pressure) is not None or bool(entry and entry["produce"] == "shields")


def meet(g: Game, seat: int, other: int) -> None:
    """Resolve an encounter and queue the optional Extract/Produce prompts in turn order."""
    queue = [(s, own) for s, own in encounter(g, seat, other) if can_work(g, s)]
    if queue:
        g.call("encounter", seat=queue[0][0], own=queue[0][1], queue=[[s, o] for s, o in queue[1:]])


def encounter(g: Game, seat: int, other: int) -> list[tuple[int, bool]]:
    """Resolve the AIs' reaction; returns who may Extract, in turn order, and at their own pressure or not."""
    a, b = player(g, seat)["ai"], player(g, other)["ai"]
    rule = g.data["rules"]["ai_encounter"]
    order = [s for s in g.g["order"] if s in (seat, other)]
    words = {"comp": "Competitive", "coop": "Cooperative"}
    g.log(f"AI encounter: {called(g, seat)} ({words[a]}) meets {called(g, other)} ({words[b]}).")
    if a == b == "coop":
        return [(s, True) for s in order]
    if a == b == "comp":
        for s in order:
            damage(g, s, rule["comp_comp"]["shields_lost"]["each"])
        return [(s, False) for s in order]
    comp = seat if a == "comp" else other
    damage(g, other if comp == seat else seat, rule["comp_coop"]["shields_lost"]["coop"])
    return [(comp, False)]


def end_of_move(g: Game, seat: int, slot: str | None) -> None:
    """SB-MOVE-08 in order: pick-up, Delivery Base stress and automatic delivery, AI encounter."""
    p = player(g, seat)
    picked = pick_up(g, seat)
    info = g.data.nodes[p["mini"]]
    if info["kind"] == "delivery_base":
        arrival = g.data["boards"]["delivery_board"]["base_arrival_stress"][info["base"]]
        change_stress(g, seat, max(0, arrival - passive(g, seat, "delivery_base_stress_discount")))
        if info["base"] == "automatic" and possible(g, seat):
            g.call("deliver", seat=seat, **deliver_frame(True))
        return
    hatch = g.g["hatch"]
    if p["square"] == "HATCH" and hatch["token"] and not hatch["closed"]:
        damage(g, seat, g.data.hatches[hatch["token"]]["damage"])  # SB-MOVE-13 (the shield icon: 0)
    others = encounter_partners(g, seat)
    if len(others) == 1:
        meet(g, seat, others[0])
    elif others:
        g.call("partner", seat=seat, others=others)
    offer(g, seat, picked, slot, back=True)  # placed first: the pick-up comes before the encounter


class Move(Step):
    """Frame: ``{"seat", "card", "slot", "left": moves still to make, "first": bool}`` (SB-MOVE-02)."""

    name = "move"
    verbs = ("go", "stop")
    deciding = "move their BetaBot"

    def actions_go(self, g: Game, seat: int) -> list[Action]:
        return [act("go", node, sq) if sq else act("go", node) for (node, sq) in places(g, seat)]

    def act_go(self, g: Game, seat: int, node: str, square: str | None = None) -> None:
        shields, _mp = places(g, seat)[(node, square)]
        p = player(g, seat)
        if free_step(g, seat) and destinations(g, seat, movement_points(g, p), free=False).get(
                (node, square)) != (shields, _mp):
            p["free_step"] = turn_key(g, seat)  # Vault Map's free square change is used (version 3)
        damage(g, seat, shields)  # SB-MOVE-05
        p["mini"], p["square"] = node, square
        g.log(f"{called(g, seat)} moves to {location(g, node, square)}.")
        frame = g.frame
        frame["left"] -= 1
        frame["first"] = False
        if frame["left"] <= 0:
            g.goto("keep", seat=seat, card=frame["card"], slot=frame["slot"])
        end_of_move(g, seat, frame["slot"])

    def label_go(self, g: Game, seat: int, node: str, square: str | None = None) -> str:
        shields, mp = places(g, seat)[(node, square)]
        cost = f"{mp} MP" + (f", −{shields} shields" if shields else "")
        return f"Move to {location(g, node, square)} ({cost})"

    def actions_stop(self, g: Game, seat: int) -> list[Action]:
        return [] if g.frame["first"] else [act("stop")]

    def act_stop(self, g: Game, seat: int) -> None:
        g.goto("keep", seat=seat, card=g.frame["card"], slot=g.frame["slot"])

    def label_stop(self, g: Game, seat: int) -> str:
        return "Stay here (skip the second move)"

    def prompt(self, g: Game, seat: int) -> str:
        mp = movement_points(g, player(g, seat))
        extra = " (then one more move)" if g.frame["left"] > 1 else ""
        return f"Move up to {mp} MP{extra}."


class Partner(Step):
    """Several BetaBots met in the Core or a Tunnel: the mover picks one (SB-MOVE-20)."""

    name = "partner"
    verbs = ("meet",)
    deciding = "pick whom their AI meets"

    def actions_meet(self, g: Game, seat: int) -> list[Action]:
        return [act("meet", s) for s in g.frame["others"]]

    def act_meet(self, g: Game, seat: int, other: int) -> None:
        g.end()
        meet(g, seat, other)

    def label_meet(self, g: Game, seat: int, other: int) -> str:
        return f"Meet {called(g, other)}"

    def prompt(self, g: Game, seat: int) -> str:
        return "Several BetaBots are here: pick the one your AI meets."


class Encounter(Step):
    """An AI encounter's optional unboosted Extract or Produce; frame ``{"seat", "own", "queue"}``
    (SB-MOVE-20)."""

    name = "encounter"
    verbs = ("extract", "produce", "skip")
    deciding = "decide on an AI-encounter extraction"

    def actions_extract(self, g: Game, seat: int) -> list[Action]:
        if g.frame["own"]:
            levels = range(g.data["vaults"]["pressure"]["max"] + 1)
            return [act("extract", p) for p in levels if extract_yield(g, seat, p) is not None]
        return [act("extract", g.g["pressure"])] if extract_yield(g, seat) is not None else []

    def act_extract(self, g: Game, seat: int, pressure: int) -> None:
        gains = take(g, seat, pressure)
        g.log(f"{called(g, seat)} extracts {amount(g, gains)}.")
        self.next(g)
        offer(g, seat, gains, None)

    def label_extract(self, g: Game, seat: int, pressure: int) -> str:
        gains = extract_yield(g, seat, pressure) or {}
        what = " + ".join(f"{n} {g.data.res_name(r)}" for r, n in gains.items())
        return f"Extract {what} at pressure {pressure}"

    def actions_produce(self, g: Game, seat: int) -> list[Action]:
        entry = production(g, seat)
        if not entry or entry["produce"] != "shields":
            return []
        levels = range(g.data["vaults"]["pressure"]["max"] + 1) if g.frame["own"] else [g.g["pressure"]]
        return [act("produce", level) for level in levels]

    def act_produce(self, g: Game, seat: int, pressure: int) -> None:
        gains = produce_shields(g, seat, pressure)
        g.log(f"{called(g, seat)} produces shields.")
        self.next(g)
        offer(g, seat, gains, None)

    def label_produce(self, g: Game, seat: int, pressure: int) -> str:
        entry = production(g, seat, pressure) or {}
        return f"Produce {entry.get('shields', 0)} shields at pressure {pressure}"

    def act_skip(self, g: Game, seat: int) -> None:
        self.next(g)

    def label_skip(self, g: Game, seat: int) -> str:
        return "Do not extract"

    def next(self, g: Game) -> None:
        queue: list[Any] = g.frame["queue"]
        if queue:
            seat, own = queue[0]
            g.goto("encounter", seat=seat, own=own, queue=queue[1:])
        else:
            g.end()

    def prompt(self, g: Game, seat: int) -> str:
        return "AI encounter: you may Extract here once, unboosted."

    def default(self, g: Game, seat: int) -> Action:
        return act("skip")


