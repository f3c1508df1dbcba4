"""Plain-JSON access to data/scrap/ for the content tests, found through the content loader's ``game_dir``."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from typing import Any

from engines.core.content import game_dir

DATA = game_dir("scrap")
FILES = ("rules", "map", "areas", "domains", "mode_board", "supplies", "relics", "vows",
         "intelligences", "functions", "ops", "hooks")
MARK_KEYS = ("source", "parts")
ITEM_MARKS = ("rulebook", "reconstructed", "reconstructed-high", "reconstructed-medium", "reconstructed-low")
RULEBOOK = re.compile(r"^Rulebook( \([^)]*\))?: \S")
RECONSTRUCTED = re.compile(r"\. RECONSTRUCTED( \([^)]*\))?: \S")
PATH_STEP = re.compile(r"([a-z_]+)((?:\[\d+\])*)")


@cache
def load(name: str) -> dict[str, Any]:
    """One file of data/scrap/, parsed."""
    return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))


def walk(node: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Every (path, value) below ``node``, depth first."""
    yield path, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from walk(value, f"{path}.{key}" if path else key)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from walk(value, f"{path}[{i}]")


def resolve(tree: Any, path: str) -> tuple[Any, str | int]:
    """The parent container and last key of a MOD patch path such as ``core.plus[0].v``."""
    steps: list[str | int] = []
    for part in path.split("."):
        m = PATH_STEP.fullmatch(part)
        assert m, f"bad path step {part!r} in {path!r}"
        steps.append(m.group(1))
        steps += [int(i) for i in re.findall(r"\[(\d+)\]", m.group(2))]
    node = tree
    for step in steps[:-1]:
        node = node[step]
    return node, steps[-1]


def functions() -> list[dict[str, Any]]:
    """The 78 Function records."""
    return load("functions")["functions"]


def core_tree(fn: dict[str, Any]) -> Any:
    """A Function's Core as an effect tree (a shared Core is looked up in the cores table)."""
    core = fn["core"]
    return load("functions")["cores"][core["ref"]]["effect"] if set(core) == {"ref"} else core


def intelligences() -> dict[str, dict[str, Any]]:
    """The six Intelligences by id."""
    return {i["id"]: i for i in load("intelligences")["intelligences"]}
