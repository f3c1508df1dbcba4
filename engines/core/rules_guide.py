"""The rule behind the choice: a game's rules guide, read from ``data/<game>/guide.json``.

A guide holds short rule entries in our own words, each with the spec's rule ID and a text taken from
the rulebook, and maps the engine's decisions to them: a step (``"program"``), a step's verb
(``"conversions.spend"``), an effect waiting on the core choice step (``"choose.bribe"``) and the end of
the game (``"game_over"``). ``Engine.rules_for`` asks :func:`decision_keys` which keys the decision now
has and the guide turns them into entries. Named topics (``/rules game topic``) group entries under a
short text. Games without a guide file get one from ``rules_summary``/``rules_topics`` (no entries).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib.abc import Traversable
from typing import Any

from .content import ContentError, check_shape, read
from .effects import CHOICE

FILE = "guide.json"
GAME_OVER = "game_over"
"""The key of the entries shown once the game has ended."""
SHAPE: dict[str, Any] = {
    "summary": str,
    "topics": {"*": {"text": str, "entries": [str]}},
    "entries": [{"id": str, "title": str, "text": str, "ref": str}],
    "steps": {"*": [str]},
}


@dataclass(frozen=True)
class Entry:
    """One rule: its spec ID (``RR-CONV-02``), a short title, the text and where the rulebook says it."""

    id: str
    title: str
    text: str
    ref: str = ""


@dataclass(frozen=True)
class Topic:
    """A named group of entries under a short text (``/rules game topic``)."""

    name: str
    text: str
    entries: tuple[Entry, ...] = ()


@dataclass(frozen=True)
class Guide:
    """A game's summary, topics, entries, and which decisions (keys) they govern."""

    summary: str = ""
    topics: tuple[Topic, ...] = ()
    entries: tuple[Entry, ...] = ()
    keys: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Decision key → entry IDs, in the order they are shown."""

    @classmethod
    def plain(cls, summary: str, topics: Mapping[str, str]) -> Guide:
        """A guide of a summary and topic texts only (games without ``guide.json``)."""
        return cls(summary, tuple(Topic(name, text) for name, text in topics.items()))

    def entry(self, rule_id: str) -> Entry | None:
        """The entry with this ID (any case), if any."""
        wanted = rule_id.strip().casefold()
        return next((e for e in self.entries if e.id.casefold() == wanted), None)

    def topic(self, name: str) -> Topic | None:
        """The topic called ``name`` (any case), if any."""
        wanted = name.strip().casefold()
        return next((t for t in self.topics if t.name.casefold() == wanted), None)

    def lookup(self, keys: Iterable[str]) -> list[Entry]:
        """The entries of ``keys`` in order, each once."""
        ids = dict.fromkeys(rule_id for key in keys for rule_id in self.keys.get(key, ()))
        return [entry for rule_id in ids if (entry := self.entry(rule_id)) is not None]

    def for_decision(self, frame: Mapping[str, Any], verbs: Iterable[str]) -> list[Entry]:
        """The entries of a decision (see :func:`decision_keys`). The core choice step has no rules of its
        own: it shows the rules of the effect it asks about, and its own entries only when that has none."""
        keys = decision_keys(frame, verbs)
        if keys[0] == CHOICE:
            return self.lookup(keys[1:]) or self.lookup(keys[:1])
        return self.lookup(keys)

    def check(self, steps: Iterable[Any], effects: Iterable[str] = ()) -> None:
        """Every key names a step of the engine (and a declared verb, or an effect of the choice step), and
        every entry ID it or a topic uses exists; ``ContentError`` otherwise."""
        by_name = {step.name: step for step in steps}
        known_effects = set(effects)
        ids = {e.id for e in self.entries}
        for key, rule_ids in self.keys.items():
            step_name, _, detail = key.partition(".")
            step = by_name.get(step_name)
            if key != GAME_OVER and step is None:
                raise ContentError(f"{FILE}: steps.{key} names no step of the game ({', '.join(sorted(by_name))})")
            if detail and step is not None and detail not in (known_effects if step_name == CHOICE else step.verbs):
                raise ContentError(f"{FILE}: steps.{key}: {step_name} has no verb or effect {detail!r}")
            missing = [r for r in rule_ids if r not in ids]
            if missing:
                raise ContentError(f"{FILE}: steps.{key} uses {missing}, which are not entries")
        for topic in self.topics:
            if not topic.text.strip():
                raise ContentError(f"{FILE}: topics.{topic.name} has no text")

    def uncovered(self, step_names: Iterable[str]) -> list[str]:
        """Steps without any entry (a new step must ship with its rule text)."""
        return [name for name in step_names if not self.keys.get(name)]


def decision_keys(frame: Mapping[str, Any], verbs: Iterable[str]) -> list[str]:
    """The guide keys of a decision: its step, the effect the choice step asks about, then each verb."""
    step = str(frame["step"])
    keys = [step]
    if step == CHOICE and isinstance(frame.get("op"), Mapping):
        keys.append(f"{CHOICE}.{frame['op'].get('effect')}")
    keys += [f"{step}.{verb}" for verb in dict.fromkeys(verbs)]
    return keys


def load(folder: Traversable) -> Guide:
    """``guide.json`` of a game folder, its marks and shape checked."""
    doc = read(folder / FILE)
    check_shape(FILE, doc, SHAPE)
    entries = tuple(Entry(e["id"], e["title"], e["text"], e["ref"]) for e in doc["entries"])
    for entry in entries:
        if not (entry.id.strip() and entry.title.strip() and entry.text.strip()):
            raise ContentError(f"{FILE}: entry {entry.id!r} needs an id, a title and a text")
    if len({e.id for e in entries}) != len(entries):
        raise ContentError(f"{FILE}: an entry id appears twice")
    by_id = {e.id: e for e in entries}
    topics = []
    for name, topic in doc["topics"].items():
        unknown = [rule_id for rule_id in topic["entries"] if rule_id not in by_id]
        if unknown:
            raise ContentError(f"{FILE}: topics.{name} uses {unknown}, which are not entries")
        topics.append(Topic(name, topic["text"], tuple(by_id[rule_id] for rule_id in topic["entries"])))
    return Guide(doc["summary"], tuple(topics), entries, {k: tuple(v) for k, v in doc["steps"].items()})
