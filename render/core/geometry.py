"""Plain geometry: points and axis-aligned boxes in logical units."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Point = tuple[float, float]


@dataclass(frozen=True)
class Box:
    """Axis-aligned rectangle given by its top-left corner and size."""

    x: float
    y: float
    w: float
    h: float

    @classmethod
    def from_corners(cls, x0: float, y0: float, x1: float, y1: float) -> Box:
        """Box spanning two corners (in any order)."""
        return cls(min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0))

    @classmethod
    def around(cls, center: Point, w: float, h: float) -> Box:
        """Box of size w×h centred on ``center``."""
        return cls(center[0] - w / 2, center[1] - h / 2, w, h)

    @property
    def x1(self) -> float:
        return self.x + self.w

    @property
    def y1(self) -> float:
        return self.y + self.h

    @property
    def center(self) -> Point:
        return (self.x + self.w / 2, self.y + self.h / 2)

    @property
    def corners(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1), the form ImageDraw expects."""
        return (self.x, self.y, self.x1, self.y1)

    def inset(self, dx: float, dy: float | None = None) -> Box:
        """Shrink by ``dx`` left/right and ``dy`` (default ``dx``) top/bottom; never below zero size."""
        dy = dx if dy is None else dy
        w, h = max(0.0, self.w - 2 * dx), max(0.0, self.h - 2 * dy)
        return Box(self.x + (self.w - w) / 2, self.y + (self.h - h) / 2, w, h)

    def expand(self, d: float) -> Box:
        """Grow by ``d`` on every side."""
        return Box(self.x - d, self.y - d, self.w + 2 * d, self.h + 2 * d)

    def move(self, dx: float, dy: float) -> Box:
        return Box(self.x + dx, self.y + dy, self.w, self.h)

    def contains(self, p: Point) -> bool:
        return self.x <= p[0] <= self.x1 and self.y <= p[1] <= self.y1

    def take_top(self, h: float, gap: float = 0) -> tuple[Box, Box]:
        """Split into (top strip of height ``h``, remainder below after ``gap``)."""
        h = min(h, self.h)
        rest_y = self.y + h + gap
        return Box(self.x, self.y, self.w, h), Box(self.x, rest_y, self.w, max(0.0, self.y1 - rest_y))

    def take_left(self, w: float, gap: float = 0) -> tuple[Box, Box]:
        """Split into (left strip of width ``w``, remainder to the right after ``gap``)."""
        w = min(w, self.w)
        rest_x = self.x + w + gap
        return Box(self.x, self.y, w, self.h), Box(rest_x, self.y, max(0.0, self.x1 - rest_x), self.h)

    def union(self, other: Box) -> Box:
        return Box.from_corners(
            min(self.x, other.x), min(self.y, other.y), max(self.x1, other.x1), max(self.y1, other.y1)
        )


def bounding_box(points: Iterable[Point]) -> Box:
    """Smallest box containing all points."""
    pts = list(points)
    if not pts:
        return Box(0, 0, 0, 0)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return Box.from_corners(min(xs), min(ys), max(xs), max(ys))


def anchor_box(xy: Point, w: float, h: float, anchor: str = "lt") -> Box:
    """Box of size w×h placed so that ``xy`` is at ``anchor``.

    ``anchor`` is two letters like Pillow's: horizontal ``l``/``m``/``r`` then vertical ``t``/``m``/``b``
    (``a`` is treated as ``t``; ``s`` and ``d`` as ``b``).
    """
    h_a = anchor[0] if anchor else "l"
    v_a = anchor[1] if len(anchor) > 1 else "t"
    x = xy[0] - {"l": 0.0, "m": w / 2, "r": w}.get(h_a, 0.0)
    y = xy[1] - {"t": 0.0, "a": 0.0, "m": h / 2, "b": h, "s": h, "d": h}.get(v_a, 0.0)
    return Box(x, y, w, h)


def polyline_length(points: Sequence[Point]) -> float:
    """Total length of a polyline."""
    return sum(math.dist(a, b) for a, b in itertools.pairwise(points))


def regular_polygon(center: Point, radius: float, n: int, rotation_deg: float = -90) -> list[Point]:
    """Vertices of a regular n-gon; by default the first vertex points up."""
    cx, cy = center
    return [
        (
            cx + radius * math.cos(math.radians(rotation_deg + 360 * i / n)),
            cy + radius * math.sin(math.radians(rotation_deg + 360 * i / n)),
        )
        for i in range(n)
    ]
