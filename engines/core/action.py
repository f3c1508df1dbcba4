"""`Action`: one small player decision with a stable string form."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

MAX_ACTION_LEN = 80
"""Longest string form; leaves room for a host prefix inside Discord's 100-char custom_id."""

_TOKEN = re.compile(r"^[A-Za-z0-9_.+\-]+\Z")
Arg = str | int


@dataclass(frozen=True, slots=True)
class Action:
    """A verb and a few arguments, e.g. ``Action("place", 3, "generator")`` ↔ ``"place:3:generator"``.

    Arguments are ints or plain tokens (letters, digits, ``_ . + -``); the string form is stable
    across versions, fits a Discord ``custom_id`` and round-trips through :meth:`parse`.
    """

    verb: str
    args: tuple[Arg, ...] = ()

    def __init__(self, verb: str, *args: Arg) -> None:
        object.__setattr__(self, "verb", verb)
        object.__setattr__(self, "args", tuple(args))
        self._check()

    def _check(self) -> None:
        if any(isinstance(arg, bool) or not isinstance(arg, (int, str)) for arg in self.args):
            bad = next(a for a in self.args if isinstance(a, bool) or not isinstance(a, (int, str)))
            raise ValueError(f"action arguments are ints or tokens, not {bad!r}")
        _validate(self.verb, self.args)

    def __str__(self) -> str:
        return ":".join([self.verb, *(str(a) for a in self.args)])

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the string form; raises ``ValueError`` on malformed text."""
        text = text.strip()
        if not text or len(text) > MAX_ACTION_LEN:
            raise ValueError("not an action")
        verb, *rest = text.split(":")
        return cls(verb, *(int(a) if _looks_int(a) else a for a in rest))


@functools.lru_cache(maxsize=65536)
def _validate(verb: str, args: tuple[Arg, ...]) -> None:
    """Check verb and arguments once per distinct action (engines build the same ones often)."""
    if not _TOKEN.match(verb) or verb[0].isdigit() or verb[0] == "-":
        raise ValueError(f"bad action verb {verb!r}")
    for arg in args:
        if isinstance(arg, str) and (not _TOKEN.match(arg) or _looks_int(arg)):
            raise ValueError(f"bad action argument {arg!r}")
    text = ":".join([verb, *(str(a) for a in args)])
    if len(text) > MAX_ACTION_LEN:
        raise ValueError(f"action string longer than {MAX_ACTION_LEN} chars: {text}")


def _looks_int(text: str) -> bool:
    return bool(re.fullmatch(r"-?[0-9]+", text))


@functools.lru_cache(maxsize=16384, typed=True)
def act(verb: str, *args: Arg) -> Action:
    """``Action(verb, *args)``, built and validated once per distinct value (actions are immutable, so
    engines listing the same actions again and again can share them)."""
    return Action(verb, *args)


UNDO = Action("undo")
"""The core's own action: take back the seat's last action (see ``Engine.can_undo``)."""
