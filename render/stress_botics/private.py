"""The owner's strip: hand, programmed cards and the Secondary Objective card (private views only)."""

from __future__ import annotations

from typing import Any

from render.core import Box, Canvas, card, panel
from render.core.palette import CARD_BACK, MUTED, TEXT

from .layout import GAP, TEXT_S, TEXT_XS, TITLE

PRIVATE_H = 150.0
CARD_W = 112.0


def _split(words: str) -> tuple[str, str]:
    """``"MINE, free boost (keep X)"`` → (``"MINE"``, ``"free boost (keep X)"``)."""
    head, _, rest = words.partition(" ")
    return head.rstrip(","), rest


def draw_private(c: Canvas, box: Box, view: dict[str, Any]) -> None:
    mine = (view.get("table") or {}).get("private") or {}
    hand = list(mine.get("hand") or [])
    programmed = list(mine.get("programmed") or [])
    title = f"Your hand ({len(hand)} of {mine.get('hand_limit', '?')})"
    inner = panel(c, box, title, title_size=TITLE)
    cards = [(w, None) for w in hand] + [(w, n + 1) for n, w in enumerate(programmed)]
    obj_w = 230.0
    room = inner.w - obj_w - GAP
    w = min(CARD_W, (room - GAP * max(0, len(cards) - 1)) / max(1, len(cards)))
    for i, (words, prog) in enumerate(cards):
        kind, rest = _split(words)
        cb = Box(inner.x + i * (w + GAP), inner.y, w, inner.h)
        card(c, cb, f"Slot {prog}: {kind}" if prog else kind, rest, colour=CARD_BACK if prog else None,
             title_size=TEXT_S, body_size=TEXT_XS)
    if not cards:
        c.text((inner.x, inner.y + 10), "No cards in hand.", TEXT_S, MUTED, "lm")
    ob = Box(inner.x1 - obj_w, inner.y, obj_w, inner.h)
    c.rect(ob, fill=(0xFF, 0xF7, 0xE0), outline=TEXT, radius=6)
    c.text((ob.x + 6, ob.y + 4), "Secondary Objective", TEXT_S, TEXT, bold=True)
    lines = c.wrap(str(mine.get("secondary") or "none"), TEXT_XS, ob.w - 12, max_lines=7)
    c.text_lines((ob.x + 6, ob.y + 24), lines, TEXT_XS, TEXT)
