"""A simple purposeful bot for part 1: draw and program MOVE/MINE/CONNECT, travel to a Delivery Base when a
ship waits above it with cargo to take, otherwise mine near AlphaBot, keep cards when it can, and load the
most valuable units. Deterministic per state."""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Action, Game

from .delivery import limit, loadable
from .planet import destinations, others_at, tile_index
from .status import alphabot_index
from .stress import player
from .tanks import holdings

PREFERENCE = ("MOVE", "MINE", "CONNECT")
MIN_WORTH = 4
"""A delivery is made when its VP exceed the stress it costs by this much."""
LOW_SHIELDS = 6
SUB_ORDER = ("deliver", "produce", "hatch", "core", "extract", "move", "attack")


def _draw(g: Game, seat: int, legal: list[Action]) -> Action:
    hand = [g.data.cards[c]["type"] for c in g.g["hands"][str(seat)]]
    draws = [a for a in legal if a.verb == "draw" and a.args[0] in PREFERENCE]
    if draws:
        return min(draws, key=lambda a: (hand.count(a.args[0]), PREFERENCE.index(a.args[0])))
    return next(a for a in legal if a.verb == "done")


def _program(g: Game, seat: int, legal: list[Action]) -> Action:
    slots = [a for a in legal if a.verb == "slot" and g.data.cards[a.args[0]]["type"] in PREFERENCE]
    if not slots:
        return next(a for a in legal if a.verb == "lock")
    return min(slots, key=lambda a: (PREFERENCE.index(g.data.cards[a.args[0]]["type"]),
                                     not g.data.cards[a.args[0]]["free_boost"]))


def _turn(g: Game, seat: int, legal: list[Action]) -> Action:
    return next((a for a in legal if a.verb == "reveal"), legal[-1])


def _subaction(g: Game, seat: int, legal: list[Action]) -> Action:
    boost_rank = {"free": 0, "none": 1, "inside": 2, "track": 3}
    return min(legal, key=lambda a: (SUB_ORDER.index(a.args[0]), boost_rank[a.args[1]]))


def cargo_value(g: Game, seat: int, ship: str) -> int:
    """VP the BetaBot could load for ``ship``, best units first, up to the load."""
    held = holdings(player(g, seat))
    objective = g.data.objectives[g.g["ships"][ship]["objective"]]
    values = sorted((objective["vp"].get(code, 0) for code in loadable(g, seat, ship)
                     for _ in range(held.get(code, 0))), reverse=True)
    return sum(values[:objective["load"]])


def can_manual(g: Game, seat: int) -> bool:
    """The BetaBot's next programmed card is a CONNECT it can boost (a Manual Delivery needs the boost)."""
    p, cards = player(g, seat), g.g["programmed"][str(seat)]
    if not cards or g.data.cards[cards[0]]["type"] != "CONNECT":
        return False
    return g.data.cards[cards[0]]["free_boost"] or p["inside"] == "bSi"


def worth(g: Game, seat: int, ship: str, sector: str, arrival: int) -> float:
    """Cargo VP minus the stress the delivery costs the BetaBot, plus a little for stress it gives others."""
    row = g.data["boards"]["delivery_board"]["post_delivery_stress"]["multiplayer"][ship][sector]
    own = arrival + (row["n"] if row["targets"] in ("self", "all") else 0)
    others = row["n"] if row["targets"] in ("others", "all") else 0
    return cargo_value(g, seat, ship) - own + 0.5 * others


def delivery_targets(g: Game, seat: int) -> dict[str, float]:
    """Delivery Bases above which a ship waits now, worth going to, with what the delivery is worth."""
    p, out = player(g, seat), {}
    if p["markers"] < 1 or len(p["track"]) < 2 or p["shields"] < 1:
        return out
    arrival = g.data["boards"]["delivery_board"]["base_arrival_stress"]
    for ship, state in g.g["ships"].items():
        if state["left"] or not state["demands"]:
            continue
        for sector, pos in g.data.ships[ship]["reception"].items():
            if state["pos"] != pos or p["cargo"][sector] is not None:
                continue
            bases = {"DBA": arrival["automatic"]} | ({"DBM": arrival["manual"]} if can_manual(g, seat) else {})
            for base, cost in bases.items():
                value = worth(g, seat, ship, sector, cost)
                if p["stress"] + cost <= limit(g, ship, sector) and value >= MIN_WORTH:
                    out[f"{base}_{sector}"] = max(value, out.get(f"{base}_{sector}", 0))
    return out


def _move(g: Game, seat: int, legal: list[Action]) -> Action:
    goes = [a for a in legal if a.verb == "go"]
    if not goes:
        return legal[0]
    reach = destinations(g, seat, 99)
    targets = delivery_targets(g, seat)
    ab_index = alphabot_index(g)
    p = player(g, seat)

    def score(a: Action) -> float:
        node = a.args[0]
        square = a.args[1] if len(a.args) > 1 else None
        shields = reach.get((node, square), (0, 0))[0]
        info = g.data.nodes[node]
        value = -3.0 * shields - 2.0 * max(0, tile_index(g, node) - ab_index)
        if p["ai"] == "comp" and info["kind"] in ("core", "tunnel", "ep_vault") and others_at(g, seat, node):
            value -= 3  # an encounter costs a Competitive AI a shield
        if node in targets:
            value += 100 + targets[node]
        elif info["kind"] == "delivery_base":
            value -= 6
        elif info["kind"] == "ep_vault" and g.data.vaults[g.g["vaults"][node]["tile"]]["kind"] == "extract":
            value += 4 + yield_worth(g, node)
        elif info["kind"] == "ep_vault" and g.g["vaults"][node]["tile"] == "06" and p["shields"] <= LOW_SHIELDS:
            value += 20
        elif info["kind"] == "main_vault" and square:
            value += 4
        return value

    return max(goes, key=lambda a: (score(a), str(a)))


def yield_worth(g: Game, node: str) -> float:
    """VP the vault's current yield would be worth on the ships still waiting (best ship per resource)."""
    state = g.g["vaults"][node]
    tile = g.data.vaults[state["tile"]]
    gains = tile["side_a" if state["side"] == "A" else "side_b"]["yield"][g.g["pressure"]]
    best: dict[str, int] = {}
    for info in g.g["ships"].values():
        if info["left"] or not info["demands"]:
            continue
        for code, vp in g.data.objectives[info["objective"]]["vp"].items():
            best[code] = max(best.get(code, 0), vp)
    return float(sum(best.get(res, 0) * n for res, n in gains.items()))


def _maintain(g: Game, seat: int, legal: list[Action]) -> Action:
    for verb in ("replicate", "combine", "prepare"):
        found = [a for a in legal if a.verb == verb]
        if found:
            return found[0]
    return next(a for a in legal if a.verb == "next")


def _deliver(g: Game, seat: int, legal: list[Action]) -> Action:
    ships = [a for a in legal if a.verb == "ship"]
    if ships:
        return max(ships, key=lambda a: cargo_value(g, seat, str(a.args[0])))
    loads = [a for a in legal if a.verb == "load"]
    if loads:
        vp = g.data.objectives[g.g["ships"][g.frame["ship"]]["objective"]]["vp"]
        batteries = g.data["vaults"]["resources"]["batteries"]
        return max(loads, key=lambda a: vp.get(a.args[0], vp.get("battery", 0) if a.args[0] in batteries else 0)
                   - (0.5 if a.args[0] in batteries else 0))
    return next((a for a in legal if a.verb == "done"), legal[0])


def _first_of(*verbs: str) -> Callable[[Game, int, list[Action]], Action]:
    def pick(g: Game, seat: int, legal: list[Action]) -> Action:
        for verb in verbs:
            found = [a for a in legal if a.verb == verb]
            if found:
                return found[0]
        return legal[0]
    return pick


PICKERS: dict[str, Callable[[Game, int, list[Action]], Action]] = {
    "draw": _draw, "program": _program, "turn": _turn, "subaction": _subaction, "move": _move,
    "deliver": _deliver, "place": _first_of("auto"), "keep": _first_of("keep", "discard"),
    "maintain": _maintain, "buy": _first_of("buy", "done"),
    "encounter": _first_of("extract", "produce", "skip"), "ai_choice": _first_of("ai"),
    "core_produce": _first_of("tile", "shift"),
}


def choose(g: Game, seat: int, legal: list[Action]) -> Action:
    """The bot's action at the current prompt."""
    picker = PICKERS.get(g.frame["step"])
    return picker(g, seat, legal) if picker else legal[0]
