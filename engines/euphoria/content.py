"""Euphoria's content: the JSON files in ``data/euphoria/`` loaded and validated into frozen records."""

from __future__ import annotations

from dataclasses import dataclass
from importlib.abc import Traversable
from types import MappingProxyType
from typing import Any

from engines.core.content import MARK_KEYS, ContentError, Count, Ref, check_count, game_dir, load_files

__all__ = ["ContentError"]

DATA = game_dir("euphoria")
_STRS = [str]
_OPT_STR = (str, type(None))
SHAPES: dict[str, Any] = {
    "board": {"areas": [{"id": str, "name": str}],
              "spaces": [{"id": str, "name": str, "area": _OPT_STR, "type": str, "kind": str, "cost": {"*": int}}],
              "sites": [{"id": str, "area": str, "spaces": _STRS, "board_x": int, "board_y": int}],
              "tunnels": [{"id": str}], "tunnel_track": dict, "completion_needed": {"*": int}, "production": [dict],
              "allegiance": {"max": int, "tiers": [int]}},
    "markets": {"markets": [{"id": str, "name": str, "cost": {"*": int}, "penalty": str, "params": dict,
                             "automa_excluded": bool}]},
    "recruits": {"recruits": [{"id": str, "name": str, "faction": _OPT_STR, "automa_excluded": bool, "pool": str,
                               "effect": str, "params": dict, "text": str}]},
    "artifacts": {"types": [{"id": str, "name": str}], "copies": int, "bazaar_slots": [{"cost": {"*": int}}],
                  "artmarket_payment": {"any": int, "identical": int}},
    "automa": {"cards": [{"id": str, "colour": str, "black_action": str, "white_action": str,
                          "bazaar": (int, type(None)), "black_faction": str, "white_faction": str, "camp": bool}],
               "levels": [{"level": int, "name": str, "deck": {"*": int}, "pile": {"*": int}}],
               "reinforcement_piles": int},
    "constants": {"commodities": _STRS, "resources": _STRS, "bazaar_size": int, "knowledge_threshold": int,
                  "stars": int, "final_trigger_stars": int},
}
"""Every file's required keys and types (``engines.core.content.check_shape``)."""
FILES = tuple(SHAPES)
REFS = (
    Ref("board:spaces[].area", "board:areas[].id", optional=True),
    Ref("board:sites[].area", "board:areas[].id"),
    Ref("board:tunnels[].id", "board:areas[].id"),
    Ref("recruits:recruits[].faction", "board:areas[].id", optional=True),
    Ref("automa:levels[].deck.@", "automa:cards[].colour"),
    Ref("automa:levels[].pile.@", "automa:cards[].colour"),
)
"""Ids one file uses that another file (or another part of the same file) defines."""
COUNTS = (
    Count("markets:markets[]", 34, "34 market tiles, line 14"),
    Count("board:sites[]", 6, "6 construction sites, spec 4.4"),
    Count("recruits:recruits[]", 102, "102 recruit cards, spec 4.7"),
)


@dataclass(frozen=True)
class Space:
    """One action space on the board (spec 4.1)."""

    id: str
    name: str
    area: str | None
    type: str  # shared | temp | once | excl
    kind: str  # production, tunnel, exclusive, artmarket, breeze_bar, sky_lounge, nimbus_loft, tank, lost_found…
    cost: MappingProxyType
    extra: MappingProxyType  # kind-specific parameters (gain, knowledge, morale, track, resources, site, index)


@dataclass(frozen=True)
class Site:
    """A construction site: four one-time spaces and a face-down market (spec 4.4)."""

    id: str
    area: str
    spaces: tuple[str, ...]
    board_x: int
    board_y: int


@dataclass(frozen=True)
class Market:
    """A market tile: visit cost and the penalty for players without a star on it (spec 4.5)."""

    id: str
    name: str
    cost: MappingProxyType
    penalty: str
    params: MappingProxyType
    automa_excluded: bool
    text: str = ""
    """The penalty in words ("you may not place workers in Icarus")."""


@dataclass(frozen=True)
class Recruit:
    """A recruit card; ``effect`` names the procedure in ``recruits.py`` (spec 4.7)."""

    id: str
    name: str
    faction: str | None
    automa_excluded: bool
    pool: str
    effect: str
    params: MappingProxyType
    text: str


@dataclass(frozen=True)
class AutomaCard:
    """One Automa card: right half (action card) and left half (support card) (spec 4.8)."""

    id: str
    colour: str
    black_action: str
    white_action: str
    bazaar: int | None
    black_faction: str
    white_faction: str
    camp: bool


@dataclass(frozen=True)
class Content:
    """Everything the engine reads from ``data/euphoria``."""

    areas: tuple[str, ...]
    area_info: MappingProxyType
    spaces: MappingProxyType  # id -> Space, in board order
    sites: MappingProxyType  # id -> Site
    tunnels: MappingProxyType  # faction/area -> {"mouth", "end", "resource"}
    tunnel_track: MappingProxyType
    completion_needed: MappingProxyType
    production: tuple[MappingProxyType, ...]
    allegiance_max: int
    tiers: tuple[int, ...]
    markets: MappingProxyType  # id -> Market
    recruits: MappingProxyType  # id -> Recruit
    artifact_types: tuple[str, ...]
    artifact_names: MappingProxyType
    artifact_copies: int
    bazaar_costs: tuple[int, ...]
    artmarket_any: int
    artmarket_identical: int
    automa_cards: MappingProxyType  # id -> AutomaCard
    automa: MappingProxyType  # levels, area_order, dice, faction_cards, reinforcement_piles
    c: MappingProxyType  # constants.json

    def level(self, number: int) -> MappingProxyType:
        """The difficulty level ``number`` (1..6)."""
        return next(lv for lv in self.automa["levels"] if lv["level"] == number)


def _frozen(value: Any) -> Any:
    if isinstance(value, dict):
        return MappingProxyType({k: _frozen(v) for k, v in value.items()})
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def load(folder: Traversable = DATA) -> Content:
    """Read and validate every data file."""
    raw = load_files(folder, SHAPES, REFS, COUNTS)
    board, consts = raw["board"], raw["constants"]
    spaces: dict[str, Space] = {}
    for s in board["spaces"]:
        extra = {k: v for k, v in s.items() if k not in ("id", "name", "area", "type", "kind", "cost", "provenance")}
        spaces[s["id"]] = Space(s["id"], s["name"], s["area"], s["type"], s["kind"], _frozen(s["cost"]), _frozen(extra))
    sites = {}
    area_names = {a["id"]: a["name"] for a in board["areas"]}
    for site in board["sites"]:
        called = f"{area_names[site['area']]} site {site['id'][-1].upper()}"  # "Euphoria site A"
        sites[site["id"]] = Site(site["id"], site["area"], tuple(site["spaces"]), site["board_x"], site["board_y"])
        for i, res in enumerate(site["spaces"], 1):
            sid = f"{site['id']}.{i}"
            spaces[sid] = Space(sid, f"{called} space {i}", site["area"], "once", "site",
                                _frozen({res: 1}), _frozen({"site": site["id"], "index": i}))
        mid = site["id"].replace("site", "market")
        spaces[mid] = Space(mid, f"market at {called}", site["area"], "temp", "market", _frozen({}),
                            _frozen({"site": site["id"]}))
    art = raw["artifacts"]
    content = Content(
        areas=tuple(a["id"] for a in board["areas"]),
        area_info=_frozen({a["id"]: a for a in board["areas"]}),
        spaces=MappingProxyType(spaces), sites=MappingProxyType(sites),
        tunnels=_frozen({t["id"]: t for t in board["tunnels"]}),
        tunnel_track=_frozen(board["tunnel_track"]), completion_needed=_frozen(board["completion_needed"]),
        production=_frozen(board["production"]), allegiance_max=board["allegiance"]["max"],
        tiers=tuple(board["allegiance"]["tiers"]),
        markets=MappingProxyType({m["id"]: Market(m["id"], m["name"], _frozen(m["cost"]), m["penalty"],
                                                  _frozen(m["params"]), m["automa_excluded"],
                                                  m.get("text", ""))
                                  for m in raw["markets"]["markets"]}),
        recruits=MappingProxyType({r["id"]: Recruit(r["id"], r["name"], r["faction"], r["automa_excluded"], r["pool"],
                                                    r["effect"], _frozen(r["params"]), r["text"])
                                   for r in raw["recruits"]["recruits"]}),
        artifact_types=tuple(t["id"] for t in art["types"]),
        artifact_names=_frozen({t["id"]: t["name"] for t in art["types"]}),
        artifact_copies=art["copies"],
        bazaar_costs=tuple(slot["cost"].get("commodity", 0) for slot in art["bazaar_slots"]),
        artmarket_any=art["artmarket_payment"]["any"], artmarket_identical=art["artmarket_payment"]["identical"],
        automa_cards=MappingProxyType({c["id"]: AutomaCard(**c) for c in raw["automa"]["cards"]}),
        automa=_frozen({k: v for k, v in raw["automa"].items() if k != "cards" and k not in MARK_KEYS}),
        c=_frozen(consts),
    )
    validate(content)
    return content


def validate(c: Content) -> None:
    """Check the invariants across the built records (raises ``ContentError``)."""
    goods = set(c.c["commodities"]) | set(c.c["resources"])
    generic = {"commodity", "nonbliss", "resource", "artifact"}
    cost_words = goods | generic | set(c.artifact_types)
    for space in c.spaces.values():
        if not set(space.cost) <= cost_words:
            raise ContentError(f"board.json: space {space.id} has an unknown cost {dict(space.cost)}")
    for market in c.markets.values():
        if not set(market.cost) <= cost_words:
            raise ContentError(f"markets.json: market {market.id} has an unknown cost {dict(market.cost)}")
    excluded = sum(1 for r in c.recruits.values() if r.automa_excluded)
    check_count("recruits.json", "recruits with automa_excluded", excluded, 8, "line 143")
    if len(c.bazaar_costs) != c.c["bazaar_size"] or c.bazaar_costs[-1] != 0:
        raise ContentError("artifacts.json: bazaar_slots must be constants.json bazaar_size slots, the rightmost free")
    colours = {card.colour for card in c.automa_cards.values()}
    for level in c.automa["levels"]:
        for colour in colours:
            have = sum(1 for card in c.automa_cards.values() if card.colour == colour)
            need = level["deck"].get(colour, 0) + c.automa["reinforcement_piles"] * level["pile"].get(colour, 0)
            if need > have:
                raise ContentError(f"automa.json: level {level['level']} needs {need} {colour} cards, only {have}")
