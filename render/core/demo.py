"""A sheet showing every primitive, for eyeballing legibility.

python -m render.core.demo [OUT.png] [--smooth]     (--smooth: 2× supersampling)
"""

from __future__ import annotations

import sys
from pathlib import Path

from . import fonts
from .canvas import Canvas
from .geometry import Box
from .grid import draw_grid, fit_grid
from .hexes import HexLayout, draw_hex_map, hex_disc
from .layout import column, fit_panels, row
from .palette import CELL_LIGHT, MUTED, SEAT_COLOURS, WARNING, lighten, seat_colour, seat_name
from .pieces import card, token_stack
from .primitives import highlight, label, legend, panel, path_arrow, seat_marker
from .track import draw_track, track_spaces

WIDTH, HEIGHT, SCALE = 600.0, 1000.0, 2.0  # 1200 × 2000 px


def demo_canvas(supersample: int = 1) -> Canvas:
    """Draw the demo sheet and return its canvas."""
    c = Canvas(WIDTH, HEIGHT, SCALE, supersample=supersample)
    page = c.box.inset(12)
    head, body = page.take_top(30, gap=8)
    c.text((head.x, head.center[1]), "Turnkeeper render toolkit", fonts.SIZE_TITLE, anchor="lm", bold=True)
    label(c, (head.x1, head.center[1]), "Round 3 · Seat 1 to move", anchor="rm", bg=seat_colour(1), bold=True)

    top, rest = body.take_top(265, gap=10)
    left, right = row(top, [1.0, 1.0], gap=10)
    _grid_panel(c, left)
    _hex_panel(c, right)

    mid, rest = rest.take_top(170, gap=10)
    left, right = row(mid, [1.0, 1.0], gap=10)
    _track_panel(c, left)
    _token_panel(c, right)

    cards_box, rest = rest.take_top(185, gap=10)
    _cards_panel(c, cards_box)

    players, legend_box = rest.take_top(rest.h - 50, gap=10)
    _player_panels(c, players)
    entries = [(i, f"Seat {i} {seat_name(i)}") for i in range(len(SEAT_COLOURS))]
    legend(c, (legend_box.x + 4, legend_box.y), entries, fonts.SIZE_SMALL + 1, columns=4)
    return c


def _grid_panel(c: Canvas, box: Box) -> None:
    content = panel(c, box, "Grid: 8 × 8 with coordinates")
    spec = fit_grid(8, 8, content, coords=True, c=c)
    pieces = {(1, 2): 0, (2, 5): 1, (5, 3): 2, (6, 6): 3, (4, 1): 4}

    def draw(cv: Canvas, cell: Box, r: int, col: int) -> None:
        if (r, col) in pieces:
            seat_marker(cv, cell.center, pieces[(r, col)], cell.w * 0.34, background=CELL_LIGHT)

    draw_grid(c, spec, draw=draw, coords=True, rows_from_bottom=True, checker=True, highlights=[(2, 5)])
    path_arrow(c, [spec.cell_center(5, 5), spec.cell_center(2, 5)], width=3)


def _hex_panel(c: Canvas, box: Box) -> None:
    content = panel(c, box, "Hex map: axial, pointy top")
    hexes = hex_disc(2)
    layout = HexLayout.fit(hexes, content.inset(4), pointy=True)
    fills = {h: (lighten(seat_colour(i % 3), 0.5) if i % 4 == 0 else None) for i, h in enumerate(hexes)}
    labels = {h: f"{h[0]},{h[1]}" for h in hexes}
    draw_hex_map(c, layout, fills, labels, highlights=[(1, -1)], gap=2)
    path_arrow(
        c, [layout.hex_to_pixel(-1, 1), layout.hex_to_pixel(0, 0), layout.hex_to_pixel(1, -1)], width=3
    )


def _track_panel(c: Canvas, box: Box) -> None:
    content = panel(c, box, "Score track (snake), stacked seats")
    spaces = track_spaces(30, content, "snake", per_row=10, gap=2)
    draw_track(c, spaces, {0: 7, 1: 7, 2: 12, 3: 7, 4: 25}, numbers=5, highlight_space=12)


def _token_panel(c: Canvas, box: Box) -> None:
    content = panel(c, box, "Tokens, labels, warning")
    cells = row(content.take_top(56)[0], 4, gap=6)
    stock = [
        ("Wood", 0, 3, "circle"),
        ("Ore", 2, 12, "hexagon"),
        ("Gold", 6, 1, "diamond"),
        ("Food", 3, 0, "square"),
    ]
    for cell, (name, seat, n, shape) in zip(cells, stock, strict=True):
        token_stack(c, (cell.center[0] - 6, cell.y + 18), n, seat_colour(seat), 13, shape, name[0])
        c.text((cell.center[0], cell.y1), name, fonts.SIZE_SMALL, MUTED, "mb")
    y = content.y + 66
    label(c, (content.x, y), "Pill label", bg=seat_colour(5))
    label(c, (content.x + 95, y), "A very long label that gets truncated", bg=seat_colour(0), max_width=150)
    label(c, (content.x, y + 32), "! Timeout in 2 h", bg=WARNING, bold=True)
    label(c, (content.x1, y + 32), "right-anchored", anchor="rt", colour=MUTED)


def _cards_panel(c: Canvas, box: Box) -> None:
    content = panel(c, box, "Cards: title band, wrapped body, cost and corner badges, face down")
    slots = row(content, 5, gap=10)
    texts = [
        ("Forest", "Gain 2 wood. If you have a worker here, gain 1 more.", 3, "2VP", seat_colour(2)),
        ("Mine", "Pay 1 food: gain 1 ore and draw a card.", 1, None, seat_colour(4)),
        ("Very long card title that wraps", "Body " * 40, 12, "+5", seat_colour(6)),
        ("Market", "Trade any 2 resources for 1 of your choice.", None, "1", None),
    ]
    for slot, (title, body, cost, corner, colour) in zip(slots, texts, strict=False):
        card(c, slot, title, body, cost, corner, colour, highlighted=title == "Mine")
    card(c, slots[4], "", face_down=True)


def _player_panels(c: Canvas, box: Box) -> None:
    shapes = ("circle", "square", "hexagon", "diamond")
    for seat, b in enumerate(fit_panels(4, box, aspect=2.6, gap=10)):
        turn = seat == 1
        content = panel(c, b, f"Player {seat + 1}", seat=seat, active=turn, badge="TURN" if turn else None)
        lines, bar = column(content, [1.0, 1.0], gap=2)
        score = f"Score {10 * seat + 7}   Cards {seat + 2}"
        c.text((lines.x, lines.y), score, fonts.SIZE_BODY, max_width=lines.w * 0.65)
        c.text((lines.x1, lines.y), "2 workers home", fonts.SIZE_SMALL, MUTED, "rt", max_width=lines.w * 0.35)
        for i in range(4):
            p = (bar.x + 14 + i * 60, bar.center[1])
            token_stack(c, p, i + seat, seat_colour(i + 2), 11, shapes[i], "WOGF"[i], show_one=True)
        if seat == 2:
            highlight(c, b, radius=8)


def main(argv: list[str] | None = None) -> int:
    """Write the demo sheet to the given path (default /tmp/render_demo.png)."""
    args = sys.argv[1:] if argv is None else argv
    paths = [a for a in args if not a.startswith("--")]
    out = Path(paths[0] if paths else "/tmp/render_demo.png")
    c = demo_canvas(supersample=2 if "--smooth" in args else 1)
    out.write_bytes(c.to_png())
    print(f"{out} {c.pixel_size[0]}x{c.pixel_size[1]} px")
    return 0


if __name__ == "__main__":
    sys.exit(main())
