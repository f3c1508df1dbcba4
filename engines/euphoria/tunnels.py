"""Tunnels: digging, the recruit icon, the exclusive space (EU-TUNNEL-*)."""

from __future__ import annotations

from engines.core import Game, effects

from .allegiance import activate_faction
from .basics import room_pending
from .queue import Op, Token, pending, push
from .tableau import (
    data,
    faction_name,
    fire,
    gain,
    is_automa,
    name,
    penalty_params,
    query,
    tier_bonus,
)


def dig(g: Game, pid: int, area: str, die: int = -1, space_id: str = "") -> None:
    """Move the miner one space if possible, then the reward (EU-TUNNEL-02/03/04/05)."""
    track = data(g).tunnel_track
    tunnel = data(g).tunnels[area]
    pos = g.g["miners"][area]
    if pos < track["end"]:
        g.g["miners"][area] = pos + 1
        g.log(f"The {faction_name(g, area)} miner moves to {pos + 1}.")
        if pos + 1 == track["icon"]:
            activate_faction(g, area, f"the {faction_name(g, area)} miner reached the recruit icon")
        if pos + 1 == track["end"]:
            g.log(f"The {faction_name(g, area)} tunnel is complete: its exclusive space opens.")
    for other in range(len(g.g["players"])):
        if other != pid:  # Youssef the Tunneler: "another player" includes an Automa
            fire(g, "tunnel_dug_by_other", other, resource=tunnel["resource"])
    if is_automa(g, pid):
        return  # EU-AUTOMA-10: only the miner
    fire(g, "tunnel_dug", pid, area=area, die=die, space=space_id, resource=tunnel["resource"])
    paid_both = bool((g.g.get("placing") or {}).get("both"))  # an alternative payment that gives both
    both = tier_bonus(g, pid, area, 2) or query(g, "dig_gives_both", pid, False, area=area) or paid_both
    if both:  # EU-TUNNEL-06
        got = gain(g, pid, tunnel["resource"])
        g.log(f"{name(pid, g)} takes {got} {tunnel['resource']} and an artifact.")
        push(g, {"effect": "artifact", "pid": pid})
    else:
        push(g, {"effect": "tunnel_reward", "pid": pid, "resource": tunnel["resource"]})


def _reward_run(g: Game, op: Op) -> list[Token]:
    return ["resource", "artifact"] if g.g["bazaar"] and any(g.g["bazaar"]) else ["resource"]


def _reward_pick(g: Game, op: Op, token: Token) -> None:
    if token == "artifact":
        push(g, {"effect": "artifact", "pid": op["pid"]})
        pending(g).insert(0, pending(g).pop())
    else:
        got = gain(g, op["pid"], op["resource"])
        if not room_pending(g, op["pid"]):
            g.log(f"{name(op['pid'], g)} takes {got} {op['resource']}.")


def exclusive(g: Game, pid: int, space_id: str) -> None:
    """The exclusive space: the other area's commodity (EU-TUNNEL-04, RECONSTRUCTED amount)."""
    if is_automa(g, pid):
        return
    fire(g, "exclusive_used", pid, area=data(g).spaces[space_id].area)
    minus = penalty_params(g, pid, "commodity_minus_1")
    for good, n in data(g).spaces[space_id].extra["gain"].items():
        if minus:
            n = max(minus["min"], n - minus["minus"])
        got = gain(g, pid, good, n)
        g.log(f"{name(pid, g)} takes {got} {good}.")
        if good in data(g).c["commodities"]:
            fire(g, "yielded", pid, space=space_id, good=good, got=got)  # Gwen the Minerologist


EFFECTS: dict[str, effects.Handler] = {
    "tunnel_reward": effects.Handler(
        _reward_run,
        pick=_reward_pick,
        prompt="Tunnel reward: a resource or an artifact?",
        label=lambda g, op, t: f"Take 1 {op['resource']}" if t == "resource" else "Take an artifact",
        default=lambda g, op, opts: "resource",
    ),
}
"""The effects this module handles, by the name their records carry."""
