"""Olympus' Sacred Vows and Divinity (ATT-OLY-2/3): at the start of its Run Phase Olympus may flip one Vow
either way (``run.SacredVows``); a Vow showing its Vow side binds it (Peace forbids Battle and Crush, see
``combat.forbidden``); at the end of its turn Divinity rises by 1 per Vow side, and at its top it gives the
Attribute's reward and resets. The triggers are data (``intelligences.json`` Attribute ``triggers``)."""

from __future__ import annotations

from typing import Any

from engines.core import Game

from .content import thaw
from .support import player

VOW, BROKEN = "vow", "broken"


def triggers(g: Game, seat: int, on: str) -> list[Any]:
    """The effect trees of the seat's Attribute triggers ``on`` a moment."""
    iid = player(g, seat)["intel"]
    intel = next(i for i in g.data.raw["intelligences"]["intelligences"] if i["id"] == iid)
    return [thaw(t["do"]) for a in intel["attributes"] for t in a.get("triggers", []) if t["on"] == on]


def vow_names(g: Game, vid: str) -> tuple[str, str]:
    card = next(v for v in g.data.raw["vows"]["vows"] if v["id"] == vid)
    return card[VOW]["name"], card[BROKEN]["name"]


def divinity(g: Game, seat: int) -> list[Any]:
    """End of the turn: Divinity +per_vow per Vow side; the trees to resolve when it reaches the top."""
    unique = player(g, seat)["unique"]
    if "divinity" not in unique:
        return []
    rise = sum(t["params"]["per_vow"] for t in triggers(g, seat, "end_of_own_turn")
               if t.get("name") == "divinity.add_per_vow_side")
    shown = sum(1 for side in unique["vows"].values() if side == VOW)
    top = g.data.intelligences[player(g, seat)["intel"]].unique["divinity_marker"]["track"][1]
    unique["divinity"] = min(top, unique["divinity"] + rise * shown)
    if shown:
        g.log(f"{{seat{seat}}}'s Divinity rises to {unique['divinity']}.")
    return triggers(g, seat, "divinity_reaches_max") if unique["divinity"] >= top else []


def reset(g: Game, seat: int, params: dict[str, Any]) -> None:
    """divinity.reset: the marker back to ``to``."""
    player(g, seat)["unique"]["divinity"] = params["to"]


HOOKS = {"divinity.reset": reset}
"""Named hooks run here."""
