"""Deliveries to the ships, manual and automatic (SB-DELIVER-01..09).

The ``deliver`` prompt first picks the receiving ship (or drops Cargo cards to get under its stress
limit), then loads the container one unit per click up to the Main Objective's load, then places the
Delivery Marker and applies the delivery stress table.
"""

from __future__ import annotations

from typing import Any

from engines.core import Action, Game, Step, act

from . import alpha_delivery, items
from .batteries import bonuses, update_ai
from .content import SHIPS
from .robots import called, cargo_of, is_delta, solo
from .stress import change_stress, damage, everyone, player
from .tanks import holdings, take_one


def sector(g: Game, seat: int) -> str | None:
    """The sector of the Delivery Base the Mini is at (None elsewhere)."""
    info = g.data.nodes[player(g, seat)["mini"]]
    return info["sector"] if info["kind"] == "delivery_base" else None


def limit(g: Game, ship: str, where: str) -> int:
    """The ship's reception stress limit in that sector (SB-DELIVER-03)."""
    return g.data["ships"]["reception_stress_limits"][ship][where]


def _may_deliver(g: Game, seat: int) -> bool:
    """The robot's own conditions: at a Delivery Base, ≥1 shield, a Delivery Marker, Battery Track bonus 2
    (conditions 1, 4, 5, 7); DeltaBot also needs its full track (SB-SOLO-09)."""
    p = player(g, seat)
    if sector(g, seat) is None or p["shields"] < 1 or p["markers"] < 1:
        return False
    if len(p["track"]) < g.data["boards"]["delivery_board"]["min_track_batteries"]:
        return False
    return not is_delta(g, seat) or "may_deliver_losing_3_shields" in bonuses(g, p)


def _at_reception(g: Game, ship: str, where: str) -> bool:
    return not g.g["ships"][ship]["left"] and g.g["ships"][ship]["pos"] == g.data.ships[ship]["reception"][where]


def in_window(g: Game, seat: int) -> list[str]:
    """Ships that could take this BetaBot's delivery except for its stress (conditions 1, 2, 4, 5–8)."""
    where = sector(g, seat)
    if not _may_deliver(g, seat) or cargo_of(g, seat)[where] is not None:
        return []
    return [s for s in SHIPS if g.g["ships"][s]["demands"] and _at_reception(g, s, where)]


def joinable(g: Game, seat: int) -> list[str]:
    """Solo: the Cargo letters of containers the other bot made that this one may add to (SB-SOLO-10): same
    ship, on this bot's reception space, every condition but the Demand and Cargo cards, and room left."""
    if not solo(g) or not _may_deliver(g, seat):
        return []
    where, stress = sector(g, seat), player(g, seat)["stress"]
    return [k for k, c in cargo_of(g, seat).items()
            if isinstance(c, dict) and c.get("by", 0) != seat and _at_reception(g, c["ship"], where)
            and stress <= limit(g, c["ship"], where) and _room(g, seat, c) > 0]


def _room(g: Game, seat: int, container: dict[str, Any]) -> int:
    """Units that still fit in ``container`` (its ship's load limit, SB-DELIVER-07)."""
    load = g.data.objectives[g.g["ships"][container["ship"]]["objective"]]["load"]
    return load + items.passive(g, seat, "load_limit_bonus") - sum(container["load"].values())


def eligible(g: Game, seat: int) -> list[str]:
    """Ships this BetaBot may deliver to right now (SB-DELIVER-02, SB-DELIVER-09)."""
    where = sector(g, seat)
    return [s for s in in_window(g, seat) if player(g, seat)["stress"] <= limit(g, s, where)]


def spare_cargo(g: Game, seat: int) -> list[str]:
    """Unused Cargo cards other than the one the delivery needs (SB-DELIVER-04)."""
    where = sector(g, seat)
    return [k for k, v in cargo_of(g, seat).items() if v is None and k != where]


def possible(g: Game, seat: int) -> bool:
    """A delivery can be made now, perhaps after dropping Cargo cards (SB-DELIVER-04), or AlphaBot's."""
    if alpha_delivery.possible(g, seat) or joinable(g, seat):
        return True  # rules version 3: delivering AlphaBot (SB-ALPHADELIVER-03); solo: adding (SB-SOLO-10)
    rule = g.data["boards"]["delivery_board"]["cargo_discard"]
    p, where = player(g, seat), sector(g, seat)
    for ship in in_window(g, seat):
        for k in range(min(rule["max"], len(spare_cargo(g, seat))) + 1):
            if p["stress"] + k * rule["stress"] <= limit(g, ship, where) and p["shields"] - k * rule["shields"] >= 1:
                return True
    return False


def loadable(g: Game, seat: int, ship: str) -> list[str]:
    """Codes that have VP on the ship's Main Objective and that the BetaBot holds (AMB-22)."""
    vp = g.data.objectives[g.g["ships"][ship]["objective"]]["vp"]
    p = player(g, seat)
    held, stored = holdings(p), items.stored_totals(g, seat)  # storage items deliver too (SB-EX-11)
    out = [r for r in g.data["vaults"]["resources"]["all"] if r in vp and (held.get(r) or stored.get(r))]
    for b in g.data["vaults"]["resources"]["batteries"]:
        if (b in vp or "battery" in vp) and (b in p["track"] or stored.get(b)):
            out.append(b)
    return out


def post_delivery_stress(g: Game, seat: int, ship: str, where: str) -> None:
    """The delivery stress table, in turn order (SB-DELIVER-06); solo: its own table, "others" being the
    partner bot (SB-SOLO-11, spec 4.21)."""
    table = "solo" if solo(g) else "multiplayer"
    row = g.data["boards"]["delivery_board"]["post_delivery_stress"][table][ship][where]
    if row["targets"] == "others":
        everyone(g, row["n"], skip=seat)
    elif row["targets"] == "all":
        everyone(g, row["n"])
    elif row["targets"] == "self":
        change_stress(g, seat, row["n"])


class Deliver(Step):
    """Frame: ``{"seat", "auto", "ship": None | ship, "into": Cargo letter}``; with a ship chosen, the container
    under that Cargo card is being loaded (the robot's sector's, or in solo the other bot's it adds to)."""

    name = "deliver"
    verbs = ("ship", "join", "alphabot", "drop", "decline", "load", "done")
    deciding = "make a delivery"

    def actions_ship(self, g: Game, seat: int) -> list[Action]:
        return [] if g.frame["ship"] else [act("ship", s) for s in eligible(g, seat)]

    def act_ship(self, g: Game, seat: int, ship: str) -> None:
        where = sector(g, seat)
        demand = g.g["ships"][ship]["demands"].pop(0)
        cargo_of(g, seat)[where] = {"ship": ship, "demand": demand, "load": {}}  # SB-DELIVER-05 (2)
        if solo(g):
            cargo_of(g, seat)[where]["by"] = seat  # which bot made it: the other may add to it (SB-SOLO-10)
        g.frame["ship"], g.frame["into"] = ship, where
        g.log(f"{called(g, seat)} delivers to the {g.data.ships[ship]['name']} from sector {where}.")

    def label_ship(self, g: Game, seat: int, ship: str) -> str:
        return f"Deliver to the {g.data.ships[ship]['name']}"

    def actions_join(self, g: Game, seat: int) -> list[Action]:
        return [] if g.frame["ship"] else [act("join", k) for k in joinable(g, seat)]

    def act_join(self, g: Game, seat: int, cargo: str) -> None:
        ship = cargo_of(g, seat)[cargo]["ship"]
        g.frame["ship"], g.frame["into"] = ship, cargo  # SB-SOLO-10: no Demand card, no Cargo card
        g.log(f"{called(g, seat)} adds to the container on the {g.data.ships[ship]['name']} (Cargo card {cargo}).")

    def label_join(self, g: Game, seat: int, cargo: str) -> str:
        c = cargo_of(g, seat)[cargo]
        return (f"Add to {called(g, 1 - seat)}'s container on the {g.data.ships[c['ship']]['name']} "
                f"({_room(g, seat, c)} units fit)")

    def actions_alphabot(self, g: Game, seat: int) -> list[Action]:
        return [] if g.frame["ship"] else [act("alphabot", s) for s in alpha_delivery.ships(g, seat)]

    def act_alphabot(self, g: Game, seat: int, ship: str) -> None:
        g.goto("alpha_deliver", seat=seat, ship=ship)  # SB-ALPHADELIVER-02: a whole delivery by itself

    def label_alphabot(self, g: Game, seat: int, ship: str) -> str:
        return f"Deliver AlphaBot to {alpha_delivery.SHIPS_WORDS[ship]}"

    def actions_drop(self, g: Game, seat: int) -> list[Action]:
        if g.frame["ship"] or g.frame.get("dropped", 0) >= g.data["boards"]["delivery_board"]["cargo_discard"]["max"]:
            return []
        if not any(player(g, seat)["stress"] > limit(g, s, sector(g, seat)) for s in in_window(g, seat)):
            return []
        return [act("drop", k) for k in spare_cargo(g, seat)]

    def act_drop(self, g: Game, seat: int, cargo: str) -> None:
        rule = g.data["boards"]["delivery_board"]["cargo_discard"]
        cargo_of(g, seat)[cargo] = "discarded"
        g.frame["dropped"] = g.frame.get("dropped", 0) + 1
        damage(g, seat, rule["shields"])
        change_stress(g, seat, rule["stress"])
        g.log(f"{called(g, seat)} discards Cargo card {cargo}: {rule['shields']} shields for {rule['stress']} stress.")
        if not possible(g, seat) and not eligible(g, seat):
            g.end()

    def label_drop(self, g: Game, seat: int, cargo: str) -> str:
        rule = g.data["boards"]["delivery_board"]["cargo_discard"]
        return f"Discard Cargo card {cargo} (−{rule['shields']} shields, {rule['stress']} stress)"

    def actions_decline(self, g: Game, seat: int) -> list[Action]:
        return [] if g.frame["ship"] else [act("decline")]

    def act_decline(self, g: Game, seat: int) -> None:
        g.end()

    def label_decline(self, g: Game, seat: int) -> str:
        return "Make no delivery"

    def room(self, g: Game, seat: int) -> int:
        return _room(g, seat, self.container(g, seat))

    def container(self, g: Game, seat: int) -> dict[str, Any]:
        """The container being loaded."""
        return cargo_of(g, seat)[g.frame.get("into") or sector(g, seat)]

    def actions_load(self, g: Game, seat: int) -> list[Action]:
        if not g.frame["ship"] or self.room(g, seat) <= 0:
            return []
        return [act("load", code) for code in loadable(g, seat, g.frame["ship"])]

    def act_load(self, g: Game, seat: int, code: str) -> None:
        p = player(g, seat)
        if code in p["track"]:
            p["track"].remove(code)  # from the Battery Track only; the rest shift right (SB-DELIVER-05)
            update_ai(g, p)
        elif not take_one(p, code):
            items.take_stored(g, seat, code)
        load = self.container(g, seat)["load"]
        load[code] = load.get(code, 0) + 1

    def label_load(self, g: Game, seat: int, code: str) -> str:
        vp = g.data.objectives[g.g["ships"][g.frame["ship"]]["objective"]]["vp"]
        worth = vp.get(code, vp.get("battery", 0))
        return f"Load 1 {g.data.res_name(code)} ({worth} VP)"

    def actions_done(self, g: Game, seat: int) -> list[Action]:
        return [act("done")] if g.frame["ship"] else []

    def act_done(self, g: Game, seat: int) -> None:
        p, where, ship = player(g, seat), sector(g, seat), g.frame["ship"]
        p["markers"] -= 1
        p["spots"].append({"ship": ship, "sector": where})  # SB-DELIVER-05 (4)
        load = self.container(g, seat)["load"]
        g.log(f"{called(g, seat)} loads {sum(load.values())} units onto the {g.data.ships[ship]['name']}.")
        if is_delta(g, seat):  # SB-SOLO-09: DeltaBot loses 3 shields when it delivers
            p["delivered"] = p.get("delivered", 0) + 1
            damage(g, seat, g.data["deltabot"]["battery_track"]["bonuses"][-1]["delivery_shield_cost"])
        post_delivery_stress(g, seat, ship, where)
        g.end()

    def label_done(self, g: Game, seat: int) -> str:
        return "Close the container"

    def prompt(self, g: Game, seat: int) -> str:
        if not g.frame["ship"]:
            return "Choose the ship to deliver to."
        return f"Load the container: {self.room(g, seat)} more units fit."

    def default(self, g: Game, seat: int) -> Action:
        return act("done") if g.frame["ship"] else act("decline")  # spec 6.5: no delivery


def deliver_frame(auto: bool) -> dict[str, Any]:
    return {"auto": auto, "ship": None}
