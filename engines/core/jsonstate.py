"""Helpers for plain-JSON game states: fast copies, canonical dumps, dotted paths."""

from __future__ import annotations

import hashlib
import json
import marshal
import pickle
from functools import lru_cache
from typing import Any

State = dict[str, Any]


def copy_state(value: Any) -> Any:
    """A deep copy of a JSON value (``marshal`` is about 1.6× faster than pickle, which is several times
    faster than ``copy.deepcopy``; anything marshal refuses falls back to pickle)."""
    try:
        return marshal.loads(marshal.dumps(value))
    except ValueError:
        return pickle.loads(pickle.dumps(value, pickle.HIGHEST_PROTOCOL))


def dumps(value: Any) -> str:
    """Canonical compact JSON (sorted keys), used for storage, hashing and comparisons."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def state_hash(state: State) -> str:
    """A short stable fingerprint of a state."""
    return hashlib.sha256(dumps(state).encode()).hexdigest()[:16]


def is_plain_json(value: Any) -> bool:
    """True when a JSON round-trip returns exactly ``value`` (no tuples, sets, int keys, NaN)."""
    try:
        return json.loads(json.dumps(value, allow_nan=False)) == value
    except (TypeError, ValueError):
        return False


@lru_cache(maxsize=4096)
def _split(path: str) -> tuple[str | int, ...]:
    """``"g.players.1.hand"`` → ``("g", "players", 1, "hand")`` (digits index lists)."""
    return tuple(int(p) if p.lstrip("-").isdigit() else p for p in path.split("."))


def get_path(root: Any, path: str) -> Any:
    """Value at a dotted path; dict keys that look like ints are tried as strings too."""
    node = root
    for part in _split(path):
        node = node[_key(node, part)]
    return node


def replace_paths(root: Any, values: dict[str, Any]) -> Any:
    """A copy of ``root`` with each dotted path set to its value; only the containers on those
    paths are copied, everything else is shared with ``root`` (treat both as read-only)."""
    new = root.copy()
    copied = {id(new)}
    for path, value in values.items():
        parts = _split(path)
        node = new
        for part in parts[:-1]:
            key = _key(node, part)
            child = node[key]
            if id(child) not in copied:
                child = child.copy()
                node[key] = child
                copied.add(id(child))
            node = child
        node[_key(node, parts[-1])] = value
    return new


def _key(node: Any, part: str | int) -> str | int:
    if isinstance(node, dict):
        text = str(part)
        return text if text in node else part
    return part
