"""Square-cell boards: geometry, coordinates, per-cell fills and drawings, highlights."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from . import fonts
from .canvas import Canvas
from .geometry import Box, Point
from .palette import CELL_DARK, CELL_LIGHT, GRID_LINE, HIGHLIGHT, MUTED, Colour
from .primitives import highlight

Cell = tuple[int, int]  # (row, col)
CellFill = Callable[[int, int], Colour | None] | Mapping[Cell, Colour]
CellPainter = Callable[[Canvas, Box, int, int], None]
CellDrawing = CellPainter | Mapping[Cell, Callable[[Canvas, Box], None]]


@dataclass(frozen=True)
class GridSpec:
    """``rows`` × ``cols`` square cells of side ``cell`` with top-left cell corner at ``origin``."""

    rows: int
    cols: int
    cell: float
    origin: Point = (0.0, 0.0)
    gap: float = 0.0

    @property
    def size(self) -> tuple[float, float]:
        """Logical (width, height) of the cells (coordinates excluded)."""
        return (
            self.cols * self.cell + (self.cols - 1) * self.gap,
            self.rows * self.cell + (self.rows - 1) * self.gap,
        )

    @property
    def bounds(self) -> Box:
        return Box(self.origin[0], self.origin[1], *self.size)

    def cell_box(self, row: int, col: int) -> Box:
        step = self.cell + self.gap
        return Box(self.origin[0] + col * step, self.origin[1] + row * step, self.cell, self.cell)

    def cell_center(self, row: int, col: int) -> Point:
        return self.cell_box(row, col).center

    def cell_at(self, p: Point) -> Cell | None:
        """Cell under a logical point, or None (outside or in a gap)."""
        step = self.cell + self.gap
        col = int((p[0] - self.origin[0]) // step)
        row = int((p[1] - self.origin[1]) // step)
        if 0 <= row < self.rows and 0 <= col < self.cols and self.cell_box(row, col).contains(p):
            return row, col
        return None

    def cells(self) -> Iterable[Cell]:
        for r in range(self.rows):
            for c in range(self.cols):
                yield r, c


def column_name(index: int) -> str:
    """0 → "A", 25 → "Z", 26 → "AA" (spreadsheet style)."""
    name = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        name = chr(ord("A") + rem) + name
    return name


def coord_margin(c: Canvas, rows: int, size: float = fonts.SIZE_SMALL) -> float:
    """Logical margin needed left of / above a grid for coordinate labels."""
    return max(c.text_width(str(rows), size), c.line_height(size)) + size * 0.5


def fit_grid(
    rows: int, cols: int, box: Box, gap: float = 0.0, coords: bool = False, c: Canvas | None = None
) -> GridSpec:
    """Largest GridSpec centred in ``box`` (leaving room for coordinates when ``coords``)."""
    margin = coord_margin(c, rows) if coords and c is not None else (20.0 if coords else 0.0)
    avail_w, avail_h = box.w - margin, box.h - margin
    cell = max(1.0, min((avail_w - (cols - 1) * gap) / cols, (avail_h - (rows - 1) * gap) / rows))
    w, h = cols * cell + (cols - 1) * gap, rows * cell + (rows - 1) * gap
    x = box.x + margin + (avail_w - w) / 2
    y = box.y + margin + (avail_h - h) / 2
    return GridSpec(rows, cols, cell, (x, y), gap)


def _fill_of(fill: CellFill | None, r: int, col: int, checker: bool) -> Colour | None:
    if fill is not None:
        colour = fill(r, col) if callable(fill) else fill.get((r, col))
        if colour is not None:
            return colour
    if checker:
        return CELL_DARK if (r + col) % 2 else CELL_LIGHT
    return CELL_LIGHT


def draw_grid(
    c: Canvas,
    spec: GridSpec,
    fill: CellFill | None = None,
    draw: CellDrawing | None = None,
    coords: bool = False,
    rows_from_bottom: bool = False,
    checker: bool = False,
    line: Colour | None = GRID_LINE,
    line_width: float = 1,
    highlights: Iterable[Cell] = (),
    coord_size: float = fonts.SIZE_SMALL,
) -> Box:
    """Draw a grid board and return its bounds (coordinates included).

    ``fill`` maps a cell to a background colour (callable or mapping); ``draw`` paints each cell's
    contents, either as a callable ``(canvas, box, row, col)`` or a mapping ``cell -> (canvas, box)``.
    With ``coords`` columns are lettered above and rows numbered on the left (1 at the top, or at
    the bottom with ``rows_from_bottom``). ``highlights`` get the "last move" outline.
    """
    for r, col in spec.cells():
        c.rect(spec.cell_box(r, col), fill=_fill_of(fill, r, col, checker))
    if line is not None:
        if spec.gap > 0:
            for r, col in spec.cells():
                c.rect(spec.cell_box(r, col), outline=line, width=line_width)
        else:
            b = spec.bounds
            for i in range(spec.rows + 1):
                y = b.y + i * spec.cell
                c.line([(b.x, y), (b.x1, y)], line, line_width, rounded=False)
            for i in range(spec.cols + 1):
                x = b.x + i * spec.cell
                c.line([(x, b.y), (x, b.y1)], line, line_width, rounded=False)
    if draw is not None:
        for r, col in spec.cells():
            box = spec.cell_box(r, col)
            if callable(draw):
                draw(c, box, r, col)
            elif (r, col) in draw:
                draw[(r, col)](c, box)
    for r, col in highlights:
        if 0 <= r < spec.rows and 0 <= col < spec.cols:
            highlight(c, spec.cell_box(r, col).inset(1), HIGHLIGHT, width=max(2.0, spec.cell / 14))
    bounds = spec.bounds
    if coords:
        m = coord_margin(c, spec.rows, coord_size)
        for col in range(spec.cols):
            x = spec.cell_center(0, col)[0]
            c.text((x, bounds.y - m / 2), column_name(col), coord_size, MUTED, "mm")
        for r in range(spec.rows):
            y = spec.cell_center(r, 0)[1]
            number = spec.rows - r if rows_from_bottom else r + 1
            c.text((bounds.x - m / 2, y), str(number), coord_size, MUTED, "mm")
        bounds = Box(bounds.x - m, bounds.y - m, bounds.w + m, bounds.h + m)
    return bounds


def cell_name(row: int, col: int, rows: int | None = None) -> str:
    """Human coordinate such as "C4" (rows counted from the bottom when ``rows`` is given)."""
    number = rows - row if rows is not None else row + 1
    return f"{column_name(col)}{number}"
