"""Secrecy declared once: which parts of a game's state each seat may see.

A game lists its zones as dotted path patterns over the state, each with a visibility::

    ZONES = Zones(
        public("g.round", "g.discard", "g.players.*.score"),
        nobody("g.deck"),                                   # the order of a face-down pile
        owner("g.hands.{seat}"),                            # the seat named by the key sees it
        owner("g.players.{seat}.secret", until="revealed"),  # public once players.N.revealed is truthy
        frame("program", owner("cards", seat="seat")),      # in frames of step "program"; owner frame["seat"]
    )

In a pattern ``*`` matches every member of a dict or list and ``{seat}`` does too, naming the seat that owns
the zone (a key that is not a seat number, e.g. an Automa's index, makes the zone hidden from every seat).
A zone covers everything below it. ``seat=``, ``until=`` and ``when=`` are dotted keys read from the
container holding the zone: the owner seat, a reveal flag (truthy: the zone is public from then on) and a
condition (the zone is secret only while it is present and truthy). A secret zone wins over a public
pattern covering the same place. ``frame(step, ...)`` declares zones inside the prompt frames of ``step``
(patterns relative to the frame); the core adds ``private.{seat}`` for every :class:`Simultaneous` step.

From one declaration the core derives the redaction ``Engine.view`` applies (a hidden list keeps its length
with every item replaced by ``None``, a hidden dict becomes ``{}``, a scalar ``None``) before the game's
``table_view`` sees the state, the hidden paths the kit's leak check perturbs, and the kit's coverage check:
every leaf of ``state["g"]`` must fall under a declared pattern, public or secret.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from .errors import EngineBug
from .jsonstate import State, replace_paths

PUBLIC, OWNER, NOBODY = "public", "owner", "nobody"
SEAT = "{seat}"
WILD = (SEAT, "*")

Path = tuple[str, ...]


@dataclass(frozen=True)
class Zone:
    """One declared part of the state (build with :func:`public`, :func:`nobody`, :func:`owner`)."""

    pattern: Path
    see: str
    seat: Path | None = None
    until: Path | None = None
    when: Path | None = None
    step: str | None = None
    """For a frame zone, the step whose frames it applies to (the pattern is then relative to the frame)."""

    @property
    def text(self) -> str:
        """The pattern as written (prefixed by the step for a frame zone)."""
        return (f"{self.step}:" if self.step else "") + ".".join(self.pattern)


def _split(text: str | None) -> Path | None:
    return None if text is None else tuple(text.split("."))


def public(*patterns: str) -> list[Zone]:
    """Parts everyone sees."""
    return [Zone(_split(p), PUBLIC) for p in patterns]


def nobody(*patterns: str, until: str | None = None, when: str | None = None) -> list[Zone]:
    """Parts no seat sees (deck orders, face-down tiles); only counts and shapes show."""
    return [Zone(_split(p), NOBODY, until=_split(until), when=_split(when)) for p in patterns]


def owner(pattern: str, *, seat: str | None = None, until: str | None = None, when: str | None = None) -> list[Zone]:
    """A part only its owner sees: the seat matched by ``{seat}`` in ``pattern``, or read from key ``seat``."""
    if (SEAT in pattern.split(".")) == (seat is not None):
        raise EngineBug(f"owner zone {pattern!r}: name the owner with {{seat}} in the pattern or seat=, not both")
    return [Zone(_split(pattern), OWNER, seat=_split(seat), until=_split(until), when=_split(when))]


def frame(step: str, *zones: Iterable[Zone]) -> list[Zone]:
    """Zones inside the prompt frames of ``step`` (their patterns are relative to the frame)."""
    return [Zone(z.pattern, z.see, z.seat, z.until, z.when, step) for group in zones for z in group]


def _relative(container: Any, key: Path) -> Any:
    node = container
    for part in key:
        if isinstance(node, dict):
            node = node.get(part)
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return None
    return node


def _members(node: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(node, dict):
        yield from ((str(k), v) for k, v in node.items())
    elif isinstance(node, list):
        yield from ((str(i), v) for i, v in enumerate(node))


def _match(node: Any, pattern: Path, path: str, parent: Any, seat: str | None
           ) -> Iterator[tuple[str, Any, str | None]]:
    """(dotted path, container holding the match, {seat} key) of every place ``pattern`` matches."""
    if not pattern:
        yield path, parent, seat
        return
    part, rest = pattern[0], pattern[1:]
    if part in WILD:
        for key, child in _members(node):
            yield from _match(child, rest, f"{path}.{key}", node, key if part == SEAT else seat)
    elif isinstance(node, dict) and part in node:
        yield from _match(node[part], rest, f"{path}.{part}", node, seat)


def _seat_number(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    return int(value) if isinstance(value, str) and value.isdigit() else None


def _back(value: Any) -> Any:
    """What a hidden value shows as: lists keep their length (and nested lists theirs), the rest is gone."""
    if isinstance(value, list):
        return [_back(item) if isinstance(item, list) else None for item in value]
    return {} if isinstance(value, dict) else None


class Zones:
    """A game's whole secrecy declaration; the core and the kit derive everything from it."""

    def __init__(self, *groups: Iterable[Zone]) -> None:
        self.zones: tuple[Zone, ...] = tuple(z for group in groups for z in group)
        for zone in self.zones:
            if zone.see not in (PUBLIC, OWNER, NOBODY):
                raise EngineBug(f"zone {zone.text}: unknown visibility {zone.see!r}")
            if zone.step is None and zone.pattern[0] != "g":
                raise EngineBug(f"zone {zone.text}: game zones start with 'g.' (frames: use frame())")
        self.secret = tuple(z for z in self.zones if z.see != PUBLIC)
        self._tree = _tree(z.pattern[1:] for z in self.zones if z.step is None)

    def extended(self, *groups: Iterable[Zone]) -> Zones:
        """This declaration plus more zones (the core adds those of simultaneous steps)."""
        return Zones(self.zones, *groups)

    def hidden(self, state: State, seat: int | None, steered: dict[int, int] | None = None) -> list[str]:
        """Dotted paths of every secret zone ``seat`` (None = spectator) may not see, in declaration order.
        ``steered`` maps participants that are not seats to the seat deciding for them (``Engine.steered``):
        that seat sees what they own."""
        paths: list[str] = []
        for zone in self.secret:
            for path, container, key in self._places(state, zone):
                if zone.when is not None and not _relative(container, zone.when):
                    continue
                if zone.until is not None and _relative(container, zone.until):
                    continue
                if zone.see == OWNER and seat is not None:
                    who = _seat_number(key if zone.seat is None else _relative(container, zone.seat))
                    if who is not None and (steered or {}).get(who, who) == seat:
                        continue
                if path not in paths:
                    paths.append(path)
        return paths

    def _places(self, state: State, zone: Zone) -> Iterator[tuple[str, Any, str | None]]:
        if zone.step is None:
            yield from _match(state["g"], zone.pattern[1:], "g", state, None)
            return
        for index, entry in enumerate(state.get("stack") or []):
            if entry.get("step") == zone.step:
                yield from _match(entry, zone.pattern, f"stack.{index}", None, None)

    def redact(self, state: State, seat: int | None, steered: dict[int, int] | None = None) -> State:
        """A copy of ``state`` where everything hidden from ``seat`` shows only as backs (see module doc);
        untouched parts are shared with ``state`` (treat both as read-only)."""
        paths = self.hidden(state, seat, steered)
        if not paths:
            return state
        values = {}
        for path in paths:
            node: Any = state
            for part in path.split("."):
                node = node[int(part)] if isinstance(node, list) else node[part]
            values[path] = _back(node)
        return replace_paths(state, values)

    def undeclared(self, state: State) -> list[str]:
        """The highest paths of ``state["g"]`` that no declared pattern covers (a key nobody declared, or a
        scalar where the patterns only cover deeper parts)."""
        found: list[str] = []
        _uncovered(state["g"], [self._tree], "g", found)
        return found


def _tree(patterns: Iterable[Path]) -> dict[str, Any]:
    """A trie of patterns (``{seat}`` counts as ``*``); ``None`` under key ``""`` marks a pattern's end."""
    root: dict[str, Any] = {}
    for pattern in patterns:
        node = root
        for part in pattern:
            node = node.setdefault("*" if part == SEAT else part, {})
        node[""] = None
    return root


def _uncovered(value: Any, nodes: list[dict[str, Any]], path: str, found: list[str]) -> None:
    if value is None or any("" in node for node in nodes):
        return  # covered, or an optional part that is absent (None) where patterns go deeper
    if not isinstance(value, (dict, list)):
        found.append(path)  # a scalar where the declared patterns only cover deeper parts
        return
    for key, child in _members(value):
        below = [n[k] for n in nodes for k in (key, "*") if k in n]
        if below:
            _uncovered(child, below, f"{path}.{key}", found)
        else:
            found.append(f"{path}.{key}")
