"""A plain table as a PNG (league standings, leaderboards): title band, header row, striped rows."""

from __future__ import annotations

from collections.abc import Sequence

from .core import Box, Canvas, fonts
from .core.palette import HIGHLIGHT, PANEL, TEXT, WHITE, lighten

ROW = 26.0
PAD = 12.0
MAX_ROWS = 40


def table_png(title: str, headers: Sequence[str], rows: Sequence[Sequence[object]], *,
              widths: Sequence[float] | None = None, highlight: int = 0) -> bytes:
    """Draw ``rows`` under ``headers``; the first ``highlight`` rows are tinted (e.g. the podium).

    ``widths`` are logical column widths (the first column gets whatever text needs by default)."""
    shown = list(rows[:MAX_ROWS])
    cols = widths or [40.0, 190.0, *([62.0] * (len(headers) - 2))]
    width = sum(cols) + 2 * PAD
    extra = 1 if len(rows) > MAX_ROWS else 0
    height = PAD * 2 + 40 + ROW * (len(shown) + 1 + extra)
    c = Canvas(width, height, scale=2.0)
    c.rect(Box(0, 0, width, 40 + PAD), fill=TEXT)
    c.text((PAD, (40 + PAD) / 2), title, fonts.SIZE_HEADING, WHITE, "lm", True, width - 2 * PAD)
    y = PAD + 44

    def line(values: Sequence[object], bold: bool, fill: object | None) -> None:
        nonlocal y
        if fill is not None:
            c.rect(Box(PAD / 2, y, width - PAD, ROW), fill=fill, radius=4)  # type: ignore[arg-type]
        x = PAD
        for i, (value, w) in enumerate(zip(values, cols, strict=False)):
            anchor, at = ("lm", x + 4) if i == 1 else ("rm", x + w - 6)
            c.text((at, y + ROW / 2), value, fonts.SIZE_BODY, TEXT, anchor, bold, w - 8)
            x += w
        y += ROW

    line(headers, True, PANEL)
    for i, row in enumerate(shown):
        line(row, False, lighten(HIGHLIGHT, 0.85) if i < highlight else (lighten(PANEL, 0.5) if i % 2 else None))
    if extra:
        c.text((PAD, y + ROW / 2), f"{fonts.ELLIPSIS} {len(rows) - MAX_ROWS} more", fonts.SIZE_SMALL, TEXT, "lm")
    return c.to_png()
