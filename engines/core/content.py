"""Game content: read ``data/<game>/`` files, check their shape, references, counts and provenance marks.

Every engine loads its content through :func:`load_files` (in ``Engine.load_data``, the only I/O an
engine does). The folder is found by :func:`game_dir`: the checkout's ``data/`` when the code runs from
a source tree (editable installs included), else the installed package ``turnkeeper_data`` (the same
``data/`` folder shipped as package data), read through :mod:`importlib.resources`.

Provenance (``data/README.md``): each file has a top-level ``source`` string with a ``Rulebook`` part
and a ``RECONSTRUCTED`` part (write ``RECONSTRUCTED: nothing.`` when all is from the rulebook), and a
top-level ``parts`` object listing every other top-level key under ``rulebook`` and/or ``reconstructed``.
Item-level ``provenance`` values anywhere in a file must be ``rulebook`` or ``reconstructed[-high|-medium
|-low]``. Anything else raises :class:`ContentError` naming the file and key.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path
from typing import Any

PACKAGE = "turnkeeper_data"
"""The importable name of ``data/`` in an installed copy (``[tool.setuptools.package-dir]``)."""

_ROOT = Path(__file__).resolve().parents[2]
SUFFIXES = (".json", ".toml")
MARK_KEYS = ("source", "parts")
PART_MARKS = ("rulebook", "reconstructed")
ITEM_MARKS = ("rulebook", "reconstructed", "reconstructed-high", "reconstructed-medium", "reconstructed-low")
_RULEBOOK = re.compile(r"^Rulebook( \([^)]*\))?: \S")
_RECONSTRUCTED = re.compile(r"\. RECONSTRUCTED( \([^)]*\))?: \S")


class ContentError(ValueError):
    """A data file is missing, malformed, inconsistent or lacks its provenance marks; names file and key."""


def data_root() -> Traversable:
    """The folder holding one sub-folder per game: the checkout's ``data/`` or the installed package."""
    if (_ROOT / "pyproject.toml").is_file() and (_ROOT / "data").is_dir():
        return _ROOT / "data"
    return resources.files(PACKAGE)


def game_dir(game: str) -> Traversable:
    """``data/<game>/`` of the running copy."""
    return data_root() / game


@dataclass(frozen=True)
class Ref:
    """Every value at ``src`` (``"file:path"``) must be one of the values at ``dst``; ``None`` is allowed
    when ``optional``. Paths: ``a.b`` keys, ``a[]`` each list item, ``a.*`` each dict value, ``a.@`` dict keys."""

    src: str
    dst: str
    optional: bool = False


@dataclass(frozen=True)
class Count:
    """The number of values at ``path`` (``"file:path"``) is what the rulebook states (``why``)."""

    path: str
    expected: int
    why: str


def find(folder: Traversable, name: str) -> Traversable:
    """``<name>.json`` or ``<name>.toml`` in ``folder``."""
    for suffix in SUFFIXES:
        path = folder / f"{name}{suffix}"
        if path.is_file():
            return path
    raise ContentError(f"{name}.json: missing from {folder}")


def read(path: Traversable) -> dict[str, Any]:
    """One JSON or TOML file, its provenance marks checked."""
    try:
        text = path.read_text(encoding="utf-8")
        doc = tomllib.loads(text) if path.name.endswith(".toml") else json.loads(text)
    except ValueError as err:
        raise ContentError(f"{path.name}: not valid {path.name.rpartition('.')[2].upper()}: {err}") from None
    if not isinstance(doc, dict):
        raise ContentError(f"{path.name}: the top level must be an object")
    check_marks(path.name, doc)
    return doc


def check_marks(file: str, doc: Mapping[str, Any]) -> None:
    """The provenance marks of one file (see the module docstring)."""
    source = doc.get("source")
    if not isinstance(source, str) or not source.strip():
        raise ContentError(f"{file}: needs a top-level 'source' string (rulebook lines and RECONSTRUCTED parts)")
    if not _RULEBOOK.search(source):
        raise ContentError(f"{file}: 'source' must start with 'Rulebook: …' (or 'Rulebook (where): …')")
    if not _RECONSTRUCTED.search(source):
        raise ContentError(f"{file}: 'source' needs a '. RECONSTRUCTED: …' part after the rulebook part "
                           "(write 'RECONSTRUCTED: nothing.' when there is none)")
    parts = doc.get("parts")
    if not isinstance(parts, Mapping) or set(parts) - set(PART_MARKS) or not parts:
        raise ContentError(f"{file}: needs a top-level 'parts' object with 'rulebook' and/or 'reconstructed' lists")
    marked: set[str] = set()
    for mark, keys in parts.items():
        if not isinstance(keys, list) or not all(isinstance(k, str) for k in keys):
            raise ContentError(f"{file}: parts.{mark} must be a list of top-level keys")
        for key in keys:
            if key not in doc or key in MARK_KEYS:
                raise ContentError(f"{file}: parts.{mark} names {key!r}, which is not a content key of the file")
        marked |= set(keys)
    for key in doc:
        if key not in MARK_KEYS and key not in marked:
            raise ContentError(f"{file}: key {key!r} is marked neither rulebook nor reconstructed in 'parts'")
    for path, value in _provenance(doc, ""):
        for mark in value.values() if isinstance(value, Mapping) else [value]:
            if mark not in ITEM_MARKS:
                raise ContentError(f"{file}: {path} is {mark!r}, not one of {', '.join(ITEM_MARKS)}")


def _provenance(node: Any, path: str) -> Iterator[tuple[str, Any]]:
    """``(path, value)`` of every ``provenance`` key below ``node``."""
    if isinstance(node, Mapping):
        for key, value in node.items():
            here = f"{path}.{key}" if path else key
            if key == "provenance":
                yield here, value
            else:
                yield from _provenance(value, here)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _provenance(value, f"{path}[{i}]")


def check_shape(file: str, value: Any, shape: Any, path: str = "") -> None:
    """``value`` has ``shape``: a type (or tuple of types), ``[item shape]`` or ``{key: shape}``
    (a key ending in ``?`` is optional, ``"*"`` applies to every value; other keys are allowed)."""
    where = path or "top level"
    if isinstance(shape, Mapping):
        if not isinstance(value, Mapping):
            raise ContentError(f"{file}: {where} should be an object, got {type(value).__name__}")
        for key, sub in shape.items():
            name = key.removesuffix("?")
            if key == "*":
                for k, v in value.items():
                    check_shape(file, v, sub, f"{path}.{k}" if path else k)
            elif name in value:
                check_shape(file, value[name], sub, f"{path}.{name}" if path else name)
            elif not key.endswith("?"):
                raise ContentError(f"{file}: {where} lacks the required key {name!r}")
    elif isinstance(shape, list):
        if not isinstance(value, list):
            raise ContentError(f"{file}: {where} should be a list, got {type(value).__name__}")
        for i, item in enumerate(value):
            check_shape(file, item, shape[0], f"{path}[{i}]")
    else:
        types = shape if isinstance(shape, tuple) else (shape,)
        if not isinstance(value, types) or (isinstance(value, bool) and bool not in types):
            names = " or ".join("null" if t is type(None) else t.__name__ for t in types)
            raise ContentError(f"{file}: {where} should be {names}, got {json.dumps(value)[:60]}")


def values(doc: Any, path: str) -> Iterator[tuple[str, Any]]:
    """``(concrete path, value)`` for every value a :class:`Ref` path reaches in ``doc``."""
    found: list[tuple[str, Any]] = [("", doc)]
    for step in path.split("."):
        each = step.endswith("[]")
        key = step.removesuffix("[]")
        nxt: list[tuple[str, Any]] = []
        for where, node in found:
            if key in ("*", "@") and isinstance(node, Mapping):
                nxt += [(f"{where}.{k}", v if key == "*" else k) for k, v in node.items()]
            elif isinstance(node, Mapping) and key in node:
                nxt.append((f"{where}.{key}" if where else key, node[key]))
        if each:
            nxt = [(f"{where}[{i}]", v) for where, node in nxt if isinstance(node, list) for i, v in enumerate(node)]
        found = nxt
    yield from found


class Docs(dict[str, dict[str, Any]]):
    """Parsed documents by name (``"board"``), remembering each one's file name for messages."""

    def __init__(self, docs: Mapping[str, dict[str, Any]], files: Mapping[str, str] | None = None) -> None:
        super().__init__(docs)
        self.files = dict(files or {})

    def file(self, name: str) -> str:
        return self.files.get(name, f"{name}.json")


def _split(docs: Docs, spec: str) -> tuple[str, dict[str, Any], str]:
    name, _, path = spec.partition(":")
    return docs.file(name), docs[name], path


def check_refs(docs: Docs, refs: Iterable[Ref]) -> None:
    """Every reference points at an existing id."""
    for ref in refs:
        (src_file, src, src_path), (dst_file, dst, dst_path) = _split(docs, ref.src), _split(docs, ref.dst)
        known = {v for _, v in values(dst, dst_path)}
        for where, value in values(src, src_path):
            if not (value is None and ref.optional) and value not in known:
                raise ContentError(f"{src_file}: {where} is {value!r}, which is not in {dst_file} {dst_path}")


def check_count(file: str, what: str, actual: int, expected: int, why: str = "") -> None:
    """One count against the rulebook, with a message naming file and key."""
    if actual != expected:
        raise ContentError(f"{file}: {what} has {actual}, the rulebook says {expected}" + (f" ({why})" if why else ""))


def check_counts(docs: Docs, counts: Iterable[Count]) -> None:
    """Every :class:`Count` holds."""
    for count in counts:
        file, doc, path = _split(docs, count.path)
        check_count(file, path, sum(1 for _ in values(doc, path)), count.expected, count.why)


def load_files(folder: Traversable, shapes: Mapping[str, Any], refs: Iterable[Ref] = (),
               counts: Iterable[Count] = ()) -> Docs:
    """Read every file named in ``shapes`` (name -> shape, see :func:`check_shape`) from ``folder`` and
    check marks, shapes, references and counts; returns the parsed documents by name."""
    paths = {name: find(folder, name) for name in shapes}
    docs = Docs({name: read(path) for name, path in paths.items()}, {name: p.name for name, p in paths.items()})
    for name, shape in shapes.items():
        check_shape(docs.file(name), docs[name], shape)
    check_refs(docs, refs)
    check_counts(docs, counts)
    return docs
