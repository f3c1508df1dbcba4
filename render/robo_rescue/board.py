"""The 10×10 board: spaces, switches, power and action tokens, boxes, robots and the last move."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from render.core import Box, Canvas, GridSpec, Point, badge, draw_grid, fit_grid, highlight, panel, path_arrow
from render.core.grid import coord_margin
from render.core.palette import GRID_LINE, HIGHLIGHT, MUTED, TEXT, WHITE, Colour, lighten, seat_colour, seat_shape
from render.core.primitives import draw_shape
from render.core.seatnames import seat_label

from .layout import (
    BONUS_FILL,
    CORNER_FILL,
    POWER_OFF,
    POWER_ON,
    TEXT_S,
    Static,
    bolt,
    crate,
    die,
    last_move,
    names,
    oil_drop,
    xy,
)

DIRS = {"N": (0.0, -1.0), "E": (1.0, 0.0), "S": (0.0, 1.0), "W": (-1.0, 0.0)}
BLAST_RED: Colour = (0xD3, 0x2F, 0x2F)
BLAST_GLOW: Colour = (0xFF, 0xC1, 0x07)
BLAST_TEXT = {"box": "box destroyed", "energy": "+1 energy", "none": "no target"}
SWITCH_INK: Colour = (0x33, 0x3F, 0x55)  # the switch plates' dark blue
SLOTS = ((0.24, 0.76), (0.76, 0.76), (0.24, 0.24), (0.76, 0.24))  # BL, BR, TL, TR (cell fractions)
LEGEND_H = 72.0  # room for the icon key on two lines and the switch table


def center(spec: GridSpec, space: str) -> Point:
    col, row = xy(space)
    return spec.cell_center(row, col)


def in_slot(spec: GridSpec, space: str, slot: int) -> Point:
    col, row = xy(space)
    b = spec.cell_box(row, col)
    fx, fy = SLOTS[slot]
    return (b.x + b.w * fx, b.y + b.h * fy)


# -- icons -------------------------------------------------------------------------------------


def power_token(c: Canvas, p: Point, r: float, on: bool) -> None:
    """Power token: lit yellow disc when ON, grey when OFF."""
    c.circle(p, r, POWER_ON if on else POWER_OFF, TEXT if on else MUTED, max(1.0, r / 6))
    bolt(c, p, r * 0.85, TEXT if on else MUTED)


def action_token(c: Canvas, p: Point, r: float, kind: str) -> None:
    """OIL (drop), DICE (cable die) or BONUS (card) action token."""
    if kind == "OIL":
        c.circle(p, r, WHITE, (0x8A, 0x84, 0x7A), max(1.0, r / 8))
        oil_drop(c, p, r * 0.75)
    elif kind == "DICE":
        die(c, p, r * 0.85, 3)
    elif kind == "BONUS":
        b = Box.around(p, r * 1.5, r * 1.9)
        c.rect(b, fill=BONUS_FILL, outline=WHITE, width=max(1.0, r / 8), radius=r * 0.25)
        c.text(p, "?", r * 1.3, WHITE, "mm", bold=True)
    else:
        c.circle(p, r, MUTED)
        c.text(p, kind[:1], r, WHITE, "mm", bold=True)


def switch_plate(c: Canvas, box: Box, number: int) -> None:
    """A floor switch: a dark plate with a toggle and its number."""
    plate = box.inset(box.w * 0.1)
    c.rect(plate, fill=(0xB9, 0xC4, 0xD2), outline=(0x33, 0x3F, 0x55), width=max(1.5, box.w / 22), radius=box.w * 0.12)
    lever = Box.around(plate.center, plate.w * 0.5, plate.h * 0.24)
    c.rect(lever, fill=(0x33, 0x3F, 0x55), radius=lever.h / 2)
    c.circle((lever.x1 - lever.h / 2, lever.center[1]), lever.h * 0.62, WHITE, (0x33, 0x3F, 0x55), 1.5)
    c.text(
        (plate.x + plate.w * 0.06, plate.y + plate.h * 0.02), f"S{number}", TEXT_S, (0x1A, 0x24, 0x36), "lt", bold=True
    )


def robot(c: Canvas, p: Point, seat: int, facing: str, r: float, ghost: bool = False) -> None:
    """A robot: a round chassis ringed in the seat's colour, its seat shape inside and a dark nose."""
    dx, dy = DIRS.get(facing, (0.0, -1.0))
    colour = seat_colour(seat)
    tip = (p[0] + dx * r * 1.8, p[1] + dy * r * 1.8)
    base = (p[0] + dx * r * 0.45, p[1] + dy * r * 0.45)
    w = r * 0.9
    nose = [tip, (base[0] - dy * w, base[1] + dx * w), (base[0] + dy * w, base[1] - dx * w)]
    if ghost:
        c.circle(p, r, None, colour, max(2.0, r / 5))
        return
    c.polygon(nose, TEXT, WHITE, max(1.5, r / 9))
    c.circle(p, r, WHITE, colour, max(2.5, r * 0.2))
    c.circle(p, r + max(1.0, r * 0.06), None, TEXT, max(1.0, r * 0.06))
    draw_shape(c, seat_shape(seat), p, r * 0.56, colour, TEXT, max(1.0, r / 12))


def starburst(c: Canvas, p: Point, r: float, kind: str = "box") -> None:
    """The Blast! marker: a red and yellow starburst, with an X over a destroyed box or a bolt for energy."""
    n = 12
    outer = [
        (p[0] + math.cos(math.pi * i / n) * r * (1.0 if i % 2 == 0 else 0.55),
         p[1] + math.sin(math.pi * i / n) * r * (1.0 if i % 2 == 0 else 0.55))
        for i in range(2 * n)
    ]
    c.polygon(outer, BLAST_RED, WHITE, max(1.5, r / 12))
    c.circle(p, r * 0.5, BLAST_GLOW)
    if kind == "energy":
        bolt(c, p, r * 0.45, TEXT)
        return
    k = r * 0.3
    for a, b in (((-k, -k), (k, k)), ((k, -k), (-k, k))):
        c.line([(p[0] + a[0], p[1] + a[1]), (p[0] + b[0], p[1] + b[1])], TEXT, max(2.5, r / 5))


def blast_at(entry: dict[str, Any]) -> tuple[int, int] | None:
    """(col, row) of a trace entry's Blast! target: ``at`` as ``[x, y]`` (0-based) or a space name."""
    at = entry.get("at")
    try:
        if isinstance(at, str):
            return xy(at)
        if isinstance(at, (list, tuple)) and len(at) == 2:
            return int(at[0]), int(at[1])
    except (TypeError, ValueError):
        return None
    return None


def blasts(trace: Sequence[dict[str, Any]]) -> list[tuple[str, tuple[int, int] | None]]:
    """(result, target cell or None) of every Blast! in a trace."""
    return [(str(e.get("blast") or "none"), blast_at(e)) for e in trace if isinstance(e, dict) and "blast" in e]


# -- paths -------------------------------------------------------------------------------------


def path_segments(spec: GridSpec, spaces: Sequence[str]) -> list[list[Point]]:
    """Cell-centre polylines for a walk; a Portal jump splits it at the board edge."""
    segs: list[list[Point]] = []
    current: list[Point] = []
    prev: tuple[int, int] | None = None
    half = spec.cell * 0.55
    for space in spaces:
        col, row = xy(space)
        p = spec.cell_center(row, col)
        if prev is not None and abs(col - prev[0]) + abs(row - prev[1]) > 1:  # Portal wrap
            sx = -math.copysign(1, col - prev[0]) if col != prev[0] else 0.0
            sy = -math.copysign(1, row - prev[1]) if row != prev[1] else 0.0
            last = current[-1]
            current.append((last[0] + sx * half, last[1] + sy * half))
            segs.append(current)
            current = [(p[0] - sx * half, p[1] - sy * half)]
        if not current or current[-1] != p:
            current.append(p)
        prev = (col, row)
    if current:
        segs.append(current)
    return segs


def draw_path(
    c: Canvas, spec: GridSpec, spaces: Sequence[str], colour: Colour, width: float, stop_short: float
) -> None:
    """Draw a walk as an arrow ending ``stop_short`` before the last cell's centre."""
    segs = [s for s in path_segments(spec, spaces) if s]
    for i, seg in enumerate(segs):
        if i < len(segs) - 1:
            c.line(seg, WHITE, width + 2.5)
            c.line(seg, colour, width)
            continue
        if len(seg) < 2:
            continue
        (x0, y0), (x1, y1) = seg[-2], seg[-1]
        d = math.dist((x0, y0), (x1, y1)) or 1.0
        k = max(0.0, (d - stop_short) / d)
        path_arrow(c, [*seg[:-1], (x0 + (x1 - x0) * k, y0 + (y1 - y0) * k)], colour, width)


def walk(trace: Sequence[dict[str, Any]]) -> list[str]:
    """All spaces entered by the cards of a trace, in order."""
    out: list[str] = []
    for entry in trace:
        for space in entry.get("path") or []:
            if not out or out[-1] != space:
                out.append(space)
    return out


def describe(
    view: dict[str, Any], seat: int | None, trace: list[dict[str, Any]], command: dict[str, Any] | None
) -> str:
    """Panel title for the last move, e.g. "Last move: Ana - Combi: Forward + Forward-left, Turbo"."""
    if seat is None:
        return "Board"
    what = ""
    if command:
        card_names, mod_names = names(view, "cards"), names(view, "modifiers")
        cards = " + ".join(card_names.get(str(x), str(x)) for x in command.get("cards") or [])
        mods = ", ".join(
            mod_names.get(str(m.get("type")), str(m.get("type")))
            for m in (command.get("mods") or {}).values()
            if isinstance(m, dict)
        )
        what = ("Combi: " if command.get("kind") == "combi" else "") + cards + (f", {mods}" if mods else "")
    steps = walk(trace)
    if steps:
        what += f"  {steps[0]}->{steps[-1]}"
    for kind, _ in blasts(trace):
        what += f"  Blast!: {BLAST_TEXT.get(kind, kind)}"
    return f"Last move: {seat_label(view, seat)}  {what}".rstrip()


# -- the board ---------------------------------------------------------------------------------


def draw_board(
    c: Canvas, box: Box, view: dict[str, Any], st: Static, preview: list[dict[str, Any]] | None = None
) -> GridSpec:
    """Draw the board panel into ``box``; returns the grid geometry."""
    table = view.get("table") or {}
    board = table.get("board") or {}
    move_seat, trace, flipped, command = last_move(table)
    content = panel(c, box, describe(view, move_seat, trace, command), seat=move_seat)
    m = coord_margin(c, st.rows, TEXT_S)
    grid_h = min(content.h - LEGEND_H - 4, (content.w - m) / st.cols * st.rows + m)
    grid_box, legend_box = content.take_top(grid_h, gap=4)
    spec = fit_grid(st.rows, st.cols, grid_box, coords=True, c=c)
    corners = {xy(s) for s in board.get("corners") or st.corners}
    starts = {xy(s) for s in st.box_starts}

    def fill(row: int, col: int) -> Colour | None:
        return CORNER_FILL if (col, row) in corners else None

    draw_grid(c, spec, fill=fill, coords=True, line=GRID_LINE, coord_size=TEXT_S)
    r_icon = spec.cell * 0.19
    for col, row in starts:
        b = spec.cell_box(row, col)
        m = b.center
        k = b.w * 0.12
        ink = lighten(GRID_LINE, 0.45)
        c.line([(m[0] - k, m[1]), (m[0] + k, m[1])], ink, 2)
        c.line([(m[0], m[1] - k), (m[0], m[1] + k)], ink, 2)
    switches = board.get("switches") or {}
    for i, space in enumerate(switches, 1):
        col, row = xy(space)
        switch_plate(c, spec.cell_box(row, col), i)
    tokens = board.get("tokens") or {}
    power = board.get("power") or {}
    for space in flipped:
        col, row = xy(space)
        highlight(c, spec.cell_box(row, col).inset(1), HIGHLIGHT, width=max(2.0, spec.cell / 16))
    for space in board.get("boxes") or []:
        col, row = xy(space)
        crate(c, spec.cell_box(row, col).inset(spec.cell * 0.14))
    steps = walk(trace)
    r_robot = spec.cell * 0.27
    if steps:
        c.circle(center(spec, steps[0]), spec.cell * 0.12, WHITE, HIGHLIGHT, max(2.0, spec.cell / 18))
        col, row = xy(steps[-1])
        highlight(c, spec.cell_box(row, col).inset(1), HIGHLIGHT, width=max(2.5, spec.cell / 14))
        draw_path(c, spec, steps, HIGHLIGHT, max(3.0, spec.cell * 0.085), r_robot * 1.3)
    for entry in trace:  # pushed boxes: outlined where they ended up
        for _a, b in entry.get("pushes") or []:
            col, row = xy(b)
            c.rect(
                spec.cell_box(row, col).inset(spec.cell * 0.1),
                outline=HIGHLIGHT,
                width=max(2.0, spec.cell / 16),
                radius=spec.cell * 0.1,
            )
    for space, kinds in tokens.items():  # after the boxes and the path, so nothing hides them
        for slot, kind in enumerate(list(kinds)[:3]):
            action_token(c, in_slot(spec, space, slot), r_icon, str(kind))
    controls = switch_of(switches)
    for space, on in power.items():
        power_token(c, in_slot(spec, space, 3), r_icon * 1.08, bool(on))
        if space in controls:  # which switch flips this token, drawn beside it
            col, row = xy(space)
            cb = spec.cell_box(row, col)
            badge(c, (cb.x + cb.w * 0.76, cb.y + cb.h * 0.5), controls[space], max(6.0, spec.cell * 0.14),
                  fill=SWITCH_INK)
    for kind, cell in blasts(trace):
        if cell is not None and 0 <= cell[0] < st.cols and 0 <= cell[1] < st.rows:
            starburst(c, spec.cell_center(cell[1], cell[0]), spec.cell * 0.47, kind)
    robots = board.get("robots") or {}
    for seat, rb in sorted(robots.items(), key=lambda kv: int(kv[0])):  # small between the tokens of its square
        crowded = bool(tokens.get(rb["at"])) or rb["at"] in power
        robot(c, center(spec, rb["at"]), int(seat), str(rb.get("facing", "N")), r_robot * (0.55 if crowded else 1.0))
    if preview:
        draw_preview(c, spec, view, preview, r_robot)
    used = draw_legend(c, legend_box, switches)
    draw_info(c, legend_box.take_top(min(legend_box.h, used + 4), gap=6)[1], view)
    return spec


def switch_of(switches: dict[str, Any]) -> dict[str, str]:
    """Power-token space → the switches that flip it, as on their plates: "S1", "S1/S4" (numbered in order)."""
    out: dict[str, list[str]] = {}
    for i, ts in enumerate(switches.values(), 1):
        for t in ts or []:
            out.setdefault(str(t), []).append(f"S{i}")
    return {space: "/".join(names) for space, names in out.items()}


def draw_preview(c: Canvas, spec: GridSpec, view: dict[str, Any], preview: list[dict[str, Any]], r: float) -> None:
    """The seat's programmed path: a seat-coloured arrow and a hollow robot where it would stop."""
    seat = int(view.get("seat") or 0)
    steps = walk(preview)
    if len(steps) < 2:
        return
    colour = seat_colour(seat)
    draw_path(c, spec, steps, colour, max(3.0, spec.cell * 0.07), r * 1.3)
    robot(c, center(spec, steps[-1]), seat, "N", r, ghost=True)
    cards = [e for e in preview if isinstance(e, dict) and e.get("path")]
    if len(cards) > 1:  # number where each card of a Combi stops
        for n, e in enumerate(cards, 1):
            x, y = center(spec, str(e["path"][-1]))
            badge(c, (x - spec.cell * 0.3, y - spec.cell * 0.3), str(n), TEXT_S, fill=colour)


def draw_legend(c: Canvas, box: Box, switches: dict[str, Any]) -> float:
    """Icon key (wrapping onto a second line if needed) plus the switch → power-token table.

    Returns the height used.
    """
    r = 9.0
    lh = 2 * r + 6
    y = box.y + r + 2
    x = box.x + 2
    items: list[tuple[str, Any]] = [
        ("Oil", lambda p: action_token(c, p, r, "OIL")),
        ("Dice", lambda p: action_token(c, p, r, "DICE")),
        ("Bonus", lambda p: action_token(c, p, r, "BONUS")),
        ("Power on", lambda p: power_token(c, p, r, True)),
        ("off", lambda p: power_token(c, p, r, False)),
        ("Box", lambda p: crate(c, Box.around(p, 2 * r, 2 * r))),
        ("Last move", lambda p: c.line([(p[0] - r, p[1]), (p[0] + r, p[1])], HIGHLIGHT, 4)),
        ("Blast!", lambda p: starburst(c, p, r * 1.1)),
    ]
    widths = [2 * r + 4 + c.text_width(text, TEXT_S) + 10 for text, _ in items]
    total, run, wrap_at = sum(widths), 0.0, len(items)
    if total > box.w:  # two balanced lines
        for i, w in enumerate(widths):
            run += w
            if run > total / 2:
                wrap_at = i + 1
                break
    for i, (text, icon) in enumerate(items):
        if i == wrap_at:
            x, y = box.x + 2, y + lh
        icon((x + r, y))
        tb = c.text((x + 2 * r + 4, y), text, TEXT_S, TEXT, "lm")
        x = tb.x1 + 10
    y += r + 4
    if switches:
        icon = badge(c, (box.x + 2 + r, y + r), "S1/S4", TEXT_S * 0.8, fill=SWITCH_INK)
        text = "beside a power token: the switches that flip it"
        b = c.text((icon.x1 + 6, y + r), text, TEXT_S, TEXT, "lm", max_width=box.x1 - icon.x1 - 8)
        y = b.y1
    return y - box.y


def info_lines(view: dict[str, Any]) -> list[tuple[str, str]]:
    """(heading, text) lines about the current turn, the ability market, decks and the supply."""
    out: list[tuple[str, str]] = []
    table = view.get("table") or {}
    turn = table.get("turn") or {}
    done = [str(a).title() for a in turn.get("actions") or []]
    conv = [str(a).replace("_", " ").lower() for a in turn.get("conversions") or []]
    if (done or conv or turn.get("kind")) and table.get("current") is not None:
        kind = {"single": "Single Move", "combi": "Combi-Move", "standby": "Standby"}.get(str(turn.get("kind")), "")
        parts = [kind] if kind else []
        parts += [f"actions {', '.join(done)}"] if done else []
        parts += [f"converted {', '.join(conv)}"] if conv else []
        out.append((f"{seat_label(view, table['current'])} now", "; ".join(parts)))
    market = [f"{a['name']} ({a['die']})" for a in table.get("ability_supply") or [] if isinstance(a, dict)]
    if market:
        out.append(("Ability market", ", ".join(market)))
    decks = [
        f"Command {table.get('command_deck', 0)} (discard {len(table.get('command_discard') or [])})",
        f"Bonus {table.get('bonus_deck', 0)}",
        f"Ability {table.get('ability_deck', 0)}",
        f"Master Coder {table.get('master_coders', 0)}",
    ]
    out.append(("Decks", ", ".join(decks)))
    sup = table.get("supply") or {}
    if sup:
        cables = sup.get("cables") or {}
        parts = [f"{k} {sup[k]}" for k in ("oil", "energy", "chips", "engines") if k in sup]
        parts += [f"{k.lower()} cables {v}" for k, v in cables.items()]
        out.append(("Supply", ", ".join(parts)))
        mods = sup.get("modifiers") or {}
        if mods:
            mod_names = names(view, "modifiers")
            out.append(("Modifiers", ", ".join(f"{mod_names.get(k, k)} {v}" for k, v in mods.items())))
    return out


def draw_info(c: Canvas, box: Box, view: dict[str, Any]) -> None:
    """Public counts below the legend, as many lines as fit (only when the panel has spare room)."""
    if box.h < 20:
        return
    c.line([(box.x, box.y - 3), (box.x1, box.y - 3)], lighten(GRID_LINE, 0.5), 1)
    y = box.y + 4
    lh = c.line_height(TEXT_S) + 3
    for head, text in info_lines(view):
        hw = c.text_width(head + ":", TEXT_S, bold=True) + 6
        lines = c.wrap(text, TEXT_S, box.w - hw - 4)
        if y + lh * len(lines) > box.y1:
            break
        c.text((box.x + 2, y), head + ":", TEXT_S, TEXT, "lt", bold=True)
        c.text_lines((box.x + 2 + hw, y), lines, TEXT_S, MUTED, spacing=3 / TEXT_S)
        y += lh * len(lines) + 2
