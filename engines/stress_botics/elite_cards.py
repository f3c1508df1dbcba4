"""The Elite Cylindroid's Phase 5 activation (rules version 3): its AI deck revealed, resolved and discarded,
the Ending card's reshuffle, classic mode's plain damage, and the 1-2p "resolve 2 Elite AI cards" penalty
(SB-ELITE-01..04, SB-ELITE-07, SB-P5-CYL-10; spec 4.16; AMB-27, AMB-28)."""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects
from engines.core.effects import Handler

from . import aggression, elite, threats, waves
from .stress import change_stress, damage, player

TARGET_WORDS = {"adjacent": "every BetaBot next to the Hatch", "main_vault": "every BetaBot in the Main Vault",
                "main_vault_not_on_top_or_hull": "every BetaBot standing in the Main Vault",
                "most_stressed_in_main_vault": "the most stressed BetaBot in the Main Vault"}
"""Who an Elite AI card hits, in game words (spec 4.16)."""


def card(g: Game, cid: str) -> dict[str, Any]:
    return next(c for c in elite.data(g)["cards"] if c["id"] == cid)


def ops(g: Game, cid: str) -> list[dict[str, Any]]:
    """A card's effect: the Starting card's hatch side after a re-form (AMB-27)."""
    info = card(g, cid)
    e = elite.state(g) or {}
    if info["role"] == "starting" and e["hatch_side"].get(info["deck"]):
        return info["hatch_side_effect"]
    return info["effect"]


def describe(g: Game, cid: str) -> str:
    """An Elite AI card's effect in words."""
    parts = []
    for op in ops(g, cid):
        p = op["params"]
        if op["name"] == "elite_damage":
            text = f"{TARGET_WORDS[p['targets']]} loses {p['shields']} shield{'s' if p['shields'] > 1 else ''}"
            if p["alphabot"]:
                text += f", AlphaBot {p['alphabot']}" + (" if it is next to the Hatch" if p["alphabot_if_adjacent"]
                                                          else "")
            parts.append(text)
        elif op["name"] == "elite_stress":
            parts.append(f"{TARGET_WORDS[p['targets']]} gains {p['n']} stress")
        elif op["name"] == "elite_spawn_wave":
            parts.append(f"the next belt wave spawns on {p['square']} (none left: every BetaBot in the Main Vault "
                         f"gains {p['fallback_stress']} stress)")
        elif op["name"] == "elite_reshuffle":
            parts.append("then its discards are shuffled back on top")
    return "; ".join(parts)


def in_vault(g: Game) -> list[int]:
    """Every BetaBot whose Mini is in the Active Main Vault (on top of AlphaBot and in its hull too)."""
    node = f"MV{g.g['alphabot']['mv']}"
    return [s for s in g.g["order"] if player(g, s)["mini"] == node]


def hatch_adjacent(g: Game) -> list[str]:
    return g.data.squares[elite.HATCH]["adjacent"]


def targets(g: Game, kind: str) -> list[int]:
    """The BetaBots an Elite effect reaches; never on top of AlphaBot or in its hull, except for the Main
    Vault's stress (spec 4.16)."""
    standing = threats.mv_targets(g)
    if kind == "adjacent":
        return [s for s in standing if player(g, s)["square"] in hatch_adjacent(g)]
    if kind == "main_vault_not_on_top_or_hull":
        return standing
    if kind == "most_stressed_in_main_vault":
        if not standing:
            return []
        top = max(player(g, s)["stress"] for s in standing)
        return [next(s for s in standing if player(g, s)["stress"] == top)]
    return standing


def alphabot_hit(g: Game, n: int, if_adjacent: bool) -> None:
    if n and (not if_adjacent or threats.alphabot_square(g) in hatch_adjacent(g)):
        aggression.lose(g, n, elite.name(g))


def apply(g: Game, op: dict[str, Any]) -> None:
    """One operation of an Elite AI card (spec 4.16)."""
    p, what = op["params"], op["name"]
    if what == "elite_damage":
        for seat in targets(g, p["targets"]):
            damage(g, seat, p["shields"])
        alphabot_hit(g, p["alphabot"], p["alphabot_if_adjacent"])
    elif what == "elite_stress":
        seats = in_vault(g) if p["targets"] == "main_vault" else targets(g, p["targets"])
        for seat in seats:
            change_stress(g, seat, p["n"])
    elif what == "elite_spawn_wave":
        if threats.first_wave(g) is None:
            for seat in in_vault(g):
                change_stress(g, seat, p["fallback_stress"])
        else:
            effects.in_front(g, waves.spawn, g, p["square"][0])  # its pushes come first
    elif what == "elite_reshuffle":
        reshuffle(g)


def reshuffle(g: Game) -> None:
    """The Ending card stays; the type's discards but the Starting card go shuffled on top of it
    (SB-ELITE-03, AMB-27)."""
    e = elite.state(g) or {}
    if e["at"] != elite.HATCH:
        return
    d = elite.data(g)["decks"][e["side"]]
    back = sorted(c for c in e["discard"] if c != d["starting"])
    g.rng.shuffle(back)
    e["decks"][e["side"]] = back + e["decks"][e["side"]]
    e["discard"] = [c for c in e["discard"] if c == d["starting"]]
    g.log("The Elite's discards are shuffled back on top of its Ending card.")


def reveal_one(g: Game) -> None:
    """Reveal the top card of the current type's deck, apply what can be applied, discard it — the Ending
    card stays at the bottom (SB-ELITE-02/03)."""
    e = elite.state(g) or {}
    deck = e["decks"].get(e["side"]) or []
    if not deck:
        return
    cid = deck[0]
    g.reveal()  # a hidden card comes up
    info = card(g, cid)
    if info["role"] != "ending":
        deck.pop(0)
    e["last"] = cid
    g.log(f"{elite.title(g)} reveals {info['name']}: {describe(g, cid)}.")
    for op in ops(g, cid):
        apply(g, op)
    if info["role"] != "ending":
        e["discard"].append(cid)


def classic_attack(g: Game) -> None:
    """Classic mode: 1 damage to every target next to the Hatch (Miner) or in the Main Vault (Laser)
    (SB-ELITE-04)."""
    rules = elite.data(g)["classic_mode"][f"{elite.state(g)['side']}_damage"]  # type: ignore[index]
    near = rules["targets"] != "main_vault"
    g.log(f"{elite.title(g)} attacks " + ("everything next to the Hatch." if near
                                                      else "everything in the Main Vault."))
    for seat in targets(g, "adjacent" if near else "main_vault"):
        damage(g, seat, rules["damage"])
    alphabot_hit(g, rules["damage"], near)


def act_once(g: Game) -> None:
    if elite.classic(g):
        classic_attack(g)
    else:
        reveal_one(g)


def activate(g: Game, times: int = 1) -> None:
    """Phase 5.1.2 (or the penalty): the Elite on the Hatch acts ``times`` over; AlphaBot reacts once if it
    lost shields (the Elite is its own type, SB-ELITE-01, SB-P5-CYL-10)."""
    if not elite.on_hatch(g):
        return
    a = g.g["alphabot"]
    a["hit"] = 0
    for _ in range(times):
        if elite.on_hatch(g):
            act_once(g)
    if a["hit"]:
        aggression.react(g)


EFFECTS = {
    "elite_penalty": Handler(run=lambda g, item: activate(g, item["n"])),
}
"""The 1-2p third-shield penalty: the Elite's next cards at once (owner ``cylindroids``, SB-ELITE-07)."""
