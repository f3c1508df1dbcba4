"""A robot's board sheet: the numbers its board prints (tanks, shield track, battery bonuses, MP).

A BetaBot uses the player-board side for the player count (SB-SETUP-01); DeltaBot its own board (spec
4.22, SB-SOLO-04..06, SB-SOLO-18), whose additional tank and battery tiles turn with its shields. The rules
read every such number through :func:`sheet`, so no module asks which bot it is for a number.
"""

from __future__ import annotations

from typing import Any

from engines.core import Game

MAIN, EXTRA = "1", "2"
"""DeltaBot's tanks: its main tank and its additional tank tile (tank keys stay numbered)."""
DELTA_TANK = "0"
"""A solo BetaBot's name for DeltaBot's main tank once unlocked (part 1): the tank of slot "0"."""


def holds_anything(p: dict[str, Any], tank: str) -> bool:
    """Does ``tank`` take every resource, Gas and Acid too (DeltaBot's main tank, wherever it serves)?"""
    return (is_delta_board(p) and tank == MAIN) or (not is_delta_board(p) and tank == DELTA_TANK)


def is_delta_board(p: dict[str, Any]) -> bool:
    """Is ``p`` DeltaBot's board?"""
    return bool(p.get("delta"))


def tank_called(p: dict[str, Any], tank: str | int) -> str:
    """A tank in words: "tank 3", or DeltaBot's "main tank" and "additional tank"."""
    if is_delta_board(p):
        return "main tank" if str(tank) == MAIN else "additional tank"
    return f"tank {tank}"


def sheet(g: Game, p: dict[str, Any]) -> dict[str, Any]:
    """The numbers of ``p``'s board: ``tanks`` (squares by tank), ``ds_tank``, ``battery_bonuses``, ``mp``,
    ``shield_track`` (max, shared spaces, placement caps), ``status_b_mp`` (None: no bonus) and
    ``producer`` spaces."""
    if not is_delta_board(p):
        borrowed = DELTA_TANK in p["tanks"]  # solo: DeltaBot's main tank after part 1 (SB-SOLO-21)
        key = f"sheet:{g.seats}:{borrowed}"
        if key not in g.data.memo:
            pb = g.data["boards"]["player_board"]
            side = g.data.board_side(g.seats)
            tanks = {**side["tanks"], **({DELTA_TANK: g.data["deltabot"]["main_tank"]["squares"]} if borrowed else {})}
            g.data.memo[key] = {**side, "tanks": tanks, "shield_track": pb["shield_track"],
                                "status_b_mp": pb["status_b_mp"], "producer": pb["battery_producer"]["spaces"],
                                "mp_bonus": 0}
        return g.data.memo[key]
    tiles = p["tiles"] or {"tank": MAIN, "battery": "A"}  # a wreck's tiles have left play
    key = f"delta_sheet:{tiles['tank']}:{tiles['battery']}"
    if key not in g.data.memo:
        d = g.data["deltabot"]
        bonuses = [{"batteries": b["batteries"],
                    "bonus": b["bonus"][tiles["battery"]] if isinstance(b["bonus"], dict) else b["bonus"]}
                   for b in d["battery_track"]["bonuses"]]
        g.data.memo[key] = {
            "tanks": {MAIN: d["main_tank"]["squares"], EXTRA: d["additional_tank"]["sides"][tiles["tank"]]},
            "ds_tank": 0, "battery_bonuses": bonuses, "mp": d["movement"]["mp"],
            "shield_track": {**d["shield_track"], "placement_cap": d["shield_track"]["placement_cap"]},
            "status_b_mp": None, "producer": d["battery_producer"]["spaces"], "track": d["battery_track"]["spaces"],
            "mp_bonus": d["movement"]["comp_tile_bonus"] if p["ai"] == "comp" else 0,
        }
    out = g.data.memo[key]
    if (out["mp_bonus"] > 0) != (p["ai"] == "comp"):  # the AI tile's +1 MP (SB-SOLO-15)
        out = {**out, "mp_bonus": g.data["deltabot"]["movement"]["comp_tile_bonus"] if p["ai"] == "comp" else 0}
    return out


def track_spaces(g: Game, p: dict[str, Any]) -> int:
    """Spaces of ``p``'s battery track (8 on a player board, 5 on DeltaBot's)."""
    return sheet(g, p).get("track") or g.data["boards"]["player_board"]["battery_track"]["spaces"]


def shield_max(g: Game, p: dict[str, Any]) -> int:
    """The leftmost (MAX) space of ``p``'s shield track."""
    return sheet(g, p)["shield_track"]["max"]


def shared_spaces(g: Game, p: dict[str, Any]) -> list[int]:
    """Shield-track spaces shared with the battery track (SB-SHIELD-01, SB-SOLO-06)."""
    return sheet(g, p)["shield_track"]["shared_spaces"]
