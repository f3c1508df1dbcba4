"""Tanks, the Dangerous Substances tank, gains and liquefaction (SB-BASIC-05..10, SB-P4-MAINT-05..08).

Capacity is counted in squares (C/Ti/Si 1, Lv 2, Bm/Ex 4); Gas and Acid live only in the DS tank. Lava
sharing a numbered tank with C, Ti, Si or Bm liquefies it at once (SB-BASIC-10); Lava that does not fit
goes to the supply (AMB-26).
"""

from __future__ import annotations

from typing import Any

from engines.core import Game

from .sheets import MAIN, holds_anything, is_delta_board, sheet

LIQUEFIABLE = ("C", "Ti", "Si", "Bm")
"""What Lava turns into Lava (Exomatter never liquefies, SB-BASIC-10)."""


def squares(g: Game) -> dict[str, int]:
    """Squares one unit of each resource fills (SB-BASIC-07)."""
    return g.data["boards"]["player_board"]["square_size"]


def capacity(g: Game, p: dict[str, Any], tank: str) -> int:
    """Squares of numbered tank ``tank`` of ``p``'s board (its player-count side, or DeltaBot's)."""
    return sheet(g, p)["tanks"][tank]


def ds_capacity(g: Game, p: dict[str, Any]) -> int:
    """Units the Dangerous Substances tank holds (SB-BASIC-08; DeltaBot has none)."""
    return sheet(g, p)["ds_tank"]


def dangerous(g: Game) -> list[str]:
    """Gas and Acid: the DS tank's resources."""
    return g.data["vaults"]["resources"]["dangerous"]


def used(g: Game, contents: dict[str, int]) -> int:
    """Squares a numbered tank's contents fill."""
    size = squares(g)
    gas_acid = g.data["deltabot"]["main_tank"]["gas_acid_square"]  # only DeltaBot's main tank holds them
    return sum(n * size.get(r, gas_acid) for r, n in contents.items())


def room(g: Game, p: dict[str, Any], tank: str, res: str) -> int:
    """How many units of ``res`` still fit into numbered tank ``tank``."""
    if res in dangerous(g):
        if not holds_anything(p, tank):
            return 0
        return capacity(g, p, tank) - used(g, p["tanks"][tank])  # SB-SOLO: DeltaBot's main tank, 1 square each
    return (capacity(g, p, tank) - used(g, p["tanks"][tank])) // squares(g)[res]


def ds_room(g: Game, p: dict[str, Any]) -> int:
    """Units still free in the DS tank."""
    return ds_capacity(g, p) - sum(p["ds"].values())


def add(contents: dict[str, int], res: str, n: int) -> None:
    """Put ``n`` units into a tank's contents (dropping zero entries)."""
    value = contents.get(res, 0) + n
    if value > 0:
        contents[res] = value
    else:
        contents.pop(res, None)


def liquefy(g: Game, p: dict[str, Any], tank: str) -> int:
    """Liquefy one numbered tank if Lava shares it with C/Ti/Si/Bm (SB-P4-MAINT-06/07); Lava made."""
    contents = p["tanks"][tank]
    mixed = sum(contents.get(r, 0) for r in LIQUEFIABLE)
    if not contents.get("Lv") or not mixed:
        return 0
    for r in LIQUEFIABLE:
        contents.pop(r, None)
    made = mixed + 1
    add(contents, "Lv", made)
    while used(g, contents) > capacity(g, p, tank):
        add(contents, "Lv", -1)  # AMB-26: what does not fit goes to the supply
    return made


def put(g: Game, p: dict[str, Any], tank: str, res: str, n: int = 1) -> None:
    """Put ``n`` units into a tank (``"ds"`` for the DS tank), liquefying at once."""
    if tank == "ds":
        add(p["ds"], res, n)
        return
    add(p["tanks"][tank], res, n)
    liquefy(g, p, tank)


def lava_free(contents: dict[str, int]) -> bool:
    return not contents.get("Lv")


def auto_tank(g: Game, p: dict[str, Any], res: str, slot: str | None) -> str | None:
    """Where the auto-placer puts one unit (spec 6.5), or None when it would not fit or would liquefy."""
    if res in dangerous(g):
        if is_delta_board(p):
            return MAIN if room(g, p, MAIN, res) > 0 else None
        return "ds" if ds_room(g, p) > 0 else None
    tanks = sorted(p["tanks"], key=int)
    if res == "Lv":
        for tank in reversed(tanks):
            contents = p["tanks"][tank]
            if set(contents) <= {"Lv"} and room(g, p, tank, res) > 0:
                return tank
        return None
    choices = ([slot] if slot in p["tanks"] else []) + tanks
    for tank in choices:
        if lava_free(p["tanks"][tank]) and room(g, p, tank, res) > 0:
            return tank
    return None


def gain(g: Game, p: dict[str, Any], gains: dict[str, int], slot: str | None = None) -> dict[str, int]:
    """Take ``gains`` with the auto-placer; what does not fit goes back to the supply (SB-BASIC-06).
    Returns what was kept."""
    kept: dict[str, int] = {}
    for res, n in gains.items():
        for _ in range(n):
            tank = auto_tank(g, p, res, slot)
            if tank is None:
                break
            put(g, p, tank, res)
            kept[res] = kept.get(res, 0) + 1
    return kept


def holdings(p: dict[str, Any]) -> dict[str, int]:
    """Every resource a BetaBot holds in its tanks (numbered and DS)."""
    total: dict[str, int] = {}
    for contents in [*p["tanks"].values(), p["ds"]]:
        for res, n in contents.items():
            total[res] = total.get(res, 0) + n
    return total


def take_one(p: dict[str, Any], res: str) -> bool:
    """Pay one unit of ``res`` from the lowest tank holding it (or the DS tank); False if none."""
    if p["ds"].get(res):
        add(p["ds"], res, -1)
        return True
    for tank in sorted(p["tanks"], key=int):
        if p["tanks"][tank].get(res):
            add(p["tanks"][tank], res, -1)
            return True
    return False


def can_pay_from(contents: dict[str, int], cost: dict[str, int]) -> bool:
    """One tank holds the whole cost."""
    return all(contents.get(r, 0) >= n for r, n in cost.items())


def pay_from(contents: dict[str, int], cost: dict[str, int]) -> None:
    for r, n in cost.items():
        add(contents, r, -n)


def solidify(g: Game, p: dict[str, Any]) -> None:
    """Every numbered tank with ≥2 Lava turns it into floor(n/2) Betamatter (SB-P4-MAINT-08)."""
    per = g.data["rules"]["maintenance"]["solidify_lava_per_bm"]
    for contents in p["tanks"].values():
        lava = contents.get("Lv", 0)
        if lava >= per:
            contents.pop("Lv")
            add(contents, "Bm", lava // per)


def alphabot_add(g: Game, gains: dict[str, int]) -> None:
    """Gains into AlphaBot's tank within its limits (SB-BASIC-11, AMB-11)."""
    limits = g.data["alphabot"]["tank_limits"]
    tank = g.g["alphabot"]["tank"]
    for res, n in gains.items():
        limit = limits.get(res)
        value = tank.get(res, 0) + n
        tank[res] = value if limit is None else min(limit, value)
