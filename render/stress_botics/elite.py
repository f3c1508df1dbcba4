"""The Elite Cylindroid (rules version 3): a strip with the Elite's side, where it is, its shield track, the
reward card in use with the next reward and the card it revealed last; the Elite on the Hatch square and
on the belt's last segment. Draws only from ``table.threats.elite`` of the view."""

from __future__ import annotations

from typing import Any

from render.core import Box, Canvas
from render.core.palette import GRID_LINE, MUTED, PANEL_BORDER, TEXT, WHITE

from .layout import TEXT_S, TEXT_XS, amounts, short_resource

ELITE_H = 150.0
"""Height of the Elite strip, panel title included."""
SIDE_INK = {"Miner Elite": (0xC9, 0xA2, 0x27), "Laser Elite": (0x7B, 0x4F, 0xA8)}
TRACK_FILL = (0xE8, 0xE0, 0xF0)


def elite_of(view: dict[str, Any]) -> dict[str, Any] | None:
    """The Elite's view, when the game has it (a version-2 game shows only a sentence)."""
    found = ((view.get("table") or {}).get("threats") or {}).get("elite")
    return found if isinstance(found, dict) else None


def badge(c: Canvas, at: tuple[float, float], elite: dict[str, Any], r: float) -> None:
    """The Elite as a large disc in its side's colour with an E and its shields as pips below."""
    colour = SIDE_INK.get(str(elite.get("side")), MUTED)
    c.circle(at, r, fill=colour, outline=TEXT, width=2)
    c.text(at, "E", TEXT_S, WHITE, "mm", bold=True)
    spaces, shields = int(elite.get("shield_spaces") or 4), int(elite.get("shields") or 0)
    step = 2 * r / max(1, spaces)
    for i in range(spaces):
        x = at[0] - r + step * (i + 0.5)
        c.circle((x, at[1] + r + 5), 3.0, fill=colour if i < shields else WHITE, outline=TEXT, width=1)


def on_square(c: Canvas, cell: Box, view: dict[str, Any]) -> bool:
    """The Elite filling the Hatch square; False when it is not there."""
    elite = elite_of(view)
    if not elite or not elite.get("on_hatch"):
        return False
    badge(c, (cell.center[0], cell.center[1] + 2), elite, min(13.0, cell.w / 4))
    return True


def on_belt(c: Canvas, seg: Box, view: dict[str, Any]) -> bool:
    """The belt's last segment: the Elite waiting there, or where it went; False without an Elite view."""
    elite = elite_of(view)
    if not elite:
        return False
    if elite.get("at") == "on the belt's last segment":
        badge(c, (seg.center[0], seg.center[1] - 2), elite, min(11.0, seg.w / 4))
    else:
        c.text(seg.center, "on the Hatch" if elite.get("on_hatch") else "gone", TEXT_XS, MUTED, "mm",
               max_width=seg.w - 4)
    return True


def short(words: str) -> tuple[str, str]:
    """A reward space in two short lines: its stress, then its resources and batteries by short name
    ("-1 stress", "Ti, Si, Bm")."""
    head, _, tail = words.partition(", ")
    parts = amounts(tail)
    if not parts:
        return words, ""
    return head, ", ".join(("" if n == 1 else f"{n} ") + short_resource(name) for n, name in parts)


def draw_elite(c: Canvas, box: Box, view: dict[str, Any]) -> None:
    """The strip: the Elite and its shield track on the left, its reward card and last card on the right."""
    elite = elite_of(view) or {}
    left, right = box.take_left(min(250.0, box.w * 0.32), gap=10)
    badge(c, (left.x + 18, left.y + 22), elite, 16.0)
    c.text((left.x + 42, left.y + 10), str(elite.get("side", "Elite")), TEXT_S, TEXT, "lm", bold=True)
    at = c.text_lines((left.x + 42, left.y + 20), c.wrap(str(elite.get("at", "")), TEXT_XS, left.w - 44, max_lines=2),
                      TEXT_XS, TEXT)
    c.text((left.x + 42, at.y1 + 8), f"{elite.get('shields', 0)}/{elite.get('shield_spaces', 4)} shields · "
           f"{elite.get('mode', '')}", TEXT_XS, MUTED, "lm", max_width=left.w - 44)
    rewards = elite.get("rewards") or []
    spent = len(rewards) - int(elite.get("shields") or 0)
    y = right.y + 8
    if elite.get("reward_card"):
        c.text((right.x, y), str(elite["reward_card"]), TEXT_XS, TEXT, "lm", bold=True)
        y += 18
    cell = (right.w - 4) / max(1, len(rewards)) if rewards else right.w
    for i, words in enumerate(rewards):
        cb = Box(right.x + i * cell, y - 6, cell - 4, 36)
        c.rect(cb, fill=TRACK_FILL if i >= spent else WHITE, outline=GRID_LINE if i >= spent else PANEL_BORDER,
               radius=3)
        ink = TEXT if i >= spent else MUTED
        first, rest = short(words)
        c.text((cb.x + 4, cb.y + 10), f"{i + 1}. {first}", TEXT_XS, ink, "lm", bold=i == spent,
               max_width=cb.w - 6)
        c.text((cb.x + 4, cb.y + 26), rest, TEXT_XS, ink, "lm", max_width=cb.w - 6)
    y += 40
    last = elite.get("last_card")
    deck = f"AI deck {elite.get('deck', 0)} · discard {elite.get('discard', 0)}"
    if last:
        c.text_lines((right.x, y - 4), c.wrap(f"Last card: {last}", TEXT_XS, right.w - 150, max_lines=2), TEXT_XS,
                     TEXT)
        c.text((right.x1, y + 4), deck, TEXT_XS, MUTED, "rm")
    else:
        c.text((right.x, y + 4), deck, TEXT_XS, MUTED, "lm", max_width=right.w)
