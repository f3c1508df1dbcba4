"""The stress track, damage and repairs (SB-STRESS-01..09, SB-SHIELD-01..08, SB-SHIELD-09 lives in scoring).

Stress is an integer ≥ 0; markers push each other on spaces 1–39 where they land (SB-STRESS-02), 0 and 40
are shared. At 40 further stress costs shields; with no shields left it climbs above 40, where only markers
above 40 push each other (SB-STRESS-04/05). Damage moves the Shield Marker one space at a time and drops
the batteries beyond each shared space it steps onto (SB-SHIELD-02..04).
"""

from __future__ import annotations

from typing import Any

from engines.core import Game

from .batteries import update_ai
from .item_cards import once
from .robots import DELTA, called, is_delta
from .sheets import EXTRA, MAIN, shared_spaces, shield_max

TOP = 40
"""The last space of the stress track (boards.json stress_track.max; checked in Content)."""


def player(g: Game, seat: int) -> dict[str, Any]:
    """One BetaBot's board."""
    return g.g["players"][str(seat)]


def _occupant(g: Game, value: int, above: bool, skip: int) -> int | None:
    """The seat whose marker stands on ``value`` (markers above 40 only meet each other), if any."""
    for seat in g.g["order"]:
        s = player(g, seat)["stress"]
        if seat != skip and s == value and (s > TOP) == above:
            return seat
    return None


def _land(g: Game, seat: int, direction: int) -> None:
    """Push the chain from where ``seat``'s marker just landed (SB-STRESS-02, SB-STRESS-05)."""
    value = player(g, seat)["stress"]
    mover = seat
    while True:
        above = value > TOP
        if not above and value in (0, TOP):
            return  # shared spaces end a chain
        other = _occupant(g, value, above, mover)
        if other is None:
            return
        value = max(0, value + direction)
        if not above and direction > 0:
            value = min(value, TOP)
        if above and value <= TOP:
            value = TOP + 1 if direction > 0 else TOP
        player(g, other)["stress"] = value
        mover = other


def change_stress(g: Game, seat: int, delta: int) -> None:
    """Apply a stress change with its pushes; never below 0, and the 40 rules (SB-STRESS-02..08)."""
    if delta == 0 or exploded(g, seat):
        return
    p = player(g, seat)
    if delta > 0 and "ext" in p and once(g, seat, "reduce_stress_gain_once_per_round"):
        delta -= 1  # Stress Dampener (version 3 items, spec 4.12 AD-X2)
        if delta == 0:
            return
    if delta < 0:
        p["stress"] = max(0, p["stress"] + delta)  # SB-STRESS-03
        _land(g, seat, -1)
        return
    gain = delta
    if p["stress"] < TOP:
        step = min(gain, TOP - p["stress"])
        p["stress"] += step
        gain -= step
    while gain > 0 and p["shields"] > 0:  # SB-STRESS-04: at 40 each point costs a shield
        lose_one_shield(g, seat)
        gain -= 1
    p["stress"] += gain  # SB-STRESS-05: above 40 with no shields
    _land(g, seat, 1)
    if is_delta(g, seat) and p["stress"] >= g.data["deltabot"]["explosion"]["stress_at_or_above"]:
        explode(g)  # SB-SOLO-19
    elif is_delta(g, DELTA) and not exploded(g, DELTA) and player(g, DELTA)["stress"] >= \
            g.data["deltabot"]["explosion"]["stress_at_or_above"]:
        explode(g)  # BetaBot's marker pushed DeltaBot's up to 15 (AMB-48)


def lose_one_shield(g: Game, seat: int) -> None:
    """One step of the Shield Marker to the right, with the interlace (SB-SHIELD-02..04)."""
    p = player(g, seat)
    x = p["shields"]
    if is_delta(g, seat) and x == 0:
        explode(g)  # SB-SOLO-19: on the lowest space and must lose a shield
        return
    if x in shared_spaces(g, p) and len(p["track"]) >= x and p["track"][x - 1] == "bTi":
        p["track"].pop(x - 1)  # SB-SHIELD-04: the bTi lying on the marker absorbs the hit
        update_ai(g, p)
        return
    p["shields"] = x - 1
    if p["shields"] in shared_spaces(g, p):
        del p["track"][p["shields"]:]  # SB-SHIELD-03: batteries beyond the shared space are lost
    update_ai(g, p)  # SB-SHIELD-05
    turn_tiles(g, seat)


def damage(g: Game, seat: int, n: int) -> None:
    """``n`` damage points; with no shields each adds 1 stress instead (SB-SHIELD-07, SB-STRESS-08)."""
    for _ in range(n):
        if exploded(g, seat):
            return
        if player(g, seat)["shields"] > 0 or is_delta(g, seat):
            lose_one_shield(g, seat)
        else:
            change_stress(g, seat, 1)


def repair(g: Game, seat: int, n: int) -> None:
    """``n`` repairs: +1 shield each up to the leftmost space, or −1 stress while above 40 (SB-SHIELD-08,
    SB-STRESS-06)."""
    if exploded(g, seat):
        return
    top = shield_max(g, player(g, seat))
    for _ in range(n):
        p = player(g, seat)
        if p["stress"] > TOP:
            change_stress(g, seat, -1)
        elif p["shields"] < top:
            p["shields"] += 1
            turn_tiles(g, seat)


def everyone(g: Game, delta: int, skip: int | None = None, only: int | None = None) -> None:
    """A stress change for every BetaBot in turn order (SB-BASIC-03); ``skip`` one or ``only`` one."""
    for seat in list(g.g["order"]):
        if seat != skip and (only is None or seat == only):
            change_stress(g, seat, delta)


def exploded(g: Game, robot: int) -> bool:
    """Is ``robot`` DeltaBot's wreck (SB-SOLO-19)?"""
    return is_delta(g, robot) and bool(player(g, robot).get("exploded"))


def explode(g: Game) -> None:
    """DeltaBot explodes (SB-SOLO-19): its marker leaves play, your BetaBot gains 10 stress, the figure and
    Mini stay as a wreck, its resources and batteries go to the supply (its Delivery Marker stays), its AI
    tile and additional tiles leave play; the cards in its slots are discarded."""
    d = player(g, DELTA)
    if d.get("exploded"):
        return
    d.update(exploded=True, status="destroyed", track=[], inside=None, ai=None, tiles=None, shields=0,
             producer=[None] * len(d["producer"]))
    d["tanks"] = {t: {} for t in d["tanks"] if t == MAIN}  # the additional tank tile leaves play
    for card in g.g["programmed"][str(DELTA)]:
        g.g["discards"][g.data.cards[card]["type"]].append(card)
    g.g["programmed"][str(DELTA)] = []
    g.g["order"] = [r for r in g.g["order"] if r != DELTA]
    g.g["last_turn"] = 0 if g.g.get("last_turn") == DELTA else g.g.get("last_turn")
    g.log(f"{called(g, DELTA)} explodes! Its wreck stays where it stood; your BetaBot gains "
          f"{g.data['deltabot']['explosion']['betabot_stress']} stress.")
    change_stress(g, 0, g.data["deltabot"]["explosion"]["betabot_stress"])


KEEP_ORDER = ("Bm", "Ex", "Ti", "Si", "C", "Gas", "Acid", "Lv")
"""What DeltaBot's additional tank keeps first when it shrinks (the rulebook lets the player choose; the
engine keeps the most useful units that fit)."""


def turn_tiles(g: Game, robot: int) -> None:
    """DeltaBot's additional tiles turn with its Shield Marker (SB-SOLO-18): battery tile to B at "2B" (4
    shields) and back to A at 6; tank tile to side 2 at "2B" and back to side 1 at MAX (7). Resources that no
    longer fit the smaller tank go to the supply."""
    if not is_delta(g, robot) or exploded(g, robot):
        return
    p, track = player(g, robot), g.data["deltabot"]["shield_track"]
    tiles, shields = p["tiles"], p["shields"]
    if shields == track["battery_tile_to_b_at"]:
        tiles["battery"] = "B"
    elif shields >= track["battery_tile_to_a_at"]:
        tiles["battery"] = "A"
    if shields == track["tank_tile_to_2_at"] and tiles["tank"] != "2":
        tiles["tank"] = "2"
        contents, room = p["tanks"][EXTRA], g.data["deltabot"]["additional_tank"]["sides"]["2"]
        size = g.data["boards"]["player_board"]["square_size"]
        kept: dict[str, int] = {}
        lost: list[str] = []
        for res in sorted(contents, key=lambda r: KEEP_ORDER.index(r) if r in KEEP_ORDER else len(KEEP_ORDER)):
            for _ in range(contents[res]):
                if sum(n * size.get(r, 1) for r, n in kept.items()) + size.get(res, 1) <= room:
                    kept[res] = kept.get(res, 0) + 1
                else:
                    lost.append(res)
        p["tanks"][EXTRA] = kept
        if lost:
            g.log(f"{called(g, robot)}'s additional tank turns to its small side: "
                  + ", ".join(g.data.res_name(r) for r in lost) + " go to the supply.")
    elif shields >= track["tank_tile_to_1_at"]:
        tiles["tank"] = "1"
