"""Placing a worker: which spaces are legal, paying, bumping (EU-PLACE-*, EU-SPACE-*)."""

from __future__ import annotations

from typing import Any

from engines.core import Game

from .allegiance import has_faction
from .artifacts import artmarket_options, can_spend_types
from .knowledge import roll_workers
from .ops import op_kind, push
from .tableau import data, has_penalty, name, occupants, on_board, penalty_params, player, recruit_effects


def space_cost(g: Game, pid: int, space_id: str) -> dict[str, int]:
    """What placing on ``space_id`` costs ``pid`` (EU-PLACE-01; tiles for built markets)."""
    space = data(g).spaces[space_id]
    if space.kind == "market":
        cost = dict(data(g).markets[g.g["built"][space.extra["site"]]].cost)
    elif space.kind == "tunnel" and recruit_effects(g, pid, "free_tunnels"):
        cost = {}
    else:
        cost = dict(space.cost)
    occ = occupants(g, space_id)
    if space.type != "shared" and occ and occ[0][0] == pid:
        fee = penalty_params(g, pid, "self_bump_fee")
        if fee:
            cost["commodity"] = cost.get("commodity", 0) + fee["commodity"]
    return cost


def can_pay(g: Game, pid: int, cost: dict[str, int]) -> bool:
    """Can the cost be paid in full (specific goods first, then any-kind units)?"""
    c = data(g).c
    goods = dict(player(g, pid)["goods"])
    types = {k: n for k, n in cost.items() if k in data(g).artifact_types}
    for k, n in cost.items():
        if k in goods:
            if goods[k] < n:
                return False
            goods[k] -= n
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
        ops += [{"op": "pay", "pid": pid, "unit": unit} for _ in range(cost.get(unit, 0))]
    for kind in data(g).artifact_types:
        ops += [{"op": "pay_type", "pid": pid, "kind": kind} for _ in range(cost.get(kind, 0))]
    ops += [{"op": "spend_artifact", "pid": pid} for _ in range(cost.get("artifact", 0))]
    return ops


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


def can_place_at_all(g: Game, pid: int) -> bool:
    """Penalties that forbid any placement (Spring, Bureau)."""
    dice = player(g, pid)["dice"]
    if has_penalty(g, pid, "no_place_with_six") and any(dice[i]["pips"] == 6 for i in on_board(g, pid)):
        return False
    params = penalty_params(g, pid, "max_two_on_board")
    return not (params and len(on_board(g, pid)) >= params["max"])


class _Look:
    """What one legality pass needs, computed once: occupancy and the player's penalties."""

    def __init__(self, g: Game, pid: int) -> None:
        self.occ: dict[str, list[tuple[int, int]]] = {}
        for other, p in enumerate(g.g["players"]):
            for i, d in enumerate(p["dice"]):
                self.occ.setdefault(d["at"], []).append((other, i))
        self.paid: dict[tuple, bool] = {}
        self.art: bool | None = None
        keys = {data(g).markets[t].penalty for t in g.g["built"].values()}
        self.penalties = {key for key in keys if has_penalty(g, pid, key)}


    def can_pay(self, g: Game, pid: int, cost: dict[str, int]) -> bool:
        """``can_pay`` memoised per cost within one pass."""
        key = tuple(sorted(cost.items()))
        if key not in self.paid:
            self.paid[key] = can_pay(g, pid, cost)
        return self.paid[key]


def space_open(g: Game, pid: int, space_id: str, look: _Look | None = None) -> bool:
    """Is ``space_id`` a legal placement for human ``pid`` now (cost included)?"""
    look = look or _Look(g, pid)
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
        kadan = any(player(g, pid)["knowledge"] + prm["knowledge"] <= data(g).c["knowledge"]["max"]
                    for _, prm in recruit_effects(g, pid, "any_exclusive_space"))
        if not has_faction(g, pid, tunnel["id"]) and not kadan:
            return False  # only players allowed to use it (Kadan the Infiltrator: +2 knowledge)
    if occ and occ[0][0] == pid and not self_bump_allowed(g, pid):
        return False  # EU-MARKET-03
    if space.kind == "artmarket":
        if look.art is None:
            look.art = bool(artmarket_options(g, pid))
        if not look.art:
            return False
    location = star_location(g, space_id)
    if location and "no_first_star" in pen and not g.g["stars"].get(location):
        return False
    cost = space_cost(g, pid, space_id)
    if look.can_pay(g, pid, cost):
        return True
    from .payments import payable_alternatives
    return bool(payable_alternatives(g, pid, space_id, cost, bool(occ) and occ[0][0] != pid))


def self_bump_allowed(g: Game, pid: int) -> bool:
    """Spa forbids bumping your own worker; the Camp allows it only at low knowledge."""
    if has_penalty(g, pid, "no_self_bump"):
        return False
    params = penalty_params(g, pid, "self_bump_needs_low_knowledge")
    return not (params and player(g, pid)["knowledge"] > params["max_knowledge"])


def _site_space_open(g: Game, pid: int, space: Any, occ: list, look: _Look) -> bool:
    site = space.extra["site"]
    if site in g.g["built"] or occ:
        return False  # EU-SPACE-04
    if "no_shared_sites" in look.penalties:
        prefix = f"{site}."
        for other, p in enumerate(g.g["players"]):
            if other != pid and any(str(d["at"]).startswith(prefix) for d in p["dice"]):
                return False
    return look.can_pay(g, pid, dict(space.cost)) or bool(site_alternatives(g, pid, next(iter(space.cost))))


def site_alternatives(g: Game, pid: int, printed: str) -> list[str]:
    """Recruit alternatives to a site's printed resource (Michael, Jon, Flartner)."""
    p = player(g, pid)
    out: list[str] = []
    if recruit_effects(g, pid, "site_any_resource"):
        out += [r for r in data(g).c["resources"] if r != printed and p["goods"][r] > 0]
    commodities = sum(p["goods"][c] for c in data(g).c["commodities"])
    if any(commodities >= prm["n"] for _, prm in recruit_effects(g, pid, "site_commodities")):
        out.append("commodities")
    if recruit_effects(g, pid, "site_artifact") and p["artifacts"]:
        out.append("artifact")
    return out


def _site_pay_run(g: Game, op: dict) -> list | None:
    printed = op["resource"]
    held = [printed] if player(g, op["pid"])["goods"][printed] > 0 else []
    return held + site_alternatives(g, op["pid"], printed) or None


def _site_pay_pick(g: Game, op: dict, token: object) -> None:
    from .ops import push_front
    from .tableau import change_knowledge, change_morale, spend
    pid = op["pid"]
    if token == "commodities":
        n = recruit_effects(g, pid, "site_commodities")[0][1]["n"]
        push_front(g, *({"op": "pay", "pid": pid, "unit": "commodity"} for _ in range(n)))
    elif token == "artifact":
        change_morale(g, pid, 1)
        push_front(g, {"op": "spend_artifact", "pid": pid})
    else:
        spend(g, pid, str(token))
        g.log(f"{name(pid, g)} pays 1 {token}.")
        if token == "gold" and recruit_effects(g, pid, "site_any_resource"):
            change_morale(g, pid, 1)
            change_knowledge(g, pid, 1)


def _site_pay_label(g: Game, op: dict, token: object) -> str:
    return {"commodities": "Pay 3 commodities (Jon the Amateur Handyman)",
            "artifact": "Pay 1 artifact, +1 morale (Flartner the Luddite)"}.get(str(token), f"Pay 1 {token}")


op_kind("site_pay", pick=_site_pay_pick, label=_site_pay_label, prompt="How do you pay for the construction space?",
        )(_site_pay_run)


def legal_spaces(g: Game, pid: int) -> list[str]:
    """Every space human ``pid`` may place on now."""
    if not can_place_at_all(g, pid):
        return []
    look = _Look(g, pid)
    return [s for s in data(g).spaces if space_open(g, pid, s, look)]


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
        from .payments import payable_alternatives
        alts = payable_alternatives(g, pid, space_id, cost, bool(occ) and occ[0][0] != pid)
        if alts:
            options = (["printed"] if can_pay(g, pid, cost) else []) + list(alts)
            ops = [{"op": "alt_pay", "pid": pid, "cost": cost, "alts": alts, "options": options}]
    alternatives = ("site_any_resource", "site_commodities", "site_artifact")
    if space.kind == "site" and p["kind"] == "human" and any(recruit_effects(g, pid, e) for e in alternatives):
        ops = [{"op": "site_pay", "pid": pid, "resource": next(iter(space.cost))}]
    if space.kind == "artmarket" and p["kind"] == "human":
        ops.append({"op": "artpay", "pid": pid})
    reward = {"op": "reward", "pid": pid, "space": space_id, "die": die}
    if star_site:
        reward["star_site"] = star_site
    push(g, *ops, reward, {"op": "placed", "pid": pid})


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
    roll_workers(g, owner, [die], "bumped")
    if owner == pid:
        params = penalty_params(g, pid, "self_bump_needs_low_knowledge")
        if params:
            from .tableau import change_knowledge
            change_knowledge(g, pid, params["knowledge"])
        for _ in recruit_effects(g, pid, "self_bump_resource"):
            push(g, {"op": "choose_good", "pid": pid, "kind": "resource"})
        return
    from .recruits import bump_hooks
    bump_hooks(g, pid, owner)


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
