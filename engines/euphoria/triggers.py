"""Named triggers and queries the rules use, and the registry of recruit abilities that answer them.

A rule announces an event with ``tableau.fire(g, trigger, pid, **ctx)``; every working recruit of
``pid`` whose data effect name (``data/euphoria/recruits.json``) has an answer to that trigger reacts,
as ``answer(g, pid, recruit_id, params, ctx)``. A rule asks for a number or a list of options with
``tableau.query(g, query, pid, value, **ctx)``: ``value`` is folded through the replies of those
recruits, ``value = reply(g, pid, recruit_id, params, value, ctx)``. Answers and replies live in the
``recruit_*.py`` modules as tables ``{effect name: {trigger or query: answer}}``; an option a recruit
adds to a rule's choice (a payment, a turn action) is a :class:`Way` in their ``WAYS`` tables
``{choice: {key: Way}}``; a set of abilities a rule treats alike is a kind (``KINDS``: tunnel abilities).
``game.py`` builds the one :class:`Abilities` registry from them. Within a
trigger or query, answers run in table order (the order the rules apply them in). Rule modules name
no recruit effect: they fire, query and look up ways.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
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
    "producing": "a placement on a commodity area, before the yield is counted (space, die; answers add "
                 "records to ctx['before'], resolved before the yield)",
    "placement_done": "a placement and its consequences are over (die, space)",
    "artifact_received": "a card joined the player's hand (card, via: the drawing ability or None; answers add "
                         "records to ctx['first'], before the hand limit, or ctx['then'], after it)",
    "bazaar_bought": "the player took a bazaar card (card, cost; answers add records to ctx['follow'], after "
                     "the payment)",
    "artifact_spent": "the player handed in a card (card)",
    "artmarket_any_paid": "the player chose to pay three artifacts of any type at an artifact market",
    "site_paid": "the player paid a construction space with a good (good)",
    "exclusive_used": "the player took an exclusive tunnel space (area)",
}
"""Every trigger the rules fire, with its context."""

Reply = Callable[[Game, int, str, Mapping[str, Any], Any, dict[str, Any]], Any]
"""``reply(g, pid, recruit id, recruit params, value, query context) -> value``."""

QUERIES: Mapping[str, str] = {
    "knowledge_max": "the top of the knowledge track for this player (value: the printed maximum)",
    "stands_in": "goods that may pay where ``good`` is required (value: a tuple of goods)",
    "substitute_track": "the track a placement advances when a stand-in good paid for it (value: 'icarus')",
    "ignores_penalties": "market penalties do not apply to this player (value: False; asked of every active "
                         "recruit, the Academy's switch-off included)",
    "wild_types": "artifact types that count as any type (value: a frozenset)",
    "bazaar_cost": "commodities to pay for a bazaar slot (slot; value: the cost)",
    "artmarket_payments": "ways to pay at an artifact market (value: the option tokens so far; ways 'artpay')",
    "artifact_sources": "other ways to take an artifact than the bazaar (op; value: option tokens; ways 'artifact')",
    "space_cost": "the cost of placing on a space (space; value: the printed cost)",
    "space_payments": "alternative costs of a space (space, cost, bumps_other; value: {token: alternative})",
    "site_payments": "alternatives to a site's printed resource (printed; value: option tokens; ways 'site_pay')",
    "pays_sites_otherwise": "the player has some alternative way to pay for construction (value: False)",
    "bribe": "a bribe that lifts one market penalty for a placement (value: None or (recruit id, params))",
    "exclusive_access": "the player may use the exclusive space of a faction not theirs (area; value: False)",
    "bumped_roll": "the bumped worker is about to be rolled; a reply may take the roll over, setting the die "
                   "available and queueing its own choice (die; value: False, True once taken over)",
    "counts_alone": "a commodity area's yield counts only this player's workers (space; value: False)",
    "yield_choice": "the yield of a commodity area is commodities of the player's choice (area; value: False)",
    "dig_gives_both": "digging this tunnel gives the resource and an artifact (area; value: False)",
    "end_star_recruits": "recruits that take a star when a track reaches its last tier (area; value: ids)",
    "start_dice": "workers the player starts with (value: the printed number)",
    "turn_again": "after retrieving, the player takes another turn at once (value: None or the recruit id)",
    "turn_placements": "more placements offered in the turn prompt (frame; value: actions; ways 'turn')",
    "turn_trades": "once-per-turn trades offered in the turn prompt (frame; value: actions; ways 'turn')",
    "retrieve_payments": "more ways to pay for a retrieval, listed with the printed ones (frame; value: "
                         "actions; ways 'retrieve')",
    "retrieve_free": "more ways to retrieve without paying, listed after the printed one (frame; value: actions; "
                     "ways 'retrieve')",
    "retrieve_paid_morale": "morale for paying for a retrieval (good; value: the printed morale)",
    "free_retrieve_loses": "a free retrieval costs morale (value: True)",
    "leaves_at_first_activation": "the recruit that leaves when recruits are activated for the first time, the "
                                  "hidden one turning up (value: None or the recruit id; asked of every active "
                                  "recruit)",
}
"""Every query the rules ask, with its context and starting value."""

KINDS: Mapping[str, str] = {
    "tunnel": "abilities that concern tunnels: revealed mid-turn, they work from the next turn (EU-TUNNEL-03, R-16)",
}
"""Kinds of abilities a rule treats alike, each a set of effect names given to :class:`Abilities`."""


@dataclass(frozen=True)
class Way:
    """An option a recruit adds to a rule's choice: its label and what choosing it does.

    ``label(g, record, token)`` and ``pick(g, record, token)``, where ``record`` is the effect (or the
    step's frame) that asks and ``token`` the option chosen (the ``pick`` token or the action). Choices
    and their keys: the effects ``artpay``, ``artifact`` and ``site_pay`` by token; the ``turn`` step by
    verb (the turn goes on after the pick); the ``retrieve`` step by action text (the pick pays, the
    retrieval follows).
    """

    label: Callable[[Game, dict[str, Any], Any], str]
    pick: Callable[[Game, dict[str, Any], Any], None]


class Abilities:
    """Trigger or query → ``(effect name, answer)`` in order, and the ways recruits add to choices."""

    def __init__(self, *tables: Mapping[str, Mapping[str, Any]],
                 ways: tuple[Mapping[str, Mapping[str, Way]], ...] = (),
                 kinds: Mapping[str, frozenset[str]] | None = None) -> None:
        answers: dict[str, list[tuple[str, Any]]] = {t: [] for t in (*TRIGGERS, *QUERIES)}
        seen: set[tuple[str, str]] = set()
        for table in tables:
            for effect, entries in table.items():
                for name, answer in entries.items():
                    if name not in answers:
                        raise EngineBug(f"{effect}: unknown trigger or query {name!r}")
                    if (effect, name) in seen:
                        raise EngineBug(f"{effect} answers {name} twice")
                    seen.add((effect, name))
                    answers[name].append((effect, answer))
        self._frozen = {t: tuple(a) for t, a in answers.items()}
        self._kinds = {kind: frozenset(names) for kind, names in (kinds or {}).items()}
        for kind in self._kinds:
            if kind not in KINDS:
                raise EngineBug(f"unknown kind of ability {kind!r}")
        self._ways: dict[str, dict[str, Way]] = {}
        for table in ways:
            for choice, entries in table.items():
                mine = self._ways.setdefault(choice, {})
                for key, way in entries.items():
                    if key in mine:
                        raise EngineBug(f"two ways {key!r} for {choice!r}")
                    mine[key] = way

    def answers(self, trigger: str) -> tuple[tuple[str, Answer], ...]:
        """The answers to ``trigger``, in order."""
        return self._frozen[trigger]

    def replies(self, query: str) -> tuple[tuple[str, Reply], ...]:
        """The replies to ``query``, in order."""
        return self._frozen[query]

    def way(self, choice: str, key: object) -> Way | None:
        """The recruit option ``key`` of ``choice`` (an effect or step name), if a recruit adds it."""
        return self._ways.get(choice, {}).get(str(key))

    def of_kind(self, kind: str) -> frozenset[str]:
        """The effect names of one kind of ability (``KINDS``)."""
        return self._kinds.get(kind, frozenset())

    def effects(self) -> set[str]:
        """Every effect name with at least one answer or reply."""
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
