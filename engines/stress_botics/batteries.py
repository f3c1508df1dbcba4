"""The Battery Track: bonuses, the placement cap, movement points, slots and the BetaBot AI
(SB-BATTRACK-01..04, SB-SHIELD-06, SB-MOVE-01, SB-P2-PROG-06, SB-MOVE-19).

``track`` lists the batteries from space 1 (the rightmost, Active one) leftwards; it stays right-aligned,
so a new battery goes on space ``len(track) + 1``.
"""

from __future__ import annotations

from typing import Any

from engines.core import Game

from .item_cards import passive, to_rack
from .sheets import DELTA_TANK, is_delta_board, sheet


def bonuses(g: Game, p: dict[str, Any]) -> set[str]:
    """Battery Track bonuses that are on (count ≥ row; the battery inside the BetaBot does not count)."""
    count = len(p["track"])
    return {b["bonus"] for b in sheet(g, p)["battery_bonuses"]
            if b["bonus"] and count >= b["batteries"]}


def cap(g: Game, p: dict[str, Any]) -> int:
    """The highest space a new battery may go to (SB-SHIELD-06, AMB-32)."""
    return sheet(g, p)["shield_track"]["placement_cap"][str(p["shields"])]


def room(g: Game, p: dict[str, Any]) -> int:
    """New batteries that fit under the cap."""
    return max(0, cap(g, p) - len(p["track"]))


def add_battery(g: Game, p: dict[str, Any], kind: str) -> bool:
    """Put a new battery on the next empty space if the cap allows (SB-CONNECT-04); False if not."""
    if room(g, p) <= 0:
        return p.get("ext") is not None and _rack(g, p, kind)
    p["track"].append(kind)
    update_ai(g, p)
    return True


def take_gains(g: Game, p: dict[str, Any], gains: dict[str, int]) -> dict[str, int]:
    """Batteries among ``gains`` go onto the track (or a Battery Rack); returns the resources left to place."""
    batteries = g.data["vaults"]["resources"]["batteries"]
    rest: dict[str, int] = {}
    for res, n in gains.items():
        if res in batteries:
            for _ in range(n):
                add_battery(g, p, res)
        else:
            rest[res] = rest.get(res, 0) + n
    return rest


def _rack(g: Game, p: dict[str, Any], kind: str) -> bool:
    """No room on the track: a Battery Rack takes it (version 3 items)."""
    return to_rack(g, _seat(g, p), kind)


def _seat(g: Game, p: dict[str, Any]) -> int:
    return next(int(s) for s, q in g.g["players"].items() if q is p)


def movement_points(g: Game, p: dict[str, Any]) -> int:
    """MP of one MOVE (SB-MOVE-01); 6 in status B (0 shields); items' mp_bonus on top (version 3); DeltaBot:
    its own table, +1 while its AI tile is Competitive, no status B (SB-SOLO-05/15)."""
    board = sheet(g, p)
    bonus = (passive(g, _seat(g, p), "mp_bonus") if "ext" in p else 0) + board["mp_bonus"]
    if p["shields"] == 0 and board["status_b_mp"] is not None:
        return board["status_b_mp"] + bonus
    count = len(p["track"])
    return max(row["mp"] for row in board["mp"] if count >= row["min"]) + bonus


def slots(g: Game, p: dict[str, Any]) -> int:
    """Usable program slots: 2, plus slot 3 and slot 4 by bonus (SB-P2-PROG-06); DeltaBot: slots 1 and 2, and
    slot "0" while its AI tile is Cooperative (SB-SOLO-07/15, AMB-51)."""
    if is_delta_board(p):
        return g.data["boards"]["player_board"]["slots"]["start"] + (p["ai"] == "coop")
    on = bonuses(g, p)
    borrowed = DELTA_TANK in p["tanks"]  # solo: DeltaBot's slot "0" after part 1 (SB-SOLO-21)
    return g.data["boards"]["player_board"]["slots"]["start"] + ("slot_3" in on) + ("slot_4" in on) + borrowed


def update_ai(g: Game, p: dict[str, Any]) -> None:
    """Competitive at ≤4 batteries, Cooperative at ≥6; reaching exactly 5 queues the owner's choice
    (SB-MOVE-19, SB-SHIELD-05)."""
    if is_delta_board(p):
        return  # DeltaBot's AI tile turns only with BetaBot's AI step (SB-SOLO-14)
    ai = g.data["rules"]["ai"]
    count = len(p["track"])
    if count <= ai["comp_at_most"]:
        p["ai"] = "comp"
    elif count >= ai["coop_at_least"]:
        p["ai"] = "coop"
    elif p.get("ai_count") != count:
        seat = _seat(g, p)
        if seat not in g.g["ai_pending"]:
            g.g["ai_pending"].append(seat)
    p["ai_count"] = count


def active_batteries(g: Game, p: dict[str, Any]) -> list[str]:
    """Where an Active battery can be spent from: ``inside`` and, with the bonus, ``track`` (SB-P3-ACT-07)."""
    on = bonuses(g, p)
    if "boost_with_active_battery" not in on:
        return []
    out = ["inside"] if p["inside"] else []
    if "spend_track_space_1" in on and p["track"]:
        out.append("track")
    return out


def battery_at(p: dict[str, Any], source: str) -> str | None:
    """The battery an Active source holds."""
    if source == "inside":
        return p["inside"]
    return p["track"][0] if p["track"] else None


def spend(g: Game, p: dict[str, Any], source: str) -> None:
    """Spend an Active battery to the supply; the track shifts right (SB-BATTRACK-03)."""
    if source == "inside":
        p["inside"] = None
    else:
        p["track"].pop(0)
        update_ai(g, p)
