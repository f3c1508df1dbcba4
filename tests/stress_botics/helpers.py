"""Plain-json loading of data/stress_botics/ for the content tests (no engine exists yet)."""

import json
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[2] / "data" / "stress_botics"
FILES = sorted(p.name for p in DATA.glob("*.json"))
SEED = "seeds/000_a2f8e09498b0f481.txt"  # the rulebook transcription every "source" names
RESOURCES = {"C", "Ti", "Si", "Bm", "Ex", "Acid", "Gas", "Lv"}
BATTERIES = {"bC", "bTi", "bSi"}
CYLINDROIDS = {"MIN", "LAS", "EXP"}


def load(name: str) -> dict[str, Any]:
    """The parsed JSON document data/stress_botics/<name>."""
    return json.loads((DATA / name).read_text())


def walk(node: Any) -> Iterator[Any]:
    """Every dict and list inside node, node included, depth first."""
    yield node
    if isinstance(node, dict):
        for value in node.values():
            yield from walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from walk(value)


def ops_in(node: Any) -> Iterator[dict[str, Any]]:
    """Every {"op": ...} object inside node."""
    for item in walk(node):
        if isinstance(item, dict) and "op" in item:
            yield item


def records(node: Any) -> Iterator[dict[str, Any]]:
    """Every dict that sits in a list and carries an "id" (cards, tiles, tokens, nodes, ...)."""
    for item in walk(node):
        if isinstance(item, list):
            for entry in item:
                if isinstance(entry, dict) and "id" in entry:
                    yield entry


def distances(start: str, players: int = 4, dial: int = 0, locked: bool = False) -> dict[str, int]:
    """MP distances on the planet graph from start (padlocked edges closed when locked)."""
    planet = load("planet.json")
    adj: dict[str, list[str]] = {n["id"]: [] for n in planet["nodes"]}
    for edge in planet["edges"]:
        if players not in edge["players"] or (edge["dial"] is not None and edge["dial"] != dial):
            continue
        if locked and edge["padlock"]:
            continue
        adj[edge["a"]].append(edge["b"])
        adj[edge["b"]].append(edge["a"])
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in adj[here]:
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen
