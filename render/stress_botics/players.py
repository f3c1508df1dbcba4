"""One BetaBot's public board: location, stress, shield and battery tracks, tanks and counters."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from render.core import Box, Canvas, highlight, panel
from render.core.palette import CELL_LIGHT, GRID_LINE, MUTED, PANEL_BORDER, TEXT, WARNING, text_on

from .chips import draw_chips
from .items import EXT_ROW, draw_extensions
from .layout import TEXT_S, TEXT_XS, TITLE, amounts, ink, outline_changed, robot_name, short_resource

ROW = 20.0
PANEL_H = 308.0
LABEL_W = 84.0
"""Room for the track names left of their bars."""
AI_WORDS = {"comp": "Competitive", "coop": "Cooperative"}


def _bar(c: Canvas, box: Box, value: float, top: float, colour: Any) -> None:
    c.rect(box, fill=CELL_LIGHT, outline=GRID_LINE, radius=3)
    if top > 0 and value > 0:
        w = box.w * min(1.0, value / top)
        c.rect(Box(box.x, box.y, max(4.0, w), box.h), fill=colour, radius=3)


def _tracks(c: Canvas, box: Box, p: dict[str, Any], limits: dict[str, Any]) -> float:
    """Stress bar, shield pips and battery track; returns the y below them."""
    x, y, w = box.x, box.y, box.w
    stress = int(p.get("stress") or 0)
    top = int(limits.get("stress") or 40)
    c.text((x, y + 8), f"Stress {stress}", TEXT_S, WARNING if stress > top else TEXT, "lm", bold=True)
    _bar(c, Box(x + LABEL_W, y + 2, w - LABEL_W, 12), stress, top, WARNING)
    y += ROW
    shields, most = int(p.get("shields") or 0), int(limits.get("shields") or 12)
    c.text((x, y + 8), f"Shields {shields}", TEXT_S, TEXT, "lm", bold=True)
    step = (w - LABEL_W - 4) / max(1, most)
    for i in range(most):
        c.circle((x + LABEL_W + 6 + i * step, y + 8), min(5.5, step / 2 - 0.5), fill=(0x2E, 0x6F, 0xB8) if i < shields
                 else CELL_LIGHT, outline=GRID_LINE, width=0.8)
    y += ROW
    track = list(p.get("track") or [])
    spaces = int(limits.get("battery_track") or 8)
    c.text((x, y + 8), "Batteries", TEXT_S, TEXT, "lm", bold=True)
    cell = (w - LABEL_W + 2) / spaces
    for i in range(spaces):
        cb = Box(x + LABEL_W + i * cell, y, cell - 2, 17)
        if i < len(track):
            colour = ink(track[i])
            c.rect(cb, fill=colour, radius=3)
            c.text(cb.center, short_resource(track[i].replace(" Battery", "")), TEXT_XS, text_on(colour), "mm",
                   bold=True)
        else:
            c.rect(cb, fill=CELL_LIGHT, outline=GRID_LINE, width=0.8, radius=3)
            c.text(cb.center, str(i + 1), TEXT_XS, MUTED, "mm")
    return y + ROW + 2


def _tanks(c: Canvas, box: Box, p: dict[str, Any]) -> float:
    x, y, w = box.x, box.y, box.w
    tanks = p.get("tanks") or {}
    room = p.get("tank_room") or {}
    rows = [(f"Tank {k}", tanks[k], room.get(k)) for k in sorted(tanks)]
    rows.append(("Danger", p.get("ds"), p.get("ds_room")))
    for name, text, used in rows:
        c.text((x, y + 9), name, TEXT_XS, TEXT, "lm", bold=True)
        cap = f"{used[0]}/{used[1]}" if isinstance(used, list | tuple) and len(used) == 2 else ""
        c.rect(Box(x + 58, y + 1, w - 58, 18), fill=(0xFA, 0xF8, 0xF4), outline=PANEL_BORDER, radius=3)
        draw_chips(c, x + 61, y + 10, amounts(text), x + w - 38)
        c.text((x + w - 3, y + 10), cap, TEXT_XS, MUTED, "rm")
        y += ROW
    return y + 2


def _facts(p: dict[str, Any], solo: dict[str, Any] | None) -> list[str]:
    """The board's counters in words; DeltaBot's add its AI and turning tiles, its wreck and the solo line."""
    ai = AI_WORDS.get(str(p.get("ai")), "no") + " AI"
    if not p.get("deltabot"):
        return [f"Status {p.get('status', '?')} · {ai} · {p.get('mp', '?')} MP · {p.get('slots', '?')} slots",
                f"Hand {p.get('hand', 0)} · programmed {p.get('programmed', 0)} · "
                f"markers {p.get('delivery_markers', 0)}"]
    tiles = p.get("tiles") or {}
    turning = f" · tank tile {tiles['tank']} · battery tile {tiles['battery']}" if tiles else ""
    lines = [f"Status {p.get('status', '?')} · {ai} tile{turning}",
             f"{p.get('mp', '?')} MP · {p.get('slots', '?')} slots · markers {p.get('delivery_markers', 0)}"]
    if p.get("wreck"):
        unlocked = ", ".join(p.get("unlocked") or []) or "nothing yet"
        lines.append(f"DeltaBot is {p['wreck']}; unlocked: {unlocked}")
    if solo:
        lines.append(f"Solo objective: {solo.get('final_objective')} · win at {solo.get('win_at')}")
    return lines


def player_panel(c: Canvas, box: Box, view: dict[str, Any], seat: int) -> None:
    """A player's board; the player who took the last turn is highlighted."""
    table = view.get("table") or {}
    p = (table.get("players") or {}).get(str(seat)) or {}
    limits = (table.get("planet") or {}).get("limits") or {}
    active = seat in (view.get("active") or [])
    score = p.get("score")
    inner = panel(c, box, robot_name(view, seat), seat=seat, active=active, title_size=TITLE,
                  badge=f"score {score}" if score is not None else None)
    y = inner.y
    c.text((inner.x, y), str(p.get("where") or "?"), TEXT_XS, TEXT, max_width=inner.w)
    tops = {"where": y}
    y += c.lines_height(1, TEXT_XS) + 4
    tops["tracks"] = y
    y = _tracks(c, Box(inner.x, y, inner.w, 60), p, limits)
    tops["tanks"] = y
    y = _tanks(c, Box(inner.x, y, inner.w, 90), p)
    tops["facts"] = y
    facts = _facts(p, table.get("solo"))
    if p.get("inside"):
        facts.append(f"Producer: {p['inside']} inside")
    if p.get("captured"):
        facts.append("Captured: " + ", ".join(p["captured"]))
    for line in facts:
        c.text((inner.x, y), line, TEXT_XS, TEXT, max_width=inner.w)
        y += c.lines_height(1, TEXT_XS) + 1
    tops["items"] = inner.y1
    if p.get("items"):  # rules version 3: the extensions, at the panel's foot (a fixed place)
        tops["items"] = top = inner.y1 - 4 * EXT_ROW - 22
        draw_extensions(c, Box(inner.x, top, inner.w, inner.y1 - top), p["items"])
    tops["end"] = inner.y1 + 2
    for section, after in pairwise(tops):  # each board section that changed, outlined
        outline_changed(c, view, f"board:{seat}:{section}",
                        Box(inner.x - 3, tops[section] - 2, inner.w + 6, tops[after] - tops[section]))
    if table.get("last_turn") == seat:
        highlight(c, box, radius=10)


def panel_height() -> float:
    return PANEL_H
