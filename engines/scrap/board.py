"""The map in the state: Areas by formation position, Link stacks (bottom first), Bots by id."""

from __future__ import annotations

from typing import Any

from engines.core import Game

from .content import Bot


def link_areas(g: Game, link: str) -> tuple[str, str]:
    """The two Area ids a Link joins."""
    lk = next(x for x in g.data.links if x.id == link)
    return g.g["areas"][lk.a], g.g["areas"][lk.b]


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
