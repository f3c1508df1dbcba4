"""A seat's legal actions as labelled choices, and typed text turned back into one of them."""

from __future__ import annotations

import difflib
import re

from engines.core import Action, Engine, IllegalAction

from .errors import IllegalMove
from .models import GameRow
from .naming import fill, seat_names
from .results import Choice


def choices_for(engine: Engine, game: GameRow, seat: int) -> list[Choice]:
    """The seat's legal actions, then its free actions (those it may take at any time, e.g. scoring a
    Fragment), with their labels (names filled in)."""
    assert game.state is not None
    names = seat_names(game)
    actions = engine.legal_actions(game.state, seat) + engine.free_actions(game.state, seat)
    return [Choice(str(a), fill(engine.label(game.state, seat, a), names)) for a in actions]


def resolve_action(engine: Engine, game: GameRow, seat: int, text: str) -> Action:
    """Turn typed text (an action id or a label) into a legal action, or explain."""
    choices = choices_for(engine, game, seat)
    wanted = text.strip()
    for choice in choices:
        if wanted == choice.action:
            return Action.parse(choice.action)
    folded = wanted.casefold()
    exact = [c for c in choices if c.label.casefold() == folded]
    # An exact word wins over a prefix: "forward" is "Forward", not also "Forward-left".
    word = re.compile(rf"(?<![\w-]){re.escape(folded)}(?![\w-])") if folded else None
    whole = exact or [c for c in choices if word and word.search(c.label.casefold())]
    partial = whole or [c for c in choices if folded and folded in c.label.casefold()]
    if len(partial) == 1:
        return Action.parse(partial[0].action)
    close = difflib.get_close_matches(folded, [c.label.casefold() for c in choices], n=5, cutoff=0.3)
    hints = [c for c in choices if c.label.casefold() in close] or partial[:5] or choices[:5]
    reason = "matches several moves" if len(partial) > 1 else "is not a legal move now"
    raise IllegalMove(f"“{_clip(wanted)}” {reason}.", alternatives=[(c.action, c.label) for c in hints])


def illegal(engine: Engine, game: GameRow, seat: int, err: IllegalAction) -> IllegalMove:
    """An engine refusal as a user-facing error with labelled alternatives."""
    names = seat_names(game)
    labels = {c.action: c.label for c in choices_for(engine, game, seat)}
    alternatives = [(a, labels.get(a, a)) for a in err.alternatives[:5]]
    return IllegalMove(fill(err.message, names), alternatives=alternatives)


def _clip(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
