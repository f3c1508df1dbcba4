"""Game setup by player count (SB-SETUP-01..37, the part-1 components; threats and items come in part 2).

Everything random goes through ``g.rng`` from sorted ids, so a seed and the options fix the game.
"""

from __future__ import annotations

from typing import Any

from engines.core import Game

from . import advanced_items, alpha_items, elite, threats
from .content import CARD_TYPES, SHIPS
from .robots import DELTA, is_delta, robots, solo
from .sheets import EXTRA, MAIN


def shuffled(g: Game, items: list[str]) -> list[str]:
    """A new list: ``items`` sorted by id, then shuffled with the game's PRNG (spec 6.4)."""
    out = sorted(items)
    g.rng.shuffle(out)
    return out


def layout(g: Game) -> dict[str, dict[str, str]]:
    """Section tiles per sector: random, or the first-game picture (SB-SETUP-07)."""
    planet = g.data["planet"]
    if g.options["first_game_layout"]:
        fixed = planet["first_game_layout"]
        return {"mantle": dict(fixed["mantle"]), "crust": dict(fixed["crust"])}
    sectors = [s["id"] for s in planet["sectors"]]
    out: dict[str, dict[str, str]] = {}
    for ring in ("mantle", "crust"):
        tiles = shuffled(g, [t["id"] for t in planet["section_tiles"] if t["ring"] == ring])
        out[ring] = dict(zip(sectors, tiles, strict=True))
    return out


def vault_tiles(g: Game, tiles: dict[str, dict[str, str]]) -> dict[str, dict[str, Any]]:
    """Each E/P Vault node with the vault tile its section tile prints there (spec 4.1.2)."""
    by_id = {t["id"]: t for t in g.data["planet"]["section_tiles"]}
    out = {}
    for node, info in g.data.nodes.items():
        if info["kind"] != "ep_vault":
            continue
        section = by_id[tiles[info["ring"]][info["sector"]]]
        out[node] = {"tile": section["ep_slots"][info["slot"]], "side": "A", "res": {}}
    return out


def event_deck(g: Game) -> list[str]:
    """Regular cards for N shuffled, the 3 Starting cards shuffled on top unless removed (SB-SETUP-02)."""
    cards = g.data.events.values()
    regular = [c["id"] for c in cards if not c["start"] and g.seats in c["players"]]
    start = [] if g.options["random_start_events"] else [c["id"] for c in cards if c["start"]]
    return shuffled(g, start) + shuffled(g, regular)


def ships(g: Game) -> dict[str, dict[str, Any]]:
    """Ships off-track with their Main Objective and Demand pile, highest number on top (SB-SETUP-14/15)."""
    out = {}
    for ship in SHIPS:
        mains = [o["id"] for o in g.data.objectives.values() if o["ship"] == ship]
        if g.options["first_game_layout"]:
            objective = next(o for o in mains if g.data.objectives[o]["first_game"])
        else:
            objective = g.rng.choice(sorted(mains))
        demands = sorted((d for d in g.data["demands"]["cards"] if d["ship"] == ship and d["number"] <= g.seats),
                         key=lambda d: -d["number"])
        out[ship] = {"pos": 0, "left": False, "demands": [d["id"] for d in demands], "objective": objective}
    return out


def hatch(g: Game) -> dict[str, Any]:
    """Shuffle the 10 tokens, remove 4 unseen, open the next on MV1, keep 5 as the pile (SB-SETUP-04)."""
    tokens = shuffled(g, list(g.data.hatches))
    removed = g.data["hatches"]["setup"]["removed_unseen"]
    return {"token": tokens[removed], "closed": False, "pile": tokens[removed + 1:], "removed": tokens[:removed]}


def turn_order(g: Game) -> list[int]:
    """Seat order or random (SB-SETUP-24, AMB-50); solo: BetaBot first (the Solo Turn Order tile's "1" side
    up, SB-SOLO-01)."""
    seats = robots(g)
    if solo(g):
        return seats
    if g.options["turn_order"] == "random":
        g.rng.shuffle(seats)
    return seats


def start_location(g: Game, position: int, vaults: dict[str, dict[str, Any]]) -> str:
    """Where the Mini of the ``position``-th player (1-based) starts (SB-SETUP-26, AMB-45)."""
    starts = g.data["rules"]["setup"]["start_locations"]
    node = starts[str(position)]
    if position == 4 and vaults[starts["3"]]["tile"] == "02":
        node = starts["4_if_EPM_C_is_02"]
    return node


def board(g: Game, position: int, node: str) -> dict[str, Any]:
    """One BetaBot's starting board (SB-SETUP-25..36)."""
    s = g.data["rules"]["setup"]
    tanks = {t: {} for t in g.data.board_side(g.seats)["tanks"]}
    for tank, contents in s["start_tanks"][str(position)].items():
        tanks[tank] = dict(contents)
    producer: list[Any] = [list(x) for x in s["start_producer"]]
    producer += [None] * (g.data["boards"]["player_board"]["battery_producer"]["spaces"] - len(producer))
    return {
        "mini": node, "square": None, "stress": s["start_stress"], "shields": s["start_shields"],
        "tanks": tanks, "ds": dict(s["start_ds"]), "track": list(s["start_track"]),
        "inside": s["start_battery_inside"], "producer": producer, "ai": s["start_ai"],
        "ai_count": len(s["start_track"]),
        "cargo": {k: None for k in g.data["boards"]["player_board"]["cargo_cards"]},
        "markers": g.data["boards"]["player_board"]["delivery_markers"], "spots": [], "slot": 0,
    }


def delta_board(g: Game) -> dict[str, Any]:
    """DeltaBot's starting board (SB-SOLO-04, spec 4.22): on the Core with a bC inside, main tank 1 C 1 Ti
    1 Si, shields on MAX, track bC bTi, producer Bm+Si, AI tile Competitive, tiles on side 1 and A."""
    d = g.data["deltabot"]
    s = d["setup"]
    producer: list[Any] = [list(x) for x in s["producer"]]
    producer += [None] * (d["battery_producer"]["spaces"] - len(producer))
    return {
        "delta": True, "mini": s["location"], "square": None, "stress": s["stress"],
        "shields": d["shield_track"]["start"], "tanks": {MAIN: dict(s["main_tank"]), EXTRA: {}}, "ds": {},
        "track": list(s["track"]), "inside": s["battery_inside"], "producer": producer, "ai": d["ai_tile"]["start"],
        "ai_count": len(s["track"]), "markers": s["delivery_markers"], "spots": [], "slot": 0,
        "tiles": {"tank": d["additional_tank"]["start"], "battery": d["additional_battery_tile"]["start"]},
        "status": "normal", "exploded": False, "salvaged": False, "unlocked": [], "delivered": 0,
    }


def solo_cards(g: Game) -> dict[str, Any]:
    """The solo Action decks (7 basic cards and 1 free-boost card each; 6 and 1 with ``solo_hard``,
    SB-SOLO-03)."""
    mark = "solo_hard" if g.options["solo_hard"] else "solo"
    return {t: shuffled(g, [c for c, card in g.data.cards.items() if card["type"] == t and card[mark]])
            for t in CARD_TYPES}


def start(g: Game) -> None:
    """Fill ``g.g`` for a new game; the caller opens round 1."""
    tiles = layout(g)
    vaults = vault_tiles(g, tiles)
    order = turn_order(g)
    lava = g.data["vaults"]["core"]["side_a"]["lava_setup"][str(g.seats)]
    tunnels = {t["node"]: {"side": "A", "queue": list(t["queue"])} for t in g.data["planet"]["tunnels"]
               if g.seats in t["players"]}
    kind = "solo_secondary" if solo(g) else "secondary"  # SB-SOLO-01: 1 random Solo Secondary Objective
    secondary = shuffled(g, [o["id"] for o in g.data["objectives"][kind] if g.seats in o["players"]])
    a = g.data["rules"]["setup"]["alphabot"]
    g.g.update({
        "round": 0, "phase": "events", "order": order, "pressure": g.data["vaults"]["pressure"]["start"],
        "core": {"side": "A", "dial": g.data["planet"]["core_dial"]["start_rotation"], "lava": lava},
        "layout": tiles, "vaults": vaults, "tunnels": tunnels,
        "padlocks": sorted(p["id"] for p in g.data["planet"]["padlocks"]
                           if g.seats in p["players"] and p.get("edge")),
        "ships": ships(g), "events": {"deck": event_deck(g), "discard": [], "last": None},
        "decks": solo_cards(g) if solo(g) else {
            t: shuffled(g, [c for c, card in g.data.cards.items() if card["type"] == t]) for t in CARD_TYPES},
        "discards": {t: [] for t in CARD_TYPES}, "tops": {t: None for t in CARD_TYPES},
        "hands": {str(s): [] for s in range(g.seats)}, "programmed": {str(s): [] for s in robots(g)},
        "secondary": {str(s): secondary[i] for i, s in enumerate(range(g.seats))},
        "common_tank": {},
        "alphabot": {"mv": int(a["main_vault"].removeprefix("MV")), "square": a["square"],
                     "direction": a["direction"], "shields": a["shield_ti"], "ai": a["ai_marker"], "tank": {}},
        "standard": {"deck": shuffled(g, list(g.data.standard_ai)), "discard": []},
        "hatch": hatch(g),
        "players": {str(seat): board(g, i + 1, start_location(g, i + 1, vaults))
                    for i, seat in enumerate(order) if not is_delta(g, seat)},
        "ended": False, "ai_pending": [],
    })
    if solo(g):
        g.g["players"][str(DELTA)] = delta_board(g)
        finals = shuffled(g, [o["id"] for o in g.data["objectives"]["solo_final"]])
        g.g["solo"] = {"final": finals[0]}
    if threats.on(g):
        threats.start(g)  # rules version 2: the threats (after every version-1 draw, so v1 stays exact)
    if threats.full(g):
        elite.start(g)  # rules version 3: the Elite (SB-SETUP-17..19)
        advanced_items.start(g)  # rules version 3: the items (after every version-2 draw)
        alpha_items.start(g)  # rules version 3: AlphaBot's battery tracks and item server (SB-SETUP-11/12)
