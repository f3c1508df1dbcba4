"""An Automa turn, run without input and told in the log (EU-AUTOMA-15..25)."""

from __future__ import annotations

from typing import Any

from engines.core import Game

from ..knowledge import roll_workers
from ..placement import place_worker, space_label
from ..tableau import CARD, available, data, dice_at, name, occupants, on_board, player
from .state import penalty_markets_of

TUNNEL_ACTIONS = ("TUN_BB", "TUN_SL")
RETRIEVE_ACTIONS = ("PROD", *TUNNEL_ACTIONS)
ACTION_WORDS = {
    "PROD": "a commodity area", "ART": "an artifact market", "BUILD": "a construction site or market",
    "TUN_BB": "a tunnel or the Breeze Bar", "TUN_SL": "a tunnel or the Sky Lounge",
}
"""The Automa card symbols in the game's words (EU-AUTOMA-15)."""


def plan_text(g: Game, pid: int) -> str:
    """What the current card pair tells this Automa: "goes for an artifact market, starting in the Wastelands"."""
    action, faction = panel(g)[player(g, pid)["colour"]]
    start = own_area(g, pid, faction) or faction
    where = data(g).area_info[start]["name"] if start in data(g).area_info else "its own faction's area"
    return f"goes for {ACTION_WORDS.get(action, 'a space')}, starting in {where}"


def draw_pair(g: Game) -> None:
    """Slide the old action card to support, reshuffle when empty, draw a new action card (EU-AUTOMA-16)."""
    a = g.g["automa"]
    if a["action"] is not None:
        a["discard"].append(a["support"])
        a["support"], a["action"] = a["action"], None
    if not a["deck"]:
        a["deck"] = a["discard"] + [a["support"]]
        a["discard"], a["support"] = [], None
        if a["piles"]:
            a["deck"] += a["piles"].pop(0)
        g.rng.shuffle(a["deck"])
        a["support"] = g.draw(a["deck"], 1)[0]
        g.log(f"The Automa deck is reshuffled ({len(a['deck']) + 1} cards).")
    a["action"] = g.draw(a["deck"], 1)[0]


def panel(g: Game) -> dict[str, Any]:
    """The middle panel of the current card pair (EU-AUTOMA-15, spec 4.8)."""
    a = g.g["automa"]
    cards = data(g).automa_cards
    act, sup = cards[a["action"]], cards[a["support"]]
    return {"black": (act.black_action, sup.black_faction), "white": (act.white_action, sup.white_faction),
            "bazaar": act.bazaar, "camp": sup.camp}


def own_area(g: Game, pid: int, faction: str) -> str:
    """The Automa icon stands for its own faction (A-05)."""
    return player(g, pid)["faction"] if faction == "automa" else faction


def area_order(g: Game, start: str) -> list[str]:
    """Cyclic area order from ``start`` (EU-AUTOMA-20)."""
    order = list(data(g).automa["area_order"])
    i = order.index(start)
    return order[i:] + order[:i]


def automa_act(g: Game, pid: int) -> None:
    """Retrieve or place one worker as the panel row says (EU-AUTOMA-17..25)."""
    colour = player(g, pid)["colour"]
    action, faction = panel(g)[colour]
    start = own_area(g, pid, faction)
    avail = available(g, pid)
    must = not avail
    retrieving = must or (len(avail) == 1 and action in RETRIEVE_ACTIONS)  # EU-AUTOMA-17
    if retrieving and automa_retrieve(g, pid, start, must):
        return
    g.log(f"{name(pid, g)} {plan_text(g, pid)}.")
    automa_place(g, pid, action, start)


def automa_retrieve(g: Game, pid: int, start: str, must: bool) -> bool:
    """Take back all but site workers (and a camp worker); card dice too (EU-AUTOMA-18, A-04)."""
    p = player(g, pid)
    board = on_board(g, pid)
    back = [i for i in board if data(g).spaces[p["dice"][i]["at"]].kind != "site"]
    if not back and not must:
        return False
    if not back:
        back = list(board)
    if panel(g)["camp"]:
        own = p["faction"]
        order = area_order(g, start)
        camp = [i for i in back if data(g).spaces[p["dice"][i]["at"]].kind == "production"
                and data(g).spaces[p["dice"][i]["at"]].area != own]
        if camp and len(back) > 1:
            def rank(i: int) -> tuple[int, int]:
                return p["dice"][i]["pips"], -order.index(data(g).spaces[p["dice"][i]["at"]].area)
            keep = max(camp, key=rank)
            back.remove(keep)
            where = space_label(g, p["dice"][keep]["at"])
            g.log(f"{name(pid, g)} leaves its {p['dice'][keep]['pips']} in camp on {where}.")
    back += dice_at(g, pid, CARD)
    if not back:
        return False
    g.log(f"{name(pid, g)} retrieves {len(back)} worker(s).")
    roll_workers(g, pid, sorted(back), "retrieved")
    return True


def pick_die(g: Game, pid: int, lowest: bool) -> int:
    """Highest-pip available die, or lowest on its own commodity area (EU-AUTOMA-19)."""
    dice = player(g, pid)["dice"]
    avail = available(g, pid)
    return (min if lowest else max)(avail, key=lambda i: dice[i]["pips"])


def automa_place(g: Game, pid: int, action: str, start: str) -> None:
    """Choose the space by action symbol, area order and market order, then place (EU-AUTOMA-21..25)."""
    own = player(g, pid)["faction"]
    star_site = None
    if action == "PROD":
        space = next(s.id for s in data(g).spaces.values() if s.kind == "production" and s.area == start)
        die = pick_die(g, pid, lowest=start == own)
    else:
        space, star_site = choose_space(g, pid, action, start)
        die = pick_die(g, pid, lowest=False)
    place_worker(g, pid, die, space, star_site)


def choose_space(g: Game, pid: int, action: str, start: str) -> tuple[str, str | None]:
    """The first valid option of the action's cascade (EU-AUTOMA-23/24/25)."""
    spaces = data(g).spaces
    order = area_order(g, start)
    if action in TUNNEL_ACTIONS:
        icarus = "ic.breeze_bar" if action == "TUN_BB" else "ic.sky_lounge"
        for area in order:
            if area == "icarus":
                return icarus, None
            if area in data(g).tunnels:
                return data(g).tunnels[area]["mouth"], None
    started = site_with_workers(g, order, occupied=True)
    if started:
        return started, None
    if action == "ART":
        for area in order:
            penal = sorted_sites(g, [s for s in penalty_markets_of(g, pid) if data(g).sites[s].area == area])
            if penal:
                return artmarket(g, area), penal[0]
        return artmarket(g, order[0]), None
    empty = site_with_workers(g, order, occupied=False)
    if empty:
        return empty, None
    for pool in (penalty_markets_of(g, pid), list(g.g["built"])):
        for area in order:
            sites = sorted_sites(g, [s for s in pool if data(g).sites[s].area == area])
            if sites:
                return sites[0].replace("site", "market"), None
    return next(s.id for s in spaces.values() if s.kind == "production" and s.area == start), None


def artmarket(g: Game, area: str) -> str:
    """The artifact market space of an area."""
    return next(s.id for s in data(g).spaces.values() if s.kind == "artmarket" and s.area == area)


def sorted_sites(g: Game, sites: list[str]) -> list[str]:
    """Market order: rightmost first; equal board_x → lower site first (EU-AUTOMA-21, A-06)."""
    return sorted(sites, key=lambda s: (-data(g).sites[s].board_x, -data(g).sites[s].board_y))


def site_with_workers(g: Game, order: list[str], occupied: bool) -> str | None:
    """Rightmost free space of the first unbuilt site (with / without workers) in area order."""
    for area in order:
        candidates = []
        for site in sorted_sites(g, [s for s in data(g).sites if data(g).sites[s].area == area]):
            if site in g.g["built"]:
                continue
            spaces = [f"{site}.{i}" for i in range(1, len(data(g).sites[site].spaces) + 1)]
            taken = [s for s in spaces if occupants(g, s)]
            free = [s for s in spaces if not occupants(g, s)]
            if free and bool(taken) == occupied:
                candidates.append(free[-1])
        if candidates:
            return candidates[0]
    return None
