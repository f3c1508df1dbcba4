"""Market penalties with a way out: bribes (Lieve the Briber IC13, Lionel the Cook WA17) and the Palace's room.

A bribe pays the recruit's price to ignore one market penalty for one placement. It is required when the
placement is only legal that way (one blocking penalty lifted), otherwise offered as an optional choice
among the penalties the player suffers that can still matter after placing. ``g.g["ignored"]`` holds the
bribed penalty until the placement ends (``placed`` op); ``penalty_markets`` honours it.
"""

from __future__ import annotations

from engines.core import Game, effects

from .placement import BLOCKING, bribe_offer, forced_bribe, place_worker
from .queue import Op, Token, push_front
from .tableau import data, gain, has_penalty, name, payable, penalty_params, player, spend
from .words import fit

ONLY_BLOCKING = BLOCKING - {"self_bump_needs_low_knowledge"}
"""Penalties that only forbid placements: once the placement is legal, ignoring them changes nothing."""


def optional_keys(g: Game, pid: int) -> list[str]:
    """Penalties ``pid`` suffers now that a bribe could still usefully lift for a legal placement."""
    keys = {data(g).markets[t].penalty for t in g.g["built"].values()} - ONLY_BLOCKING - {"no_recruit_abilities"}
    return sorted(k for k in keys if has_penalty(g, pid, k))


def bribe_ops(g: Game, pid: int, space_id: str, extra: bool) -> list[Op]:
    """The bribe question before a placement (empty when there is nothing to bribe or no price to pay)."""
    if not g.g["built"]:
        return []
    offer = bribe_offer(g, pid)
    if offer is None:
        return []
    forced = forced_bribe(g, pid, space_id, extra)
    keys = [forced] if forced else optional_keys(g, pid)
    if not keys:
        return []
    return [{"effect": "bribe", "pid": pid, "recruit": offer[0], "keys": keys, "forced": bool(forced)}]


def begin_placement(g: Game, pid: int, die: int, space_id: str, extra: bool = False) -> None:
    """A human placement: first an optional (or required) penalty bribe, then the placement itself."""
    g.g["ignored"] = None
    ops = bribe_ops(g, pid, space_id, extra)
    if ops:
        push_front(g, *ops, {"effect": "place", "pid": pid, "die": die, "space": space_id})
    else:
        place_worker(g, pid, die, space_id)


def bribe_note(g: Game, pid: int, space_id: str, extra: bool) -> str:
    """A label suffix when placing on ``space_id`` needs a bribe, else ""."""
    offer = bribe_offer(g, pid) if g.g["built"] else None
    key = forced_bribe(g, pid, space_id, extra) if offer else None
    if not key:
        return ""
    return f" (pay {offer[1]['n']} {offer[1]['good']} to ignore {market_of(g, key)})"


def market_of(g: Game, key: str) -> str:
    """The name of the market tile whose penalty is ``key``."""
    return next(m.name for m in data(g).markets.values() if m.penalty == key)


def _bribe_run(g: Game, op: Op) -> list[Token] | None:
    prm = data(g).recruits[op["recruit"]].params
    if payable(g, op["pid"], prm["good"]) < prm["n"]:
        return None
    return list(op["keys"]) if op["forced"] else ["no", *op["keys"]]


def _bribe_pick(g: Game, op: Op, token: Token) -> None:
    if token == "no":
        return
    pid = op["pid"]
    prm = data(g).recruits[op["recruit"]].params
    push_front(g, *({"effect": "pay", "pid": pid, "unit": prm["good"]} for _ in range(prm["n"])))
    g.g["ignored"] = {"pid": pid, "key": str(token)}
    g.log(f"{name(pid, g)} pays {prm['n']} {prm['good']} to ignore the penalty of {market_of(g, str(token))} "
          f"for this placement ({data(g).recruits[op['recruit']].name}).")


def _bribe_label(g: Game, op: Op, token: Token) -> str:
    if token == "no":
        return "Pay no bribe"
    prm = data(g).recruits[op["recruit"]].params
    return fit(f"Pay {prm['n']} {prm['good']}: ignore {market_of(g, str(token))}")


# -- Palace of Forced Altruism: discard resources first to make room -----------------------------
def _room(g: Game, op: Op) -> tuple[int, dict[str, int]]:
    """``(room left under the cap, resources held)``; room is large when the penalty does not apply."""
    goods = player(g, op["pid"])["goods"]
    held = {r: goods[r] for r in data(g).c["resources"] if goods[r]}
    cap = penalty_params(g, op["pid"], "resource_cap_3")
    return (cap["cap"] - sum(held.values()) if cap else op["n"]), held


def _room_take(g: Game, op: Op) -> None:
    got = gain(g, op["pid"], op["good"], op["n"], room_asked=True)
    g.log(f"{name(op['pid'], g)} takes {got} {op['good']}.")


def _room_run(g: Game, op: Op) -> list[Token] | None:
    room, held = _room(g, op)
    if op["n"] <= room or not held:
        _room_take(g, op)
        return None
    return ["keep", *held]


def _room_pick(g: Game, op: Op, token: Token) -> None:
    if token == "keep":
        _room_take(g, op)
        return
    spend(g, op["pid"], str(token))
    g.log(f"{name(op['pid'], g)} discards 1 {token} to make room (Palace of Forced Altruism).")
    push_front(g, dict(op))


def _room_label(g: Game, op: Op, token: Token) -> str:
    if token == "keep":
        return f"Take only what fits ({max(0, min(op['n'], _room(g, op)[0]))} of {op['n']} {op['good']})"
    return f"Discard 1 {token} first to make room"


EFFECTS: dict[str, effects.Handler] = {
    "bribe": effects.Handler(
        _bribe_run,
        pick=_bribe_pick,
        label=_bribe_label,
        default=lambda g, op, opts: opts[0],
        prompt="Pay to ignore one market penalty for this placement?",
    ),
    "room": effects.Handler(
        _room_run,
        pick=_room_pick,
        label=_room_label,
        auto_single=False,
        default=lambda g, op, opts: "keep",
        prompt="Palace of Forced Altruism: you may discard resources first to make room.",
    ),
}
"""The effects this module handles, by the name their records carry."""
