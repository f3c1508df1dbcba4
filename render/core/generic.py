"""Fallback renderer: draws any JSON-like view dict as a readable card of labels, tables and grids.

Used for games without a renderer of their own. Layout is measured first, then drawn, so the image
is exactly as tall as its content (capped at ``MAX_SIDE`` px, with a "… more" note when cut).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import fonts
from .blocks import MARGIN, Block, BlockBuilder
from .canvas import Canvas
from .output import MAX_SIDE
from .palette import HIGHLIGHT, TEXT, WHITE, lighten
from .viewtext import SEAT_NAMES, format_value, humanize, is_scalar, result_text, seats_of

WIDTH = 420.0  # logical; × SCALE = 840 px, so body text stays legible on a phone
SCALE = 2.0
MIN_SCALE = 1.5
GAP = 6.0

TURN_KEYS = ("active", "to_move", "current_player", "current_seat")
PROMPT_KEYS = ("prompt", "message", "status")
RESULT_KEYS = ("result", "winner", "winners", "outcome")
CHIP_KEYS = ("phase", "step", "round", "turn", "seat", "seats", "viewer")
META_KEYS = ("engine", "title", "seat_names")  # already shown (title) or noise (engine id)
FLATTEN_KEYS = ("table",)  # engine envelope: its content is the main view
TAIL_KEYS = ("options",)  # shown last


def _build(view: Mapping[str, Any], title: str, scale: float, width: float) -> list[Block]:
    b = BlockBuilder(scale, width)
    b.title(title)
    used: set[str] = set(META_KEYS)
    chips = []
    used.update(k for k in (*CHIP_KEYS, *PROMPT_KEYS, *RESULT_KEYS) if k in view and view[k] in (None, ""))
    for k in CHIP_KEYS:
        if k in view and is_scalar(view[k]) and view[k] is not None:
            text = (
                f"Viewing as seat {view[k]}" if k == "seat" else f"{humanize(k)}: {format_value(view[k], 40)}"
            )
            chips.append(text)
            used.add(k)
    if chips:
        b.chips(chips)
    for k in TURN_KEYS:
        if k in view:
            used.add(k)
            seats = seats_of(view[k])
            if seats == [] and not any(view.get(r) for r in RESULT_KEYS):
                b.banner("Game over", TEXT, WHITE, WHITE, True)
            elif seats != []:
                b.turn(seats, format_value(view[k], 80))
            break
    for k in PROMPT_KEYS:
        if k in view and view[k] not in (None, ""):
            used.add(k)
            b.banner(format_value(view[k]), lighten(HIGHLIGHT, 0.9), TEXT, HIGHLIGHT, False)
    extra: dict[str, Any] = {}
    for k in RESULT_KEYS:
        if k in view and view[k] not in (None, "", [], {}):
            used.add(k)
            b.banner(result_text(k, view[k]), TEXT, WHITE, TEXT, True)
            if isinstance(view[k], Mapping):
                skip = ("winners", "winner", "reason")
                extra.update({f"final {rk}": rv for rk, rv in view[k].items() if rk not in skip})
    rest: dict[str, Any] = dict(extra)
    for k, v in view.items():
        if k in used or k in TAIL_KEYS:
            continue
        if k in FLATTEN_KEYS and isinstance(v, Mapping):
            rest.update({(f"{k} {kk}" if kk in rest or kk in view else kk): vv for kk, vv in v.items()})
        else:
            rest[k] = v
    rest.update({k: view[k] for k in TAIL_KEYS if k in view and k not in used})
    if rest:
        b.mapping(rest, 0)
    return b.blocks


def _total(blocks: list[Block]) -> float:
    return sum(x.height for x in blocks) + GAP * max(0, len(blocks) - 1) + 2 * MARGIN


def render_generic(
    view: Mapping[str, Any] | Any, title: str, width: float = WIDTH, scale: float = SCALE
) -> bytes:
    """PNG of any view dict: title, turn/prompt/result, then the remaining keys as a tree."""
    if not isinstance(view, Mapping):
        view = {"view": view}
    token = SEAT_NAMES.set(tuple(str(n) for n in view.get("seat_names") or ()))
    try:
        return _render(view, title, width, scale)
    finally:
        SEAT_NAMES.reset(token)


def _render(view: Mapping[str, Any], title: str, width: float, scale: float) -> bytes:
    blocks = _build(view, title, scale, width)
    total = _total(blocks)
    if total * scale > MAX_SIDE:
        scale = max(MIN_SCALE, MAX_SIDE / total)
        blocks = _build(view, title, scale, width)
        total = _total(blocks)
    limit = MAX_SIDE / scale
    if total > limit:
        kept: list[Block] = []
        budget = limit - 2 * MARGIN - 30
        used = 0.0
        for blk in blocks:
            if used + blk.height > budget:
                break
            kept.append(blk)
            used += blk.height + GAP
        cut = len(blocks) - len(kept)
        tail = BlockBuilder(scale, width)
        tail.note(f"{fonts.ELLIPSIS} {cut} more items not shown (image size limit)")
        blocks = kept + tail.blocks
        total = _total(blocks)
    c = Canvas(width, total, scale)
    y = MARGIN
    for blk in blocks:
        blk.paint(c, MARGIN, y)
        y += blk.height + GAP
    return c.to_png()
