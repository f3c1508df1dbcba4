"""Basic drawing primitives: labels, seat markers, arrows, highlights, legends and panels."""

from __future__ import annotations

import math
from collections.abc import Sequence

from . import fonts
from .canvas import Canvas, Ink
from .geometry import Box, Point, anchor_box, regular_polygon
from .palette import (
    BACKGROUND,
    HIGHLIGHT,
    PANEL,
    PANEL_BORDER,
    PANEL_HEADER,
    TEXT,
    WHITE,
    Colour,
    lighten,
    outline_for,
    seat_colour,
    seat_shape,
    text_on,
)

# -- labels --------------------------------------------------------------------------------


def _pads(size: float, pad: float | None) -> tuple[float, float]:
    px = size * 0.55 if pad is None else pad
    return px, (size * 0.22 if pad is None else pad / 2)


def label_size(
    c: Canvas,
    text: object,
    size: float = fonts.SIZE_BODY,
    bold: bool = False,
    pill: bool = False,
    pad: float | None = None,
    max_width: float | None = None,
) -> tuple[float, float]:
    """Logical (width, height) :func:`label` would occupy with the same arguments."""
    tw, th = c.text_size(fonts.sanitize(text), size, bold)
    if pill:
        px, py = _pads(size, pad)
        tw, th = tw + 2 * px, th + 2 * py
    return (min(tw, max_width) if max_width is not None else tw), th


def label(
    c: Canvas,
    xy: Point,
    text: object,
    size: float = fonts.SIZE_BODY,
    colour: Ink | None = None,
    anchor: str = "lt",
    max_width: float | None = None,
    bg: Colour | None = None,
    pad: float | None = None,
    bold: bool = False,
    outline: Colour | None = None,
) -> Box:
    """Text at ``xy``; with ``bg`` it sits on a rounded pill. Returns the occupied logical box.

    ``colour`` defaults to a readable colour on ``bg`` (or the UI text colour without a pill).
    Text wider than ``max_width`` (pill included) is truncated with an ellipsis.
    """
    if bg is None:
        return c.text(xy, text, size, TEXT if colour is None else colour, anchor, bold, max_width)
    px, py = _pads(size, pad)
    inner_max = None if max_width is None else max(0.0, max_width - 2 * px)
    s = fonts.sanitize(text) if inner_max is None else c.truncate(str(text), size, inner_max, bold)
    w, h = c.text_size(s, size, bold)
    box = anchor_box(xy, w + 2 * px, h + 2 * py, anchor)
    c.rect(box, fill=bg, outline=outline, width=1, radius=box.h / 2)
    c.text((box.x + px, box.center[1]), s, size, text_on(bg) if colour is None else colour, "lm", bold)
    return box


# -- seat markers --------------------------------------------------------------------------


def shape_points(shape: str, center: Point, r: float) -> list[Point] | None:
    """Polygon for a marker shape of "radius" ``r`` (None for circle)."""
    cx, cy = center
    if shape == "circle":
        return None
    if shape == "square":
        return regular_polygon(center, r * 1.0, 4, rotation_deg=45)
    if shape == "triangle":
        return regular_polygon((cx, cy + r * 0.15), r * 1.2, 3)
    if shape == "diamond":
        return regular_polygon(center, r * 1.15, 4)
    if shape == "pentagon":
        return regular_polygon(center, r * 1.05, 5)
    if shape == "hexagon":
        return regular_polygon(center, r * 1.05, 6, rotation_deg=0)
    if shape == "star":
        outer = regular_polygon(center, r * 1.2, 5)
        inner = regular_polygon(center, r * 0.55, 5, rotation_deg=-90 + 36)
        return [p for pair in zip(outer, inner, strict=True) for p in pair]
    if shape == "cross":
        a, b = r * 0.38, r * 1.0
        rel = [(-a, -b), (a, -b), (a, -a), (b, -a), (b, a), (a, a), (a, b), (-a, b), (-a, a), (-b, a)]
        rel += [(-b, -a), (-a, -a)]
        return [(cx + dx, cy + dy) for dx, dy in rel]
    raise ValueError(f"unknown marker shape: {shape!r}")


def draw_shape(
    c: Canvas,
    shape: str,
    center: Point,
    r: float,
    fill: Ink | None,
    outline: Ink | None = None,
    width: float = 1,
) -> None:
    """Draw a marker shape (see :data:`palette.SEAT_SHAPES`)."""
    pts = shape_points(shape, center, r)
    if pts is None:
        c.circle(center, r, fill, outline, width)
    else:
        c.polygon(pts, fill, outline, width)


def seat_marker(
    c: Canvas,
    center: Point,
    seat: int,
    r: float = 10,
    text: str | None = None,
    background: Colour = BACKGROUND,
    shape: str | None = None,
) -> Box:
    """Seat token: the seat's shape in the seat's colour, outlined; optional short ``text`` inside."""
    colour = seat_colour(seat)
    draw_shape(
        c, shape or seat_shape(seat), center, r, colour, outline_for(colour, background), max(1, r / 7)
    )
    if text:
        size = max(6.0, r * (1.0 if len(text) <= 1 else 0.8))
        c.text(center, text, size, text_on(colour), "mm", bold=True, max_width=r * 1.6)
    return Box.around(center, 2 * r, 2 * r)


# -- arrows and highlights -----------------------------------------------------------------


def _arrow_head(tip: Point, prev: Point, head: float) -> list[Point]:
    ang = math.atan2(tip[1] - prev[1], tip[0] - prev[0])
    back = (tip[0] - head * math.cos(ang), tip[1] - head * math.sin(ang))
    nx, ny = -math.sin(ang) * head * 0.55, math.cos(ang) * head * 0.55
    return [tip, (back[0] + nx, back[1] + ny), (back[0] - nx, back[1] - ny)]


def path_arrow(
    c: Canvas,
    points: Sequence[Point],
    colour: Colour = HIGHLIGHT,
    width: float = 3,
    head: float | None = None,
    halo: Colour | None = WHITE,
) -> None:
    """Polyline through ``points`` with an arrow head at the last point.

    A thin ``halo`` is drawn underneath so the arrow stays visible on any board colour.
    """
    pts = [p for i, p in enumerate(points) if i == 0 or p != points[i - 1]]
    if len(pts) < 2:
        return
    head = width * 3.2 if head is None else head
    tip, prev = pts[-1], pts[-2]
    seg = math.dist(tip, prev)
    k = max(0.0, (seg - head * 0.8) / seg) if seg else 0.0
    shaft = [*pts[:-1], (prev[0] + (tip[0] - prev[0]) * k, prev[1] + (tip[1] - prev[1]) * k)]
    tri = _arrow_head(tip, prev, head)
    if halo is not None:
        c.line(shaft, halo, width + 2.5)
        c.polygon(tri, halo, halo, 2.5)
    c.line(shaft, colour, width)
    c.polygon(tri, colour)


def arrow(
    c: Canvas,
    start: Point,
    end: Point,
    colour: Colour = HIGHLIGHT,
    width: float = 3,
    head: float | None = None,
    halo: Colour | None = WHITE,
) -> None:
    """Straight arrow from ``start`` to ``end``."""
    path_arrow(c, [start, end], colour, width, head, halo)


def highlight(
    c: Canvas,
    target: Box | Sequence[Point],
    colour: Colour = HIGHLIGHT,
    width: float = 3,
    glow: bool = True,
    radius: float = 0,
) -> None:
    """ "Last move" emphasis: a soft glow plus a crisp thick outline around a box or polygon."""

    def outline(canvas: Canvas, ink: Ink, w: float) -> None:
        if isinstance(target, Box):
            canvas.rect(target.expand(w / 2), outline=ink, width=w, radius=radius)
        else:
            pts = list(target)
            canvas.line([*pts, pts[0], pts[1]], ink, w)

    if glow:
        mask = c.mask_layer()
        outline(mask, 255, width * 2.5)
        c.tint(mask, colour, blur=width, opacity=0.75)
    outline(c, colour, width)


# -- legends -------------------------------------------------------------------------------

LegendKey = int | Colour  # a seat number (marker) or a colour (swatch)


def legend_size(
    c: Canvas, entries: Sequence[tuple[LegendKey, str]], size: float = fonts.SIZE_BODY, columns: int = 1
) -> tuple[float, float]:
    """Logical (width, height) of :func:`legend`."""
    if not entries:
        return 0.0, 0.0
    columns = max(1, min(columns, len(entries)))
    lh = c.line_height(size)
    key_w = lh * 1.1
    col_w = max(key_w + size * 0.4 + c.text_width(text, size) for _, text in entries) + size
    rows = math.ceil(len(entries) / columns)
    return col_w * columns - size, rows * lh * 1.25 - lh * 0.25


def legend(
    c: Canvas,
    xy: Point,
    entries: Sequence[tuple[LegendKey, str]],
    size: float = fonts.SIZE_BODY,
    columns: int = 1,
    background: Colour = BACKGROUND,
) -> Box:
    """Key of seat markers (int keys) or colour swatches, laid out in ``columns`` (row-major)."""
    w, h = legend_size(c, entries, size, columns)
    if not entries:
        return Box(xy[0], xy[1], 0, 0)
    columns = max(1, min(columns, len(entries)))
    lh = c.line_height(size)
    col_w = (w + size) / columns
    for i, (key, text) in enumerate(entries):
        x = xy[0] + (i % columns) * col_w
        y = xy[1] + (i // columns) * lh * 1.25
        mid = (x + lh * 0.55, y + lh / 2)
        if isinstance(key, int):
            seat_marker(c, mid, key, lh * 0.4, background=background)
        else:
            c.rect(
                Box.around(mid, lh * 0.8, lh * 0.8), fill=key, outline=outline_for(key, background), radius=2
            )
        c.text((x + lh * 1.1 + size * 0.4, y + lh / 2), text, size, TEXT, "lm", max_width=col_w - lh * 1.5)
    return Box(xy[0], xy[1], w, h)


# -- panels --------------------------------------------------------------------------------


def panel_header_height(c: Canvas, title_size: float = fonts.SIZE_HEADING) -> float:
    """Height of a panel's title band."""
    return c.line_height(title_size, bold=True) + title_size * 0.6


def panel(
    c: Canvas,
    box: Box,
    title: str | None = None,
    seat: int | None = None,
    fill: Colour = PANEL,
    header: Colour | None = None,
    title_size: float = fonts.SIZE_HEADING,
    active: bool = False,
    badge: str | None = None,
) -> Box:
    """Rounded panel with an optional title band; returns the padded content box.

    ``seat`` adds that seat's marker before the title and tints the band with its colour; ``active`` draws a
    thick dark border (e.g. "this player is to move"); ``badge`` is a pill on the right of the band.
    """
    radius = min(8.0, box.w / 6, box.h / 6)
    pad = max(4.0, title_size * 0.5)
    c.rect(box, fill=fill, outline=TEXT if active else PANEL_BORDER, width=3 if active else 1, radius=radius)
    if title is None and seat is None:
        return box.inset(pad)
    hh = panel_header_height(c, title_size)
    band_colour = header or (lighten(seat_colour(seat), 0.55) if seat is not None else PANEL_HEADER)
    inset = 3 if active else 1
    band, rest = box.inset(inset).take_top(hh - inset)
    c.rect(band, fill=band_colour, radius=max(0.0, radius - inset))
    c.rect(Box(band.x, band.center[1], band.w, band.h / 2), fill=band_colour)  # square bottom corners
    x = band.x + pad
    text_colour = text_on(band_colour)
    if seat is not None:
        r = hh * 0.3
        seat_marker(c, (x + r, band.center[1]), seat, r, background=band_colour)
        x += 2 * r + pad * 0.6
    right = band.x1 - pad
    if badge:
        bw, _ = label_size(c, badge, title_size * 0.75, bold=True, pill=True)
        label(c, (right, band.center[1]), badge, title_size * 0.75, anchor="rm", bg=TEXT, bold=True)
        right -= bw + pad * 0.5
    if title:
        c.text((x, band.center[1]), title, title_size, text_colour, "lm", bold=True, max_width=right - x)
    return Box(rest.x, rest.y, rest.w, rest.h).inset(pad)
