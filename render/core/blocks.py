"""Measured blocks for the generic renderer: headings, key/value lines, tables, grids, banners.

A ``BlockBuilder`` measures each block as it is added (with a measuring canvas at the final scale)
and stores a paint callback, so the caller can size the canvas before drawing anything.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import fonts
from .canvas import Canvas
from .geometry import Box
from .layout import flow, measurer, shrink_widths
from .palette import MUTED, PANEL, PANEL_BORDER, PANEL_HEADER, RGB, TEXT, WHITE, lighten
from .primitives import label, label_size, seat_marker
from .viewtext import (
    MISSING,
    by_seat,
    format_value,
    humanize,
    is_matrix,
    is_scalar,
    seat_keys,
    seat_label,
    seat_scalars,
)

MARGIN = 14.0
INDENT = 14.0
MAX_DEPTH = 3
MAX_KEYS = 40
MAX_ROWS = 12
MAX_COLS = 6
MAX_VALUE_LINES = 4
VALUE_COLUMN = 0.36  # values start at this fraction of the inner width
SEAT_LIST_KEYS = ("players", "seats", "scores", "hands")  # lists whose item i belongs to seat i
LOG_KEYS = ("log", "history", "events", "messages")  # newest entries kept

Paint = Callable[[Canvas, float, float], None]


@dataclass
class Block:
    """A measured piece of content: its height and how to paint it at (x, y)."""

    height: float
    paint: Paint


class BlockBuilder:
    """Turns a view into measured blocks for one canvas scale."""

    def __init__(self, scale: float, width: float) -> None:
        self.m = measurer(scale)
        self.width = width
        self.inner = width - 2 * MARGIN
        self.blocks: list[Block] = []

    def add(self, height: float, paint: Paint) -> None:
        self.blocks.append(Block(height, paint))

    # -- header -------------------------------------------------------------------------
    def title(self, title: str) -> None:
        size = fonts.SIZE_TITLE
        h = self.m.line_height(size, True) + 12

        def paint(c: Canvas, x: float, y: float) -> None:  # first block: the band starts at the top edge
            c.rect(Box(0, 0, self.width, y + h), fill=TEXT)
            c.text((x, (y + h) / 2), title, size, WHITE, "lm", True, self.inner)

        self.add(h + 4, paint)

    def chips(self, items: list[str]) -> None:
        size = fonts.SIZE_SMALL + 1
        sizes = [label_size(self.m, t, size, pill=True, max_width=self.inner) for t in items]
        boxes = flow(Box(0, 0, self.inner, 0), sizes, gap=6)
        h = max(b.y1 for b in boxes)

        def paint(c: Canvas, x: float, y: float) -> None:
            for t, b in zip(items, boxes, strict=True):
                label(c, (x + b.x, y + b.y), t, size, bg=PANEL_HEADER, outline=PANEL_BORDER, max_width=b.w)

        self.add(h, paint)

    def turn(self, seats: list[int] | None, text: str) -> None:
        size = fonts.SIZE_BODY + 1
        lh = self.m.line_height(size, True)

        def paint(c: Canvas, x: float, y: float) -> None:
            b = c.text((x, y + lh / 2), "To move:", size, TEXT, "lm", bold=True)
            cx = b.x1 + 8
            if seats is None:
                c.text((cx, y + lh / 2), text, size, TEXT, "lm", max_width=x + self.inner - cx)
                return
            for s in seats:
                if cx + lh * 3 > x + self.inner:
                    c.text((cx, y + lh / 2), fonts.ELLIPSIS, size, TEXT, "lm")
                    break
                seat_marker(c, (cx + lh * 0.45, y + lh / 2), s, lh * 0.42)
                t = c.text((cx + lh + 3, y + lh / 2), seat_label(s), size, TEXT, "lm")
                cx = t.x1 + 12

        self.add(lh, paint)

    def banner(self, text: str, fill: RGB, fg: RGB, accent: RGB, bold: bool) -> None:
        size = fonts.SIZE_BODY
        pad = 8.0
        lines = self.m.wrap(text, size, self.inner - 2 * pad - 4, bold, MAX_VALUE_LINES)
        h = self.m.lines_height(len(lines), size, bold) + 2 * pad

        def paint(c: Canvas, x: float, y: float) -> None:
            box = Box(x, y, self.inner, h)
            c.rect(box, fill=fill, outline=PANEL_BORDER, radius=6)
            c.rect(Box(x, y, 5, h), fill=accent, radius=2)
            c.text_lines((x + pad + 4, y + pad), lines, size, fg, bold=bold)

        self.add(h, paint)

    # -- tree ---------------------------------------------------------------------------
    def heading(self, key: object, depth: int) -> None:
        size = fonts.SIZE_BODY + (2 if depth == 0 else 0)
        lh = self.m.line_height(size, True)
        indent = depth * INDENT

        def paint(c: Canvas, x: float, y: float) -> None:
            b = c.text((x + indent, y), humanize(key), size, TEXT, "lt", True, self.inner - indent)
            if depth == 0:
                c.line([(b.x1 + 6, y + lh / 2), (x + self.inner, y + lh / 2)], PANEL_BORDER, 1, rounded=False)

        self.add(lh, paint)

    def key_value(self, key: object, value: object, depth: int, seat: int | None = None) -> None:
        """One ``key  value`` line (value wrapped); with ``seat`` the key is that seat's marker."""
        size = fonts.SIZE_BODY
        indent = depth * INDENT
        value_x = max(self.inner * VALUE_COLUMN, indent + 70)
        key_w = value_x - indent - 8
        lines = self.m.wrap(format_value(value), size, self.inner - value_x, max_lines=MAX_VALUE_LINES) or [
            ""
        ]
        h = self.m.lines_height(len(lines), size)
        lh = self.m.line_height(size)

        def paint(c: Canvas, x: float, y: float) -> None:
            if seat is None:
                c.text((x + indent, y), humanize(key), size, MUTED, "lt", max_width=key_w)
            else:
                seat_marker(c, (x + indent + lh * 0.4, y + lh / 2), seat, lh * 0.36)
                c.text((x + indent + lh, y), seat_label(seat), size, MUTED, "lt", max_width=key_w - lh)
            c.text_lines((x + value_x, y), lines, size, TEXT)

        self.add(h, paint)

    def bullets(self, items: Sequence[Any], depth: int, newest_last: bool) -> None:
        """Each item on its own wrapped line; for logs keep the newest (last) items."""
        size = fonts.SIZE_BODY - 1
        indent = depth * INDENT
        hidden = max(0, len(items) - MAX_ROWS)
        shown = list(items[hidden:] if newest_last else items[:MAX_ROWS])
        if hidden and newest_last:
            self.note(f"{fonts.ELLIPSIS} {hidden} earlier entries", depth)
        for item in shown:
            lines = self.m.wrap(format_value(item), size, self.inner - indent - 12, max_lines=2) or [""]

            def paint(c: Canvas, x: float, y: float, lines: list[str] = lines) -> None:
                lh = c.line_height(size)
                c.circle((x + indent + 3, y + lh / 2), 2.2, fill=MUTED)
                c.text_lines((x + indent + 12, y), lines, size, TEXT)

            self.add(self.m.lines_height(len(lines), size), paint)
        if hidden and not newest_last:
            self.note(f"{fonts.ELLIPSIS} {hidden} more items", depth)

    def note(self, text: str, depth: int = 0) -> None:
        size = fonts.SIZE_SMALL
        indent = depth * INDENT
        self.add(
            self.m.line_height(size),
            lambda c, x, y: c.text((x + indent, y), text, size, MUTED, "lt", max_width=self.inner - indent),
        )

    def table(self, rows: Sequence[Mapping[str, Any]], depth: int, seat_rows: bool) -> None:
        size = fonts.SIZE_SMALL + 1
        indent = depth * INDENT
        cols: list[str] = []
        for r in rows:
            cols += [k for k in r if k not in cols]
        extra_cols = max(0, len(cols) - MAX_COLS)
        cols = cols[:MAX_COLS]
        shown = list(rows[:MAX_ROWS])
        cells = [[format_value(r.get(k), 80) if k in r else "" for k in cols] for r in shown]
        lh = self.m.line_height(size)
        row_h = lh + 6
        marker_w = row_h + self.m.text_width(str(len(shown) - 1), size) + 4 if seat_rows else 0.0
        avail = self.inner - indent - marker_w
        pad = 5.0
        want = [
            max([self.m.text_width(humanize(k), size, True)] + [self.m.text_width(r[j], size) for r in cells])
            + 2 * pad
            for j, k in enumerate(cols)
        ]
        widths = shrink_widths(want, avail, min_w=min(48.0, avail / max(1, len(cols))))
        n_lines = len(shown) + 1
        h = n_lines * row_h

        def paint(c: Canvas, x: float, y: float) -> None:
            x0 = x + indent
            c.rect(Box(x0, y, self.inner - indent, h), fill=PANEL, radius=4)
            c.rect(Box(x0, y, self.inner - indent, row_h), fill=PANEL_HEADER, radius=4)
            cx = x0 + marker_w
            for k, w in zip(cols, widths, strict=True):
                c.text((cx + pad, y + row_h / 2), humanize(k), size, TEXT, "lm", True, w - 2 * pad)
                cx += w
            for i, row_cells in enumerate(cells):
                ry = y + (i + 1) * row_h
                if i % 2:
                    c.rect(Box(x0 + 1, ry, self.inner - indent - 2, row_h), fill=lighten(PANEL_HEADER, 0.5))
                if seat_rows:
                    seat_marker(c, (x0 + row_h / 2, ry + row_h / 2), i, row_h * 0.3, background=PANEL)
                    c.text((x0 + row_h - 2, ry + row_h / 2), str(i), size, MUTED, "lm")
                cx = x0 + marker_w
                for v, w in zip(row_cells, widths, strict=True):
                    c.text((cx + pad, ry + row_h / 2), v, size, TEXT, "lm", max_width=w - 2 * pad)
                    cx += w
            c.rect(Box(x0, y, self.inner - indent, h), outline=PANEL_BORDER, radius=4)

        self.add(h, paint)
        more = []
        if len(rows) > len(shown):
            more.append(f"{len(rows) - len(shown)} more rows")
        if extra_cols:
            more.append(f"{extra_cols} more columns")
        if more:
            self.note(f"{fonts.ELLIPSIS} " + ", ".join(more), depth)

    def matrix(self, rows: Sequence[Sequence[Any]], depth: int) -> None:
        indent = depth * INDENT
        n_cols = max(len(r) for r in rows)
        cell = min(30.0, (self.inner - indent) / n_cols)
        size = max(7.0, min(fonts.SIZE_BODY, cell * 0.5))
        h = cell * len(rows)

        def paint(c: Canvas, x: float, y: float) -> None:
            for i, r in enumerate(rows):
                for j, v in enumerate(r):
                    b = Box(x + indent + j * cell, y + i * cell, cell, cell)
                    c.rect(
                        b,
                        fill=PANEL if (i + j) % 2 == 0 else lighten(PANEL_HEADER, 0.3),
                        outline=PANEL_BORDER,
                    )
                    if v is not None and v != "":
                        c.text(b.center, format_value(v, 8), size, TEXT, "mm", max_width=cell - 2)

        self.add(h, paint)

    def value(self, key: object, v: object, depth: int) -> None:
        """Add ``key: v`` at ``depth``, choosing heading+children, table, matrix or a line."""
        if isinstance(v, Mapping) and v and depth < MAX_DEPTH:
            self.heading(key, depth)
            seats = seat_keys(v)
            if seats is not None and seat_scalars(v):
                for seat, x in zip(seats, v.values(), strict=True):
                    self.key_value(seat, x, depth + 1, seat=seat)
            else:
                self.mapping(v, depth + 1)
        elif isinstance(v, list | tuple) and v and depth < MAX_DEPTH and all(is_scalar(x) for x in v):
            if len(v) > 1 and (str(key).lower() in LOG_KEYS or max(len(str(x)) for x in v) > 40):
                self.heading(key, depth)
                self.bullets(v, depth + 1, newest_last=str(key).lower() in LOG_KEYS)
            else:
                self.key_value(key, v, depth)
        elif isinstance(v, list | tuple) and v and depth < MAX_DEPTH:
            items = list(v)
            if all(isinstance(x, Mapping) for x in items):
                self.heading(key, depth)
                self.table(items, depth, str(key).lower() in SEAT_LIST_KEYS)
            elif is_matrix(items):
                self.heading(key, depth)
                self.matrix(items, depth)
            else:
                self.heading(key, depth)
                for i, x in enumerate(items[:MAX_ROWS]):
                    self.value(f"[{i}]", x, depth + 1)
                if len(items) > MAX_ROWS:
                    self.note(f"{fonts.ELLIPSIS} {len(items) - MAX_ROWS} more items", depth + 1)
        else:
            self.key_value(key, v, depth)

    def mapping(self, d: Mapping[Any, Any], depth: int) -> None:
        """Children of a dict; several per-seat dicts of scalars are merged into one seat table."""
        items = list(d.items())
        per_seat = [k for k, v in items if isinstance(v, Mapping) and v and seat_scalars(v)]
        merged = len(per_seat) >= 2 and depth < MAX_DEPTH
        for k, v in items[:MAX_KEYS]:
            if merged and k in per_seat:
                if k == per_seat[0]:
                    self.seat_table({kk: d[kk] for kk in per_seat}, depth)
                continue
            self.value(k, v, depth)
        if len(items) > MAX_KEYS:
            self.note(f"{fonts.ELLIPSIS} {len(items) - MAX_KEYS} more keys", depth)

    def seat_table(self, columns: Mapping[Any, Mapping[Any, Any]], depth: int) -> None:
        """One row per seat, one column per per-seat dict (e.g. scores, hand sizes)."""
        n = max(len(v) for v in columns.values())
        rows = [
            {humanize(k): by_seat(v, seat) for k, v in columns.items() if by_seat(v, seat) is not MISSING}
            for seat in range(n)
        ]
        self.heading("By seat", depth)
        self.table(rows, depth, seat_rows=True)
