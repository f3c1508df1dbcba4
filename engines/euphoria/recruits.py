"""Recruit abilities (EU-RECRUIT-*): optional ones asked as yes/no, passive ones hooked where they apply.

Each recruit in ``data/euphoria/recruits.json`` names an ``effect`` and its amounts (``params``).
``IMPLEMENTED`` lists the effects the engine carries out (every recruit's, a test checks it); the hooks
live here or in the module of the rule they change: ``moves`` (bumps and moved workers), ``draws``
(artifact abilities), ``bribes`` (penalty bribes), ``turn_extras`` (once-per-turn actions), ``retrieval``.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

from engines.core import Game, effects

from .queue import Op, Token, push, push_front
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
    pay_now,
    payable,
    player,
    recruit_effects,
    spend,
)

PASSIVE = frozenset({
    "wild_artifact", "knowledge_cap", "star_knowledge_drop", "artmarket_star_morale", "artmarket_star_goods",
    "ignore_penalties", "runaway_morale", "area_extra", "crowded_farm_artifact", "solo_yield", "tunnel_royalty",
    "tunnel_both", "free_tunnels", "built_market_mood", "built_market_artifact", "visit_area_bonus", "bumped_morale",
    "self_bump_resource", "bear_bonus", "three_artifacts_goods", "bazaar_discount", "track_end_star",
    "free_retrieve_no_loss", "retrieve_resource", "retrieve_commodity_per_area_worker", "retrieve_from_area_bonus",
    "most_pips_bonus", "aquifer_choice", "runaway_gain", "generator_any_commodity", "bumped_hacker",
    "bump_other_tribute", "site_any_resource", "site_commodities", "site_artifact", "any_exclusive_space",
    "bliss_retrieve_knowledge", "retrieve_with_energy", "artmarket_bliss_payment", "tank_bliss_cost",
    "tunnel_water_payment", "bump_tunnel_knowledge_for_cost", "market_bliss_for_resource",
    "market_commodities_for_artifact",
})
HOOKED = frozenset({
    "bumped_set_face", "area_bump_other", "balloon_move", "retrieve_sacrifice_bliss", "retrieve_set_one",
    "retrieve_commodity_areas_only", "ignore_penalty_for_cost", "extra_placement", "clay_trade", "storyteller",
    "hermit", "gold_gift_artifacts", "star_discard_artifact", "oracle_peek", "artmarket_single", "site_sacrifice",
    "food_for_bliss",
})
"""Abilities with their own prompts or hooks (moves, draws, bribes, turn_extras, retrieval, placement)."""


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


def _keep_runaway(g: Game, op: Op) -> None:
    player(g, op["pid"])["dice"][op["die"]]["at"] = "avail"
    if op["pid"] in g.g["ran_away"]:
        g.g["ran_away"].remove(op["pid"])
    effect = data(g).recruits[op["recruit"]].effect
    if effect == "keep_runaway_for_bliss":
        pay_now(g, op["pid"], "bliss", _prm(g, op)["bliss"])  # Brian may pay food
    elif effect == "keep_runaway_for_bat":
        from .artifacts import discard_artifact
        discard_artifact(g, op["pid"], "bat")
    else:
        _know(g, op)
        push_front(g, {"effect": "spend_artifact", "pid": op["pid"]})


def _star_again(g: Game, op: Op) -> None:
    from .tableau import place_star
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
                       _prm(g, op).get("others_gain") and _draws().zong_gifts(g, op["pid"], op["recruit"],
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
        lambda g, op: (_sacrifice(g, op), gain(g, op["pid"], op["resource"]))),
    "double_yield_artifact": (
        lambda g, op: player(g, op["pid"])["goods"][op["good"]] >= op["n"],
        lambda g, op: (spend(g, op["pid"], op["good"], op["n"]),
                       push_front(g, {"effect": "artifact", "pid": op["pid"]}))),
    "keep_runaway_for_bliss": (
        lambda g, op: payable(g, op["pid"], "bliss") >= _prm(g, op)["bliss"] and _is_runaway(g, op),
        _keep_runaway),
    "keep_runaway_for_artifact": (
        lambda g, op: bool(player(g, op["pid"])["artifacts"]) and _k_room(g, op["pid"], _prm(g, op)["knowledge"])
        and _is_runaway(g, op),
        _keep_runaway),
    "keep_runaway_for_bat": (
        lambda g, op: "bat" in player(g, op["pid"])["artifacts"] and _is_runaway(g, op), _keep_runaway),
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
    "area_swap": (  # Ha-Joon the Cold Trader
        lambda g, op: sum(player(g, op["pid"])["goods"][c] for c in data(g).c["commodities"]) >= 1,
        lambda g, op: push_front(g, {"effect": "pay", "pid": op["pid"], "unit": "commodity"},
                                 {"effect": "choose_good", "pid": op["pid"], "kind": "commodity"})),
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
    "gambler": (lambda g, op: _draws().gambler_allowed(g, op), lambda g, op: _draws().gambler_use(g, op)),
    "visit_peek_artifacts": (lambda g, op: _draws().bradley_allowed(g, op), lambda g, op: _draws().bradley_use(g, op)),
    "new_worker_spy": (lambda g, op: _draws().spy_allowed(g, op), lambda g, op: _draws().spy_use(g, op)),
    "repeat_placement": (lambda g, op: _moves().repeat_allowed(g, op), lambda g, op: _moves().repeat_use(g, op)),
}
ALIASES = {"cannibal": ("new_worker_knowledge_for_artifact", "farm_sacrifice"),
           "retrieve_sacrifice_bliss": ("new_worker_morale_for_artifact",)}
"""Recruits whose card holds several abilities: the parts the engine asks about."""
IMPLEMENTED = PASSIVE | HOOKED | frozenset(ASK) | frozenset(ALIASES)


def _draws() -> ModuleType:
    """The draws module (imported late: it imports this one)."""
    from . import draws
    return draws


def _moves() -> ModuleType:
    """The moves module (imported late: it imports this one)."""
    from . import moves
    return moves


def _discard(g: Game, pid: int, card: str) -> None:
    from .artifacts import discard_artifact
    discard_artifact(g, pid, card)


def _is_runaway(g: Game, op: Op) -> bool:
    return player(g, op["pid"])["dice"][op["die"]]["at"] == RUNAWAY


def _extra_dig(g: Game, op: Op) -> None:
    """Professor Reitz / Major Dave: one more miner space and one more reward item."""
    from .allegiance import activate_faction
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


def offer(g: Game, pid: int, effect: str, **ctx: object) -> None:
    """Queue a yes/no question for every active recruit of ``pid`` with ``effect`` (or a part of one)."""
    for rid, _ in recruit_effects(g, pid, effect):
        push(g, {"effect": "ask", "pid": pid, "recruit": rid, **ctx})
    for card, parts in ALIASES.items():
        if effect in parts:
            for rid, _ in recruit_effects(g, pid, card):
                push(g, {"effect": "ask", "pid": pid, "recruit": rid, "part": effect, **ctx})


def after_retrieval(g: Game, pid: int, spaces: list[str]) -> list[Op]:
    """Ops for recruits that react to retrieving (Jeroen, Christine, Maggie)."""
    ops: list[Op] = []
    for _, prm in recruit_effects(g, pid, "retrieve_resource"):
        ops += [{"effect": "choose_good", "pid": pid, "kind": "resource"}] * prm["n"]
    if recruit_effects(g, pid, "retrieve_commodity_per_area_worker"):
        n = sum(1 for s in spaces if data(g).spaces[s].kind == "production")
        ops += [{"effect": "choose_good", "pid": pid, "kind": "commodity"}] * n
    for _, prm in recruit_effects(g, pid, "retrieve_from_area_bonus"):
        if spaces and all(data(g).spaces[s].area == prm["area"] for s in spaces):
            ops.append({"effect": "choose_good", "pid": pid, "kind": prm["area"]})
    return [dict(o) for o in ops]


def bump_hooks(g: Game, pid: int, owner: int) -> None:
    """Abilities triggered by bumping another player's worker, after the bump (EU-RECRUIT-07)."""
    for _, prm in recruit_effects(g, owner, "bumped_morale"):
        push(g, {"effect": "morale", "pid": owner, "n": prm["n"]})
    for _, prm in recruit_effects(g, owner, "bumped_hacker"):
        change_morale(g, owner, prm["morale"])
        change_knowledge(g, pid, prm["knowledge"])
    offer(g, owner, "bumped_artifact_for_morale")
    offer(g, pid, "bump_other_resource_for_morale", target=owner)
    offer(g, pid, "bump_other_gossip", target=owner)
    if recruit_effects(g, pid, "bump_other_tribute"):
        push(g, {"effect": "tribute", "pid": owner, "to": pid})


def _tribute_run(g: Game, op: Op) -> list[Token] | None:
    if player(g, op["pid"])["kind"] == "automa":
        return None
    goods = player(g, op["pid"])["goods"]
    return [r for r in data(g).c["resources"] if goods[r] > 0] or None


def _tribute_pick(g: Game, op: Op, token: Token) -> None:
    spend(g, op["pid"], str(token))
    gain(g, op["to"], str(token))
    g.log(f"{name(op['pid'], g)} hands 1 {token} to {name(op['to'], g)} (Khaleef the Bruiser).")


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


def production_hooks(g: Game, pid: int, space_id: str, die: int, got: int) -> None:
    """Recruits that react to a commodity-area placement (EU-RECRUIT-04: strict highest only)."""
    area = data(g).spaces[space_id].area
    good = data(g).area_info[area]["commodity"]
    mine = player(g, pid)["dice"][die]["pips"]
    from .tableau import occupants
    others = [g.g["players"][o]["dice"][i]["pips"] for o, i in occupants(g, space_id) if (o, i) != (pid, die)]
    for _, prm in recruit_effects(g, pid, "most_pips_bonus"):
        if prm["area"] == area and all(mine > x for x in others):
            push(g, {"effect": "bonus", "pid": pid, "good": prm["good"], "alt": prm["alt"]})
    if area == "subterra" and recruit_effects(g, pid, "aquifer_choice"):
        push(g, {"effect": "bonus", "pid": pid, "good": "water", "alt": "morale"})
    for rid, prm in recruit_effects(g, pid, "area_knowledge_for_artifact"):
        if prm["area"] == area:
            push(g, {"effect": "ask", "pid": pid, "recruit": rid})
    if got == max(row["goods"] for row in data(g).production):
        offer(g, pid, "double_yield_artifact", good=good, n=got)  # Joseph the Antiquer: "2 commodities"
    if got >= 1:
        offer(g, pid, "yield_for_knowledge", good=good)
        offer(g, pid, "commodity_to_resource", good=good)
        offer(g, pid, "area_swap")
    if area == "icarus":
        offer(g, pid, "area_trade")
    if area == "wastelands":
        offer(g, pid, "farm_sacrifice", die=die, space=space_id)


EFFECTS: dict[str, effects.Handler] = {
    "tribute": effects.Handler(
        _tribute_run,
        pick=_tribute_pick,
        prompt="Khaleef the Bruiser: hand over 1 resource.",
        label=lambda g, op, t: f"Hand over 1 {t}",
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
