"""Stress Botics renderer, two images a post: the table (the planet, the ships, the Active Main Vault's squares,
the whole game's strips) and the robots' boards (``robots.py``). A seat's own image is its robots' boards with
its hand, programmed cards and Secondary Objective.

Draws only from ``engine.view(state, seat)`` (``table.planet`` carries the locations in words with their
yields at the current pressure); nothing here imports the engine.
"""

from __future__ import annotations

from typing import Any

from render.core import Box, Canvas, label, panel
from render.core.palette import HIGHLIGHT, TEXT
from render.registry import register

from .elite import ELITE_H, draw_elite, elite_of
from .hull import HULL_H, draw_hull, has_hull
from .items import ITEMS_H, draw_items, has_items
from .layout import (
    GAP,
    HEADER_H,
    MARGIN,
    PLANET,
    TEXT_M,
    TEXT_S,
    TITLE,
    WIDE,
    outline_changed,
    robot_name,
    words,
)
from .planet import draw_planet
from .robots import draw_boards, is_private, more_images
from .side import draw_facts, draw_ships, draw_squares, ships_height, squares_height
from .threats import THREATS_H, draw_threats, has_threats

PHASES = {"programming": "Programming", "actions": "Actions", "maintenance": "Maintenance", "events": "Events"}


def _status(view: dict[str, Any]) -> tuple[str, Any]:
    """Right-hand header text and its pill colour."""
    result = view.get("result")
    if result:
        winners = ", ".join(robot_name(view, s) for s in result.get("winners") or []) or "nobody"
        return f"Game over - winner: {winners}", HIGHLIGHT
    prompt = view.get("prompt")
    if isinstance(prompt, str) and prompt:
        return words(view, prompt), TEXT
    active = view.get("active") or []
    return ("To move: " + ", ".join(robot_name(view, s) for s in active)) if active else "", TEXT


def _side(c: Canvas, box: Box, view: dict[str, Any]) -> None:
    """Ships, the Main Vault squares and the round's facts, stacked."""
    ships_box, rest = box.take_top(ships_height(view) + 44, gap=GAP)
    draw_ships(c, panel(c, ships_box, "Ships in orbit", title_size=TITLE), view)
    sq_box, rest = rest.take_top(squares_height(rest.w) + 36, gap=GAP)
    draw_squares(c, panel(c, sq_box, "Active Main Vault", title_size=TITLE), view)
    draw_facts(c, panel(c, rest, "Planet", title_size=TITLE), view)


def _strips(view: dict[str, Any]) -> tuple[list[tuple[str, float]], list[tuple[str, float]]]:
    """The whole game's strips under the planet, as two columns of (name, height) of about one height: the
    threats and the items offer on the left, the Elite and AlphaBot's extension board on the right (one column
    when one side has none)."""
    left = [(n, h) for n, h, on in (("threats", THREATS_H, has_threats(view)), ("items", ITEMS_H, has_items(view)))
            if on]
    right = [(n, h) for n, h, on in (("elite", ELITE_H, bool(elite_of(view))), ("hull", HULL_H, has_hull(view)))
             if on]
    if not left or not right:
        return left + right, []
    return left, right


def _column_height(col: list[tuple[str, float]]) -> float:
    return sum(h + GAP for _, h in col)


DRAWERS = {"threats": ("Threats", draw_threats), "hull": ("AlphaBot's extension board", draw_hull),
           "elite": ("Elite Cylindroid", draw_elite), "items": ("Items & Stress Boy", draw_items)}


def _draw_column(c: Canvas, box: Box, col: list[tuple[str, float]], view: dict[str, Any]) -> None:
    for name, h in col:
        strip, box = box.take_top(h, gap=GAP)
        title, drawer = DRAWERS[name]
        drawer(c, panel(c, strip, title, title_size=TITLE), view)
        outline_changed(c, view, name, strip.expand(2), radius=8)


def draw(view: dict[str, Any]) -> bytes:
    """PNG bytes of a Stress Botics view: the table when public (``view["seat"]`` is None; the robots' boards
    come with it from :func:`more_images`), else the seat's own image (the boards and its private strip)."""
    table = view.get("table") or {}
    if is_private(view):
        return draw_boards(view)
    left, right = _strips(view)
    strips_h = max(_column_height(left), _column_height(right))
    height = 2 * MARGIN + HEADER_H + GAP + PLANET + GAP + strips_h - (GAP if strips_h else 0.0)
    c = Canvas(WIDE, height, scale=2.0)  # one width for every rules version: the side column's words fit
    page = c.box.inset(MARGIN)
    head, body = page.take_top(HEADER_H, gap=GAP)
    phase = PHASES.get(str(table.get("phase")), str(table.get("phase") or "").title())
    title = f"Stress Botics  -  Round {table.get('round', '?')}" + (f", {phase}" if phase else "")
    tb = c.text((head.x, head.center[1]), title, TEXT_M + 3, TEXT, "lm", bold=True)
    status, colour = _status(view)
    if status:
        label(c, (head.x1, head.center[1]), status, TEXT_S, anchor="rm", bg=colour, bold=True,
              max_width=head.x1 - tb.x1 - 16)
    top, bottom = body.take_top(PLANET, gap=GAP)
    planet_box, side_box = top.take_left(PLANET, gap=GAP)
    draw_planet(c, planet_box, view)
    _side(c, side_box, view)
    if left or right:
        strips, bottom = bottom.take_top(strips_h - GAP, gap=GAP)
        if right:
            lbox, rbox = strips.take_left(PLANET, gap=GAP)
            _draw_column(c, lbox, left, view)
            _draw_column(c, rbox, right, view)
        else:
            _draw_column(c, strips, left, view)
    return c.to_png()


register("stress_botics", draw, more=more_images)

__all__ = ["draw", "draw_boards", "more_images"]
