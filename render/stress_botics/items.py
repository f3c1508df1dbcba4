"""Items (rules version 3): the Items & Stress Boy strip (the Advanced Items offer as cards with every word of
them, the deck and Box deck sizes, the Common Tank) and each BetaBot's four extensions on its panel (the visible
card, what lies under it, what it stores). Draws only from ``table.items`` and ``table.players.N.items`` of the view."""

from __future__ import annotations

from typing import Any

from render.core import Box, Canvas
from render.core.palette import CELL_LIGHT, GRID_LINE, MUTED, PANEL_BORDER, TEXT

from .layout import TEXT_XS

ITEMS_H = 300.0
"""Height of the items strip, panel title included."""
EXT_ROW = 20.0
"""Height of one extension row on a player panel."""
TYPE_FILL = {"amplifier": (0xF7, 0xEC, 0xB5), "container": (0xE2, 0xE2, 0xE2), "experimental": (0xE6, 0xD8, 0xF0),
             "transformer": (0xD4, 0xD4, 0xD4), None: (0xF3, 0xEE, 0xE4)}
"""Card colours by Advanced Item type (the rulebook's yellow, grey, purple, black; black lightened)."""


def has_items(view: dict[str, Any]) -> bool:
    return bool((view.get("table") or {}).get("items"))


def extensions_height(view: dict[str, Any]) -> float:
    """Extra player-panel height for the four extensions (0 without items)."""
    return 4 * EXT_ROW + 22 if has_items(view) else 0.0


def _card(c: Canvas, box: Box, card: dict[str, Any] | None, caption: str) -> None:
    """One offered card, every word of it: name, VP and type, cost, effect (wrapped, the effect gets the rest)."""
    if not card:
        c.rect(box, fill=CELL_LIGHT, outline=GRID_LINE, radius=5)
        c.text(box.center, f"{caption}: empty", TEXT_XS, MUTED, "mm")
        return
    c.rect(box, fill=TYPE_FILL.get(card.get("type"), TYPE_FILL[None]), outline=PANEL_BORDER, radius=5)
    inner = box.inset(5)
    line = c.lines_height(1, TEXT_XS)
    y = c.text_lines((inner.x, inner.y), c.wrap(str(card.get("name")), TEXT_XS, inner.w, bold=True, max_lines=2),
                     TEXT_XS, TEXT, bold=True).y1
    kind = f"{card.get('vp')} VP" + (f" · {caption}" if caption else "")
    for text, most in ((kind, 2), (f"cost {card.get('cost')}", 3)):
        y = c.text_lines((inner.x, y), c.wrap(text, TEXT_XS, inner.w, max_lines=most), TEXT_XS, TEXT).y1
    room = max(1, int((inner.y1 - y - 2) // line))
    c.text_lines((inner.x, y + 2), c.wrap(str(card.get("effect") or ""), TEXT_XS, inner.w, max_lines=room), TEXT_XS,
                 MUTED)


def draw_items(c: Canvas, box: Box, view: dict[str, Any]) -> None:
    """The offer across the strip (2 slots or 4 pile tops), the decks and the Common Tank under it."""
    info = (view.get("table") or {}).get("items") or {}
    offer, facts = box.take_top(box.h - 2 * c.lines_height(1, TEXT_XS) - 4, gap=4)
    if "slots" in info:
        cards = [(card, f"slot {i + 1}") for i, card in enumerate(info.get("slots") or [])]
    else:
        cards = [(pile.get("top"), f"{kind} ({pile.get('cards', 0)})")
                 for kind, pile in (info.get("piles") or {}).items()]
    w = (offer.w - 6 * (len(cards) - 1)) / max(1, len(cards))
    for i, (card, caption) in enumerate(cards):
        _card(c, Box(offer.x + i * (w + 6), offer.y, w, offer.h), card, caption)
    decks = (f"Advanced deck: {info['deck']} · " if "deck" in info else "") + f"Box deck: {info.get('box_deck', 0)}"
    text = f"{decks} · Common Tank: {info.get('common_tank') or 'empty'}"
    c.text_lines((facts.x, facts.y), c.wrap(text, TEXT_XS, facts.w, max_lines=2), TEXT_XS, TEXT)


def draw_extensions(c: Canvas, box: Box, items: dict[str, Any]) -> None:
    """A player's four extensions, one line each: the top card (bold) and what it holds or does, or the unused
    bonus of an empty one."""
    y = box.y
    for ext, info in (items.get("extensions") or {}).items():
        row = Box(box.x, y, box.w, EXT_ROW - 2)
        c.rect(row, fill=CELL_LIGHT, outline=GRID_LINE, width=0.8, radius=3)
        top = info.get("top")
        mid = row.center[1]
        c.text((row.x + 4, mid), ext[1:], TEXT_XS, MUTED, "lm", bold=True)
        x = row.x + 16
        if top:
            under = len(info.get("covered") or [])
            head = f"{top.get('name')} ({top.get('vp')} VP)" + (f" +{under}" if under else "")
            x = c.text((x, mid), head, TEXT_XS, TEXT, "lm", bold=True, max_width=row.x1 - x - 4).x1 + 5
            detail = f"holds {info['stored']}" if info.get("stored") else str(top.get("effect") or "")
        else:
            small = " (small)" if info.get("accepts") == "small" else ""
            x = c.text((x, mid), f"empty{small}", TEXT_XS, MUTED, "lm").x1 + 5
            detail = info.get("bonus") or ""
        if detail and row.x1 - x > 30:
            c.text((x, mid), detail, TEXT_XS, MUTED, "lm", max_width=row.x1 - x - 3)
        y += EXT_ROW
    c.text((box.x1, y + 8), f"Items {items.get('vp', 0)} VP", TEXT_XS, TEXT, "rm", bold=True)
