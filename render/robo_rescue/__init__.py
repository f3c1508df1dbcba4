"""Robo Rescue renderer: the board, every player's area and (for a seat) its hand and draft preview.

Draws only from ``engine.view(state, seat)``: static geometry and limits come from the view's
``table.geometry`` (see :mod:`.layout`); nothing here imports the engine.
"""

from __future__ import annotations

import math
from typing import Any

from render.core import Box, Canvas, fonts, label, measurer, row
from render.core.canvas import MAX_SIDE
from render.core.palette import HIGHLIGHT, TEXT, text_on
from render.core.seatnames import fill_names, seat_label
from render.registry import register

from .board import draw_board
from .layout import BOARD_W, GAP, MARGIN, PLAYER_W, TEXT_M, TEXT_S, static
from .players import panel_height, player_panel
from .private import HAND_H, draw_private

HEADER_H = 34.0
PILL_PAD = 7.0
BOARD_H = 750.0


def _status(view: dict[str, Any]) -> tuple[str, Any]:
    """Right-hand header text and its pill colour."""
    result = view.get("result")
    if result:
        winners = ", ".join(seat_label(view, s) for s in result.get("winners") or []) or "nobody"
        reason = fill_names(view, str(result.get("reason") or "")).rstrip(".")
        return f"Game over - winner: {winners}" + (f" ({reason})" if reason else ""), HIGHLIGHT
    prompt = view.get("prompt")
    if isinstance(prompt, str) and prompt:
        return fill_names(view, prompt), TEXT
    active = view.get("active") or []
    return ("To move: " + ", ".join(seat_label(view, s) for s in active)) if active else "", TEXT


def status_lines(m: Canvas, status: str, room: float) -> list[str]:
    """The header's status: one line at the normal size when it fits, else wrapped smaller (never cut)."""
    if not status:
        return []
    if m.text_width(status, TEXT_M, bold=True) + 2 * TEXT_M * 0.55 <= room:
        return [status]
    return m.wrap(status, TEXT_S, room - 2 * PILL_PAD, bold=True)


def draw(view: dict[str, Any]) -> bytes:
    """PNG bytes of a Robo Rescue view (public when ``view["seat"]`` is None)."""
    st = static(view)
    table = view.get("table") or {}
    seats = int(view.get("seats") or len(table.get("players") or {}) or 2)
    private = view.get("seat") is not None and "hand" in table
    cols = 1 if seats <= 2 else 2
    rows = math.ceil(seats / cols)
    players_w = cols * PLAYER_W + (cols - 1) * GAP
    width = 2 * MARGIN + BOARD_W + GAP + players_w
    order = [int(s) for s in table.get("order") or range(seats)]
    order += [s for s in range(seats) if s not in order]
    m = measurer()
    need = max(panel_height(m, view, s, PLAYER_W, st) for s in order)
    main_h = max(BOARD_H, rows * need + (rows - 1) * GAP)
    title = f"Robo Rescue  -  Round {table.get('round', '?')}"
    if table.get("final_round"):
        title += "  (final round)"
    status, colour = _status(view)
    rest_h = 2 * MARGIN + GAP + main_h + ((HAND_H + GAP) if private else 0.0)
    mt = measurer(min(2.0, MAX_SIDE / max(width, rest_h + 3 * HEADER_H)))  # measured at the image's own scale
    room = (width - 2 * MARGIN - mt.text_width(title, fonts.SIZE_TITLE, bold=True) - 16) * 0.97
    lines = status_lines(mt, status, room)
    header_h = max(HEADER_H, mt.lines_height(len(lines), TEXT_S, bold=True) + 2 * PILL_PAD) if len(lines) > 1 \
        else HEADER_H
    height = rest_h + header_h
    c = Canvas(width, height, scale=2.0)
    page = c.box.inset(MARGIN)
    head, body = page.take_top(header_h, gap=GAP)
    c.text((head.x, head.center[1]), title, fonts.SIZE_TITLE, TEXT, "lm", bold=True)
    if len(lines) == 1:
        label(c, (head.x1, head.center[1]), status, TEXT_M, anchor="rm", bg=colour, bold=True, max_width=room)
    elif lines:  # a long prompt wraps onto a few smaller lines instead of being cut
        w = max(mt.text_width(line, TEXT_S, bold=True) for line in lines) + 2 * PILL_PAD
        pill = Box(head.x1 - w, head.y, w, head.h)
        c.rect(pill, fill=colour, radius=min(14.0, pill.h / 2))
        c.text_lines((pill.x + PILL_PAD, pill.y + PILL_PAD), lines, TEXT_S, text_on(colour), bold=True)
    top, bottom = body.take_top(main_h, gap=GAP)
    board_box, players_box = top.take_left(BOARD_W, gap=GAP)
    preview = (table.get("draft") or {}).get("preview") if private else None
    draw_board(c, board_box, view, st, preview)
    ph = (players_box.h - (rows - 1) * GAP) / rows
    for i, seat in enumerate(order):
        r, k = divmod(i, cols)
        cells = row(Box(players_box.x, players_box.y + r * (ph + GAP), players_box.w, ph), cols, gap=GAP)
        player_panel(c, cells[k], view, seat, st)
    if private:
        draw_private(c, bottom.take_top(HAND_H)[0], view)
    return c.to_png()


register("robo_rescue", draw)

__all__ = ["draw"]
