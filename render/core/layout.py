"""Layout helpers: split boxes into rows/columns/grids, flow content, fit player panels.

Everything is in logical units. To size a canvas from its content, measure first with
:func:`measurer` (text metrics do not depend on the canvas size), then create the canvas.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .canvas import Canvas
from .geometry import Box

Weights = int | Sequence[float]


def _weights(n_or_weights: Weights) -> list[float]:
    if isinstance(n_or_weights, int):
        return [1.0] * max(0, n_or_weights)
    return [max(0.0, float(w)) for w in n_or_weights]


def row(box: Box, n_or_weights: Weights, gap: float = 0, pad: float = 0) -> list[Box]:
    """Split ``box`` left→right into n equal parts or parts proportional to weights."""
    inner = box.inset(pad)
    ws = _weights(n_or_weights)
    if not ws:
        return []
    total = sum(ws) or 1.0
    avail = max(0.0, inner.w - gap * (len(ws) - 1))
    out, x = [], inner.x
    for w in ws:
        width = avail * w / total
        out.append(Box(x, inner.y, width, inner.h))
        x += width + gap
    return out


def column(box: Box, n_or_weights: Weights, gap: float = 0, pad: float = 0) -> list[Box]:
    """Split ``box`` top→bottom into n equal parts or parts proportional to weights."""
    inner = box.inset(pad)
    flipped = Box(inner.y, inner.x, inner.h, inner.w)
    return [Box(b.y, b.x, b.h, b.w) for b in row(flipped, n_or_weights, gap)]


def grid(box: Box, rows: int, cols: int, gap: float = 0, pad: float = 0) -> list[Box]:
    """rows × cols equal cells in row-major order."""
    return [cell for r in column(box, rows, gap, pad) for cell in row(r, cols, gap)]


def fixed_column(box: Box, heights: Sequence[float], gap: float = 0, pad: float = 0) -> list[Box]:
    """Stack boxes of the given heights from the top of ``box`` (full width)."""
    inner = box.inset(pad)
    out, y = [], inner.y
    for h in heights:
        out.append(Box(inner.x, y, inner.w, h))
        y += h + gap
    return out


def stack_height(heights: Sequence[float], gap: float = 0, pad: float = 0) -> float:
    """Total height of :func:`fixed_column` content: measure before creating the canvas."""
    if not heights:
        return 2 * pad
    return sum(heights) + gap * (len(heights) - 1) + 2 * pad


def flow(box: Box, sizes: Sequence[tuple[float, float]], gap: float = 0, align: str = "l") -> list[Box]:
    """Place items left→right, wrapping to new lines (like words); ``align`` is l, m or r per line."""
    lines: list[list[tuple[float, float]]] = [[]]
    width = 0.0
    for w, h in sizes:
        if lines[-1] and width + gap + w > box.w:
            lines.append([])
            width = 0.0
        width += (gap if lines[-1] else 0) + w
        lines[-1].append((w, h))
    out, y = [], box.y
    for line in lines:
        if not line:
            continue
        line_w = sum(w for w, _ in line) + gap * (len(line) - 1)
        x = box.x + {"l": 0.0, "m": (box.w - line_w) / 2, "r": box.w - line_w}.get(align, 0.0)
        line_h = max(h for _, h in line)
        for w, h in line:
            out.append(Box(x, y + (line_h - h) / 2, w, h))
            x += w + gap
        y += line_h + gap
    return out


def flow_height(width: float, sizes: Sequence[tuple[float, float]], gap: float = 0) -> float:
    """Height :func:`flow` needs for ``sizes`` at ``width``."""
    boxes = flow(Box(0, 0, width, 0), sizes, gap)
    return max((b.y1 for b in boxes), default=0.0)


def best_columns(n: int, box: Box, aspect: float = 1.6, gap: float = 8) -> int:
    """Column count maximising the area of ``n`` panels with width/height ``aspect`` inside ``box``."""
    best, best_area = 1, -1.0
    for cols in range(1, max(1, n) + 1):
        rows = math.ceil(n / cols)
        w = (box.w - gap * (cols - 1)) / cols
        h = (box.h - gap * (rows - 1)) / rows
        if w <= 0 or h <= 0:
            continue
        pw = min(w, h * aspect)
        area = pw * pw / aspect
        if area > best_area + 1e-9:
            best, best_area = cols, area
    return best


def fit_panels(
    n: int, box: Box, aspect: float = 1.6, gap: float = 8, cols: int | None = None, center_last: bool = True
) -> list[Box]:
    """Boxes for ``n`` player panels filling ``box``; an incomplete last row is centred."""
    if n <= 0:
        return []
    cols = cols or best_columns(n, box, aspect, gap)
    rows = math.ceil(n / cols)
    cells = grid(box, rows, cols, gap)
    out = cells[:n]
    left = n - (rows - 1) * cols
    if center_last and left < cols:
        shift = (cols - left) * (cells[0].w + gap) / 2
        out = out[: n - left] + [b.move(shift, 0) for b in out[n - left :]]
    return out


def panel_columns(width: float, n: int, min_panel_width: float, gap: float = 8) -> int:
    """How many panels of at least ``min_panel_width`` fit side by side in ``width``."""
    fit = int((width + gap) // (min_panel_width + gap))
    return max(1, min(n, fit))


def panels_height(n: int, width: float, min_panel_width: float, panel_height: float, gap: float = 8) -> float:
    """Height needed to show ``n`` panels of ``panel_height`` in ``width`` (measure-then-draw)."""
    if n <= 0:
        return 0.0
    cols = panel_columns(width, n, min_panel_width, gap)
    rows = math.ceil(n / cols)
    return rows * panel_height + (rows - 1) * gap


def measurer(scale: float = 2.0) -> Canvas:
    """A throw-away 1×1 canvas for measuring text at ``scale`` before the real canvas exists."""
    return Canvas(1, 1, scale=scale, max_side=max(1, math.ceil(scale)))


def center_in(box: Box, w: float, h: float) -> Box:
    """A w × h box centred in ``box``."""
    return Box.around(box.center, w, h)


def shrink_widths(want: list[float], avail: float, min_w: float) -> list[float]:
    """Column widths: as wanted if they fit, else wide columns shrink first; total == avail."""
    if not want:
        return []
    if sum(want) <= avail:
        extra = (avail - sum(want)) / len(want)
        return [w + extra for w in want]
    widths = list(want)
    while sum(widths) > avail + 0.01:
        cap = max(widths)
        over = sum(widths) - avail
        n_cap = sum(1 for w in widths if w >= cap - 0.01)
        second = max([w for w in widths if w < cap - 0.01], default=min_w)
        cut = min(over / n_cap, cap - max(second, min_w))
        if cut <= 0.01:
            k = avail / sum(widths)
            return [w * k for w in widths]
        widths = [w - cut if w >= cap - 0.01 else w for w in widths]
    return widths
