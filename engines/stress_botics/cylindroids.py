"""Phase 5.1 (rules version 2): the Cylindroids attack by type, Laser → Miner → Explosive, location by
location, then every Main Vault Cylindroid that neither attacked nor armed itself moves on; explosions
(SB-P5-CYL-01..11, SB-P1-EVENT-19, AMB-41, AMB-54).

The Cylindroids are a non-seat actor (``cylindroids``): their queued effects never prompt anyone, except a
BetaBot pushed when the ``phase5_move_pushes_betabots`` ruling is on.
"""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects
from engines.core.effects import Handler

from . import aggression, elite, elite_cards, threats
from .alphabot import ACTOR as AB
from .alphabot import push_squares
from .item_cards import phase5_ignored
from .robots import called, own_words
from .stress import damage, player
from .words import location
from .words import square as square_words

ACTOR = "cylindroids"
"""The Cylindroids' key as an actor and as the owner of their queued effects."""


def near(g: Game, square: str) -> set[str]:
    """A Main Vault square and the squares adjacent to it."""
    return {square, *g.data.squares[square]["adjacent"]}


def targets(g: Game, where: str, cyl: str) -> tuple[list[int], bool]:
    """(BetaBots, AlphaBot?) a Cylindroid at ``where`` attacks (SB-P5-CYL-03..06, 08)."""
    if where in g.g["vaults"]:
        return [s for s in g.g["order"] if player(g, s)["mini"] == where], False
    bots = threats.mv_targets(g)
    alpha = threats.alphabot_square(g)
    k = threats.kind(cyl)
    if k == "LAS":
        return bots, alpha is not None
    area = near(g, where)
    if k == "MIN":
        return [s for s in bots if player(g, s)["square"] in area], alpha in area
    # an armed Explosive explodes for AlphaBot adjacent or any BetaBot on its square or adjacent
    return [s for s in bots if player(g, s)["square"] in area], alpha in area


def explode(g: Game, where: str, attacker: int | None = None) -> None:
    """An armed Explosive at ``where`` blows up: BetaBots on its square (everyone in its E/P Vault) −2,
    adjacent −1; AlphaBot adjacent −1; every Cylindroid and Box in range gone, no chain (SB-P5-CYL-07/08,
    AMB-41). ``attacker`` takes its own 2 elsewhere (SB-MINE-12, AMB-55)."""
    dmg = g.data["rules"]["damage"]
    g.log(f"An Explosive blows up on {place_words(g, where)}.")
    if where in g.g["vaults"]:
        for seat in g.g["order"]:
            if seat != attacker and player(g, seat)["mini"] == where:
                damage(g, seat, dmg["explosion_same_square"])
        threats.to_bag(g, g.g["vaults"][where]["cylindroids"])
        g.g["vaults"][where]["cylindroids"] = []
        return
    area = near(g, where)
    for seat in threats.mv_targets(g):
        sq = player(g, seat)["square"]
        if seat != attacker and sq in area:
            damage(g, seat, dmg["explosion_same_square"] if sq == where else dmg["explosion_adjacent"])
    hit = threats.alphabot_square(g) in area and aggression.lose(g, dmg["explosion_adjacent"], "an explosion")
    if hit and attacker is not None:
        aggression.react(g)  # an attacked Explosive: the reveal at once (SB-MINE-12); Phase 5 reacts per type
    if elite.HATCH in area:
        elite.hurt(g, None, {t["id"]: t for t in g.data["cylindroids"]["types"]}["EXP"]["attack"]["elite_adjacent"])
        # SB-ELITE-08: no reward for an explosion
    for sq in threats.COMBAT:
        if sq in area:
            threats.to_bag(g, g.g["cyl"][sq])
            g.g["cyl"][sq] = []
    for sq in list(g.g["boxes"]):
        if sq in area:
            del g.g["boxes"][sq]


def place_words(g: Game, where: str) -> str:
    return location(g, where) if where in g.g["vaults"] else square_words(where)


def attack_type(g: Game, kind: str) -> None:
    """Every Cylindroid of one type attacks, location by location, one by one; AlphaBot reacts once if
    that type cost it shields (SB-P5-CYL-02..08, SB-P5-CYL-10)."""
    a = g.g["alphabot"]
    a["hit"] = 0
    acted = g.g.setdefault("cyl_acted", {})
    for where, _ in threats.vault_rows(g):
        index = 0
        while True:
            here = g.g["vaults"][where]["cylindroids"] if where in g.g["vaults"] else g.g["cyl"][where]
            if index >= len(here):
                break
            cyl = here[index]
            index += 1
            if threats.kind(cyl) != kind:
                continue
            if cyl == "EXP":
                here[index - 1] = threats.ARMED  # SB-P5-CYL-06: it arms itself and does nothing else
                acted.setdefault(where, []).append(threats.ARMED)
                g.log(f"An Explosive arms itself on {place_words(g, where)}.")
                continue
            bots, alpha = targets(g, where, cyl)
            if not bots and not alpha:
                continue
            acted.setdefault(where, []).append(cyl)
            if cyl == threats.ARMED:
                here.pop(index - 1)
                threats.to_bag(g, [cyl])
                explode(g, where)
                break  # everything else in range is gone
            hit = {t["id"]: t for t in g.data["cylindroids"]["types"]}[kind]["attack"]["damage"]
            g.log(f"A {threats.name(cyl)} on {place_words(g, where)} attacks.")
            for seat in bots:
                damage(g, seat, hit - phase5_ignored(g, seat, kind, hit))  # items (version 3)
            if alpha:
                aggression.lose(g, hit, f"a {threats.name(cyl)}")
    if a["hit"]:
        aggression.react(g)  # SB-P5-CYL-10: one reaction per type


def move_all(g: Game) -> None:
    """The movement step, all at once: A1→A2, B1→B2, A2/B2→their vault; never onto AlphaBot's square; a
    vault takes what fits, the rest stays (SB-P5-CYL-09). BetaBots are pushed only with AMB-54 on."""
    acted = g.g.pop("cyl_acted", {})
    if not g.g["alphabot"]["mv"]:
        return
    cyl, alpha = g.g["cyl"], threats.alphabot_square(g)
    moving: dict[str, list[str]] = {}
    for sq in threats.COMBAT:
        block, stay = list(cyl[sq]), []
        for done in acted.get(sq, []):  # the ones that attacked or armed themselves stay
            if done in block:
                block.remove(done)
                stay.append(done)
        moving[sq], cyl[sq] = block, stay
    arrivals: dict[str, list[str]] = {}
    into: dict[str, list[tuple[str, str]]] = {}
    for sq, block in moving.items():
        ahead = g.data["main_vault"]["push_forward"][sq]
        if not block:
            continue
        if ahead.startswith("vault_target_"):
            into.setdefault(threats.vault_target(g, sq), []).extend((c, sq) for c in block)
        elif ahead == alpha:
            cyl[sq] += block
        else:
            arrivals.setdefault(ahead, []).extend(block)
    priority = g.data["cylindroids"]["vault_fill_priority"]
    for node, movers in into.items():  # one vault may take from A2 and B2: type order settles the room
        movers.sort(key=lambda m: priority.index(threats.kind(m[0])))
        rest = threats.into_vault(g, node, [c for c, _ in movers], overflow_to_bag=False)
        for cyl_, source in reversed(movers):
            if cyl_ in rest:
                rest.remove(cyl_)
                cyl[source].append(cyl_)
    for sq, block in arrivals.items():
        cyl[sq] += block
        g.log(f"Cylindroids move on to {square_words(sq)}.")
        if g.options.get("phase5_move_pushes_betabots"):
            effects.push_front(g, *(effects.effect("cyl_push", s, square=sq) for s in threats.betabots_on(g, sq)))


def queue_phase5(g: Game) -> None:
    """Phase 5 in order on the effect queue: the three types' attacks, the movement step, AlphaBot's
    Standard card, its one deferred reveal, the aggressive loop and the tile check (SB-P5-CYL-01)."""
    items = [effects.effect("cyl_attack", ACTOR, kind=k) for k in ("LAS", "MIN", "EXP")]
    items.append(effects.effect("cyl_move", ACTOR))
    items.append(effects.effect("elite_activate", ACTOR))  # 5.1.2: the Elite (SB-ELITE-01)
    if g.g["alphabot"]["mv"]:
        items += [effects.effect("alphabot_activate", AB), effects.effect("alphabot_after", AB),
                  effects.effect("alphabot_loop", AB), effects.effect("alphabot_status", AB)]
    effects.push(g, *items)


def _push_options(g: Game, item: dict[str, Any]) -> list[str] | None:
    seat, square = item["owner"], item["square"]
    p = player(g, seat)
    if not g.g["alphabot"]["mv"] or p["mini"] != f"MV{g.g['alphabot']['mv']}" or p["square"] != square:
        return None
    return push_squares(g, seat, square)


def _push_pick(g: Game, item: dict[str, Any], square: Any) -> None:
    player(g, item["owner"])["square"] = str(square)
    g.log(f"Cylindroids push {called(g, item['owner'])} to {square_words(str(square))}.")


EFFECTS = {
    "cyl_push": Handler(run=_push_options, pick=_push_pick,
                        label=lambda g, item, sq: f"Go to {square_words(str(sq))}",
                        prompt=lambda g, item: "Cylindroids arrive on your square: pick where "
                                               f"{own_words(g, item['owner'])} is pushed."),
    "cyl_attack": Handler(run=lambda g, item: attack_type(g, item["kind"])),
    "cyl_move": Handler(run=lambda g, item: move_all(g)),
    "elite_activate": Handler(run=lambda g, item: elite_cards.activate(g) if threats.full(g) else None),
}
"""The Cylindroids' queued Phase 5 steps (owner ``cylindroids``) and a BetaBot pushed by arriving Cylindroids
(its owner picks, SB-MOVE-16; Phase 1.6 waits behind it)."""

