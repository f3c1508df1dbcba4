"""CONNECT → Produce in the Hatch (SB-CONNECT-12): an open produce token, the figure on the Hatch or beside
it, AlphaBot not on it; twice on the Hatch, twice when boosted. The Items token needs AlphaBot's items and
comes with part 2."""

from __future__ import annotations

from typing import Any

from engines.core import Action, Game, Step, act

from . import alpha_items, threats
from .batteries import add_battery, room
from .item_cards import reach
from .stress import player
from .tanks import holdings, take_one


def token(g: Game, seat: int) -> dict[str, Any] | None:
    """The open produce token this BetaBot can produce with, if any."""
    p, a, hatch = player(g, seat), g.g["alphabot"], g.g["hatch"]
    if not a["mv"] or p["mini"] != f"MV{a['mv']}" or not hatch["token"] or hatch["closed"]:
        return None
    info = g.data.hatches[hatch["token"]]
    where = a["square"] if p["square"] == "TOP" else p["square"]
    if info["kind"] != "produce" or a["square"] == "HATCH":
        return None
    if where not in reach(g, seat, "HATCH", "hatch"):  # adjacent, or diagonal with Phase Shifter (version 3)
        return None
    ops = info["produce"] or []
    if any(op["op"] == "hook" for op in ops):  # the Items token: rules version 3 (SB-CONNECT-12)
        return info if threats.full(g) and alpha_items.available_tokens(g, seat, {}, via="hatch") else None
    if any(op["op"] == "one_of" for op in ops) and not convertible(g, seat):
        return None
    return info


def times(g: Game, seat: int, boosted: bool) -> int:
    """How often the token's effect happens (SB-CONNECT-12)."""
    on = player(g, seat)["square"] == "HATCH"
    return (g.data["hatches"]["on_hatch_produce_times"] if on else 1) * (2 if boosted else 1)


def convertible(g: Game, seat: int) -> list[str]:
    """Basic resources the Battery token can turn into a battery now (room under the cap)."""
    p = player(g, seat)
    if room(g, p) <= 0:
        return []
    held = holdings({"tanks": p["tanks"], "ds": {}})
    return [r for r in g.data["vaults"]["resources"]["basic"] if held.get(r)]


class HatchBattery(Step):
    """The Battery token: pay 1 C/Ti/Si for 1 matching battery, ``left`` times; frame ``{"seat", "left"}``."""

    name = "hatch_battery"
    verbs = ("convert", "done")
    deciding = "turn resources into batteries"

    def actions_convert(self, g: Game, seat: int) -> list[Action]:
        return [act("convert", r) for r in convertible(g, seat)] if g.frame["left"] > 0 else []

    def act_convert(self, g: Game, seat: int, res: str) -> None:
        p = player(g, seat)
        take_one({"tanks": p["tanks"], "ds": {}}, res)
        add_battery(g, p, g.data["vaults"]["resources"]["battery_of"][res])
        g.frame["left"] -= 1
        if not self.actions_convert(g, seat):
            g.end()

    def label_convert(self, g: Game, seat: int, res: str) -> str:
        battery = g.data["vaults"]["resources"]["battery_of"][res]
        return f"Pay 1 {g.data.res_name(res)} for a {g.data.res_name(battery)}"

    def act_done(self, g: Game, seat: int) -> None:
        g.end()

    def label_done(self, g: Game, seat: int) -> str:
        return "Stop converting"

    def prompt(self, g: Game, seat: int) -> str:
        return f"The Battery hatch: pay a basic resource for a matching battery ({g.frame['left']} left)."
