"""Where a turn ends for the table, derived from the engine contract alone (the host's one post per turn,
the frames of a watchable replay, the end of a timed-out decision).

A committed action is one of three kinds for the table:

* ``quiet`` — a step inside the mover's own turn: the active seats are unchanged and either the action
  stayed undoable (nothing was revealed: the core clears the undo history on a draw, the PRNG, a private
  event for another seat…) or everything it made public is the mover's own doing (every public event
  names the mover: "Alice rolls the Cable Dice"). Only the mover's panel changes; the turn's post lists
  it later.
* ``status`` — a seat locked in during a simultaneous phase (the others are still due): the phase's one
  status message is edited.
* ``board`` — the decision passed to someone else, a simultaneous phase resolved (its reveal), something
  no player did happened (an Automa's move), or the game ended: one public post with the board.

Engines have no explicit "turn" in their contract; a hook such as ``Engine.turn(state) -> (seat, n)``
would make the same-seat case exact.
"""

from __future__ import annotations

import re
from typing import Any

from .action import UNDO, Action
from .engine import Engine
from .steps import Simultaneous

QUIET, STATUS, BOARD = "quiet", "status", "board"
_SEAT = re.compile(r"\{seat(\d+)\}")


def turn_kind(engine: Engine, before: dict[str, Any], after: dict[str, Any], seat: int, action: Action,
              events: list[dict[str, Any]] | None = None) -> str:
    """What ``seat`` playing ``action`` (``before`` → ``after``, with ``events``) means for the channel."""
    if after.get("result") is not None:
        return BOARD
    old, new = engine.active(before), engine.active(after)
    if new != old:
        return STATUS if len(old) > 1 and new and set(new) < set(old) else BOARD
    if _resolved_phase(engine, before, after):
        return BOARD
    if action == UNDO or undoable(after, seat) or own_doing(events or [], seat):
        return QUIET
    return BOARD


def _resolved_phase(engine: Engine, before: dict[str, Any], after: dict[str, Any]) -> bool:
    """A simultaneous phase just resolved (its reveal is everyone's news)."""
    old = (before.get("stack") or [{}])[-1].get("step")
    new = (after.get("stack") or [{}])[-1].get("step")
    return old is not None and old != new and simultaneous(engine, old)


def simultaneous(engine: Engine, step: str) -> bool:
    """Is ``step`` a simultaneous phase of the engine?"""
    try:
        return isinstance(engine.step(step), Simultaneous)
    except Exception:  # noqa: BLE001 - an unknown step is no simultaneous phase
        return False


def own_doing(events: list[dict[str, Any]], seat: int) -> bool:
    """True when every public event is a player's doing (it names a seat: "{seat0} rolls 4", "{seat1}
    bumps {seat0}'s worker"): the mover's turn goes on and its post will list them. An event naming
    nobody (an Automa's move, "The Automa deck is reshuffled") is news of its own."""
    return all(_SEAT.search(e["text"]) for e in events if e.get("to") is None)


def undoable(state: dict[str, Any], seat: int) -> bool:
    """True when ``seat``'s last action can still be taken back (nothing was revealed since)."""
    undo = state.get("undo") or []
    return bool(undo) and undo[-1].get("seat") == seat
