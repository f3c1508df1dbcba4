"""Phase 4 maintenance, at the same time for everyone (SB-P4-MAINT-01..11), and the Phase 6 discards.

Each player walks the steps in rule order (AMB-25) in their own private progress marker: 4.1.1
replicate and rearrange batteries → 4.1.2 move resources upwards (liquefying after each move) → 4.1.3
solidify (automatic) → 4.1.4 combine Betamatter and prepare the producer. The AI choice (4.1.5) then goes
in turn order.
"""

from __future__ import annotations

from typing import Any

from engines.core import Action, Game, Simultaneous, Step, act

from . import flow
from .batteries import room, update_ai
from .item_cards import best
from .robots import called, hand_of, own_words, partner_here
from .sheets import MAIN, is_delta_board, tank_called
from .status import hand_limit
from .stress import player, repair
from .tanks import add, put, solidify
from .tanks import room as tank_room
from .words import card as card_words

STAGES = ("batteries", "resources", "combine")
BASIC = ("C", "Ti", "Si")


def battery_of(g: Game, res: str) -> str:
    return g.data["vaults"]["resources"]["battery_of"][res]


def dangerous_of(p: dict[str, Any]) -> dict[str, int]:
    """Where ``p`` keeps Gas and Acid: the DS tank, or DeltaBot's main tank (spec 4.22)."""
    return p["tanks"][MAIN] if is_delta_board(p) else p["ds"]


DELTA_PRODUCER = ("Ex", "Bm")
"""What goes with Betamatter on DeltaBot's producer once your BetaBot unlocked it (SB-SOLO-21 part 3)."""


def all_spaces(p: dict[str, Any]) -> list[Any]:
    """The producer spaces ``p`` may replicate: its own, then DeltaBot's after part 3 (SB-SOLO-21)."""
    return [*p["producer"], *(p.get("delta_producer") or [])]


def set_space(p: dict[str, Any], index: int, value: Any) -> None:
    """Write producer space ``index`` of :func:`all_spaces`."""
    own = len(p["producer"])
    if index < own:
        p["producer"][index] = value
    else:
        p["delta_producer"][index - own] = value


def recipes(g: Game, p: dict[str, Any]) -> list[str]:
    """What goes with Betamatter into the producer: C, Ti, Si or Ex; DeltaBot by its AI tile when placed,
    Competitive Bm+Bm, Cooperative Bm+Ex (SB-SOLO-13)."""
    if not is_delta_board(p):
        return [*BASIC, "Ex"]
    return [pair[1] for pair in g.data["deltabot"]["battery_producer"]["recipes"][p["ai"] or "comp"]]


class Maintain(Simultaneous):
    """Private ``{"stage", "replicated"}`` per seat; the board itself is public."""

    name = "maintain"
    verbs = ("replicate", "swap", "order", "give", "move", "hand", "combine", "prepare", "next")
    deciding = "do their maintenance"

    def stage(self, g: Game, seat: int) -> str:
        return self.mine(g, seat).get("stage", STAGES[0])

    # 4.1.1 ------------------------------------------------------------------------------------
    def actions_replicate(self, g: Game, seat: int) -> list[Action]:
        if self.stage(g, seat) != "batteries":
            return []
        p, done = player(g, seat), self.mine(g, seat).get("replicated", 0)
        limit = max(g.data["rules"]["maintenance"]["max_replications"], best(g, seat, "replicate_limit"))
        fits = self.fits(g, seat)
        out = []
        for i, space in enumerate(all_spaces(p)):
            if not space:
                continue
            free = i >= len(p["producer"])  # SB-SOLO-21 part 3: DeltaBot's producer is outside the limit
            if space[1] == "Bm":  # DeltaBot's Bm+Bm repairs 1 shield (SB-SOLO-13, SB-SOLO-21)
                if free or done < limit:
                    out.append(act("replicate", i + 1))
            elif space[1] == "Ex":
                if (free or done + 2 <= limit) and fits >= 2:
                    kinds = g.data["vaults"]["resources"]["batteries"]
                    out += [act("replicate", i + 1, a, b) for a in kinds for b in kinds if a < b]
            elif (free or done < limit) and fits >= 1:
                out.append(act("replicate", i + 1))
        return out

    def partner(self, g: Game, seat: int) -> int | None:
        """Solo: the other bot, still maintaining, at the same location (SB-SOLO-12)."""
        other = partner_here(g, seat)
        return None if other is None or other not in self.active(g) else other

    def fits(self, g: Game, seat: int) -> int:
        """New batteries that fit: on this robot's track, or in solo on the other bot's beside it."""
        other = self.partner(g, seat)
        return max(room(g, player(g, seat)), room(g, player(g, other)) if other is not None else 0)

    def act_replicate(self, g: Game, seat: int, space: int, *types: str) -> None:
        p, mine = player(g, seat), self.mine(g, seat)
        partner = all_spaces(p)[space - 1][1]
        counted = space <= len(p["producer"])
        set_space(p, space - 1, None)
        if partner == "Bm":
            repair(g, seat, g.data["deltabot"]["battery_producer"]["bm_bm_result"]["repair"])
            mine["replicated"] = mine.get("replicated", 0) + counted
            return
        made = list(types) if partner == "Ex" else [battery_of(g, partner)]
        other = self.partner(g, seat)
        into = p if room(g, p) >= len(made) or other is None else player(g, other)  # SB-SOLO-12: overflow
        into["track"].extend(made)  # SB-P4-MAINT-02: rightmost empty spaces
        update_ai(g, into)
        mine["replicated"] = mine.get("replicated", 0) + len(made) * counted

    def label_replicate(self, g: Game, seat: int, space: int, *types: str) -> str:
        p = player(g, seat)
        partner = all_spaces(p)[space - 1][1]
        if partner == "Bm":
            return f"Combine producer space {space} (Betamatter + Betamatter): repair 1 of {called(g, seat)}'s shields"
        made = list(types) if partner == "Ex" else [battery_of(g, partner)]
        other = self.partner(g, seat)
        to = f" (onto {called(g, other)}'s track)" if room(g, p) < len(made) and other is not None else ""
        return f"Replicate producer space {space}: " + " and ".join(g.data.res_name(b) for b in made) + to

    def actions_give(self, g: Game, seat: int) -> list[Action]:
        other = self.partner(g, seat)
        if self.stage(g, seat) != "batteries" or other is None or room(g, player(g, other)) < 1:
            return []
        return [act("give", k + 1) for k in range(len(player(g, seat)["track"]))]

    def act_give(self, g: Game, seat: int, space: int) -> None:
        p, q = player(g, seat), player(g, self.partner(g, seat))
        q["track"].append(p["track"].pop(space - 1))  # SB-SOLO-12: bots at one location share freely
        update_ai(g, p)
        update_ai(g, q)

    def label_give(self, g: Game, seat: int, space: int) -> str:
        what = g.data.res_name(player(g, seat)["track"][space - 1])
        return f"Pass the {what} on space {space} to {called(g, self.partner(g, seat))}'s track"

    def actions_swap(self, g: Game, seat: int) -> list[Action]:
        if self.stage(g, seat) != "batteries":
            return []
        p = player(g, seat)
        return [act("swap", k + 1) for k, b in enumerate(p["track"]) if b != p["inside"]]

    def act_swap(self, g: Game, seat: int, space: int) -> None:
        p = player(g, seat)
        if p["inside"]:
            p["inside"], p["track"][space - 1] = p["track"][space - 1], p["inside"]
        else:
            p["inside"] = p["track"].pop(space - 1)
            update_ai(g, p)

    def label_swap(self, g: Game, seat: int, space: int) -> str:
        p = player(g, seat)
        what = g.data.res_name(p["track"][space - 1])
        if p["inside"]:
            return (f"Swap the {g.data.res_name(p['inside'])} in {own_words(g, seat)} with the {what} on "
                    f"space {space}")
        return f"Put the {what} from space {space} into {own_words(g, seat)}"

    def actions_order(self, g: Game, seat: int) -> list[Action]:
        if self.stage(g, seat) != "batteries":
            return []
        t = player(g, seat)["track"]
        return [act("order", k + 1) for k in range(1, len(t)) if t[k] != t[k - 1]]

    def act_order(self, g: Game, seat: int, space: int) -> None:
        t = player(g, seat)["track"]
        t[space - 1], t[space - 2] = t[space - 2], t[space - 1]

    def label_order(self, g: Game, seat: int, space: int) -> str:
        t = player(g, seat)["track"]
        return f"Swap track spaces {space - 1} and {space} ({g.data.res_name(t[space - 1])} to space {space - 1})"

    # 4.1.2 ------------------------------------------------------------------------------------
    def actions_move(self, g: Game, seat: int) -> list[Action]:
        if self.stage(g, seat) != "resources":
            return []
        p = player(g, seat)
        out = []
        for a in sorted(p["tanks"], key=int):
            for res in sorted(p["tanks"][a]):
                for b in sorted(p["tanks"], key=int):
                    upwards = int(b) > int(a) or (is_delta_board(p) and b != a)  # SB-SOLO-12: DeltaBot freely
                    if upwards and tank_room(g, p, b, res) > 0:
                        out.append(act("move", res, int(a), int(b)))
        return out

    def actions_hand(self, g: Game, seat: int) -> list[Action]:
        other = self.partner(g, seat)
        if self.stage(g, seat) != "resources" or other is None:
            return []
        p, q = player(g, seat), player(g, other)
        return [act("hand", res, int(a), int(b)) for a in sorted(p["tanks"], key=int) for res in sorted(p["tanks"][a])
                for b in sorted(q["tanks"], key=int) if tank_room(g, q, b, res) > 0]

    def act_hand(self, g: Game, seat: int, res: str, a: int, b: int) -> None:
        other = self.partner(g, seat)
        add(player(g, seat)["tanks"][str(a)], res, -1)
        put(g, player(g, other), str(b), res)  # SB-SOLO-12: bots at one location share freely

    def label_hand(self, g: Game, seat: int, res: str, a: int, b: int) -> str:
        other = self.partner(g, seat)
        return (f"Pass 1 {g.data.res_name(res)} from {tank_called(player(g, seat), a)} to "
                f"{called(g, other)}'s {tank_called(player(g, other), b)}")

    def act_move(self, g: Game, seat: int, res: str, a: int, b: int) -> None:
        p = player(g, seat)
        add(p["tanks"][str(a)], res, -1)
        put(g, p, str(b), res)  # SB-P4-MAINT-06: liquefies at once

    def label_move(self, g: Game, seat: int, res: str, a: int, b: int) -> str:
        p = player(g, seat)
        return f"Move 1 {g.data.res_name(res)} from {tank_called(p, a)} to {tank_called(p, b)}"

    # 4.1.4 ------------------------------------------------------------------------------------
    def actions_combine(self, g: Game, seat: int) -> list[Action]:
        if self.stage(g, seat) != "combine":
            return []
        p = player(g, seat)
        out = []
        for rule in g.data["rules"]["maintenance"]["combine"]:
            other = next(r for r in rule["in"] if r != "Bm")
            if not dangerous_of(p).get(other):
                continue
            (res, n), = rule["out"].items()
            for a in sorted(p["tanks"], key=int):
                if not p["tanks"][a].get("Bm"):
                    continue
                for b in sorted(p["tanks"], key=int):
                    freed = g.data["boards"]["player_board"]["square_size"]["Bm"] if a == b else 0
                    fits = tank_room(g, p, b, res) + freed // g.data["boards"]["player_board"]["square_size"][res]
                    if int(b) >= int(a) and fits >= n:
                        out.append(act("combine", other, int(a), int(b)))
        return out

    def act_combine(self, g: Game, seat: int, other: str, tank: int, into: int) -> None:
        p = player(g, seat)
        rule = next(r for r in g.data["rules"]["maintenance"]["combine"] if other in r["in"])
        add(p["tanks"][str(tank)], "Bm", -1)
        add(dangerous_of(p), other, -1)
        for res, n in rule["out"].items():
            put(g, p, str(into), res, n)  # SB-P4-MAINT-10: the Bm's tank or a higher one (Lava there melts it)

    def label_combine(self, g: Game, seat: int, other: str, tank: int, into: int) -> str:
        rule = next(r for r in g.data["rules"]["maintenance"]["combine"] if other in r["in"])
        out = " + ".join(f"{n} {g.data.res_name(r)}" for r, n in rule["out"].items())
        return f"Combine Betamatter (tank {tank}) and {g.data.res_name(other)}: {out} into tank {into}"

    def actions_prepare(self, g: Game, seat: int) -> list[Action]:
        if self.stage(g, seat) != "combine":
            return []
        p = player(g, seat)
        out = []
        for where, spaces, partners in (("own", p["producer"], recipes(g, p)),
                                        ("D", p.get("delta_producer"), DELTA_PRODUCER)):
            if spaces is None or None not in spaces:
                continue
            extra = () if where == "own" else (where,)
            for a in sorted(p["tanks"], key=int):
                if not p["tanks"][a].get("Bm"):
                    continue
                for b in sorted(p["tanks"], key=int):
                    for res in partners:
                        need = 2 if (res == "Bm" and a == b) else 1
                        if p["tanks"][b].get(res, 0) >= need:
                            out.append(act("prepare", int(a), res, int(b), *extra))
        return out

    def act_prepare(self, g: Game, seat: int, bm_tank: int, res: str, tank: int, where: str = "own") -> None:
        p = player(g, seat)
        add(p["tanks"][str(bm_tank)], "Bm", -1)
        add(p["tanks"][str(tank)], res, -1)
        spaces = p["producer"] if where == "own" else p["delta_producer"]
        spaces[spaces.index(None)] = ["Bm", res]  # SB-P4-MAINT-09

    def label_prepare(self, g: Game, seat: int, bm_tank: int, res: str, tank: int, where: str = "own") -> str:
        on = "" if where == "own" else " on DeltaBot's producer"
        return (f"Prepare a battery{on}: 1 Betamatter from tank {bm_tank} and 1 {g.data.res_name(res)} "
                f"from tank {tank}")

    # stages -----------------------------------------------------------------------------------
    def act_next(self, g: Game, seat: int) -> None:
        mine, p = self.mine(g, seat), player(g, seat)
        stage = self.stage(g, seat)
        if stage == "batteries" and not p["inside"] and p["track"]:
            p["inside"] = p["track"].pop(0)  # SB-P4-MAINT-04
            update_ai(g, p)
        if stage == "resources":
            solidify(g, p)  # SB-P4-MAINT-08
        if stage == STAGES[-1]:
            self.lock(g, seat)
            return
        mine["stage"] = STAGES[STAGES.index(stage) + 1]

    def label_next(self, g: Game, seat: int) -> str:
        return {"batteries": "Done with batteries", "resources": "Done moving resources (then solidify)",
                "combine": "Finish maintenance"}[self.stage(g, seat)]

    def prompt(self, g: Game, seat: int) -> str:
        return {"batteries": "Maintenance 1/3: replicate up to 2 batteries and arrange your track.",
                "resources": "Maintenance 2/3: move resources to higher tanks (Lava liquefies what it meets).",
                "combine": "Maintenance 3/3: combine Betamatter and prepare the Battery Producer."}[
            self.stage(g, seat)]

    def default(self, g: Game, seat: int) -> Action:
        return act("next")  # spec 6.5: only the mandatory steps

    def resolve(self, g: Game, choices: dict[int, dict[str, Any]]) -> None:
        flow.ai_choices(g, list(g.g["order"]))


class AIChoice(Step):
    """4.1.5: with exactly 5 batteries choose Competitive or Cooperative; frame ``{"seat", "queue"}``."""

    name = "ai_choice"
    verbs = ("ai",)
    deciding = "choose their AI"

    def actions_ai(self, g: Game, seat: int) -> list[Action]:
        current = player(g, seat)["ai"]
        return [act("ai", current), act("ai", "coop" if current == "comp" else "comp")]

    def act_ai(self, g: Game, seat: int, ai: str) -> None:
        player(g, seat)["ai"] = ai
        g.log(f"{called(g, seat)}'s AI is {'Cooperative' if ai == 'coop' else 'Competitive'}.")
        flow.ai_choices(g, g.frame["queue"], g.frame.get("then", "phase5"))

    def label_ai(self, g: Game, seat: int, ai: str) -> str:
        word = "Cooperative" if ai == "coop" else "Competitive"
        return f"Keep {word}" if ai == player(g, seat)["ai"] else f"Switch to {word}"

    def prompt(self, g: Game, seat: int) -> str:
        return "You have exactly 5 batteries: choose your AI."


class Discard(Simultaneous):
    """Phase 6: discard down to the hand limit (SB-P6-STATUS-03)."""

    name = "discard"
    verbs = ("discard",)
    deciding = "discard down to their hand limit"

    def actions_discard(self, g: Game, seat: int) -> list[Action]:
        hand = hand_of(g, seat)
        seen: dict[str, str] = {}
        for card in sorted(hand):
            seen.setdefault(card_words(g, card), card)
        return [act("discard", c) for c in seen.values()]

    def act_discard(self, g: Game, seat: int, card: str) -> None:
        hand_of(g, seat).remove(card)
        g.g["discards"][g.data.cards[card]["type"]].append(card)
        if len(hand_of(g, seat)) <= hand_limit(g, seat):
            self.lock(g, seat)

    def label_discard(self, g: Game, seat: int, card: str) -> str:
        return f"Discard {card_words(g, card)}"

    def prompt(self, g: Game, seat: int) -> str:
        over = len(hand_of(g, seat)) - hand_limit(g, seat)
        return f"Discard {over} more card{'s' if over > 1 else ''} (hand limit {hand_limit(g, seat)})."

    def default(self, g: Game, seat: int) -> Action:
        """Spec 6.5: the most recently drawn card first (as the offered card of its kind)."""
        last = card_words(g, hand_of(g, seat)[-1])
        return next(a for a in self.actions_discard(g, seat) if card_words(g, a.args[0]) == last)

    def resolve(self, g: Game, choices: dict[int, dict[str, Any]]) -> None:
        flow.end_round(g)
