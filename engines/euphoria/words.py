"""Player-facing text helpers: labels that fit a button."""

from __future__ import annotations

from collections.abc import Mapping

LABEL_MAX = 80


def fit(text: str, limit: int = LABEL_MAX) -> str:
    """``text``, cut with an ellipsis when longer than ``limit`` characters."""
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


def goods_text(artifact_names: Mapping[str, str], cost: Mapping[str, int]) -> str:
    """A cost in words: "1 Board Game, 1 food and 1 bliss" (artifacts by their card names)."""
    parts = [f"{n} {artifact_names.get(k, k)}" for k, n in cost.items()]
    return " and ".join(parts) if len(parts) < 3 else ", ".join(parts[:-1]) + " and " + parts[-1]
