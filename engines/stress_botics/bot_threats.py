"""The bot against the threats (rules version 2, ``threats`` on): with Cylindroids and AlphaBot's shields the
shared stress takes every BetaBot to 40 well before the end, and from there each point costs a shield first.
Shields then count as much as stress, so the bot keeps them up (the Shields Vault, whenever it is short),
keeps out of E/P Vaults where Cylindroids attack everyone every Phase 5, and programs the card that uses
where it stands (Produce shields, a free-boost Attack's −2 stress, Extract when no MOVE beats staying)
instead of MOVE cards that would only go back to the hand. Every function
is pure and only called when :func:`engines.stress_botics.threats.on` holds, so version-1 games and games
without the threats play exactly as before."""

from __future__ import annotations

from engines.core import Action, Game

from . import combat, threats
from .extract import extract_yield, production
from .robots import hand_of
from .stress import player

SHIELDS_VAULT = "06"
"""The Production Vault that repairs shields."""
SHIELD_GAIN = 2.0
"""Place bonus per missing shield (up to :data:`SHIELD_CAP`) on the Shields Vault."""
SHIELD_CAP = 6
STAY_EXTRACT = True
"""When no MOVE beats staying, a MINE that extracts here is programmed rather than a MOVE that goes back."""
VAULT_THREAT = 3.0
"""Place penalty per Cylindroid in an E/P Vault (each attacks everyone there in Phase 5)."""
HUNT = True
"""Unarmed E/P Vault Cylindroids within the free-boost MINE cards' reach are prey, not a danger."""
HUNT_GAIN = 3.0
"""Place bonus per Cylindroid in an E/P Vault that a free-boost MINE card can disintegrate."""


def shield_gap(g: Game, seat: int) -> int:
    """Shields the BetaBot is short of the track's top."""
    top = g.data["boards"]["player_board"]["shield_track"]["max"]
    return int(top - player(g, seat)["shields"])


def vault_cylindroids(g: Game, node: str) -> list[str]:
    state = g.g["vaults"].get(node)
    return list(state.get("cylindroids", [])) if state else []


def free_mines(g: Game, seat: int) -> int:
    """Free-boost MINE cards in the hand and still programmed: Attacks the BetaBot can make for nothing."""
    cards = [*hand_of(g, seat), *g.g["programmed"][str(seat)]]
    return sum(1 for c in cards if g.data.cards[c]["type"] == "MINE" and g.data.cards[c]["free_boost"])


def place_value(g: Game, seat: int, node: str) -> float:
    """What the threats add to ending a move at ``node``: the Shields Vault while short of shields (if no
    Cylindroid blocks its production), minus the Cylindroids waiting in an E/P Vault; unarmed ones the
    BetaBot can disintegrate with its free-boost MINE cards are a gain instead (−2 stress each)."""
    info = g.data.nodes[node]
    if info["kind"] != "ep_vault":
        return 0.0
    cyls = vault_cylindroids(g, node)
    hits = min(free_mines(g, seat), sum(1 for c in cyls if c != threats.ARMED)) if HUNT else 0
    value = HUNT_GAIN * hits - VAULT_THREAT * (len(cyls) - hits)
    if g.g["vaults"][node]["tile"] == SHIELDS_VAULT and len(cyls) == hits:
        value += SHIELD_GAIN * min(SHIELD_CAP, shield_gap(g, seat))
    return value


def disintegrations(g: Game, seat: int) -> list[str]:
    """Attack tokens that disintegrate an unarmed Cylindroid within reach now (−2 stress each)."""
    return [t for t in combat.attack_options(g, seat)
            if t != "alphabot" and t.endswith(".disintegrate") and ".EXPA." not in t]


def first_card(g: Game, seat: int, slots: dict[str, Action], stay: bool = False) -> Action | None:
    """The card to program next for where the BetaBot stands: a CONNECT on the Shields Vault while two or
    more shields short (one when staying), else a free-boost MINE when a Cylindroid can be disintegrated;
    when no MOVE beats staying (``stay``), a MINE that extracts here. None otherwise."""
    cards = g.data.cards
    if shield_gap(g, seat) >= (1 if stay else 2) and (production(g, seat) or {}).get("produce") == "shields":
        connect = sorted(c for c in slots if cards[c]["type"] == "CONNECT")
        if connect:
            return slots[max(connect, key=lambda c: (cards[c]["free_boost"], c))]
    if disintegrations(g, seat):
        mine = sorted(c for c in slots if cards[c]["type"] == "MINE" and cards[c]["free_boost"])
        if mine:
            return slots[mine[0]]
    if stay and STAY_EXTRACT and extract_yield(g, seat) is not None:
        mine = sorted(c for c in slots if cards[c]["type"] == "MINE")
        if mine:
            return slots[min(mine, key=lambda c: (cards[c]["free_boost"], c))]
    return None
