"""Game pieces: cards (face up / face down), badges and token stacks with counts."""

from __future__ import annotations

from . import fonts
from .canvas import Canvas
from .geometry import Box, Point
from .palette import (
    CARD_BACK,
    HIGHLIGHT,
    PANEL,
    PANEL_BORDER,
    PANEL_HEADER,
    TEXT,
    WHITE,
    Colour,
    lighten,
    outline_for,
    text_on,
)
from .primitives import draw_shape, highlight, label_size

MIN_BADGE_TEXT = 10.0  # logical; smaller count text is unreadable on a phone at scale 2


def badge(
    c: Canvas,
    center: Point,
    text: object,
    size: float = fonts.SIZE_SMALL,
    fill: Colour = TEXT,
    outline: Colour | None = WHITE,
) -> Box:
    """Round (or pill-shaped, for long text) badge centred on ``center``; returns its box."""
    w, h = label_size(c, text, size, bold=True, pill=True, pad=size * 0.4)
    w = max(w, h)
    box = Box.around(center, w, h)
    c.rect(box, fill=fill, outline=outline, width=max(1.0, size / 10), radius=h / 2)
    c.text(box.center, text, size, text_on(fill), "mm", bold=True)
    return box


def card_back(c: Canvas, box: Box, colour: Colour = CARD_BACK, text: str | None = None) -> None:
    """Face-down card: rounded rectangle with an inner frame and diagonal hatching."""
    radius = min(box.w, box.h) * 0.08
    c.rect(box, fill=colour, outline=outline_for(colour, PANEL), width=1, radius=radius)
    inner = box.inset(min(box.w, box.h) * 0.1)
    stripe = lighten(colour, 0.18)
    step = max(4.0, min(inner.w, inner.h) / 6)
    k = -inner.h
    while k < inner.w:  # clip diagonal lines to the inner frame
        x0, y0 = inner.x + max(k, 0), inner.y + max(-k, 0)
        length = min(inner.x1 - x0, inner.y1 - y0)
        if length > 0:
            c.line([(x0, y0), (x0 + length, y0 + length)], stripe, max(1.0, step / 4), rounded=False)
        k += step
    c.rect(inner, outline=lighten(colour, 0.45), width=max(1.0, step / 5), radius=radius * 0.6)
    if text:
        size = max(8.0, min(box.w / 5, fonts.SIZE_BODY))
        c.text(box.center, text, size, text_on(colour), "mm", bold=True, max_width=inner.w)


def card(
    c: Canvas,
    box: Box,
    title: str,
    body: str = "",
    cost: object | None = None,
    corner: object | None = None,
    colour: Colour | None = None,
    face_down: bool = False,
    highlighted: bool = False,
    title_size: float | None = None,
    body_size: float | None = None,
) -> None:
    """Face-up card with a coloured title band, wrapped body text and optional badges.

    ``cost`` is a round badge on the top-left corner; ``corner`` a pill on the top-right (e.g.
    points). Text that does not fit is truncated with an ellipsis.
    """
    if face_down:
        card_back(c, box, colour or CARD_BACK)
        if highlighted:
            highlight(c, box, HIGHLIGHT, radius=min(box.w, box.h) * 0.08)
        return
    ts = title_size or max(8.0, min(fonts.SIZE_BODY, box.w / 7))
    bs = body_size or max(7.0, ts * 0.85)
    radius = min(box.w, box.h) * 0.08
    pad = max(3.0, box.w * 0.06)
    band_colour = colour or PANEL_HEADER
    c.rect(box, fill=PANEL, outline=PANEL_BORDER, width=1, radius=radius)
    badge_size = ts * 0.85

    def badge_w(text: object | None) -> float:
        if text is None:
            return 0.0
        return label_size(c, text, badge_size, bold=True, pill=True, pad=badge_size * 0.4)[0] + pad * 0.3

    cost_w, corner_w = badge_w(cost), badge_w(corner)
    badge_h = c.line_height(badge_size, True) + badge_size * 0.5 if cost_w or corner_w else 0.0
    # Title beside the badges if every word fits there, else on its own lines below them.
    beside = box.w - 2 * pad - cost_w - corner_w
    words = title.split() or [""]
    side_by_side = beside >= max(c.text_width(w, ts, True) for w in words)
    title_w = beside if side_by_side else box.w - 2 * pad
    title_lines = c.wrap(title, ts, title_w, bold=True, max_lines=2) if title else []
    title_h = c.lines_height(len(title_lines), ts, bold=True)
    title_y = box.y + pad * 0.6
    if side_by_side:
        band_h = max(title_h, badge_h) + pad * 1.2
        title_y += (band_h - pad * 1.2 - title_h) / 2
        badge_y = box.y + band_h / 2
    else:
        band_h = badge_h + title_h + pad * 1.5
        badge_y = box.y + pad * 0.6 + badge_h / 2
        title_y += badge_h + pad * 0.3
    band = Box(box.x, box.y, box.w, min(band_h, box.h))
    c.rect(band, fill=band_colour, radius=radius)
    c.rect(Box(band.x, band.center[1], band.w, band.h / 2), fill=band_colour)
    c.line([(box.x, band.y1), (box.x1, band.y1)], PANEL_BORDER, 1, rounded=False)
    c.rect(box, outline=PANEL_BORDER, width=1, radius=radius)  # redraw the border over the band
    text_x = box.x + pad + (cost_w if side_by_side else 0) + title_w / 2
    c.text_lines((text_x, title_y), title_lines, ts, text_on(band_colour), "m", bold=True)
    if body:
        avail_h = box.y1 - band.y1 - pad * 1.5
        max_lines = max(0, int((avail_h + bs * 0.15) // (c.line_height(bs) + bs * 0.15)))
        if max_lines:
            lines = c.wrap(body, bs, box.w - 2 * pad, max_lines=max_lines)
            c.text_lines((box.x + pad, band.y1 + pad * 0.75), lines, bs, TEXT)
    if cost is not None:
        badge(c, (box.x + pad * 0.7 + (cost_w - pad * 0.3) / 2, badge_y), cost, badge_size)
    if corner is not None:
        at = (box.x1 - pad * 0.7 - (corner_w - pad * 0.3) / 2, badge_y)
        badge(c, at, corner, badge_size, fill=WHITE, outline=TEXT)
    if highlighted:
        highlight(c, box, HIGHLIGHT, radius=radius)


def token_stack(
    c: Canvas,
    center: Point,
    count: int,
    colour: Colour,
    r: float = 12,
    shape: str = "circle",
    text: str | None = None,
    show_one: bool = False,
    background: Colour = PANEL,
) -> Box:
    """A token icon drawn as a small pile, with an "×N" badge at its lower right.

    Up to three layers are drawn to suggest quantity; ``count`` 0 draws a faint outline only.
    ``text`` (e.g. a resource initial) is written on the top token. Returns the occupied box.
    """
    out = outline_for(colour, background)
    lw = max(1.0, r / 8)
    if count <= 0:
        draw_shape(c, shape, center, r, lighten(colour, 0.8), lighten(out, 0.5), lw)
    else:
        layers = min(3, count)
        for i in range(layers - 1, -1, -1):
            p = (center[0], center[1] + i * r * 0.28)
            draw_shape(c, shape, p, r, colour, out, lw)
    if text:
        c.text(center, text, r, text_on(colour), "mm", bold=True, max_width=r * 1.6)
    box = Box.around(center, 2 * r, 2 * r + (min(3, max(count, 1)) - 1) * r * 0.28)
    if count > 1 or show_one or count == 0:
        size = max(MIN_BADGE_TEXT, r * 0.8)
        b = badge(c, (center[0] + r * 0.95, center[1] + r * 0.85), f"×{count}", size)
        box = box.union(b)
    return box
