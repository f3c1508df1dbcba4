"""Items (rules version 3): the Items & Stress Boy strip (the Advanced Items offer as cards, the deck and Box
deck sizes, the Common Tank) and each BetaBot's four extensions on its panel (the visible card, what lies
under it, what it stores). Draws only from ``table.items`` and ``table.players.N.items`` of the view."""

from __future__ import annotations

from typing import Any

from render.core import Box, Canvas
from render.core.palette import CELL_LIGHT, GRID_LINE, MUTED, PANEL_BORDER, TEXT

from .layout import TEXT_S, TEXT_XS

ITEMS_H = 150.0
"""Height of the items strip, panel title included."""
EXT_ROW = 30.0
"""Height of one extension row on a player panel."""
TYPE_FILL = {"amplifier": (0xF7, 0xEC, 0xB5), "container": (0xE2, 0xE2, 0xE2), "experimental": (0xE6, 0xD8, 0xF0),
             "transformer": (0xD4, 0xD4, 0xD4), None: (0xF3, 0xEE, 0xE4)}
"""Card colours by Advanced Item type (the rulebook's yellow, grey, purple, black; black lightened)."""


def has_items(view: dict[str, Any]) -> bool:
    return bool((view.get("table") or {}).get("items"))


def extensions_height(view: dict[str, Any]) -> float:
    """Extra player-panel height for the four extensions (0 without items)."""
    return 4 * EXT_ROW + 18 if has_items(view) else 0.0


def _card(c: Canvas, box: Box, card: dict[str, Any] | None, caption: str) -> None:
    """One offered card: name and VP, type and cost, its effect wrapped."""
    if not card:
        c.rect(box, fill=CELL_LIGHT, outline=GRID_LINE, radius=5)
        c.text(box.center, f"{caption}: empty", TEXT_XS, MUTED, "mm")
        return
    c.rect(box, fill=TYPE_FILL.get(card.get("type"), TYPE_FILL[None]), outline=PANEL_BORDER, radius=5)
    inner = box.inset(5)
    c.text((inner.x, inner.y + 7), str(card.get("name")), TEXT_S, TEXT, "lm", bold=True)
    c.text((inner.x1, inner.y + 7), f"{card.get('vp')} VP", TEXT_S, TEXT, "rm", bold=True)
    kind = f"{caption} · " if caption else ""
    cost = c.wrap(f"{kind}cost {card.get('cost')}", TEXT_XS, inner.w, max_lines=2)
    c.text_lines((inner.x, inner.y + 16), cost, TEXT_XS, TEXT)
    y = inner.y + 18 + c.lines_height(len(cost), TEXT_XS)
    lines = c.wrap(str(card.get("effect") or ""), TEXT_XS, inner.w, max_lines=max(1, int((inner.y1 - y) // 13)))
    c.text_lines((inner.x, y), lines, TEXT_XS, MUTED)


def draw_items(c: Canvas, box: Box, view: dict[str, Any]) -> None:
    """The offer on the left (2 slots or 4 pile tops), the decks and the Common Tank on the right."""
    info = (view.get("table") or {}).get("items") or {}
    offer, facts = box.take_left(box.w * 0.78, gap=10)
    if "slots" in info:
        cards = [(card, f"slot {i + 1}") for i, card in enumerate(info.get("slots") or [])]
    else:
        cards = [(pile.get("top"), f"{kind} ({pile.get('cards', 0)})")
                 for kind, pile in (info.get("piles") or {}).items()]
    w = (offer.w - 6 * (len(cards) - 1)) / max(1, len(cards))
    for i, (card, caption) in enumerate(cards):
        _card(c, Box(offer.x + i * (w + 6), offer.y, w, offer.h), card, caption)
    lines = []
    if "deck" in info:
        lines.append(f"Advanced deck: {info['deck']} cards")
    lines += [f"Box deck: {info.get('box_deck', 0)} cards", "Common Tank:"]
    lines += c.wrap(str(info.get("common_tank") or "empty"), TEXT_XS, facts.w, max_lines=3)
    c.text_lines((facts.x, facts.y + 2), lines, TEXT_XS, TEXT)


def draw_extensions(c: Canvas, box: Box, items: dict[str, Any]) -> None:
    """A player's four extensions, one row each: the top card (bold) and its effect, or the unused bonus."""
    y = box.y
    for ext, info in (items.get("extensions") or {}).items():
        row = Box(box.x, y, box.w, EXT_ROW - 3)
        c.rect(row, fill=CELL_LIGHT, outline=GRID_LINE, width=0.8, radius=3)
        top = info.get("top")
        c.text((row.x + 5, row.y + 7), ext[1:], TEXT_XS - 1, MUTED, "lm", bold=True)
        x = row.x + 18
        if top:
            under = len(info.get("covered") or [])
            head = f"{top.get('name')} ({top.get('vp')} VP)" + (f" +{under} under" if under else "")
            c.text((x, row.y + 7), head, TEXT_XS, TEXT, "lm", bold=True)
            detail = f"holds {info['stored']}" if info.get("stored") else str(top.get("effect") or "")
        else:
            small = " (small cards only)" if info.get("accepts") == "small" else ""
            c.text((x, row.y + 7), f"empty{small}", TEXT_XS, MUTED, "lm")
            detail = f"first item: {info['bonus']}" if info.get("bonus") else ""
        line = c.wrap(detail, TEXT_XS - 1, row.x1 - x - 2, max_lines=1)
        c.text_lines((x, row.y + 14), line, TEXT_XS - 1, MUTED)
        y += EXT_ROW
    c.text((box.x1, y + 2), f"Items {items.get('vp', 0)} VP", TEXT_XS, TEXT, "rm", bold=True)
