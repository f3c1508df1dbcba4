"""Robo Rescue content: ``data/robo_rescue/*.json`` loaded once into frozen, validated records."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "robo_rescue"
FILES = ("board", "components", "command_cards", "modifiers", "cable_matrix", "conversions",
         "bonus_cards", "ability_cards", "robots", "rules")


class ContentError(ValueError):
    """The data files are inconsistent."""


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


def _read(name: str) -> dict[str, Any]:
    doc = json.loads((DATA_DIR / f"{name}.json").read_text(encoding="utf-8"))
    if not isinstance(doc.get("source"), str) or ("RECONSTRUCTED" not in doc["source"] and name != "rules"):
        raise ContentError(f"{name}.json needs a 'source' naming rulebook lines and RECONSTRUCTED parts")
    return doc


def load() -> Content:
    """Read and validate the data folder."""
    raw = {name: _read(name) for name in FILES}
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
    """Cross-check the data against the component list (§1.2) and the rules' invariants."""
    comp = c.raw["components"]
    checks = [
        (len(c.command_cards) == comp["command_cards"], "command card count"),
        (len(c.bonus_cards) == comp["bonus_cards"], "bonus card count"),
        (len(c.abilities) == comp["ability_cards"], "ability card count"),
        (sum(c.modifier_counts.values()) == sum(comp["modifier_tokens"].values()), "modifier count"),
        (len(c.box_starts) == comp["container_boxes"], "box count"),
        (len(c.power_tokens) == comp["power_tokens"], "power token count"),
        ({k: len(v) for k, v in c.action_tokens.items()} == comp["action_tokens"], "action tokens"),
        (set(c.modifier_types) == set(c.modifier_counts), "modifier types"),
        (all(len(v) == 3 for v in c.switches.values()), "each switch controls 3 power tokens"),
        (all(t in c.power_tokens for v in c.switches.values() for t in v), "switch tokens are power tokens"),
        (set(c.programs) == {t for t, n in c.card_names.items() if t != "COMBI"}, "movement programs"),
        (len(c.robots) == comp["robots"], "robots"),
    ]
    for ok, what in checks:
        if not ok:
            raise ContentError(f"robo_rescue data: {what} is inconsistent")
    for positions in c.positions.values():
        for p in positions:
            if not set(p.accepts) <= set(c.modifier_types):
                raise ContentError(f"position P{p.pos} accepts an unknown modifier")
    for r in c.rewards:
        if any(r.kind != "MODIFIER" or ty not in c.modifier_types for _, ty in r.house):
            raise ContentError(f"a house rule swaps tier-{r.tier} {r.type} for an unknown modifier")
    for conn in c.connections.values():
        ids = {e.id for e in c.endpoints}
        if not set(conn) <= ids:
            raise ContentError("connection names an unknown endpoint")
