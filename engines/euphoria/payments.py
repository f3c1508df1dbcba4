"""Recruit alternatives to a space's printed cost (Gary, Mwiche, Josh, Chaga, Matthew): chosen as one op."""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects

from .queue import Op, Token, push_front
from .tableau import change_knowledge, change_morale, data, name, player, recruit_effects


def alternatives(g: Game, pid: int, space_id: str, cost: dict[str, int], bumps_other: bool) -> dict[str, dict]:
    """Alternative costs by token for ``pid`` on ``space_id`` (EU-RECRUIT-01: active recruits only)."""
    space = data(g).spaces[space_id]
    out: dict[str, dict] = {}
    resources = data(g).c["resources"]
    for rid, prm in recruit_effects(g, pid, "tank_bliss_cost"):
        if space.kind == "tank":
            out["bliss"] = {"cost": {"bliss": prm["n"]}, "recruit": rid}
    for rid, prm in recruit_effects(g, pid, "tunnel_water_payment"):
        if space.kind == "tunnel":
            out["water"] = {"cost": {"water": prm["water"]}, "recruit": rid, "morale": prm["morale"], "both": True}
    for rid, prm in recruit_effects(g, pid, "bump_tunnel_knowledge_for_cost"):
        k = player(g, pid)["knowledge"] + prm["knowledge"]
        if space.kind == "tunnel" and bumps_other and k <= data(g).c["knowledge"]["max"]:
            out["knowledge"] = {"cost": {}, "recruit": rid, "knowledge": prm["knowledge"]}
    if space.kind == "market":
        for rid, prm in recruit_effects(g, pid, "market_bliss_for_resource"):
            unit = next((r for r in (*resources, "resource") if cost.get(r)), None)
            if unit:
                alt = dict(cost)
                alt[unit] -= 1
                alt["bliss"] = alt.get("bliss", 0) + prm["bliss"]
                out["bliss"] = {"cost": alt, "recruit": rid}
        for rid, prm in recruit_effects(g, pid, "market_commodities_for_artifact"):
            arts = {k: n for k, n in cost.items() if k in data(g).artifact_types or k == "artifact"}
            if arts:
                alt = {k: n for k, n in cost.items() if k not in arts}
                alt["commodity"] = alt.get("commodity", 0) + prm["commodities"]
                out["commodities"] = {"cost": alt, "recruit": rid}
    return out


def payable_alternatives(g: Game, pid: int, space_id: str, cost: dict[str, int], bumps_other: bool) -> dict:
    """The alternatives ``pid`` can pay in full."""
    from .placement import can_pay
    return {t: a for t, a in alternatives(g, pid, space_id, cost, bumps_other).items() if can_pay(g, pid, a["cost"])}


def _alt_run(g: Game, op: Op) -> list[Token]:
    return list(op["options"])


def _alt_pick(g: Game, op: Op, token: Token) -> None:
    from .placement import pay_ops
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
