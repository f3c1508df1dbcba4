"""INTERACT: into AlphaBot's hull, onto its Control or Server space, boosted with any battery that goes onto
AlphaBot's tracks (SB-INTERACT-01..04, 09, 13..15, SB-P3-ACT-06).

A BetaBot in the hull has ``square`` ``HULL`` (its Mini stays in the Active Main Vault) and ``hull`` naming
its space, ``control`` or ``server``; it travels with AlphaBot (SB-ALPHA-19) and leaves only by a MOVE
(SB-MOVE-17, planet.py). The sub-actions are ``control`` and ``server``; their options are in interact.py.
Only in a game with ``threats.full``.
"""

from __future__ import annotations

from engines.core import Action, Game, act

from . import alpha_tracks, items, threats
from .batteries import battery_at, spend
from .planet import HULL, TOP, active_vault
from .robots import called
from .stress import damage, player

SUBS = ("control", "server")
"""INTERACT's sub-actions: Access the Control and Access the Server (SB-P3-ACT-05)."""
NAMES = {"control": "Access the Control", "server": "Access the Server"}
SPACE_NAMES = {"control": "the Control", "server": "the Server"}
SHIELD_BOOST = "shield"
"""The 1-2p boost for Access the Control: lose 1 shield while the Ti track is full (SB-INTERACT-09)."""


def space(g: Game, seat: int) -> str | None:
    """The hull space this BetaBot is on, or None outside the hull."""
    p = player(g, seat)
    return p.get("hull") if p["square"] == HULL and p["mini"] == active_vault(g) else None


def occupants(g: Game, where: str) -> list[int]:
    """BetaBots on a hull space, in turn order."""
    return [s for s in g.g["order"] if space(g, s) == where]


def room(g: Game, where: str) -> int:
    """BetaBots a hull space holds: 1 each, 2 on the Control in 3-4p while the Ti track holds 4 (SB-INTERACT-01)."""
    rule, bracket = g.data["main_vault"]["hull"][where], alpha_tracks.bracket(g)
    full = f"{bracket}_with_ti_track_4"
    return rule[full] if full in rule and alpha_tracks.ti_bonus(g, 4) else rule[bracket]


def can_enter(g: Game, seat: int) -> bool:
    """Mini in the Active Main Vault, figure on top of AlphaBot, on its square or beside it (SB-INTERACT-01)."""
    p, a = player(g, seat), g.g["alphabot"]
    if not a["mv"] or p["mini"] != active_vault(g) or p["square"] is None:
        return False
    if p["square"] in (TOP, HULL) or items.passive(g, seat, "hull_entry_anywhere"):  # Control Key (AB05)
        return True
    return p["square"] == a["square"] or p["square"] in g.data.squares[a["square"]]["adjacent"]


def can_take(g: Game, seat: int, where: str) -> bool:
    """This BetaBot can be on ``where`` for the sub-action: already there, or room for it (SB-INTERACT-02/03/15)."""
    if not threats.full(g) or not g.g["alphabot"]["mv"]:
        return False
    if space(g, seat) == where:
        return True
    return can_enter(g, seat) and len(occupants(g, where)) < room(g, where)


def boost_sources(g: Game, seat: int, sub: str, sources: list[str]) -> list[str]:
    """The card's boost sources (free, any Active battery), plus the 1-2p shield boost for the Control."""
    ti4 = g.data["alphabot"]["battery_tracks"]["Ti"]["bonuses"]["4"][alpha_tracks.bracket(g)]
    if sub == "control" and ti4 == "shield_boost_control" and alpha_tracks.ti_bonus(g, 4):
        return [*sources, SHIELD_BOOST]
    return sources


def choices(g: Game, seat: int, sub: str, sources: list[str]) -> list[Action]:
    """The INTERACT sub-action unboosted and with each boost; a battery boost names where its battery goes."""
    out = [act("do", sub, "none")]
    p = player(g, seat)
    for src in boost_sources(g, seat, sub, sources):
        if src in ("inside", "track"):
            battery = battery_at(p, src) or ""
            places = alpha_tracks.destinations(g, battery)
            out += [act("do", sub, src, where) for where in places] if len(places) > 1 else [act("do", sub, src)]
        else:
            out.append(act("do", sub, src))
    return out


def label(g: Game, seat: int, sub: str, boost: str, where: str | None = None) -> str:
    """``Access the Control, entering (inside battery → Carbon track)``: at most 80 characters."""
    text = NAMES[sub]
    if space(g, seat) != sub:
        text += ", entering" if space(g, seat) is None else ", switching"
    if boost == "none":
        return text
    if boost == "free":
        return f"{text} (free boost)"
    if boost == SHIELD_BOOST:
        return f"{text} (boost: lose 1 shield)"
    battery = battery_at(player(g, seat), boost) or ""
    src = "inside battery" if boost == "inside" else "track battery"
    if where == alpha_tracks.SHUTTLE:
        dest = "Shuttle track"
    else:
        track = alpha_tracks.TRACK_OF.get(battery, "")
        dest = f"{g.data.res_name(track)} track" if alpha_tracks.accepts(g, track) else "supply, track full"
    return f"{text} ({src} → {dest})"


def enter(g: Game, seat: int, where: str) -> None:
    """Into the hull, or across to the other space (SB-INTERACT-01/02)."""
    p = player(g, seat)
    if space(g, seat) == where:
        return
    moved = space(g, seat) is not None
    p["square"], p["hull"] = HULL, where
    g.log(f"{called(g, seat)} {'switches to' if moved else 'enters AlphaBot’s hull onto'} {SPACE_NAMES[where]}.")


def boost(g: Game, seat: int, source: str, where: str | None) -> None:
    """Pay the boost: a battery onto AlphaBot's tracks (SB-INTERACT-04), or 1 shield (SB-INTERACT-09)."""
    p = player(g, seat)
    if source == SHIELD_BOOST:
        damage(g, seat, 1)
        g.log(f"{called(g, seat)} loses a shield to boost.")
    elif source in ("inside", "track"):
        battery = battery_at(p, source) or ""
        spend(g, p, source)
        g.log(f"{called(g, seat)} boosts: " + alpha_tracks.place(g, seat, battery, where or "track") + ".")


def perform(g: Game, seat: int, sub: str, source: str, where: str | None, card: str, slot: str) -> None:
    """Enter, boost, then choose the options on the ``interact`` prompt (SB-INTERACT-05/10)."""
    enter(g, seat, sub)
    boost(g, seat, source, where)
    side = g.g["alphabot"][sub]
    free = sub == "control" and alpha_tracks.ti_bonus(g, 3)  # SB-INTERACT-08, after the boost's battery
    g.goto("interact", seat=seat, card=card, slot=slot, sub=sub, side=side,
           left=1 if source == "none" else g.data["alphabot"]["control_options_boosted"], done=[], free=free)
