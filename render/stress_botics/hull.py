"""AlphaBot's extension board (rules version 3): the Control and Server with their side, options and the
BetaBots on them, the Titanium, Carbon and Silicon battery tracks and the 1-2p Shuttle track, the Available and
Standby AlphaBot Items, and whether AlphaBot waits on its Shuttle or was delivered. Draws only from
``table.hull`` of the view."""

from __future__ import annotations

from typing import Any

from render.core import Box, Canvas
from render.core.palette import CELL_LIGHT, GRID_LINE, MUTED, PANEL_BORDER, TEXT

from .layout import TEXT_XS, ink, robot_name

HULL_H = 370.0
"""Height of the strip, panel title included."""
TRACK_ROW = 20.0
TOP_H = 4 * TRACK_ROW
"""The hull spaces and the tracks (three, and the Shuttle's at 1-2 players)."""
ITEM_LINE = 18.0
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
    """The battery tracks (and the Shuttle's), one to a row: a name and its spaces, the filled ones coloured."""
    rows = [(TRACK_INK[k], v, ink(TRACK_INK[k])) for k, v in (hull.get("tracks") or {}).items()]
    if hull.get("shuttle"):
        rows.append(("Shuttle", hull["shuttle"], ink("Exomatter")))
    label_w = max((c.text_width(name, TEXT_XS) for name, _, _ in rows), default=0.0) + 8
    for i, (name, t, colour) in enumerate(rows):
        y = box.y + 9 + i * TRACK_ROW
        c.text((box.x, y), name, TEXT_XS, TEXT, "lm")
        spaces = int(t["spaces"])
        step = min(19.0, (box.w - label_w) / max(1, spaces))
        for k in range(spaces):
            cell = Box(box.x + label_w + k * step, y - 8, step - 3, 16)
            c.rect(cell, fill=colour if k < int(t["filled"]) else CELL_LIGHT, outline=GRID_LINE, radius=3)


def _items(c: Canvas, box: Box, hull: dict[str, Any]) -> None:
    """The Available and Standby AlphaBot Items, two lines each: name, VP and cost; the effect."""
    c.text((box.x, box.y + 8), f"AlphaBot Items (deck: {hull.get('item_deck', 0)})", TEXT_XS, TEXT, "lm", bold=True)
    y = box.y + 26
    entries = [("Available", it) for it in hull.get("available") or []]
    if hull.get("standby"):
        entries.append(("Standby", hull["standby"]))
    for kind, it in entries:
        if y > box.y1 - 2 * ITEM_LINE + 8:
            break
        c.text((box.x, y), f"{kind}: {it['name']} ({it['vp']} VP) · cost {it['cost']}", TEXT_XS, TEXT, "lm",
               max_width=box.w)
        c.text((box.x + 12, y + ITEM_LINE), str(it.get("effect") or ""), TEXT_XS, MUTED, "lm", max_width=box.w - 12)
        y += 2 * ITEM_LINE + 2


def draw_hull(c: Canvas, box: Box, view: dict[str, Any]) -> None:
    """The hull spaces beside the tracks on top, the item server across the strip under them."""
    hull = (view.get("table") or {}).get("hull") or {}
    top, bottom = box.take_top(TOP_H, gap=8)
    spaces, tracks = top.take_left(top.w * 0.6, gap=10)
    _spaces(c, spaces, view, hull)
    _tracks(c, tracks, hull)
    _items(c, bottom, hull)
