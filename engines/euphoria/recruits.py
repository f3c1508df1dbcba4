"""Recruit abilities (EU-RECRUIT-*): what the optional ones (asked yes/no) do, keyed by data effect name.

Each recruit in ``data/euphoria/recruits.json`` names an ``effect`` and its amounts (``params``). Abilities
answer the rules' named triggers and queries (``triggers.py``; tables in the ``recruit_*.py`` modules, by
concern: stars, bumps, yields, workers, payments, rules, moves, draws, turns); an optional one queues an
``ask`` whose yes runs ``ASK[effect]`` here. Rule modules name no effect.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.core import Game, effects

from . import recruit_draws, recruit_moves
from .allegiance import activate_faction
from .artifacts import discard_artifact
from .queue import Op, Token, pending, push_front
from .tableau import (
    GONE,
    RUNAWAY,
    change_knowledge,
    change_morale,
    data,
    dice_left,
    gain,
    knowledge_room,
    morale_room,
    name,
    once_used,
    pay_now,
    payable,
    place_star,
    player,
    spend,
    use_once,
)
from .words import fit

_k_room = knowledge_room
_m_room = morale_room


def _prm(g: Game, op: Op) -> dict:
    return dict(data(g).recruits[op["recruit"]].params)


def _know(g: Game, op: Op) -> None:
    """The ability's printed knowledge change."""
    change_knowledge(g, op["pid"], _prm(g, op)["knowledge"])


def _gossip_use(g: Game, op: Op) -> None:
    prm = _prm(g, op)
    change_morale(g, op["pid"], -prm["morale"])
    change_knowledge(g, op["target"], 1)
    follow = {"artifact": {"effect": "artifact", "pid": op["pid"]}}.get(
        prm["gain"], {"effect": "choose_good", "pid": op["pid"], "kind": prm["gain"]})
    push_front(g, follow)


def _sacrifice(g: Game, op: Op) -> None:
    """A sacrificed die goes back to the supply (EU-RECRUIT-03)."""
    player(g, op["pid"])["dice"][op["die"]]["at"] = GONE


def _keep_runaway(price: Callable[[Game, Op], None]) -> Callable[[Game, Op], None]:
    """The worker stays (Amina, Xyon, Dusty): it is available again, then the price is paid."""
    def use(g: Game, op: Op) -> None:
        player(g, op["pid"])["dice"][op["die"]]["at"] = "avail"
        if op["pid"] in g.g["ran_away"]:
            g.g["ran_away"].remove(op["pid"])
        price(g, op)
    return use


def _star_again(g: Game, op: Op) -> None:
    place_star(g, op["pid"], op["location"], area=op.get("area"), chained=True)


ASK: dict[str, tuple[Callable[[Game, Op], bool], Callable[[Game, Op], None]]] = {
    "bump_other_resource_for_morale": (
        lambda g, op: _m_room(g, op["pid"], _prm(g, op)["morale"]),
        lambda g, op: (change_morale(g, op["pid"], -_prm(g, op)["morale"]),
                       push_front(g, {"effect": "choose_good", "pid": op["pid"], "kind": "resource"}))),
    "bump_other_gossip": (lambda g, op: _m_room(g, op["pid"], _prm(g, op)["morale"]), _gossip_use),
    "bumped_artifact_for_morale": (
        lambda g, op: _m_room(g, op["pid"], _prm(g, op)["morale"]),
        lambda g, op: (change_morale(g, op["pid"], -_prm(g, op)["morale"]),
                       push_front(g, {"effect": "artifact", "pid": op["pid"]}))),
    "area_knowledge_for_artifact": (
        lambda g, op: _k_room(g, op["pid"], _prm(g, op)["knowledge"]),
        lambda g, op: (change_knowledge(g, op["pid"], _prm(g, op)["knowledge"]),
                       push_front(g, {"effect": "artifact", "pid": op["pid"]}),
                       _prm(g, op).get("others_gain") and recruit_draws.zong_gifts(g, op["pid"], op["recruit"],
                                                                              _prm(g, op)["others_gain"]))),
    "tunnel_knowledge_for_resource": (
        lambda g, op: _k_room(g, op["pid"], _prm(g, op)["knowledge"]),
        lambda g, op: (_know(g, op), gain(g, op["pid"], op["resource"]))),
    "tunnel_dig_extra": (
        lambda g, op: _k_room(g, op["pid"], _prm(g, op)["knowledge"]),
        lambda g, op: (_know(g, op), _extra_dig(g, op))),
    "site_knowledge_for_artifact": (
        lambda g, op: _k_room(g, op["pid"], _prm(g, op)["knowledge"]),
        lambda g, op: (_know(g, op), push_front(g, {"effect": "artifact", "pid": op["pid"]}))),
    "star_knowledge_for_artifact": (
        lambda g, op: _k_room(g, op["pid"], _prm(g, op)["knowledge"]),
        lambda g, op: (_know(g, op), push_front(g, {"effect": "artifact", "pid": op["pid"]}))),
    "star_knowledge_for_resource": (
        lambda g, op: _k_room(g, op["pid"], _prm(g, op)["knowledge"]),
        lambda g, op: (_know(g, op), push_front(g, {"effect": "choose_good", "pid": op["pid"], "kind": "resource"}))),
    "star_pay_extra_star": (
        lambda g, op: sum(player(g, op["pid"])["goods"][r] for r in data(g).c["resources"]) >= _prm(g, op)["resources"],
        lambda g, op: (_star_again(g, op), push_front(g, *({"effect": "pay", "pid": op["pid"], "unit": "resource"}
                                                            for _ in range(_prm(g, op)["resources"]))))),
    "star_sacrifice_extra_star": (
        lambda g, op: dice_left(g, op["pid"]) >= 2 and player(g, op["pid"])["dice"][op["die"]]["at"] not in
        ("avail", RUNAWAY, "gone"),
        lambda g, op: (_sacrifice(g, op), _star_again(g, op))),
    "tunnel_sacrifice": (
        lambda g, op: dice_left(g, op["pid"]) >= 2 and player(g, op["pid"])["dice"][op["die"]]["at"] == op["space"],
        lambda g, op: (_sacrifice(g, op), _chase(g, op))),
    "double_yield_artifact": (
        lambda g, op: player(g, op["pid"])["goods"][op["good"]] >= op["n"],
        lambda g, op: (spend(g, op["pid"], op["good"], op["n"]),
                       push_front(g, {"effect": "artifact", "pid": op["pid"]}))),
    "keep_runaway_for_bliss": (
        lambda g, op: payable(g, op["pid"], "bliss") >= _prm(g, op)["bliss"] and _is_runaway(g, op),
        _keep_runaway(lambda g, op: pay_now(g, op["pid"], "bliss", _prm(g, op)["bliss"]))),  # stand-ins may pay
    "keep_runaway_for_artifact": (
        lambda g, op: bool(player(g, op["pid"])["artifacts"]) and _k_room(g, op["pid"], _prm(g, op)["knowledge"])
        and _is_runaway(g, op),
        _keep_runaway(lambda g, op: (_know(g, op), push_front(g, {"effect": "spend_artifact", "pid": op["pid"]})))),
    "keep_runaway_for_bat": (
        lambda g, op: "bat" in player(g, op["pid"])["artifacts"] and _is_runaway(g, op),
        _keep_runaway(lambda g, op: discard_artifact(g, op["pid"], "bat"))),
    "yield_for_knowledge": (  # Pmai the Nurse
        lambda g, op: player(g, op["pid"])["goods"][op["good"]] >= 1
        and _k_room(g, op["pid"], _prm(g, op)["knowledge"]),
        lambda g, op: (spend(g, op["pid"], op["good"]), _know(g, op))),
    "commodity_to_resource": (  # Gwen the Minerologist
        lambda g, op: player(g, op["pid"])["goods"][op["good"]] >= 1,
        lambda g, op: (spend(g, op["pid"], op["good"]),
                       push_front(g, {"effect": "choose_good", "pid": op["pid"], "kind": "resource"}))),
    "area_trade": (  # Terri the Bliss Trader
        lambda g, op: player(g, op["pid"])["goods"]["bliss"] >= 1,
        lambda g, op: (spend(g, op["pid"], "bliss"),
                       push_front(g, {"effect": "choose_good", "pid": op["pid"], "kind": "nonbliss"}))),
    "area_swap": (  # Ha-Joon the Cold Trader: once per turn
        lambda g, op: not once_used(g, op["recruit"])
        and sum(player(g, op["pid"])["goods"][c] for c in data(g).c["commodities"]) >= 1,
        lambda g, op: (use_once(g, op["recruit"]), push_front(g, {"effect": "swap", "pid": op["pid"]}))),
    "reader_swap": (  # Pamhidzai the Reader
        lambda g, op: op["card"] in player(g, op["pid"])["artifacts"],
        lambda g, op: (_discard(g, op["pid"], op["card"]),
                       push_front(g, *({"effect": "choose_good", "pid": op["pid"], "kind": "commodity"}
                                       for _ in range(_prm(g, op)["commodities"]))))),
    "new_worker_knowledge_for_artifact": (  # Pete the Cannibal (first part)
        lambda g, op: _k_room(g, op["pid"], _prm(g, op)["knowledge"]),
        lambda g, op: (_know(g, op), push_front(g, {"effect": "artifact", "pid": op["pid"]}))),
    "farm_sacrifice": (  # Pete the Cannibal (second part)
        lambda g, op: dice_left(g, op["pid"]) >= 2 and player(g, op["pid"])["dice"][op["die"]]["at"] == op["space"],
        lambda g, op: (_sacrifice(g, op), gain(g, op["pid"], "food", _prm(g, op)["food"]),
                       change_morale(g, op["pid"], _prm(g, op)["morale"]))),
    "new_worker_morale_for_artifact": (  # Dr. Sheppard the Lobotomist (second part)
        lambda g, op: _m_room(g, op["pid"], _prm(g, op)["morale"]),
        lambda g, op: (change_morale(g, op["pid"], -_prm(g, op)["morale"]),
                       push_front(g, {"effect": "artifact", "pid": op["pid"]}))),
    "gambler": (recruit_draws.gambler_allowed, recruit_draws.gambler_use),
    "visit_peek_artifacts": (recruit_draws.bradley_allowed, recruit_draws.bradley_use),
    "new_worker_spy": (recruit_draws.spy_allowed, recruit_draws.spy_use),
    "repeat_placement": (recruit_moves.repeat_allowed, recruit_moves.repeat_use),
}
ALIASES = {"cannibal": ("new_worker_knowledge_for_artifact", "farm_sacrifice"),
           "retrieve_sacrifice_bliss": ("new_worker_morale_for_artifact",)}
"""Recruits whose card holds several abilities: the parts the engine asks about."""
IMPLEMENTED = frozenset(ASK) | frozenset(ALIASES)
"""Effects with a yes/no part carried out here (besides their trigger answers, the engine's ``abilities.effects()``)."""


def _discard(g: Game, pid: int, card: str) -> None:
    discard_artifact(g, pid, card)


def _is_runaway(g: Game, op: Op) -> bool:
    return player(g, op["pid"])["dice"][op["die"]]["at"] == RUNAWAY


def _chase(g: Game, op: Op) -> None:
    """Chase the Miner: 2 of the tunnel's resource instead of the one reward (never 1 resource + an artifact)."""
    queue = pending(g)
    reward = next((o for o in queue if o["effect"] == "tunnel_reward" and o["pid"] == op["pid"]), None)
    if reward is not None:
        queue.remove(reward)
    got = gain(g, op["pid"], op["resource"], 2 if reward is not None else 1)
    g.log(f"{name(op['pid'], g)} takes {got} {op['resource']} instead of the tunnel reward (Chase the Miner).")


def _extra_dig(g: Game, op: Op) -> None:
    """Professor Reitz / Major Dave: one more miner space and one more reward item."""
    track, area = data(g).tunnel_track, op["tunnel"]
    if g.g["miners"][area] < track["end"]:
        g.g["miners"][area] += 1
        if g.g["miners"][area] == track["icon"]:
            activate_faction(g, area, "the miner reached the recruit icon")
    gained = _prm(g, op)["gain"]
    if gained == "artifact":
        push_front(g, {"effect": "artifact", "pid": op["pid"]})
    else:
        gain(g, op["pid"], gained)


def ask_allowed(g: Game, op: Op) -> bool:
    """Can the optional ability still be used and paid (EU-RECRUIT-06)?"""
    effect = op.get("part") or data(g).recruits[op["recruit"]].effect
    return effect in ASK and ASK[effect][0](g, op)


def use_ability(g: Game, op: Op) -> None:
    """Carry out an optional ability the player said yes to (once per trigger, EU-RECRUIT-02)."""
    recruit = data(g).recruits[op["recruit"]]
    g.log(f"{name(op['pid'], g)} uses {recruit.name}.")
    ASK[op.get("part") or recruit.effect][1](g, op)


def _tribute_run(g: Game, op: Op) -> list[Token] | None:
    if player(g, op["pid"])["kind"] == "automa":
        return None
    goods = player(g, op["pid"])["goods"]
    return [r for r in data(g).c["resources"] if goods[r] > 0] or None


def _tribute_pick(g: Game, op: Op, token: Token) -> None:
    spend(g, op["pid"], str(token))
    gain(g, op["to"], str(token))
    g.log(f"{name(op['pid'], g)} hands 1 {token} to {name(op['to'], g)} (Khaleef the Bruiser).")


def _swap_run(g: Game, op: Op) -> list[Token] | None:
    goods = player(g, op["pid"])["goods"]
    return [c for c in data(g).c["commodities"] if goods[c] > 0] or None


def _swap_pick(g: Game, op: Op, token: Token) -> None:
    """Ha-Joon the Cold Trader: the commodity given away, then 1 of another type."""
    spend(g, op["pid"], str(token))
    g.log(f"{name(op['pid'], g)} gives 1 {token} (Ha-Joon the Cold Trader).")
    push_front(g, {"effect": "choose_good", "pid": op["pid"], "kind": "commodity",
                   "goods": [c for c in data(g).c["commodities"] if c != token]})


def _bonus_run(g: Game, op: Op) -> list[Token]:
    return [op["good"], op["alt"]]


def _bonus_pick(g: Game, op: Op, token: Token) -> None:
    if token == "knowledge":
        change_knowledge(g, op["pid"], -1)
    elif token == "morale":
        change_morale(g, op["pid"], 1)
    else:
        gain(g, op["pid"], str(token))
    g.log(f"{name(op['pid'], g)} takes the recruit bonus: {token}.")


def _bonus_label(g: Game, op: Op, token: Token) -> str:
    return {"knowledge": "Knowledge −1", "morale": "Morale +1"}.get(str(token), f"Take 1 {token}")


def _ask_run(g: Game, op: Op) -> list[Token] | None:
    return ["yes", "no"] if ask_allowed(g, op) else None


def _ask_pick(g: Game, op: Op, token: Token) -> None:
    if token == "yes":
        use_ability(g, op)


def _ask_label(g: Game, op: Op, token: Token) -> str:
    r = data(g).recruits[op["recruit"]]
    return fit(f"Use {r.name}: {r.text.replace('**', '')}") if token == "yes" else f"Do not use {r.name}"


EFFECTS: dict[str, effects.Handler] = {
    "ask": effects.Handler(
        _ask_run,
        pick=_ask_pick,
        label=_ask_label,
        prompt="Use your recruit's ability?",
        default=lambda g, op, opts: "no",
        auto_single=False,
    ),
    "tribute": effects.Handler(
        _tribute_run,
        pick=_tribute_pick,
        prompt="Khaleef the Bruiser: hand over 1 resource.",
        label=lambda g, op, t: f"Hand over 1 {t}",
    ),
    "swap": effects.Handler(
        _swap_run,
        pick=_swap_pick,
        prompt="Ha-Joon the Cold Trader: which commodity do you swap away?",
        label=lambda g, op, t: f"Give 1 {t}",
    ),
    "bonus": effects.Handler(
        _bonus_run,
        pick=_bonus_pick,
        label=_bonus_label,
        prompt="Your recruit's bonus: choose one.",
        auto_single=False,
    ),
}
"""The effects this module handles, by the name their records carry."""
