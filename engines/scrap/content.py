"""SCRAP's content: ``data/scrap/`` read through the core loader into frozen records.

Shapes, references and the rulebook's counts are declared here (SHAPES/REFS/COUNTS); what only SCRAP
knows (13 Functions per Intelligence in blocks, 7 in hand and 6 in the box, Links only between Areas in
play, the Ruins per player count, the Relics left over) is checked in :func:`build`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cache, cached_property
from types import MappingProxyType
from typing import Any

from engines.core.content import ContentError, Count, Docs, Ref, check_count, game_dir, load_files

DOMAINS = ("C", "I", "T", "E")
"""The four Domains in the rulebook's order (Creation, Innovation, Termination, Exploration)."""
TREE = (dict, list)
"""An effect tree (a JSON object; MOD patch lists are lists)."""

SHAPES: dict[str, Any] = {
    "rules": {"players": {"min": int, "max": int}, "end": {"data": int}, "energy": {"min": int, "max": int},
              "queue": {"limit": int, "casual_limit": int}, "hand": {"start": int, "function_box": int},
              "seats": [{"seat": int, "energy": int, "data": int}], "relic_slots": int,
              "knowledge_track": {"spaces": int, "bonuses": [{"gap": [int], "gain": dict}]},
              "first_turn_forbidden_family": str, "commands": [{"n": int, "id": str}],
              "command_adjacency": {"*": [str]}, "weapon_strength": {"B": int, "A": int},
              "variants": {"energised": dict, "warped": dict, "casual": dict},
              "flags": {"*": {"default": (bool, str)}}},
    "map": {"heart": {"position": str, "area": str}, "used_at": {"*": [int]},
            "positions": [{"id": str, "q": int, "r": int, "used_at": str}], "placement_order": [str],
            "links": [{"id": str, "a": str, "b": str, "used_at": str, "ruins?": str}],
            "areas_by_players": {"*": int}, "ruins_by_players": {"*": int}, "ships": dict},
    "areas": {"rewards_per_area": int, "covered_reward": str,
              "areas": [{"id": str, "name": str, "heart": bool,
                         "rewards": [{"id": str, "cost": int, "effect": dict, "dsl": str, "right_hand": bool}]}]},
    "domains": {"track": {"spaces": int, "bonus_gaps": [[int]]},
                "domains": [{"id": str, "name": str, "colour": str, "shape": str,
                             "subroutines": [{"row": int, "id": str, "unlock": int, "effect": dict, "dsl": str}]}]},
    "mode_board": {"centre": str, "ring": [str], "adjacency": {"*": [str]}, "opposite": {"*": str}},
    "supplies": {"fragments": {"count": int, "values": [{"data": int, "count": int}]},
                 "energisers": {"count": int, "cards": [{"id": str, "domain": str, "name": str}]},
                 "weapons": {"count": int, "kinds": {"*": {"name": str, "strength": int, "energy": int}}},
                 "celestium": {"count": int}, "ruins": {"count": int}},
    "relics": {"relics": [{"id": str, "domain": str}], "removed_2_3_players": {"per_domain": int},
               "install": dict, "bonuses": [{"slot": int, "id": str, "name": str, "effect": dict}]},
    "vows": {"vows": [{"id": str, "vow": {"name": str, "rules": [dict]}, "broken": {"name": str, "rules": [dict]}}]},
    "intelligences": {"bots_total": int, "attributes_total": int, "intelligences": [{
        "id": str, "name": str, "power": int, "weapon_slots": int, "relic_slots": int,
        "bots": [{"size": int, "name": str, "strength": int, "cost": int, "count": int, "start": int}],
        "start_knowledge": {"*": int}, "celestium_slots": [{"slot": int, "effect": dict}],
        "attributes": [{"id": str, "name": str, "text": str, "setup?": dict}],
        "unique_components": dict, "functions": [int], "start_hand": [int]}]},
    "functions": {"family_order": [str], "unique_families": {"*": str}, "cores": {"*": {"effect": dict}},
                  "functions": [{"ref": int, "name": str, "intelligence": str, "family": str, "domain": str,
                                 "level": str, "no_expend": bool, "in_hand_at_start": bool, "core": dict,
                                 "power_up": {"pos": str}, "status": bool, "dsl": {"core": str, "power_up": str}}]},
    "ops": {"atoms": {"*": {"required": [str], "optional": [str]}}, "combinators": {"*": dict},
            "selectors": dict, "variables": dict, "conditions": dict},
    "hooks": {"hooks": {"*": {"doc": str}}},
}
"""Required keys and types of every file of ``data/scrap/``."""

REFS = (
    Ref("functions:functions[].intelligence", "intelligences:intelligences[].id"),
    Ref("functions:functions[].domain", "domains:domains[].id"),
    Ref("functions:functions[].core.ref", "functions:cores.@"),
    Ref("intelligences:intelligences[].functions[]", "functions:functions[].ref"),
    Ref("intelligences:intelligences[].start_hand[]", "functions:functions[].ref"),
    Ref("intelligences:intelligences[].start_knowledge.@", "domains:domains[].id"),
    Ref("map:heart.area", "areas:areas[].id"),
    Ref("map:heart.position", "map:positions[].id"),
    Ref("map:placement_order[]", "map:positions[].id"),
    Ref("map:links[].a", "map:positions[].id"),
    Ref("map:links[].b", "map:positions[].id"),
    Ref("map:links[].used_at", "map:used_at.@"),
    Ref("map:links[].ruins", "map:used_at.@"),
    Ref("map:positions[].used_at", "map:used_at.@"),
    Ref("relics:relics[].domain", "domains:domains[].id"),
    Ref("supplies:energisers.cards[].domain", "domains:domains[].id"),
    Ref("mode_board:ring[]", "domains:domains[].id"),
    Ref("mode_board:opposite.@", "domains:domains[].id"),
    Ref("mode_board:opposite.*", "domains:domains[].id"),
)
"""Every id one file uses exists where it is defined."""

COUNTS = (
    Count("functions:functions[]", 78, "78 Functions, Component List (SC-SETUP-25)"),
    Count("intelligences:intelligences[]", 6, "six Intelligences (SC-SETUP-25)"),
    Count("areas:areas[]", 12, "12 Area tiles (SC-SETUP-25)"),
    Count("relics:relics[]", 12, "12 Relics, 3 per Domain (SC-SETUP-25)"),
    Count("relics:bonuses[]", 4, "4 Relic slots (spec 4.6)"),
    Count("supplies:energisers.cards[]", 12, "12 Energisers, 3 per Domain (SC-SETUP-25)"),
    Count("domains:domains[]", 4, "4 Domain Boards (SC-SETUP-25)"),
    Count("vows:vows[]", 3, "3 Olympus Vows (SC-SETUP-25)"),
    Count("map:positions[]", 11, "the Heart and 10 formation positions (spec 4.1)"),
    Count("map:links[]", 20, "20 Links (spec 4.1)"),
    Count("mode_board:ring[]", 4, "four Domains around the Mode Board"),
)
"""The rulebook's (and spec's) counts."""


@dataclass(frozen=True)
class Bot:
    """One Bot type of an Intelligence (Console D): Size, Strength, Energy cost, pieces, START count."""

    size: int
    name: str
    strength: int
    cost: int
    count: int
    start: int


@dataclass(frozen=True)
class Attribute:
    """An Attribute card; ``setup`` is its SETUP effect tree (SC-SETUP-16), if any; ``rules`` its standing hooks."""

    id: str
    name: str
    text: str
    setup: Any
    rules: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Intelligence:
    """One Intelligence's Console and components."""

    id: str
    name: str
    power: int
    bots: tuple[Bot, ...]
    start_knowledge: MappingProxyType
    celestium_slots: tuple[Any, ...]
    weapon_slots: int
    relic_slots: int
    attributes: tuple[Attribute, ...]
    functions: tuple[int, ...]
    start_hand: tuple[int, ...]
    unique: MappingProxyType

    def bot(self, size: int) -> Bot:
        """The Bot type of ``size`` (1–3)."""
        return self.bots[size - 1]


@dataclass(frozen=True)
class Function:
    """One Function card: Domain, Level, family, its Core and Power-Up as effect trees."""

    ref: int
    name: str
    intelligence: str
    family: str
    domain: str
    level: str
    no_expend: bool
    in_hand_at_start: bool
    core: Any
    power_up: MappingProxyType
    status: bool
    dsl_core: str
    dsl_power_up: str


@dataclass(frozen=True)
class Reward:
    """One Search Reward of an Area (the right-hand one is covered by a Relic at setup)."""

    id: str
    cost: int
    effect: Any
    dsl: str
    right_hand: bool


@dataclass(frozen=True)
class Area:
    """One Area tile."""

    id: str
    name: str
    heart: bool
    rewards: tuple[Reward, ...]


@dataclass(frozen=True)
class Link:
    """A Link between two formation positions; ``ruins`` names the player counts that put Ruins on it."""

    id: str
    a: str
    b: str
    used_at: tuple[int, ...]
    ruins: tuple[int, ...]


@dataclass(frozen=True)
class Subroutine:
    """One Subroutine row of a Domain Board, unlocked once the marker reaches ``unlock``."""

    row: int
    id: str
    unlock: int
    effect: Any
    dsl: str


@dataclass(frozen=True)
class Domain:
    """A Domain Board."""

    id: str
    name: str
    colour: str
    shape: str
    subroutines: tuple[Subroutine, ...]


@dataclass(frozen=True)
class Content:
    """Everything SCRAP's engine reads, built once per process."""

    intelligences: MappingProxyType  # id -> Intelligence, in the file's (alphabetical) order
    functions: MappingProxyType  # ref -> Function
    areas: MappingProxyType  # id -> Area
    heart: str
    heart_position: str
    positions: MappingProxyType  # id -> (q, r)
    position_use: MappingProxyType  # id -> player counts
    placement_order: tuple[str, ...]
    links: tuple[Link, ...]
    domains: MappingProxyType  # id -> Domain
    adjacency: MappingProxyType  # Mode Board: id or CENTRE -> adjacent Domains
    centre: str
    relics: tuple[tuple[str, str], ...]  # (id, domain)
    relics_removed_per_domain: int
    energisers: tuple[tuple[str, str], ...]  # (id, domain)
    fragment_values: tuple[int, ...]  # one entry per Fragment card
    vows: tuple[str, ...]
    rules: MappingProxyType
    supplies: MappingProxyType
    raw: Docs

    def areas_in_play(self, players: int) -> int:
        """Area tiles drawn besides the Heart (SC-SETUP-02)."""
        return int(self.raw["map"]["areas_by_players"][str(players)])

    def positions_for(self, players: int) -> list[str]:
        """The formation positions used at this player count, the Heart first (SC-SETUP-01/02)."""
        return [self.heart_position] + [p for p in self.placement_order if players in self.position_use[p]]

    def links_for(self, players: int) -> list[Link]:
        """Links in play: both Areas are in play (spec 4.1)."""
        return [lk for lk in self.links if players in lk.used_at]

    def ruins_for(self, players: int) -> list[str]:
        """The Links that get Ruins at this player count (SC-SETUP-03)."""
        return [lk.id for lk in self.links_for(players) if players in lk.ruins]

    def function_name(self, ref: int) -> str:
        """A Function's printed name."""
        return self.functions[ref].name

    @cached_property
    def link_ends(self) -> MappingProxyType:
        """Link id -> (position a, position b)."""
        return MappingProxyType({lk.id: (lk.a, lk.b) for lk in self.links})


def _freeze(value: Any) -> Any:
    """JSON content as read-only mappings and tuples (effect trees stay shared and unchanged)."""
    if isinstance(value, dict):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """A frozen tree back as plain JSON (for the state or a patched copy)."""
    if isinstance(value, MappingProxyType | dict):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple | list):
        return [thaw(v) for v in value]
    return value


@cache
def load() -> Content:
    """Read and check ``data/scrap/`` (once per process)."""
    return build(load_files(game_dir("scrap"), SHAPES, REFS, COUNTS))


def build(docs: Docs) -> Content:
    """Frozen records from the checked documents, with SCRAP's own invariants checked."""
    maps, rules = docs["map"], docs["rules"]
    used = {k: tuple(v) for k, v in maps["used_at"].items()}
    cores = docs["functions"]["cores"]
    functions = {}
    for f in docs["functions"]["functions"]:
        core = cores[f["core"]["ref"]]["effect"] if set(f["core"]) == {"ref"} else f["core"]
        functions[f["ref"]] = Function(f["ref"], f["name"], f["intelligence"], f["family"], f["domain"], f["level"],
                                       f["no_expend"], f["in_hand_at_start"], _freeze(core), _freeze(f["power_up"]),
                                       f["status"], f["dsl"]["core"], f["dsl"]["power_up"])
    intels = {}
    for i in docs["intelligences"]["intelligences"]:
        intels[i["id"]] = Intelligence(
            i["id"], i["name"], i["power"], tuple(Bot(**b) for b in i["bots"]),
            MappingProxyType(dict(i["start_knowledge"])), tuple(_freeze(s["effect"]) for s in i["celestium_slots"]),
            i["weapon_slots"], i["relic_slots"],
            tuple(Attribute(a["id"], a["name"], a["text"], _freeze(a.get("setup")), _freeze(a.get("rules", [])))
                  for a in i["attributes"]),
            tuple(i["functions"]), tuple(i["start_hand"]), _freeze(i["unique_components"]))
    areas = {a["id"]: Area(a["id"], a["name"], a["heart"],
                           tuple(Reward(r["id"], r["cost"], _freeze(r["effect"]), r["dsl"], r["right_hand"])
                                 for r in a["rewards"])) for a in docs["areas"]["areas"]}
    positions = {p["id"]: (p["q"], p["r"]) for p in maps["positions"]}
    links = tuple(Link(lk["id"], lk["a"], lk["b"], used[lk["used_at"]], used.get(lk.get("ruins", ""), ()))
                  for lk in maps["links"])
    domains = {d["id"]: Domain(d["id"], d["name"], d["colour"], d["shape"],
                               tuple(Subroutine(s["row"], s["id"], s["unlock"], _freeze(s["effect"]), s["dsl"])
                                     for s in d["subroutines"])) for d in docs["domains"]["domains"]}
    supplies = docs["supplies"]
    content = Content(
        intelligences=MappingProxyType(intels), functions=MappingProxyType(functions),
        areas=MappingProxyType(areas), heart=maps["heart"]["area"], heart_position=maps["heart"]["position"],
        positions=MappingProxyType(positions),
        position_use=MappingProxyType({p["id"]: used[p["used_at"]] for p in maps["positions"]}),
        placement_order=tuple(maps["placement_order"]), links=links, domains=MappingProxyType(domains),
        adjacency=MappingProxyType({k: tuple(v) for k, v in docs["mode_board"]["adjacency"].items()}),
        centre=docs["mode_board"]["centre"],
        relics=tuple((r["id"], r["domain"]) for r in docs["relics"]["relics"]),
        relics_removed_per_domain=docs["relics"]["removed_2_3_players"]["per_domain"],
        energisers=tuple((e["id"], e["domain"]) for e in supplies["energisers"]["cards"]),
        fragment_values=tuple(v["data"] for v in supplies["fragments"]["values"] for _ in range(v["count"])),
        vows=tuple(v["id"] for v in docs["vows"]["vows"]),
        rules=_freeze(rules), supplies=_freeze(supplies), raw=docs)
    check(content)
    return content


def check(c: Content) -> None:
    """SCRAP's own content invariants (each failure names the file and key)."""
    docs, rules = c.raw, c.rules
    fns = list(c.functions.values())
    check_count("functions.json", "functions[].ref 1..78", sum(f.ref == i + 1 for i, f in enumerate(fns)), 78,
                "numbered 1-78 in order")
    order = list(c.intelligences)
    for k, intel in enumerate(c.intelligences.values()):
        mine = fns[13 * k:13 * k + 13]
        if {f.intelligence for f in mine} != {intel.id} or intel.functions != tuple(f.ref for f in mine):
            raise ContentError(f"functions.json: refs {13 * k + 1}-{13 * k + 13} must be {intel.id}'s 13 Functions "
                               f"(blocks of 13 in the order {order})")
        hand = tuple(f.ref for f in mine if f.in_hand_at_start)
        if hand != intel.start_hand or any(c.functions[r].level != "S" for r in hand):
            raise ContentError(f"intelligences.json: {intel.id}.start_hand must be its S Functions {hand}")
        check_count("intelligences.json", f"{intel.id}.start_hand", len(hand), rules["hand"]["start"], "SC-SETUP-17")
        check_count("functions.json", f"{intel.id} Function Box", 13 - len(hand), rules["hand"]["function_box"],
                    "SC-SETUP-17")
        if sorted(intel.start_knowledge) != sorted(DOMAINS):
            raise ContentError(f"intelligences.json: {intel.id}.start_knowledge needs one value per Domain")
        if [b.size for b in intel.bots] != [1, 2, 3]:
            raise ContentError(f"intelligences.json: {intel.id}.bots must be Sizes 1, 2, 3")
    if len({i.power for i in c.intelligences.values()}) != len(c.intelligences):
        raise ContentError("intelligences.json: POWER values must differ (SC-TIE-01 breaks every tie by POWER)")
    ints = docs["intelligences"]
    check_count("intelligences.json", "bots (pieces)", sum(b.count for i in c.intelligences.values() for b in i.bots),
                ints["bots_total"], "113 Bots, SC-SETUP-25")
    check_count("intelligences.json", "attributes", sum(len(i.attributes) for i in c.intelligences.values()),
                ints["attributes_total"], "14 Attributes, SC-SETUP-25")
    for what, pairs in (("relics.json: relics", c.relics), ("supplies.json: energisers", c.energisers)):
        if Counter(d for _, d in pairs) != {d: 3 for d in DOMAINS}:
            raise ContentError(f"{what} must be 3 per Domain")
    check_count("supplies.json", "fragments.values", len(c.fragment_values), c.supplies["fragments"]["count"], "48")
    if sum(a.heart for a in c.areas.values()) != 1 or not c.areas[c.heart].heart:
        raise ContentError("areas.json: exactly one Area is the Heart of Seratus, the one map.json heart.area names")
    for a in c.areas.values():
        if [r.right_hand for r in a.rewards] != [False] * (len(a.rewards) - 1) + [True]:
            raise ContentError(f"areas.json: {a.id}.rewards: only the last Reward is the right-hand one (SC-SETUP-05)")
        check_count("areas.json", f"{a.id}.rewards", len(a.rewards), docs["areas"]["rewards_per_area"])
    for n in range(rules["players"]["min"], rules["players"]["max"] + 1):
        positions = set(c.positions_for(n))
        check_count("map.json", f"positions used at {n} players", len(positions) - 1, c.areas_in_play(n),
                    "SC-SETUP-02")
        for lk in c.links_for(n):
            if not {lk.a, lk.b} <= positions:
                raise ContentError(f"map.json: link {lk.id} is in play at {n} players but an Area is not")
        check_count("map.json", f"Ruins at {n} players", len(c.ruins_for(n)),
                    int(docs["map"]["ruins_by_players"][str(n)]), "SC-SETUP-03")
        removed = 0 if n == 4 else c.relics_removed_per_domain * len(DOMAINS)
        if len(c.relics) - removed < c.areas_in_play(n):
            raise ContentError(f"relics.json: too few Relics for {n} players (one per Area but the Heart)")
    if c.areas_in_play(rules["players"]["max"]) >= len(c.areas) - 1:
        raise ContentError("map.json: areas_by_players must leave one tile out (spec 5 A-36)")
    if set(c.adjacency[c.centre]) != set(DOMAINS):
        raise ContentError("mode_board.json: the centre is adjacent to all four Domains (SC-CALL-01)")
    for d in c.domains.values():
        rows = d.subroutines
        if rows[0].unlock != 1 or [r.unlock for r in rows] != sorted(r.unlock for r in rows):
            raise ContentError(f"domains.json: {d.id}.subroutines unlock in rising order from 1 (SC-CALL-12)")
