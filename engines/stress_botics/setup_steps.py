"""Setup prompts: the free starting-battery placement (SB-SETUP-34, option ``free_battery_setup``)."""

from __future__ import annotations

from engines.core import Action, Game, Step, act

from . import flow
from .stress import player

START = ("bC", "bC", "bTi", "bSi")
"""The starting batteries: 2 Carbon, 1 Titanium, 1 Silicon (SB-SETUP-32/33)."""


def begin(g: Game) -> None:
    """Clear every board's batteries and ask the first player in turn order."""
    for seat in g.g["order"]:
        player(g, seat).update(track=[], inside=None)
    g.goto("setup_batteries", seat=g.g["order"][0], left=list(START), queue=list(g.g["order"][1:]))


class SetupBatteries(Step):
    """Frame ``{"seat", "left", "queue"}``: first the battery inside the BetaBot, then track spaces 1, 2, 3."""

    name = "setup_batteries"
    verbs = ("place",)
    deciding = "place their starting batteries"

    def actions_place(self, g: Game, seat: int) -> list[Action]:
        return [act("place", b) for b in sorted(set(g.frame["left"]))]

    def act_place(self, g: Game, seat: int, battery: str) -> None:
        p = player(g, seat)
        if p["inside"] is None:
            p["inside"] = battery
        else:
            p["track"].append(battery)
        g.frame["left"].remove(battery)
        if g.frame["left"]:
            return
        queue = g.frame["queue"]
        if queue:
            g.goto("setup_batteries", seat=queue[0], left=list(START), queue=queue[1:])
        else:
            flow.begin_round(g)

    def label_place(self, g: Game, seat: int, battery: str) -> str:
        p = player(g, seat)
        where = "inside your BetaBot" if p["inside"] is None else f"on track space {len(p['track']) + 1}"
        return f"Put a {g.data.res_name(battery)} {where}"

    def prompt(self, g: Game, seat: int) -> str:
        return "Place your starting batteries: first the one inside your BetaBot, then track spaces 1 to 3."
