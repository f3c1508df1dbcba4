"""Items on a BetaBot's four extensions (rules version 3 with the threats, ``threats.full``): cards, stacks,
equipping, storage and passive look-ups (SB-ITEMS-01..07, SB-BASIC-01/21, SB-SCORE-05; spec 4.11-4.14, 4.18.6).

State (only in a ``threats.full`` game): ``p["ext"]`` maps ``"X1".."X4"`` to the cards equipped there, bottom
first (the last one is the visible top card; covered ones still score); ``p["store"]`` maps an extension to
what its top storage item holds (resources, batteries or captured Cylindroid kinds); ``p["bonus_used"]`` lists
the extensions whose first-item bonus was paid; ``p["used"]`` maps a card id to the round an "once per round"
effect was last used.

Public API (sb-hull and the other modules call these):

* ``card(g, card_id) -> dict``: an item card of any family (items.json).
* ``equip(g, seat, card_id)``: push the Equip prompt: the player picks the extension (SB-ITEMS-02/03); then
  the first-item bonus (once per extension per game), ON_EQUIP effects and covering (SB-ITEMS-04) follow.
  Ends by resuming the step that called it.
* ``place_on(g, seat, card_id, ext)``: the same without a prompt (for tests and forced choices).
* ``visible(g, seat) -> {ext: card_id}``: the top cards, the only ones that work (SB-BASIC-21).
* ``passive(g, seat, op) -> int``: the summed ``n`` of a PASSIVE op on visible cards (1 for flag ops, 0 if
  none); ``passive_with(g, seat, op, key, value)`` for scoped ops (``boost_any_battery`` action,
  ``diagonal_adjacent`` scope).
* ``equipped_vp(g, seat) -> int``: every equipped card's VP, covered or not (SB-ITEMS-05, SB-SCORE-05).
* payment (item_pay.py): ``can_pay(g, seat, cost, discount=0, sources=OWN)`` and ``pay(g, seat, cost,
  discount=0, sources=OWN, then=None)``; ``sources`` is a tuple of ``"own"`` (numbered tanks, DS tank,
  storage items, Battery Track), ``"common"`` (the Common Tank, SB-CONNECT-06 i) and ``"alphabot"``
  (AlphaBot's tank only, Control A4). ``then={"equip": card_id}`` equips the paid card. Example (Control A4
  with the Titanium-track discount): ``pay(g, seat, card(g, sid)["cost"], 1, ("alphabot",), then={"equip": sid},
  what=name(g, sid))``.
* ``reach(g, seat, square, scope)``: a square and its neighbours, with the diagonals an item grants for a
  scope; ``passive(g, seat, "hull_entry_anywhere")`` and ``passive(g, seat, "server_draw_bonus")`` are the
  AlphaBot Items' passives for the hull and the server (wired by their callers).

The look-ups without prompts live in item_cards.py (importable from any rules module without a circle) and
are re-exported here; the words for effects in item_words.py.
"""

from __future__ import annotations

from typing import Any

from engines.core import Action, Game, Step, act

from . import threats
from .batteries import add_battery
from .item_cards import (
    FAMILIES,
    card,
    cards,
    effects_of,
    extensions,
    mark_used,
    name,
    once_free,
    passive,
    passive_ops,
    passive_with,
    reach,
    stacks,
    storage,
    store_put,
    store_room,
    store_targets,
    stored,
    stored_totals,
    take_stored,
    to_rack,
    visible,
)
from .item_words import effect_words, op_words
from .robots import called
from .stress import change_stress, player, repair

__all__ = [
    "FAMILIES", "card", "cards", "effects_of", "equip", "equipped_vp", "extensions", "mark_used", "name",
    "once_free", "passive", "passive_ops", "passive_with", "place_on", "reach", "stacks", "start_board", "storage",
    "store_put", "store_room", "store_targets", "stored", "stored_totals", "take_stored", "to_rack", "visible",
]
"""The public API (with the look-ups of item_cards)."""


def start_board(g: Game, p: dict[str, Any]) -> None:
    """Empty extensions on a new board (only in a ``threats.full`` game)."""
    p.update(ext={x["id"]: [] for x in extensions(g, p)}, store={}, bonus_used=[], used={})


def equipped_vp(g: Game, seat: int) -> int:
    """VP of every item this BetaBot equipped, covered or not (SB-ITEMS-05, SB-SCORE-05)."""
    return sum(card(g, c)["vp"] for stack in stacks(player(g, seat)).values() for c in stack)


# -- storage ---------------------------------------------------------------------------------------------


# -- equipping ---------------------------------------------------------------------------------------------
def can_go(g: Game, seat: int, card_id: str, ext: str) -> bool:
    """Stacking (SB-ITEMS-03): a small card on an empty extension or on a small card; a large card on
    anything; small-only extensions never take a large card."""
    size = card(g, card_id)["size"]
    info = next(x for x in extensions(g, player(g, seat)) if x["id"] == ext)
    if size == "large":
        return info["accepts"] == "any"
    stack = stacks(player(g, seat))[ext]
    return not stack or card(g, stack[-1])["size"] == "small"


def targets(g: Game, seat: int, card_id: str) -> list[str]:
    return [x["id"] for x in extensions(g, player(g, seat)) if can_go(g, seat, card_id, x["id"])]


def equip(g: Game, seat: int, card_id: str) -> None:
    """Ask ``seat`` where to equip ``card_id`` (a sub-prompt; SB-ITEMS-02)."""
    g.call("equip", seat=seat, card=card_id)


def place_on(g: Game, seat: int, card_id: str, ext: str) -> dict[str, Any]:
    """Equip ``card_id`` on ``ext`` now: covered storage to the supply (SB-ITEMS-04), the first-item bonus
    once per extension per game (SB-ITEMS-02), then ON_EQUIP (SB-ITEMS-06). Returns what still needs the
    player: ``{"gains": {res: n}, "battery": k}`` (resources to place, battery types to choose)."""
    p = player(g, seat)
    stack = stacks(p)[ext]
    if stack and p.get("store", {}).get(ext):
        g.log(f"{called(g, seat)}'s covered {name(g, stack[-1])} empties into the supply.")
        kinds = [t["id"] for t in g.data["cylindroids"]["types"]]
        threats.to_bag(g, [k for k, n in p["store"][ext].items() if k in kinds for _ in range(n)])  # into the bag
        del p["store"][ext]
    first = not stack and ext not in p["bonus_used"]
    stack.append(card_id)
    g.log(f"{called(g, seat)} equips {name(g, card_id)} on extension {ext[1:]}.")
    ops = []
    if first:
        p["bonus_used"].append(ext)
        ops += next(x for x in extensions(g, p) if x["id"] == ext)["first_item_bonus"]
    ops += effects_of(g, card_id, "on_equip")
    todo: dict[str, Any] = {"gains": {}, "battery": 0}
    for op in ops:
        apply_simple(g, seat, op, todo)
    return todo


def apply_simple(g: Game, seat: int, op: dict[str, Any], todo: dict[str, Any]) -> None:
    """An ON_EQUIP or bonus op: gains and battery choices are collected in ``todo`` for the player."""
    if op["op"] == "gain":
        for res, n in op["res"].items():
            todo["gains"][res] = todo["gains"].get(res, 0) + n
    elif op["op"] == "gain_battery" and op["type"] == "choice":
        todo["battery"] += 1
    elif op["op"] == "gain_battery":
        add_battery(g, player(g, seat), op["type"])  # no room: lost (spec 4.18.6 X1)
    elif op["op"] == "repair":
        repair(g, seat, op["n"])
    elif op["op"] == "stress":
        change_stress(g, seat, op["n"])


def follow_up(g: Game, seat: int, todo: dict[str, Any]) -> None:
    """Replace the current prompt by what ``todo`` still asks (a battery type, then placing), or end it."""
    if todo["battery"]:
        g.goto("item_battery", seat=seat, left=todo["battery"], gains=todo["gains"])
    elif todo["gains"]:
        g.goto("place", seat=seat, slot=None, units=dict(todo["gains"]), back=False)
    else:
        g.end()


def ext_words(g: Game, seat: int, ext: str) -> str:
    """``extension 2 (empty: first item repairs 1)`` or ``extension 2 (covers Cargo Pod)``."""
    p = player(g, seat)
    stack = stacks(p)[ext]
    info = next(x for x in extensions(g, p) if x["id"] == ext)
    if stack:
        lost = ", emptying it" if p.get("store", {}).get(ext) else ""
        return f"extension {ext[1:]} (covers {name(g, stack[-1])}{lost})"
    bonus = "" if ext in p["bonus_used"] else ", bonus: " + "; ".join(
        op_words(g, o) for o in info["first_item_bonus"])
    return f"extension {ext[1:]} (empty{bonus})"


class Equip(Step):
    """Frame ``{"seat", "card"}``: pick the extension for a new item (SB-ITEMS-02/03)."""

    name = "equip"
    verbs = ("ext",)
    deciding = "equip an item"

    def actions_ext(self, g: Game, seat: int) -> list[Action]:
        return [act("ext", x) for x in targets(g, seat, g.frame["card"])]

    def act_ext(self, g: Game, seat: int, ext: str) -> None:
        follow_up(g, seat, place_on(g, seat, g.frame["card"], ext))

    def label_ext(self, g: Game, seat: int, ext: str) -> str:
        return f"Equip {name(g, g.frame['card'])} on {ext_words(g, seat, ext)}"

    def prompt(self, g: Game, seat: int) -> str:
        return f"Choose the extension for {name(g, g.frame['card'])}: {describe(g, g.frame['card'])}."


class ItemBattery(Step):
    """Frame ``{"seat", "left", "gains"}``: the battery type an item gives (Spare Cell), then placing."""

    name = "item_battery"
    verbs = ("take",)
    deciding = "choose a battery"

    def actions_take(self, g: Game, seat: int) -> list[Action]:
        return [act("take", b) for b in g.data["vaults"]["resources"]["batteries"]]

    def act_take(self, g: Game, seat: int, battery: str) -> None:
        if not add_battery(g, player(g, seat), battery):
            g.log(f"{called(g, seat)} has no room for the battery; it is lost.")
        g.frame["left"] -= 1
        if g.frame["left"] <= 0:
            follow_up(g, seat, {"battery": 0, "gains": g.frame["gains"]})

    def label_take(self, g: Game, seat: int, battery: str) -> str:
        return f"Take a {g.data.res_name(battery)}"

    def prompt(self, g: Game, seat: int) -> str:
        return "Choose the battery your item gives (it goes onto your Battery Track if there is room)."


def describe(g: Game, card_id: str) -> str:
    """A card's effect and VP in a short line."""
    c = card(g, card_id)
    return f"{effect_words(g, c)}; {c['vp']} VP"
