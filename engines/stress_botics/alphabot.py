"""AlphaBot's Standard movement between the Main Vaults (SB-ALPHA-01, 04, 06, 17..20, 23, 26..32, 34).

AlphaBot walks the squares by its Direction, carries the BetaBots on top of it, pushes others off its square,
and leaves through the Exit to the next Main Vault, opening the Main Tunnel and the sector padlocks and taking
the crust bonus. From rules version 2 it runs over Cylindroids, takes hatch damage and sends the waves back
(aggression.py, threats.py); the hull is stage 4.
"""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects
from engines.core.effects import Handler

from . import aggression, elite, threats, waves
from .planet import HULL, TOP, can_end, others_at
from .robots import called, own_words
from .stress import damage, player
from .tanks import add
from .tanks import alphabot_add as tank_add
from .words import square as words_square

ACTOR = "alphabot"
"""AlphaBot's key as the owner of its queued effects."""

NEXT_ENTRY = "NEXT_ENTRY"
"""The alphabot_moves value for a forward step out of the Exit (SB-ALPHA-26)."""


def ab(g: Game) -> dict[str, Any]:
    return g.g["alphabot"]


def ai_max(g: Game) -> int:
    """Top of the AI track: 3 in 1-2p, 2 in 3-4p (SB-ALPHA-04)."""
    return g.data["alphabot"]["ai_track"]["max"]["1-2" if g.seats <= 2 else "3-4"]


def repair(g: Game, n: int) -> None:
    """Titanium from the supply onto the lowest empty shield spaces (SB-ALPHA-08)."""
    ab(g)["shields"] = min(g.data["alphabot"]["shield_track"]["spaces"], ab(g)["shields"] + n)


def push_squares(g: Game, seat: int, square: str) -> list[str]:
    """Where a BetaBot pushed off ``square`` may go: an adjacent square with room that AlphaBot is not on;
    else any square with room; else the Entry (SB-MOVE-16), in the fixed order of spec 6.4."""
    node = f"MV{ab(g)['mv']}"
    order = [s for s in g.data["main_vault"]["push_choice_order"] if s not in (square, ab(g)["square"])]
    adjacent = g.data.squares[square]["adjacent"]
    near = [s for s in order if s in adjacent and can_end(g, seat, (node, s))]
    return near or [s for s in order if can_end(g, seat, (node, s))] or ["ENTRY"]


def push_to(g: Game, seat: int, square: str) -> None:
    player(g, seat)["square"] = square
    g.log(f"AlphaBot pushes {called(g, seat)} to {words_square(square)}.")


def push_off(g: Game, square: str, queue: bool = False) -> None:
    """BetaBots standing on ``square`` (not on top) are pushed off, in turn order (SB-MOVE-16); queued,
    each owner picks the square, otherwise the first in the fixed order is taken."""
    node = f"MV{ab(g)['mv']}"
    seats = others_at(g, -1, node, square)
    if queue:
        effects.push_front(g, *(effects.effect("push", seat, square=square) for seat in seats))
        return
    for seat in seats:
        push_to(g, seat, push_squares(g, seat, square)[0])


def step(g: Game, queue: bool = False) -> None:
    """One step by the Direction (SB-ALPHA-17), or out of the Exit into the next vault (SB-ALPHA-26)."""
    a = ab(g)
    table = next(m["from"] for m in g.data["main_vault"]["alphabot_moves"] if m["direction"] == a["direction"])
    target = table[a["square"]]
    if target == NEXT_ENTRY:
        leave_vault(g)
        return
    if target == elite.HATCH and elite.on_hatch(g):
        elite.hurt(g, "alphabot")  # SB-ALPHA-24, SB-ELITE-08: it stays put
        return
    a["square"] = target
    if threats.on(g):
        aggression.run_over(g, target)  # SB-ALPHA-21..23
    push_off(g, target, queue)  # SB-ALPHA-20
    hatch = g.g["hatch"]
    if target == "HATCH" and hatch["token"] and not hatch["closed"]:
        on_open_hatch(g)  # SB-ALPHA-25


def on_open_hatch(g: Game) -> None:
    """AlphaBot on an open Hatch: the token's AlphaBot resources, or its special (Shields: repaired twice)
    (SB-ALPHA-25, SB-P1-EVENT-26). Its damage to AlphaBot comes with part 2's shield track."""
    token = g.data.hatches[g.g["hatch"]["token"]]
    tank_add(g, token.get("alphabot_gain") or {})
    special = token.get("alphabot_special") or {}
    if special.get("name") == "alphabot_repair":
        repair(g, special["params"]["n"])
    if threats.on(g):
        aggression.hatch_damage(g, token)  # SB-ALPHA-25, SB-P1-EVENT-25


def hatch_opens(g: Game) -> None:
    """A token turns open: a BetaBot on the Hatch takes its damage (AMB-40), AlphaBot on it gains
    (SB-P1-EVENT-25)."""
    hatch, a = g.g["hatch"], ab(g)
    hatch["closed"] = False
    g.reveal()
    token = g.data.hatches[hatch["token"]]
    g.log(f"The Hatch opens: {token['colour']} token.")
    if not a["mv"]:
        return
    for seat in others_at(g, -1, f"MV{a['mv']}", "HATCH"):
        damage(g, seat, token["damage"])
    if a["square"] == "HATCH":
        on_open_hatch(g)


def move(g: Game, steps: int) -> None:
    """``steps`` single steps, stopping once AlphaBot is on its Shuttle."""
    for _ in range(steps):
        if not ab(g)["mv"]:
            return
        step(g)


def unlock_main_tunnel(g: Game) -> None:
    """AlphaBot opens a still-locked Main Tunnel: padlock off, its resources into AlphaBot, side B
    (SB-ALPHA-29)."""
    tunnel = g.g["tunnels"]["MT"]
    if "PL_MT" in g.g["padlocks"]:
        g.g["padlocks"].remove("PL_MT")
        gains: dict[str, int] = {}
        for res in tunnel["queue"]:
            gains[res] = gains.get(res, 0) + 1
        tank_add(g, gains)
        tunnel["queue"] = []
        tunnel["side"] = "B"
        g.log("AlphaBot opens the Main Tunnel and takes what was left in it.")


def crust_bonus(g: Game, mv: int) -> None:
    """Entering MV4-6: the sector's padlocks come off and the Crust tile's bonus applies (SB-ALPHA-30)."""
    sector = g.data.nodes[f"MV{mv}"]["sector"]
    for lock in g.data["planet"]["padlocks"]:
        if f"alphabot_enters_MV{mv}" in lock["removed_by"] and lock["id"] in g.g["padlocks"]:
            g.g["padlocks"].remove(lock["id"])
    tile = next(t for t in g.data["planet"]["section_tiles"] if t["id"] == g.g["layout"]["crust"][sector])
    bonus = tile.get("crust_bonus") or {}
    tank_add(g, bonus.get("alphabot_tank", {}))
    repair(g, bonus.get("alphabot_shields", 0))


def leave_vault(g: Game) -> None:
    """AlphaBot leaves its Main Vault, in the order of SB-ALPHA-27 (Cylindroids and the Elite: part 2)."""
    a = ab(g)
    old = a["mv"]
    if old == 3:
        unlock_main_tunnel(g)  # (0)
    if threats.on(g):
        waves.return_waves(g)  # (6)-(8), SB-ALPHA-28, SB-ALPHA-32
    new = old + 1 if old < 6 else None
    riders = {s: player(g, s)["square"] for s in g.g["order"] if player(g, s)["mini"] == f"MV{old}"
              and player(g, s)["square"] in (TOP, HULL)}  # on top of it or in its hull (SB-ALPHA-19)
    for seat in g.g["order"]:
        p = player(g, seat)
        if p["mini"] == f"MV{old}":
            p["square"] = None  # (3) to the Neutral Zone; the Mini stays
    a["mv"] = new
    hatch = g.g["hatch"]
    hatch["removed"].append(hatch["token"])  # (8) the old token leaves the game
    if new is None:
        a["square"] = None  # SB-ALPHA-32: onto the Shuttle; riders go to the Neutral Zone
        hatch["token"], hatch["closed"] = None, True
        g.log("AlphaBot leaves Main Vault 6 and boards its Shuttle.")
        return
    a["square"] = "ENTRY"
    for seat, where in riders.items():  # (2) figures on top or in the hull go with it
        player(g, seat)["mini"], player(g, seat)["square"] = f"MV{new}", where
    for seat in g.g["order"]:
        p = player(g, seat)
        if p["mini"] == f"MV{new}" and p["square"] is None:
            p["square"] = "ENTRY"  # (4) alongside AlphaBot
    hatch["token"] = hatch["pile"].pop(0) if hatch["pile"] else None
    hatch["closed"] = True
    g.log(f"AlphaBot enters Main Vault {new}.")
    if new >= 4:
        crust_bonus(g, new)


def to_exit(g: Game, queue: bool = False) -> None:
    """MOVE Deck End Event: AlphaBot goes straight to its vault's Exit, pushing BetaBots (SB-P2-PROG-10)."""
    if ab(g)["mv"]:
        ab(g)["square"] = "EXIT"
        push_off(g, "EXIT", queue)


def hatch_resources(g: Game) -> None:
    """MINE Deck End Event: the Hatch token's AlphaBot resources, open or closed (SB-P2-PROG-10)."""
    token = g.g["hatch"]["token"]
    if ab(g)["mv"] and token:
        tank_add(g, g.data.hatches[token].get("alphabot_gain") or {})


def turn_cw(g: Game) -> None:
    a = ab(g)
    a["direction"] = g.data["alphabot"]["direction"]["cw"][a["direction"]]


OP_WORDS = {"alphabot_move": "move {steps}", "alphabot_set_direction": "face {to}",
            "alphabot_turn_direction": "turn clockwise", "alphabot_self_repair": "repair itself from its tank",
            "alphabot_hatch_harvest": "take the open Hatch's resources if beside it", "hatch_flip": "flip the Hatch"}
DIRECTIONS = {"L": "left", "U": "up", "R": "right"}


def describe(g: Game, card: str) -> str:
    """A Standard AI card's effect in words."""
    parts = []
    for op in g.data.standard_ai[card]["effect"]:
        params = dict(op.get("params", {}))
        if "to" in params:
            params["to"] = DIRECTIONS[params["to"]]
        parts.append(OP_WORDS[op["name"]].format(**params))
    return ", then ".join(parts)


def resolve_standard(g: Game, card: str) -> None:
    """One Standard AI card's effect list (spec 4.15), at once (pushes take the first square)."""
    for op in g.data.standard_ai[card]["effect"]:
        if op.get("name") == "alphabot_move":
            move(g, op["params"]["steps"])
        else:
            apply_op(g, op)


def apply_op(g: Game, op: dict[str, Any]) -> None:
    """One card operation other than moving (spec 4.15)."""
    name, params = op.get("name"), op.get("params", {})
    if name == "alphabot_set_direction":
        ab(g)["direction"] = params["to"]
    elif name == "alphabot_turn_direction":
        turn_cw(g)
    elif name == "alphabot_self_repair":
        a = ab(g)
        if a["tank"].get("Ti", 0) >= 1 and a["shields"] < g.data["alphabot"]["shield_track"]["spaces"]:
            add(a["tank"], "Ti", -1)
            repair(g, 1)
    elif name == "alphabot_hatch_harvest":
        hatch = g.g["hatch"]
        if ab(g)["square"] in g.data.squares["HATCH"]["adjacent"] and hatch["token"] and not hatch["closed"]:
            tank_add(g, g.data.hatches[hatch["token"]].get("alphabot_gain") or {})
    elif name == "hatch_flip" and g.g["hatch"]["token"]:
        if g.g["hatch"]["closed"]:
            hatch_opens(g)  # S10: opening with a bot on it applies SB-P1-EVENT-25
        else:
            g.g["hatch"]["closed"] = True


def reveal_standard(g: Game) -> str:
    """The top Standard AI card; an empty deck is rebuilt from its discard pile (SB-ALPHA-06)."""
    deck = g.g["standard"]
    if not deck["deck"]:
        deck["deck"] = sorted(deck["discard"])
        deck["discard"] = []
        g.rng.shuffle(deck["deck"])
    card = g.draw(deck["deck"])[0]
    g.log(f"AlphaBot reveals {g.data.standard_ai[card]['name']}: {describe(g, card)}.")
    return card


def card_steps(g: Game, card: str) -> list[dict[str, Any]]:
    """A Standard AI card's effects as queue items: one ``alphabot_step`` a square moved, the rest as they are."""
    queue = []
    for op in g.data.standard_ai[card]["effect"]:
        if op.get("name") == "alphabot_move":
            queue += [effects.effect("alphabot_step", ACTOR)] * op["params"]["steps"]
        else:
            queue.append(effects.effect("alphabot_op", ACTOR, op=op))
    return queue


def queue_activation(g: Game) -> None:
    """Phase 5.2 on the effect queue: the card's steps one by one, pushes asked of their owners between
    them, then discard and AI marker +1 (SB-ALPHA-01/04, SB-MOVE-16)."""
    if not ab(g)["mv"]:
        return  # SB-P5-CYL-01: skipped once AlphaBot is on its Shuttle
    card = reveal_standard(g)
    queue = card_steps(g, card)
    effects.push(g, *queue, effects.effect("alphabot_done", ACTOR, card=card))


def _run_activate(g: Game, item: dict[str, Any]) -> None:
    """Version 2: the Standard card revealed in its place in the Phase 5 queue, its one Aggressive reveal
    deferred to after it (SB-ALPHA-01/02)."""
    if not ab(g)["mv"]:
        return
    ab(g)["deferred"] = True
    card = reveal_standard(g)
    queue = card_steps(g, card)
    effects.push_front(g, *queue, effects.effect("alphabot_done", ACTOR, card=card))


def _run_step(g: Game, item: dict[str, Any]) -> None:
    if ab(g)["mv"]:
        step(g, queue=True)


def _run_op(g: Game, item: dict[str, Any]) -> None:
    if ab(g)["mv"]:
        apply_op(g, item["op"])


def _run_done(g: Game, item: dict[str, Any]) -> None:
    g.g["standard"]["discard"].append(item["card"])
    ab(g)["ai"] = min(ai_max(g), ab(g)["ai"] + 1)


def _push_options(g: Game, item: dict[str, Any]) -> list[str] | None:
    seat, square = item["owner"], item["square"]
    p = player(g, seat)
    if not ab(g)["mv"] or p["mini"] != f"MV{ab(g)['mv']}" or p["square"] != square:
        return None
    return push_squares(g, seat, square)


EFFECTS = {
    "alphabot_activate": Handler(run=lambda g, item: _run_activate(g, item)),
    "alphabot_step": Handler(run=lambda g, item: _run_step(g, item)),
    "alphabot_op": Handler(run=lambda g, item: _run_op(g, item)),
    "alphabot_done": Handler(run=lambda g, item: _run_done(g, item)),
    "push": Handler(run=_push_options, pick=lambda g, item, sq: push_to(g, item["owner"], str(sq)),
                    label=lambda g, item, sq: f"Go to {words_square(str(sq))}",
                    prompt=lambda g, item: f"AlphaBot pushes {own_words(g, item['owner'])} off its square: "
                                           "pick where it goes."),
}
"""AlphaBot's queued effects (owner ``alphabot``) and the push a BetaBot's owner answers."""


def activate(g: Game) -> None:
    """Phase 5.2 at once (tests and procedures): reveal, resolve, discard, AI marker +1 (SB-ALPHA-01/04/06)."""
    if not ab(g)["mv"]:
        return  # SB-P5-CYL-01: skipped once AlphaBot is on its Shuttle
    card = reveal_standard(g)
    resolve_standard(g, card)
    _run_done(g, {"card": card})
