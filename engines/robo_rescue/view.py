"""What each seat may see (§6.1): public boards, counts of hidden piles, the own hand and draft preview."""

from __future__ import annotations

from typing import Any

from engines.core import Game, State

from .player_board import survivor_score
from .program import preview


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
    }
    if seat is not None:
        view["hand"] = [{"id": x, "type": c.card_type(x)} for x in t["hands"][str(seat)]]
        if frame.get("step") == "program" and frame.get("seat") == seat:
            view["draft"] = {"kind": frame["kind"], "cards": frame["cards"], "mods": frame["mods"],
                             "preview": preview(g, seat, frame)}
    return view


def hidden_paths(state: State, seat: int | None) -> list[str]:
    """Hands of others and the order of every deck (§6.1)."""
    others = [f"g.hands.{s}" for s in range(state["seats"]) if s != seat]
    return ["g.command_deck", "g.bonus_deck", "g.ability_deck", *others]
