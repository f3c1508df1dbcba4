"""SCRAP: the map of Seratus (Areas with Bots and Relics, Links with their stacks), the Consoles, the
running Battle's boards and the viewer's private hand. ``draw(view)`` reads only ``engine.view(state, seat)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render import register
from render.core import Box, Canvas, HexLayout, hex_polygon, label, seat_colour
from render.core.palette import CELL_LIGHT, GRID_LINE, MUTED, PANEL, PANEL_BORDER, TEXT, WARNING, WHITE

from ..core.seatnames import seat_label

WIDTH, SCALE, MARGIN, GAP = 1000.0, 2, 12.0, 10.0
TITLE_H, STATUS_H, MAP_H = 30.0, 22.0, 600.0
CONSOLE_W = 330.0
BODY, SMALL, HEAD = 13.0, 11.5, 15.0
DOMAIN_INK = {"Creation": (0xC8, 0x9B, 0x00), "Innovation": (0x1F, 0x6F, 0xC4),
              "Termination": (0xC0, 0x30, 0x30), "Exploration": (0x2E, 0x8B, 0x3E)}
DOMAIN_LETTER = {"C": "Creation", "I": "Innovation", "T": "Termination", "E": "Exploration"}
BOT_LETTER = {"1": "S", "2": "M", "3": "L"}
"""Bot Sizes on the map: Small, Medium, Large (each Console names them)."""


def _name(view: Mapping[str, Any], seat: int) -> str:
    return seat_label(view, seat, fallback="Player")


def _bots_line(counts: Mapping[str, int]) -> str:
    """'S2 M1 · 1 Stunned' from {'1': 2, '2': 1, '1s': 1}."""
    up = [f"{BOT_LETTER[k]}{n}" for k, n in sorted(counts.items()) if not k.endswith("s")]
    down = sum(n for k, n in counts.items() if k.endswith("s"))
    return " ".join(up) + (f" · {down} Stunned" if down else "")


def _map(c: Canvas, view: Mapping[str, Any], box: Box) -> None:
    table = view["table"]
    areas = table["areas"]
    cells = {tuple(a["hex"]): aid for aid, a in areas.items()}
    layout = HexLayout.fit(cells, box.inset(8), pointy=True)
    battle = table.get("battle") or {}
    for (q, r), aid in cells.items():
        a = areas[aid]
        fighting = battle.get("area") == a["name"]
        hex_polygon(c, layout, (q, r), fill=CELL_LIGHT, outline=WARNING if fighting else GRID_LINE,
                    width=3 if fighting else 1.2, shrink=3)
        cx, cy = layout.hex_to_pixel(q, r)
        size = layout.size
        c.text((cx, cy - size * 0.55), a["name"], BODY, TEXT, "mm", bold=True, max_width=size * 1.6)
        if a["relic"]:
            label(c, (cx, cy - size * 0.3), f"Relic: {a['relic']}", SMALL, anchor="mm",
                  bg=DOMAIN_INK.get(a["relic"], MUTED), bold=True)
        if fighting:
            label(c, (cx, cy + size * 0.62), "BATTLE", SMALL, anchor="mm", bg=WARNING, bold=True)
        y = cy - size * 0.08
        for owner, counts in sorted(a["bots"].items()):
            ink = seat_colour(int(owner))
            intel = table["players"][owner]["intelligence"]
            b = label(c, (cx - size * 0.5, y), intel[:3], SMALL, anchor="lm", bg=ink, bold=True)
            c.text((b.x1 + 4, y), _bots_line(counts), SMALL, TEXT, "lm", max_width=size * 0.75)
            y += SMALL + 6
    for lk in table["links"].values():
        ends = [next(tuple(a["hex"]) for a in areas.values() if a["name"] == n) for n in lk["between_names"]]
        (x0, y0), (x1, y1) = (layout.hex_to_pixel(*h) for h in ends)
        mid = ((x0 + x1) / 2, (y0 + y1) / 2)
        stack = lk["stack_words"]
        if not stack:
            continue
        top = stack[-1]
        ink = seat_colour(lk["top_seat"]) if lk["top_seat"] is not None else (0x8B, 0x5A, 0x2B)
        label(c, mid, top + (f" +{len(stack) - 1}" if len(stack) > 1 else ""), SMALL - 1, anchor="mm", bg=ink,
              bold=True)
    c.text((box.x + 10, box.y1 - 12), "Bots: S, M, L = Size 1, 2, 3 (named on each Console); a Link shows its top "
           "piece (+n under it).", SMALL, MUTED, "lm", max_width=box.w - 20)


def _console(c: Canvas, view: Mapping[str, Any], seat: str, p: Mapping[str, Any], box: Box) -> None:
    ink = seat_colour(int(seat))
    c.rect(box, fill=PANEL, outline=PANEL_BORDER, radius=5)
    c.rect(Box(box.x, box.y, 6, box.h), fill=ink, radius=3)
    x, y = box.x + 12, box.y + 10
    head = f"{_name(view, int(seat))} · {p['intelligence']} ({p['power']})"
    c.text((x, y), head, HEAD, TEXT, "lm", bold=True, max_width=box.w - 20)
    lines = [
        f"Data {p['data']} · Energy {p['energy']}/9 · Fragments {p['fragment_count']}",
        f"Celestium {sum(1 for s in p['celestium'] if s)}/{len(p['celestium'])} · Weapons "
        + (" ".join("Adv" if w == "A" else "Basic" for w in p["weapons"]) or "none"),
        "Knowledge " + " ".join(f"{k}{v}" for k, v in p["knowledge"].items())
        + f" · Mode {DOMAIN_LETTER.get(p['mode'], 'centre')}",
        f"Relics {len(p['relics'])}/4 · Hand {p['hand_count']} · Queue {p['queue_count']}"
        + (f" · Active {p['active']}" if p["active"] else ""),
    ]
    unique = p.get("unique") or {}
    extra = [f"XP {unique['xp']}" for _ in [0] if "xp" in unique]
    extra += [f"Divinity {unique['divinity']}" for _ in [0] if "divinity" in unique]
    if extra:
        lines.append(" · ".join(extra))
    for line in lines:
        y += BODY + 5
        c.text((x, y), line, SMALL, TEXT, "lm", max_width=box.w - 20)


def _battle(c: Canvas, view: Mapping[str, Any], box: Box) -> None:
    b = view["table"]["battle"]
    c.rect(box, fill=PANEL, outline=WARNING, width=2, radius=5)
    c.text((box.x + 10, box.y + 12), f"Battle in {b['area']} · {b['stage'].capitalize()}", HEAD, WARNING, "lm",
           bold=True, max_width=box.w - 20)
    y = box.y + 32
    for seat, cmds in sorted(b["boards"].items()):
        who = view["table"]["players"][seat]["intelligence"]
        text = f"{who}: " + "; ".join(f"{cmd} {', '.join(bots)}" for cmd, bots in cmds.items())
        c.text((box.x + 10, y), text, SMALL, TEXT, "lm", max_width=box.w - 20)
        y += SMALL + 6
    if not b["boards"]:
        c.text((box.x + 10, y), "Battle Boards are secret until everyone locks in.", SMALL, MUTED, "lm")


def _private(c: Canvas, view: Mapping[str, Any], box: Box) -> None:
    lines = view["table"].get("private_text") or []
    c.rect(box, fill=PANEL, outline=PANEL_BORDER, radius=5)
    c.text((box.x + 10, box.y + 12), "Only you see this", HEAD, TEXT, "lm", bold=True)
    y = box.y + 32
    for line in lines:
        c.text((box.x + 10, y), line, SMALL, TEXT, "lm", max_width=box.w - 20)
        y += SMALL + 6


def draw(view: dict[str, Any]) -> bytes:
    """PNG of the table as ``view["seat"]`` sees it (None: spectator)."""
    table = view["table"]
    players = table["players"]
    console_h = 118.0
    side_h = len(players) * (console_h + GAP)
    private = bool(table.get("private_text"))
    battle_h = 30 + 18 * max(1, len((table.get("battle") or {}).get("boards") or {})) + 12 if table.get("battle") \
        else 0
    bottom = (battle_h + GAP if battle_h else 0) + (80 + GAP if private else 0)
    total = TITLE_H + MARGIN + STATUS_H + GAP + max(MAP_H, side_h) + GAP + bottom + MARGIN
    c = Canvas(WIDTH, total, SCALE)
    c.rect(Box(0, 0, WIDTH, TITLE_H), fill=TEXT)
    c.text((MARGIN, TITLE_H / 2), "SCRAP", HEAD + 2, WHITE, "lm", bold=True)
    c.text((WIDTH - MARGIN, TITLE_H / 2), f"Round {table['round']}", SMALL + 1, WHITE,
           "rm")
    y = TITLE_H + MARGIN
    result = view.get("result")
    status = ("Game over: " + str(result.get("reason") or "")) if isinstance(result, Mapping) \
        else str(view.get("prompt") or "")
    for s in range(int(view.get("seats") or len(players))):
        status = status.replace(f"{{seat{s}}}", _name(view, s))
    c.text((MARGIN, y + STATUS_H / 2), status, BODY, TEXT, "lm", bold=True, max_width=WIDTH - 2 * MARGIN)
    y += STATUS_H + GAP
    map_w = WIDTH - 2 * MARGIN - CONSOLE_W - GAP
    body_h = max(MAP_H, side_h)
    c.rect(Box(MARGIN, y, map_w, body_h), fill=PANEL, outline=PANEL_BORDER, radius=6)
    _map(c, view, Box(MARGIN, y, map_w, body_h))
    cy = y
    for seat in table["order"]:
        _console(c, view, str(seat), players[str(seat)], Box(MARGIN + map_w + GAP, cy, CONSOLE_W, console_h))
        cy += console_h + GAP
    y += body_h + GAP
    if battle_h:
        _battle(c, view, Box(MARGIN, y, WIDTH - 2 * MARGIN, battle_h))
        y += battle_h + GAP
    if private:
        _private(c, view, Box(MARGIN, y, WIDTH - 2 * MARGIN, 80))
    return c.to_png(compress_level=3)


register("scrap", draw)

__all__ = ["draw"]
