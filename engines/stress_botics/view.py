"""What each seat sees: the zones (declared once) and the table view with the owner's private lines."""

from __future__ import annotations

from typing import Any

from engines.core import Game
from engines.core.zones import Zones, nobody, owner, public

from . import scoring
from .alphabot import DIRECTIONS
from .batteries import movement_points, slots
from .events import describe
from .status import hand_limit, over_40
from .stress import player
from .words import amount, location, objective_words, square
from .words import card as card_words

ZONES = Zones(
    public("g.round", "g.phase", "g.order", "g.pressure", "g.core", "g.layout", "g.vaults", "g.tunnels",
           "g.padlocks", "g.ships", "g.events.discard", "g.events.last", "g.discards", "g.tops", "g.common_tank",
           "g.alphabot", "g.standard.discard", "g.hatch", "g.players", "g.ended", "g.last_turn",
           "g.ai_pending"),
    nobody("g.events.deck", "g.decks.*", "g.standard.deck", "g.hatch.pile", "g.hatch.removed"),
    nobody("g.hatch.token", when="closed"),
    owner("g.hands.{seat}"),
    owner("g.programmed.{seat}"),
    owner("g.secondary.{seat}"),
)
"""Hands, programmed cards and Secondary Objectives belong to their owners; deck orders and closed or
unplayed hatch tokens to nobody (spec 6.1); everything else is public."""


def private_text(g: Game, seat: int) -> list[str]:
    """The lines ``/hand`` shows the owner."""
    hand = g.g["hands"][str(seat)]
    lines = [f"Your hand ({len(hand)} cards, limit {hand_limit(g, seat)}): "
             + (", ".join(card_words(g, c) for c in sorted(hand)) or "empty") + "."]
    programmed = g.g["programmed"][str(seat)]
    if programmed:
        lines.append("Programmed: " + "; ".join(card_words(g, c) for c in programmed) + ".")
    secondary = g.g["secondary"][str(seat)]
    if secondary:
        lines.append(f"Your Secondary Objective card: {objective_words(g, secondary)}.")
    return lines


def board(g: Game, seat: int) -> dict[str, Any]:
    """One BetaBot's public board in words and numbers."""
    p = player(g, seat)
    return {
        "where": location(g, p["mini"], p["square"]) if p["square"] or not p["mini"].startswith("MV")
        else location(g, p["mini"]) + " (Neutral Zone)",
        "stress": p["stress"], "shields": p["shields"], "status": "A" if p["shields"] else "B",
        "turn_order_tile": "B" if over_40(g, seat) else "A",
        "tanks": {k: amount(g, v) for k, v in p["tanks"].items()}, "ds": amount(g, p["ds"]),
        "track": [g.data.res_name(b) for b in p["track"]], "inside": g.data.res_name(p["inside"] or "")
        if p["inside"] else None, "ai": p["ai"], "mp": movement_points(g, p), "slots": slots(g, p),
        "hand": len(g.g["hands"][str(seat)]), "programmed": len(g.g["programmed"][str(seat)]),
        "delivery_markers": p["markers"], "score": scoring.breakdown(g, seat, secret=False)["final"],
    }


def objective_text(g: Game, objective: str) -> str:
    """A Main Objective card in words: VP per unit and the load."""
    card = g.data.objectives[objective]
    worth = ", ".join(f"{g.data.res_name(code) if code != 'battery' else 'any battery'} {vp}"
                      for code, vp in card["vp"].items())
    return f"{worth} VP each; load {card['load']}"


def table_view(g: Game, seat: int | None) -> dict[str, Any]:
    a = g.g["alphabot"]
    ships = {s: {"name": g.data.ships[s]["name"], "position": v["pos"], "left": v["left"],
                 "demands": len(v["demands"]), "objective": objective_text(g, v["objective"])}
             for s, v in g.g["ships"].items()}
    view: dict[str, Any] = {
        "round": g.g["round"], "phase": g.g["phase"], "turn_order": list(g.g["order"]),
        "pressure": g.g["pressure"], "core": dict(g.g["core"]), "ships": ships,
        "alphabot": {"main_vault": a["mv"], "square": square(a["square"]) if a["square"] else "on its Shuttle",
                     "direction": DIRECTIONS[a["direction"]], "shields": a["shields"], "ai": a["ai"],
                     "tank": amount(g, a["tank"])},
        "hatch": "closed" if g.g["hatch"]["closed"] or not g.g["hatch"]["token"]
        else f"open: {g.data.hatches[g.g['hatch']['token']]['colour']} token",
        "padlocks": len(g.g["padlocks"]),
        "event": describe(g, g.g["events"]["last"]) if g.g["events"]["last"] else None,
        "decks": {k: len(v) + bool(g.g["tops"][k]) for k, v in g.g["decks"].items()},
        "face_up": {k: card_words(g, c) for k, c in g.g["tops"].items() if c},
        "players": {str(s): board(g, s) for s in range(g.seats)},
    }
    if seat is not None:
        view["private_text"] = private_text(g, seat)
    return view
