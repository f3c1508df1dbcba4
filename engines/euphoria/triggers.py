"""Named triggers the rules fire, and the registry of recruit abilities that answer them.

A rule announces an event with ``tableau.fire(g, trigger, pid, **ctx)``; every working recruit of
``pid`` whose data effect name (``data/euphoria/recruits.json``) has an answer to that trigger reacts,
as ``answer(g, pid, recruit_id, params, ctx)``. Answers live in the ``recruit_*.py`` modules as tables
``{effect name: {trigger: answer}}``; ``game.py`` builds the one :class:`Abilities` registry from them.
Within a trigger, answers run in table order (the order the rules apply them in).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engines.core import EngineBug, Game

from .queue import push

Answer = Callable[[Game, int, str, Mapping[str, Any], dict[str, Any]], None]
"""``answer(g, pid, recruit id, recruit params, trigger context)``."""

TRIGGERS: Mapping[str, str] = {
    "star_placed": "a star was placed (location, area): passive reactions",
    "star_offers": "a star was placed by the player's own action (location, area): optional abilities",
    "star_settled": "after a star and its reactions: abilities that cost an artifact",
    "worker_ran_away": "the knowledge check sent a worker to Runaway Workers (die)",
    "new_worker": "a worker joined from the tank",
    "retrieving": "workers are retrieved, before the roll (dice; answers add to ctx['before'])",
    "retrieved": "workers were retrieved and rolled (spaces)",
    "bumped_own": "the player bumped their own worker",
    "was_bumped": "another player bumped this player's worker (by)",
    "bumped_other": "the player bumped another player's worker (target)",
    "produced": "a commodity-area placement yielded (space, die, area, good, got)",
    "yielded": "a space other than a commodity area gave the player commodities (space, good, got)",
    "tunnel_dug": "the player dug a tunnel (area, die, space, resource)",
    "tunnel_dug_by_other": "another player dug a tunnel (resource)",
    "site_placed": "the player placed on a construction site",
    "market_built": "a market the player helped build is complete (builders)",
    "market_visited": "the player visited a built market (area)",
    "gold_gained": "the player received gold",
}
"""Every trigger the rules fire, with its context."""


class Abilities:
    """Trigger → ``(effect name, answer)`` in order, merged from the ability tables."""

    def __init__(self, *tables: Mapping[str, Mapping[str, Answer]]) -> None:
        self._answers: dict[str, list[tuple[str, Answer]]] = {t: [] for t in TRIGGERS}
        seen: set[tuple[str, str]] = set()
        for table in tables:
            for effect, answers in table.items():
                for trigger, answer in answers.items():
                    if trigger not in TRIGGERS:
                        raise EngineBug(f"{effect}: unknown trigger {trigger!r}")
                    if (effect, trigger) in seen:
                        raise EngineBug(f"{effect} answers {trigger} twice")
                    seen.add((effect, trigger))
                    self._answers[trigger].append((effect, answer))
        self._frozen = {t: tuple(a) for t, a in self._answers.items()}

    def answers(self, trigger: str) -> tuple[tuple[str, Answer], ...]:
        """The answers to ``trigger``, in order."""
        return self._frozen[trigger]

    def effects(self) -> set[str]:
        """Every effect name with at least one answer."""
        return {effect for answers in self._frozen.values() for effect, _ in answers}


def offer(*keys: str, part: str | None = None) -> Answer:
    """An answer that asks the player whether to use the ability (an ``ask`` effect).

    ``keys``: trigger context copied into the question; ``part``: the part of a card with several abilities.
    """
    def answer(g: Game, pid: int, rid: str, params: Mapping[str, Any], ctx: dict[str, Any]) -> None:
        op = {"effect": "ask", "pid": pid, "recruit": rid, **{k: ctx[k] for k in keys}}
        if part:
            op["part"] = part
        push(g, op)
    return answer


def when(test: Callable[[Game, int, dict[str, Any]], bool], answer: Answer) -> Answer:
    """``answer`` only when ``test(g, pid, ctx)`` holds."""
    def guarded(g: Game, pid: int, rid: str, params: Mapping[str, Any], ctx: dict[str, Any]) -> None:
        if test(g, pid, ctx):
            answer(g, pid, rid, params, ctx)
    return guarded
