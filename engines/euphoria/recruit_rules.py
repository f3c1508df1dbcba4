"""Recruits that bend a rule's numbers: the knowledge cap, penalties, yields, tunnels, tracks.

Bok's knowledge cap (IC19), Rowena ignoring market penalties (EU22), Kadan at any exclusive space (IC05),
Zara's solo yield (IC24), Frazer's commodities of choice at the Generator (EU23), Andrew's Subterran tunnel
(SU11) and Steve's star at the end of any non-Euphorian track (EU18).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.core import Game

from .tableau import change_knowledge, data, has_faction, player
from .triggers import Answer, Reply

Ctx = dict[str, Any]
Params = Mapping[str, Any]


def _yes(g: Game, pid: int, rid: str, prm: Params, value: bool, ctx: Ctx) -> bool:
    return True


def _kadan_access(g: Game, pid: int, rid: str, prm: Params, value: bool, ctx: Ctx) -> bool:
    """Kadan the Infiltrator: any completed tunnel's exclusive space, for 2 knowledge (if the track has room)."""
    return value or player(g, pid)["knowledge"] + prm["knowledge"] <= data(g).c["knowledge"]["max"]


def _kadan_pays(g: Game, pid: int, rid: str, prm: Params, ctx: Ctx) -> None:
    if not has_faction(g, pid, ctx["area"]):
        change_knowledge(g, pid, prm["knowledge"])


def _steve(g: Game, pid: int, rid: str, prm: Params, value: list[str], ctx: Ctx) -> list[str]:
    return [*value, rid] if ctx["area"] != "euphoria" else value


TUNNEL_ABILITIES = frozenset({
    "any_exclusive_space", "bump_tunnel_knowledge_for_cost", "free_tunnels", "tunnel_both", "tunnel_dig_extra",
    "tunnel_knowledge_for_resource", "tunnel_royalty", "tunnel_sacrifice", "tunnel_water_payment",
})
"""Recruit abilities that concern tunnels: revealed mid-turn, they work from the next turn (EU-TUNNEL-03, R-16)."""
KINDS = {"tunnel": TUNNEL_ABILITIES}
"""The kinds of ability rules treat alike (``triggers.KINDS``)."""

ABILITIES: dict[str, dict[str, Answer | Reply]] = {
    "knowledge_cap": {"knowledge_max": lambda g, pid, rid, prm, value, ctx: min(value, prm["max"])},
    "ignore_penalties": {"ignores_penalties": _yes},
    "any_exclusive_space": {"exclusive_access": _kadan_access, "exclusive_used": _kadan_pays},
    "solo_yield": {"counts_alone": _yes},
    "generator_any_commodity": {  # the Generator is Euphoria's commodity area
        "yield_choice": lambda g, pid, rid, prm, value, ctx: value or ctx["area"] == "euphoria"},
    "tunnel_both": {"dig_gives_both": lambda g, pid, rid, prm, value, ctx: value or prm["tunnel"] == ctx["area"]},
    "track_end_star": {"end_star_recruits": _steve},
}
"""Replies and answers by recruit effect name."""
