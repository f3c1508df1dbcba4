"""The Items & Stress Boy board: the Advanced Items server, the Box deck, and the CONNECT sub-actions that
buy from them: Produce in an Advanced Items Vault and Open a Box (SB-SETUP-20/21, SB-CONNECT-05/06/11,
SB-ITEMS-09, SB-BASIC-17; vault discounts spec 4.2.3).

State ``g.g["items"]``: 1-2 players ``{"deck": [...], "slots": [id | None, id | None]}``; 3-4 players
``{"tops": {type: id | None}, "piles": {type: [...]}}`` (each pile's face-up top, the
face-down rest); both ``"box": [...]`` (the Box deck,
top first) and ``"out": n`` (Advanced Items covered by a refresh). Deck orders never reach the view.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engines.core import Action, Game, Step, act
from engines.core.rng import Rng, seed_state

from . import items, threats
from .combat import boxes_within_reach
from .extract import side_key
from .item_pay import OWN, can_pay, pay
from .robots import called, robots
from .stress import damage, player
from .words import square

ITEMS_STREAM = 0x17E5
"""Mixed into the game's PRNG state to seed the item shuffles."""


def small(g: Game) -> bool:
    """The 1-2 player side of the board (a 2-slot server)."""
    return g.seats <= 2


def start(g: Game) -> None:
    """Advanced Items by player count, the Box deck face down, empty extensions (SB-SETUP-20/21). The
    shuffles use a stream of their own, derived from the game's without drawing from it, so the rest of
    the setup and play stays as a version-2 game's with the same seed."""
    adv = g.data["items"]["advanced"]
    state: dict[str, Any] = {"out": 0, "rng": seed_state(g.state["rng"] ^ ITEMS_STREAM)}
    rng = Rng(state)
    if small(g):
        deck = [c["id"] for c in adv if c["players"] == "all"]
        rng.shuffle(deck)
        slots = g.data["boards"]["items_board"]["advanced_server"]["1-2"]["slots"]
        state.update(slots=deck[:slots], deck=deck[slots:])
    else:
        piles = {}
        for kind in g.data["items"]["advanced_types"]:
            pile = [c["id"] for c in adv if c["type"] == kind]
            rng.shuffle(pile)
            piles[kind] = pile
        state["tops"] = {kind: pile.pop(0) for kind, pile in piles.items()}
        state["piles"] = piles
    box = [c["id"] for c in g.data["items"]["box"]]
    rng.shuffle(box)
    state["box"] = box
    del state["rng"]
    g.g["items"] = state
    for seat in robots(g):
        items.start_board(g, player(g, seat))


def offer(g: Game) -> list[str]:
    """The Advanced Items one may buy now: the 2 slots, or the 4 pile tops (SB-CONNECT-05 b)."""
    state = g.g["items"]
    if "slots" in state:
        return [c for c in state["slots"] if c]
    return [top for top in state["tops"].values() if top]


def discount(g: Game, seat: int) -> int | None:
    """The Advanced Items Vault's discount for its side and pressure, or None if this BetaBot cannot
    produce in one (figure there, no Cylindroids; SB-CONNECT-02/05, spec 4.2.3)."""
    if not threats.full(g):
        return None
    return vault_discount(g, player(g, seat)["mini"])


def vault_discount(g: Game, node: str) -> int | None:
    """The discount of the Advanced Items Vault at ``node`` now, or None (no such vault, or Cylindroids in it)."""
    state = g.g["vaults"].get(node)
    if state is None or state.get("cylindroids"):
        return None
    tile = g.data.vaults[state["tile"]]
    if tile.get("produce") != "advanced_item":
        return None
    return tile[side_key(state)]["discount"][g.g["pressure"]]


def modes(g: Game, boosted: bool) -> list[str]:
    """``plain``; boosted: ``common`` (also pay from the Common Tank) or, 1-2p with a Box left, ``box``
    (SB-CONNECT-06)."""
    if not boosted:
        return ["plain"]
    return ["common"] + (["box"] if small(g) and g.g["items"]["box"] else [])


def price(g: Game, seat: int, card_id: str, mode: str) -> tuple[dict[str, int], int, tuple[str, ...]]:
    """(cost, discount, sources) of buying ``card_id`` this way: a Box choice pays the full printed cost
    unless ``box_option_keeps_discount`` (AMB-56)."""
    cost = dict(items.card(g, card_id)["cost"])
    off = 0 if mode == "box" and not box_keeps_discount(g) else discount(g, seat) or 0
    return cost, off, (("own", "common") if mode == "common" else OWN)


def box_keeps_discount(g: Game) -> bool:
    """The 1-2p Box choice still gets the vault's discount (option ``box_option_keeps_discount``, AMB-56)."""
    return bool(g.options.get("box_option_keeps_discount"))


def buys(g: Game, seat: int, boosted: bool) -> list[tuple[str, str]]:
    """(card, mode) purchases possible now."""
    out = []
    for card_id in offer(g):
        for mode in modes(g, boosted):
            cost, off, sources = price(g, seat, card_id, mode)
            if can_pay(g, seat, cost, off, sources):
                out.append((card_id, mode))
    return out


def can_shop(g: Game, seat: int) -> bool:
    """Produce in an Advanced Items Vault is possible: an item is affordable, boosted or not."""
    return discount(g, seat) is not None and bool(buys(g, seat, True) or buys(g, seat, False))


def take_from_offer(g: Game, card_id: str) -> None:
    """Take a card off the server; in 1-2p its slot is refilled from the deck (SB-CONNECT-05 d)."""
    state = g.g["items"]
    if "slots" in state:
        i = state["slots"].index(card_id)
        new = g.draw(state["deck"])
        state["slots"][i] = new[0] if new else None
        return
    kind = next(k for k, top in state["tops"].items() if top == card_id)
    new = g.draw(state["piles"][kind])
    state["tops"][kind] = new[0] if new else None


def refreshes(g: Game, seat: int) -> list[tuple[str, ...]]:
    """Refresh the offer for 1 shield (SB-CONNECT-05 a): ``()`` in 1-2p, a pair of piles in 3-4p."""
    if player(g, seat)["shields"] <= 0:
        return []
    state = g.g["items"]
    if "slots" in state:
        return [()] if state["deck"] else []
    live = [k for k, pile in state["piles"].items() if pile and state["tops"][k]]
    return list(combinations(live, 2))


def refresh(g: Game, seat: int, piles: tuple[str, ...]) -> None:
    cost = g.data["boards"]["items_board"]["refresh"]["shield_cost"]
    damage(g, seat, cost)
    state = g.g["items"]
    if "slots" in state:
        for i, new in enumerate(g.draw(state["deck"], len(state["slots"]))):
            state["out"] += state["slots"][i] is not None  # covered: out of the game
            state["slots"][i] = new
        g.log(f"{called(g, seat)} loses {cost} shield to refresh the Advanced Items.")
        return
    for kind in piles:
        pile = state["piles"][kind]
        pile.append(state["tops"][kind])
        state["tops"][kind] = g.draw(pile)[0]
    g.log(f"{called(g, seat)} loses {cost} shield to turn over the {' and '.join(piles)} piles.")


class Shop(Step):
    """Frame ``{"seat", "boosted", "refreshed"}``: Produce in an Advanced Items Vault (SB-CONNECT-05/06)."""

    name = "shop"
    verbs = ("refresh", "buy", "stop")
    deciding = "buy an Advanced Item"

    def actions_refresh(self, g: Game, seat: int) -> list[Action]:
        return [] if g.frame["refreshed"] else [act("refresh", *pair) for pair in refreshes(g, seat)]

    def act_refresh(self, g: Game, seat: int, *piles: str) -> None:
        g.frame["refreshed"] = True
        refresh(g, seat, piles)

    def label_refresh(self, g: Game, seat: int, *piles: str) -> str:
        if not piles:
            return "Lose 1 shield: cover both items with the next two of the deck"
        return f"Lose 1 shield: turn the {piles[0]} and {piles[1]} tops under their piles"

    def actions_buy(self, g: Game, seat: int) -> list[Action]:
        return [act("buy", c, m) for c, m in buys(g, seat, g.frame["boosted"])]

    def act_buy(self, g: Game, seat: int, card_id: str, mode: str) -> None:
        cost, off, sources = price(g, seat, card_id, mode)
        take_from_offer(g, card_id)
        what = items.name(g, card_id)
        g.log(f"{called(g, seat)} buys {what}" + (" with a Box Item" if mode == "box" else "") + ".")
        pay(g, seat, cost, off, sources, then={"equip": card_id}, what=what, replace=True)
        if mode == "box":
            drawn = g.draw(g.g["items"]["box"])
            g.call("box_pick", seat=seat, cards=drawn, keep_for=cost)

    def label_buy(self, g: Game, seat: int, card_id: str, mode: str) -> str:
        cost, off, _ = price(g, seat, card_id, mode)
        c = items.card(g, card_id)
        text = f"Buy {c['name']} ({c['vp']} VP" + {"plain": "", "common": ", with the Common Tank",
                                                  "box": ", a Box Item first"}[mode] + ")"
        pays = f": {cost_words(g, cost)}" + (f", {off} off" if off else "")
        return text + pays if len(text + pays) <= 80 else text

    def actions_stop(self, g: Game, seat: int) -> list[Action]:
        return [] if self.actions_buy(g, seat) else [act("stop")]

    def act_stop(self, g: Game, seat: int) -> None:
        g.end()

    def label_stop(self, g: Game, seat: int) -> str:
        return "Buy nothing: no item is affordable now"

    def prompt(self, g: Game, seat: int) -> str:
        off = discount(g, seat) or 0
        box = ", or take a Box Item first" + ("" if box_keeps_discount(g) else " and pay the full cost")
        extra = f" Boosted: also pay from the Common Tank{box if small(g) else ''}." if g.frame["boosted"] else ""
        return f"Choose an Advanced Item (this vault's discount: {off}).{extra}"


def cost_words(g: Game, cost: dict[str, int]) -> str:
    return " + ".join(f"{n} {('batteries' if n > 1 else 'battery') if r == 'battery' else g.data.res_name(r)}"
                      for r, n in cost.items()) or "nothing"


# -- Box Items -------------------------------------------------------------------------------------------
def box_squares(g: Game, seat: int) -> list[str]:
    """Squares with a Box this BetaBot can open (SB-CONNECT-11); nothing without Box Items left."""
    if not threats.full(g) or not g.g["items"]["box"]:
        return []
    return boxes_within_reach(g, seat)


def open_box(g: Game, seat: int, where: str) -> None:
    """Take the Box token (back to the supply) and draw 2 Box Items to choose from (SB-CONNECT-11)."""
    g.g["boxes"][where] -= 1
    if not g.g["boxes"][where]:
        del g.g["boxes"][where]
    drawn = g.draw(g.g["items"]["box"], g.data["rules"]["open_box"]["draw"])
    g.log(f"{called(g, seat)} opens the Box on {square(where)}.")
    g.call("box_pick", seat=seat, cards=drawn, keep_for=None)


class BoxPick(Step):
    """Frame ``{"seat", "cards", "keep_for"}``: equip at most one drawn Box Item; the rest go to the bottom
    of the Box deck in the order drawn (SB-CONNECT-11, SB-CONNECT-06 ii). ``keep_for``: the cost still to
    be paid below (a storage item whose loss would make it unpayable cannot be covered)."""

    name = "box_pick"
    verbs = ("equip", "none")
    deciding = "choose a Box Item"

    def actions_equip(self, g: Game, seat: int) -> list[Action]:
        out = []
        below = g.state["stack"][-2] if g.frame["keep_for"] else None
        for card_id in g.frame["cards"]:
            for ext in items.targets(g, seat, card_id):
                if below and not can_pay(g, seat, below["cost"], below["discount"], tuple(below["sources"]),
                                         skip=(ext,)):
                    continue
                out.append(act("equip", card_id, ext))
        return out

    def act_equip(self, g: Game, seat: int, card_id: str, ext: str) -> None:
        rest = [c for c in g.frame["cards"] if c != card_id]
        g.g["items"]["box"].extend(rest)
        items.follow_up(g, seat, items.place_on(g, seat, card_id, ext))

    def label_equip(self, g: Game, seat: int, card_id: str, ext: str) -> str:
        return f"Equip {items.name(g, card_id)} on {items.ext_words(g, seat, ext)}"

    def act_none(self, g: Game, seat: int) -> None:
        g.g["items"]["box"].extend(g.frame["cards"])
        g.log(f"{called(g, seat)} puts the Box Item" + ("s" if len(g.frame["cards"]) > 1 else "")
              + " on the bottom of the Box deck.")
        g.end()

    def label_none(self, g: Game, seat: int) -> str:
        return "Equip none: " + " and ".join(items.name(g, c) for c in g.frame["cards"]) + \
            " go to the bottom of the Box deck"

    def prompt(self, g: Game, seat: int) -> str:
        return "Box Items: " + "; ".join(f"{items.name(g, c)} ({items.describe(g, c)})" for c in g.frame["cards"])

    def default(self, g: Game, seat: int) -> Action:
        return act("none")
