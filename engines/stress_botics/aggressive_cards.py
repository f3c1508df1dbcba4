"""The Aggressive AI cards played out (spec 4.15; SB-ALPHA-02, 03, 05, 33): AlphaBot's moves, attacks, retreat,
hull and rider effects, and the queued reveal, its deferral after a Standard card and the end-of-Phase-5 loop.
Above both ``alphabot`` (its steps) and ``aggression`` (its shields, reveals and attack)."""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects
from engines.core.effects import Handler

from . import elite, threats
from .aggression import ACTOR, ab, attack, card_info, reveal, riders
from .alphabot import push_off, step
from .batteries import update_ai
from .stress import change_stress, damage, player
from .tanks import alphabot_add as tank_add


def resolve(g: Game, card: str) -> None:
    """An Aggressive card's operations, in order; pushes go on the queue (spec 4.15)."""
    for op in card_info(g, card)["effect"]:
        name, params = op["name"], op.get("params", {})
        if not ab(g)["mv"]:
            return
        if name == "alphabot_attack":
            attack(g)
        elif name == "alphabot_move":
            for _ in range(params["steps"]):
                if ab(g)["mv"]:
                    step(g, queue=True)
        elif name == "alphabot_turn_direction":
            ab(g)["direction"] = g.data["alphabot"]["direction"][params["way"]][ab(g)["direction"]]
        elif name == "alphabot_retreat":
            retreat(g)
        elif name == "hull_compress":
            for seat in riders(g, hull=True, top=False):
                damage(g, seat, params["shields"])
        elif name == "buck_riders":
            for seat in riders(g, hull=False, top=True):
                damage(g, seat, params["shields"])
                player(g, seat)["square"] = ab(g)["square"]
                effects.push_front(g, effects.effect("push", seat, square=ab(g)["square"]))
        elif name == "stress_betabots_in_active_vault":
            for seat in g.g["order"]:
                if player(g, seat)["mini"] == f"MV{ab(g)['mv']}":
                    change_stress(g, seat, params["n"])
        elif name == "siphon_track_battery":
            siphon(g)
        elif name == "hatch_slam" and elite.on_hatch(g):
            elite.hurt(g, "alphabot", params["elite_shields"])  # G09 on the Elite
        elif name == "hatch_slam":
            hatch = g.g["hatch"]
            if hatch["token"] and not hatch["closed"]:
                hatch["closed"] = True
                g.log("AlphaBot slams the Hatch shut.")
            for seat in threats.betabots_on(g, "HATCH"):
                damage(g, seat, params["shields"])


def siphon(g: Game) -> None:
    """Riders lose the battery on track space 1 into AlphaBot's tank, or the supply (G08)."""
    for seat in riders(g, hull=True, top=True):
        p = player(g, seat)
        if p["track"]:
            battery = p["track"].pop(0)
            update_ai(g, p)
            tank_add(g, {battery: 1})


def retreat(g: Game) -> None:
    """Retreat: to the Entry, pushing BetaBots there; already on the Entry, attack (SB-ALPHA-33)."""
    if ab(g)["square"] == "ENTRY":
        attack(g)
        return
    ab(g)["square"] = "ENTRY"
    push_off(g, "ENTRY", queue=True)


def _aggressive(g: Game, item: dict[str, Any]) -> None:
    card = reveal(g)
    if card:
        resolve(g, card)


def _after_standard(g: Game, item: dict[str, Any]) -> None:
    """SB-ALPHA-02: one Aggressive reveal if the Standard card cost AlphaBot shields (explosion, hatch)."""
    a = ab(g)
    hit = a.pop("deferred_hit", False)
    a["deferred"] = False
    if hit:
        _aggressive(g, item)


def _loop(g: Game, item: dict[str, Any]) -> None:
    """SB-ALPHA-03: ≥8 shields stop; marker 0 stop; otherwise reveal, resolve and check again."""
    a = ab(g)
    if not a["mv"] or a["shields"] >= g.data["alphabot"]["loop"]["stop_at_or_above_shields"] or a["ai"] <= 0:
        return
    effects.push_front(g, effects.effect("alphabot_loop", ACTOR))
    _aggressive(g, item)


EFFECTS = {
    "aggressive": Handler(run=lambda g, item: _aggressive(g, item)),
    "alphabot_after": Handler(run=lambda g, item: _after_standard(g, item)),
    "alphabot_loop": Handler(run=lambda g, item: _loop(g, item)),
}
"""AlphaBot's queued Aggressive cards (owner ``alphabot``)."""
