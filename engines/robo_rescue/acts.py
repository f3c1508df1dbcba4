"""Cached action construction: the same few hundred actions are offered again and again.

``Action`` is an immutable value, so sharing instances is safe; the cache skips re-validation.
"""

from __future__ import annotations

import functools

from engines.core import Action

ACT_CACHE = 4096
"""Distinct actions remembered."""


@functools.lru_cache(maxsize=ACT_CACHE, typed=True)
def act(verb: str, *args: str | int) -> Action:
    """``Action(verb, *args)``, built once per distinct value."""
    return Action(verb, *args)
