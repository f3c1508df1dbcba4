"""Stress Botics content: ``data/stress_botics/`` read through the core loader into one frozen record.

Shapes, references and the rulebook's counts are declared here (SHAPES/REFS/COUNTS); lookups the rules
use often (nodes, edges, vault tiles, cards by id) are built once in :func:`build`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from engines.core.content import ContentError, Count, Docs, Ref, game_dir, load_files

CARD_TYPES = ("MOVE", "MINE", "CONNECT", "INTERACT")
"""The four Action decks in the order draws and defaults list them (spec 6.5)."""
SHIPS = ("probe", "scout", "freighter")
"""Ships in the order they leave orbit on one card (SB-P1-EVENT-03)."""

SHAPES: dict[str, Any] = {
    "planet": {"sectors": [{"id": str}], "section_tiles": [{"id": str, "ring": str, "ep_slots": dict}],
               "first_game_layout": {"mantle": dict, "crust": dict}, "core_dial": {"positions": int},
               "padlocks": [{"id": str, "players": [int]}],
               "nodes": [{"id": str, "kind": str, "tile_index": int}],
               "edges": [{"id": str, "a": str, "b": str, "players": [int], "mp": int}],
               "tunnels": [{"id": str, "node": str, "queue": [str], "side_b_yield": [dict], "padlock": str}],
               "cylindroid_destinations": [{"main_vault": str, "A2": str, "B2": str}]},
    "vaults": {"resources": {"basic": [str], "all": [str], "batteries": [str], "names": dict,
                             "battery_of": dict},
               "pressure": {"min": int, "max": int, "start": int},
               "vaults": [{"id": str, "name": str, "kind": str, "spaces": int, "side_a": dict, "side_b": dict,
                           "tank": dict}],
               "core": {"side_a": {"spaces": int, "lava_setup": dict, "extract_lava": [int],
                                   "exit_without_tunnel_shields": int},
                        "side_b": {"extract_yield": [dict], "exit_without_tunnel_shields": int}}},
    "main_vault": {"squares": [{"id": str, "type": str, "adjacent": [str]}],
                   "square_types": [{"id": str, "betabots": int}], "on_top_of_alphabot": {"betabots": int},
                   "alphabot_moves": [{"direction": str, "from": dict}], "push_choice_order": [str]},
    "ships": {"ships": [{"id": str, "name": str, "spaces": int, "reception": dict}],
              "reception_stress_limits": dict,
              "orbit_stress": {"columns": dict, "column_for_players": dict}},
    "events": {"cards": [{"id": str, "start": bool, "players": [int], "ships": dict, "core": str,
                          "pressure": int, "spawn": str}]},
    "action_cards": {"types": [str], "cards": [{"id": str, "type": str, "free_boost": bool, "keep_cost": [dict]}],
                     "boost_battery": dict, "must_boost": [str]},
    "hatches": {"tokens": [{"id": str, "kind": str, "damage": int}], "setup": {"removed_unseen": int, "pile": int}},
    "demands": {"cards": [{"id": str, "ship": str, "number": int}]},
    "objectives": {"main": [{"id": str, "ship": str, "vp": dict, "load": int, "first_game": bool}],
                   "secondary": [{"id": str, "a": dict, "b": dict, "bonus": int, "players": [int]}]},
    "boards": {"player_board": {"sides": {"*": {"tanks": dict, "ds_tank": int, "battery_bonuses": [dict],
                                                "mp": [{"min": int, "mp": int}]}},
                                "side_for_players": dict, "square_size": dict,
                                "status_b_mp": int, "shield_track": {"max": int, "start": int,
                                                                     "shared_spaces": [int],
                                                                     "placement_cap": dict},
                                "battery_track": {"spaces": int}, "battery_producer": {"spaces": int,
                                                                                       "max_replications": int}},
               "delivery_board": {"post_delivery_stress": {"multiplayer": dict}, "base_arrival_stress": dict,
                                  "cargo_discard": {"max": int, "shields": int, "stress": int},
                                  "min_track_batteries": int},
               "items_board": {"common_tank": {"max": dict}}, "stress_track": {"max": int}},
    "alphabot": {"standard_ai": [{"id": str, "name": str, "effect": [dict]}], "ai_track": {"max": dict, "start": int},
                 "direction": {"start": str, "cw": dict}, "shield_track": {"spaces": int},
                 "tank_limits": dict},
    "rules": {"setup": {"start_locations": dict, "start_tanks": dict, "start_ds": dict, "start_producer": list,
                        "start_track": [str], "start_battery_inside": str}, "draw": dict,
              "hand_limit": {"stressed": int, "stressed_above": int}, "maintenance": {"combine": [dict]},
              "ai": {"comp_at_most": int, "coop_at_least": int}, "stress": {"max_on_track": int},
              "scoring": {"shields_per_vp": int}, "movement": dict},
    "cylindroids": {}, "deltabot": {}, "elite": {}, "items": {}, "ops": {},
}
"""Required keys and types of every file of ``data/stress_botics/`` (the engine reads the keys named)."""

REFS = (
    Ref("planet:edges[].a", "planet:nodes[].id"),
    Ref("planet:edges[].b", "planet:nodes[].id"),
    Ref("planet:tunnels[].node", "planet:nodes[].id"),
    Ref("planet:cylindroid_destinations[].A2", "planet:nodes[].id"),
    Ref("planet:cylindroid_destinations[].B2", "planet:nodes[].id"),
    Ref("objectives:main[].ship", "ships:ships[].id"),
    Ref("demands:cards[].ship", "ships:ships[].id"),
    Ref("action_cards:cards[].type", "action_cards:types[]"),
    Ref("rules:setup.start_locations.*", "planet:nodes[].id"),
)

COUNTS = (
    Count("action_cards:cards[]", 48, "12 MOVE, 12 MINE, 12 CONNECT, 12 INTERACT (Components)"),
    Count("events:cards[]", 30, "30 Event cards (Components)"),
    Count("hatches:tokens[]", 10, "10 Hatch Tokens (Components)"),
    Count("objectives:main[]", 12, "12 Main Objective cards, 4 per ship (Components)"),
    Count("demands:cards[]", 7, "7 Demand cards (Components)"),
    Count("alphabot:standard_ai[]", 10, "10 Standard AI cards (Components)"),
)


@dataclass(frozen=True)
class Content:
    """Everything the rules read, with lookups by id."""

    docs: Docs
    nodes: MappingProxyType
    edges: tuple[dict[str, Any], ...]
    vaults: MappingProxyType
    cards: MappingProxyType
    events: MappingProxyType
    hatches: MappingProxyType
    objectives: MappingProxyType
    ships: MappingProxyType
    squares: MappingProxyType
    standard_ai: MappingProxyType
    memo: dict[str, Any]

    def __getitem__(self, name: str) -> dict[str, Any]:
        """A whole document (``c["rules"]``)."""
        return self.docs[name]

    def res_name(self, code: str) -> str:
        """A resource, battery or Cylindroid code in words (``bTi`` → Titanium Battery, ``LAS`` → Laser
        Cylindroid)."""
        names = self.docs["vaults"]["resources"]["names"]
        if code in names:
            return names[code]
        kinds = {t["id"]: t["name"] for t in self.docs["cylindroids"].get("types", [])}
        return f"{kinds[code]} Cylindroid" if code in kinds else code

    def board_side(self, players: int) -> dict[str, Any]:
        """The player-board side for this player count (SB-SETUP-01)."""
        pb = self.docs["boards"]["player_board"]
        return pb["sides"][pb["side_for_players"][str(players)]]


def _by_id(items: list[dict[str, Any]], key: str = "id") -> MappingProxyType:
    out: dict[str, Any] = {}
    for item in items:
        if item[key] in out:
            raise ContentError(f"duplicate id {item[key]!r}")
        out[item[key]] = item
    return MappingProxyType(out)


def build(docs: Docs) -> Content:
    """Frozen lookups over the loaded documents, with the checks only this game knows."""
    planet = docs["planet"]
    tiles = {v["id"] for v in docs["vaults"]["vaults"]}
    for tile in planet["section_tiles"]:
        for slot, vault in tile["ep_slots"].items():
            if vault not in tiles:
                raise ContentError(f"planet.json: section tile {tile['id']} slot {slot} names unknown vault {vault}")
    cards = _by_id(docs["action_cards"]["cards"])
    for ctype in CARD_TYPES:
        if sum(c["type"] == ctype for c in cards.values()) != docs["action_cards"]["deck_size"]:
            raise ContentError(f"action_cards.json: the {ctype} deck must hold {docs['action_cards']['deck_size']}")
    return Content(
        docs=docs, nodes=_by_id(planet["nodes"]), edges=tuple(planet["edges"]),
        vaults=_by_id(docs["vaults"]["vaults"]), cards=cards, events=_by_id(docs["events"]["cards"]),
        hatches=_by_id(docs["hatches"]["tokens"]), objectives=_by_id(docs["objectives"]["main"]),
        ships=_by_id(docs["ships"]["ships"]), squares=_by_id(docs["main_vault"]["squares"]),
        standard_ai=_by_id(docs["alphabot"]["standard_ai"]), memo={},
    )


@cache
def load() -> Content:
    """``data/stress_botics/`` checked and frozen (once per process)."""
    return build(load_files(game_dir("stress_botics"), SHAPES, REFS, COUNTS))
