"""Euphoria on the core effect queue (``engines.core.effects``): records carry the board index ``pid``.

A record is ``{"effect": name, "pid": player, ...}``; ``push`` adds the owner the core needs: the seat
for a human, ``"automa:<colour>"`` for an Automa (a non-seat actor).
"""

from __future__ import annotations

from engines.core import Game, effects

Op = effects.Effect
Token = effects.Token
in_front = effects.in_front
pending = effects.pending
run_ops = effects.run


def owned(g: Game, op: Op) -> Op:
    """``op`` with its owner set from its ``pid``."""
    pid = op["pid"]
    op["owner"] = pid if pid < g.seats else f"automa:{g.g['players'][pid]['colour']}"
    return op


def push(g: Game, *ops: Op) -> None:
    """Queue effects after everything pending."""
    effects.push(g, *(owned(g, op) for op in ops))


def push_front(g: Game, *ops: Op) -> None:
    """Queue effects before everything pending (consequences of the effect just resolved)."""
    effects.push_front(g, *(owned(g, op) for op in ops))
