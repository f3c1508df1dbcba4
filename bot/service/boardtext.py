"""The position as text (``/board text``): what the board image shows, for screen readers and for
anyone who cannot see the image, from the public view only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.core.viewtext import MISSING, SEAT_NAMES, by_seat, format_value, humanize, seat_keys, seat_label

from .results import Post

VALUE_LIMIT = 300
SKIPPED = ("geometry", "layout", "coords")
"""View keys that only place things on the picture."""


def board_text(post: Post, view: dict[str, Any], limit: int = 1900) -> str:
    """The post's status lines, then every part of the public table as ``Name: value`` lines."""
    lines = [f"**{post.title}** · game #{post.game_id} · {post.footer}"]
    lines.append(f"🏁 {post.result_text}" if post.finished else post.waiting or post.prompt)
    if post.scores:
        lines.append(f"Scores: {post.scores}")
    token = SEAT_NAMES.set(tuple(view.get("seat_names") or ()))
    try:
        for key, value in (view.get("table") or {}).items():
            if key in SKIPPED or value in (None, [], {}):
                continue
            words = in_words(value)
            lines.append(f"{humanize(key)}: {words if len(words) <= VALUE_LIMIT else words[:VALUE_LIMIT - 1] + '…'}")
    finally:
        SEAT_NAMES.reset(token)
    text = "\n".join(lines)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def in_words(value: Any, depth: int = 0) -> str:
    """A view value without JSON punctuation: seat-keyed parts by player name ("Alice 3 · Bob 2"),
    other mappings as "key value" pairs, lists comma-separated (nesting beyond 3 levels elided)."""
    if depth > 3:
        return "…"
    if isinstance(value, Mapping):
        seats = seat_keys(value)
        if seats is not None and value:
            return " · ".join(f"{seat_label(s)} {in_words(v, depth + 1)}" for s in seats
                              if (v := by_seat(value, s)) is not MISSING)
        return "; ".join(f"{humanize(k).lower()} {in_words(v, depth + 1)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        shown = [in_words(v, depth + 1) for v in value[:20]]
        return ", ".join(shown) + (f" (+{len(value) - 20} more)" if len(value) > 20 else "")
    return format_value(value, VALUE_LIMIT)
