"""The map in the state: Areas by formation position, Link stacks (bottom first), Bots by id."""

from __future__ import annotations

from typing import Any

from engines.core import Game

from .content import Bot
from .control_mods import infected, mods
from .support import vow_params

ERRORFUL = "errorful"
"""``bots.<id>.at`` of a Bot held on Cerebrum's Errorful Learning (neither in play nor in the Reserve)."""


def in_play(bot: dict[str, Any]) -> bool:
    """The Bot stands in an Area (not in the Reserve, not on Errorful Learning)."""
    return bot["at"] is not None and bot["at"] != ERRORFUL


def link_areas(g: Game, link: str) -> tuple[str, str]:
    """The two Area ids a Link joins."""
    a, b = g.data.link_ends[link]
    return g.g["areas"][a], g.g["areas"][b]


def link_words(g: Game, link: str) -> str:
    """A Link in words: 'Rust Flats and Heart of Seratus'."""
    a, b = link_areas(g, link)
    return f"{g.data.areas[a].name} and {g.data.areas[b].name}"


def ship_on(g: Game, link: str) -> int | None:
    """The seat whose Ship is on ``link``, if any."""
    return next((int(p.split(":")[1]) for p in g.g["links"][link] if p.startswith("ship:")), None)


def ship_link(g: Game, seat: int) -> str | None:
    """The Link holding ``seat``'s Ship."""
    return next((lk for lk, stack in g.g["links"].items() if f"ship:{seat}" in stack), None)


def ship_areas(g: Game, seat: int) -> tuple[str, str]:
    """The two Areas bordering ``seat``'s Ship's Link (where Create deploys, SC-ACT-CREATE-01)."""
    link = ship_link(g, seat)
    assert link is not None, "the Ship is placed before Bots"
    return link_areas(g, link)


def fissure_allowed(g: Game, link: str, seat: int) -> bool:
    """ATT-VUL-1: a Fissure goes in a Link with no Ruins and no enemy Ship."""
    stack = g.g["links"][link]
    ship = ship_on(g, link)
    return "ruins" not in stack and (ship is None or ship == seat)


def place_fissure(g: Game, link: str, seat: int) -> None:
    """One of ``seat``'s Fissures from its supply onto ``link`` (on top)."""
    unique = g.g["players"][str(seat)]["unique"]
    if unique.get("fissures", 0) > 0:
        unique["fissures"] -= 1
        g.g["links"][link].append(f"fissure:{seat}")


def reserve(g: Game, seat: int, size: int) -> list[str]:
    """Ids of ``seat``'s Bots of ``size`` in the Reserve, in id order."""
    return [bid for bid, b in g.g["bots"].items() if b["owner"] == seat and b["size"] == size and b["at"] is None]


def bot_name(bot: Bot, count: int) -> str:
    """'Neurite' or 'Neurites'."""
    return bot.name if count == 1 else f"{bot.name}s"


def effect_words(tree: Any) -> str:
    """A one-op effect in words for labels: 'Energy 2', 'Progress 1'."""
    op = tree.get("op", "effect") if hasattr(tree, "get") else "effect"
    value = tree.get("v") if hasattr(tree, "get") else None
    return op.capitalize() + (f" {value}" if isinstance(value, int) else "")


def strength(g: Game, bot: dict[str, Any]) -> int:
    """A Bot's base Strength (Console D)."""
    return g.data.intelligences[g.g["players"][str(bot["owner"])]["intel"]].bot(bot["size"]).strength


def current_strength(g: Game, bot: dict[str, Any]) -> int:
    """Base Strength plus Hubris (ATT-OLY-2: Olympus' Size-3 Bots +1 while it is face-up); Data stays base."""
    bonus = sum(int(v["add"]) for v in vow_params(g, bot["owner"], "vow.size_strength_bonus")
                if int(v["size"]) == bot["size"])
    return strength(g, bot) + bonus


def forbidden_size(g: Game, seat: int, size: int) -> bool:
    """Vow of Humility (ATT-OLY-2): no Deploying Bots of this Size nor Upgrading into them."""
    return any(int(v["size"]) == size for v in vow_params(g, seat, "vow.forbid_size"))


def power(g: Game, seat: int) -> int:
    """The seat's POWER (SC-TIE-01)."""
    return g.data.intelligences[g.g["players"][str(seat)]["intel"]].power


def counted_for(g: Game, bid: str, bot: dict[str, Any], area: str) -> int:
    """The seat whose Active Strength the Bot adds to in ``area`` (PLAGUE: an Infected enemy Bot is yours)."""
    for m in mods(g):
        if m["kind"] in ("plague", "metastatic") and bot["owner"] != m["seat"] \
                and (m["kind"] == "metastatic" or m["area"] == area) and bid in infected(g, m["seat"]):
            return int(m["seat"])
    return int(bot["owner"])


def forced_controller(g: Game, area: str) -> int | None:
    """#56 Swooping Scavenge: the seat that counts as Controlling ``area`` whatever the Strength, if any."""
    for m in mods(g):
        if m["kind"] == "swoop":
            seat, link = int(m["seat"]), ship_link(g, int(m["seat"]))
            if link is not None and area in link_areas(g, link) and any(
                    b["owner"] == seat and b["at"] == area and not b["stunned"] for b in g.g["bots"].values()):
                return seat
    return None


def strength_totals(g: Game, area: str) -> dict[int, int]:
    """Each seat's Active Strength in ``area`` as Control counts it: current Strength (Hubris), Infected Bots for the
    Plague's player (#19, #26, #24); seats with no Active Bot there are absent."""
    totals: dict[int, int] = {}
    for bid, b in g.g["bots"].items():
        if b["at"] == area and not b["stunned"]:
            who = counted_for(g, bid, b, area)
            totals[who] = totals.get(who, 0) + current_strength(g, b)
    return totals


def controller(g: Game, area: str) -> int | None:
    """SC-ACT-SEARCH-02: at least 1 Active Bot and the most Active Strength; ties to the higher POWER."""
    forced = forced_controller(g, area)  # #56 Swooping Scavenge
    if forced is not None:
        return forced
    totals = strength_totals(g, area)
    if not totals:
        return None
    return max(totals, key=lambda s: (totals[s], power(g, s)))


def passable(g: Game, link: str, seat: int) -> bool:
    """SC-ACT-MOBILISE-02/03: the Link is empty or its topmost piece is yours."""
    stack = g.g["links"][link]
    return not stack or stack[-1] in (f"ship:{seat}", f"fissure:{seat}")


def neighbours(g: Game, area: str) -> list[str]:
    """The Areas sharing any Link with ``area``, Obstacles ignored, in Link order."""
    out = []
    for lk in g.g["links"]:
        a, b = link_areas(g, lk)
        if area in (a, b) and (other := b if area == a else a) not in out:
            out.append(other)
    return out


def linked(g: Game, area: str, seat: int) -> list[str]:
    """The Areas Linked to ``area`` for ``seat``, in Link order."""
    out = []
    for lk in g.g["links"]:
        a, b = link_areas(g, lk)
        if area in (a, b) and passable(g, lk, seat):
            other = b if area == a else a
            if other not in out:
                out.append(other)
    return out
