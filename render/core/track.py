"""Score/progress tracks: linear, snaking or looping rows of spaces with stacked seat markers."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence

from .canvas import Canvas
from .geometry import Box, Point
from .palette import CELL_LIGHT, GRID_LINE, HIGHLIGHT, MUTED, PANEL, Colour
from .primitives import highlight, seat_marker


def track_spaces(
    n: int, box: Box, mode: str = "linear", per_row: int | None = None, gap: float = 2
) -> list[Box]:
    """Boxes of ``n`` square spaces in reading order inside ``box``.

    ``mode``: ``"linear"`` (one row), ``"snake"`` (rows of ``per_row``, alternating direction) or
    ``"loop"`` (clockwise around the edge of ``box`` starting top-left).
    """
    if n <= 0:
        return []
    if mode == "linear":
        side = min((box.w - (n - 1) * gap) / n, box.h)
        x0 = box.x + (box.w - (n * side + (n - 1) * gap)) / 2
        y = box.y + (box.h - side) / 2
        return [Box(x0 + i * (side + gap), y, side, side) for i in range(n)]
    if mode == "snake":
        if per_row is None:  # near-square cells filling the box
            per_row = max(1, min(n, round(math.sqrt(n * box.w / max(box.h, 1)))))
        rows = math.ceil(n / per_row)
        side = min((box.w - (per_row - 1) * gap) / per_row, (box.h - (rows - 1) * gap) / rows)
        x0 = box.x + (box.w - (per_row * side + (per_row - 1) * gap)) / 2
        y0 = box.y + (box.h - (rows * side + (rows - 1) * gap)) / 2
        out = []
        for i in range(n):
            row, k = divmod(i, per_row)
            col = k if row % 2 == 0 else per_row - 1 - k
            out.append(Box(x0 + col * (side + gap), y0 + row * (side + gap), side, side))
        return out
    if mode == "loop":
        half = (n + 4) / 2  # cols + rows when the perimeter holds n cells
        cols = max(2, round(half * box.w / (box.w + box.h)))
        rows = max(2, math.ceil(half - cols))
        side = min((box.w - (cols - 1) * gap) / cols, (box.h - (rows - 1) * gap) / rows)
        step = side + gap
        x0 = box.x + (box.w - (cols * side + (cols - 1) * gap)) / 2
        y0 = box.y + (box.h - (rows * side + (rows - 1) * gap)) / 2
        cells = [(0, c) for c in range(cols)]
        cells += [(r, cols - 1) for r in range(1, rows)]
        cells += [(rows - 1, c) for c in range(cols - 2, -1, -1)]
        cells += [(r, 0) for r in range(rows - 2, 0, -1)]
        return [Box(x0 + c * step, y0 + r * step, side, side) for r, c in cells[:n]]
    raise ValueError(f"unknown track mode: {mode!r}")


def stack_points(k: int, box: Box) -> tuple[list[Point], float]:
    """Centres and radius for ``k`` markers sharing one space (a small grid, centred)."""
    if k <= 0:
        return [], 0.0
    cols = math.ceil(math.sqrt(k))
    rows = math.ceil(k / cols)
    cell = min(box.w / cols, box.h / rows)
    r = cell * 0.42 if k > 1 else min(box.w, box.h) * 0.32
    pts = []
    for i in range(k):
        row, col = divmod(i, cols)
        in_row = min(cols, k - row * cols)
        x = box.center[0] + (col - (in_row - 1) / 2) * cell
        y = box.center[1] + (row - (rows - 1) / 2) * cell
        pts.append((x, y))
    return pts, r


def draw_track(
    c: Canvas,
    spaces: Sequence[Box],
    positions: Mapping[int, int],
    numbers: int | None = 5,
    first_number: int = 0,
    fill: Callable[[int], Colour | None] | None = None,
    highlight_space: int | None = None,
    connect: bool = True,
) -> None:
    """Draw spaces, their numbers and seat markers.

    ``positions`` maps seat → space index (clamped to the track); seats on the same space stack.
    ``numbers`` labels every n-th space (None: no numbers); ``fill(i)`` colours space i.
    """
    if not spaces:
        return
    side = min(spaces[0].w, spaces[0].h)
    if connect and len(spaces) > 1:
        c.line([s.center for s in spaces], GRID_LINE, max(1.0, side / 12))
    for i, s in enumerate(spaces):
        colour = (fill(i) if fill is not None else None) or (PANEL if i % 5 else CELL_LIGHT)
        c.rect(s, fill=colour, outline=GRID_LINE, width=1, radius=side / 6)
    occupied: dict[int, list[int]] = {}
    for seat, pos in sorted(positions.items()):
        occupied.setdefault(max(0, min(len(spaces) - 1, pos)), []).append(seat)
    size = max(9.0, side * 0.4)
    for i, s in enumerate(spaces):
        if numbers and (i + first_number) % numbers == 0 and i not in occupied:
            c.text(s.center, str(i + first_number), size, MUTED, "mm", max_width=s.w)
        elif numbers and (i + first_number) % numbers == 0:
            c.text((s.x + 2, s.y + 1), str(i + first_number), size * 0.75, MUTED, "lt")
    if highlight_space is not None and 0 <= highlight_space < len(spaces):
        highlight(c, spaces[highlight_space], HIGHLIGHT, width=max(2.0, side / 12), radius=side / 6)
    for i, seats in occupied.items():
        pts, r = stack_points(len(seats), spaces[i].inset(side * 0.08))
        for seat, p in zip(seats, pts, strict=True):
            seat_marker(c, p, seat, r, background=PANEL)


def score_track_size(n: int, per_row: int, side: float, gap: float = 2) -> tuple[float, float]:
    """Logical size of a snake track of ``n`` spaces, ``per_row`` wide, with spaces of ``side``."""
    rows = math.ceil(n / per_row)
    return per_row * side + (per_row - 1) * gap, rows * side + (rows - 1) * gap
