"""The bot with items (rules version 3, ``threats.full``): Advanced Items are VP that also help, so an
affordable one in an Advanced Items Vault draws the bot there and a CONNECT is programmed first to buy the
dearest it can pay without emptying its Battery Track; Boxes are opened whenever a boosted CONNECT allows
(free VP); items are activated only when that helps (less stress, repairs, gains, captures), never for a
conversion that costs stress; new items go on an empty extension first (its bonus), else over the least
useful top card. Every function is called only when :func:`engines.stress_botics.threats.full` holds."""

from __future__ import annotations

from engines.core import Action, Game

from . import advanced_items, item_effects, items
from .item_pay import ANY, OWN, can_pay
from .stress import player

KEEP_TRACK = 3
"""Batteries the bot keeps on its track when paying for an item (2 MP, deliveries, slot 3 come with them)."""
ITEM_GAIN = 2.0
"""Place bonus per VP of the dearest affordable Advanced Item in an Advanced Items Vault."""
GOOD_OPS = ("stress", "repair", "gain", "capture_eligible")
"""Activations worth a sub-action."""


def battery_units(g: Game, cost: dict[str, int]) -> int:
    return sum(n for r, n in cost.items() if r == ANY or r in g.data["vaults"]["resources"]["batteries"])


def affordable(g: Game, seat: int, card_id: str, discount: int, sources: tuple[str, ...] = OWN) -> bool:
    """The bot can pay it and keeps :data:`KEEP_TRACK` batteries."""
    cost = items.card(g, card_id)["cost"]
    track = len(player(g, seat)["track"])
    return can_pay(g, seat, cost, discount, sources) and track - max(0, battery_units(g, cost) - discount) >= KEEP_TRACK


def place_value(g: Game, seat: int, node: str) -> float:
    """An Advanced Items Vault where the bot can afford an item: the item's VP, scaled."""
    off = advanced_items.vault_discount(g, node)
    if off is None:
        return 0.0
    worth = [items.card(g, c)["vp"] for c in advanced_items.offer(g) if affordable(g, seat, c, off)]
    return ITEM_GAIN * max(worth, default=0)


def first_card(g: Game, seat: int, slots: dict[str, Action]) -> Action | None:
    """A CONNECT first when the bot stands where it can buy an item."""
    if place_value(g, seat, player(g, seat)["mini"]) <= 0:
        return None
    connect = sorted(c for c in slots if g.data.cards[c]["type"] == "CONNECT")
    return slots[connect[0]] if connect else None


def useful(g: Game, seat: int, action: Action) -> bool:
    """A sub-action of the item family the bot wants: purchases it can afford keeping its track, every Box,
    activations that help."""
    sub = action.args[0]
    if sub == "items":
        off = advanced_items.discount(g, seat) or 0
        sources = OWN if action.args[1] == "none" else ("own", "common")
        return any(affordable(g, seat, c, off, sources) for c in advanced_items.offer(g))
    if sub == "activate":
        card_id = items.visible(g, seat)[str(action.args[2])]
        return any(op["op"] in GOOD_OPS for op in item_effects.ops(g, card_id))
    return sub == "box"


def shop(g: Game, seat: int, legal: list[Action]) -> Action:
    """The dearest affordable item, the Common Tank's help before a Box (which costs the discount), unless the
    Box keeps the discount (AMB-56): then the free Box Item comes first."""
    buys = [a for a in legal if a.verb == "buy"]
    good = [a for a in buys if affordable(g, seat, str(a.args[0]),
                                          *advanced_items.price(g, seat, str(a.args[0]), str(a.args[1]))[1:])]
    pool = good or buys
    box_first = advanced_items.box_keeps_discount(g)
    if pool:
        return max(pool, key=lambda a: (items.card(g, str(a.args[0]))["vp"], (a.args[1] == "box") == box_first,
                                        str(a)))
    return next(a for a in legal if a.verb == "stop")


def equip(g: Game, seat: int, legal: list[Action]) -> Action:
    """An empty extension with its bonus first, then over the cheapest top card without stored goods."""
    p = player(g, seat)

    def rank(a: Action) -> tuple[int, int, int, str]:
        ext = str(a.args[-1])
        stack = items.stacks(p)[ext]
        if not stack:
            return (0, 0, 0, ext)
        held = sum(p.get("store", {}).get(ext, {}).values())
        return (1, held, items.card(g, stack[-1])["vp"], ext)

    return min(legal, key=rank)


def box_pick(g: Game, seat: int, legal: list[Action]) -> Action:
    """Box Items are free VP: the dearest one, on the best extension."""
    equips = [a for a in legal if a.verb == "equip"]
    if not equips:
        return legal[0]
    top = max(items.card(g, str(a.args[0]))["vp"] for a in equips)
    return equip(g, seat, [a for a in equips if items.card(g, str(a.args[0]))["vp"] == top])


def use_item(g: Game, seat: int, legal: list[Action]) -> Action:
    ops = [a for a in legal if a.verb == "op"]
    return ops[0] if ops else legal[0]
