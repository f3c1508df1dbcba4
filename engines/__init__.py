"""Turnkeeper's game engines and their registry.

``engines.get("robo_rescue")`` returns a registered :class:`engines.core.Engine`; game packages
under ``engines/`` register themselves on import (``engines.register(MyGame())``).
"""

from __future__ import annotations

import importlib
import importlib.util

from .core import Engine

KNOWN_GAMES = ("robo_rescue", "euphoria", "scrap", "stress_botics")
"""Game packages that ship with Turnkeeper (imported on demand when present)."""

_registry: dict[str, Engine] = {}


def register(engine: Engine) -> Engine:
    """Add an engine to the registry (idempotent for the same id)."""
    if not engine.id:
        raise ValueError("an engine needs an id")
    _registry[engine.id] = engine
    return engine


def unregister(engine_id: str) -> None:
    """Remove an engine (tests use this for fixture games)."""
    _registry.pop(engine_id, None)


def _load(engine_id: str) -> None:
    if engine_id in _registry or engine_id not in KNOWN_GAMES:
        return
    if importlib.util.find_spec(f"engines.{engine_id}") is not None:
        importlib.import_module(f"engines.{engine_id}")


def get(engine_id: str) -> Engine:
    """The engine registered as ``engine_id``; ``KeyError`` with the known ids otherwise."""
    _load(engine_id)
    try:
        return _registry[engine_id]
    except KeyError:
        known = ", ".join(sorted(e.id for e in all())) or "none"
        raise KeyError(f"unknown game {engine_id!r} (known: {known})") from None


def all() -> list[Engine]:  # noqa: A001 - the registry's public name
    """Every available engine, sorted by title."""
    for engine_id in KNOWN_GAMES:
        _load(engine_id)
    return sorted(_registry.values(), key=lambda e: e.title)
