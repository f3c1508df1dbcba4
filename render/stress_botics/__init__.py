"""Stress Botics renderer: the planet, the ships, the Active Main Vault's squares, every BetaBot's board and
(for a seat) its hand, programmed cards and Secondary Objective.

Draws only from ``engine.view(state, seat)`` (``table.planet`` carries the locations in words with their
yields at the current pressure); nothing here imports the engine.
"""

from __future__ import annotations

import math
from typing import Any

from render.core import Box, Canvas, label, panel
from render.core.palette import HIGHLIGHT, TEXT
from render.registry import register

from .elite import ELITE_H, draw_elite, elite_of
from .hull import HULL_H, draw_hull, has_hull
from .items import ITEMS_H, draw_items, extensions_height, has_items
from .layout import ELITE_SPLIT, GAP, HEADER_H, MARGIN, PLANET, TEXT_M, TEXT_S, WIDE, WIDTH, boards, robot_name, words
from .planet import draw_planet
from .players import panel_height, player_panel
from .private import PRIVATE_H, draw_private
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
    ships_box, rest = box.take_top(ships_height(view) + 56, gap=GAP)
    draw_ships(c, panel(c, ships_box, "Ships in orbit", title_size=TEXT_S + 1), view)
    sq_box, rest = rest.take_top(squares_height(rest.w) + 36, gap=GAP)
    draw_squares(c, panel(c, sq_box, "Active Main Vault", title_size=TEXT_S + 1), view)
    draw_facts(c, panel(c, rest, "Planet", title_size=TEXT_S + 1), view)


def draw(view: dict[str, Any]) -> bytes:
    """PNG bytes of a Stress Botics view (public when ``view["seat"]`` is None)."""
    table = view.get("table") or {}
    order = boards(view)
    private = view.get("seat") is not None and "private" in table
    cols = min(4, len(order))
    rows = math.ceil(len(order) / cols)
    player_h = panel_height() + extensions_height(view)
    height = (2 * MARGIN + HEADER_H + GAP + PLANET + GAP + rows * player_h + (rows - 1) * GAP
              + ((PRIVATE_H + GAP) if private else 0.0)
              + ((max(THREATS_H, ELITE_H) + GAP) if has_threats(view) or elite_of(view) else 0.0)
              + ((ITEMS_H + GAP) if has_items(view) else 0.0)
              + ((HULL_H + GAP) if has_hull(view) else 0.0))
    full = has_items(view) or has_hull(view) or bool(elite_of(view))
    c = Canvas(WIDE if full else WIDTH, height, scale=2.0)  # the whole game's strips: wider, to stay ≈ 4:5
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
    if has_threats(view) or elite_of(view):
        strip, bottom = bottom.take_top(max(THREATS_H, ELITE_H), gap=GAP)
        if elite_of(view):  # rules version 3: the Elite Cylindroid, right of the threats
            strip, elite_box = strip.take_left(strip.w * ELITE_SPLIT, gap=GAP)
            draw_elite(c, panel(c, elite_box, "Elite Cylindroid", title_size=TEXT_S + 1), view)
        if has_threats(view):  # rules version 2: the belt and AlphaBot's shield track
            draw_threats(c, panel(c, strip, "Threats", title_size=TEXT_S + 1), view)
    if has_items(view):  # rules version 3: the Advanced Items offer, the Box deck, the Common Tank
        strip, bottom = bottom.take_top(ITEMS_H, gap=GAP)
        draw_items(c, panel(c, strip, "Items & Stress Boy", title_size=TEXT_S + 1), view)
    if has_hull(view):  # rules version 3: AlphaBot's hull, tracks and items
        strip, bottom = bottom.take_top(HULL_H, gap=GAP)
        draw_hull(c, panel(c, strip, "AlphaBot's extension board", title_size=TEXT_S + 1), view)
    pw = (bottom.w - (cols - 1) * GAP) / cols
    for i, seat in enumerate(order):
        r, k = divmod(i, cols)
        player_panel(c, Box(bottom.x + k * (pw + GAP), bottom.y + r * (player_h + GAP), pw, player_h), view, seat)
    if private:
        y = bottom.y + rows * (player_h + GAP)
        draw_private(c, Box(bottom.x, y, bottom.w, PRIVATE_H), view)
    return c.to_png()


register("stress_botics", draw)

__all__ = ["draw"]
