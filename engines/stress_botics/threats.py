"""The Cylindroids on the board (rules version 2): the bag, the belt, waves spawning onto A1/B1 and
pushing forward, vault arrivals, Boxes, and the waves going back when AlphaBot leaves
(SB-SETUP-16/17, SB-P1-EVENT-13..19, SB-ALPHA-27 steps 6-8, SB-ALPHA-28, SB-ALPHA-31).

A Cylindroid is a short string: ``MIN``, ``LAS``, ``EXP`` (a disarmed Explosive) or ``EXP!`` (armed).
``g.cyl`` holds the Active Main Vault's combat squares, ``g.vaults[node].cylindroids`` an E/P Vault's,
``g.boxes`` the Boxes by square, ``g.belt`` the six wave segments (None = empty; the Elite's segment,
the 7th, holds the Elite: ``elite.py``). A version-1 state has none of these keys: every caller checks :func:`on` first.
"""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects

from .stress import everyone, player
from .words import square as square_words

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
    for seat in range(g.seats):
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


def _push_betabots(g: Game, square: str) -> None:
    """Cylindroids placed or pushed into a square push the BetaBots there; each owner picks (SB-P1-EVENT-17)."""
    effects.push(g, *(effects.effect("cyl_push", seat, square=square) for seat in betabots_on(g, square)))


def _advance(g: Game, square: str) -> bool:
    """Make room on ``square`` for an arriving block: push its contents on first (far end back). False when
    the block cannot move because AlphaBot stands in the way (SB-P1-EVENT-15/16/18, AMB-38)."""
    cyl, boxes = g.g["cyl"], g.g["boxes"]
    if not cyl[square] and not (square in ("A1", "B1") and boxes.get(square)):
        return True
    ahead = g.data["main_vault"]["push_forward"][square]
    if ahead.startswith("vault_target_"):
        if cyl[square]:
            into_vault(g, vault_target(g, square), cyl[square])
            cyl[square] = []
        return True  # Boxes never move from A2/B2
    if cyl[square]:
        if alphabot_square(g) == ahead or not _advance(g, ahead):
            return False
        cyl[ahead] = cyl[ahead] + cyl[square]
        cyl[square] = []
        _push_betabots(g, ahead)
    if boxes.get(square):
        corner = g.data["main_vault"]["box_push"][square]
        boxes[corner] = min(1, boxes.get(corner, 0) + boxes.pop(square))  # a corner holds 1 Box (SB-P1-EVENT-16)
    return True


def first_wave(g: Game) -> int | None:
    """The lowest-numbered segment holding a wave (SB-P1-EVENT-14)."""
    return next((i for i, seg in enumerate(g.g["belt"]) if seg is not None), None)


def spawn(g: Game, letter: str) -> None:
    """Phase 1.5: waves onto A1 and/or B1, pushing forward first (SB-P1-EVENT-13..18). With no wave left the
    Elite would spawn (SB-P1-EVENT-20: stage 5, the hook is :func:`elite_spawn`)."""
    if not g.g["alphabot"]["mv"]:
        return  # SB-P1-EVENT-13, SB-ALPHA-31: nothing spawns once AlphaBot has left MV6
    if letter == "X":
        if first_wave(g) is None and g.options.get("elite_spawn_on_x", True):
            elite_spawn(g)  # AMB-05
        return
    for side in letter.split("+"):
        index = first_wave(g)
        if index is None:
            elite_spawn(g)
            return
        target = g.data["main_vault"]["spawn_squares"][side]
        if alphabot_square(g) == target or not _advance(g, target):
            g.log(f"AlphaBot blocks {square_words(target)}: the wave stays on the belt.")
            continue
        wave = g.g["belt"][index]
        g.g["belt"][index] = None
        g.g["cyl"][target] = list(wave["cyl"])
        if wave["boxes"]:
            g.g["boxes"][target] = g.g["boxes"].get(target, 0) + wave["boxes"]
        words = ", ".join(name(c) for c in wave["cyl"]) or "no Cylindroid"
        g.log(f"A wave spawns on {square_words(target)}: {words}" + (", with a Box." if wave["boxes"] else "."))
        _push_betabots(g, target)


def elite_spawn(g: Game) -> None:
    """The Elite's spawn when the belt has no wave left (SB-P1-EVENT-20/21), with ``full``; before rules
    version 3 nothing happens."""
    if full(g):
        from . import elite  # built on this module

        elite.spawn(g)


def elite_activate(g: Game) -> None:
    """Phase 5.1.2, the Elite's activation if it is in the Main Vault (SB-ELITE-01/02), with ``full``."""
    if full(g):
        from . import elite_cards  # built on this module

        elite_cards.activate(g)


def return_waves(g: Game) -> None:
    """AlphaBot leaves: A2/B2 Cylindroids go to their vaults (overflow to the bag), the A1/B1 waves go
    back to the belt, B1's first, before the lowest occupied segment, with its stress for everyone; Boxes
    go to the supply (SB-ALPHA-27 steps 6-8, SB-ALPHA-28, AMB-30). Called before the marker advances; the Elite
    goes back first (step 5)."""
    if full(g):
        from . import elite  # built on this module

        elite.go_back(g)
    cyl = g.g["cyl"]
    for sq in ("A2", "B2"):
        if cyl[sq]:
            into_vault(g, vault_target(g, sq), cyl[sq])
    stress = 0
    segments = belt_side(g)
    for sq in ("B1", "A1"):
        if not cyl[sq]:
            continue
        lowest = first_wave(g)
        slot = (len(g.g["belt"]) if lowest is None else lowest) - 1  # the Elite's segment counts as occupied
        if slot < 0:
            to_bag(g, cyl[sq])
            continue
        g.g["belt"][slot] = {"cyl": [kind(c) for c in cyl[sq]], "boxes": 0}
        stress += segments[slot]["return_stress"]
        g.log(f"The wave on {square_words(sq)} goes back to belt segment {slot + 1}.")
    g.g["cyl"] = {sq: [] for sq in COMBAT}
    g.g["boxes"] = {}
    if stress:
        g.log(f"Returning waves: every BetaBot gains {stress} stress.")
        everyone(g, stress)


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
