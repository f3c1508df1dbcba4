"""Player areas: engines, oil tanks, energy, processors, cable matrix, hand, modifiers, abilities."""

from __future__ import annotations

from typing import Any

from render.core import SIZE_HEADING, Box, Canvas, Point, badge, card_back, label, panel
from render.core.palette import MUTED, PANEL, TEXT, WHITE, Colour, lighten, seat_colour
from render.core.primitives import panel_header_height
from render.core.seatnames import seat_label

from .layout import (
    CHIP,
    ENERGY,
    OIL_INK,
    TEXT_M,
    TEXT_S,
    Static,
    bolt,
    die,
    names,
    oil_drop,
)

PLATE: Colour = (0x33, 0x3F, 0x55)
LINK: Colour = (0x1E, 0x9E, 0x4A)
SIDES: dict[str, tuple[float, float]] = {"N": (0.5, 0.0), "E": (1.0, 0.5), "S": (0.5, 1.0), "W": (0.0, 0.5)}
ROW_H = 26.0
TANK_STEP = 21.0
LINKS_H = 20.0
MATRIX_MAX_H = 124.0


def rocket(c: Canvas, box: Box, colour: Colour | None) -> None:
    """A Rocket Engine: filled in ``colour`` when built, an empty outline otherwise."""
    x, y, w, h = box.x, box.y, box.w, box.h
    body = [
        (x + w * 0.5, y),
        (x + w * 0.8, y + h * 0.3),
        (x + w * 0.8, y + h * 0.78),
        (x + w, y + h),
        (x, y + h),
        (x + w * 0.2, y + h * 0.78),
        (x + w * 0.2, y + h * 0.3),
    ]
    if colour is None:
        c.polygon(body, WHITE, lighten(MUTED, 0.3), 1.5)
    else:
        c.polygon(body, colour, TEXT, 1.5)
        c.circle((x + w * 0.5, y + h * 0.45), w * 0.14, WHITE)


def slots_row(c: Canvas, x: float, y: float, n: int, filled: int, draw: Any, size: float) -> float:
    """``n`` slot icons left to right centred on ``y``; returns the x after them."""
    for i in range(n):
        draw(c, (x + size / 2, y), size / 2, i < filled)
        x += size + 3
    return x


def _energy(c: Canvas, p: Point, r: float, on: bool) -> None:
    c.circle(p, r, ENERGY if on else WHITE, TEXT if on else lighten(MUTED, 0.3), 1.5)
    bolt(c, p, r * 0.8, TEXT if on else lighten(MUTED, 0.5))


def _chip(c: Canvas, p: Point, r: float, on: bool) -> None:
    b = Box.around(p, r * 1.6, r * 1.6)
    ink = TEXT if on else lighten(MUTED, 0.3)
    for k in (-0.45, 0.0, 0.45):  # pins
        c.line([(p[0] + k * r, b.y - r * 0.3), (p[0] + k * r, b.y1 + r * 0.3)], ink, 1.2)
        c.line([(b.x - r * 0.3, p[1] + k * r), (b.x1 + r * 0.3, p[1] + k * r)], ink, 1.2)
    c.rect(b, fill=CHIP if on else WHITE, outline=ink, width=1.5, radius=2)


def tank(c: Canvas, x: float, y: float, level: int, size: int, w: float) -> float:
    """One oil tank as ``size`` cells (drops filled up to ``level``); a full tank is locked."""
    cell = w / size
    full = level >= size
    for i in range(size):
        b = Box(x + i * cell, y, cell - 1.5, 16)
        c.rect(
            b,
            fill=OIL_INK if i < level else WHITE,
            outline=TEXT if full else lighten(MUTED, 0.3),
            width=2 if full else 1,
            radius=2,
        )
    return x + size * cell


def lock(c: Canvas, p: Point, r: float) -> None:
    """A padlock (full oil tank)."""
    c.line(
        [
            (p[0] - r * 0.45, p[1]),
            (p[0] - r * 0.45, p[1] - r * 0.6),
            (p[0] + r * 0.45, p[1] - r * 0.6),
            (p[0] + r * 0.45, p[1]),
        ],
        TEXT,
        max(1.5, r / 4),
        rounded=False,
    )
    c.rect(Box(p[0] - r * 0.7, p[1] - r * 0.1, r * 1.4, r * 1.1), fill=TEXT, radius=r * 0.2)


def matrix(c: Canvas, box: Box, p: dict[str, Any], seat: int, st: Static) -> None:
    """The cable matrix: placed cables, locked cells, the G1/J2 nodes and A/B sockets."""
    cols, rows = len(st.matrix_cols), st.matrix_rows
    s = min((box.w - 28) / cols, (box.h - 30) / rows)
    ox = box.x + (box.w - cols * s) / 2
    oy = box.y + (box.h - rows * s) / 2
    cables, locked = p.get("matrix") or {}, set(p.get("locked") or [])
    links = set(p.get("connections") or [])

    def cell_box(name: str) -> Box:
        col, row = st.matrix_cols.index(name[0]), int(name[1:]) - 1
        return Box(ox + col * s, oy + row * s, s, s)

    tint = lighten(seat_colour(seat), 0.55)
    for col in st.matrix_cols:
        for row in range(1, rows + 1):
            name = f"{col}{row}"
            b = cell_box(name)
            c.rect(b, fill=tint if name in locked else WHITE, outline=lighten(MUTED, 0.45), width=1)
            if name not in cables and name not in st.node_cells:  # the cell's name, as labels and the log say it
                c.text(b.center, name, max(6.0, s * 0.34), lighten(MUTED, 0.35), "mm")
    for name in st.node_cells:
        b = cell_box(name)
        c.rect(b.inset(1), fill=PLATE, radius=s * 0.2)
        c.text(b.center, name, min(TEXT_S, s * 0.55), WHITE, "mm", bold=True)
    for name, orient in cables.items():
        if name[:1] not in st.matrix_cols or not name[1:].isdigit():
            continue
        b = cell_box(name)
        pts = [(b.x + b.w * SIDES[d][0], b.y + b.h * SIDES[d][1]) for d in str(orient)[:2] if d in SIDES]
        if len(pts) == 2:
            c.line([pts[0], b.center, pts[1]], TEXT, max(2.5, s * 0.2))
    for group, cell, side in st.endpoints:
        if cell[:1] not in st.matrix_cols or side not in SIDES:
            continue
        b = cell_box(cell)
        fx, fy = SIDES[side]
        at = (b.x + b.w * fx, b.y + b.h * fy)
        done = group in links
        if group in ("A", "B"):
            dx, dy = (fx - 0.5) * 2, (fy - 0.5) * 2
            q = (at[0] + dx * 8, at[1] + dy * 8)
            badge(c, q, group, TEXT_S * 0.9, fill=LINK if done else WHITE, outline=TEXT)
        else:
            c.circle(at, max(3.0, s * 0.16), LINK if done else WHITE, TEXT, 1.5)


def status_badge(view: dict[str, Any], seat: int) -> str | None:
    """ "WINNER", "TURN" or "1st" for a player's panel band."""
    table, result = view.get("table") or {}, view.get("result")
    if result:
        return "WINNER" if seat in (result.get("winners") or []) else None
    if seat in (view.get("active") or []) or table.get("current") == seat:
        return "TURN"
    return "1st" if table.get("first_player") == seat else None


def matrix_height(width: float, st: Static) -> float:
    """Logical height of the cable matrix block for a panel content width."""
    return min(MATRIX_MAX_H, (width - 28) / len(st.matrix_cols) * st.matrix_rows + 30)


def panel_height(c: Canvas, view: dict[str, Any], seat: int, width: float, st: Static) -> float:
    """Height a player's panel needs at ``width`` (mirrors :func:`player_panel`)."""
    p = (view.get("table") or {}).get("players", {}).get(str(seat)) or {}
    pad = max(4.0, SIZE_HEADING * 0.5)
    inner_w = width - 2 * pad
    tanks = len(p.get("tanks") or [0, 0])
    fixed = ROW_H * 3.5 + TANK_STEP * tanks + 4 + matrix_height(inner_w, st) + LINKS_H + ROW_H / 2
    return panel_header_height(c) + 2 * pad + fixed + ROW_H * len(p.get("abilities") or [])


def player_panel(c: Canvas, box: Box, view: dict[str, Any], seat: int, st: Static) -> None:
    """Draw one player's area into ``box``."""
    p = (view.get("table") or {}).get("players", {}).get(str(seat)) or {}
    tag = status_badge(view, seat)
    name = f"{seat_label(view, seat)}  ({p.get('robot', '?')})"
    inner = panel(c, box, name, seat=seat, active=tag in ("TURN", "WINNER"), badge=tag)
    x0, y = inner.x, inner.y + ROW_H / 2
    # Engines and hand.
    x = c.text((x0, y), "Engines", TEXT_M, TEXT, "lm", bold=True).x1 + 6
    engines = int(p.get("engines", 0))
    for i in range(st.engines):
        rocket(c, Box(x, y - 10, 15, 20), seat_colour(seat) if i < engines else None)
        x += 19
    c.text((x + 2, y), f"{engines}/{st.engines}", TEXT_M, TEXT, "lm", bold=True)
    hand = int(p.get("hand_count", 0))
    hand_text = f"x{hand}"
    tw = c.text_width(hand_text, TEXT_M, bold=True)
    cb = Box(inner.x1 - tw - 20, y - 10, 15, 20)
    card_back(c, cb)
    c.text((cb.x1 + 4, y), hand_text, TEXT_M, TEXT, "lm", bold=True)
    # Oil tanks.
    y += ROW_H
    tanks = list(p.get("tanks") or [])
    num_w = c.text_width(f"{st.tank_size}/{st.tank_size}", TEXT_S, bold=True)
    for i, level in enumerate(tanks):
        oil_drop(c, (x0 + 7, y), 7)
        c.text((x0 + 17, y), f"{i + 1}", TEXT_S, TEXT, "lm")
        end = tank(c, x0 + 30, y - 8, int(level), st.tank_size, min(170.0, inner.w - 60 - num_w))
        full = int(level) >= st.tank_size
        tb = c.text((end + 4, y), f"{level}/{st.tank_size}", TEXT_S, TEXT, "lm", bold=full)
        if full:
            lock(c, (tb.x1 + 12, y), 7)
        y += TANK_STEP
    # Energy and processors.
    y += ROW_H / 2 - 2
    x = c.text((x0, y), "Energy", TEXT_S, TEXT, "lm").x1 + 6
    x = slots_row(c, x, y, st.energy_max, int(p.get("energy", 0)), _energy, 19)
    x = c.text((x + 10, y), "Chips", TEXT_S, TEXT, "lm").x1 + 8
    slots_row(c, x, y, st.chips_max, int(p.get("chips", 0)), _chip, 17)
    # Cable matrix.
    y += ROW_H / 2 + 4
    mh = matrix_height(inner.w, st)
    matrix(c, Box(x0, y, inner.w, mh), p, seat, st)
    y += mh
    links = ", ".join(str(x) for x in p.get("connections") or []) or "none"
    score = f"Survivor pts {p.get('survivor_score', 0)}"
    sb = c.text((inner.x1, y + LINKS_H / 2), score, TEXT_S, TEXT, "rm", bold=True)
    c.text((x0, y + LINKS_H / 2), f"Cables linked: {links}", TEXT_S, TEXT, "lm", max_width=sb.x - x0 - 8)
    y += LINKS_H
    # Modifiers.
    mods = p.get("modifiers") or {}
    mod_names = names(view, "modifiers")
    y += ROW_H / 2
    x = x0
    if mods:
        for kind, n in mods.items():
            text = mod_names.get(kind, kind.title()) + (f" x{n}" if int(n) > 1 else "")
            b = label(c, (x, y), text, TEXT_S, anchor="lm", bg=lighten(MUTED, 0.75), max_width=inner.x1 - x)
            x = b.x1 + 4
            if x > inner.x1 - 30:
                break
    else:
        c.text((x0, y), "No modifier tokens", TEXT_S, MUTED, "lm")
    # Abilities.
    for ab in p.get("abilities") or []:
        y += ROW_H
        if y > inner.y1 - 6:
            break
        die(c, (x0 + 9, y), 9, int(ab.get("die", 0)))
        tb = c.text((x0 + 24, y), ab.get("name", "?"), TEXT_S, TEXT, "lm", max_width=inner.w * 0.55)
        x = tb.x1 + 4
        for kind in ab.get("tokens") or []:
            b = label(
                c,
                (x, y),
                mod_names.get(kind, kind),
                TEXT_S * 0.9,
                anchor="lm",
                bg=PANEL,
                outline=MUTED,
                max_width=inner.x1 - x,
            )
            x = b.x1 + 3
            if x > inner.x1 - 24:
                break
