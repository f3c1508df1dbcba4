"""Placing a worker: which spaces are legal, paying, bumping (EU-PLACE-*, EU-SPACE-*)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from engines.core import Game, effects

from .artifacts import artmarket_options
from .knowledge import roll_workers
from .payments import can_pay, pay_ops, payable_alternatives
from .queue import push
from .tableau import (
    change_knowledge,
    data,
    fire,
    has_faction,
    has_penalty,
    name,
    occupants,
    on_board,
    penalty_params,
    player,
    query,
    recruit_way,
    spend,
)

BLOCKING = frozenset({
    "no_icarus", "one_per_commodity_area", "no_visit_without_star", "no_shared_sites", "no_self_bump",
    "self_bump_needs_low_knowledge", "no_first_star", "no_place_with_six", "max_two_on_board", "one_worker_per_turn",
})
"""Penalties that can make a placement illegal (a bribe may lift one of them for that placement)."""


def space_cost(g: Game, pid: int, space_id: str, occ: list[tuple[int, int]] | None = None) -> dict[str, int]:
    """What placing on ``space_id`` costs ``pid`` (EU-PLACE-01; tiles for built markets); ``occ``: its
    occupants when the caller knows them."""
    space = data(g).spaces[space_id]
    if space.kind == "market":
        cost = dict(data(g).markets[g.g["built"][space.extra["site"]]].cost)
    else:
        cost = query(g, "space_cost", pid, dict(space.cost), space=space)
    occ = occupants(g, space_id) if occ is None else occ
    if space.type != "shared" and occ and occ[0][0] == pid:
        fee = penalty_params(g, pid, "self_bump_fee")
        if fee:
            cost["commodity"] = cost.get("commodity", 0) + fee["commodity"]
    return cost


def star_location(g: Game, space_id: str) -> str | None:
    """Where a star goes when placing here, if the space gives one."""
    space = data(g).spaces[space_id]
    if space.kind == "artmarket":
        return f"artmarket:{space.area}"
    if space.kind == "nimbus_loft":
        return "nimbus_loft"
    if space.kind == "market":
        return f"market:{space.extra['site']}"
    return None


def global_blockers(g: Game, pid: int, pen: set[str] | frozenset[str], extra: bool = False) -> list[str]:
    """Penalties in ``pen`` that forbid any placement now (Spring, Bureau; Fountain for an extra worker)."""
    out = []
    if "no_place_with_six" in pen:
        dice = player(g, pid)["dice"]
        if any(dice[i]["pips"] == 6 for i in on_board(g, pid)):
            out.append("no_place_with_six")
    if "max_two_on_board" in pen and len(on_board(g, pid)) >= penalty_params(g, pid, "max_two_on_board")["max"]:
        out.append("max_two_on_board")
    if extra and "one_worker_per_turn" in pen:
        out.append("one_worker_per_turn")  # EU-PLACE-06 Fountain of Wishful Thinking
    return out


class _Look:
    """What one legality pass needs, computed once: occupancy, the player's penalties, a bribe on offer."""

    def __init__(self, g: Game, pid: int) -> None:
        self.occ: dict[str, list[tuple[int, int]]] = {}
        for other, p in enumerate(g.g["players"]):
            for i, d in enumerate(p["dice"]):
                self.occ.setdefault(d["at"], []).append((other, i))
        self.paid: dict[tuple, bool] = {}
        self.alts: dict[str, bool] = {}
        self.art: bool | None = None
        keys = {data(g).markets[t].penalty for t in g.g["built"].values()}
        self.penalties = {key for key in keys if has_penalty(g, pid, key)}
        self.extra: dict[str, int] | None = None
        self.bribe = None
        if self.penalties & BLOCKING:
            self.bribe = bribe_offer(g, pid)

    def without(self, key: str) -> _Look:
        """This pass with penalty ``key`` bribed away: it no longer applies, the bribe is added to every cost."""
        other = copy.copy(self)
        other.paid, other.alts = {}, {}
        other.penalties = self.penalties - {key}
        other.extra = {self.bribe[1]["good"]: self.bribe[1]["n"]}
        other.bribe = None
        return other

    def can_pay(self, g: Game, pid: int, cost: dict[str, int]) -> bool:
        """``can_pay`` memoised per cost within one pass."""
        if self.extra:
            cost = dict(cost)
            for k, n in self.extra.items():
                cost[k] = cost.get(k, 0) + n
        key = tuple(cost.items())  # costs come from the same data in the same order
        if key not in self.paid:
            self.paid[key] = can_pay(g, pid, cost)
        return self.paid[key]


def bribe_offer(g: Game, pid: int) -> tuple[str, Mapping[str, Any]] | None:
    """``(recruit id, params)`` of the first bribe recruit whose price ``pid`` can pay now (params: good, n)."""
    if player(g, pid)["kind"] != "human":
        return None
    return query(g, "bribe", pid, None)


def space_open(g: Game, pid: int, space_id: str, look: _Look | None = None) -> bool:
    """Is ``space_id`` a legal placement for human ``pid`` now (cost included, bribes allowed)?"""
    look = look or _Look(g, pid)
    if _open(g, pid, space_id, look):
        return True
    return look.bribe is not None and bribe_key(g, pid, space_id, look) is not None


def bribe_key(g: Game, pid: int, space_id: str, look: _Look) -> str | None:
    """The one penalty whose bribe would make ``space_id`` legal (IC13, WA17), if any."""
    for key in sorted(look.penalties & BLOCKING):
        if _open(g, pid, space_id, look.without(key)):
            return key
    return None


def _open(g: Game, pid: int, space_id: str, look: _Look) -> bool:
    """``space_open`` under the penalties of ``look``."""
    pen = look.penalties
    space = g.data.spaces[space_id]
    if space.area == "icarus" and "no_icarus" in pen:
        return False
    occ = look.occ.get(space_id, [])
    if space.type == "shared":
        return not ("one_per_commodity_area" in pen and any(o == pid for o, _ in occ))
    if space.type == "once":
        return _site_space_open(g, pid, space, occ, look)
    if space.kind == "market":
        site = space.extra["site"]
        if site not in g.g["built"]:
            return False
        mine = g.g["stars"].get(f"market:{site}", {}).get(str(pid))
        if "no_visit_without_star" in pen and not mine and \
                data(g).markets[g.g["built"][site]].penalty != "no_visit_without_star":  # R-12
            return False
    if space.type == "excl":
        tunnel = data(g).tunnels[space.area]
        if g.g["miners"][space.area] < data(g).tunnel_track["end"]:
            return False  # EU-SPACE-02, EU-TUNNEL-04
        if not has_faction(g, pid, tunnel["id"]) and not query(g, "exclusive_access", pid, False, area=space.area):
            return False  # only players allowed to use it (or a recruit lets them)
    if occ and occ[0][0] == pid and not _self_bump_ok(g, pid, pen):
        return False  # EU-MARKET-03
    if space.kind == "artmarket":
        if look.art is None:
            look.art = bool(artmarket_options(g, pid))
        if not look.art:
            return False
    if "no_first_star" in pen:
        location = star_location(g, space_id)
        if location and not g.g["stars"].get(location):
            return False
    cost = space_cost(g, pid, space_id, occ)
    if look.can_pay(g, pid, cost):
        return True
    bumps_other = bool(occ) and occ[0][0] != pid
    return bool(_after_bribe(g, pid, look, lambda: payable_alternatives(g, pid, space_id, cost, bumps_other)))


def _after_bribe(g: Game, pid: int, look: _Look, check: Any) -> Any:
    """``check()`` with the bribe of ``look`` (if any) already taken from ``pid``'s goods."""
    if not look.extra:
        return check()
    goods = player(g, pid)["goods"]
    saved = dict(goods)
    for k, n in look.extra.items():
        goods[k] = max(0, goods[k] - n)
    try:
        return check()
    finally:
        goods.update(saved)


def self_bump_allowed(g: Game, pid: int) -> bool:
    """Spa forbids bumping your own worker; the Camp allows it only at low knowledge."""
    keys = {k for k in ("no_self_bump", "self_bump_needs_low_knowledge") if has_penalty(g, pid, k)}
    return _self_bump_ok(g, pid, keys)


def _self_bump_ok(g: Game, pid: int, pen: set[str]) -> bool:
    if "no_self_bump" in pen:
        return False
    if "self_bump_needs_low_knowledge" in pen:
        params = penalty_params(g, pid, "self_bump_needs_low_knowledge")
        return not (params and player(g, pid)["knowledge"] > params["max_knowledge"])
    return True


def _site_space_open(g: Game, pid: int, space: Any, occ: list, look: _Look) -> bool:
    site = space.extra["site"]
    if site in g.g["built"] or occ:
        return False  # EU-SPACE-04
    if "no_shared_sites" in look.penalties:
        prefix = f"{site}."
        for other, p in enumerate(g.g["players"]):
            if other != pid and any(str(d["at"]).startswith(prefix) for d in p["dice"]):
                return False
    printed = next(iter(space.cost))
    if look.can_pay(g, pid, space.cost):
        return True
    if printed not in look.alts:  # the same for every site asking for this resource
        look.alts[printed] = bool(_after_bribe(g, pid, look, lambda: site_alternatives(g, pid, printed)))
    return look.alts[printed]


def site_alternatives(g: Game, pid: int, printed: str) -> list[str]:
    """Recruit alternatives to a site's printed resource (query ``site_payments``: other resources, ways)."""
    return query(g, "site_payments", pid, [], printed=printed)


def _site_pay_run(g: Game, op: dict) -> list | None:
    printed = op["resource"]
    held = [printed] if player(g, op["pid"])["goods"][printed] > 0 else []
    return held + site_alternatives(g, op["pid"], printed) or None


def _site_pay_pick(g: Game, op: dict, token: object) -> None:
    way = recruit_way(g, "site_pay", token)
    if way:
        way.pick(g, op, token)
        return
    spend(g, op["pid"], str(token))
    g.log(f"{name(op['pid'], g)} pays 1 {token}.")
    fire(g, "site_paid", op["pid"], good=str(token))


def _site_pay_label(g: Game, op: dict, token: object) -> str:
    way = recruit_way(g, "site_pay", token)
    return way.label(g, op, token) if way else f"Pay 1 {token}"


def _placement_look(g: Game, pid: int, extra: bool) -> _Look | None:
    """The legality pass for ``pid`` (a penalty blocking every placement bribed away), None if nothing is legal."""
    look = _Look(g, pid)
    blockers = global_blockers(g, pid, look.penalties, extra)
    if blockers:
        if len(blockers) > 1 or look.bribe is None:
            return None
        look = look.without(blockers[0])
    return look


def legal_spaces(g: Game, pid: int, extra: bool = False) -> list[str]:
    """Every space human ``pid`` may place on now (``extra``: an extra same-number worker)."""
    look = _placement_look(g, pid, extra)
    if look is None:
        return []
    if look.bribe is None:  # space_open without the bribe fallback, inlined: this is the engine's hot loop
        return [s for s in data(g).spaces if _open(g, pid, s, look)]
    return [s for s in data(g).spaces if space_open(g, pid, s, look)]


def any_legal_space(g: Game, pid: int, extra: bool = False) -> bool:
    """``bool(legal_spaces(...))``, stopping at the first legal space."""
    look = _placement_look(g, pid, extra)
    return look is not None and any(space_open(g, pid, s, look) for s in data(g).spaces)


def space_legal(g: Game, pid: int, space_id: object, extra: bool = False) -> bool:
    """``space_id in legal_spaces(...)``, checking that one space only."""
    if not isinstance(space_id, str) or space_id not in data(g).spaces:
        return False
    look = _placement_look(g, pid, extra)
    return look is not None and space_open(g, pid, space_id, look)


def forced_bribe(g: Game, pid: int, space_id: str, extra: bool = False) -> str | None:
    """The penalty ``pid`` must bribe away to place on ``space_id`` (None: legal as it is)."""
    look = _Look(g, pid)
    blockers = global_blockers(g, pid, look.penalties, extra)
    if blockers:
        return blockers[0]
    return None if _open(g, pid, space_id, look) else bribe_key(g, pid, space_id, look)


def place_worker(g: Game, pid: int, die: int, space_id: str, star_site: str | None = None) -> None:
    """Put a die on a space: bump first, then pay, then the reward (EU-SPACE-01, EU-PLACE-01/02).

    ``star_site``: the Automa's artifact-market star goes on that penalty market instead (EU-AUTOMA-24).
    """
    p = player(g, pid)
    space = data(g).spaces[space_id]
    g.g["placing"] = {"pid": pid, "space": space_id, "die": die, "tracks": dict(g.g["tracks"])}
    cost = space_cost(g, pid, space_id) if p["kind"] == "human" else {}
    occ = occupants(g, space_id) if space.type in ("temp", "excl") else []
    g.log(f"{name(pid, g)} places a {p['dice'][die]['pips']} on {space_label(g, space_id)}.")
    p["dice"][die]["at"] = space_id
    note_last_move(g, pid, "place", [space_id])
    if occ:
        bump(g, pid, occ[0][0], occ[0][1], space_id)
    ops = pay_ops(g, pid, cost) if p["kind"] == "human" else []
    if p["kind"] == "human" and space.type != "once":
        alts = payable_alternatives(g, pid, space_id, cost, bool(occ) and occ[0][0] != pid)
        if alts:
            options = (["printed"] if can_pay(g, pid, cost) else []) + list(alts)
            ops = [{"effect": "alt_pay", "pid": pid, "cost": cost, "alts": alts, "options": options}]
    if space.kind == "site" and p["kind"] == "human" and query(g, "pays_sites_otherwise", pid, False):
        ops = [{"effect": "site_pay", "pid": pid, "resource": next(iter(space.cost)), "die": die}]
    if space.kind == "artmarket" and p["kind"] == "human":
        ops.append({"effect": "artpay", "pid": pid})
    reward = {"effect": "reward", "pid": pid, "space": space_id, "die": die}
    if star_site:
        reward["star_site"] = star_site
    push(g, *ops, reward, {"effect": "placed", "pid": pid, "space": space_id, "die": die})


def note_last_move(g: Game, pid: int, action: str, spaces: list[str]) -> None:
    """Remember the turn's move for the board's highlight (several workers of one turn add up)."""
    last = g.g.get("last")
    turn = g.g.get("turn_no", 0)
    if last and last["pid"] == pid and last["action"] == action and last["turn"] == turn:
        last["spaces"] = [*last["spaces"], *(s for s in spaces if s not in last["spaces"])]
    else:
        g.g["last"] = {"pid": pid, "action": action, "spaces": list(spaces), "turn": turn}


def bump(g: Game, pid: int, owner: int, die: int, space_id: str) -> None:
    """The occupant goes home, is rolled and checked, before any recruit ability (EU-SPACE-01, EU-RECRUIT-07)."""
    g.log(f"{name(pid, g)} bumps {name(owner, g)}'s worker from {space_label(g, space_id)}.")
    if not query(g, "bumped_roll", owner, False, die=die):  # a recruit may take the roll over (Amanda)
        roll_workers(g, owner, [die], "bumped")
    if owner == pid:
        params = penalty_params(g, pid, "self_bump_needs_low_knowledge")
        if params:
            change_knowledge(g, pid, params["knowledge"])
        fire(g, "bumped_own", pid)
        return
    fire(g, "was_bumped", owner, by=pid)  # after the bump (EU-RECRUIT-07)
    fire(g, "bumped_other", pid, target=owner)


def space_label(g: Game, space_id: str) -> str:
    """A readable space name ("the Generator", "Euphoria site A space 2", a built market's name)."""
    space = data(g).spaces[space_id]
    if space.kind == "market":
        tile = g.g["built"].get(space.extra["site"])
        return data(g).markets[tile].name if tile else space.name
    if space.kind == "site":
        site = space.extra["site"]
        area = data(g).area_info[data(g).sites[site].area]["name"]
        return f"{area} site {site[-1].upper()} space {space.extra['index']} ({next(iter(space.cost))})"
    return space.name if space.kind in ("artmarket", "tank") else f"the {space.name}"


def _place_run(g: Game, op: dict) -> None:
    place_worker(g, op["pid"], op["die"], op["space"])


EFFECTS: dict[str, effects.Handler] = {
    "site_pay": effects.Handler(
        _site_pay_run,
        pick=_site_pay_pick,
        label=_site_pay_label,
        prompt="How do you pay for the construction space?",
    ),
    "place": effects.Handler(_place_run),
}
"""The effects this module handles, by the name their records carry."""
