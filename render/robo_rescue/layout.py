"""Shared helpers for the Robo Rescue images: static geometry, names, text and small icons."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from render.core import Box, Canvas, Point
from render.core.palette import CARD_BACK, TEXT, WHITE, Colour, lighten

# Logical sizes (the canvas scale is ~2 before the 2000 px cap, so 1 logical ≈ 1.8 px).
MARGIN = 10.0
GAP = 8.0
BOARD_W = 540.0
PLAYER_W = 262.0
TEXT_S = 13.0  # ≈ 24 px in the 2000 px wide image: the smallest text, still readable zoomed on a phone
TEXT_M = 15.0

OIL_INK: Colour = (0x2B, 0x26, 0x24)
BOX_FILL: Colour = (0x9C, 0x65, 0x2E)
POWER_ON: Colour = (0xFF, 0xD2, 0x1F)
POWER_OFF: Colour = (0xCF, 0xCB, 0xC4)
ENERGY: Colour = (0xF2, 0xC1, 0x00)
CHIP: Colour = (0x2E, 0x7D, 0x5B)
BONUS_FILL: Colour = CARD_BACK  # a Bonus token shows a card back
CORNER_FILL: Colour = (0xDD, 0xE6, 0xF0)

MOD_NAMES = {  # defaults; the view's ``table.geometry.names`` has the engine's names
    "ONESTEP": "Onestep",
    "TURBO": "Turbo",
    "LEVITATE": "Levitate",
    "ROT90": "90° turn",
    "ROT180": "180° turn",
    "BLAST": "Blast!",
    "PORTAL": "Portal",
}
MOD_SHORT = {
    "ONESTEP": "1S",
    "TURBO": "TU",
    "LEVITATE": "LV",
    "ROT90": "90",
    "ROT180": "180",
    "BLAST": "BL",
    "PORTAL": "PO",
}
CARD_NAMES = {"FORWARD": "Forward", "LEFT": "Forward-left", "RIGHT": "Forward-right", "COMBI": "Combi"}


def names(view: dict[str, Any], kind: str) -> dict[str, str]:
    """The engine's names of ``"cards"`` or ``"modifiers"`` (``table.geometry.names``), else the defaults."""
    given = (((view.get("table") or {}).get("geometry") or {}).get("names") or {}).get(kind) or {}
    base = CARD_NAMES if kind == "cards" else MOD_NAMES
    return {**base, **{str(k): str(v) for k, v in given.items()}}


@dataclass(frozen=True)
class Static:
    """Board and cable-matrix geometry and limits that never change during a game (``table.geometry``)."""

    cols: int = 10
    rows: int = 10
    box_starts: tuple[str, ...] = ()
    corners: tuple[str, ...] = ()
    matrix_cols: str = "ABCDEFGHIJ"
    matrix_rows: int = 3
    node_cells: tuple[str, ...] = ("G1", "J2")
    endpoints: tuple[tuple[str, str, str], ...] = ()  # (group, cell, side)
    tank_size: int = 9
    energy_max: int = 2
    chips_max: int = 4
    engines: int = 4
    hand_limit: int = 10


def _int(d: dict[str, Any], key: str, default: int) -> int:
    """``d[key]`` as an int, or ``default`` when missing or malformed."""
    try:
        return int(d.get(key, default))
    except (TypeError, ValueError):
        return default


def static(view: dict[str, Any]) -> Static:
    """Static geometry from the view's ``table.geometry`` (defaults for anything missing)."""
    geo = (view.get("table") or {}).get("geometry") or {}
    board, mx, lim = geo.get("board") or {}, geo.get("matrix") or {}, geo.get("limits") or {}
    d = Static()
    ends = tuple(
        (str(e.get("group", "")), str(e["cell"]), str(e["side"]))
        for e in mx.get("endpoints") or []
        if isinstance(e, dict) and "cell" in e and "side" in e
    )
    return Static(
        cols=_int(board, "cols", d.cols),
        rows=_int(board, "rows", d.rows),
        box_starts=tuple(str(x) for x in board.get("box_starts") or ()),
        corners=tuple(str(x) for x in board.get("corners") or ()),
        matrix_cols=str(mx.get("cols") or d.matrix_cols),
        matrix_rows=_int(mx, "rows", d.matrix_rows),
        node_cells=tuple(str(x) for x in mx.get("node_cells") or d.node_cells),
        endpoints=ends,
        tank_size=_int(lim, "oil_tank_size", d.tank_size),
        energy_max=_int(lim, "energy_max", d.energy_max),
        chips_max=_int(lim, "chips_max", d.chips_max),
        engines=_int(lim, "spacecraft_engines", d.engines),
        hand_limit=_int(lim, "hand_limit", d.hand_limit),
    )


def xy(space: str) -> tuple[int, int]:
    """``"C3"`` → (col 2, row 2)."""
    return ord(space[0].upper()) - ord("A"), int(space[1:]) - 1




def last_move(table: dict[str, Any]) -> tuple[int | None, list[dict[str, Any]], list[str], dict[str, Any] | None]:
    """(seat, trace, flipped switches, command) of the move to highlight: this turn's, else the last turn's."""
    turn = table.get("turn") or {}
    if turn.get("trace"):
        return table.get("current"), list(turn["trace"]), list(turn.get("flipped") or []), turn.get("command")
    last = table.get("last_turn") or {}
    if last.get("trace") or last.get("flipped"):
        return last.get("seat"), list(last.get("trace") or []), list(last.get("flipped") or []), last.get("command")
    return None, [], [], None


# -- small icons -----------------------------------------------------------------------------


def oil_drop(c: Canvas, center: Point, r: float, fill: Colour = OIL_INK) -> None:
    """A droplet of oil."""
    x, y = center
    c.circle((x, y + r * 0.3), r * 0.7, fill)
    c.polygon([(x, y - r), (x - r * 0.62, y + r * 0.1), (x + r * 0.62, y + r * 0.1)], fill)
    c.circle((x - r * 0.25, y + r * 0.3), r * 0.18, lighten(fill, 0.5))


def bolt(c: Canvas, center: Point, r: float, fill: Colour = TEXT) -> None:
    """A lightning bolt."""
    x, y = center
    pts = [(0.15, -1.0), (-0.55, 0.15), (-0.05, 0.15), (-0.2, 1.0), (0.55, -0.2), (0.05, -0.2), (0.3, -1.0)]
    c.polygon([(x + dx * r * 0.8, y + dy * r * 0.85) for dx, dy in pts], fill)


def die(c: Canvas, center: Point, r: float, value: int | None = None, fill: Colour = WHITE, ink: Colour = TEXT) -> Box:
    """A die face with ``value`` pips (a number above 6, nothing for None)."""
    box = Box.around(center, 2 * r, 2 * r)
    c.rect(box, fill=fill, outline=ink, width=max(1.0, r / 7), radius=r * 0.3)
    if value is None:
        return box
    if not 0 <= value <= 6:
        c.text(center, str(value), r * 1.2, ink, "mm", bold=True)
        return box
    k = r * 0.5
    spots = {
        0: [],
        1: [(0, 0)],
        2: [(-1, -1), (1, 1)],
        3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
    }[value]
    for dx, dy in spots:
        c.circle((center[0] + dx * k, center[1] + dy * k), r * 0.17, ink)
    return box


def crate(c: Canvas, box: Box) -> None:
    """A container box: a wooden crate with a cross brace."""
    c.rect(box, fill=BOX_FILL, outline=(0x4A, 0x2E, 0x12), width=max(1.0, box.w / 18), radius=box.w * 0.08)
    inner = box.inset(box.w * 0.16)
    light = lighten(BOX_FILL, 0.35)
    c.rect(inner, outline=light, width=max(1.0, box.w / 14))
    c.line([(inner.x, inner.y), (inner.x1, inner.y1)], light, max(1.0, box.w / 12))
    c.line([(inner.x1, inner.y), (inner.x, inner.y1)], light, max(1.0, box.w / 12))
