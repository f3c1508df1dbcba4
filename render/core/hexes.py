"""Hex maps in axial coordinates (q, r), pointy- or flat-topped (redblobgames conventions)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace

from . import fonts
from .canvas import Canvas
from .geometry import Box, Point, bounding_box
from .palette import CELL_LIGHT, GRID_LINE, HIGHLIGHT, Colour, text_on
from .primitives import highlight

Hex = tuple[int, int]  # axial (q, r)
SQRT3 = math.sqrt(3)


def hex_round(q: float, r: float) -> Hex:
    """Round fractional axial coordinates to the nearest hex (via cube rounding)."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)


def hex_distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return int((abs(dq) + abs(dr) + abs(dq + dr)) // 2)


def hex_neighbours(h: Hex) -> list[Hex]:
    q, r = h
    return [(q + 1, r), (q + 1, r - 1), (q, r - 1), (q - 1, r), (q - 1, r + 1), (q, r + 1)]


def hex_disc(radius: int, center: Hex = (0, 0)) -> list[Hex]:
    """All hexes within ``radius`` steps of ``center`` (a hexagon-shaped board)."""
    out = []
    for q in range(-radius, radius + 1):
        for r in range(max(-radius, -q - radius), min(radius, -q + radius) + 1):
            out.append((center[0] + q, center[1] + r))
    return out


@dataclass(frozen=True)
class HexLayout:
    """Maps axial hexes to logical points. ``size`` is the centre-to-corner distance."""

    size: float
    origin: Point = (0.0, 0.0)
    pointy: bool = True

    def hex_to_pixel(self, q: float, r: float) -> Point:
        """Centre of hex (q, r)."""
        if self.pointy:
            x = self.size * (SQRT3 * q + SQRT3 / 2 * r)
            y = self.size * (1.5 * r)
        else:
            x = self.size * (1.5 * q)
            y = self.size * (SQRT3 / 2 * q + SQRT3 * r)
        return (self.origin[0] + x, self.origin[1] + y)

    def pixel_to_hex_frac(self, p: Point) -> tuple[float, float]:
        x, y = (p[0] - self.origin[0]) / self.size, (p[1] - self.origin[1]) / self.size
        if self.pointy:
            return (SQRT3 / 3 * x - y / 3, 2 / 3 * y)
        return (2 / 3 * x, -x / 3 + SQRT3 / 3 * y)

    def pixel_to_hex(self, p: Point) -> Hex:
        """Hex containing a logical point."""
        return hex_round(*self.pixel_to_hex_frac(p))

    def corners(self, q: float, r: float, shrink: float = 0.0) -> list[Point]:
        """Six corners of a hex, optionally pulled in by ``shrink`` (for gaps between hexes)."""
        cx, cy = self.hex_to_pixel(q, r)
        rad = self.size - shrink
        start = -30 if self.pointy else 0
        return [
            (
                cx + rad * math.cos(math.radians(start + 60 * i)),
                cy + rad * math.sin(math.radians(start + 60 * i)),
            )
            for i in range(6)
        ]

    def bounds(self, hexes: Iterable[Hex]) -> Box:
        """Box enclosing all corners of ``hexes``."""
        return bounding_box(p for q, r in hexes for p in self.corners(q, r))

    @property
    def cell_width(self) -> float:
        return self.size * (SQRT3 if self.pointy else 2)

    @property
    def cell_height(self) -> float:
        return self.size * (2 if self.pointy else SQRT3)

    @classmethod
    def fit(cls, hexes: Iterable[Hex], box: Box, pointy: bool = True) -> HexLayout:
        """Largest layout drawing ``hexes`` centred inside ``box``."""
        cells = list(hexes)
        unit = cls(1.0, (0.0, 0.0), pointy)
        b = unit.bounds(cells)
        size = min(box.w / b.w, box.h / b.h) if b.w and b.h else 1.0
        scaled = replace(unit, size=size)
        sb = scaled.bounds(cells)
        origin = (box.center[0] - (sb.x + sb.w / 2), box.center[1] - (sb.y + sb.h / 2))
        return replace(scaled, origin=origin)


def hex_polygon(
    c: Canvas,
    layout: HexLayout,
    h: Hex,
    fill: Colour | None = CELL_LIGHT,
    outline: Colour | None = GRID_LINE,
    width: float = 1,
    shrink: float = 0.0,
) -> list[Point]:
    """Draw one hex; returns its corners."""
    pts = layout.corners(*h, shrink=shrink)
    c.polygon(pts, fill, outline, width)
    return pts


def draw_hex_map(
    c: Canvas,
    layout: HexLayout,
    cells: Mapping[Hex, Colour | None] | Iterable[Hex],
    labels: Mapping[Hex, str] | None = None,
    draw: Callable[[Canvas, Point, Hex], None] | None = None,
    outline: Colour | None = GRID_LINE,
    line_width: float = 1,
    highlights: Iterable[Hex] = (),
    label_size: float | None = None,
    gap: float = 0.0,
) -> Box:
    """Draw hexes (with optional fill colours), labels and per-hex drawings; returns the bounds.

    ``cells`` is either a mapping hex → fill colour (None for the default) or plain hexes.
    ``draw(canvas, centre, hex)`` paints contents; ``highlights`` get the "last move" outline.
    """
    fills: Mapping[Hex, Colour | None] = cells if isinstance(cells, Mapping) else dict.fromkeys(cells)
    size = label_size if label_size is not None else max(fonts.SIZE_SMALL * 0.75, layout.size * 0.45)
    for h, colour in fills.items():
        hex_polygon(c, layout, h, colour or CELL_LIGHT, outline, line_width, shrink=gap / 2)
    for h in fills:
        centre = layout.hex_to_pixel(*h)
        if draw is not None:
            draw(c, centre, h)
        if labels and h in labels:
            fg = text_on(fills[h] or CELL_LIGHT)
            c.text(centre, labels[h], size, fg, "mm", max_width=layout.cell_width * 0.85)
    for h in highlights:
        highlight(c, layout.corners(*h, shrink=gap / 2 + 1), HIGHLIGHT, width=max(2.0, layout.size / 9))
    return layout.bounds(fills)
