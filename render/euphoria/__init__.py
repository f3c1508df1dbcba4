"""Euphoria: Build a Better Dystopia — board image (public) and private view (hidden recruit, artifacts).

``draw(view)`` takes only ``engine.view(state, seat)`` (plus the host's ``seat_names``); static layout
(space names, costs, sites) comes from the engine's loaded content when available.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render import register
from render.core import Box, Canvas, highlight, label
from render.core.palette import HIGHLIGHT, TEXT, WARNING, WHITE

from .board import region_height, regions
from .layout import GAP, MARGIN, SCALE, SMALL, WIDTH, Ctx, mark_last, pawn
from .players import player_panels, players_height
from .private import PRIVATE_H, mine, private_panel

TITLE_H = 28.0
MAX_LOGICAL = 1000.0  # × SCALE = 2000 px
STATUS_H = 20.0


def _status(ctx: Ctx, box: Box) -> None:
    """Title band, then who is to move (or the result) and the prompt."""
    c, view = ctx.c, ctx.view
    c.rect(Box(0, 0, c.width, TITLE_H), fill=TEXT)
    c.text((MARGIN, TITLE_H / 2), "Euphoria: Build a Better Dystopia", 15, WHITE, "lm", bold=True)
    table = view.get("table") or {}
    right = "Final round" if isinstance(table, Mapping) and table.get("final_round") else ""  # no internal steps
    if view.get("seat") is not None:
        right = " · ".join(x for x in (f"{ctx.name(int(view['seat']))}'s view", right) if x)
    c.text((c.width - MARGIN, TITLE_H / 2), right, SMALL + 1, WHITE, "rm", max_width=c.width * 0.4)
    y = box.y + STATUS_H / 2
    result = view.get("result")
    if isinstance(result, Mapping):
        winners = [ctx.name(int(w)) for w in result.get("winners") or [] if str(w).isdigit()]
        scores = result.get("scores") or {}
        parts = [f"{ctx.name(int(k)) if str(k).isdigit() else str(k).capitalize() + ' Automa'} {v}"
                 for k, v in scores.items()]
        head = f"Game over · winner: {' & '.join(winners)}" if winners else "Game over · no human winner"
        b = label(c, (box.x, y), head, SMALL + 2, anchor="lm", bg=TEXT, bold=True)
        c.text((b.x1 + 8, y), "Stars: " + ", ".join(parts), SMALL + 1, TEXT, "lm", max_width=box.x1 - b.x1 - 8)
        return
    x = box.x
    if ctx.table.get("final_round"):
        x = label(c, (x, y), "FINAL ROUND", SMALL + 1, anchor="lm", bg=WARNING, bold=True, pad=5).x1 + 8
    t = c.text((x, y), "To move:", SMALL + 2, TEXT, "lm", bold=True)
    x = t.x1 + 6
    active = list(view.get("active") or [])
    turn = ctx.table.get("turn")
    movers = active or ([turn] if isinstance(turn, int) else [])
    for pid in movers[:3]:
        pawn(ctx, (x + 9, y), pid, 9)
        x = c.text((x + 22, y), ctx.name(pid), SMALL + 2, TEXT, "lm", bold=True, max_width=150).x1 + 10
    prompt = ctx.fill(view.get("prompt") or "")
    if prompt:
        c.text((x + 4, y), prompt, SMALL + 1, TEXT, "lm", max_width=box.x1 - x - 4)


def draw(view: dict[str, Any]) -> bytes:
    """PNG of the board as ``view["seat"]`` sees it (None: spectator)."""
    players = list((view.get("table") or {}).get("players") or [])
    own = mine(view)
    heights = [STATUS_H, 2 * region_height() + GAP, players_height(len(players))]
    if own is not None:  # the private panel takes what is left up to the long-side limit (text room)
        used = TITLE_H + 2 * MARGIN + sum(heights) + GAP * len(heights)
        extra = 40 if own.get("dealt") else 0
        heights.append(max(PRIVATE_H, min(PRIVATE_H + extra, MAX_LOGICAL - used)))
    total = TITLE_H + MARGIN + sum(heights) + GAP * (len(heights) - 1) + MARGIN
    c = Canvas(WIDTH, total, SCALE)
    ctx = Ctx(c, view)
    y = TITLE_H + MARGIN - 2
    boxes = []
    for h in heights:
        boxes.append(Box(MARGIN, y, WIDTH - 2 * MARGIN, h))
        y += h + GAP
    _status(ctx, boxes[0])
    regions(ctx, boxes[1])
    player_panels(ctx, boxes[2])
    if own is not None:
        private_panel(ctx, boxes[3], own)
    for b in mark_last(ctx):
        highlight(c, b, HIGHLIGHT, width=3, radius=5)
    return c.to_png(compress_level=3)


register("euphoria", draw)

__all__ = ["draw"]
