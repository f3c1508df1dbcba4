"""Conversions: choose a reward, a resource type, then pay unit by unit (RR-CONV)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engines.core import Action, Game, Step, act

from . import abilities, cables, decks
from .content import Reward
from .gains import give
from .payment_sets import MENU_LIMIT, card_sets, card_words, oil_sets, oil_words
from .player_board import gain_modifier, player, return_supply
from .turn import cleanup

RESOURCE_NAMES = {"CARDS": "Command cards", "TOKENS": "modifier/cable tokens", "OIL": "oil"}
GOODS = {"CARDS": "cards", "TOKENS": "tokens", "OIL": "oil"}
UNIT_NAMES = {"CARDS": ("Command card", "Command cards"),
              "TOKENS": ("modifier or cable token", "modifier/cable tokens"), "OIL": ("oil", "oil")}


def goods(pay_with: tuple[str, ...]) -> str:
    """What a price is paid in, in words: "cards, tokens or oil", "Command cards"."""
    if len(pay_with) == 1:
        return RESOURCE_NAMES[pay_with[0]]
    names = [GOODS[r] for r in pay_with]
    return ", ".join(names[:-1]) + " or " + names[-1]


def spendable_oil(g: Game, seat: int) -> list[int]:
    """Oil per tank that may be spent: a full tank is locked (RR-CONV-07, RR-BOARD-03)."""
    size = g.data.rules["oil_tank_size"]
    return [t if t < size else 0 for t in player(g, seat)["tanks"]]


def loose_cables(g: Game, seat: int) -> list[str]:
    """Matrix tokens that may be spent now: loose on an end and not locked (RR-CONV-08, RR-CABLE-09/13)."""
    p = player(g, seat)
    return [cell for cell in sorted(p["matrix"]) if cell not in p["locked"]
            and cables.is_loose(g.data, p["matrix"], cell)]


def resource_units(g: Game, seat: int, resource: str) -> int:
    """How many units of a resource type could be paid in one conversion."""
    p = player(g, seat)
    if resource == "CARDS":
        return len(g.g["hands"][str(seat)])  # RR-TURN-06: only cards in hand
    if resource == "OIL":
        return sum(spendable_oil(g, seat))
    own = sum(p["modifiers"].values())  # RR-CONV-09: personal supply only
    return own + cables.removable_count(g.data, p["matrix"], p["locked"])


def can_pay(g: Game, seat: int, resource: str, cost: int) -> bool:
    """``resource_units(...) >= cost``, without peeling the cable matrix when tokens already suffice."""
    if resource == "TOKENS":
        p = player(g, seat)
        own = sum(p["modifiers"].values())
        return own >= cost or own + cables.removable_count(g.data, p["matrix"], p["locked"]) >= cost
    return resource_units(g, seat, resource) >= cost


def rewards_for(g: Game) -> tuple[Reward, ...]:
    """The conversion rows in play, cheapest tier first; house rules swap a reward's type (AMB-01)."""
    c, options = g.data, g.options
    names = c.memo.get("house_rules")
    if names is None:
        names = c.memo["house_rules"] = tuple(sorted({name for r in c.rewards for name, _ in r.house}))
    on = tuple(name for name in names if options.get(name))
    key = ("rewards", on)
    cached = c.memo.get(key)
    if cached is None:
        rows = []
        for r in sorted(c.rewards, key=lambda r: r.cost):
            swap = next((ty for name, ty in r.house if name in on), None)
            rows.append(r if swap is None else replace(r, type=swap, house=()))
        cached = c.memo[key] = tuple(rows)
    return cached


def reward_gainable(g: Game, seat: int, r: Reward, card: str | None = None) -> bool:
    """Whether the reward itself could be received now (RR-CONV-06, RR-CONV-11, RR-CONV-13)."""
    if r.kind in g.g["turn"]["conversions"]:
        return False
    supply = g.g["supply"]
    if r.kind == "MODIFIER":
        return supply["modifiers"][r.type] > 0
    if r.kind == "CABLE":
        return supply["cables"][r.type] > 0
    if r.kind == "MOVEMENT_CARD":
        return decks.movement_available(g, r.type)
    if r.kind == "MASTER_CODER":
        return bool(g.g["master_coders"]) and abilities.can_gain(g, seat, g.g["master_coders"][0])
    return card is not None and abilities.can_gain(g, seat, card)


def offers(g: Game, seat: int) -> list[Action]:
    """D-08a/b: rewards not yet taken this turn, gainable and affordable, at their cheapest price."""
    seen: set[tuple[str, str]] = set()
    acts = []
    taken = g.g["turn"]["conversions"]
    units: dict[str, int] = {}  # each resource counted once per call
    affordable: dict[tuple[int, tuple[str, ...]], bool] = {}
    for r in rewards_for(g):
        if r.kind in taken:
            continue
        price = (r.cost, r.pay_with)
        if price not in affordable:
            affordable[price] = False
            for res in r.pay_with:
                if res not in units:
                    units[res] = resource_units(g, seat, res)
                if units[res] >= r.cost:
                    affordable[price] = True
                    break
        if not affordable[price]:
            continue
        cards = [x for x in g.g["ability_supply"] if x] if r.kind == "ABILITY" else [None]
        for card in cards:
            key = (r.kind, card or r.type)
            if key in seen or not reward_gainable(g, seat, r, card):
                continue
            seen.add(key)
            acts.append(act("buy", r.tier, r.kind, card or r.type))
    return acts


def _reward(g: Game, frame: dict[str, Any]) -> Reward:
    kind, tier = frame["reward"]["kind"], frame["reward"]["tier"]
    ty = "SUPPLY" if kind == "ABILITY" else frame["reward"]["type"]
    return next(r for r in rewards_for(g) if r.tier == tier and r.kind == kind and r.type == ty)


def _grant(g: Game, seat: int, kind: str, ty: str) -> bool:
    """Receive the reward; False if a cable placement is pending."""
    g.g["turn"]["conversions"].append(kind)
    if kind == "MODIFIER":
        gain_modifier(g, seat, ty)
    elif kind == "MOVEMENT_CARD":
        decks.take_movement_card(g, seat, ty)
    elif kind == "MASTER_CODER":
        abilities.take_master_coder(g, seat)
    elif kind == "ABILITY":
        abilities.take_from_supply(g, seat, ty)
    else:
        return give(g, seat, [{"kind": "CABLE", "type": ty, "n": 1}])  # RR-CONV-12
    return True


class Conversions(Step):
    """D-08: convert resources, one reward of each kind per turn, then end the turn.

    The frame holds the conversion under way: ``reward`` (chosen with ``buy``), ``resource`` (chosen
    with ``pay``, or implied when only one fits) and the units ``paid`` so far (one ``spend`` each).
    """

    name = "conversions"
    deciding = "make conversions or end their turn"
    verbs = ("buy", "pay", "spend", "done")

    # -- buy: choose a reward ----------------------------------------------------------------------
    def actions_buy(self, g: Game, seat: int) -> list[Action]:
        return [] if g.frame.get("reward") else offers(g, seat)

    def act_buy(self, g: Game, seat: int, tier: int, kind: str, ty: str) -> None:
        f = g.frame
        f.update(reward={"tier": tier, "kind": kind, "type": ty}, paid=0)
        r = _reward(g, f)
        can = [res for res in r.pay_with if can_pay(g, seat, res, r.cost)]
        f["resource"] = can[0] if len(can) == 1 else None

    def label_buy(self, g: Game, seat: int, tier: int, kind: str, ty: str) -> str:
        r = _reward(g, {"reward": {"tier": tier, "kind": kind, "type": ty}})
        text = f"Pay {r.cost} {goods(r.pay_with)} → {self._reward_name(g, str(kind), str(ty))}"
        if kind == "CABLE" and not cables.legal_placements(g.data, player(g, seat)["matrix"], str(ty)):
            text += " (no room: it goes back)"  # RR-CONV-12
        return text

    # -- pay: choose the resource type -------------------------------------------------------------
    def actions_pay(self, g: Game, seat: int) -> list[Action]:
        f = g.frame
        if not f.get("reward") or f.get("resource"):
            return []
        r = _reward(g, f)
        whole = self._whole_by_resource(g, seat) if g.rules_version >= 2 else {}
        return [act("pay", res) for res in r.pay_with if can_pay(g, seat, res, r.cost) and res not in whole]

    def act_pay(self, g: Game, seat: int, resource: str) -> None:
        g.frame["resource"] = resource

    def label_pay(self, g: Game, seat: int, resource: str) -> str:
        return f"Pay with {RESOURCE_NAMES[str(resource)]}"

    # -- spend: pay one unit, or (rules version 2) the whole payment of cards or oil at once ---------
    def actions_spend(self, g: Game, seat: int) -> list[Action]:
        f = g.frame
        if not f.get("reward"):
            return []
        if g.rules_version >= 2:
            whole = self._whole_by_resource(g, seat)
            if not f.get("resource"):  # the resource is chosen with the payment itself
                return [a for actions in whole.values() for a in actions]
            if f["resource"] in whole:
                return whole[f["resource"]]
        if not f.get("resource"):
            return []
        p, resource = player(g, seat), f["resource"]
        if resource == "CARDS":
            kinds = sorted({g.data.card_type(x) for x in g.g["hands"][str(seat)]})
            return [act("spend", "card", k) for k in kinds]
        if resource == "OIL":
            return [act("spend", "oil", i + 1) for i, n in enumerate(spendable_oil(g, seat)) if n > 0]
        mods = [act("spend", "mod", t) for t, n in sorted(p["modifiers"].items()) if n > 0]
        return mods + [act("spend", "cable", cell) for cell in loose_cables(g, seat)]

    @staticmethod
    def _whole_by_resource(g: Game, seat: int) -> dict[str, list[Action]]:
        """Rules version 2: every way to pay what is still owed, per resource that can be paid as one
        choice (cards or oil; tokens go one by one). Before the resource is chosen, only when all of them
        fit one menu; then choosing the payment chooses the resource."""
        f = g.frame
        r = _reward(g, f)
        left = r.cost - f["paid"]
        chosen = f.get("resource")
        out: dict[str, list[Action]] = {}
        for res in (chosen,) if chosen else r.pay_with:
            if not chosen and not can_pay(g, seat, res, r.cost):
                continue
            if res == "CARDS":
                sets = card_sets([g.data.card_type(x) for x in g.g["hands"][str(seat)]], left)
                if len(sets) <= MENU_LIMIT:
                    out[res] = [act("spend", "cards", "+".join(c)) for c in sets]
            elif res == "OIL":
                out[res] = [act("spend", "oils", k) for k in oil_sets(spendable_oil(g, seat), left)]
        if not chosen and sum(map(len, out.values())) > MENU_LIMIT:
            return {}
        return out

    def act_spend(self, g: Game, seat: int, what: str, arg: str | int) -> None:
        f = g.frame
        if what in ("cards", "oils"):
            f["resource"] = "CARDS" if what == "cards" else "OIL"
        if what == "cards":
            for kind in str(arg).split("+"):
                self._spend(g, seat, "card", kind)
            f["paid"] += len(str(arg).split("+")) - 1
        elif what == "oils":
            left = _reward(g, f).cost - f["paid"]
            for tank, n in ((1, int(arg)), (2, left - int(arg))):
                for _ in range(n):
                    self._spend(g, seat, "oil", tank)
            f["paid"] += left - 1
        else:
            self._spend(g, seat, what, arg)
        f["paid"] += 1
        if f["paid"] == _reward(g, f).cost:
            reward = f["reward"]
            f.update(reward=None, resource=None, paid=0)
            g.log(f"{{seat{seat}}} converts for {self._reward_name(g, reward['kind'], reward['type'])}.")
            _grant(g, seat, reward["kind"], reward["type"])

    def label_spend(self, g: Game, seat: int, what: str, arg: str | int) -> str:
        if what == "cards":
            return f"Spend {card_words(g.data.card_names, tuple(str(arg).split('+')))}"
        if what == "oils":
            return f"Spend {oil_words(int(arg), _reward(g, g.frame).cost - g.frame['paid'])}"
        if what == "card":
            return f"Spend a {g.data.card_names[str(arg)]} card"
        if what == "oil":
            return f"Spend 1 oil from tank {arg}"
        if what == "mod":
            return f"Spend a {g.data.modifier_types[str(arg)]['name']} token"
        return f"Spend the cable in matrix cell {arg}"

    def _spend(self, g: Game, seat: int, what: str, arg: Any) -> None:
        """Pay one unit (RR-CONV-10): cards to the discard, tokens and oil to the supply."""
        p = player(g, seat)
        if what == "card":
            hand = g.g["hands"][str(seat)]
            card = [x for x in hand if g.data.card_type(x) == arg][-1]
            hand.remove(card)
            g.g["command_discard"].append(card)
            g.log(f"{{seat{seat}}} spends a {g.data.card_names[arg]} card.")
        elif what == "oil":
            p["tanks"][int(arg) - 1] -= 1
            return_supply(g, "oil", 1)
            g.log(f"{{seat{seat}}} spends 1 oil from tank {arg}.")
        elif what == "mod":
            p["modifiers"][arg] -= 1
            return_supply(g, str(arg), 1, "modifiers")
            g.log(f"{{seat{seat}}} spends a {g.data.modifier_types[arg]['name']} token.")
        else:
            orient = p["matrix"].pop(str(arg))
            return_supply(g, g.data.orient_type(orient), 1, "cables")
            g.log(f"{{seat{seat}}} removes the cable in matrix cell {arg}.")

    def forced(self, g: Game, seat: int) -> Action | None:
        """From rules version 2, a payment with one way left to finish pays itself: one kind of unit to
        spend, or exactly as many units as are still owed (all of them go either way)."""
        f = g.frame
        if g.rules_version < 2 or not f.get("reward") or not f.get("resource"):
            return None
        options = self.actions_spend(g, seat)
        left = _reward(g, f).cost - f["paid"]
        if len(options) == 1 or resource_units(g, seat, f["resource"]) == left:
            return options[0]
        return None

    # -- done: end the turn ------------------------------------------------------------------------
    def actions_done(self, g: Game, seat: int) -> list[Action]:
        return [] if g.frame.get("reward") else [act("done")]

    def act_done(self, g: Game, seat: int) -> None:
        cleanup(g, seat)

    def label_done(self, g: Game, seat: int) -> str:
        return "Done: end the turn"

    def resume(self, g: Game, result: Any) -> None:
        """A converted cable token has been placed; stay in Conversions."""

    @staticmethod
    def _reward_name(g: Game, kind: str, ty: str) -> str:
        c = g.data
        if kind == "MODIFIER":
            return f"a {c.modifier_types[ty]['name']} token"
        if kind == "CABLE":
            return f"a {c.raw['cable_matrix']['token_names'][ty]} cable token"
        if kind == "MOVEMENT_CARD":
            return f"a {c.card_names[ty]} Movement card"
        if kind == "MASTER_CODER":
            return "a Master Coder"
        ab = c.abilities[ty]
        return f"the {ab.name} ability (die {ab.die})"

    def prompt(self, g: Game, seat: int) -> str:
        f = g.frame
        if not f.get("reward"):
            return "Make a conversion or end your turn."
        r = _reward(g, f)
        if not f.get("resource"):
            return f"Pay {r.cost} {goods(r.pay_with)}: choose " + ("how." if g.rules_version >= 2 else "one kind.")
        left = r.cost - f["paid"]
        return f"Pay {left} more {UNIT_NAMES[f['resource']][left > 1]}."

    def default(self, g: Game, seat: int) -> Action:
        """§6.4: Done; a conversion already chosen is finished with the first resource and units offered."""
        return self.actions(g, seat)[0] if g.frame.get("reward") else act("done")
