"""The Cylindroids on the board (rules version 2): the bag, the belt, vault arrivals, Boxes and the combat squares
(SB-SETUP-16/17, SB-ALPHA-31); waves spawning and going back are :mod:`.waves`.

A Cylindroid is a short string: ``MIN``, ``LAS``, ``EXP`` (a disarmed Explosive) or ``EXP!`` (armed).
``g.cyl`` holds the Active Main Vault's combat squares, ``g.vaults[node].cylindroids`` an E/P Vault's,
``g.boxes`` the Boxes by square, ``g.belt`` the six wave segments (None = empty; the Elite's segment,
the 7th, holds the Elite: ``elite.py``). A version-1 state has none of these keys: every caller checks :func:`on` first.
"""

from __future__ import annotations

from typing import Any

from engines.core import Game

from .robots import robots
from .stress import player

ARMED = "EXP!"
"""An armed Explosive."""
COMBAT = ("A1", "B1", "A2", "B2")
"""The Main Vault squares Cylindroids stand on (SB-P5-CYL-02)."""
NAMES = {"MIN": "Miner", "LAS": "Laser", "EXP": "Explosive"}


def on(g: Game) -> bool:
    """Threats exist in this game: rules version 2 or later with the ``threats`` option (a v1 game goes on exactly
    as it was)."""
    return g.rules_version >= 2 and bool(g.options.get("threats"))


def full(g: Game) -> bool:
    """Part 2's later stages are in this game (rules version 3 with the ``threats`` option): items, INTERACT and
    AlphaBot's hull, tracks and delivery, and the Elite. A version-2 game keeps stage 3 alone, exactly as it was."""
    return g.rules_version >= 3 and on(g)


def kind(cyl: str) -> str:
    """``MIN``, ``LAS`` or ``EXP`` (armed or not)."""
    return cyl[:3]


def name(cyl: str) -> str:
    """A Cylindroid in game words."""
    return ("armed " if cyl == ARMED else "disarmed " if cyl == "EXP" else "") + NAMES[kind(cyl)]


def belt_side(g: Game) -> list[dict[str, Any]]:
    """The belt side for this player count, wave segments only (spec 4.20)."""
    data = g.data["cylindroids"]
    return [s for s in data["belt"][data["belt_side_for_players"][str(g.seats)]] if not s.get("elite")]


def draw_bag(g: Game, n: int) -> list[str]:
    """``n`` Cylindroids drawn at random from the bag (fewer if it runs out); Explosives disarmed."""
    out = []
    bag = g.g["bag"]
    for _ in range(n):
        pool = [k for k in sorted(bag) for _ in range(bag[k])]
        if not pool:
            break
        pick = g.rng.choice(pool)
        bag[pick] -= 1
        out.append(pick)
    return out


def to_bag(g: Game, cyls: list[str]) -> None:
    """Cylindroids back into the bag (armed ones are disarmed there)."""
    for cyl in cyls:
        g.g["bag"][kind(cyl)] += 1


def start(g: Game) -> None:
    """The bag, the belt with its waves and Boxes, the Aggressive AI deck, AlphaBot's tiles and every
    BetaBot's empty container (SB-SETUP-16/17, SB-SETUP-09, SB-ALPHA-04)."""
    g.g["bag"] = {t["id"]: t["count"] for t in g.data["cylindroids"]["types"]}
    g.g["belt"] = [{"cyl": draw_bag(g, seg["cylindroids"]), "boxes": seg["boxes"]} for seg in belt_side(g)]
    g.g["cyl"] = {sq: [] for sq in COMBAT}
    g.g["boxes"] = {}
    aggressive = sorted(c["id"] for c in g.data["alphabot"]["aggressive_ai"])
    g.rng.shuffle(aggressive)
    g.g["aggressive"] = {"deck": aggressive, "discard": []}
    g.g["alphabot"].update(control="A", server="A", hit=0)
    for seat in robots(g):
        player(g, seat)["container"] = []  # captured Cylindroid types (spec 4.18.5)
        player(g, seat)["captured_used"] = None


def alphabot_square(g: Game) -> str | None:
    return g.g["alphabot"]["square"] if g.g["alphabot"]["mv"] else None


def vault_target(g: Game, square: str, mv: int | None = None) -> str:
    """Where Cylindroids pushed on from A2/B2 go (spec 4.1.7)."""
    mv = mv or g.g["alphabot"]["mv"]
    row = next(r for r in g.data["planet"]["cylindroid_destinations"] if r["main_vault"] == f"MV{mv}")
    return row[square]


def into_vault(g: Game, node: str, cyls: list[str], overflow_to_bag: bool = True) -> list[str]:
    """Cylindroids arriving in an E/P Vault fill its room Miners first, then Explosives, then Lasers; the
    rest go back to the bag, or are returned for a Phase 5 move that stays (SB-P1-EVENT-19)."""
    state = g.g["vaults"][node]
    here = state.setdefault("cylindroids", [])
    free = g.data.vaults[state["tile"]].get("cylindroid_capacity", 0) - len(here)
    priority = g.data["cylindroids"]["vault_fill_priority"]
    rest = []
    for cyl in sorted(cyls, key=lambda c: priority.index(kind(c))):
        if free > 0:
            here.append(cyl)
            free -= 1
        else:
            rest.append(cyl)
    if rest and overflow_to_bag:
        to_bag(g, rest)
        return []
    return rest


def betabots_on(g: Game, square: str) -> list[int]:
    """BetaBots standing on a Main Vault square (not on top of AlphaBot, not in the hull), turn order."""
    node = f"MV{g.g['alphabot']['mv']}"
    return [s for s in g.g["order"] if player(g, s)["mini"] == node and player(g, s)["square"] == square]


def first_wave(g: Game) -> int | None:
    """The lowest-numbered segment holding a wave (SB-P1-EVENT-14)."""
    return next((i for i, seg in enumerate(g.g["belt"]) if seg is not None), None)


def vault_rows(g: Game) -> list[tuple[str, list[str]]]:
    """(location, its Cylindroids) in the Phase 5 order: A1, B1, A2, B2, then E/P Vaults by tile number
    (SB-P5-CYL-02)."""
    rows = [(sq, g.g["cyl"][sq]) for sq in COMBAT]
    vaults = sorted((v["tile"], node) for node, v in g.g["vaults"].items() if v.get("cylindroids"))
    return rows + [(node, g.g["vaults"][node]["cylindroids"]) for _, node in vaults]


def mv_targets(g: Game) -> list[int]:
    """BetaBots standing on the Active Main Vault's squares: valid targets (never on top of AlphaBot or in
    its hull, SB-P5-CYL-03)."""
    a = g.g["alphabot"]
    if not a["mv"]:
        return []
    node = f"MV{a['mv']}"
    return [s for s in g.g["order"] if player(g, s)["mini"] == node and player(g, s)["square"] in g.data.squares]
