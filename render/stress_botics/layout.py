"""Shared sizes, colours and small helpers for the Stress Botics image (names, amounts in words)."""

from __future__ import annotations

import re
from typing import Any

from render.core.canvas import Canvas
from render.core.geometry import Box
from render.core.palette import Colour
from render.core.primitives import highlight
from render.core.seatnames import seat_label

# Logical units: the canvas is ~1000 wide at scale 2, so 1 logical ≈ 2 px of the 2000 px PNG.
MARGIN = 10.0
GAP = 8.0
WIDTH = 1000.0
"""The robots' boards' canvas width."""
WIDE = 1250.0
"""The table's canvas width: the planet and a side column about as wide (and the strips in two columns)."""
HEADER_H = 32.0
PLANET = 600.0
TEXT_XS = 14.0  # the smallest text anywhere (≥ 22 px at the canvas scale: the legibility test)
TEXT_S = 15.0
TEXT_M = 17.0
TITLE = TEXT_XS / 0.75
MARK_R = TEXT_XS
"""A small seat marker's radius: its number is drawn at the radius's size."""
"""Panel titles: their score badges are drawn at 3/4 of the title size."""

RESOURCE_INK: dict[str, Colour] = {
    "Carbon": (0x3A, 0x3A, 0x3A), "Titanium": (0x8F, 0xA3, 0xB5), "Silicon": (0x7B, 0x4F, 0xA8),
    "Betamatter": (0x2E, 0x8B, 0x57), "Exomatter": (0xE0, 0x7B, 0x1A), "Acid": (0xA8, 0xC0, 0x20),
    "Gas": (0x4F, 0xB3, 0xD9), "Lava": (0xC8, 0x32, 0x1E),
}
"""Resource colours (batteries take their metal's colour)."""
MUTED_INK: Colour = (0xB0, 0xAA, 0xA0)
PADLOCK_INK: Colour = (0xB4, 0x1E, 0x1E)
RING_FILL: dict[str, Colour] = {"mantle": (0xF3, 0xDE, 0xC4), "crust": (0xE4, 0xEC, 0xF2)}
KIND_FILL: dict[str, Colour] = {
    "main_vault": (0xFF, 0xF4, 0xD6), "ep_vault": (0xFF, 0xFF, 0xFF), "delivery_base": (0xE3, 0xF1, 0xE0),
    "tunnel": (0xEE, 0xE6, 0xF7), "core": (0xF8, 0xD7, 0xC8),
}
SEAT = re.compile(r"\{seat(\d+)\}")
AMOUNT = re.compile(r"^\s*(\d+)\s+(.+?)\s*$")


def amounts(text: str | None) -> list[tuple[int, str]]:
    """``"2 Silicon + 1 Titanium"`` → ``[(2, "Silicon"), (1, "Titanium")]``; ``"nothing"`` → ``[]``."""
    out = []
    for part in (text or "").split(" + "):
        m = AMOUNT.match(part)
        if m:
            out.append((int(m.group(1)), m.group(2)))
    return out


def ink(name: str) -> Colour:
    """A resource's (or battery's) colour by its name."""
    return RESOURCE_INK.get(name.replace(" Battery", ""), MUTED_INK)


def short_resource(name: str) -> str:
    """Two-letter chip text: Carbon → C, Titanium → Ti, Silicon Battery → Si."""
    base = name.replace(" Battery", "")
    if base != name:
        return short_resource(base) + " bat"
    return {"Carbon": "C", "Titanium": "Ti", "Silicon": "Si", "Betamatter": "Bm", "Exomatter": "Ex",
            "Acid": "Ac", "Gas": "Ga", "Lava": "Lv"}.get(base, base[:2])


def boards(view: dict[str, Any]) -> list[int]:
    """Every robot board to draw, in turn order then by number: the seats, and DeltaBot in a solo game (a
    solo game has 1 seat but 2 boards)."""
    table = view.get("table") or {}
    keys = [int(k) for k in (table.get("players") or {})] or list(range(int(view.get("seats") or 2)))
    order = [int(s) for s in table.get("turn_order") or [] if int(s) in keys]
    return order + sorted(k for k in keys if k not in order)


def robot_name(view: dict[str, Any], who: int | str) -> str:
    """A board's title: the robot's own name (DeltaBot) or the seat's player name."""
    board = ((view.get("table") or {}).get("players") or {}).get(str(who)) or {}
    return str(board.get("name") or seat_label(view, who))


def words(view: dict[str, Any], text: str) -> str:
    """``{seatN}`` placeholders filled with the robots' names."""
    return SEAT.sub(lambda m: robot_name(view, m.group(1)), text)


CHANGED_INK: Colour = (0xF2, 0xB8, 0x00)
"""The outline of what changed since the viewer's last action (``table.changed``)."""


def outline_changed(c: Canvas, view: dict[str, Any], key: str, box: Box, radius: float = 4.0) -> None:
    """A crisp yellow outline around ``box`` when the element ``key`` is in the view's ``table.changed``."""
    if key in ((view.get("table") or {}).get("changed") or ()):
        highlight(c, box, CHANGED_INK, width=2.5, glow=False, radius=radius)
