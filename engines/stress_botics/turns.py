"""Phase 3: reveal or return the leftmost programmed card, pick one sub-action, boost it, then keep the
card by paying from the slot's tank or discard it (SB-P3-ACT-01..11).

Offered: MOVE, MINE → Extract and Attack, CONNECT → Produce (Shields and Batteries Vaults, the Core, the
Hatch), Disarm/Arm and Make a Manual Delivery; from rules version 2 attacks reach Cylindroids and AlphaBot and
the keep prompt offers a captured Cylindroid's extra action; from rules version 3 (``threats.full``) the items'
sub-actions (item_subs.py) and INTERACT's Access the Control and Access the Server (hull.py, interact.py). A
card with no sub-action possible can only be returned (SB-INTERACT-03).
"""

from __future__ import annotations

from typing import Any

from engines.core import Action, Game, Step, act, effects

from . import combat, flow, hatch, hull, interact, item_subs, items, salvage, threats
from .batteries import active_batteries, add_battery, battery_at, room, spend
from .delivery import deliver_frame, possible
from .events import change_pressure, rotate_core
from .extract import (
    EXTRACTION_TILES,
    core_production,
    extract_yield,
    hatch_alternatives,
    pick_up,
    produce_shields,
    production,
    take,
    tile_yield,
)
from .moving import places
from .placing import offer
from .planet import others_at
from .robots import called, hand_of, is_delta, own_words, solo
from .sheets import MAIN
from .stress import change_stress, damage, player, repair
from .tanks import can_pay_from, pay_from, take_one
from .words import amount
from .words import card as card_words

SUBACTIONS = {"MOVE": ("move",), "MINE": ("extract", "attack"),
              "CONNECT": ("produce", "core", "hatch", "disarm", "deliver", *item_subs.SUBS, *salvage.SUBS),
              "INTERACT": hull.SUBS}
"""The sub-actions of each card type, in the order they are offered (Disarm/Arm and attacks on threats:
rules version 2)."""
MUST_BOOST = ("attack", "deliver", *item_subs.MUST_BOOST, *salvage.MUST_BOOST)
"""Sub-actions that need a boost (SB-P3-ACT-08; Attack and Open a Box come with part 2)."""
NAMES = {"move": "Move", "extract": "Extract", "attack": "Attack", "produce": "Produce", "core": "Produce in the Core",
         "hatch": "Produce in the Hatch", "disarm": "Disarm or arm Explosives",
         "deliver": "Make a Manual Delivery", **item_subs.NAMES, **hull.NAMES, **salvage.NAMES}


def card_type(g: Game, card: str) -> str:
    return g.data.cards[card]["type"]


def possible_here(g: Game, seat: int, sub: str) -> bool:
    """The sub-action can be carried out in full now (SB-P3-ACT-04)."""
    if sub in item_subs.SUBS:
        return item_subs.possible(g, seat, sub)  # threats.full games only
    if sub in salvage.SUBS:
        return salvage.possible(g, seat, sub)  # solo, after DeltaBot exploded
    if sub == "move":
        return bool(places(g, seat))
    if sub in hull.SUBS:
        return interact.possible(g, seat, sub)  # rules version 3 (threats.full) only
    if sub == "extract":
        return extract_yield(g, seat) is not None
    if sub == "attack":
        return bool(attack_targets(g, seat)) or (threats.on(g) and bool(combat.attack_options(g, seat)))
    if sub == "disarm":
        return threats.on(g) and bool(combat.explosive_ops(g, seat))
    if sub == "produce":
        entry = production(g, seat)
        if entry is None:
            return False
        return entry["produce"] == "shields" or bool(buyable(g, seat, entry))
    if sub == "core":
        return core_production(g, seat)
    if sub == "hatch":
        return hatch.token(g, seat) is not None
    if sub == "deliver":
        info = g.data.nodes[player(g, seat)["mini"]]
        return info["kind"] == "delivery_base" and info["base"] == "manual" and possible(g, seat)
    return False


def boosts(g: Game, seat: int, card: str) -> list[str]:
    """How this card's sub-action can be boosted: ``free`` or an Active battery of the type (SB-P3-ACT-06/07)."""
    kind = card_type(g, card)
    need = g.data["action_cards"]["boost_battery"][kind]
    p = player(g, seat)
    out = ["free"] if g.data.cards[card]["free_boost"] else []
    anything = need == "any" or items.passive_with(g, seat, "boost_any_battery", "action", kind)  # items: v3
    out += [src for src in active_batteries(g, p) if battery_at(p, src) == need or anything]
    return out


def buyable(g: Game, seat: int, entry: dict[str, Any]) -> list[str]:
    """Battery types the Batteries Vault sells this BetaBot now (SB-CONNECT-04)."""
    p = player(g, seat)
    if room(g, p) <= 0:
        return []
    price = g.data.vaults["09"]["battery_price_resource"]
    held: dict[str, int] = {}
    for contents in p["tanks"].values():
        for r, n in contents.items():
            held[r] = held.get(r, 0) + n
    return [b for b, r in price.items() if held.get(r, 0) >= entry["price_each"]]


def attack_targets(g: Game, seat: int) -> list[int]:
    """BetaBots this one may attack: at its location (Core, E/P Vault, Tunnel) or, in the Main Vault, on its
    square or an adjacent one; never on top of AlphaBot or in the hull (SB-MINE-16). Cylindroids and AlphaBot
    as targets come with part 2."""
    p = player(g, seat)
    node, square = p["mini"], p["square"]
    kind = g.data.nodes[node]["kind"]
    if solo(g):
        return []  # the solo game's two bots are partners: there is no other BetaBot to attack
    if kind in ("core", "tunnel", "ep_vault"):
        return others_at(g, seat, node)
    if kind != "main_vault" or node != f"MV{g.g['alphabot']['mv']}" or square in (None, "TOP", "HULL"):
        return []
    near = items.reach(g, seat, square, "attack")  # adjacent squares, and diagonals with Phase Shifter (v3)
    return [s for s in others_at(g, seat, node) if player(g, s)["square"] in near]


def attack_betabot(g: Game, seat: int, target: int) -> None:
    """You gain +2 stress and the target loses 1 shield (SB-MINE-16)."""
    g.log(f"{called(g, seat)} attacks {called(g, target)}'s BetaBot.")
    change_stress(g, seat, g.data["rules"]["stress"]["attack_betabot"])
    damage(g, target, g.data["rules"]["damage"]["attack_betabot"])


def choices(g: Game, seat: int, card: str) -> list[Action]:
    """Every sub-action of ``card`` possible now, unboosted and with each boost source (SB-P3-ACT-04/08)."""
    out = []
    sources = boosts(g, seat, card)
    for sub in SUBACTIONS[card_type(g, card)]:
        if not possible_here(g, seat, sub):
            continue
        if sub in hull.SUBS:
            out += hull.choices(g, seat, sub, sources)
            continue
        choices_at = hatch_alternatives(g, seat) if sub == "extract" else 0
        alts = [(i,) for i in range(choices_at)] if choices_at > 1 else [()]
        if sub in item_subs.SUBS:
            alts = item_subs.alts(g, seat, sub)
        if sub in salvage.SUBS:
            alts = salvage.alts(g, seat, sub)
        if sub == "extract" and item_subs.extract_alts(g, seat):
            alts = item_subs.extract_alts(g, seat)  # Pressure Gauge, Drill Amplifier (version 3)
        if sub == "attack":
            alts = [(target,) for target in attack_targets(g, seat)]
            if threats.on(g):
                alts += [(token,) for token in combat.attack_options(g, seat)]
        for alt in alts:
            if sub not in MUST_BOOST and not (sub in item_subs.SUBS and item_subs.needs_boost(g, seat, sub)):
                out.append(act("do", sub, "none", *alt))
            out += [act("do", sub, src, *alt) for src in sources]
    return out


class Turn(Step):
    """Frame ``{"seat"}``: reveal and perform the leftmost programmed card, or return it (SB-P3-ACT-02)."""

    name = "turn"
    verbs = ("reveal", "back")
    deciding = "take their turn"

    def card(self, g: Game, seat: int) -> str:
        return g.g["programmed"][str(seat)][0]

    def actions_reveal(self, g: Game, seat: int) -> list[Action]:
        return [act("reveal")] if choices(g, seat, self.card(g, seat)) else []

    def act_reveal(self, g: Game, seat: int) -> None:
        card = g.g["programmed"][str(seat)].pop(0)
        p = player(g, seat)
        p["slot"] += 1
        slot = str(p["slot"])
        g.log(f"{called(g, seat)} reveals slot {slot}: {card_words(g, card)}.")
        g.goto("subaction", seat=seat, card=card, slot=slot)
        offer(g, seat, pick_up(g, seat), slot, back=True)  # SB-P3-ACT-03 (1), SB-P3-ACT-11

    def label_reveal(self, g: Game, seat: int) -> str:
        return f"Reveal and perform your {card_type(g, self.card(g, seat))} card"

    def act_back(self, g: Game, seat: int) -> None:
        card = g.g["programmed"][str(seat)].pop(0)
        hand_of(g, seat).append(card)
        player(g, seat)["slot"] += 1
        g.log(f"{called(g, seat)} returns a card to hand unrevealed.")
        flow.next_turn(g)

    def label_back(self, g: Game, seat: int) -> str:
        return f"Return your {card_type(g, self.card(g, seat))} card to your hand unrevealed"

    def prompt(self, g: Game, seat: int) -> str:
        return f"Your turn: slot {player(g, seat)['slot'] + 1} holds {card_words(g, self.card(g, seat))}."

    def default(self, g: Game, seat: int) -> Action:
        return act("back")  # spec 6.5


class SubAction(Step):
    """Frame ``{"seat", "card", "slot"}``: one sub-action, unboosted or with a boost source."""

    name = "subaction"
    verbs = ("do", "back")
    deciding = "choose a sub-action"

    def actions_do(self, g: Game, seat: int) -> list[Action]:
        return choices(g, seat, g.frame["card"])

    def actions_back(self, g: Game, seat: int) -> list[Action]:
        """Nothing can be done after all (the pick-up before it filled the track): the card goes back to the
        hand unperformed and unpaid, as SB-INTERACT-03 says for a hull that cannot be entered."""
        return [] if self.actions_do(g, seat) else [act("back")]

    def act_back(self, g: Game, seat: int) -> None:
        hand_of(g, seat).append(g.frame["card"])
        g.log(f"{called(g, seat)} can do nothing with the card and takes it back.")
        flow.next_turn(g)

    def label_back(self, g: Game, seat: int) -> str:
        return "Take the card back: none of its sub-actions is possible now"

    def act_do(self, g: Game, seat: int, sub: str, boost: str, *rest: Any) -> None:
        alt = rest if sub in salvage.SUBS else (rest[0] if rest else 0)  # an unlock names a part and its payment
        perform(g, seat, sub, boost, alt, g.frame["card"], g.frame["slot"])

    def label_do(self, g: Game, seat: int, sub: str, boost: str, *rest: Any) -> str:
        alt = rest if sub in salvage.SUBS else (rest[0] if rest else None)
        if sub == "attack" and isinstance(alt, str):
            return combat.attack_label(g, alt) + SHORT_BOOST[boost]
        if sub in hull.SUBS:
            return hull.label(g, seat, sub, boost, alt)
        if sub in salvage.SUBS:
            return salvage.label(g, sub, alt, "" if boost == "none" else words_for(boost, own_words(g, seat)))
        if sub in item_subs.SUBS or (sub == "extract" and isinstance(alt, str)):
            boosted = "" if boost == "none" else words_for(boost, own_words(g, seat))
            return item_subs.label(g, seat, sub, boost, alt, boosted)
        return sub_label(g, seat, sub, boost, alt)

    def prompt(self, g: Game, seat: int) -> str:
        return f"Choose what {card_words(g, g.frame['card'])} does."


def sub_label(g: Game, seat: int, sub: str, boost: str, alt: int | str | None = None) -> str:
    """A sub-action's label in words."""
    if sub == "attack":
        return f"Attack {called(g, alt)}'s BetaBot{words_for(boost)}"
    if alt is not None:
        what = amount(g, extract_yield(g, seat, alt=int(alt)) or {})
        boosted = "" if boost == "none" else f" twice{words_for(boost, own_words(g, seat))}"
        return f"Extract {what} from the Hatch{boosted}"
    if sub == "core" and boost != "none":
        return f"Produce in the Core, both options{words_for(boost, own_words(g, seat))}"
    words = {"none": "", **{b: words_for(b, own_words(g, seat)) for b in ("free", "inside", "track")}}
    twice = " twice" if boost != "none" and sub in ("move", "extract", "produce", "hatch") else ""
    return f"{NAMES[sub]}{twice}{words[boost]}"


def perform(g: Game, seat: int, sub: str, boost: str, alt: Any, card: str, slot: str) -> None:
    """Carry out one sub-action completely, then the keep/discard choice (SB-P3-ACT-03 (4))."""
    if sub in hull.SUBS:
        hull.perform(g, seat, sub, boost, alt if isinstance(alt, str) else None, card, slot)
        return
    p = player(g, seat)
    if boost in ("inside", "track"):
        spend(g, p, boost)
    times = 1 if boost == "none" else 2
    g.log(f"{called(g, seat)}: {NAMES[sub]}" + ("" if boost == "none" else ", boosted") + ".")
    if sub == "move":
        g.goto("move", seat=seat, card=card, slot=slot, left=times, first=True)
        return
    keep = {"seat": seat, "card": card, "slot": slot}
    if sub in salvage.SUBS:
        salvage.perform(g, seat, sub, alt)
        g.goto("keep", **keep)
        return
    if sub == "attack" and isinstance(alt, str):
        spoils = combat.attack(g, seat, alt)
        g.goto("keep", **keep)
        effects.run(g)  # an Aggressive reveal's pushes; Keep.resume runs the rest
        offer(g, seat, spoils, slot)
    elif sub == "attack":
        attack_betabot(g, seat, int(alt))
        g.goto("keep", **keep)
    elif sub == "disarm":
        g.goto("disarm", **keep, left=times)
    elif sub == "extract":
        gains: dict[str, int] = {}
        for _ in range(times):
            if extract_yield(g, seat) is None:
                break
            got = item_subs.extract_option(g, seat, alt) if isinstance(alt, str) else take(g, seat, ask=True, alt=alt)
            for res, n in got.items():
                gains[res] = gains.get(res, 0) + n
        g.log(f"{called(g, seat)} extracts {amount(g, gains)}.")
        g.goto("keep", **keep)
        effects.run(g)  # the Secondary Tunnel's cards, if it was emptied; Keep.resume runs the rest
        offer(g, seat, gains, slot)
    elif sub == "produce":
        entry = production(g, seat) or {}
        g.goto("keep", **keep)
        if entry.get("produce") == "shields":
            gains = {}
            for _ in range(times):
                for res, n in produce_shields(g, seat).items():
                    gains[res] = gains.get(res, 0) + n
            g.log(f"{called(g, seat)} produces shields.")
            offer(g, seat, gains, slot)
        else:
            g.call("buy", seat=seat, left=entry["max_batteries"], rounds=times - 1)
    elif sub == "hatch":
        g.goto("keep", **keep)
        produce_in_hatch(g, seat, slot, boost != "none")
    elif sub == "core":
        g.goto("keep", **keep)
        g.call("core_produce", seat=seat, slot=slot, both=boost != "none", done=[])
    elif sub == "deliver":
        g.goto("keep", **keep)
        g.call("deliver", seat=seat, **deliver_frame(False))
    elif sub in item_subs.SUBS:
        g.goto("keep", **keep)
        item_subs.perform(g, seat, sub, boost, alt, slot)


def produce_in_hatch(g: Game, seat: int, slot: str, boosted: bool) -> None:
    """The token's produce ops, ``times`` over: gains to place, repairs, or the battery prompt (SB-CONNECT-12)."""
    info = hatch.token(g, seat) or {}
    n = hatch.times(g, seat, boosted)
    gains: dict[str, int] = {}
    for op in info.get("produce") or []:
        if op["op"] == "gain":
            for res, k in op["res"].items():
                gains[res] = gains.get(res, 0) + k * n
        elif op["op"] == "repair":
            repair(g, seat, op["n"] * n)
        elif op["op"] == "one_of":
            g.call("hatch_battery", seat=seat, left=n)
        elif op["op"] == "hook":
            g.call("hatch_item", seat=seat, left=n)  # the Items token (rules version 3)
    g.log(f"{called(g, seat)} produces in the Hatch ({n} time{'s' if n > 1 else ''}).")
    offer(g, seat, gains, slot)


SHORT_BOOST = {"free": " (free boost)", "inside": " (battery inside)", "track": " (track battery)", "none": ""}
"""Boost sources in few words, for the longer attack labels."""


def words_for(boost: str, robot: str = "your BetaBot") -> str:
    """A boost source in words, for ``robot`` as its decider reads it (:func:`robots.own_words`)."""
    return {"free": " (boosted: free boost)", "inside": f" (boosted: the battery inside {robot})",
            "track": " (boosted: the battery on track space 1)"}[boost]


class CoreProduce(Step):
    """Produce in the Core: a tile's yield, or pressure ±1 with a dial step; boosted, both once each
    (SB-CONNECT-07). Frame ``{"seat", "slot", "both", "done": [...]}``."""

    name = "core_produce"
    verbs = ("tile", "shift")
    deciding = "produce in the Core"

    def actions_tile(self, g: Game, seat: int) -> list[Action]:
        return [] if "tile" in g.frame["done"] else [act("tile", int(t)) for t in EXTRACTION_TILES]

    def act_tile(self, g: Game, seat: int, number: int) -> None:
        gains, slot = tile_yield(g, f"{number:02d}"), g.frame["slot"]
        g.log(f"{called(g, seat)} produces in the Core: {amount(g, gains)}.")
        self.finish(g, "tile")
        offer(g, seat, gains, slot)

    def label_tile(self, g: Game, seat: int, number: int) -> str:
        tile = f"{number:02d}"
        return f"Gain what vault {tile} {g.data.vaults[tile]['name']} yields: {amount(g, tile_yield(g, tile))}"

    def actions_shift(self, g: Game, seat: int) -> list[Action]:
        if "shift" in g.frame["done"]:
            return []
        return [act("shift", d, way) for d in (1, -1) for way in ("CW", "CCW")]

    def act_shift(self, g: Game, seat: int, delta: int, way: str) -> None:
        change_pressure(g, delta)
        rotate_core(g, way, g.data["planet"]["core_dial"]["produce_steps"])
        g.log(f"{called(g, seat)} changes the pressure to {g.g['pressure']} and turns the Core dial.")
        self.finish(g, "shift")

    def label_shift(self, g: Game, seat: int, delta: int, way: str) -> str:
        turn = "clockwise" if way == "CW" else "counterclockwise"
        return f"Pressure {delta:+d} and turn the Core dial 1 step {turn}"

    def finish(self, g: Game, kind: str) -> None:
        g.frame["done"].append(kind)
        if not g.frame["both"] or len(g.frame["done"]) == 2:
            g.end()

    def prompt(self, g: Game, seat: int) -> str:
        return "Produce in the Core: " + ("do both options, in either order." if g.frame["both"]
                                          else "choose one option.")


class Buy(Step):
    """Batteries Vault: buy batteries one by one with matching resources (SB-CONNECT-04)."""

    name = "buy"
    verbs = ("buy", "done")
    deciding = "buy batteries"

    def actions_buy(self, g: Game, seat: int) -> list[Action]:
        entry = production(g, seat)
        if g.frame["left"] <= 0 or entry is None:
            return []
        return [act("buy", b) for b in buyable(g, seat, entry)]

    def act_buy(self, g: Game, seat: int, battery: str) -> None:
        entry = production(g, seat) or {}
        p = player(g, seat)
        res = g.data.vaults["09"]["battery_price_resource"][battery]
        for _ in range(entry["price_each"]):
            take_one({"ds": {}, "tanks": p["tanks"]}, res)
        add_battery(g, p, battery)
        g.frame["left"] -= 1
        g.log(f"{called(g, seat)} buys a {g.data.res_name(battery)}.")

    def label_buy(self, g: Game, seat: int, battery: str) -> str:
        entry = production(g, seat) or {}
        res = g.data.vaults["09"]["battery_price_resource"][battery]
        return f"Buy a {g.data.res_name(battery)} for {entry['price_each']} {g.data.res_name(res)}"

    def act_done(self, g: Game, seat: int) -> None:
        if g.frame["rounds"] > 0:
            entry = production(g, seat) or {}
            g.frame.update(left=entry.get("max_batteries", 0), rounds=g.frame["rounds"] - 1)
            return
        g.end()

    def label_done(self, g: Game, seat: int) -> str:
        return "Done buying" if g.frame["rounds"] == 0 else "Done with the first production"

    def prompt(self, g: Game, seat: int) -> str:
        return f"Buy up to {g.frame['left']} more batteries."


class Keep(Step):
    """Frame ``{"seat", "card", "slot"}``: pay a keep cost from the slot's tank, or discard (SB-P3-ACT-10)."""

    name = "keep"
    verbs = ("keep", "discard", "extra")
    deciding = "keep or discard their card"

    def actions_extra(self, g: Game, seat: int) -> list[Action]:
        """A captured Cylindroid's extra action before keeping (SB-P3-ACT-09): Miner → Extract, Laser →
        Attack (boosted by an Active Titanium Battery), Explosive → MOVE; unboosted, or with an Active
        battery of the card type's boost."""
        out = []
        p = player(g, seat)
        kinds = {"extract": "MINE", "attack": "MINE", "move": "MOVE"}
        for kind, sub in combat.extras(g, seat, lambda sub: possible_here(g, seat, sub)):
            need = g.data["action_cards"]["boost_battery"][kinds[sub]]
            sources = [src for src in active_batteries(g, p) if battery_at(p, src) == need]
            if sub == "attack":
                targets = attack_targets(g, seat) + combat.attack_options(g, seat)
                out += [act("extra", kind, src, t) for src in sources for t in targets]
            else:
                out += [act("extra", kind, src) for src in ["none", *sources]]
        return out

    def act_extra(self, g: Game, seat: int, kind: str, boost: str, alt: int | str = 0) -> None:
        sub = {t["id"]: t["captured_action"] for t in g.data["cylindroids"]["types"]}[kind]
        combat.spend_captured(g, seat, kind)
        perform(g, seat, sub, boost, alt, g.frame["card"], g.frame["slot"])

    def label_extra(self, g: Game, seat: int, kind: str, boost: str, alt: int | str | None = None) -> str:
        sub = {t["id"]: t["captured_action"] for t in g.data["cylindroids"]["types"]}[kind]
        what = threats.NAMES[kind]
        if sub == "attack":
            target = combat.attack_label(g, alt) if isinstance(alt, str) else f"Attack {called(g, alt)}'s BetaBot"
            return f"Captured {what}: {target}{SHORT_BOOST[boost]}"
        boosted = "" if boost == "none" else " twice" + words_for(boost, own_words(g, seat))
        return f"Spend your captured {what}: {NAMES[sub]}{boosted}"

    def tank(self, g: Game, seat: int) -> dict[str, int]:
        """The tank numbered like the slot; DeltaBot pays from its main tank for any slot (SB-SOLO-08)."""
        return player(g, seat)["tanks"].get(self.tank_name(g, seat), {})

    def tank_name(self, g: Game, seat: int) -> str:
        return MAIN if is_delta(g, seat) else g.frame["slot"]

    def tank_words(self, g: Game, seat: int) -> str:
        return "its main tank" if is_delta(g, seat) else f"tank {g.frame['slot']}"

    def actions_keep(self, g: Game, seat: int) -> list[Action]:
        costs = g.data.cards[g.frame["card"]]["keep_cost"]
        return [act("keep", i) for i, cost in enumerate(costs) if can_pay_from(self.tank(g, seat), cost)]

    def act_keep(self, g: Game, seat: int, option: int) -> None:
        pay_from(self.tank(g, seat), g.data.cards[g.frame["card"]]["keep_cost"][option])
        hand_of(g, seat).append(g.frame["card"])
        g.log(f"{called(g, seat)} keeps the card.")
        flow.next_turn(g)

    def label_keep(self, g: Game, seat: int, option: int) -> str:
        cost = g.data.cards[g.frame["card"]]["keep_cost"][option]
        return f"Keep the card: pay {amount(g, cost)} from {self.tank_words(g, seat)}"

    def act_discard(self, g: Game, seat: int) -> None:
        g.g["discards"][card_type(g, g.frame["card"])].append(g.frame["card"])
        g.log(f"{called(g, seat)} discards the card.")
        flow.next_turn(g)

    def label_discard(self, g: Game, seat: int) -> str:
        return "Discard the card"

    def prompt(self, g: Game, seat: int) -> str:
        return f"Keep {card_words(g, g.frame['card'])} by paying from {self.tank_words(g, seat)}, or discard it."

    def default(self, g: Game, seat: int) -> Action:
        return act("discard")  # spec 6.5

    def resume(self, g: Game, result: Any) -> None:
        effects.run(g)
