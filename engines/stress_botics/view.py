"""What each seat sees: the zones (declared once) and the table view with the owner's private lines."""

from __future__ import annotations

from typing import Any

from engines.core import Game
from engines.core.zones import Zones, frame, nobody, owner, public

from . import aggression, alphabot, delta_view, elite, elite_view, hull_view, item_view, scoring, threats
from .alphabot import DIRECTIONS
from .batteries import movement_points, slots
from .changes import changed
from .events import describe
from .extract import side_key
from .planet import open_edges
from .robots import DELTA, hand_of, is_delta, robots, solo
from .status import hand_limit, over_40
from .stress import player
from .tanks import capacity, ds_capacity, used
from .words import amount, location, objective_words, square
from .words import card as card_words

ZONES = Zones(
    public("g.round", "g.phase", "g.order", "g.pressure", "g.core", "g.layout", "g.vaults", "g.tunnels",
           "g.padlocks", "g.ships", "g.events.discard", "g.events.last", "g.discards", "g.tops", "g.common_tank",
           "g.alphabot", "g.standard.discard", "g.hatch", "g.players", "g.ended", "g.last_turn",
           "g.ai_pending", "g.bag", "g.belt", "g.cyl", "g.boxes", "g.aggressive.discard", "g.cyl_acted",
           "g.elite", "g.items.slots", "g.items.tops", "g.items.out", "g.ab_items", "g.solo",
           "g.changes"),
    nobody("g.ab_items.deck"),
    nobody("g.events.deck", "g.decks.*", "g.standard.deck", "g.aggressive.deck", "g.hatch.pile", "g.hatch.removed"),
    nobody("g.items.deck", "g.items.piles.*", "g.items.box"),  # version 3: the item decks' orders
    nobody("g.hatch.token", when="closed"),
    nobody("g.elite.decks.*"), nobody("g.elite.aside.token", when="closed"),
    owner("g.hands.{seat}"),
    owner("g.programmed.{seat}"),
    owner("g.secondary.{seat}"),
    frame("box_pick", owner("cards", seat="seat")),  # version 3: the Box Items drawn are the opener's
)
"""Hands, programmed cards and Secondary Objectives belong to their owners; deck orders and closed or
unplayed hatch tokens to nobody (spec 6.1); everything else is public."""


def private_text(g: Game, seat: int) -> list[str]:
    """The lines ``/hand`` shows the owner."""
    hand = hand_of(g, seat)
    lines = [f"Your hand ({len(hand)} cards, limit {hand_limit(g, seat)}): "
             + (", ".join(card_words(g, c) for c in sorted(hand)) or "empty") + "."]
    programmed = g.g["programmed"][str(seat)]
    if programmed:
        lines.append("Programmed: " + "; ".join(card_words(g, c) for c in programmed) + ".")
    if solo(g) and g.g["programmed"][str(DELTA)]:
        lines.append("DeltaBot programmed: " + "; ".join(delta_view.deltabot_programmed(g)) + ".")
    secondary = g.g["secondary"][str(seat)]
    if secondary:
        lines.append(f"Your Secondary Objective card: {objective_words(g, secondary)}.")
    return lines


def board(g: Game, seat: int) -> dict[str, Any]:
    """One BetaBot's public board in words and numbers."""
    p = player(g, seat)
    out = {
        "where": location(g, p["mini"], p["square"]) if p["square"] or not p["mini"].startswith("MV")
        else location(g, p["mini"]) + " (Neutral Zone)",
        "stress": p["stress"], "shields": p["shields"], "status": "A" if p["shields"] else "B",
        "turn_order_tile": "B" if over_40(g, seat) else "A",
        "tanks": {k: amount(g, v) for k, v in p["tanks"].items()}, "ds": amount(g, p["ds"]),
        "track": [g.data.res_name(b) for b in p["track"]], "inside": g.data.res_name(p["inside"] or "")
        if p["inside"] else None, "ai": p["ai"], "mp": movement_points(g, p), "slots": slots(g, p),
        "hand": len(hand_of(g, seat)), "programmed": len(g.g["programmed"][str(seat)]),
        "delivery_markers": p["markers"],
        "score": None if is_delta(g, seat) else scoring.breakdown(g, seat, secret=False)["final"],
        "at": p["mini"], "square": p["square"],
        "tank_room": {k: [used(g, v), capacity(g, p, k)] for k, v in p["tanks"].items()},
        "ds_room": [sum(p["ds"].values()), ds_capacity(g, p)],
    }
    if "container" in p:  # rules version 2: captured Cylindroids
        out["captured"] = [threats.NAMES[k] for k in p["container"]]
    if is_delta(g, seat):
        out.update(delta_view.board_extras(g, p))
    return out


def objective_text(g: Game, objective: str) -> str:
    """A Main Objective card in words: VP per unit and the load."""
    card = g.data.objectives[objective]
    worth = ", ".join(f"{g.data.res_name(code) if code != 'battery' else 'any battery'} {vp}"
                      for code, vp in card["vp"].items())
    return f"{worth} VP each; load {card['load']}"


def _yield_words(g: Game, entry: dict[str, Any]) -> str:
    """A vault's effect at the current pressure in words (spec 4.2)."""
    if "yield" in entry:
        return "gives " + amount(g, entry["yield"][g.g["pressure"]])
    if "production" in entry:
        prod = entry["production"][g.g["pressure"]]
        if "shields" in prod:
            gain = f" + {amount(g, prod['gain'])}" if prod.get("gain") else ""
            return f"repair {prod['shields']}{gain}"
        return f"buy {prod['max_batteries']} battery, {prod['price_each']} each"
    return f"items {entry['discount'][g.g['pressure']]} cheaper"


def planet(g: Game) -> dict[str, Any]:
    """The planet for the image: locations in words with their yields now, edges open or padlocked, the
    Main Vault squares and AlphaBot's place (spec 4.1-4.3)."""
    level = g.g["pressure"]
    opened = {e["id"] for e in open_edges(g)}
    locked = set(g.g["padlocks"])
    nodes: dict[str, Any] = {}
    for node, info in g.data.nodes.items():
        if g.seats not in info.get("players", [g.seats]):
            continue  # the Secondary Tunnel is out of a 1-2 player game (SB-SETUP-08)
        entry = {"name": location(g, node), "kind": info["kind"], "ring": info["ring"], "sector": info["sector"],
                 "slot": info.get("slot") or info.get("base")}
        if node in g.g["vaults"]:
            v = g.g["vaults"][node]
            tile = g.data.vaults[v["tile"]]
            entry |= {"name": f"{tile['id']} {tile['name']}", "side": v["side"], "holds": amount(g, v["res"]),
                      "yield": _yield_words(g, tile[side_key(v)]), "spaces": tile["spaces"]}
        elif node in g.g["tunnels"]:
            t = g.g["tunnels"][node]
            tunnel = next(x for x in g.data["planet"]["tunnels"] if x["node"] == node)
            entry |= {"side": t["side"], "yield": ", ".join(g.data.res_name(r) for r in t["queue"])
                      if t["side"] == "A" else amount(g, tunnel["side_b_yield"][level])}
        elif info["kind"] == "core":
            core = g.data["vaults"]["core"]
            lava = {"Lv": min(core["side_a"]["extract_lava"][level], g.g["core"]["lava"])}  # SB-MINE-04
            entry |= {"side": g.g["core"]["side"], "yield": amount(g, lava) if g.g["core"]["side"] == "A"
                      else amount(g, core["side_b"]["extract_yield"][level])}  # SB-MINE-05
        nodes[node] = entry
    edges = [{"a": e["a"], "b": e["b"], "open": e["id"] in opened, "padlock": e.get("padlock") in locked,
              "core": e.get("dial") is not None} for e in g.data.edges if g.seats in e["players"]]
    a = g.g["alphabot"]
    return {"nodes": nodes, "edges": edges, "squares": g.data["main_vault"]["grid"],
            "square_names": {sq: square(sq) for sq in g.data.squares},
            "alphabot": {"at": f"MV{a['mv']}" if a["mv"] else None, "square": a["square"]},
            "dial_positions": g.data["planet"]["core_dial"]["positions"],
            "limits": {"shields": g.data["boards"]["player_board"]["shield_track"]["max"],
                       "battery_track": g.data["boards"]["player_board"]["battery_track"]["spaces"],
                       "stress": g.data["boards"]["stress_track"]["max"],
                       "pressure": g.data["vaults"]["pressure"]["max"]}}


def threats_view(g: Game) -> dict[str, Any]:
    """The belt, the Cylindroids and Boxes on the Main Vault squares and in the vaults, the bag (spec 4.20)."""
    segments = threats.belt_side(g)
    belt = [{"segment": i + 1, "cylindroids": [threats.name(c) for c in seg["cyl"]] if seg else [],
             "boxes": seg["boxes"] if seg else 0, "empty": seg is None, "return_stress": segments[i]["return_stress"]}
            for i, seg in enumerate(g.g["belt"])]
    squares = {sq: {"cylindroids": [threats.name(c) for c in g.g["cyl"].get(sq, [])], "boxes": g.g["boxes"].get(sq, 0)}
               for sq in g.data.squares}
    vaults = {node: [threats.name(c) for c in v["cylindroids"]] for node, v in g.g["vaults"].items()
              if v.get("cylindroids")}
    return {"belt": belt, "squares": squares, "vaults": vaults, "bag": sum(g.g["bag"].values()),
            "elite": elite_view.view(g) if elite.state(g) else "on the belt's last segment"}


def private(g: Game, seat: int) -> dict[str, Any]:
    """The owner's hand, programmed cards and Secondary Objective card, one entry per card."""
    secondary = g.g["secondary"][str(seat)]
    return {"hand": [card_words(g, c) for c in sorted(hand_of(g, seat))], "hand_limit": hand_limit(g, seat),
            "programmed": [card_words(g, c) for c in g.g["programmed"][str(seat)]],
            "secondary": objective_words(g, secondary) if secondary else None}


def table_view(g: Game, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (None: everyone) sees of the table, with ``changed``: what the image outlines."""
    a = g.g["alphabot"]
    ships = {s: {"name": g.data.ships[s]["name"], "position": v["pos"], "left": v["left"],
                 "demands": len(v["demands"]), "objective": objective_text(g, v["objective"]),
                 "spaces": g.data.ships[s]["spaces"], "reception": dict(g.data.ships[s]["reception"])}
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
        "players": {str(s): board(g, s) for s in robots(g)},
        "planet": planet(g), "last_turn": g.g.get("last_turn"),
    }
    if threats.on(g):  # rules version 2 with the threats option
        view["threats"] = threats_view(g)
        if elite.on_hatch(g):
            view["hatch"] = f"{elite.name(g)}'s token: the Elite stands on the Hatch"
        zone = aggression.zone(a["shields"])
        view["alphabot"].update(zone=zone, status_card=g.data["alphabot"]["shield_track"]["status_cards"][zone - 1],
                                control=a["control"], server=a["server"],
                                shield_spaces=g.data["alphabot"]["shield_track"]["spaces"],
                                ai_max=alphabot.ai_max(g), aggressive_left=len(g.g["aggressive"]["deck"]))
    if threats.full(g):  # rules version 3: the items
        view["items"] = item_view.items_view(g)
        for s in robots(g):
            view["players"][str(s)]["items"] = item_view.player_items(g, s)
        view["hull"] = hull_view.view(g)  # the hull, AlphaBot's tracks and items, its delivery
    if solo(g):
        view["solo"] = delta_view.solo_view(g)
    view["changed"] = changed(g.engine, g.state, seat)  # what the image outlines in yellow
    if seat is not None:
        view["private_text"] = private_text(g, seat)
        view["private"] = private(g, seat)
        if solo(g):
            view["private"]["deltabot_programmed"] = delta_view.deltabot_programmed(g)
    return view
