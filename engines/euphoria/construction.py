"""Construction sites, market completion and built-market visits (EU-CONSTRUCT-*, EU-MARKET-01)."""

from __future__ import annotations

from engines.core import Game

from .knowledge import roll_workers
from .tableau import (
    GONE,
    data,
    fire,
    n_players,
    name,
    place_star,
    player,
)
from .words import goods_text


def site_index(g: Game, site: str) -> int:
    """Position of a site in board order (index into ``g.g["site_tiles"]``)."""
    return list(data(g).sites).index(site)


def site_workers(g: Game, site: str) -> list[tuple[int, int]]:
    """``(pid, die)`` on the one-time spaces of ``site``."""
    prefix = f"{site}."
    return [(pid, i) for pid, p in enumerate(g.g["players"]) for i, d in enumerate(p["dice"])
            if str(d["at"]).startswith(prefix)]


def needed(g: Game) -> int:
    """Occupied spaces that complete a market at this player count (EU-CONSTRUCT-02)."""
    return data(g).completion_needed[str(n_players(g))]


def check_completion(g: Game, site: str) -> bool:
    """Complete the market if enough spaces are occupied; returns True when it was built."""
    workers = site_workers(g, site)
    if site in g.g["built"] or len(workers) < needed(g):
        return False
    complete_market(g, site, workers)
    return True


def complete_market(g: Game, site: str, workers: list[tuple[int, int]]) -> None:
    """Flip the tile, one star per builder, then their dice return and roll (EU-CONSTRUCT-03, R-10)."""
    tile = g.g["site_tiles"][site_index(g, site)].pop()
    g.g["built"][site] = tile
    g.reveal()
    market = data(g).markets[tile]
    where = data(g).spaces[site.replace("site", "market")].name
    cost = goods_text(data(g).artifact_names, market.cost)
    g.log(f"The {where} is complete: {market.name} (visiting costs {cost}; penalty: {market.text}).")
    active = g.g["placing"]["pid"] if g.g.get("placing") else workers[0][0]
    count = len(g.g["players"])
    builders = sorted({pid for pid, _ in workers}, key=lambda pid: (pid - active) % count)
    for pid in builders:
        place_star(g, pid, f"market:{site}", area=data(g).sites[site].area, completion=True)
    for pid in builders:
        fire(g, "market_built", pid, builders=builders)  # Ray the Foreman, Albert the Founder
    for pid in builders:
        dice = player(g, pid)["dice"]
        for i in [i for o, i in workers if o == pid and dice[i].get("sac")]:
            del dice[i]["sac"]
            dice[i]["at"] = GONE  # Doug the Builder's sacrificed worker goes back to the supply
        roll_workers(g, pid, [i for o, i in workers if o == pid and dice[i]["at"] != GONE],
                     "back from the construction site")


def visit_market(g: Game, pid: int, space_id: str) -> None:
    """Visiting a built market: a star on it (EU-MARKET-01); R-11: no allegiance."""
    site = data(g).spaces[space_id].extra["site"]
    area = data(g).sites[site].area
    place_star(g, pid, f"market:{site}", area=area)
    fire(g, "market_visited", pid, area=area)
    g.log(f"{name(pid, g)} visited {data(g).markets[g.g['built'][site]].name}.")
