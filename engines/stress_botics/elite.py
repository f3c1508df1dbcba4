"""The Elite Cylindroid on the board (rules version 3, ``threats.full``): its setup, spawn onto the Hatch, its
shield track and rewards, elimination and return to the belt (SB-SETUP-17..19, SB-P1-EVENT-20..22,
SB-ELITE-05..13, AMB-05, AMB-06, AMB-27, AMB-28). Its AI cards are played out in ``elite_cards``.

``g.elite`` holds ``at`` (``belt``, ``HATCH`` or None once out of the game), ``side`` (``miner``/``laser``),
``shields``, ``decks`` (each type's AI deck, top first: hidden), ``discard`` (the current type's, face up),
``hatch_side`` (each type's Starting card shows its hatch side, after a re-form), ``last`` (the card revealed
last) and ``aside`` (the regular Hatch token set aside while the Elite stands on the Hatch). The Elite acts as
part of the Cylindroids (``cylindroids.ACTOR``).
"""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects

from . import threats
from .batteries import take_gains
from .planet import others_at
from .robots import called
from .stress import change_stress, player
from .tanks import alphabot_add
from .words import amount

ACTOR = "cylindroids"
"""The Elite acts as one of the Cylindroids: their actor key (``cylindroids.ACTOR``, which imports this module)."""
HATCH = "HATCH"
SIDES = {"miner": "Miner Elite", "laser": "Laser Elite"}
"""The Elite by its side, in game words."""


def data(g: Game) -> dict[str, Any]:
    return g.data["elite"]


def state(g: Game) -> dict[str, Any] | None:
    """The Elite's state; None in a game without it (rules version 1-2, or no threats)."""
    return g.g.get("elite")


def on_hatch(g: Game) -> bool:
    """The Elite stands on the Active Main Vault's Hatch (SB-ELITE-13)."""
    e = state(g)
    return bool(e) and e["at"] == HATCH and bool(g.g["alphabot"]["mv"])


def name(g: Game) -> str:
    e = state(g)
    return f"the {SIDES[e['side']]}" if e else "the Elite"


def title(g: Game) -> str:
    """The Elite's name to start a sentence."""
    text = name(g)
    return text[0].upper() + text[1:]


def classic(g: Game) -> bool:
    """Classic mode: no AI cards, the Elite Cylindroid Tile (SB-ELITE-04, SB-SETUP-18)."""
    return bool(g.options.get("elite_classic_mode"))


def deck_of(g: Game, side: str) -> list[str]:
    """One type's AI deck: its Starting card on top, its 4 AI cards shuffled, its Ending card at the bottom
    (SB-SETUP-18, SB-ELITE-12)."""
    d = data(g)["decks"][side]
    middle = sorted(d["ai"])
    g.rng.shuffle(middle)
    return [d["starting"], *middle, d["ending"]]


def start(g: Game) -> None:
    """The Elite on the belt's last segment, Miner side up, 4 shields; the Laser deck under the Miner deck
    (AI mode); the Elite Hatch token yellow side up in its space (SB-SETUP-17..19)."""
    track = data(g)["shield_track"]
    decks = {} if classic(g) else {side: deck_of(g, side) for side in reversed(data(g)["decks"]["stack_order"])}
    g.g["elite"] = {"at": "belt", "side": data(g)["start"]["side"], "shields": track["start"], "decks": decks,
                    "discard": [], "hatch_side": {}, "last": None, "aside": None}


def reward_card(g: Game) -> dict[str, Any]:
    """The reward card in use: the current side's, for this player count (SB-SETUP-19)."""
    e = state(g) or {}
    return next(r for r in data(g)["rewards"] if r["elite"] == e.get("side") and g.seats in r["players"])


def next_reward(g: Game) -> list[dict[str, Any]]:
    """The reward beside the space the marker stands on (what the next damage gives, SB-ELITE-06)."""
    e = state(g) or {}
    spaces = reward_card(g)["spaces"]
    return spaces[len(spaces) - e["shields"]]


def reward_words(g: Game, reward: list[dict[str, Any]]) -> str:
    """A reward space in game words."""
    parts = []
    for op in reward:
        if op["op"] == "stress":
            parts.append(f"{op['n']:+d} stress")
        elif op["op"] == "gain":
            parts.append(amount(g, op["res"]))
        elif classic(g):
            parts.append(f"the Elite attacks {op['params']['n']} times at once")
        else:
            parts.append(f"{op['params']['n']} Elite AI cards are resolved at once")
    return ", ".join(parts)


def spawn(g: Game) -> None:
    """Phase 1.5 with no wave left: the regular Hatch token goes aside as it is, the Elite's token and the
    Elite go on the Hatch; BetaBots there are pushed (each owner picks, turn order), AlphaBot there goes to
    the Entry; Cylindroids stay (SB-P1-EVENT-20/21, AMB-06)."""
    e = state(g)
    a = g.g["alphabot"]
    if not e or e["at"] != "belt" or not a["mv"]:
        return
    hatch = g.g["hatch"]
    e["aside"] = {"token": hatch["token"], "closed": hatch["closed"]}
    hatch["token"], hatch["closed"] = None, True
    e["at"] = HATCH
    g.log(f"No wave is left on the belt: {name(g)} Cylindroid spawns on the Hatch.")
    effects.push(g, *(effects.effect("cyl_push", seat, square=HATCH) for seat in threats.betabots_on(g, HATCH)))
    if a["square"] == HATCH:
        a["square"] = "ENTRY"
        g.log("The Elite pushes AlphaBot to the Entry.")
        node = f"MV{a['mv']}"
        effects.push(g, *(effects.effect("push", seat, square="ENTRY") for seat in others_at(g, -1, node, "ENTRY")))


def _token_back(g: Game) -> None:
    """The Elite's token back to its space, the regular token back on the Hatch as it was."""
    e = state(g) or {}
    aside = e.get("aside") or {"token": None, "closed": True}
    g.g["hatch"]["token"], g.g["hatch"]["closed"] = aside["token"], aside["closed"]
    e["aside"] = None


def hurt(g: Game, by: int | str | None, n: int = 1) -> dict[str, int]:
    """The Elite loses ``n`` shields one by one (SB-ELITE-06); returns a BetaBot's resources to place."""
    spoils: dict[str, int] = {}
    for _ in range(n):
        for res, k in hurt_one(g, by).items():
            spoils[res] = spoils.get(res, 0) + k
    return spoils


def hurt_one(g: Game, by: int | str | None) -> dict[str, int]:
    """The Elite loses 1 shield: the marker moves down and ``by`` gets the reward beside the space it left —
    a BetaBot all of it (resources to place), AlphaBot only the resources and batteries into its tank, an
    explosion (None) nothing; the 4th loss eliminates it (SB-ELITE-06..09). Returns a BetaBot's resources."""
    e = state(g)
    if not e or e["at"] != HATCH:
        return {}
    reward = next_reward(g)
    e["shields"] -= 1
    who = "AlphaBot" if by == "alphabot" else "an explosion" if by is None else f"{called(g, by)}"
    g.log(f"{title(g)} loses a shield to {who}; {e['shields']} left.")
    gains: dict[str, int] = {}
    for op in reward:
        if op["op"] == "gain":
            for res, n in op["res"].items():
                gains[res] = gains.get(res, 0) + n
    spoils: dict[str, int] = {}
    if by == "alphabot":
        alphabot_add(g, gains)
    elif isinstance(by, int):
        spoils = give(g, by, reward, gains)
    if e["shields"] <= 0:
        eliminate(g)
    return spoils


def give(g: Game, seat: int, reward: list[dict[str, Any]], gains: dict[str, int]) -> dict[str, int]:
    """A BetaBot's reward: stress, batteries onto its track, the 1-2p penalty queued; returns the resources
    for the attacker to place (SB-ELITE-06/07)."""
    for op in reward:
        if op["op"] == "stress":
            change_stress(g, seat, op["n"])
        elif op["op"] == "hook":
            effects.push_front(g, effects.effect("elite_penalty", ACTOR, n=op["params"]["n"]))  # AMB-28
    return take_gains(g, player(g, seat), gains)


def eliminate(g: Game) -> None:
    """The Shield Marker leaves the track: every Main Vault Cylindroid to the bag; the Miner Elite flips to
    its Laser side on the belt's last segment, the belt refilled, the Miner cards out; the Laser Elite leaves
    the game; the regular Hatch token returns (SB-ELITE-09..11)."""
    e = state(g) or {}
    for sq in threats.COMBAT:
        threats.to_bag(g, g.g["cyl"][sq])
        g.g["cyl"][sq] = []
    _token_back(g)
    g.log(f"{title(g)} is eliminated.")
    if e["side"] == "laser":
        e.update(at=None, decks={}, discard=[], last=None)
        return
    e.update(at="belt", side="laser", shields=data(g)["shield_track"]["start"], discard=[], last=None)
    e["decks"].pop("miner", None)
    refill(g)
    g.log("The Elite flips to its Laser side and goes back to the belt's last segment.")


def refill(g: Game) -> None:
    """After the Miner Elite: new waves from the bag on the empty segments marked for this player count
    (1-2p the B segments, 3-4p all), in segment order, until the bag runs out (SB-ELITE-10)."""
    for index, seg in enumerate(threats.belt_side(g)):
        if not seg.get("refill_after_miner_elite") or g.g["belt"][index] is not None:
            continue
        wave = threats.draw_bag(g, seg["cylindroids"])
        if not wave:
            return
        g.g["belt"][index] = {"cyl": wave, "boxes": 0}


def go_back(g: Game) -> None:
    """AlphaBot leaves the Main Vault holding the Elite: the Elite to the belt's last segment with its side
    and shields, its token back, the regular token back; its deck re-formed (Starting card hatch side up)
    when cards were discarded; before the waves return (SB-ELITE-12, SB-ALPHA-27 step 5, AMB-27)."""
    e = state(g)
    if not e or e["at"] != HATCH:
        return
    _token_back(g)
    e["at"] = "belt"
    g.log(f"{title(g)} goes back to the belt's last segment.")
    if e["discard"] and not classic(g):
        e["decks"][e["side"]] = deck_of(g, e["side"])
        e["hatch_side"][e["side"]] = True
        e["discard"] = []

