"""Waves arriving and going back (rules version 2): Phase 1.5's spawns onto A1/B1 with their pushes, the Elite
once the belt is empty (version 3), and the waves' return to the belt when AlphaBot leaves, the Elite first
(SB-P1-EVENT-13..21, SB-ALPHA-27 steps 5-8, SB-ALPHA-28, AMB-05, AMB-30, AMB-38). Built on :mod:`.threats` (the
bag, the belt, the squares) and :mod:`.elite`."""

from __future__ import annotations

from engines.core import Game, effects

from . import elite
from .stress import everyone
from .threats import (
    COMBAT,
    alphabot_square,
    belt_side,
    betabots_on,
    first_wave,
    full,
    into_vault,
    kind,
    name,
    to_bag,
    vault_target,
)
from .words import square as square_words


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


def spawn(g: Game, letter: str) -> None:
    """Phase 1.5: waves onto A1 and/or B1, pushing forward first (SB-P1-EVENT-13..18). With no wave left the
    Elite spawns instead (SB-P1-EVENT-20, rules version 3)."""
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
        elite.spawn(g)


def return_waves(g: Game) -> None:
    """AlphaBot leaves: A2/B2 Cylindroids go to their vaults (overflow to the bag), the A1/B1 waves go
    back to the belt, B1's first, before the lowest occupied segment, with its stress for everyone; Boxes
    go to the supply (SB-ALPHA-27 steps 6-8, SB-ALPHA-28, AMB-30). Called before the marker advances; the Elite
    goes back first (step 5)."""
    if full(g):
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
