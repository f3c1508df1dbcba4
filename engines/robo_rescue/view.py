"""What each seat may see (§6.1): public boards, counts of hidden piles, the own hand and draft preview."""

from __future__ import annotations

from typing import Any

from engines.core import Game
from engines.core.zones import Zones, frame, nobody, owner, public

from .command import describe_command
from .content import Content, position_words
from .player_board import survivor_score
from .program import preview, preview_warnings

LIMITS = ("hand_limit", "oil_tanks", "oil_tank_size", "energy_max", "chips_max", "spacecraft_engines",
          "cable_engines_max", "max_ability_cards", "max_modifiers_per_command", "ability_supply_size")


ZONES = Zones(
    public("g.order", "g.round", "g.final_round", "g.robots", "g.boxes", "g.tokens", "g.power", "g.supply",
           "g.command_discard", "g.bonus_discard", "g.last_bonus", "g.ability_supply", "g.master_coders",
           "g.turn", "g.last_turn", "g.ultimate_survivors"),
    public(*(f"g.players.*.{key}" for key in ("engines", "built", "tanks", "energy", "chips", "matrix", "locked",
                                              "connections", "modifiers", "abilities"))),
    nobody("g.command_deck", "g.bonus_deck", "g.ability_deck"),  # only their sizes show
    owner("g.hands.{seat}"),
    frame("program", owner("cards", seat="seat")),  # the card types of a Command being drafted
)
"""Robo Rescue's secrecy (§6.1): hands are their owner's, deck orders nobody's, the rest public."""


def geometry(c: Content) -> dict[str, Any]:
    """Public static data a renderer needs: board size and printed spaces, the cable matrix, limits."""
    board = c.raw["board"]
    return {
        "board": {"cols": int(board["size"]["cols"]), "rows": int(board["size"]["rows"]),
                  "corners": list(c.corners), "box_starts": list(c.box_starts),
                  "switches": {k: list(v) for k, v in c.switches.items()}, "power_tokens": list(c.power_tokens)},
        "matrix": {"cols": c.matrix_cols, "rows": c.matrix_rows, "node_cells": list(c.node_cells),
                   "endpoints": [{"id": e.id, "group": e.group, "cell": e.cell, "side": e.side}
                                 for e in c.endpoints],
                   "connections": {k: {"name": c.connection_names[k], "ends": list(ends)}
                                   for k, ends in c.connections.items()}},
        "limits": {k: c.rules[k] for k in LIMITS},
        "names": names(c),
    }


def names(c: Content) -> dict[str, Any]:
    """The one name of every card, token and programming position, for every text and image."""
    return {"cards": dict(c.card_names),
            "modifiers": {k: v["name"] for k, v in c.modifier_types.items()},
            "cables": dict(c.raw["cable_matrix"]["token_names"]),
            "positions": {kind: {str(p.pos): position_words(kind, p) for p in ps} for kind, ps in c.positions.items()}}


def draft_slots(c: Content, hand: list[str], frame: dict[str, Any]) -> dict[str, Any]:
    """The hand positions a draft would use, picked as ``confirm_command`` picks them (first of each type)."""
    slots: list[int] = []
    for kind in frame["cards"]:
        i = next((i for i, x in enumerate(hand) if c.card_type(x) == kind and i not in slots), None)
        if i is not None:
            slots.append(i)
    combi = None
    if frame.get("source") == "COMBI":
        combi = next((i for i, x in enumerate(hand) if c.card_type(x) == "COMBI"), None)
    source = frame.get("source")
    return {"slots": slots, "combi_slot": combi,
            "source": source if source in (None, "COMBI") else c.abilities[source].name}


def private_text(g: Game, seat: int, frame: dict[str, Any]) -> list[str]:
    """What only ``seat`` sees, in words: its hand and the Command it is programming."""
    c = g.data
    counts: dict[str, int] = {}
    for card in g.g["hands"][str(seat)]:
        counts[c.card_type(card)] = counts.get(c.card_type(card), 0) + 1
    cards = ", ".join(f"{n} × {c.card_names[k]}" if n > 1 else c.card_names[k]
                      for k, n in sorted(counts.items(), key=lambda kv: list(c.card_names).index(kv[0])))
    n = sum(counts.values())
    lines = [f"Your hand ({n} card{'s' * (n != 1)}): {cards}." if n else "Your hand is empty."]
    if frame.get("step") == "program" and frame.get("seat") == seat:
        cmd = {"kind": frame["kind"], "cards": frame["cards"], "mods": frame["mods"],
               "combi": frame.get("source") or ""}
        lines.append(f"Programming a {describe_command(g, cmd)}." if frame["cards"] else
                     f"Programming a {'Single Move' if frame['kind'] == 'single' else 'Combi-Move'}: no cards yet.")
    return lines


def table_view(g: Game, seat: int | None) -> dict[str, Any]:
    t, c, state = g.g, g.data, g.state
    frame = state["stack"][-1] if state["stack"] else {}
    players = {}
    for s, p in t["players"].items():
        players[s] = {
            "robot": c.robots[t["order"].index(int(s))]["name"], "colour": c.robots[t["order"].index(int(s))]["colour"],
            "engines": p["engines"], "built": p["built"], "tanks": p["tanks"], "energy": p["energy"],
            "chips": p["chips"], "matrix": p["matrix"], "locked": p["locked"], "connections": p["connections"],
            "modifiers": {k: v for k, v in p["modifiers"].items() if v},
            "abilities": [{"id": a["id"], "name": c.abilities[a["id"]].name, "die": a["die"], "tokens": a["tokens"]}
                          for a in p["abilities"]],
            "hand_count": len(t["hands"][s]), "survivor_score": survivor_score(g, int(s)),
        }
    turn = t["turn"]
    view: dict[str, Any] = {
        "round": t["round"], "first_player": t["order"][0], "order": t["order"], "final_round": t["final_round"],
        "current": turn["seat"],
        "board": {"robots": t["robots"], "boxes": t["boxes"], "tokens": {k: v for k, v in t["tokens"].items() if v},
                  "power": t["power"], "switches": {k: list(v) for k, v in c.switches.items()},
                  "corners": list(c.corners)},
        "players": players,
        "command_deck": len(t["command_deck"]), "command_discard": t["command_discard"],
        "bonus_deck": len(t["bonus_deck"]), "bonus_discard": t["bonus_discard"], "last_bonus": t["last_bonus"],
        "ability_deck": len(t["ability_deck"]),
        "ability_supply": [None if x is None else {"id": x, "name": c.abilities[x].name, "die": c.abilities[x].die}
                           for x in t["ability_supply"]],
        "master_coders": len(t["master_coders"]),
        "supply": t["supply"],
        "turn": {"kind": turn["kind"], "command": turn["command"] and
                 {k: turn["command"][k] for k in ("kind", "cards", "mods")},
                 "actions": turn["actions"], "conversions": turn["conversions"], "trace": turn["trace"],
                 "flipped": turn["flipped"]},
        "last_turn": t["last_turn"],
        "ultimate_survivors": t.get("ultimate_survivors"),
        "geometry": geometry(c),
    }
    if seat is not None:
        view["hand"] = [{"type": c.card_type(x), "name": c.card_names[c.card_type(x)]} for x in t["hands"][str(seat)]]
        view["private_text"] = private_text(g, seat, frame)
        if frame.get("step") == "program" and frame.get("seat") == seat:
            view["draft"] = {"kind": frame["kind"], "cards": frame["cards"], "mods": frame["mods"],
                             **draft_slots(c, t["hands"][str(seat)], frame), "preview": preview(g, seat, frame),
                             "warnings": preview_warnings(g, seat, frame)}
    return view

