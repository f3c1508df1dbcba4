"""Placing what a BetaBot gains: one unit per click into a tank (or the DS tank), leave it, or let the
auto-placer put the rest (SB-BASIC-06, SB-BASIC-09, SB-BASIC-10; spec 6.3 "placement (auto-placer,
editable)", spec 6.5 default).

Frame ``{"seat", "slot", "units": {res: n}, "back": bool}``: ``back`` returns what is left to the vault
the resources were picked up from (auto-production), otherwise it goes to the supply.
"""

from __future__ import annotations

from typing import Any

from engines.core import Action, Game, Step, act

from . import items
from .extract import put_back
from .stress import player
from .tanks import capacity, dangerous, ds_room, gain, put, room, used


def offer(g: Game, seat: int, gains: dict[str, int], slot: str | None, back: bool = False) -> None:
    """Ask ``seat`` to place ``gains`` (a sub-prompt on top of whatever comes next)."""
    units = {r: n for r, n in gains.items() if n > 0}
    if units:
        g.call("place", seat=seat, slot=slot, units=units, back=back)


def _take(units: dict[str, int], res: str) -> None:
    units[res] -= 1
    if not units[res]:
        del units[res]


class Place(Step):
    name = "place"
    verbs = ("put", "auto", "leave")
    deciding = "place resources"

    def actions_put(self, g: Game, seat: int) -> list[Action]:
        p, out = player(g, seat), []
        for res in sorted(g.frame["units"]):
            if res in dangerous(g) and not p.get("delta"):  # DeltaBot: its main tank takes them (spec 4.22)
                if ds_room(g, p) > 0:
                    out.append(act("put", res, "ds"))
                continue
            out += [act("put", res, int(t)) for t in sorted(p["tanks"], key=int) if room(g, p, t, res) > 0]
        return out + [act("put", r, x) for r in sorted(g.frame["units"]) for x in items.store_targets(g, seat, r)]

    def act_put(self, g: Game, seat: int, res: str, tank: Any) -> None:
        if str(tank).startswith("X"):  # a storage item (SB-ITEMS-07)
            items.store_put(g, seat, tank, res)
        else:
            put(g, player(g, seat), str(tank), res)
        self.took(g, res)

    def label_put(self, g: Game, seat: int, res: str, tank: Any) -> str:
        name = g.data.res_name(res)
        if tank == "ds":
            return f"Put 1 {name} into the Dangerous Substances tank"
        if str(tank).startswith("X"):
            return f"Put 1 {name} on your {items.name(g, items.visible(g, seat)[tank])} (extension {tank[1:]})"
        p = player(g, seat)
        contents = p["tanks"][str(tank)]
        melts = " (it liquefies!)" if (contents.get("Lv") and res != "Lv" and res != "Ex") or (
            res == "Lv" and any(contents.get(r) for r in ("C", "Ti", "Si", "Bm"))) else ""
        return f"Put 1 {name} into tank {tank} ({used(g, contents)}/{capacity(g, p, str(tank))} squares){melts}"

    def act_auto(self, g: Game, seat: int) -> None:
        units = g.frame["units"]
        kept = gain(g, player(g, seat), units, g.frame["slot"])
        self.finish(g, {r: n - kept.get(r, 0) for r, n in units.items()})

    def label_auto(self, g: Game, seat: int) -> str:
        return "Place the rest automatically (never liquefying)"

    def actions_leave(self, g: Game, seat: int) -> list[Action]:
        return [act("leave", r) for r in sorted(g.frame["units"])]

    def act_leave(self, g: Game, seat: int, res: str) -> None:
        if g.frame["back"]:
            put_back(g, seat, {res: 1})
        self.took(g, res)

    def label_leave(self, g: Game, seat: int, res: str) -> str:
        where = "on the vault" if g.frame["back"] else "in the supply"
        return f"Leave 1 {g.data.res_name(res)} {where}"

    def took(self, g: Game, res: str) -> None:
        _take(g.frame["units"], res)
        if not g.frame["units"]:
            g.end()

    def finish(self, g: Game, left: dict[str, int]) -> None:
        if g.frame["back"]:
            put_back(g, g.frame["seat"], left)
        g.end()

    def prompt(self, g: Game, seat: int) -> str:
        what = " + ".join(f"{n} {g.data.res_name(r)}" for r, n in g.frame["units"].items())
        return f"Place {what}: Lava next to Carbon, Titanium, Silicon or Betamatter liquefies them."

    def default(self, g: Game, seat: int) -> Action:
        return act("auto")  # spec 6.5: the auto-placer
