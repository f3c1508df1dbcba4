"""Resource chips: '2 Si' on the resource's colour (names are doubled with letters, spec 6.6)."""

from __future__ import annotations

from render.core import Box, Canvas
from render.core.palette import MUTED, text_on

from .layout import TEXT_XS, ink, short_resource

CHIP_GAP = 3.0


def chip_text(n: int, name: str) -> str:
    """'2 Si'; a single unit of a queue (``n == 0``) is just 'Si'."""
    return f"{n} {short_resource(name)}" if n else short_resource(name)


def chips_width(c: Canvas, items: list[tuple[int, str]], size: float = TEXT_XS) -> float:
    return sum(c.text_width(chip_text(n, r), size, bold=True) + 8 + CHIP_GAP for n, r in items) - CHIP_GAP


def draw_chips(c: Canvas, x: float, y: float, items: list[tuple[int, str]], right: float,
               size: float = TEXT_XS) -> float:
    """Chips left to right from ``x`` on the middle line ``y`` until ``right``; returns the x after them."""
    for n, name in items:
        text = chip_text(n, name)
        w = c.text_width(text, size, bold=True) + 8
        if x + w > right:
            c.text((x, y), "...", size, MUTED, "lm")
            return x
        colour = ink(name)
        c.rect(Box(x, y - size * 0.62, w, size * 1.24), fill=colour, radius=4)
        c.text((x + w / 2, y), text, size, text_on(colour), "mm", bold=True)
        x += w + CHIP_GAP
    return x


def draw_chip_rows(c: Canvas, x: float, y: float, items: list[tuple[int, str]], right: float,
                   size: float = TEXT_XS) -> float:
    """Chips wrapped onto as many rows as they need from (``x``, ``y`` top); returns the y below them."""
    cx, row = x, size * 1.24 + CHIP_GAP
    for n, name in items:
        w = chips_width(c, [(n, name)], size)
        if cx > x and cx + w > right:
            cx, y = x, y + row
        draw_chips(c, cx, y + row / 2, [(n, name)], right + 1, size)
        cx += w + CHIP_GAP
    return y + row
