"""Shared pieces of the Euphoria images: sizes, colours, worker dice, goods, stars and the draw context."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from render.core import Box, Canvas, draw_shape, seat_colour, seat_shape, text_on
from render.core.palette import MUTED, PANEL, TEXT, WHITE, Colour, lighten, outline_for

WIDTH = 700.0  # logical; × SCALE = 1400 px (portrait, for phones)
SCALE = 2.0
MARGIN = 8.0
GAP = 6.0
SMALL = 10.0  # smallest text: 20 px at scale 2
BODY = 11.0
HEAD = 13.0
DIE_R = 10.0

GOODS: dict[str, tuple[str, Colour]] = {  # id -> (letter, colour)
    "energy": ("E", (0xE8, 0xC5, 0x47)),
    "water": ("W", (0x4A, 0x90, 0xC2)),
    "food": ("F", (0x7B, 0xA2, 0x3F)),
    "bliss": ("B", (0xE5, 0x8F, 0xB5)),
    "gold": ("G", (0xC9, 0x96, 0x12)),
    "stone": ("S", (0x9A, 0x9A, 0x9A)),
    "clay": ("C", (0xB5, 0x65, 0x1D)),
}
GENERIC = {"nonbliss": "non-bliss", "commodity": "commodity", "resource": "resource", "artifact": "artifact"}
AREA_TINT: dict[str, Colour] = {
    "icarus": (0xCF, 0xE3, 0xF5),
    "euphoria": (0xF3, 0xE3, 0x9C),
    "wastelands": (0xE6, 0xCB, 0xA5),
    "subterra": (0xCF, 0xC6, 0xE6),
    None: (0xE2, 0xE2, 0xE2),
}
STAR: Colour = (0xE0, 0xA8, 0x00)
AUTOMA_STYLE: dict[str, tuple[Colour, str]] = {"black": ((0x2B, 0x2B, 0x2B), "hexagon"),
                                              "white": ((0xFF, 0xFF, 0xFF), "diamond")}
_SEAT = re.compile(r"\{seat(\d+)\}")


@lru_cache(maxsize=1)
def content() -> Any:
    """The engine's static content (board layout, names), or None when the engine is unavailable."""
    try:
        import engines

        return engines.get("euphoria").data
    except Exception:  # noqa: BLE001 - the renderer still draws from the view alone
        return None


@dataclass
class Ctx:
    """What every drawing function needs: the canvas, the view and where spaces were drawn."""

    c: Canvas
    view: Mapping[str, Any]
    boxes: dict[str, Box] = field(default_factory=dict)  # space id / star location -> box
    m: Canvas = field(default_factory=lambda: Canvas(1, 1, SCALE, max_side=2))  # measuring only

    @property
    def table(self) -> Mapping[str, Any]:
        return self.view.get("table") or {}

    @property
    def players(self) -> list[Mapping[str, Any]]:
        return list(self.table.get("players") or [])

    def player(self, pid: int) -> Mapping[str, Any]:
        ps = self.players
        return ps[pid] if 0 <= pid < len(ps) else {}

    def name(self, pid: int) -> str:
        """Player name (host-supplied), or "Black Automa"."""
        p = self.player(pid)
        if p.get("kind") == "automa":
            return f"{str(p.get('colour', '')).capitalize()} Automa"
        names = self.view.get("seat_names") or []
        return str(names[pid]) if 0 <= pid < len(names) else f"Seat {pid + 1}"

    def fill(self, text: object) -> str:
        """Replace ``{seatN}`` placeholders with player names."""
        return _SEAT.sub(lambda m: self.name(int(m.group(1))), str(text))

    def dice_on(self, space: str) -> list[tuple[int, int]]:
        """(pid, pips) of every worker on ``space``."""
        return [(pid, int(d.get("pips", 0))) for pid, p in enumerate(self.players)
                for d in p.get("dice") or [] if d.get("at") == space]


def pawn_style(ctx: Ctx, pid: int) -> tuple[Colour, str]:
    """Fill colour and shape of a player's pieces (Okabe–Ito seats; Automas black hexagon / white diamond)."""
    p = ctx.player(pid)
    if p.get("kind") == "automa":
        return AUTOMA_STYLE.get(str(p.get("colour")), ((0x55, 0x55, 0x55), "star"))
    return seat_colour(pid), seat_shape(pid)


def pawn(ctx: Ctx, center: tuple[float, float], pid: int, r: float = DIE_R, text: str | None = None,
         bg: Colour = PANEL, faded: bool = False) -> Box:
    """A player's piece (worker die, star owner…) in its shape and colour, with ``text`` (the pips) inside."""
    colour, shape = pawn_style(ctx, pid)
    if faded:
        colour = lighten(colour, 0.6)
    tri = shape == "triangle"  # the widest part of a triangle is low: draw it larger, text lower
    draw_shape(ctx.c, shape, center, r * (1.15 if tri else 1.0), colour,
               outline_for(colour, bg) if colour != WHITE else TEXT, max(1.2, r / 6))
    if text:
        dy = r * 0.3 if tri else 0.0
        ctx.c.text((center[0], center[1] + dy), text, max(SMALL, r * 1.1), text_on(colour), "mm", bold=True)
    return Box.around(center, 2 * r, 2 * r)


def dice_row(ctx: Ctx, box: Box, dice: Sequence[tuple[int, int]], bg: Colour = PANEL,
             r_max: float = DIE_R, align: str = "l") -> None:
    """Worker dice in a box: as large as fits (≤ ``r_max``), wrapping to more lines when needed."""
    n = len(dice)
    if not n:
        return
    r = r_max
    while True:
        step = 2 * r + 2.5
        per = max(1, int((box.w + 2.5) // step))
        lines = -(-n // per)
        if lines * step - 2.5 <= box.h or r <= 6:
            break
        r -= 0.5
    per = min(per, n)
    total_h = lines * step - 2.5
    y0 = box.y + (box.h - total_h) / 2 + r
    for i, (pid, pips) in enumerate(dice):
        line, k = divmod(i, per)
        in_line = min(per, n - line * per)
        x0 = box.x + r if align == "l" else box.center[0] - (in_line * step - 2.5) / 2 + r
        pawn(ctx, (x0 + k * step, y0 + line * step), pid, r, str(pips), bg)


def good_token(c: Canvas, center: tuple[float, float], good: str, r: float = 8.0) -> Box:
    """A goods cube: rounded square in the good's colour with its initial."""
    letter, colour = GOODS.get(good, (good[:1].upper(), (0xCC, 0xCC, 0xCC)))
    box = Box.around(center, 2 * r, 2 * r)
    c.rect(box, fill=colour, outline=outline_for(colour, PANEL), width=1, radius=r * 0.35)
    c.text(center, letter, max(SMALL, r * 1.15), text_on(colour), "mm", bold=True)
    return box


def cost_items(cost: Mapping[str, int]) -> list[tuple[str, int]]:
    """(unit, n) pairs of a cost in a stable order."""
    return [(k, int(v)) for k, v in cost.items() if v]


def draw_cost(c: Canvas, xy: tuple[float, float], cost: Mapping[str, int], anchor: str = "r",
              r: float = 6.5) -> float:
    """Cost as "n×token" groups ending (``anchor`` r) or starting (l) at ``xy``; returns the width used."""
    items = cost_items(cost)
    parts: list[tuple[str, str, float]] = []
    for unit, n in items:
        cont = content()
        word = GENERIC.get(unit) or (cont.artifact_names.get(unit) if cont else None) or unit.replace("_", " ")
        label = f"{n}" if unit in GOODS else f"{n} {word}"
        parts.append((unit, label, c.text_width(label, SMALL) + (2 * r + 2 if unit in GOODS else 0)))
    width = sum(p[2] for p in parts) + 4 * max(0, len(parts) - 1)
    x = xy[0] - width if anchor == "r" else xy[0]
    for unit, label, w in parts:
        t = c.text((x, xy[1]), label, SMALL, MUTED, "lm")
        if unit in GOODS:
            good_token(c, (t.x1 + 1 + r, xy[1]), unit, r)
        x += w + 4
    return width


def artifact_chip(c: Canvas, b: Box, name: str, cost: int | None = None) -> Box:
    """An artifact card as a compact chip: optional cost badge (gold 0 = free), then its name."""
    from render.core import badge

    c.rect(b, fill=PANEL, outline=TEXT, width=1, radius=4)
    x = b.x + 3
    if cost is not None:
        x = badge(c, (b.x + 10, b.center[1]), cost, SMALL, fill=TEXT if cost else STAR).x1
    c.text(((x + b.x1) / 2, b.center[1]), name, SMALL, TEXT, "mm", max_width=b.x1 - x - 3)
    return b


def star_icon(c: Canvas, center: tuple[float, float], r: float = 7.0, fill: Colour = STAR) -> None:
    """A gold five-pointed star."""
    draw_shape(c, "star", center, r, fill, TEXT, 1)


def stars_row(ctx: Ctx, xy: tuple[float, float], owners: Mapping[str, int], r: float = 7.5,
              bg: Colour = PANEL, max_w: float = 400) -> float:
    """A star icon followed by the owners' pieces (a count inside when > 1); returns the width used."""
    if not owners:
        return 0.0
    x, y = xy
    star_icon(ctx.c, (x + r, y), r)
    x += 2 * r + 3
    for key, n in sorted(owners.items(), key=lambda kv: int(kv[0]) if str(kv[0]).isdigit() else 99):
        if not str(key).isdigit() or x + 2 * r > xy[0] + max_w:
            continue
        pawn(ctx, (x + r, y), int(key), r, str(n) if int(n) > 1 else None, bg)
        x += 2 * r + 2
    return x - xy[0]


def mark_last(ctx: Ctx) -> list[Box]:
    """Boxes of the last move's spaces, from ``table.last`` (``space``/``spaces``/``location``) if present."""
    last = ctx.table.get("last") or ctx.table.get("last_move")
    if not isinstance(last, Mapping):
        return []
    keys: list[str] = []
    for k in ("space", "location", "star"):
        if isinstance(last.get(k), str):
            keys.append(last[k])
    for k in ("spaces", "locations"):
        if isinstance(last.get(k), list):
            keys += [s for s in last[k] if isinstance(s, str)]
    return [ctx.boxes[k] for k in keys if k in ctx.boxes]


def last_pid(ctx: Ctx) -> int | None:
    """Who made the last move, if the view says."""
    last = ctx.table.get("last") or ctx.table.get("last_move")
    pid = last.get("pid") if isinstance(last, Mapping) else None
    return pid if isinstance(pid, int) else None


__all__ = ["Ctx", "artifact_chip", "content", "dice_row", "draw_cost", "good_token", "mark_last", "pawn", "stars_row"]
