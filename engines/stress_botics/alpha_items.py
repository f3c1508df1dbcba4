"""AlphaBot's item server: its deck, the Available row and the Standby slot, refreshing, and where AlphaBot
Items are acquired from — Server A1, Control A4, the Items hatch and the delivery rewards — with their
discounts (SB-SETUP-11/12, SB-ITEMS-08, SB-INTERACT-06 A4, SB-INTERACT-11 A1, SB-ALPHA-13/15,
SB-P1-EVENT-26, SB-CONNECT-12, SB-ALPHADELIVER-05).

``g.ab_items`` = ``{"deck", "available", "standby", "discard"}``; the deck's order is hidden. Paying (with a
discount of the payer's choice) and putting the card on an extension are the items modules' (item_pay.pay,
items.equip). Only in a game with ``threats.full``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engines.core import Action, Game, Step, act
from engines.core.rng import Rng, seed_state

from . import alpha_tracks, item_pay, items
from .robots import called
from .stress import change_stress
from .tanks import alphabot_add
from .words import amount

Call = Callable[[], None]
"""A sub-prompt to push once the option is carried out (paying, equipping)."""
ALPHABOT = ("alphabot",)
"""Control A4 pays from AlphaBot's tank only."""
AB_ITEMS_STREAM = 0xAB17
"""The setup shuffle's own PRNG stream (as the items module's), so the rest stays a version-2 game's."""

BASIC = ("C", "Ti", "Si")


def server(g: Game) -> dict[str, Any]:
    return g.g["ab_items"]


def card(g: Game, card_id: str) -> dict[str, Any]:
    return next(c for c in g.data["items"]["alphabot"] if c["id"] == card_id)


def reveal(g: Game) -> str | None:
    """The top card of the AlphaBot Item deck (rebuilt from its discard pile when empty), or None."""
    s = server(g)
    if not s["deck"] and s["discard"]:
        s["deck"] = sorted(s["discard"])
        s["discard"] = []
        g.rng.shuffle(s["deck"])
    return g.draw(s["deck"])[0] if s["deck"] else None


def in_play(g: Game) -> list[dict[str, Any]]:
    """The AlphaBot Item cards of this player count (SB-SETUP-11)."""
    return [c for c in g.data["items"]["alphabot"] if c["players"] in ("all", alpha_tracks.bracket(g))]


def start(g: Game) -> None:
    """Set aside the Furnaces for N, shuffle the rest valid for N, reveal the Available ones and the Standby;
    the Standby's battery goes into AlphaBot's tank (SB-SETUP-11/12). The shuffle draws from a stream of its
    own, derived from the game's without drawing from it."""
    alpha_tracks.start(g)
    bracket = alpha_tracks.bracket(g)
    cards = in_play(g)
    aside = sorted(c["id"] for c in cards if bracket in c.get("set_aside_in", []))
    deck = sorted(c["id"] for c in cards if c["id"] not in aside)
    Rng({"rng": seed_state(g.state["rng"] ^ AB_ITEMS_STREAM)}).shuffle(deck)
    rule = g.data["alphabot"]["item_server"]["available"][bracket]
    g.g["ab_items"] = {"deck": deck, "available": aside[:rule["furnaces"]], "standby": None, "discard": []}
    for _ in range(rule["revealed"]):
        drawn = reveal(g)
        if drawn:
            server(g)["available"].append(drawn)
    server(g)["standby"] = reveal(g)
    if server(g)["standby"]:
        alphabot_add(g, {battery_of(g, server(g)["standby"]): 1})


def battery_of(g: Game, card_id: str) -> str:
    """The battery in an AlphaBot Item's cost (every one holds exactly one, spec 4.13)."""
    return next(r for r in card(g, card_id)["cost"] if r.startswith("b"))


def less(cost: dict[str, int], code: str) -> dict[str, int]:
    out = dict(cost)
    if out.get(code):
        out[code] -= 1
        if not out[code]:
            del out[code]
    return out


def hatch_discount(g: Game) -> bool:
    """AlphaBot stands on an open Items hatch (SB-P1-EVENT-26)."""
    a, hatch = g.g["alphabot"], g.g["hatch"]
    if not a["mv"] or a["square"] != "HATCH" or not hatch["token"] or hatch["closed"]:
        return False
    special = g.data.hatches[hatch["token"]].get("alphabot_special") or {}
    return special.get("name") == "alphabot_items_hatch_discount"


def base_cost(g: Game, card_id: str, via: str) -> dict[str, int]:
    """An Available item's cost through ``via`` (``server``, ``hatch``), with the Items-hatch discount on
    Access the Server: 1 battery and 1 basic resource less (SB-P1-EVENT-26)."""
    cost = dict(card(g, card_id)["cost"])
    if via == "server" and hatch_discount(g):
        cost = less(cost, battery_of(g, card_id))
        basic = next((r for r in BASIC if cost.get(r)), None)
        if basic:
            cost = less(cost, basic)
    return cost


def standby_tokens(g: Game, seat: int, params: dict[str, Any]) -> list[str]:
    """Control A4: the Standby item if AlphaBot's tank alone can pay it, 1 unit less of your choice while the Ti
    track holds 2 (SB-INTERACT-06, SB-ALPHA-13)."""
    standby = server(g)["standby"]
    if not standby:
        return []
    discount = int(alpha_tracks.ti_bonus(g, params["ti_track_discount_at"]))
    return [standby] if item_pay.can_pay(g, seat, card(g, standby)["cost"], discount, ALPHABOT) else []


def si_discount(g: Game) -> int:
    """1 unit of your choice off an Available item while AlphaBot's Si track is full (SB-ALPHA-15)."""
    return int(alpha_tracks.full(g, "Si"))


def distinct(g: Game, ids: list[str]) -> list[str]:
    """One card per name (the two Melting Furnaces are the same choice)."""
    out: dict[str, str] = {}
    for card_id in ids:
        out.setdefault(card(g, card_id)["name"], card_id)
    return list(out.values())


def available_tokens(g: Game, seat: int, params: dict[str, Any], via: str = "server") -> list[str]:
    """Server A1 (or the Items hatch): the Available items this BetaBot can pay for (SB-INTERACT-11,
    SB-ALPHA-15, SB-CONNECT-12, SB-BASIC-18)."""
    return [item for item in distinct(g, server(g)["available"])
            if item_pay.can_pay(g, seat, base_cost(g, item, via), si_discount(g))]


def token_words(g: Game, seat: int, item: str) -> str:
    info = card(g, item)
    return f"equip {info['name']} ({info['vp']} VP)"


def after_available(g: Game, item: str) -> None:
    """The Standby item moves into the freed Available slot and a new Standby is revealed (SB-INTERACT-11)."""
    s = server(g)
    s["available"].remove(item)
    if s["standby"]:
        s["available"].append(s["standby"])
    s["standby"] = reveal(g)


def equip_available(g: Game, seat: int, item: str, params: dict[str, Any], via: str = "server") -> list[Call]:
    """Server A1 / the Items hatch: pay for an Available item, then equip it (SB-INTERACT-11, SB-CONNECT-12)."""
    cost = base_cost(g, item, via)
    after_available(g, item)
    return [lambda: item_pay.pay(g, seat, cost, si_discount(g), then={"equip": item}, what=card(g, item)["name"])]


def equip_standby(g: Game, seat: int, item: str, params: dict[str, Any]) -> list[Call]:
    """Control A4: pay from AlphaBot's tank only, equip the Standby item, reveal a new one (SB-INTERACT-06)."""
    discount = int(alpha_tracks.ti_bonus(g, params["ti_track_discount_at"]))
    server(g)["standby"] = reveal(g)
    return [lambda: item_pay.pay(g, seat, card(g, item)["cost"], discount, ALPHABOT, then={"equip": item},
                                 what=card(g, item)["name"])]


def equip_free(g: Game, seat: int, item: str) -> list[Call]:
    """A delivery reward: an Available item with its cost waived (SB-ALPHADELIVER-05, AMB-24)."""
    after_available(g, item)
    return [lambda: items.equip(g, seat, item)]


def can_refresh(g: Game) -> bool:
    return bool(server(g)["deck"] or server(g)["discard"] or server(g)["available"])


def refresh_stress(g: Game) -> int:
    """The refresh's stress change (AMB-04): the printed one ("reduce your stress by 2") by default, its
    opposite with ``server_refresh_stress_delta="costs_stress"``."""
    printed = g.data["alphabot"]["server_tile"]["A"][0]["effect"][0]["params"]["refresh_stress"]
    return -printed if g.options.get("server_refresh_stress_delta") == "costs_stress" else printed


def refresh(g: Game, seat: int) -> None:
    """Server A1's refresh: the stress change of :func:`refresh_stress`, the Available items discarded, 2 new
    ones revealed (SB-INTERACT-11, AMB-04); the Standby stays."""
    s = server(g)
    change_stress(g, seat, refresh_stress(g))
    s["discard"] += s["available"]
    s["available"] = []
    for _ in range(g.data["alphabot"]["item_server"]["refresh_reveal"]):
        drawn = reveal(g)
        if drawn:
            s["available"].append(drawn)
    g.log(f"{called(g, seat)} refreshes AlphaBot's items: " + ", ".join(card(g, c)["name"] for c in s["available"])
          + ".")


def refresh_label(g: Game) -> str:
    n = g.data["alphabot"]["item_server"]["refresh_reveal"]
    return f"Refresh the Available items first ({refresh_stress(g):+d} stress, {n} new ones)"


def cost_words(g: Game, item: str) -> str:
    return amount(g, card(g, item)["cost"])


class ItemRun(Step):
    """Equip AlphaBot Items one at a time, ``g.frame["left"]`` of them at most, or stop: subclasses say which
    items (``actions_item``) and how one is equipped (``equip``, returning the calls to run after it)."""

    verbs = ("item", "done")

    def actions_item(self, g: Game, seat: int) -> list[Action]:
        raise NotImplementedError

    def equip(self, g: Game, seat: int, item: str) -> list[Any]:
        raise NotImplementedError

    def act_item(self, g: Game, seat: int, item: str) -> None:
        calls = self.equip(g, seat, item)
        g.frame["left"] -= 1
        if not self.actions_item(g, seat):
            g.end()
        for call in reversed(calls):
            call()

    def act_done(self, g: Game, seat: int) -> None:
        g.end()

    def default(self, g: Game, seat: int) -> Action:
        moves = self.actions_item(g, seat)
        return moves[0] if moves else act("done")


class HatchItem(ItemRun):
    """CONNECT → Produce in the Hatch on the Items token: equip an Available AlphaBot Item paying its cost,
    ``left`` times (SB-CONNECT-12); frame ``{"seat", "left"}``."""

    name = "hatch_item"
    deciding = "equip AlphaBot Items from the Items hatch"

    def actions_item(self, g: Game, seat: int) -> list[Action]:
        return [act("item", t) for t in available_tokens(g, seat, {}, via="hatch")] if g.frame["left"] > 0 else []

    def equip(self, g: Game, seat: int, item: str) -> list[Any]:
        return equip_available(g, seat, item, {}, via="hatch")

    def label_item(self, g: Game, seat: int, item: str) -> str:
        return f"Equip {card(g, item)['name']}, paying {amount(g, base_cost(g, item, 'hatch'))}"

    def label_done(self, g: Game, seat: int) -> str:
        return "Equip nothing more"

    def prompt(self, g: Game, seat: int) -> str:
        return f"The Items hatch: equip an Available AlphaBot Item, paying its cost ({g.frame['left']} left)."
