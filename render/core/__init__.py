"""Shared Pillow toolkit for game renderers: logical-unit canvas, palette, fonts, primitives, layout.

Typical renderer::

    from render.core import Canvas, draw_grid, fit_grid, panel, to_png

    def render_mygame(view: dict) -> bytes:
        c = Canvas(600, 400, scale=2)          # logical units; 1200 × 800 px
        board = panel(c, c.box.inset(10), "Board")
        draw_grid(c, fit_grid(8, 8, board, coords=True, c=c), coords=True)
        return c.to_png()
"""

from .canvas import Canvas
from .fonts import SIZE_BODY, SIZE_HEADING, SIZE_SMALL, SIZE_TITLE, font, text_width, truncate, wrap
from .generic import render_generic
from .geometry import Box, Point
from .grid import GridSpec, cell_name, column_name, draw_grid, fit_grid
from .hexes import HexLayout, draw_hex_map, hex_disc, hex_polygon
from .layout import column, fit_panels, flow, grid, measurer, row
from .output import to_png, to_webp
from .palette import (
    BACKGROUND,
    HIGHLIGHT,
    MUTED,
    PANEL,
    SEAT_COLOURS,
    SEAT_SHAPES,
    TEXT,
    WARNING,
    seat_colour,
    seat_shape,
    text_on,
)
from .pieces import badge, card, card_back, token_stack
from .primitives import (
    arrow,
    draw_shape,
    highlight,
    label,
    label_size,
    legend,
    legend_size,
    panel,
    path_arrow,
    seat_marker,
)
from .track import draw_track, stack_points, track_spaces

__all__ = [
    "BACKGROUND",
    "HIGHLIGHT",
    "MUTED",
    "PANEL",
    "SEAT_COLOURS",
    "SEAT_SHAPES",
    "SIZE_BODY",
    "SIZE_HEADING",
    "SIZE_SMALL",
    "SIZE_TITLE",
    "TEXT",
    "WARNING",
    "Box",
    "Canvas",
    "GridSpec",
    "HexLayout",
    "Point",
    "arrow",
    "badge",
    "card",
    "card_back",
    "cell_name",
    "column",
    "column_name",
    "draw_grid",
    "draw_hex_map",
    "draw_shape",
    "draw_track",
    "fit_grid",
    "fit_panels",
    "flow",
    "font",
    "grid",
    "hex_disc",
    "hex_polygon",
    "highlight",
    "label",
    "label_size",
    "legend",
    "legend_size",
    "measurer",
    "panel",
    "path_arrow",
    "render_generic",
    "row",
    "seat_colour",
    "seat_marker",
    "seat_shape",
    "stack_points",
    "text_on",
    "text_width",
    "to_png",
    "to_webp",
    "token_stack",
    "track_spaces",
    "truncate",
    "wrap",
]
