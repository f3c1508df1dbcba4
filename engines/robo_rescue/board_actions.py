"""Board Actions after each Movement card (RR-ACT), with Bonus cards (RR-BONUS) and Action Repeater (RR-ABIL-14)."""

from __future__ import annotations

from typing import Any

from engines.core import Action, Game, Step, act

from . import decks, gains
from .gains import give
from .player_board import gain_chip, gain_modifier, player

KINDS = ("COMMAND", "BONUS", "POWER", "OIL", "DICE")
NAMES = {"COMMAND": "Command cards", "BONUS": "Bonus card", "POWER": "Power", "OIL": "Oil", "DICE": "Cable Dice"}


def repeater(g: Game, seat: int) -> dict[str, Any] | None:
    """The seat's usable Action Repeater card, if any (RR-ABIL-14)."""
    c = g.data
    if "ACTION_REPEATER" in g.g["turn"]["abilities_used"]:
        return None
    for card in player(g, seat)["abilities"]:
        if c.abilities[card["id"]].ability == "ACTION_REPEATER" and card["die"] > 0:
            return card
    return None


def actions_available(g: Game, seat: int) -> list[tuple[str, bool]]:
    """Action types on the robot's space now, each with whether it needs Action Repeater (RR-ACT-04..06)."""
    space = g.g["robots"][str(seat)]["at"]
    tokens = g.g["tokens"].get(space, [])
    taken = g.g["turn"]["actions"]
    hand_ok = len(g.g["hands"][str(seat)]) < g.data.rules["hand_limit"]
    out = []
    for kind in KINDS:
        present = {"COMMAND": hand_ok, "POWER": g.g["power"].get(space, False)}.get(kind, kind in tokens)
        if not present:
            continue
        if kind not in taken:
            out.append((kind, False))
        elif taken.count(kind) == 1 and repeater(g, seat) is not None:
            out.append((kind, True))
    return out


def power_options(g: Game, seat: int) -> list[str]:
    """RR-ACT-08/09: a chip (fewer than 4 and in supply) or a Blast! token (in supply)."""
    opts = []
    if player(g, seat)["chips"] < g.data.rules["chips_max"] and g.g["supply"]["chips"] > 0:
        opts.append("chip")
    if g.g["supply"]["modifiers"]["BLAST"] > 0:
        opts.append("blast")
    return opts


def _take_power(g: Game, seat: int, choice: str) -> None:
    if choice == "chip":
        gain_chip(g, seat)
    elif choice == "blast":
        gain_modifier(g, seat, "BLAST")


class BoardActions(Step):
    """D-07: take actions one at a time, up to the card's limit, or stop (RR-ACT-01..05, RR-ACT-14)."""

    name = "board_actions"
    deciding = "take Board Actions"
    verbs = ("act", "done")

    def actions_act(self, g: Game, seat: int) -> list[Action]:
        return [act("act", kind) for kind, _ in actions_available(g, seat)]

    def act_act(self, g: Game, seat: int, kind: str) -> None:
        t, f = g.g["turn"], g.frame
        space = g.g["robots"][str(seat)]["at"]
        if kind in t["actions"]:
            card = repeater(g, seat)
            card["die"] -= 1
            t["abilities_used"].append("ACTION_REPEATER")
            g.log(f"{{seat{seat}}} activates Action Repeater (die {card['die']}).")
        t["actions"].append(kind)
        f["taken"] += 1
        g.log(f"{{seat{seat}}} takes the {NAMES[kind]} action at {space}.")
        if kind == "COMMAND":
            decks.draw_commands(g, seat, g.data.rules["command_action_draw"])  # RR-ACT-06
        elif kind == "POWER":
            g.g["power"][space] = False  # RR-ACT-08: flip to OFF
            opts = power_options(g, seat)
            if len(opts) > 1:
                g.call("power_choice", seat=seat)
                return
            if opts:
                _take_power(g, seat, opts[0])
        else:
            g.g["tokens"][space].remove(kind)  # RR-ACT-12: never comes back
            oil = [{"kind": "OIL", "type": None, "n": g.data.rules["oil_action_gain"]}]  # RR-ACT-10
            if kind == "OIL" and not give(g, seat, oil):
                return
            if kind == "DICE" and not self._roll_cable_dice(g, seat):
                return
            if kind == "BONUS":
                cards = decks.draw(g, "bonus_deck", g.data.rules["bonus_action_draw"])
                if cards:
                    g.g["last_bonus"] = {"card": cards[0], "half": None, "seat": seat}
                    card = g.data.bonus_cards[cards[0]]
                    g.log(f"{{seat{seat}}} draws a Bonus card: {describe_items(g, card.top)} or "
                          f"{describe_items(g, card.bottom)}.")
                    g.call("bonus_choice", seat=seat, card=cards[0])
                    return
        self.resume(g, None)

    def label_act(self, g: Game, seat: int, kind: str) -> str:
        repeat = kind in g.g["turn"]["actions"]
        return f"{NAMES[kind]} action" + (" (uses Action Repeater)" if repeat else "")

    def act_done(self, g: Game, seat: int) -> None:
        g.end()

    def label_done(self, g: Game, seat: int) -> str:
        return "Done with Board Actions"

    @staticmethod
    def _roll_cable_dice(g: Game, seat: int) -> bool:
        """RR-ACT-11: roll both Cable Dice, gain both tokens, place them (Wild: the player picks)."""
        faces = [gains.roll_cable_die(g) for _ in range(g.data.rules["cable_dice_action_dice"])]
        g.log(f"{{seat{seat}}} rolls the Cable Dice: {', '.join(f.lower() for f in faces)}.")
        return give(g, seat, [{"kind": "CABLE", "type": f, "n": 1} for f in faces])

    def resume(self, g: Game, result: Any) -> None:
        f = g.frame
        if f["taken"] >= f["limit"] or not actions_available(g, f["seat"]):
            g.end()

    def prompt(self, g: Game, seat: int) -> str:
        f = g.frame
        return f"Board Actions after card {f['card']}: {f['limit'] - f['taken']} left (each type once per turn)."

    def default(self, g: Game, seat: int) -> Action:
        return act("done")


class PowerChoice(Step):
    """Power action: a Blast! token or a Processor chip (RR-ACT-08)."""

    name = "power_choice"
    deciding = "take a Processor chip or a Blast! token"
    verbs = ("power",)

    def actions_power(self, g: Game, seat: int) -> list[Action]:
        return [act("power", o) for o in power_options(g, seat)]

    def act_power(self, g: Game, seat: int, choice: str) -> None:
        _take_power(g, seat, str(choice))
        g.end()

    def label_power(self, g: Game, seat: int, choice: str) -> str:
        return "Power: Processor chip" if choice == "chip" else "Power: Blast! token"

    def prompt(self, g: Game, seat: int) -> str:
        return "Take a Processor chip or a Blast! token."

    def default(self, g: Game, seat: int) -> Action:
        """§6.4: a chip while the player has fewer than 4, otherwise Blast!."""
        return self.actions(g, seat)[0]


def describe_items(g: Game, items: Any) -> str:
    c = g.data
    words = []
    for it in items:
        if it.kind == "OIL":
            words.append(f"{it.n} oil")
        elif it.kind == "COMMAND":
            words.append(f"{it.n} Command card{'s' * (it.n > 1)}")
        elif it.kind == "CABLE":
            words.append(f"{it.n} {c.raw['cable_matrix']['token_names'].get(it.type, 'Wild')} cable token"
                         + "s" * (it.n > 1))
        else:
            words.append(f"{it.n} {c.modifier_types[it.type]['name']} token" + "s" * (it.n > 1))
    return " + ".join(words)


class BonusChoice(Step):
    """D-BONUS: take the top or the bottom half, with everything on it (RR-BONUS-01..05)."""

    name = "bonus_choice"
    deciding = "choose one half of a Bonus card"
    verbs = ("bonus",)

    def actions_bonus(self, g: Game, seat: int) -> list[Action]:
        return [act("bonus", "top"), act("bonus", "bottom")]

    def act_bonus(self, g: Game, seat: int, half: str) -> None:
        card = g.data.bonus_cards[g.frame["card"]]
        items = card.top if half == "top" else card.bottom
        g.g["bonus_discard"].append(card.id)  # RR-BONUS-03
        g.g["last_bonus"]["half"] = half
        g.log(f"{{seat{seat}}} takes the {half} half: {describe_items(g, items)}.")
        if give(g, seat, [{"kind": it.kind, "type": it.type, "n": it.n} for it in items]):
            g.end()

    def label_bonus(self, g: Game, seat: int, half: str) -> str:
        card = g.data.bonus_cards[g.frame["card"]]
        items = card.top if half == "top" else card.bottom
        return f"Bonus: {describe_items(g, items)}"

    def resume(self, g: Game, result: Any) -> None:
        g.end()

    def prompt(self, g: Game, seat: int) -> str:
        return "Choose one half of the Bonus card."

    def default(self, g: Game, seat: int) -> Action:
        return act("bonus", "top")
