"""The threats strip (rules version 2): the Cylindroid belt by segment, and AlphaBot's shield track with its
four zones, its Control/Server sides and its AI marker; plus the Cylindroid and Box chips the Main Vault
squares show. Draws only from ``table.threats`` and ``table.alphabot`` of the view."""

from __future__ import annotations

from typing import Any

from render.core import Box, Canvas, label
from render.core.palette import CELL_LIGHT, GRID_LINE, MUTED, PANEL_BORDER, TEXT, WHITE

from .elite import on_belt
from .layout import TEXT_S, TEXT_XS, outline_changed

THREATS_H = 220.0
"""Height of the strip, panel title included."""
BELT_H = 74.0
"""The belt's row: its caption and segments."""
CYL_INK = {"Miner": (0xC9, 0xA2, 0x27), "Laser": (0x7B, 0x4F, 0xA8), "Explosive": (0xC0, 0x39, 0x2B)}
ZONE_FILL = [(0xD8, 0xEE, 0xD8), (0xF7, 0xEE, 0xC8), (0xF7, 0xD9, 0xC0), (0xF2, 0xC4, 0xC4)]
ZONES = [(8, 10), (5, 7), (2, 4), (1, 1)]


def has_threats(view: dict[str, Any]) -> bool:
    return bool((view.get("table") or {}).get("threats"))


def cyl_chip(c: Canvas, at: tuple[float, float], name: str, r: float = 9.0) -> float:
    """One Cylindroid as a coloured disc with its initial; an armed Explosive is filled, a disarmed one is a
    ring. Returns the chip's width."""
    base = name.split()[-1]
    colour = CYL_INK.get(base, MUTED)
    armed = not name.startswith("disarmed")
    c.circle(at, r, fill=colour if armed else WHITE, outline=colour, width=2)
    c.text(at, base[:1] + ("!" if name.startswith("armed") else ""), TEXT_XS, WHITE if armed else colour, "mm",
           bold=True)
    return 2 * r + 2


def box_chip(c: Canvas, at: tuple[float, float], n: int) -> float:
    """Boxes as a small brown square with their count."""
    b = Box(at[0] - 8, at[1] - 8, 16, 16)
    c.rect(b, fill=(0x9C, 0x6B, 0x3C), outline=TEXT, width=1, radius=2)
    if n > 1:
        c.text(b.center, str(n), TEXT_XS, WHITE, "mm", bold=True)
    return 14.0


def square_contents(c: Canvas, cell: Box, contents: dict[str, Any]) -> None:
    """The Cylindroids and Boxes on one Main Vault square, in a row above its figures."""
    x = cell.x + 8
    y = cell.center[1] - 2
    for name in contents.get("cylindroids") or []:
        if x > cell.x1 - 8:
            break
        x += cyl_chip(c, (x, y), name, r=8.0)
    if contents.get("boxes"):
        box_chip(c, (min(x, cell.x1 - 8), y), int(contents["boxes"]))


def draw_threats(c: Canvas, box: Box, view: dict[str, Any]) -> None:
    """The belt on top, AlphaBot's shield track below it."""
    table = view.get("table") or {}
    threats = table.get("threats") or {}
    top, bottom = box.take_top(BELT_H, gap=8)
    c.text((top.x, top.y + 8), f"Cylindroid belt (bag: {threats.get('bag', 0)})", TEXT_S, TEXT, "lm", bold=True)
    belt = threats.get("belt") or []
    seg_w = (top.w + 4) / (len(belt) + 1)
    for i, seg in enumerate([*belt, {"segment": len(belt) + 1, "elite": True}]):
        sb = Box(top.x + i * seg_w, top.y + 18, seg_w - 4, top.h - 18)
        c.rect(sb, fill=CELL_LIGHT if not seg.get("elite") else (0xE8, 0xE0, 0xF0), outline=PANEL_BORDER, radius=4)
        c.text((sb.x + 4, sb.y + 9), str(seg.get("segment")), TEXT_XS, MUTED, "lm", bold=True)
        if seg.get("elite"):
            if not on_belt(c, sb, view):
                c.text(sb.center, "Elite", TEXT_XS, TEXT, "mm", bold=True)
            continue
        c.text((sb.x1 - 3, sb.y + 9), f"+{seg.get('return_stress', 0)}", TEXT_XS, MUTED, "rm")
        x, y = sb.x + 11, sb.y + 29
        for name in seg.get("cylindroids") or []:
            if x > sb.x1 - 9:
                x, y = sb.x + 11, y + 19
            x += cyl_chip(c, (x, y), name)
        if seg.get("boxes"):
            box_chip(c, (sb.x1 - 9, sb.y1 - 9), int(seg["boxes"]))
        if seg.get("empty"):
            c.text((sb.center[0], sb.center[1] + 6), "empty", TEXT_XS, MUTED, "mm")
    outline_changed(c, view, "belt", top.expand(3))
    draw_shield_track(c, bottom, table.get("alphabot") or {})
    outline_changed(c, view, "alphabot", bottom.expand(3))


def draw_shield_track(c: Canvas, box: Box, ab: dict[str, Any]) -> None:
    """AlphaBot's 10 shield spaces in 4 zones, its status card, tile sides and AI marker (SB-ALPHA-08..11)."""
    spaces = int(ab.get("shield_spaces") or 10)
    shields = int(ab.get("shields") or 0)
    c.text((box.x, box.y + 8), f"AlphaBot shields {shields}/{spaces}", TEXT_S, TEXT, "lm", bold=True)
    sides = (f"Control {ab.get('control', '?')} · Server {ab.get('server', '?')} · AI {ab.get('ai', '?')}"
             f"/{ab.get('ai_max', '?')}")
    c.text((box.x1, box.y + 8), sides, TEXT_XS, TEXT, "rm")
    cell = (box.w + 3) / spaces
    y = box.y + 18
    for n in range(1, spaces + 1):  # space 1 on the left; shields are lost from the top
        zone = next(i for i, (lo, hi) in enumerate(ZONES) if lo <= n <= hi)
        cb = Box(box.x + (n - 1) * cell, y, cell - 3, 26)
        c.rect(cb, fill=ZONE_FILL[zone], outline=GRID_LINE, radius=3)
        if n <= shields:
            c.circle(cb.center, min(9.0, cb.w / 2 - 2), fill=(0x8F, 0xA3, 0xB5), outline=TEXT, width=1)
        zone_end = f" · Z{zone + 1}" if n == ZONES[zone][1] else ""
        c.text((cb.center[0], cb.y1 + 9), f"{n}{zone_end}", TEXT_XS, MUTED, "mm", bold=bool(zone_end))
    card = ab.get("status_card")
    if card:
        label(c, (box.x, box.y1 - 9), f"Status card {card}", TEXT_XS, anchor="lm", bg=TEXT, bold=True)
    c.text((box.x1, box.y1 - 9), f"Aggressive deck: {ab.get('aggressive_left', 0)} left", TEXT_XS, MUTED, "rm")
