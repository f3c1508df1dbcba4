"""Allegiance tracks and their four tiers (EU-ALLEG-*), recruit activation (EU-TUNNEL-03, EU-ICARUS-06)."""

from __future__ import annotations

from engines.core import Game

from .tableau import data, faction_name, name, place_star, player, query, query_held


def wait_if_tunnel(g: Game, p: dict, rid: str) -> None:
    """R-16 (the text): only a tunnel ability waits; every other ability works from the moment it is face up."""
    if data(g).recruits[rid].effect in g.engine.abilities.of_kind("tunnel"):
        p["dormant"].append(rid)


def advance(g: Game, area: str, steps: int = 1) -> None:
    """Move a faction's progress token (EU-ALLEG-01); tiers 3 and 4 act at once (EU-ALLEG-05)."""
    tiers, top = data(g).tiers, data(g).allegiance_max
    for _ in range(steps):
        old = g.g["tracks"][area]
        if old >= top:
            g.log(f"The {faction_name(g, area)} track is already at its end.")
            return
        g.g["tracks"][area] = old + 1
        g.log(f"{faction_name(g, area)} allegiance +1 (now {old + 1}).")
        if old + 1 == tiers[2]:
            activate_faction(g, area, f"the {faction_name(g, area)} track reached tier 3")
        if old + 1 == tiers[3]:
            last_tier(g, area)


def activate_faction(g: Game, area: str, why: str) -> None:
    """Every hidden recruit of ``area``'s faction becomes active (EU-TUNNEL-03, EU-ALLEG-03 tier 3)."""
    if not g.g.get("activated"):
        g.g["activated"] = True
        first_activation(g)
    for pid, p in enumerate(g.g["players"]):
        if p["kind"] == "automa":
            if p["faction"] == area and not p["activated"]:
                p["activated"] = True  # EU-AUTOMA-12, A-12
                place_star(g, pid, f"automa_track:{area}")
            continue
        found = [r for r in p["hidden"] if data(g).recruits[r].faction == area]
        for rid in found:
            p["hidden"].remove(rid)
            p["active"].append(rid)
            wait_if_tunnel(g, p, rid)
            g.reveal()
            g.log(f"{name(pid, g)} reveals {data(g).recruits[rid].name} ({why}).")
            if g.g["tracks"][area] >= data(g).tiers[3]:
                recruit_star(g, pid, rid)


def first_activation(g: Game) -> None:
    """The first activation of the game: a recruit that leaves then (Kofi the Hermit) goes, the hidden one turns up."""
    for pid, p in enumerate(g.g["players"]):
        leaving = query_held(g, "leaves_at_first_activation", pid, None) if p["kind"] == "human" else None
        if not leaving:
            continue
        p["active"].remove(leaving)
        g.g["recruit_box"].append(leaving)
        g.log(f"{name(pid, g)} discards {data(g).recruits[leaving].name}.")
        for rid in list(p["hidden"]):
            p["hidden"].remove(rid)
            p["active"].append(rid)
            wait_if_tunnel(g, p, rid)
            g.reveal()
            g.log(f"{name(pid, g)} reveals {data(g).recruits[rid].name} ({data(g).recruits[leaving].name} left).")
            faction = data(g).recruits[rid].faction
            if faction and g.g["tracks"][faction] >= data(g).tiers[3]:
                recruit_star(g, pid, rid)


def recruit_star(g: Game, pid: int, rid: str) -> None:
    """At most one tier-4 star per recruit (EU-ALLEG-05)."""
    p = player(g, pid)
    if rid not in p["starred"]:
        p["starred"].append(rid)
        place_star(g, pid, f"recruit:{rid}")


def last_tier(g: Game, area: str) -> None:
    """Tier 4: a star on each active recruit of that faction; the Automa of that faction adds one (EU-AUTOMA-12)."""
    for pid, p in enumerate(g.g["players"]):
        if p["kind"] == "automa":
            if p["faction"] == area and not p["end_star"]:
                p["end_star"] = True
                place_star(g, pid, f"automa_track:{area}")
            continue
        for rid in list(p["active"]):
            if data(g).recruits[rid].faction == area:
                recruit_star(g, pid, rid)
        for rid in query(g, "end_star_recruits", pid, [], area=area):
            recruit_star(g, pid, rid)
