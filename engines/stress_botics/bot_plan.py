"""The bot's look-ahead for deliveries: which Delivery Bases pay off this round (a ship waits above them
now) or soon (a ship is one or two spaces before its reception space), how far they are, and the program
that gets the BetaBot there in time. Pure functions of the state (no randomness)."""

from __future__ import annotations

from collections import deque

from engines.core import Game

from . import bot_hull
from .batteries import movement_points, slots
from .delivery import limit, loadable
from .objectives import secondary_card
from .planet import neighbours
from .robots import cargo_of
from .stress import player
from .tanks import holdings

MIN_WORTH = 4
"""A delivery is made when its VP exceed the stress it costs by this much."""
BASES = {"automatic": "DBA", "manual": "DBM"}


def cargo_value(g: Game, seat: int, ship: str) -> int:
    """VP the BetaBot could load for ``ship``, best units first, up to the load."""
    p = player(g, seat)
    held = holdings(p)
    objective = g.data.objectives[g.g["ships"][ship]["objective"]]
    vp = objective["vp"]
    values = [vp.get(code, 0) for code in loadable(g, seat, ship) if code in held for _ in range(held[code])]
    batteries = [vp.get(b, vp.get("battery", 0)) for b in loadable(g, seat, ship) if b in p["track"]]
    spare = max(0, len(p["track"]) - 2)  # keep 2 track batteries for later deliveries
    values += sorted(batteries, reverse=True)[:spare]
    return sum(sorted(values, reverse=True)[:objective["load"]])


def worth(g: Game, seat: int, ship: str, sector: str, arrival: int) -> float:
    """Cargo VP minus the stress the delivery costs the BetaBot, plus a little for stress it gives others."""
    row = g.data["boards"]["delivery_board"]["post_delivery_stress"]["multiplayer"][ship][sector]
    own = arrival + (row["n"] if row["targets"] in ("self", "all") else 0)
    others = row["n"] if row["targets"] in ("others", "all") else 0
    return cargo_value(g, seat, ship) - own + 0.5 * others + objective_bonus(g, seat, ship, sector)


def objective_bonus(g: Game, seat: int, ship: str, sector: str) -> float:
    """VP the delivery adds on the BetaBot's own Secondary Objective card (first delivery of its kind)."""
    card = secondary_card(g, seat)
    p = player(g, seat)
    done = [c for c in cargo_of(g, seat).values() if isinstance(c, dict)]
    ships = {c["ship"] for c in done}
    newly = {
        "DELIVERED_TO": lambda q: q["ship"] == ship and ship not in ships,
        "DELIVERED_IN_SECTOR": lambda q: q["sector"] == sector,
        "RESOURCE_DELIVERIES": lambda q: len(done) + 1 == q["min"],
        "DISTINCT_SHIPS_DELIVERED": lambda q: ship not in ships and len(ships) + 1 == q["min"],
    }
    bonus = 0.0
    for side in ("a", "b"):
        pred = card[side]["pred"]
        if pred["pred"] in newly and newly[pred["pred"]](pred):
            bonus += card[side]["vp"]
        elif pred["pred"] == "STRESS" and p["stress"] <= pred["max"]:
            bonus -= card[side]["vp"] / 2  # a delivery's stress puts this one at risk
    return bonus


def may_deliver(g: Game, seat: int) -> bool:
    p = player(g, seat)
    return p["markers"] >= 1 and len(p["track"]) >= 2 and p["shields"] >= 1


def live_bases(g: Game, seat: int, manual: bool) -> dict[str, float]:
    """Delivery Bases above which a ship waits now, worth going to, with what the delivery is worth
    (manual bases only when ``manual``: the BetaBot has a boosted CONNECT to make the delivery)."""
    p, out = player(g, seat), {}
    if not may_deliver(g, seat):
        return out
    arrival = g.data["boards"]["delivery_board"]["base_arrival_stress"]
    for ship, state in g.g["ships"].items():
        if state["left"] or not state["demands"]:
            continue
        for sector, pos in g.data.ships[ship]["reception"].items():
            if state["pos"] != pos or cargo_of(g, seat)[sector] is not None:
                continue
            for base, prefix in BASES.items():
                if base == "manual" and not manual:
                    continue
                value = worth(g, seat, ship, sector, arrival[base])
                if p["stress"] + arrival[base] <= limit(g, ship, sector) and value >= MIN_WORTH:
                    node = f"{prefix}_{sector}"
                    out[node] = max(value, out.get(node, 0))
    out.update(bot_hull.alpha_bases(g, seat, manual))  # delivering AlphaBot (rules version 3)
    return out


def upcoming_sectors(g: Game, seat: int) -> dict[str, float]:
    """Sectors whose reception space a ship reaches in one or two spaces, and that the BetaBot could still
    use (its stress within the limit, its Cargo card free), weighted by closeness."""
    p, out = player(g, seat), {}
    if not may_deliver(g, seat):
        return out
    for ship, state in g.g["ships"].items():
        if state["left"] or not state["demands"]:
            continue
        for sector, pos in g.data.ships[ship]["reception"].items():
            ahead = pos - state["pos"]
            if ahead not in (1, 2) or cargo_of(g, seat)[sector] is not None:
                continue
            if p["stress"] + 2 > limit(g, ship, sector):
                continue
            weight = (1.0 if ahead == 1 else 0.6) * (1 + cargo_value(g, seat, ship) / 10)
            out[sector] = max(weight, out.get(sector, 0))
    for sector, weight in bot_hull.alpha_soon(g, seat).items():  # AlphaBot's delivery (rules version 3)
        out[sector] = max(weight, out.get(sector, 0))
    return out


def open_ships(g: Game, seat: int) -> list[str]:
    """Ships the BetaBot can still deliver to: a reception space still ahead (or under) the ship in a
    sector whose Cargo card is free, with its stress (+5 for the Automatic base) within that limit."""
    p, out = player(g, seat), []
    for ship, state in g.g["ships"].items():
        if state["left"] or not state["demands"]:
            continue
        for sector, pos in g.data.ships[ship]["reception"].items():
            if pos >= state["pos"] and cargo_of(g, seat)[sector] is None and p["stress"] + 5 <= limit(g, ship, sector):
                out.append(ship)
                break
    return out


def hops(g: Game, start: str) -> dict[str, int]:
    """MP from ``start`` to every location over the open edges (squares and shields ignored)."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there, _port, mp in neighbours(g, here):
            if there not in seen or seen[here] + mp < seen[there]:
                seen[there] = seen[here] + mp
                queue.append(there)
    return seen


def move_cards(g: Game, seat: int, cards: list[str]) -> list[str]:
    """The MOVE cards among ``cards``, free-boost ones (two moves) first."""
    moves = [c for c in cards if g.data.cards[c]["type"] == "MOVE"]
    return sorted(moves, key=lambda c: (not g.data.cards[c]["free_boost"], c))


def boostable_connect(g: Game, seat: int, cards: list[str]) -> str | None:
    """A CONNECT card the BetaBot can boost for a Manual Delivery (free boost, or a Si battery inside)."""
    p = player(g, seat)
    for c in sorted(cards):
        if g.data.cards[c]["type"] == "CONNECT" and (g.data.cards[c]["free_boost"] or p["inside"] == "bSi"):
            return c
    return None


def delivery_program(g: Game, seat: int, hand: list[str]) -> list[str]:
    """Cards to program first to reach a live Delivery Base and deliver this round ([] when none fits)."""
    p = player(g, seat)
    n = slots(g, p)
    connect = boostable_connect(g, seat, hand)
    live = live_bases(g, seat, manual=connect is not None)
    if not live:
        return []
    mp = movement_points(g, p)
    dist = hops(g, p["mini"])
    moves = move_cards(g, seat, hand)
    best: tuple[float, list[str]] | None = None
    for node, value in live.items():
        if node not in dist:
            continue
        need_moves = -(-dist[node] // mp) if dist[node] else 0
        program: list[str] = []
        covered = 0
        for card in moves:
            if covered >= need_moves:
                break
            program.append(card)
            covered += 2 if g.data.cards[card]["free_boost"] else 1
        if covered < need_moves:
            continue
        if node.startswith("DBM"):
            program.append(connect)  # type: ignore[arg-type]
        if len(program) > n or not program:
            continue
        score = value - len(program)
        if best is None or score > best[0]:
            best = (score, program)
    return best[1] if best else []
