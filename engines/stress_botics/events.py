"""Phase 1: reveal an Event card and resolve ships, Core rotation, pressure, auto-production and the
hatch (SB-P1-EVENT-01..12, 23..26); from rules version 2 the wave spawns of 1.5 (SB-P1-EVENT-13..19, threats.py;
the Elite's, 20..22, is stage 5).
"""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects
from engines.core.effects import Handler

from . import threats, waves
from .alphabot import hatch_opens
from .content import SHIPS
from .piles import draw_rebuilt
from .stress import everyone
from .tanks import add


def draw_event(g: Game) -> str:
    """The top Event card; an empty deck is rebuilt from the discard pile (SB-P1-EVENT-01, AMB-15)."""
    card = draw_rebuilt(g, g.g["events"])
    g.g["events"]["last"] = card
    return card


def orbit_column(g: Game) -> dict[str, dict[str, int]]:
    """The leaving-orbit stress column for this table (SB-P1-EVENT-04, AMB-14)."""
    table = g.data["ships"]["orbit_stress"]
    if g.options["aggressive_orbit"] and g.seats <= 2:
        return table["columns"]["2_aggressive"]
    return table["columns"][table["column_for_players"][str(g.seats)]]


def move_ships(g: Game, card: str) -> None:
    """Ships advance; one that would pass its last space leaves orbit, with stress for all (SB-P1-EVENT-02..04)."""
    column = orbit_column(g)
    for ship in SHIPS:
        state = g.g["ships"][ship]
        if state["left"]:
            continue
        state["pos"] += g.data.events[card]["ships"][ship]
        if state["pos"] > g.data.ships[ship]["spaces"]:
            state["left"], state["pos"] = True, None
            key = "pending" if state["demands"] else "delivered"
            name = g.data.ships[ship]["name"]
            g.log(f"The {name} leaves orbit; every BetaBot's stress changes by {column[ship][key]:+d}.")
            everyone(g, column[ship][key])


def all_left(g: Game) -> bool:
    """Every ship is on the Orbit End tile (SB-P1-EVENT-05)."""
    return all(s["left"] for s in g.g["ships"].values())


def rotate_core(g: Game, way: str, steps: int | None = None) -> None:
    """Turn the Core dial CW/CCW, 2 steps on side B (SB-P1-EVENT-06; spec 4.1.4)."""
    dial = g.data["planet"]["core_dial"]
    n = steps if steps is not None else dial["event_steps"][g.g["core"]["side"]]
    sign = dial["cw_step"] if way == "CW" else dial["ccw_step"]
    g.g["core"]["dial"] = (g.g["core"]["dial"] + sign * n) % dial["positions"]


def change_pressure(g: Game, delta: int) -> None:
    """Pressure ±1, clamped to 0..4 (SB-P1-EVENT-07)."""
    p = g.data["vaults"]["pressure"]
    g.g["pressure"] = max(p["min"], min(p["max"], g.g["pressure"] + delta))


def auto_produce(g: Game, icon: str | None) -> None:
    """Common Tank, then every side-A vault without Cylindroids; full vaults flip; item icons flip their
    vault (SB-P1-EVENT-08..12)."""
    if not icon:
        return
    if icon.startswith("item_"):
        for state in g.g["vaults"].values():
            if g.data.vaults[state["tile"]].get("flip_icon") == icon:
                state["side"] = "B"  # SB-P1-EVENT-11
        return
    common = g.data["boards"]["items_board"]["common_tank"]["max"]
    if g.g["common_tank"].get(icon, 0) < common.get(icon, 0):
        add(g.g["common_tank"], icon, 1)  # SB-P1-EVENT-08
    for state in g.g["vaults"].values():
        tile = g.data.vaults[state["tile"]]
        if state["side"] != "A" or state.get("cylindroids"):
            continue
        if state["res"].get(icon, 0) < tile["tank"].get(icon, 0):
            add(state["res"], icon, 1)  # SB-P1-EVENT-09
        if tile["tank"] and all(state["res"].get(r, 0) >= n for r, n in tile["tank"].items()):
            state["side"] = "B"  # SB-P1-EVENT-10: enhanced; what lies on it stays (AMB-16)
            g.log(f"Vault {tile['id']} {tile['name']} is enhanced (side B).")


def flip_hatch(g: Game, icon: str | None) -> None:
    """Green icon opens a closed token, red closes an open one (SB-P1-EVENT-24)."""
    hatch = g.g["hatch"]
    if not hatch["token"] or not icon:
        return
    if icon == "open" and hatch["closed"]:
        hatch_opens(g)  # SB-P1-EVENT-25
    elif icon == "close" and not hatch["closed"]:
        hatch["closed"] = True
        g.log("The Hatch closes.")


def describe(g: Game, card: str) -> str:
    """An Event card in words."""
    info = g.data.events[card]
    ships = ", ".join(f"{g.data.ships[s]['name']} +{n}" for s, n in info["ships"].items() if n) or "no ship moves"
    parts = [ships, "the Core turns " + ("clockwise" if info["core"] == "CW" else "counterclockwise")]
    if info["pressure"]:
        parts.append(f"pressure {info['pressure']:+d}")
    icon = info.get("autoproduce")
    if icon:
        parts.append({"item_lower": "the Lower Advanced Items Vault flips",
                      "item_upper": "the Upper Advanced Items Vault flips"}.get(icon, f"{g.data.res_name(icon)} "
                                                                                       "is auto-produced"))
    if info.get("hatch"):
        parts.append(f"the Hatch {info['hatch']}s")
    return "; ".join(parts)


def resolve(g: Game) -> bool:
    """Phase 1 in order 1.1 → 1.6; True when the game ends here (SB-END-01 immediate)."""
    card = draw_event(g)
    info = g.data.events[card]
    g.log(f"Round {g.g['round']} event: {describe(g, card)}.")
    move_ships(g, card)
    if all_left(g) and g.options["end_timing"] == "immediate":
        return True
    rotate_core(g, info["core"])
    change_pressure(g, info["pressure"])
    auto_produce(g, info.get("autoproduce"))
    if threats.on(g):
        waves.spawn(g, info["spawn"])  # SB-P1-EVENT-14..18
        if effects.pending(g):  # 1.6 waits for the pushed BetaBots' owners
            effects.push(g, effects.effect("event_hatch", "cylindroids", icon=info.get("hatch")))
            return False
    flip_hatch(g, info.get("hatch"))
    return False


def _event_hatch(g: Game, item: dict[str, Any]) -> None:
    flip_hatch(g, item["icon"])


EFFECTS = {
    "event_hatch": Handler(run=lambda g, item: _event_hatch(g, item)),
}
"""An Event's Hatch icon, queued behind the pushes it waits for."""
