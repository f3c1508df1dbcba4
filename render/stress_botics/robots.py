"""The robots' boards, drawn apart from the table so that each reads at a phone's zoom (spec 6.6: "one compact
panel per player on a second image"): the public post's second image, and a seat's own image with its hand,
programmed cards and Secondary Objective under the boards."""

from __future__ import annotations

import math
from typing import Any

from render.core import Box, Canvas
from render.core.palette import TEXT

from .items import extensions_height
from .layout import GAP, HEADER_H, MARGIN, TEXT_M, WIDTH, boards, robot_name
from .players import panel_height, player_panel
from .private import PRIVATE_H, draw_private

BOARDS_TITLE = "Robots' boards"
"""The second image's title in the post (and its file name, ``robots-boards-2.png``)."""


def is_private(view: dict[str, Any]) -> bool:
    """A seat's own view (its hand is in it): one image, the boards with the private strip."""
    return view.get("seat") is not None and "private" in (view.get("table") or {})


def columns(count: int) -> int:
    """Boards side by side: three in one row, else rows of two (four boards make a square)."""
    return 3 if count == 3 else max(1, min(2, count))


def draw_boards(view: dict[str, Any]) -> bytes:
    """PNG of every robot's board (the seats, and DeltaBot in a solo game); for a seat's view, its private
    strip under them."""
    table = view.get("table") or {}
    order = boards(view)
    private = is_private(view)
    cols = columns(len(order))
    rows = math.ceil(len(order) / cols)
    player_h = panel_height() + extensions_height(view)
    height = (2 * MARGIN + HEADER_H + GAP + rows * player_h + (rows - 1) * GAP
              + ((PRIVATE_H + GAP) if private else 0.0))
    c = Canvas(WIDTH, height, scale=2.0)
    page = c.box.inset(MARGIN)
    head, body = page.take_top(HEADER_H, gap=GAP)
    who = f"  -  {robot_name(view, view['seat'])}'s view" if private else ""
    c.text((head.x, head.center[1]), f"{BOARDS_TITLE}  -  Round {table.get('round', '?')}{who}", TEXT_M + 3, TEXT, "lm",
           bold=True)
    pw = (body.w - (cols - 1) * GAP) / cols
    for i, seat in enumerate(order):
        r, k = divmod(i, cols)
        player_panel(c, Box(body.x + k * (pw + GAP), body.y + r * (player_h + GAP), pw, player_h), view, seat)
    if private:
        draw_private(c, Box(body.x, body.y + rows * (player_h + GAP), body.w, PRIVATE_H), view)
    return c.to_png()


def more_images(view: dict[str, Any]) -> list[tuple[str, bytes]]:
    """The public post's images after the table: the robots' boards (a seat's own image already has them)."""
    return [] if is_private(view) else [(BOARDS_TITLE, draw_boards(view))]
