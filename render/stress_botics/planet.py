"""The planet: the Core with its dial, three sectors of Mantle and Crust locations, tunnels, open, dial-closed
and padlocked routes, every BetaBot and AlphaBot, and the last player's location highlighted."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from render.core import Box, Canvas, Point, highlight, label, seat_marker
from render.core.palette import GRID_LINE, HIGHLIGHT, MUTED, PANEL_BORDER, TEXT

from .chips import chips_width, draw_chips
from .layout import KIND_FILL, MUTED_INK, PADLOCK_INK, RING_FILL, TEXT_S, TEXT_XS, amounts, boards, outline_changed

SECTOR_ANGLE = {"A": -90.0, "B": 30.0, "C": 150.0}
"""Sector centres in degrees (12, 4 and 8 o'clock, as on the board)."""
PLACES: dict[tuple[str, str, str | None], tuple[float, float]] = {
    ("main_vault", "mantle", None): (-22.0, 0.40), ("ep_vault", "mantle", "m"): (26.0, 0.40),
    ("tunnel", "tunnel", None): (-64.0, 0.60), ("main_vault", "crust", None): (-34.0, 0.76),
    ("ep_vault", "crust", "inner"): (8.0, 0.64), ("ep_vault", "crust", "outer"): (42.0, 0.80),
    ("delivery_base", "crust", "manual"): (-10.0, 0.91), ("delivery_base", "crust", "automatic"): (18.0, 0.93),
}
"""(degrees from the sector centre, fraction of the radius) of each kind of location."""
NODE_W = 124.0
LINE = 15.0
SLOT_H = 4 * LINE + 14
"""Height every location is laid out with, whatever it shows, so positions never move (spec 6.6)."""
CORE_R = 52.0


def node_point(centre: Point, radius: float, info: dict[str, Any]) -> Point:
    """Where a location sits on the planet (the Core at the centre)."""
    if info.get("kind") == "core" or info.get("sector") not in SECTOR_ANGLE:
        return centre
    key = (info.get("kind", ""), info.get("ring", ""), info.get("slot"))
    da, fr = PLACES.get(key, (0.0, 0.5))
    a = math.radians(SECTOR_ANGLE[info["sector"]] + da)
    return centre[0] + radius * fr * math.cos(a), centre[1] + radius * fr * math.sin(a)


def _padlock(c: Canvas, at: Point) -> None:
    """A small red padlock."""
    x, y = at
    c.ellipse(Box(x - 4.5, y - 9, 9, 10), outline=PADLOCK_INK, width=2)
    c.rect(Box(x - 6.5, y - 4, 13, 10), fill=PADLOCK_INK, radius=2)


def _edges(c: Canvas, planet: dict[str, Any], where: dict[str, Point]) -> None:
    for e in planet.get("edges") or []:
        a, b = where.get(e.get("a")), where.get(e.get("b"))
        if a is None or b is None:
            continue
        if e.get("padlock"):
            c.line([a, b], PADLOCK_INK, 2)
            _padlock(c, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2))
        elif e.get("open"):
            c.line([a, b], GRID_LINE if not e.get("core") else TEXT, 2.5)
        else:  # a Core route the dial does not connect now
            c.line([a, b], MUTED_INK, 1)


def _core(c: Canvas, centre: Point, info: dict[str, Any], core: dict[str, Any], positions: int) -> None:
    c.circle(centre, CORE_R, fill=KIND_FILL["core"], outline=PANEL_BORDER, width=1.5)
    dial = int(core.get("dial") or 0)
    for i in range(positions):  # the 9-position dial; the pointer marks the current one
        a = math.radians(-90 + 360 * i / positions)
        r0, r1 = CORE_R - (12 if i == dial % positions else 5), CORE_R
        c.line([(centre[0] + r0 * math.cos(a), centre[1] + r0 * math.sin(a)),
                (centre[0] + r1 * math.cos(a), centre[1] + r1 * math.sin(a))],
               HIGHLIGHT if i == dial % positions else MUTED, 3 if i == dial % positions else 1.2)
    x, y = centre
    c.text((x, y - 22), "the Core", TEXT_S, TEXT, "mm", bold=True)
    c.text((x, y - 6), f"side {info.get('side', core.get('side', 'A'))}", TEXT_XS, TEXT, "mm")
    items = amounts(str(info.get("yield") or ""))
    w = c.text_width("gives", TEXT_XS) + 4 + chips_width(c, items, TEXT_XS)
    c.text((x - w / 2, y + 8), "gives", TEXT_XS, MUTED, "lm")
    draw_chips(c, x - w / 2 + c.text_width("gives", TEXT_XS) + 4, y + 8, items, x + CORE_R, TEXT_XS)
    if core.get("side") == "A":
        c.text((x, y + 22), f"{core.get('lava', 0)} Lava left", TEXT_XS, MUTED, "mm")


def _node_lines(c: Canvas, node: str, info: dict[str, Any], active: str | None) -> list[tuple[str, bool]]:
    """(text, bold) lines of a location's box: its name (up to 3 lines), then what it gives now."""
    name = str(info.get("name") or node)
    name = name[4:] if name.startswith("the ") else name
    kind = info.get("kind")
    if kind == "delivery_base":
        base = "Manual" if info.get("slot") == "manual" else "Automatic"
        name = f"{base} Delivery Base {info.get('sector', '')}"
    elif kind == "ep_vault" and info.get("side") == "B":
        name += " (side B)"
    room = NODE_W - 8
    lines = [(line, True) for line in c.wrap(name, TEXT_XS, room, bold=True, max_lines=3)]
    if kind == "main_vault":
        lines.append(("Active: AlphaBot" if node == active else "Neutral Zone", False))
    elif kind == "ep_vault":
        lines.append((str(info.get("yield", "-")), False))
        holds = info.get("holds")
        if holds and holds != "nothing":
            lines.append((f"holds {holds}", False))
    elif kind == "tunnel":
        lines.append((("next: " if info.get("side") == "A" else "gives ") + str(info.get("yield", "-")), False))
    return lines


def _node(c: Canvas, box: Box, node: str, info: dict[str, Any], lines: list[tuple[str, bool]],
          active: str | None) -> None:
    fill = KIND_FILL.get(str(info.get("kind")), (0xFF, 0xFF, 0xFF))
    c.rect(box, fill=fill, outline=TEXT if node == active else PANEL_BORDER, width=2.5 if node == active else 1,
           radius=7)
    y = box.y + 4 + LINE / 2
    for text, bold in lines:
        word, _, rest = text.partition(" ")
        items = amounts(rest) if word in ("gives", "holds") else []
        if word == "next:":  # a tunnel's queue, one unit each (SB-MINE-06)
            items = [(0, r) for r in rest.split(", ") if r]
        if items:  # "gives 1 Ti + 1 Ga" as resource chips after the word
            w = c.text_width(word, TEXT_XS) + 4 + chips_width(c, items, TEXT_XS)
            x = max(box.x + 3, box.center[0] - w / 2)
            c.text((x, y), word, TEXT_XS, MUTED, "lm")
            draw_chips(c, x + c.text_width(word, TEXT_XS) + 4, y, items, box.x1 - 2, TEXT_XS)
        else:
            c.text((box.center[0], y), text, TEXT_XS, TEXT, "mm", bold=bold, max_width=NODE_W - 4)
        y += LINE


def relax(boxes: dict[str, Box], bounds: Box, fixed: set[str], rounds: int = 60) -> dict[str, Box]:
    """Nudge overlapping location boxes apart (and inside ``bounds``); ``fixed`` ones stay put."""
    out = dict(boxes)
    names = sorted(out)
    for _ in range(rounds):
        moved = False
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                ba, bb = out[a], out[b]
                dx = min(ba.x1, bb.x1) - max(ba.x, bb.x) + 3
                dy = min(ba.y1, bb.y1) - max(ba.y, bb.y) + 3
                if dx <= 0 or dy <= 0:
                    continue
                moved = True
                sx = 1.0 if bb.center[0] >= ba.center[0] else -1.0
                sy = 1.0 if bb.center[1] >= ba.center[1] else -1.0
                mx, my = (0.0, sy * dy / 2) if dy < dx else (sx * dx / 2, 0.0)
                share = 0.0 if a in fixed else (1.0 if b in fixed else 0.5)
                out[a] = out[a].move(-mx * 2 * share, -my * 2 * share)
                out[b] = out[b].move(mx * 2 * (1 - share), my * 2 * (1 - share))
        for n, bx in out.items():
            x = min(max(bx.x, bounds.x), bounds.x1 - bx.w)
            y = min(max(bx.y, bounds.y), bounds.y1 - bx.h)
            out[n] = Box(x, y, bx.w, bx.h)
        if not moved:
            break
    return out


FIGURE_R = 14.0
"""Radius of a BetaBot marker on the planet (≈ 56 px across in the PNG)."""


def _figures(c: Canvas, box: Box, seats: list[int], alphabot: bool) -> None:
    """BetaBot markers (and AlphaBot's pill) along the bottom edge of a location's box."""
    x = box.x + FIGURE_R + 2
    if alphabot:
        x = label(c, (box.x + 2, box.y1), "AlphaBot", TEXT_XS, anchor="lm", bg=TEXT, bold=True).x1 + FIGURE_R + 4
    for s in seats:  # big enough to tell apart on a phone, side by side without overlapping
        seat_marker(c, (x, box.y1), s, r=FIGURE_R, text=str(s + 1))
        x += 2 * FIGURE_R + 5


def places(box: Box, nodes: dict[str, dict[str, Any]]) -> dict[str, Point]:
    """Centre of every location in ``box``: from its kind, ring and sector only, so it never moves (spec 6.6)."""
    board = tuple(sorted((n, str(i.get("kind")), str(i.get("ring")), str(i.get("sector")), str(i.get("slot")))
                         for n, i in nodes.items()))
    return dict(_places(box, board))


@lru_cache(maxsize=16)
def _places(box: Box, board: tuple[tuple[str, str, str, str, str], ...]) -> tuple[tuple[str, Point], ...]:
    centre, radius = box.center, min(box.w, box.h) / 2 - 6
    info = {n: {"kind": k, "ring": r, "sector": s, "slot": None if slot == "None" else slot}
            for n, k, r, s, slot in board}
    core = {n for n, i in info.items() if i["kind"] == "core"}
    slots = {n: Box.around(node_point(centre, radius, i), *((2 * CORE_R, 2 * CORE_R) if n in core
                                                              else (NODE_W, SLOT_H)))
             for n, i in info.items()}
    return tuple((n, b.center) for n, b in relax(slots, box, core).items())


def draw_planet(c: Canvas, box: Box, view: dict[str, Any]) -> None:
    """The planet graph filling ``box`` (a square is best)."""
    table = view.get("table") or {}
    planet = table.get("planet") or {}
    nodes: dict[str, dict[str, Any]] = planet.get("nodes") or {}
    centre = box.center
    radius = min(box.w, box.h) / 2 - 6
    c.circle(centre, radius, fill=RING_FILL["crust"], outline=PANEL_BORDER)
    c.circle(centre, radius * 0.5, fill=RING_FILL["mantle"], outline=PANEL_BORDER)
    for sector, angle in SECTOR_ANGLE.items():
        for edge in (angle - 60, angle + 60):  # sector borders
            a = math.radians(edge)
            c.line([(centre[0] + CORE_R * math.cos(a), centre[1] + CORE_R * math.sin(a)),
                    (centre[0] + radius * math.cos(a), centre[1] + radius * math.sin(a))], PANEL_BORDER, 1)
        a = math.radians(angle - 45)
        c.text((centre[0] + radius * 0.98 * math.cos(a), centre[1] + radius * 0.98 * math.sin(a)),
               f"Sector {sector}", TEXT_S, MUTED, "mm", bold=True)
    ab = planet.get("alphabot") or {}
    active = ab.get("at")
    players = table.get("players") or {}
    order = boards(view)
    lines = {n: _node_lines(c, n, info, active) for n, info in nodes.items() if info.get("kind") != "core"}
    where = places(box, nodes)
    boxes = {n: Box.around(where[n], 2 * CORE_R, 2 * CORE_R) if n not in lines
             else Box.around(where[n], NODE_W, LINE * len(lines[n]) + 14) for n in nodes}
    _edges(c, planet, where)
    for n, info in nodes.items():
        if n in lines:
            _node(c, boxes[n], n, info, lines[n], active)
        else:
            _core(c, where[n], info, table.get("core") or {}, int(planet.get("dial_positions") or 9))
    last = table.get("last_turn")
    if last is not None:  # under the figures, so the ring never crosses a marker
        at = (players.get(str(last)) or {}).get("at")
        if at in boxes:
            highlight(c, boxes[at], width=4, glow=False, radius=8)  # a crisp ring: no full-size glow layer
    for n, b in boxes.items():
        here = [s for s in order if (players.get(str(s)) or {}).get("at") == n]
        _figures(c, b, here, n == active)
    for n, b in boxes.items():  # on top of everything, figures included
        outline_changed(c, view, f"planet:{n}", b.expand(3), radius=9)
