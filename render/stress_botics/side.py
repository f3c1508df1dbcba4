"""The right-hand column: ships on their trajectories, the Active Main Vault's squares, and the round's facts
(pressure, Core, Hatch, padlocks, last Event, decks)."""

from __future__ import annotations

from typing import Any

from render.core import Box, Canvas, label, seat_marker
from render.core.palette import CELL_LIGHT, GRID_LINE, MUTED, PANEL_BORDER, TEXT, WHITE

from .chips import draw_chip_rows
from .elite import on_square
from .layout import MARK_R, TEXT_S, TEXT_XS, amounts, outline_changed, words
from .threats import square_contents

SHIP_ROW = 42.0


def ships_height(view: dict[str, Any]) -> float:
    return len((view.get("table") or {}).get("ships") or {}) * SHIP_ROW


def draw_ships(c: Canvas, box: Box, view: dict[str, Any]) -> None:
    """One row per ship: its trajectory spaces, the reception spaces by sector and where it is now."""
    ships = (view.get("table") or {}).get("ships") or {}
    longest = max([int(s.get("spaces") or 1) for s in ships.values()] or [1])
    y = box.y
    name_w = 66.0
    cell = min(22.0, (box.w - name_w) / longest)
    for key, ship in ships.items():
        outline_changed(c, view, f"ship:{key}", Box(box.x - 3, y - 1, box.w + 6, SHIP_ROW - 4))
        c.text((box.x, y + 8), ship.get("name", "?"), TEXT_S, TEXT, "lm", bold=True)
        note = "left orbit" if ship.get("left") else f"{ship.get('demands', 0)} demands"
        c.text((box.x, y + 23), note, TEXT_XS, MUTED, "lm")
        reception = {int(v): k for k, v in (ship.get("reception") or {}).items()}
        pos = int(ship.get("position") or 0)
        for i in range(1, int(ship.get("spaces") or 0) + 1):
            cb = Box(box.x + name_w + (i - 1) * cell, y + 2, cell - 2, 18)
            fill = (0xDD, 0xEB, 0xF7) if i in reception else CELL_LIGHT
            c.rect(cb, fill=fill, outline=GRID_LINE, width=1, radius=3)
            if i in reception:
                c.text((cb.center[0], cb.y1 + 7), reception[i], TEXT_XS, TEXT, "mm", bold=True)
            if i == pos and not ship.get("left"):
                c.rect(cb.inset(1), fill=TEXT, radius=3)
                c.text(cb.center, ship.get("name", "?")[:1], TEXT_XS, WHITE, "mm", bold=True)
        if ship.get("left"):
            c.line([(box.x + name_w, y + 11), (box.x + name_w + longest * cell, y + 11)], MUTED, 2)
        y += SHIP_ROW


def squares_height(width: float) -> float:
    return min(width * 0.6, 190.0)


def draw_squares(c: Canvas, box: Box, view: dict[str, Any]) -> None:
    """The Active Main Vault's 3×3 squares with AlphaBot and the BetaBots standing on them."""
    table = view.get("table") or {}
    planet = table.get("planet") or {}
    grid = planet.get("squares") or []
    names = planet.get("square_names") or {}
    ab = planet.get("alphabot") or {}
    players = table.get("players") or {}
    side = min(box.h / max(1, len(grid)), 60.0)
    wide = min(box.w * 0.5 / 3, side * 1.35)  # squares a little wider than tall: room for their names
    gx = box.x
    for r, row in enumerate(grid):
        for k, sq in enumerate(row):
            cb = Box(gx + k * wide, box.y + r * side, wide - 3, side - 3)
            c.rect(cb, fill=CELL_LIGHT if sq != "HATCH" else (0xE8, 0xE0, 0xF0), outline=PANEL_BORDER, radius=4)
            outline_changed(c, view, f"square:{sq}", cb)
            c.text((cb.center[0], cb.y + 8), str(names.get(sq, sq)).replace("the ", ""), TEXT_XS, MUTED, "mm",
                   max_width=cb.w - 4)
            x = cb.x + 9
            if sq == "HATCH" and not on_square(c, cb, view):
                c.text((cb.center[0], cb.y + 19), str(table.get("hatch") or "").split(":")[0], TEXT_XS,
                       MUTED, "mm", max_width=cb.w - 4)
            contents = ((table.get("threats") or {}).get("squares") or {}).get(sq)
            if contents:
                square_contents(c, cb, contents)
            if ab.get("square") == sq:
                label(c, (cb.center[0], cb.center[1] + 9), "AlphaBot", TEXT_XS, anchor="mm", bg=TEXT,
                      bold=True, max_width=cb.w + 14)
            here = [int(s) for s, p in players.items() if p.get("at") == ab.get("at") and p.get("square") == sq]
            for s in sorted(here):
                seat_marker(c, (x + 3, cb.y1 - MARK_R - 1), s, r=MARK_R, text=str(s + 1))
                x += 2 * MARK_R + 1
    top = [int(s) for s, p in players.items() if p.get("at") == ab.get("at") and p.get("square") == "TOP"]
    tx = gx + 3 * wide + 6
    if ab.get("at"):
        where = (planet.get("nodes") or {}).get(ab["at"], {}).get("name", "")
        lines = [f"Active: {where}", f"AlphaBot faces {table.get('alphabot', {}).get('direction', '?')}"]
    else:
        lines = ["AlphaBot has left", "the Main Vaults"]
    ty = c.text_lines((tx, box.y), lines, TEXT_XS, TEXT).y1 + 6
    if top:
        c.text((tx, ty), "On top of AlphaBot:", TEXT_XS, TEXT)
        for i, s in enumerate(sorted(top)):
            seat_marker(c, (tx + MARK_R + (2 * MARK_R + 3) * i, ty + 20 + MARK_R), s, r=MARK_R, text=str(s + 1))
        ty += 22 + 2 * MARK_R
    tank = amounts((table.get("alphabot") or {}).get("tank"))
    c.text((tx, ty), "AlphaBot's tank:" + ("" if tank else " empty"), TEXT_XS, TEXT)
    bottom = draw_chip_rows(c, tx, ty + 16, tank, box.x1)
    outline_changed(c, view, "alphabot", Box(tx - 3, box.y - 3, box.x1 - tx + 5, bottom - box.y + 6))


def facts(view: dict[str, Any]) -> list[str]:
    """The round's public facts in words."""
    t = view.get("table") or {}
    limits = (t.get("planet") or {}).get("limits") or {}
    core = t.get("core") or {}
    ab = t.get("alphabot") or {}
    decks = ", ".join(f"{k} {v}" for k, v in (t.get("decks") or {}).items())
    lines = [f"Pressure {t.get('pressure', '?')} of {limits.get('pressure', '?')} · Core side {core.get('side', '?')},"
             f" dial {int(core.get('dial') or 0) + 1} of {(t.get('planet') or {}).get('dial_positions', 9)}"
             f" · Padlocks left: {t.get('padlocks', 0)}",
             f"Hatch: {t.get('hatch', '?')}"]
    if not t.get("threats"):  # with the threats, AlphaBot's shields and AI are on its shield track
        lines.append(f"AlphaBot: {ab.get('shields', '?')} shields, AI {ab.get('ai', '?')}")
    if t.get("event"):
        lines.append(f"Last Event: {words(view, str(t['event']))}")
    face_up = t.get("face_up") or {}
    if face_up:
        lines.append("Face up: " + "; ".join(f"{k} {v}" for k, v in face_up.items()))
    lines.append(f"Decks: {decks}")  # the first to go when the panel is full
    return lines


def draw_facts(c: Canvas, box: Box, view: dict[str, Any]) -> None:
    """The facts in words, then the shared stress track at the bottom."""
    room = max(1, int((box.h - STRESS_H) // (c.line_height(TEXT_XS) + TEXT_XS * 0.15)))
    lines = [w for line in facts(view) for w in c.wrap(line, TEXT_XS, box.w)]
    if len(lines) > room:  # never run into the stress track: one line a fact, the last ones left out
        lines = [c.truncate(line, TEXT_XS, box.w) for line in facts(view)][:room]
    block = c.text_lines((box.x, box.y), lines, TEXT_XS, TEXT)
    outline_changed(c, view, "facts", Box(box.x - 3, box.y - 3, box.w + 6, block.h + 6))
    draw_stress_track(c, Box(box.x, box.y1 - STRESS_H, box.w, STRESS_H), view)


STRESS_H = 50.0


def draw_stress_track(c: Canvas, box: Box, view: dict[str, Any]) -> None:
    """Stress 0..40 with every BetaBot's marker ("+k" above 40; SB-STRESS-01/02)."""
    table = view.get("table") or {}
    top = int(((table.get("planet") or {}).get("limits") or {}).get("stress") or 40)
    c.text((box.x, box.y + STRESS_H - 16), "Stress", TEXT_XS, TEXT, "lm", bold=True)
    bar = Box(box.x + 54, box.y + STRESS_H - 20, box.w - 66, 8)
    c.rect(bar, fill=CELL_LIGHT, outline=GRID_LINE, radius=4)
    outline_changed(c, view, "stress", Box(box.x - 3, box.y, box.w + 6, box.h))
    for tick in range(0, top + 1, 10):
        x = bar.x + bar.w * tick / top
        c.line([(x, bar.y - 2), (x, bar.y1 + 2)], GRID_LINE, 1)
        c.text((x, bar.y1 + 7), str(tick), TEXT_XS, MUTED, "mm")
    stack: dict[int, int] = {}
    for key, p in sorted((table.get("players") or {}).items()):
        stress = int(p.get("stress") or 0)
        spot = min(stress, top)
        n = stack.get(spot, 0)
        stack[spot] = n + 1
        step = 2 * MARK_R if spot < top / 2 else -2 * MARK_R  # a stack grows towards the middle
        at = (bar.x + bar.w * spot / top + step * n, bar.y - MARK_R - 2)
        seat_marker(c, at, int(key), r=MARK_R, text=str(int(key) + 1))
        if stress > top:
            label(c, (at[0], at[1] - MARK_R - 1), f"+{stress - top}", TEXT_XS, anchor="mb", bg=TEXT, bold=True)
