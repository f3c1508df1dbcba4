"""The turn: starting facing, start-of-turn window, Standby, cleanup, discard down, next player."""

from __future__ import annotations

from typing import Any

from engines.core import Action, Game, Step, act

from . import abilities, decks, endgame
from .board import DIR_NAMES
from .player_board import complete, player, return_supply
from .program import command_exists, movement_counts


def new_turn(seat: int) -> dict[str, Any]:
    """Per-turn bookkeeping (RR-ACT-04 once per type, RR-CONV-06, RR-ABIL-03)."""
    return {"seat": seat, "kind": None, "command": None, "actions": [], "conversions": [],
            "abilities_used": [], "cursor": 0, "switch_due": None, "trace": [], "flipped": []}


def start_turn(g: Game, seat: int) -> None:
    g.g["turn"] = new_turn(seat)
    g.log(f"Round {g.g['round']}: {{seat{seat}}}'s turn.")
    g.goto("turn_start", seat=seat)


class ChooseFacing(Step):
    """D-S2, RR-SETUP-07: face one of the two spaces next to the start corner."""

    name = "choose_facing"
    deciding = "choose which way their robot faces"
    verbs = ("face",)

    def actions_face(self, g: Game, seat: int) -> list[Action]:
        corner = g.g["robots"][str(seat)]["at"]
        return [act("face", d) for d in g.data.corner_facings[corner]]

    def act_face(self, g: Game, seat: int, facing: str) -> None:
        g.g["robots"][str(seat)]["facing"] = str(facing)
        g.log(f"{{seat{seat}}}'s robot faces {DIR_NAMES[str(facing)]}.")
        order = g.g["order"]
        i = order.index(seat)
        if i + 1 < len(order):
            g.goto("choose_facing", seat=order[i + 1])
        else:
            start_turn(g, order[0])

    def label_face(self, g: Game, seat: int, facing: str) -> str:
        return f"Face {DIR_NAMES[str(facing)]}"

    def prompt(self, g: Game, seat: int) -> str:
        return "Choose which way your robot faces at its start corner."

    def default(self, g: Game, seat: int) -> Action:
        return self.actions(g, seat)[0]  # the clockwise-edge facing (§6.4)


class TurnStart(Step):
    """D-01/D-02: start-of-turn abilities, then Single, Combi or Standby (RR-TURN-01/02)."""

    name = "turn_start"
    deciding = "choose a Single Move, a Combi-Move or Standby"
    verbs = ("use", "single", "combi", "standby")

    def actions_use(self, g: Game, seat: int) -> list[Action]:
        return [act("use", card) for card in abilities.start_abilities(g, seat)]

    def act_use(self, g: Game, seat: int, card: str) -> None:
        abilities.use_start_ability(g, seat, str(card))

    def label_use(self, g: Game, seat: int, card: str) -> str:
        return f"Use {g.data.abilities[str(card)].name}"

    def actions_single(self, g: Game, seat: int) -> list[Action]:
        return [act("single")] if command_exists(g, seat, "single") else []

    def act_single(self, g: Game, seat: int) -> None:
        g.goto("program", seat=seat, kind="single", source=None, cards=[], mods={}, pos=0)

    def label_single(self, g: Game, seat: int) -> str:
        return "Single Move"

    def actions_combi(self, g: Game, seat: int) -> list[Action]:
        """A Combi card from the hand, and Master Coder (RR-PROG-06), when a Combi-Move is possible."""
        combi = any(g.data.card_type(x) == "COMBI" for x in g.g["hands"][str(seat)])
        coder = abilities.owned(g, seat, "MASTER_CODER")
        sources = ["COMBI"] * combi + ([coder["id"]] if coder and coder["die"] > 0 else [])
        return [act("combi", s) for s in sources] if sources and command_exists(g, seat, "combi") else []

    def act_combi(self, g: Game, seat: int, source: str) -> None:
        g.goto("program", seat=seat, kind="combi", source=str(source), cards=[], mods={}, pos=0)

    def label_combi(self, g: Game, seat: int, source: str) -> str:
        return "Combi-Move" + (" (Master Coder)" if source != "COMBI" else "")

    def act_standby(self, g: Game, seat: int) -> None:
        standby(g, seat)

    def label_standby(self, g: Game, seat: int) -> str:
        n = standby_draws(g, seat)
        if n == 0:
            return "Standby: draw nothing (your hand is full)" if not standby_room(g, seat) else \
                "Standby: draw nothing (no Command cards left)"
        return f"Standby: draw {n} Command card{'s' * (n > 1)}"

    def resume(self, g: Game, result: Any) -> None:
        """A start-of-turn ability finished placing its gains; the window stays open."""

    def prompt(self, g: Game, seat: int) -> str:
        text = "Your turn: program a Single or Combi-Move, or Standby."
        if abilities.start_abilities(g, seat):
            text = "Your turn: use a start-of-turn ability, program a Single or Combi-Move, or Standby."
        why = self.why_not(g, seat)
        return text + (f" {' '.join(why)}" if why else "")

    def why_not(self, g: Game, seat: int) -> list[str]:
        """Why a Single or Combi-Move is not offered, in words (RR-PROG-16)."""
        moves = sum(movement_counts(g, seat).values())
        if not moves:
            return ["You hold no Movement card, so you can only Standby."]
        out = []
        if not self.actions_single(g, seat):
            out.append("No Single Move: every Movement card's path is blocked.")
        if not self.actions_combi(g, seat):
            hand = g.g["hands"][str(seat)]
            coder = abilities.owned(g, seat, "MASTER_CODER")
            if not any(g.data.card_type(x) == "COMBI" for x in hand) and not (coder and coder["die"] > 0):
                out.append("No Combi-Move: you hold no Combi card.")
            elif moves < 2:
                out.append("No Combi-Move: it needs 2 Movement cards.")
            else:
                out.append("No Combi-Move: every pair of cards is blocked.")
        return out

    def default(self, g: Game, seat: int) -> Action:
        return act("standby")


def standby_room(g: Game, seat: int) -> int:
    """Cards a Standby may draw before the hand limit (RR-STANDBY-02)."""
    return max(0, g.data.rules["hand_limit"] - len(g.g["hands"][str(seat)]))


def standby_draws(g: Game, seat: int) -> int:
    """Cards a Standby would really draw now: 2, fewer near the hand limit or when the decks run out."""
    left = len(g.g["command_deck"]) + len(g.g["command_discard"])
    return min(g.data.rules["standby_draw"], standby_room(g, seat), left)


def standby(g: Game, seat: int) -> None:
    """RR-STANDBY-01..04: draw 2 but never past 10, then Conversions."""
    g.g["turn"]["kind"] = "standby"
    g.log(f"{{seat{seat}}} takes a Standby turn.")
    decks.draw_commands(g, seat, min(g.data.rules["standby_draw"], standby_room(g, seat)))
    g.goto("conversions", seat=seat)


def cleanup(g: Game, seat: int) -> None:
    """RR-TURN-04 (a)–(c), then (d) discard down to 10, then the next turn."""
    c, t, p = g.data, g.g["turn"], player(g, seat)
    cmd = t.get("command")
    hand = g.g["hands"][str(seat)]
    if cmd:
        if cmd["kind"] == "single":
            g.g["command_discard"] += cmd["card_ids"]
        else:
            hand += cmd["card_ids"]
            if not cmd["combi"].startswith("MC"):
                g.g["command_discard"].append(cmd["combi"])
        for m in cmd["mods"].values():  # RR-MOD-09
            card = next((a for a in p["abilities"] if a["id"] == m["src"]), None)
            if card is not None:
                card["tokens"].append(m["type"])
            else:
                return_supply(g, m["type"], 1, "modifiers")
    abilities.discard_spent(g, seat)
    g.g["last_turn"] = {"seat": seat, "kind": t["kind"] or "standby", "trace": t["trace"], "flipped": t["flipped"],
                        "actions": t["actions"], "command": None if not cmd else
                        {k: cmd[k] for k in ("kind", "cards", "mods")}}
    if len(hand) > c.rules["hand_limit"]:
        g.goto("discard_down", seat=seat)
        return
    end_of_turn(g, seat)


class DiscardDown(Step):
    """D-09: discard one card at a time until the hand holds 10 (RR-TURN-04 (d))."""

    name = "discard_down"
    deciding = "discard down to the hand limit"
    verbs = ("discard",)

    def actions_discard(self, g: Game, seat: int) -> list[Action]:
        kinds = sorted({g.data.card_type(x) for x in g.g["hands"][str(seat)]})
        return [act("discard", k) for k in kinds]

    def act_discard(self, g: Game, seat: int, kind: str) -> None:
        hand = g.g["hands"][str(seat)]
        card = [x for x in hand if g.data.card_type(x) == kind][-1]
        hand.remove(card)
        g.g["command_discard"].append(card)
        g.log(f"{{seat{seat}}} discards a {g.data.card_names[str(kind)]} card.")
        if len(hand) <= g.data.rules["hand_limit"]:
            end_of_turn(g, seat)

    def label_discard(self, g: Game, seat: int, kind: str) -> str:
        return f"Discard a {g.data.card_names[str(kind)]} card"

    def prompt(self, g: Game, seat: int) -> str:
        extra = len(g.g["hands"][str(seat)]) - g.data.rules["hand_limit"]
        return f"Discard {extra} more card{'s' * (extra > 1)} down to the hand limit."

    def default(self, g: Game, seat: int) -> Action:
        """§6.4: the most recently drawn card first."""
        return act("discard", g.data.card_type(g.g["hands"][str(seat)][-1]))


def end_of_turn(g: Game, seat: int) -> None:
    """RR-END-02/03, RR-GEN-04/05: play passes on; after the last seat of the final round the game ends."""
    order = g.g["order"]
    if not g.g["final_round"] and any(complete(g, s) for s in order):
        g.g["final_round"] = True
        g.log("A spacecraft is complete: this is the final round.")
    last = seat == order[-1]
    cap = g.options.get("round_cap", 0)
    if last and (g.g["final_round"] or (cap and g.g["round"] >= cap)):
        endgame.finish(g)
        return
    if last:
        g.g["round"] += 1
    start_turn(g, order[(order.index(seat) + 1) % len(order)])
