"""AlphaBot's extension board (rules version 3): the Control and Server with their side, options and the
BetaBots on them, the Titanium, Carbon and Silicon battery tracks and the 1-2p Shuttle track, the Available and
Standby AlphaBot Items, and whether AlphaBot waits on its Shuttle or was delivered. Draws only from
``table.hull`` of the view."""

from __future__ import annotations

from typing import Any

from render.core import Box, Canvas
from render.core.palette import CELL_LIGHT, GRID_LINE, MUTED, PANEL_BORDER, TEXT

from .layout import TEXT_XS, ink, robot_name

HULL_H = 176.0
TRACK_ROW = 20.0
"""Height of the strip, panel title included."""
TRACK_INK = {"Ti": "Titanium", "C": "Carbon", "Si": "Silicon"}


def has_hull(view: dict[str, Any]) -> bool:
    return bool((view.get("table") or {}).get("hull"))


def _spaces(c: Canvas, box: Box, view: dict[str, Any], hull: dict[str, Any]) -> None:
    spaces = hull.get("spaces")
    if not spaces:
        state = "delivered" if hull.get("delivered") else "on its Shuttle"
        head = c.text_lines((box.x, box.y), c.wrap(f"AlphaBot is {state}: no more INTERACT", TEXT_XS, box.w,
                                                   bold=True, max_lines=2), TEXT_XS, TEXT, bold=True)
        d = hull.get("delivered")
        line = (f"Delivered to the {d['ship']} by {robot_name(view, d['by'])}" if d
                else f"Shields for delivery: {hull.get('shields_for_delivery', 0)}")
        c.text((box.x, head.y1 + 10), line, TEXT_XS, TEXT, "lm", max_width=box.w)
        return
    half = (box.h - 4) / 2
    for i, sub in enumerate(("control", "server")):
        s = spaces[sub]
        b = Box(box.x, box.y + i * (half + 4), box.w, half)
        c.rect(b, fill=CELL_LIGHT, outline=PANEL_BORDER, radius=4)
        who = ", ".join(robot_name(view, x) for x in s.get("who") or []) or "empty"
        c.text((b.x + 6, b.y + 8), f"{sub.title()} side {s['side']} ({len(s.get('who') or [])}/{s['room']}): {who}",
               TEXT_XS, TEXT, "lm", bold=True, max_width=b.w - 12)
        c.text((b.x + 6, b.y + 26), "; ".join(s.get("options") or []), TEXT_XS, MUTED, "lm", max_width=b.w - 12)


def _tracks(c: Canvas, box: Box, hull: dict[str, Any]) -> None:
    """The battery tracks (and the Shuttle's) two to a row: a name and its spaces, the filled ones coloured."""
    rows = [(TRACK_INK[k], v, ink(TRACK_INK[k])) for k, v in (hull.get("tracks") or {}).items()]
    if hull.get("shuttle"):
        rows.append(("Shuttle", hull["shuttle"], ink("Exomatter")))
    col_w = box.w / 2
    for i, (name, t, colour) in enumerate(rows):
        x, y = box.x + (i % 2) * col_w, box.y + 9 + (i // 2) * TRACK_ROW
        c.text((x, y), name, TEXT_XS, TEXT, "lm")
        for k in range(int(t["spaces"])):
            cell = Box(x + 64 + k * 19, y - 8, 16, 16)
            c.rect(cell, fill=colour if k < int(t["filled"]) else CELL_LIGHT, outline=GRID_LINE, radius=3)


def _items(c: Canvas, box: Box, hull: dict[str, Any]) -> None:
    c.text((box.x, box.y + 8), f"AlphaBot Items (deck: {hull.get('item_deck', 0)})", TEXT_XS, TEXT, "lm", bold=True)
    y = box.y + 26
    entries = [("Available", it) for it in hull.get("available") or []]
    if hull.get("standby"):
        entries.append(("Standby", hull["standby"]))
    for kind, it in entries:
        if y > box.y1 - 8:
            break
        c.text((box.x, y), f"{kind}: {it['name']} ({it['vp']} VP) - {it['cost']}", TEXT_XS, TEXT, "lm",
               max_width=box.w)
        y += 18


def draw_hull(c: Canvas, box: Box, view: dict[str, Any]) -> None:
    """Hull spaces over the tracks on the left, the item server on the right."""
    hull = (view.get("table") or {}).get("hull") or {}
    left, right = box.take_left(box.w * 0.45, gap=10)
    spaces, tracks = left.take_top(left.h - 2 * TRACK_ROW, gap=4)
    _spaces(c, spaces, view, hull)
    _tracks(c, tracks, hull)
    _items(c, right, hull)
