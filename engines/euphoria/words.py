"""Player-facing text helpers: labels that fit a button."""

from __future__ import annotations

LABEL_MAX = 80


def fit(text: str, limit: int = LABEL_MAX) -> str:
    """``text``, cut with an ellipsis when longer than ``limit`` characters."""
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"
