"""The private strip: the seat's hand of Command cards and the Command being programmed."""

from __future__ import annotations

from typing import Any

from render.core import Box, Canvas, panel, path_arrow
from render.core.palette import MUTED, PANEL, PANEL_BORDER, TEXT, WARNING, Colour, lighten, seat_colour

from .layout import CARD_NAMES, MOD_NAMES, TEXT_M, TEXT_S

HAND_H = 168.0
CARD_W, CARD_H = 84.0, 112.0
CARD_COLOURS: dict[str, Colour] = {
    "FORWARD": (0xD6, 0xE8, 0xF5),
    "LEFT": (0xE3, 0xF1, 0xDC),
    "RIGHT": (0xFB, 0xE6, 0xCF),
    "COMBI": (0xEC, 0xDD, 0xF0),
}
MOVES: dict[str, list[tuple[float, float]]] = {  # pictogram walk in card-grid units (x right, y down)
    "FORWARD": [(0, 1), (0, 0), (0, -1)],
    "LEFT": [(0.5, 1), (0.5, 0), (-0.5, 0)],
    "RIGHT": [(-0.5, 1), (-0.5, 0), (0.5, 0)],
}


def command_card(c: Canvas, box: Box, kind: str, selected: bool = False) -> None:
    """A Command card: name band and a pictogram of its two steps."""
    fill = CARD_COLOURS.get(kind, PANEL)
    c.rect(box, fill=fill, outline=TEXT if selected else PANEL_BORDER, width=3 if selected else 1.5, radius=6)
    name = CARD_NAMES.get(kind, kind.title())
    c.text((box.center[0], box.y + 12), name, TEXT_S, TEXT, "mm", bold=True, max_width=box.w - 6)
    art = Box(box.x + 8, box.y + 24, box.w - 16, box.h - 40)
    step = min(art.w, art.h) / 3
    cx, cy = art.center
    if kind in MOVES:
        for gx in (-1, 0, 1):
            for gy in (-1, 0, 1):
                c.rect(
                    Box.around((cx + gx * step, cy + gy * step), step - 2, step - 2),
                    outline=lighten(MUTED, 0.5),
                    width=1,
                )
        pts = [(cx + x * step, cy + y * step) for x, y in MOVES[kind]]
        path_arrow(c, pts, TEXT, 3.5)
    else:
        c.text((cx, cy - 8), "2", 26, TEXT, "mm", bold=True)
        c.text((cx, cy + 16), "cards", TEXT_S, MUTED, "mm")


def selected(hand: list[dict[str, Any]], draft: dict[str, Any] | None) -> dict[int, str]:
    """Hand positions the draft uses, with their role ("Card 1", "Card 2", "Combi").

    Matched by the draft's ``card_ids``/``combi_id`` when the view carries them, else by type.
    """
    if not draft:
        return {}
    ids = [str(card.get("id", "")) for card in hand]
    kinds = [str(card.get("type", "?")) for card in hand]
    card_ids = [str(x) for x in draft.get("card_ids") or []]
    out: dict[int, str] = {}
    if card_ids or draft.get("combi_id"):
        for n, cid in enumerate(card_ids, 1):
            if cid in ids:
                out[ids.index(cid)] = f"Card {n}"
        if draft.get("combi_id") in ids:
            out[ids.index(str(draft["combi_id"]))] = "Combi"
        return out
    wanted = [(f"Card {n}", str(x)) for n, x in enumerate(draft.get("cards") or [], 1)]
    if draft.get("kind") == "combi" and draft.get("source") in (None, "COMBI"):
        wanted.append(("Combi", "COMBI"))
    for role, kind in wanted:
        i = next((i for i, k in enumerate(kinds) if k == kind and i not in out), None)
        if i is not None:
            out[i] = role
    return out


def short_id(card_id: str) -> str:
    """ "CMD-F-03" → "F-03" (the id printed on a card)."""
    return card_id[4:] if card_id.startswith("CMD-") else card_id


def describe_draft(draft: dict[str, Any]) -> str:
    """ "Programming a Combi: Forward + Fwd-Left, Turbo"."""
    cards = " + ".join(CARD_NAMES.get(str(x), str(x)) for x in draft.get("cards") or []) or "no cards yet"
    mods = [
        MOD_NAMES.get(str(m.get("type")), str(m.get("type")))
        for m in (draft.get("mods") or {}).values()
        if isinstance(m, dict)
    ]
    kind = "Combi" if draft.get("kind") == "combi" else "Single Move"
    return f"Programming a {kind}: {cards}" + (f", {', '.join(mods)}" if mods else "")


def draft_lines(draft: dict[str, Any]) -> list[str]:
    """One line per card the draft uses: "Card 1: Forward (F-03)"."""
    out = []
    ids = [str(x) for x in draft.get("card_ids") or []]
    for n, kind in enumerate(draft.get("cards") or [], 1):
        tag = f" ({short_id(ids[n - 1])})" if n <= len(ids) else ""
        out.append(f"Card {n}: {CARD_NAMES.get(str(kind), str(kind))}{tag}")
    if draft.get("combi_id"):
        out.append(f"Combi card ({short_id(str(draft['combi_id']))})")
    elif draft.get("kind") == "combi" and draft.get("source") not in (None, "COMBI"):
        out.append(f"Combi from {draft['source']}")
    return out


def draw_private(c: Canvas, box: Box, view: dict[str, Any]) -> None:
    """The seat's hand (face up) and, while programming, the draft and its preview legend."""
    table = view.get("table") or {}
    seat = int(view.get("seat") or 0)
    hand = [card if isinstance(card, dict) else {"type": str(card)} for card in table.get("hand") or []]
    inner = panel(c, box, f"Your hand ({len(hand)} cards)  -  only you see this", seat=seat)
    draft = table.get("draft")
    info_w = 320.0 if draft else 0.0
    cards_box, info = inner.take_left(inner.w - info_w, gap=10)
    w = min(CARD_W, (cards_box.w - 6 * max(0, len(hand) - 1)) / max(1, len(hand)))
    chosen = selected(hand, draft)
    for i, card in enumerate(hand):
        b = Box(cards_box.x + i * (w + 6), cards_box.y, w, min(CARD_H, cards_box.h - (16 if chosen else 0)))
        command_card(c, b, str(card.get("type", "?")), i in chosen)
        if card.get("id"):
            c.text((b.center[0], b.y1 - 8), short_id(str(card["id"])), TEXT_S * 0.85, MUTED, "mm", max_width=w - 4)
        if i in chosen:
            c.text((b.center[0], b.y1 + 9), chosen[i], TEXT_S, TEXT, "mm", bold=True, max_width=w)
    if not hand:
        c.text((cards_box.x, cards_box.y + 10), "No cards in hand", TEXT_M, MUTED, "lm")
    if draft:
        lines = c.wrap(describe_draft(draft), TEXT_M, info.w, bold=True, max_lines=2)
        b = c.text_lines((info.x, info.y), lines, TEXT_M, TEXT, bold=True)
        y = b.y1 + 6
        for line in draft_lines(draft):
            y = c.text_lines((info.x, y), [c.truncate(line, TEXT_S, info.w)], TEXT_S, TEXT).y1 + 3
        y += 4
        if draft.get("preview"):
            colour = seat_colour(seat)
            c.line([(info.x, y + 7), (info.x + 30, y + 7)], colour, 4)
            c.text((info.x + 38, y + 7), "Preview path on the board", TEXT_S, TEXT, "lm", max_width=info.w - 40)
        else:
            c.text((info.x, y + 7), "No preview yet (choose the cards)", TEXT_S, MUTED, "lm", max_width=info.w)
        y += 20
        for warning in draft.get("warnings") or []:  # "Blast! has no target", "Portal unused", …
            lines = c.wrap(f"! {warning}", TEXT_S, info.w, bold=True, max_lines=2)
            y = c.text_lines((info.x, y), lines, TEXT_S, WARNING, bold=True).y1 + 3
