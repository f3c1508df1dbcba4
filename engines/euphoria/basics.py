"""The basic effects every rule uses: paying, handing in, taking goods, the hand limit, yes/no abilities.

Records look like ``{"effect": "pay", "pid": 0, "unit": "resource"}``; the queue is the core's
(``engines.core.effects``, via ``queue``).
"""

from __future__ import annotations

from engines.core import Game, effects

from .artifacts import discard_artifact
from .payments import can_pay
from .queue import Op, Token, pending, push_front
from .tableau import change_morale, data, gain, name, player, query, spend


# -- goods ---------------------------------------------------------------------------------
def unit_goods(g: Game, unit: str) -> list[str]:
    """Goods that can pay one ``unit`` (commodity, nonbliss, resource or a named good)."""
    c = data(g).c
    if unit == "commodity":
        return list(c["commodities"])
    if unit == "nonbliss":
        return [x for x in c["commodities"] if x != "bliss"]
    if unit == "resource":
        return list(c["resources"])
    if unit == "any":
        return [*c["commodities"], *c["resources"]]
    if unit in data(g).area_info:
        info = data(g).area_info[unit]
        return [x for x in (info["commodity"], info["resource"]) if x]
    return [unit]


def most_held(g: Game, pid: int, options: list[Token]) -> Token:
    """Default pick: the good held most of (ties: fixed order energy … clay; spec 6.5)."""
    goods = player(g, pid)["goods"]
    return max(options, key=lambda o: (goods.get(str(o), 0), -options.index(o)))


def _pay_run(g: Game, op: Op) -> list[Token] | None:
    pid = op["pid"]
    goods = player(g, pid)["goods"]
    units = unit_goods(g, op["unit"])
    for stand_in in query(g, "stands_in", pid, (), good=op["unit"]):
        if stand_in not in units:
            units = [*units, stand_in]
    options = [x for x in units if goods[x] > 0]
    if len(options) > 1:
        rest = _rest_cost(g, pid)
        options = [x for x in options if _still_payable(g, pid, x, rest)] or options
    return options or None


def _rest_cost(g: Game, pid: int) -> dict[str, int]:
    """The rest of the payment under way: the ``pay`` ops of ``pid`` queued right behind this one."""
    rest: dict[str, int] = {}
    for later in pending(g):
        if later["effect"] != "pay" or later["pid"] != pid:
            break
        rest[later["unit"]] = rest.get(later["unit"], 0) + 1
    return rest


def _still_payable(g: Game, pid: int, good: str, rest: dict[str, int]) -> bool:
    """Would the rest of the payment stay payable after paying ``good`` now?"""
    if not rest:
        return True
    goods = player(g, pid)["goods"]
    goods[good] -= 1
    try:
        return can_pay(g, pid, rest)
    finally:
        goods[good] += 1


def _pay_pick(g: Game, op: Op, token: Token) -> None:
    spend(g, op["pid"], str(token))
    g.log(f"{name(op['pid'], g)} pays 1 {token}.")
    placing = g.g.get("placing")
    if op["unit"] != token and op["unit"] in data(g).c["commodities"] and placing and placing["pid"] == op["pid"]:
        placing["stand_in"] = True  # a stand-in good paid for a named one (query ``substitute_track``)


def _lose_run(g: Game, op: Op) -> list[Token] | None:
    goods = player(g, op["pid"])["goods"]
    return [x for x in (*data(g).c["commodities"], *data(g).c["resources"]) if goods[x] > 0] or None


def _lose_pick(g: Game, op: Op, token: Token) -> None:
    spend(g, op["pid"], str(token))
    g.log(f"{name(op['pid'], g)} hands in 1 {token} ({op.get('why', 'penalty')}).")


def _good_run(g: Game, op: Op) -> list[Token] | None:
    if player(g, op["pid"])["kind"] == "automa":
        return None
    return list(op["goods"]) if "goods" in op else unit_goods(g, op["kind"])


def _good_pick(g: Game, op: Op, token: Token) -> None:
    got = gain_good(g, op["pid"], str(token), op.get("n", 1))
    if not room_pending(g, op["pid"]):
        g.log(f"{name(op['pid'], g)} takes {got} {token}.")


def room_pending(g: Game, pid: int) -> bool:
    """Did the last gain wait for the Palace's "discard first" choice (it logs the gain itself)?"""
    ops = pending(g)
    return bool(ops) and ops[0]["effect"] == "room" and ops[0]["pid"] == pid


def gain_good(g: Game, pid: int, good: str, n: int) -> int:
    """Gain goods (via tableau, imported late to keep this module small)."""
    return gain(g, pid, good, n)


# -- hand limit (EU-MORALE-02/03) ----------------------------------------------------------
def _limit_run(g: Game, op: Op) -> list[Token] | None:
    p = player(g, op["pid"])
    if p["kind"] == "automa" or len(p["artifacts"]) <= p["morale"]:
        return None
    return sorted(set(p["artifacts"]), key=data(g).artifact_types.index)


def _limit_pick(g: Game, op: Op, token: Token) -> None:
    discard_artifact(g, op["pid"], str(token))
    g.log(f"{name(op['pid'], g)} discards a {data(g).artifact_names[str(token)]} (hand limit = morale).")
    push_front(g, {"effect": "hand_limit", "pid": op["pid"]})


# -- optional abilities -------------------------------------------------------------------


def _morale_run(g: Game, op: Op) -> None:
    change_morale(g, op["pid"], op["n"])


EFFECTS: dict[str, effects.Handler] = {
    "pay": effects.Handler(
        _pay_run,
        pick=_pay_pick,
        label=lambda g, op, t: f"Pay 1 {t}",
        prompt="Choose what to pay.",
        default=lambda g, op, opts: most_held(g, op["pid"], opts),
    ),
    "lose_item": effects.Handler(
        _lose_run,
        pick=_lose_pick,
        label=lambda g, op, t: f"Hand in 1 {t}",
        prompt="A market penalty: hand in 1 commodity or resource.",
        default=lambda g, op, opts: most_held(g, op["pid"], opts),
    ),
    "choose_good": effects.Handler(
        _good_run,
        pick=_good_pick,
        label=lambda g, op, t: f"Take 1 {t}",
        prompt="Choose what to take.",
        default=lambda g, op, opts: min(opts, key=lambda o: player(g, op["pid"])["goods"][str(o)]),
    ),
    "hand_limit": effects.Handler(
        _limit_run,
        pick=_limit_pick,
        prompt="Over your hand limit (morale): discard an artifact.",
        label=lambda g, op, t: f"Discard a {data(g).artifact_names[str(t)]}",
        default=lambda g, op, opts: max(opts, key=lambda t: player(g, op["pid"])["artifacts"].count(t)),
    ),
    "morale": effects.Handler(_morale_run),
}
"""The effects this module handles, by the name their records carry."""
