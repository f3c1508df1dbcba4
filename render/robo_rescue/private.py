"""The private strip: the seat's hand of Command cards and the Command being programmed."""

from __future__ import annotations

from typing import Any

from render.core import Box, Canvas, panel, path_arrow
from render.core.palette import MUTED, PANEL, PANEL_BORDER, TEXT, WARNING, Colour, lighten, seat_colour

from .layout import CARD_NAMES, MOD_NAMES, TEXT_M, TEXT_S, names

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


def command_card(c: Canvas, box: Box, kind: str, selected: bool = False, name: str | None = None) -> None:
    """A Command card: name band and a pictogram of its two steps."""
    fill = CARD_COLOURS.get(kind, PANEL)
    c.rect(box, fill=fill, outline=TEXT if selected else PANEL_BORDER, width=3 if selected else 1.5, radius=6)
    name = name or CARD_NAMES.get(kind, kind.title())
    size = TEXT_S
    while size > 8 and c.text_width(name, size, bold=True) > box.w - 6:
        size -= 0.5
    c.text((box.center[0], box.y + 12), name, size, TEXT, "mm", bold=True, max_width=box.w - 6)
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
    """Hand positions the draft uses, with their role ("First card", "Second card", "Card", "Combi").

    Taken from the draft's ``slots``/``combi_slot`` (hand positions) when the view carries them, else by type.
    """
    if not draft:
        return {}
    roles = role_names(draft)
    kinds = [str(card.get("type", "?")) for card in hand]
    out: dict[int, str] = {}
    if "slots" in draft:
        for n, i in enumerate(draft.get("slots") or []):
            if isinstance(i, int) and 0 <= i < len(hand):
                out[i] = roles[min(n, len(roles) - 1)]
        combi = draft.get("combi_slot")
        if isinstance(combi, int) and 0 <= combi < len(hand):
            out[combi] = "Combi"
        return out
    wanted = [(roles[min(n, len(roles) - 1)], str(x)) for n, x in enumerate(draft.get("cards") or [])]
    if draft.get("kind") == "combi" and draft.get("source") in (None, "COMBI"):
        wanted.append(("Combi", "COMBI"))
    for role, kind in wanted:
        i = next((i for i, k in enumerate(kinds) if k == kind and i not in out), None)
        if i is not None:
            out[i] = role
    return out


def role_names(draft: dict[str, Any]) -> list[str]:
    """What each card slot of a draft is called: ["Card"] (Single) or ["First card", "Second card"]."""
    return ["Card"] if draft.get("kind") == "single" else ["First card", "Second card"]


def describe_draft(
    draft: dict[str, Any], cards: dict[str, str] | None = None, mods: dict[str, str] | None = None
) -> str:
    """ "Programming a Combi-Move: Forward + Forward-left, Turbo"."""
    cards, mods = cards or CARD_NAMES, mods or MOD_NAMES
    chosen = " + ".join(cards.get(str(x), str(x)) for x in draft.get("cards") or []) or "no cards yet"
    tokens = [
        mods.get(str(m.get("type")), str(m.get("type")))
        for m in (draft.get("mods") or {}).values()
        if isinstance(m, dict)
    ]
    kind = "Combi-Move" if draft.get("kind") == "combi" else "Single Move"
    return f"Programming a {kind}: {chosen}" + (f", {', '.join(tokens)}" if tokens else "")


def draft_lines(draft: dict[str, Any], cards: dict[str, str] | None = None) -> list[str]:
    """One line per card the draft uses: "First card: Forward", and where the Combi comes from."""
    cards = cards or CARD_NAMES
    roles = role_names(draft)
    out = [f"{roles[min(n, len(roles) - 1)]}: {cards.get(str(kind), str(kind))}"
           for n, kind in enumerate(draft.get("cards") or [])]
    source = draft.get("source")
    if draft.get("kind") == "combi" and source not in (None, "COMBI"):
        out.append(f"Combi from {source}")
    elif draft.get("kind") == "combi":
        out.append("Combi card from your hand")
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
    card_names, mod_names = names(view, "cards"), names(view, "modifiers")
    for i, card in enumerate(hand):
        b = Box(cards_box.x + i * (w + 6), cards_box.y, w, min(CARD_H, cards_box.h - (16 if chosen else 0)))
        kind = str(card.get("type", "?"))
        command_card(c, b, kind, i in chosen, str(card.get("name") or card_names.get(kind, kind.title())))
        if i in chosen:
            c.text((b.center[0], b.y1 + 9), chosen[i], TEXT_S, TEXT, "mm", bold=True, max_width=w)
    if not hand:
        c.text((cards_box.x, cards_box.y + 10), "No cards in hand", TEXT_M, MUTED, "lm")
    if draft:
        lines = c.wrap(describe_draft(draft, card_names, mod_names), TEXT_M, info.w, bold=True, max_lines=2)
        b = c.text_lines((info.x, info.y), lines, TEXT_M, TEXT, bold=True)
        y = b.y1 + 6
        for line in draft_lines(draft, card_names):
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
