"""Robo Rescue content: ``data/robo_rescue/*.json`` loaded once into frozen, validated records."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.core.content import ContentError, Count, Ref, check_count, game_dir, load_files

__all__ = ["ContentError"]

DATA_DIR = game_dir("robo_rescue")
_STRS = [str]
_ITEM = {"kind": str, "type?": (str, type(None)), "n": int}
SHAPES: dict[str, Any] = {
    "board": {"size": {"cols": int, "rows": int}, "corners": _STRS, "box_starts": _STRS, "switches": {"*": _STRS},
              "power_tokens": _STRS, "action_tokens": {"*": _STRS}, "interior_walls": list,
              "seat_corners": {"*": _STRS}, "corner_facings": {"*": _STRS}},
    "components": {k: int for k in ("robots", "container_boxes", "power_tokens", "ability_cards", "bonus_cards",
                                    "command_cards")} | {"action_tokens": {"*": int}, "modifier_tokens": {"*": int},
                                                         "cable_tokens": {"*": int}},
    "command_cards": {"cards": [{"code": str, "count": int, "type": str}], "starting_hand": _STRS,
                      "programs": {"*": _STRS}, "names": {"*": str}},
    "modifiers": {"types": {"*": dict}, "positions": {"*": [{"pos": int, "kind": str, "card": int, "accepts": _STRS}]}},
    "cable_matrix": {"cols": str, "rows": int, "node_cells": _STRS,
                     "endpoints": [{"id": str, "group": str, "cell": str, "side": str}],
                     "connections": [{"id": str, "name": str, "ends": _STRS}], "tokens": {"*": _STRS},
                     "cable_die": _STRS},
    "conversions": {"tiers": [{"tier": int, "cost": int, "pay_with": _STRS,
                               "rewards": [{"kind": str, "type": str, "house_rule?": {"*": str}}]}],
                    "reward_kinds": _STRS},
    "bonus_cards": {"cards": [{"id": str, "copies": int, "top": [_ITEM], "bottom": [_ITEM]}]},
    "ability_cards": {"abilities": [{"code": str, "ability": str, "name": str, "timing": str, "tokens": _STRS,
                                     "dice": [int]}]},
    "robots": {"robots": [{"name": str, "colour": str}]},
    "rules": {"hand_limit": int, "oil_tank_size": int, "max_modifiers_per_command": int, "max_ability_cards": int,
              "starting_engines": {"*": int}},
}
"""Every file's required keys and types (``engines.core.content.check_shape``)."""
FILES = tuple(SHAPES)
REFS = (
    Ref("board:switches.*[]", "board:power_tokens[]"),
    Ref("board:seat_corners.*[]", "board:corners[]"),
    Ref("board:corner_facings.@", "board:corners[]"),
    Ref("command_cards:cards[].type", "command_cards:names.@"),
    Ref("command_cards:starting_hand[]", "command_cards:programs.@"),
    Ref("modifiers:positions.*[].accepts[]", "modifiers:types.@"),
    Ref("components:modifier_tokens.@", "modifiers:types.@"),
    Ref("modifiers:types.@", "components:modifier_tokens.@"),
    Ref("conversions:tiers[].rewards[].house_rule.*", "modifiers:types.@"),
    Ref("cable_matrix:connections[].ends[]", "cable_matrix:endpoints[].id"),
)
"""Ids one file uses that another file (or another part of the same file) defines."""
COUNTS = (
    Count("robots:robots[]", 4, "4 robots, L53"),
    Count("board:corners[]", 4, "corner start spaces, L87"),
)


@dataclass(frozen=True)
class Position:
    """One modifier position of a Command (RR-PROG-08/10)."""

    pos: int
    kind: str          # before | card | between | after
    card: int          # the Movement card it belongs to (1 or 2)
    accepts: tuple[str, ...]


def position_words(command: str, p: Position) -> str:
    """Where a modifier position sits on the programming board, in words: "before the card" (Single),
    "on the first card", "between the cards", "after the second card" (Combi)."""
    if command == "single":
        return "on the card" if p.kind == "card" else f"{p.kind} the card"
    if p.kind == "between":
        return "between the cards"
    nth = "first" if p.card == 1 else "second"
    return f"{'on' if p.kind == 'card' else p.kind} the {nth} card"


@dataclass(frozen=True)
class Ability:
    """One Ability card (REC-13)."""

    id: str
    ability: str
    name: str
    timing: str
    tokens: tuple[str, ...]
    die: int


@dataclass(frozen=True)
class BonusItem:
    kind: str          # OIL | COMMAND | MODIFIER | CABLE
    type: str | None
    n: int


@dataclass(frozen=True)
class BonusCard:
    """One Bonus card copy (REC-12)."""

    id: str
    design: str
    top: tuple[BonusItem, ...]
    bottom: tuple[BonusItem, ...]


@dataclass(frozen=True)
class Reward:
    """One conversion reward; ``house`` maps a house-rule option to the type it shows instead (AMB-01)."""

    tier: int
    cost: int
    kind: str
    type: str
    pay_with: tuple[str, ...]
    house: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Endpoint:
    id: str
    group: str
    cell: str
    side: str


@dataclass(frozen=True)
class CableGeometry:
    """The cable matrix's fixed geometry, derived once (RR-CABLE-01/03/10).

    ``links[cell]`` lists, per side, ``(side, endpoint id or None, neighbour cell or None, opposite side)``;
    ``cache`` memoises pure matrix queries (keyed by the matrix's items).
    """

    cells: tuple[str, ...]
    free: tuple[str, ...]
    near: dict[tuple[str, str], str | None]
    ends: dict[tuple[str, str], str]
    links: dict[str, tuple[tuple[str, str | None, str | None, str], ...]]
    by_id: dict[str, Endpoint]
    orient_type: dict[str, str]
    cache: dict[Any, Any]


@dataclass(frozen=True)
class Content:
    """Everything the rules read from data."""

    raw: dict[str, Any]
    rules: dict[str, Any]
    corners: tuple[str, ...]
    box_starts: tuple[str, ...]
    switches: dict[str, tuple[str, ...]]
    power_tokens: tuple[str, ...]
    action_tokens: dict[str, tuple[str, ...]]
    seat_corners: dict[int, tuple[str, ...]]
    corner_facings: dict[str, tuple[str, ...]]
    command_cards: dict[str, str]               # card id -> type
    card_names: dict[str, str]
    programs: dict[str, tuple[str, ...]]
    starting_hand: tuple[str, ...]
    modifier_types: dict[str, dict[str, str]]
    modifier_counts: dict[str, int]
    positions: dict[str, tuple[Position, ...]]
    matrix_cols: str
    matrix_rows: int
    node_cells: tuple[str, ...]
    endpoints: tuple[Endpoint, ...]
    connections: dict[str, tuple[str, str]]
    connection_names: dict[str, str]
    cable_orients: dict[str, tuple[str, ...]]
    cable_counts: dict[str, int]
    cable_die: tuple[str, ...]
    rewards: tuple[Reward, ...]
    reward_kinds: tuple[str, ...]
    bonus_cards: dict[str, BonusCard]
    abilities: dict[str, Ability]
    ability_names: dict[str, str]
    robots: tuple[dict[str, str], ...]
    cable_geo: CableGeometry
    memo: dict[Any, Any]                        # small derived tables, filled on first use

    def card_type(self, card_id: str) -> str:
        return self.command_cards[card_id]

    def orient_type(self, orient: str) -> str:
        """STRAIGHT or BEND for a cable orientation."""
        return self.cable_geo.orient_type[orient]


def load() -> Content:
    """Read and validate the data folder."""
    raw = dict(load_files(DATA_DIR, SHAPES, REFS, COUNTS))
    board, comp, cmd = raw["board"], raw["components"], raw["command_cards"]
    mods, matrix, conv = raw["modifiers"], raw["cable_matrix"], raw["conversions"]
    cards: dict[str, str] = {}
    for spec in cmd["cards"]:
        for i in range(1, spec["count"] + 1):
            cards[f"CMD-{spec['code']}-{i:02d}"] = spec["type"]
    bonus: dict[str, BonusCard] = {}
    for design in raw["bonus_cards"]["cards"]:
        halves = [tuple(BonusItem(it["kind"], it.get("type"), it["n"]) for it in design[h]) for h in ("top", "bottom")]
        for copy in range(1, design["copies"] + 1):
            bonus[f"{design['id']}-{copy}"] = BonusCard(f"{design['id']}-{copy}", design["id"], *halves)
    abilities: dict[str, Ability] = {}
    for spec in raw["ability_cards"]["abilities"]:
        for i, die in enumerate(spec["dice"], 1):
            card_id = f"{spec['code']}-{i}"
            abilities[card_id] = Ability(card_id, spec["ability"], spec["name"], spec["timing"],
                                         tuple(spec["tokens"]), die)
    rewards = tuple(Reward(t["tier"], t["cost"], r["kind"], r["type"], tuple(t["pay_with"]),
                           tuple(sorted(r.get("house_rule", {}).items())))
                    for t in conv["tiers"] for r in t["rewards"])
    content = Content(
        raw=raw, rules=raw["rules"],
        corners=tuple(board["corners"]), box_starts=tuple(board["box_starts"]),
        switches={k: tuple(v) for k, v in board["switches"].items()},
        power_tokens=tuple(board["power_tokens"]),
        action_tokens={k: tuple(v) for k, v in board["action_tokens"].items()},
        seat_corners={int(k): tuple(v) for k, v in board["seat_corners"].items()},
        corner_facings={k: tuple(v) for k, v in board["corner_facings"].items()},
        command_cards=cards, card_names={k: v[:1].upper() + v[1:] for k, v in cmd["names"].items()},
        programs={k: tuple(v) for k, v in cmd["programs"].items()},
        starting_hand=tuple(cmd["starting_hand"]),
        modifier_types=mods["types"], modifier_counts=dict(comp["modifier_tokens"]),
        positions={kind: tuple(Position(p["pos"], p["kind"], p["card"], tuple(p["accepts"])) for p in ps)
                   for kind, ps in mods["positions"].items()},
        matrix_cols=matrix["cols"], matrix_rows=matrix["rows"], node_cells=tuple(matrix["node_cells"]),
        endpoints=tuple(Endpoint(e["id"], e["group"], e["cell"], e["side"]) for e in matrix["endpoints"]),
        connections={c["id"]: tuple(c["ends"]) for c in matrix["connections"]},
        connection_names={c["id"]: c["name"] for c in matrix["connections"]},
        cable_orients={k: tuple(v) for k, v in matrix["tokens"].items()},
        cable_counts=dict(comp["cable_tokens"]), cable_die=tuple(matrix["cable_die"]),
        rewards=rewards, reward_kinds=tuple(conv["reward_kinds"]),
        bonus_cards=bonus, abilities=abilities,
        ability_names={s["ability"]: s["name"] for s in raw["ability_cards"]["abilities"]},
        robots=tuple(raw["robots"]["robots"]),
        cable_geo=cable_geometry(matrix), memo={},
    )
    validate(content)
    return content


OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def cable_geometry(matrix: dict[str, Any]) -> CableGeometry:
    """Neighbours, sockets/ports and per-cell side links of the cable matrix (REC-08)."""
    cols, rows = matrix["cols"], matrix["rows"]
    cells = tuple(f"{col}{row}" for col in cols for row in range(1, rows + 1))
    near: dict[tuple[str, str], str | None] = {}
    for x, col in enumerate(cols):
        for y in range(rows):
            for side, (dx, dy) in STEP.items():
                nx, ny = x + dx, y + dy
                inside = 0 <= nx < len(cols) and 0 <= ny < rows
                near[(f"{col}{y + 1}", side)] = f"{cols[nx]}{ny + 1}" if inside else None
    endpoints = [Endpoint(e["id"], e["group"], e["cell"], e["side"]) for e in matrix["endpoints"]]
    ends = {(e.cell, e.side): e.id for e in endpoints}
    links = {cell: tuple((side, ends.get((cell, side)), near[(cell, side)], OPPOSITE[side]) for side in "NESW")
             for cell in cells}
    return CableGeometry(
        cells=cells, free=tuple(x for x in cells if x not in matrix["node_cells"]), near=near, ends=ends,
        links=links, by_id={e.id: e for e in endpoints},
        orient_type={o: t for t, os in matrix["tokens"].items() for o in os}, cache={},
    )


def validate(c: Content) -> None:
    """Cross-check the records against the component list (§1.2, ``components.json``) and the rules' invariants."""
    comp = c.raw["components"]
    for file, what, actual, expected in (
        ("command_cards.json", "cards (copies)", len(c.command_cards), comp["command_cards"]),
        ("bonus_cards.json", "cards (copies)", len(c.bonus_cards), comp["bonus_cards"]),
        ("ability_cards.json", "abilities (dice)", len(c.abilities), comp["ability_cards"]),
        ("board.json", "box_starts", len(c.box_starts), comp["container_boxes"]),
        ("board.json", "power_tokens", len(c.power_tokens), comp["power_tokens"]),
        ("robots.json", "robots", len(c.robots), comp["robots"]),
        *(("board.json", f"action_tokens.{k}", len(v), comp["action_tokens"].get(k, -1))
          for k, v in c.action_tokens.items()),
    ):
        check_count(file, what, actual, expected, "components.json")
    if set(c.action_tokens) != set(comp["action_tokens"]):
        raise ContentError("board.json: action_tokens kinds differ from components.json action_tokens")
    for switch, tokens in c.switches.items():
        if len(tokens) != 3:
            raise ContentError(f"board.json: switches.{switch} controls {len(tokens)} power tokens, not 3 (L208)")
    if set(c.programs) != {t for t in c.card_names if t != "COMBI"}:
        raise ContentError("command_cards.json: programs must name every movement card type")
    for r in c.rewards:
        if r.house and r.kind != "MODIFIER":
            raise ContentError(f"conversions.json: a house rule swaps tier-{r.tier} {r.type}, which is no modifier")
