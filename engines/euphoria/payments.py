"""Paying for a space: whether a cost can be paid, the ops that pay it, and alternatives to it chosen as one op.

The alternatives come from recruits (query ``space_payments``: Gary, Mwiche, Josh, Chaga, Matthew): each is
``{"cost": {...}, "recruit": id}`` plus optional ``morale``/``knowledge`` changes and ``both`` (the tunnel
then gives its resource and an artifact).
"""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects

from .artifacts import can_spend_types
from .queue import Op, Token, push_front
from .tableau import change_knowledge, change_morale, data, name, player, query


def can_pay(g: Game, pid: int, cost: dict[str, int]) -> bool:
    """Can the cost be paid in full (specific goods first, then any-kind units)?"""
    c = data(g).c
    goods = dict(player(g, pid)["goods"])
    types = {k: n for k, n in cost.items() if k in data(g).artifact_types}
    short: dict[str, int] = {}
    for k, n in cost.items():
        if k in goods:
            if goods[k] < n:
                short[k] = n - goods[k]
                goods[k] = 0
            else:
                goods[k] -= n
    for k, n in short.items():
        sub = next(iter(query(g, "stands_in", pid, (), good=k)), None)
        if sub is None or goods[sub] < n:
            return False  # only a stand-in good may pay what is missing (Brian: food for bliss)
        goods[sub] -= n
    if not can_spend_types(g, pid, types):
        return False
    nonbliss = sum(goods[x] for x in c["commodities"] if x != "bliss")
    if cost.get("nonbliss", 0) > nonbliss:
        return False
    if cost.get("nonbliss", 0) + cost.get("commodity", 0) > sum(goods[x] for x in c["commodities"]):
        return False
    if cost.get("resource", 0) > sum(goods[x] for x in c["resources"]):
        return False
    hand = len(player(g, pid)["artifacts"]) - sum(types.values())
    return cost.get("artifact", 0) <= hand


def pay_ops(g: Game, pid: int, cost: dict[str, int]) -> list[dict[str, Any]]:
    """Ops that pay ``cost``: named goods and artifacts, then the any-kind units."""
    ops: list[dict[str, Any]] = []
    order = [*data(g).c["commodities"], *data(g).c["resources"], "nonbliss", "commodity", "resource"]
    for unit in order:
        ops += [{"effect": "pay", "pid": pid, "unit": unit} for _ in range(cost.get(unit, 0))]
    for kind in data(g).artifact_types:
        ops += [{"effect": "pay_type", "pid": pid, "kind": kind} for _ in range(cost.get(kind, 0))]
    ops += [{"effect": "spend_artifact", "pid": pid} for _ in range(cost.get("artifact", 0))]
    return ops


def alternatives(g: Game, pid: int, space_id: str, cost: dict[str, int], bumps_other: bool) -> dict[str, dict]:
    """Alternative costs by token for ``pid`` on ``space_id`` (EU-RECRUIT-01: active recruits only)."""
    return query(g, "space_payments", pid, {}, space=data(g).spaces[space_id], cost=cost, bumps_other=bumps_other)


def payable_alternatives(g: Game, pid: int, space_id: str, cost: dict[str, int], bumps_other: bool) -> dict:
    """The alternatives ``pid`` can pay in full."""
    return {t: a for t, a in alternatives(g, pid, space_id, cost, bumps_other).items() if can_pay(g, pid, a["cost"])}


def _alt_run(g: Game, op: Op) -> list[Token]:
    return list(op["options"])


def _alt_pick(g: Game, op: Op, token: Token) -> None:
    pid = op["pid"]
    if token == "printed":
        push_front(g, *pay_ops(g, pid, op["cost"]))
        return
    alt: dict[str, Any] = op["alts"][str(token)]
    g.log(f"{name(pid, g)} pays with {data(g).recruits[alt['recruit']].name}'s alternative.")
    push_front(g, *pay_ops(g, pid, alt["cost"]))
    if alt.get("morale"):
        change_morale(g, pid, alt["morale"])
    if alt.get("knowledge"):
        change_knowledge(g, pid, alt["knowledge"])
    if alt.get("both") and g.g.get("placing"):
        g.g["placing"]["both"] = True  # Mwiche the Flusher: resource and artifact


def _alt_label(g: Game, op: Op, token: Token) -> str:
    if token == "printed":
        return f"Pay the printed cost {op['cost']}"
    alt = op["alts"][str(token)]
    return f"Pay {alt['cost'] or 'nothing'} instead ({data(g).recruits[alt['recruit']].name})"


EFFECTS: dict[str, effects.Handler] = {
    "alt_pay": effects.Handler(
        _alt_run,
        pick=_alt_pick,
        label=_alt_label,
        prompt="How do you pay for this space?",
        default=lambda g, op, opts: opts[0],
    ),
}
"""The effects this module handles, by the name their records carry."""
