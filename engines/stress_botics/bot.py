"""The part-1 bot: program the way to a Delivery Base when a ship waits above it with cargo worth the
stress (bot_plan), wait one move from ships about to arrive, otherwise mine and pick up near AlphaBot
(Phase 6 stress), keep only useful cards, load the most valuable units, and serve its own Secondary
Objective (deliveries, stored resources, AI). Deterministic per state: no randomness at all."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Action, Game

from . import bot_elite, bot_hull, bot_items, bot_threats, hull, item_subs, threats, words
from .batteries import movement_points
from .bot_plan import boostable_connect, cargo_value, delivery_program, hops, live_bases, open_ships, upcoming_sectors
from .objectives import secondary_card
from .planet import destinations, others_at, tile_index
from .robots import cargo_of, hand_of, is_delta
from .status import alphabot_index
from .stress import player
from .tanks import holdings

PREFERENCE = ("MOVE", "MINE", "CONNECT")
LOW_SHIELDS = 6
KEEP_BELOW = 2
"""Plain cards are kept only while the hand holds fewer cards than this."""
AHEAD = 3.0
"""Move penalty per Section Tile ahead of AlphaBot (Phase 6 stress)."""
DELTA_CARE = 4.0
"""How much more DeltaBot minds that stress (it explodes at 15, SB-SOLO-19)."""
STAY_MARGIN = 0.0
"""A MOVE is played only when its best place beats staying by more than this."""
"""Move penalty per Section Tile ahead of AlphaBot (Phase 6 stress)."""
SUB_ORDER = ("deliver", "laser", "unlock", "items", "box", "produce", "salvage", "hatch", "core", "activate", "extract",
             "move", "threat", "disarm", "attack",
             *hull.SUBS)
"""Sub-actions by preference; ``laser`` and ``threat`` are attacks on a Laser and on another unarmed Cylindroid
(rules version 2: a Laser hits AlphaBot every Phase 5, and its last shield costs everyone 5 stress)."""


def _draw(g: Game, seat: int, legal: list[Action]) -> Action:
    hand = [g.data.cards[c]["type"] for c in hand_of(g, seat)]
    prefs = bot_hull.draw_types(g, seat) + PREFERENCE  # INTERACT first by AlphaBot (rules version 3)
    draws = [a for a in legal if a.verb == "draw" and a.args[0] in prefs]
    if draws:
        return min(draws, key=lambda a: (hand.count(a.args[0]), prefs.index(a.args[0])))
    return next(a for a in legal if a.verb == "done")


def _program(g: Game, seat: int, legal: list[Action]) -> Action:
    chosen = g.frame["private"][str(seat)].get("cards", [])
    slots = {str(a.args[0]): a for a in legal if a.verb == "slot"}
    hand = list(hand_of(g, seat))
    for card in chosen:
        hand.remove(card)
    plan = plan_for(g, seat, list(hand_of(g, seat)))
    for card in plan[len(chosen):] if plan[:len(chosen)] == chosen else []:
        if card in slots:
            return slots[card]
        same = next((a for c, a in slots.items() if words.card(g, c) == words.card(g, card)), None)
        if same:
            return same
    moving = any(g.data.cards[c]["type"] == "MOVE" for c in chosen)
    buy = bot_items.first_card(g, seat, slots) if not plan and not moving and threats.full(g) else None
    if buy is not None:
        return buy  # version 3: a CONNECT to buy the Advanced Item here
    if not plan and not moving and bot_hull.on(g):
        interact = bot_hull.program_first(g, seat, slots, chosen)
        if interact is not None:
            return interact
    if not plan and not moving and threats.on(g):
        first = bot_elite.mine_card(g, seat, slots) or bot_threats.first_card(
            g, seat, slots, stay=bool(chosen) or _stay_best(g, seat))
        if first is not None:
            return first
    keep = boostable_connect(g, seat, hand)
    usable = [a for c, a in slots.items() if g.data.cards[c]["type"] in PREFERENCE
              and (c != keep or len(slots) == 1)]
    if not usable:
        return next(a for a in legal if a.verb == "lock")
    return min(usable, key=lambda a: (PREFERENCE.index(g.data.cards[a.args[0]]["type"]),
                                      not g.data.cards[a.args[0]]["free_boost"]))


def _stay_best(g: Game, seat: int) -> bool:
    """No place one MOVE reaches beats staying here (the MOVE would only go back to the hand)."""
    p = player(g, seat)
    score = scorer(g, seat)
    reach = destinations(g, seat, movement_points(g, p))
    here = score(p["mini"], p["square"], 0)
    return all(score(node, square, cost[0]) <= here + STAY_MARGIN for (node, square), cost in reach.items())


def plan_for(g: Game, seat: int, hand: list[str]) -> list[str]:
    """The cards to program first this round: the way to a live delivery, if one fits."""
    return delivery_program(g, seat, hand)


def _turn(g: Game, seat: int, legal: list[Action]) -> Action:
    """Reveal, except a MOVE that only leads to worse places than here (it goes back to the hand, free)."""
    reveal = next((a for a in legal if a.verb == "reveal"), None)
    back = next((a for a in legal if a.verb == "back"), None)
    cards = g.g["programmed"][str(seat)]
    if reveal is None or back is None or not cards or g.data.cards[cards[0]]["type"] != "MOVE":
        return reveal or legal[-1]
    p = player(g, seat)
    score = scorer(g, seat)
    reach = destinations(g, seat, movement_points(g, p))
    if not reach:
        return back
    best = max(score(node, square, cost[0]) for (node, square), cost in reach.items())
    return reveal if best > score(p["mini"], p["square"], 0) + STAY_MARGIN else back


def _subaction(g: Game, seat: int, legal: list[Action]) -> Action:
    in_hull = [a for a in legal if a.verb == "do" and a.args[0] in hull.SUBS]
    if in_hull:
        return bot_hull.subaction(g, seat, in_hull)
    boost_rank = {"free": 0, "none": 1, "inside": 2, "track": 3}
    at_elite = bot_elite.attack(g, legal)
    if at_elite:
        return at_elite  # the Elite's reward (rules version 3)
    legal = [a for a in legal if a.args[0] not in item_subs.SUBS or bot_items.useful(g, seat, a)] or legal
    free_threat = [a for a in legal if _sub_kind(a) in ("laser", "threat") and a.args[1] == "free"]
    if free_threat:  # a free-boost disintegration: −2 stress for nothing, Lasers first (rules version 2)
        return min(free_threat, key=lambda a: ".LAS." not in str(a))
    return min(legal, key=lambda a: (SUB_ORDER.index(_sub_kind(a)), boost_rank[a.args[1]], ".LAS." not in str(a)))


def _sub_kind(a: Action) -> str:
    """The preference class of a sub-action: attacks on unarmed Cylindroids (disintegrate: −2 stress) come
    before Disarm/Arm and before attacks on BetaBots, AlphaBot or armed Explosives."""
    if a.args[0] == "attack" and len(a.args) > 2 and isinstance(a.args[2], str) and a.args[2] not in (
            "alphabot", "elite"):
        _, cyl, mode = str(a.args[2]).split(".")
        if cyl != "EXPA" and mode == "disintegrate":
            return "laser" if cyl == "LAS" else "threat"
    return str(a.args[0])


def _disarm(g: Game, seat: int, legal: list[Action]) -> Action:
    """Disarm armed Explosives, never arm one."""
    return next((a for a in legal if a.verb == "op" and str(a.args[0]).endswith(".disarm")),
                next(a for a in legal if a.verb == "done"))


def _move(g: Game, seat: int, legal: list[Action]) -> Action:
    goes = [a for a in legal if a.verb == "go"]
    stop = next((a for a in legal if a.verb == "stop"), None)
    if not goes:
        return legal[0]
    here = player(g, seat)["mini"]
    if stop and here.startswith("DBM") and here in live_bases(g, seat, manual=can_manual(g, seat)):
        return stop  # wait here for the CONNECT that makes the Manual Delivery
    reach = destinations(g, seat, 99)
    score = scorer(g, seat)
    return max(goes, key=lambda a: (score(a.args[0], a.args[1] if len(a.args) > 1 else None,
                                          reach.get((a.args[0], a.args[1] if len(a.args) > 1 else None),
                                                    (0, 0))[0]), str(a)))


def scorer(g: Game, seat: int) -> Callable[[str, str | None, int], float]:
    """How good it is to end a move at (node, square) after losing ``shields`` on the way."""
    targets = live_bases(g, seat, manual=can_manual(g, seat))
    soon = upcoming_sectors(g, seat)
    ab_index = alphabot_index(g)
    p = player(g, seat)
    mp = movement_points(g, p)
    near = {base: hops(g, base) for base in targets}
    threats_on, full = threats.on(g), threats.full(g)
    soon_near = {s: hops(g, f"DBA_{s}") for s in soon}
    care = DELTA_CARE if is_delta(g, seat) else 1.0  # DeltaBot explodes at 15 stress: it stays behind AlphaBot

    def score(node: str, square: str | None, shields: int) -> float:
        info = g.data.nodes[node]
        value = -3.0 * shields - AHEAD * max(0, tile_index(g, node) - ab_index) * care
        if threats_on:
            value += bot_threats.place_value(g, seat, node) + (bot_items.place_value(g, seat, node) if full else 0)
        if p["ai"] == "comp" and info["kind"] in ("core", "tunnel", "ep_vault") and others_at(g, seat, node):
            value -= 3  # an encounter costs a Competitive AI a shield
        if node in targets:
            return value + 100 + targets[node]
        for dist in near.values():
            if node in dist:
                value += max(0, 30 - 8 * dist[node])  # closer to a ship that waits now
        for sector, dist in soon_near.items():
            if dist.get(node, 99) <= mp and info["kind"] != "delivery_base":
                value += 6 * soon[sector]  # wait one move from a ship about to arrive
        if info["kind"] == "ep_vault":
            value += pile_worth(g, seat, node)  # auto-produced things are picked up on arrival
        if info["kind"] == "delivery_base":
            value -= 6
        elif info["kind"] == "ep_vault" and g.data.vaults[g.g["vaults"][node]["tile"]]["kind"] == "extract":
            value += 4 + yield_worth(g, seat, node)
        elif info["kind"] == "ep_vault" and g.g["vaults"][node]["tile"] == "06" and p["shields"] <= LOW_SHIELDS \
                and not threats_on:
            value += 20
        elif info["kind"] == "main_vault" and square:
            value += 4 - danger(g, square) + bot_elite.lure(g, seat, square)
            value += bot_hull.square_value(g, seat, node, square)
        return value

    return score


def danger(g: Game, square: str) -> float:
    """Shields a Main Vault square is likely to cost in Phase 5 (rules version 2): every Laser, Miners on or
    next to it, armed Explosives on or next to it twice."""
    if "cyl" not in g.g:
        return 0.0
    near = {square, *g.data.squares[square]["adjacent"]} if square in g.data.squares else set()
    hurt = 0.0
    for sq, cyls in g.g["cyl"].items():
        hurt += 3.0 * cyls.count("LAS")
        if sq in near:
            hurt += 3.0 * cyls.count("MIN") + 6.0 * cyls.count(threats.ARMED)
    return hurt + bot_elite.danger(g, square)


def can_manual(g: Game, seat: int) -> bool:
    """A boostable CONNECT is still programmed this round (a Manual Delivery needs the boost)."""
    return boostable_connect(g, seat, g.g["programmed"][str(seat)]) is not None


def best_vp(g: Game, seat: int) -> dict[str, int]:
    """Best VP per code over the ships the BetaBot can still deliver to."""
    best: dict[str, int] = {}
    for ship in open_ships(g, seat):
        for code, vp in g.data.objectives[g.g["ships"][ship]["objective"]]["vp"].items():
            best[code] = max(best.get(code, 0), vp)
    return best


def stored_needs(g: Game, seat: int) -> dict[str, int]:
    """Resources the BetaBot's Secondary Objective wants stored at the end, with the amount still missing."""
    card = secondary_card(g, seat)
    held = holdings(player(g, seat))
    out: dict[str, int] = {}
    for side in ("a", "b"):
        pred = card[side]["pred"]
        for q in pred.get("of", [pred]):
            if q["pred"] == "STORED":
                out[q["res"]] = q["min"]
    return {r: n - held.get(r, 0) for r, n in out.items()}


def unit_worth(g: Game, seat: int) -> dict[str, float]:
    """What one more unit of each code is worth to the BetaBot: its best VP on a waiting ship, more while
    its Secondary Objective still misses some."""
    worth: dict[str, float] = dict(best_vp(g, seat))
    for res, missing in stored_needs(g, seat).items():
        if missing > 0:
            worth[res] = worth.get(res, 0) + 2.0
    return worth


def yield_worth(g: Game, seat: int, node: str) -> float:
    """VP the vault's current yield would be worth on the ships still waiting (best ship per resource)."""
    state = g.g["vaults"][node]
    tile = g.data.vaults[state["tile"]]
    gains = tile["side_a" if state["side"] == "A" else "side_b"]["yield"][g.g["pressure"]]
    worth = unit_worth(g, seat)
    return float(sum(worth.get(res, 0) * n for res, n in gains.items()))


def pile_worth(g: Game, seat: int, node: str) -> float:
    """VP of the auto-produced resources lying on the vault (batteries count 1 each)."""
    worth = unit_worth(g, seat)
    batteries = g.data["vaults"]["resources"]["batteries"]
    return float(sum((worth.get(code, 0) + 0.5 if code not in batteries else 1.0) * n
                     for code, n in g.g["vaults"][node]["res"].items()))


def _ai_choice(g: Game, seat: int, legal: list[Action]) -> Action:
    """Cooperative when the Secondary Objective asks for it, else keep the current AI."""
    card = secondary_card(g, seat)
    wants = [card[s]["pred"].get("ai") for s in ("a", "b") if card[s]["pred"]["pred"] == "AI_IS"]
    return next((a for a in legal if a.verb == "ai" and a.args[0] in wants), legal[0])


def _keep(g: Game, seat: int, legal: list[Action]) -> Action:
    """Keep free-boost cards and a boostable CONNECT; let plain cards go rather than pay cargo for them."""
    card = g.data.cards[g.frame["card"]]
    extra = next((a for a in legal if a.verb == "extra" and a.args[0] == "MIN" and a.args[1] == "none"), None)
    if extra is not None:
        return extra  # a captured Miner's free Extract (rules version 2)
    keeps = [a for a in legal if a.verb == "keep"]
    if keeps and (card["free_boost"] or len(hand_of(g, seat)) < KEEP_BELOW):
        return keeps[0]
    return next(a for a in legal if a.verb == "discard")


def _maintain(g: Game, seat: int, legal: list[Action]) -> Action:
    for verb in ("replicate", "combine", "prepare"):
        found = [a for a in legal if a.verb == verb]
        if found:
            return found[0]
    return next(a for a in legal if a.verb == "next")


def _deliver(g: Game, seat: int, legal: list[Action]) -> Action:
    alpha = [a for a in legal if a.verb == "alphabot"]
    if alpha:
        return alpha[0]  # delivering AlphaBot (rules version 3)
    ships = [a for a in legal if a.verb == "ship"]
    if ships:
        return max(ships, key=lambda a: cargo_value(g, seat, str(a.args[0])))
    joins = [a for a in legal if a.verb == "join"]  # solo: add to the other bot's container (SB-SOLO-10)
    if joins:
        return max(joins, key=lambda a: cargo_value(g, seat, cargo_of(g, seat)[str(a.args[0])]["ship"]))
    batteries = g.data["vaults"]["resources"]["batteries"]
    track = player(g, seat)["track"]
    needs = stored_needs(g, seat)
    loads = [a for a in legal if a.verb == "load" and (a.args[0] not in batteries or len(track) > 3)
             and needs.get(a.args[0], -1) < 0]
    if loads:
        vp = g.data.objectives[g.g["ships"][g.frame["ship"]]["objective"]]["vp"]
        return max(loads, key=lambda a: vp.get(a.args[0], vp.get("battery", 0) if a.args[0] in batteries else 0)
                   - (0.5 if a.args[0] in batteries else 0))
    return next((a for a in legal if a.verb == "done"), legal[0])


def _first_of(*verbs: str) -> Callable[[Game, int, list[Action]], Action]:
    def pick(g: Game, seat: int, legal: list[Action]) -> Action:
        for verb in verbs:
            found = [a for a in legal if a.verb == verb]
            if found:
                return found[0]
        return legal[0]
    return pick


PICKERS: dict[str, Callable[[Game, int, list[Action]], Action]] = {
    "draw": _draw, "program": _program, "turn": _turn, "subaction": _subaction, "move": _move,
    "deliver": _deliver, "place": _first_of("auto"), "keep": _keep,
    "maintain": _maintain, "buy": _first_of("buy", "done"),
    "encounter": _first_of("extract", "produce", "skip"), "ai_choice": _ai_choice,
    "core_produce": _first_of("tile", "shift"), "disarm": _disarm,
    "interact": bot_hull.option, "ab_take": _first_of("take", "done"), "alpha_deliver": bot_hull.reward,
    "ab_free_item": bot_hull.free_item, "hatch_item": _first_of("item", "done"),
    "shop": bot_items.shop, "pay_item": _first_of("auto"), "equip": bot_items.equip, "item_battery": _first_of("take"),
    "box_pick": bot_items.box_pick, "use_item": bot_items.use_item,
}


def choose(g: Game, seat: int, legal: list[Action]) -> Action:
    """The bot's action at the current prompt."""
    picker = PICKERS.get(g.frame["step"])
    return picker(g, seat, legal) if picker else legal[0]
