"""Commodity areas: yield by the total knowledge there (EU-PROD-*)."""

from __future__ import annotations

from engines.core import Game

from .allegiance import advance
from .queue import push
from .tableau import (
    change_knowledge,
    data,
    fire,
    gain,
    is_automa,
    name,
    occupants,
    penalty_params,
    player,
    query,
    tier_bonus,
)


def area_total(g: Game, space_id: str, pid: int | None = None) -> int:
    """Sum of pips of every worker on a commodity area (or only ``pid``'s)."""
    return sum(g.g["players"][o]["dice"][i]["pips"] for o, i in occupants(g, space_id) if pid is None or o == pid)


def band(g: Game, total: int):
    """The yield row for a total (EU-PROD-02)."""
    return next(row for row in data(g).production if row["min"] <= total <= row["max"])


def produce(g: Game, pid: int, space_id: str, die: int) -> None:
    """Yield for a placement on a commodity area (EU-PROD-02..05, EU-AUTOMA-22)."""
    space = data(g).spaces[space_id]
    area = space.area
    solo = query(g, "counts_alone", pid, False, space=space_id)
    total = area_total(g, space_id, pid if solo else None)
    row = band(g, total)
    if is_automa(g, pid):
        if row["allegiance"]:
            advance(g, area, row["allegiance"])  # EU-AUTOMA-22: only the allegiance step
        else:
            g.log(f"{name(pid, g)} gains nothing (total {total}).")
        return
    good = data(g).area_info[area]["commodity"]
    n = row["goods"]
    if tier_bonus(g, pid, area, 1):
        n += 1  # EU-PROD-05, EU-ALLEG-04
    cap = penalty_params(g, pid, "commodity_cap_2")
    if cap and player(g, pid)["goods"][good] >= cap["cap"]:
        n = 0
    minus = penalty_params(g, pid, "commodity_minus_1")
    if minus and n:
        n = max(minus["min"], n - minus["minus"])
    if query(g, "yield_choice", pid, False, area=area):
        push(g, *({"effect": "choose_good", "pid": pid, "kind": "commodity"} for _ in range(n)))
        got = n
        g.log(f"{name(pid, g)}: total {total} → {n} commodities of choice.")
    else:
        got = gain(g, pid, good, n)
        g.log(f"{name(pid, g)}: total {total} → +{got} {good}.")
    if row["knowledge"]:
        change_knowledge(g, pid, row["knowledge"])
    fire(g, "produced", pid, space=space_id, die=die, area=area, good=good, got=got)
    if row["allegiance"]:
        advance(g, area, row["allegiance"])  # EU-PROD-03: mandatory
