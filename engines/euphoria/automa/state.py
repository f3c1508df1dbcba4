"""Automa setup: piles by difficulty, the first support card, factions, penalty side (EU-AUTOMA-04..09, -13)."""

from __future__ import annotations

from typing import Any

from engines.core import Game

from ..tableau import data, name, player


def build_piles(g: Game, level: int) -> dict[str, Any]:
    """Automa deck and two reinforcement piles for a difficulty (EU-AUTOMA-05/06)."""
    c = data(g)
    by_colour: dict[str, list[str]] = {}
    for card in c.automa_cards.values():
        by_colour.setdefault(card.colour, []).append(card.id)
    for ids in by_colour.values():
        g.rng.shuffle(ids)
    spec = c.level(level)

    def take(counts: Any) -> list[str]:
        out = []
        for colour, n in counts.items():
            out += [by_colour[colour].pop() for _ in range(n)]
        g.rng.shuffle(out)
        return out

    deck = take(spec["deck"])
    piles = [take(spec["pile"]) for _ in range(c.automa["reinforcement_piles"])]
    return {"level": level, "deck": deck, "piles": piles, "discard": [], "support": None, "action": None,
            "box": sorted(i for ids in by_colour.values() for i in ids)}


def setup_automa(g: Game) -> None:
    """Two Automa players with 4 dice and 10 stars each; piles; first support card (EU-AUTOMA-04/07)."""
    c = data(g)
    state = build_piles(g, g.options.get("difficulty", c.automa["default_level"]))
    state["support"] = g.draw(state["deck"], 1)[0]
    state["pids"] = []
    for colour in c.automa["colours"]:
        state["pids"].append(len(g.g["players"]))
        g.g["players"].append({
            "kind": "automa", "colour": colour, "faction": None, "activated": False, "end_star": False,
            "dice": [{"pips": 1, "at": "avail"} for _ in range(c.automa["dice"])], "stars": 0,
            "goods": {x: 0 for x in (*c.c["commodities"], *c.c["resources"])}, "artifacts": [],
            "active": [], "hidden": [], "dealt": [], "dormant": [], "starred": [],
        })
    state["faction_cards"] = list(c.automa["faction_cards"])
    g.g["automa"] = state


def choose_factions(g: Game, order: list[str] | None = None) -> None:
    """Draw faction cards after the draft (EU-AUTOMA-08/09, A-10, A-15); roll the Automa dice."""
    state = g.g["automa"]
    cards = list(order) if order is not None else list(state["faction_cards"])
    if order is None:
        g.rng.shuffle(cards)
    solo = g.seats == 1 and not g.options.get("automa_free_factions")
    banned = set()
    if solo:
        banned = {data(g).recruits[r].faction for r in (*player(g, 0)["active"], *player(g, 0)["hidden"])} - {None}
    for pid in state["pids"]:
        while True:
            card = cards.pop(0)
            if card not in banned:
                break
            g.log(f"The {data(g).area_info[card]['faction']} faction card is set aside (the human's faction).")
        player(g, pid)["faction"] = card
        banned.add(card)
        g.log(f"{name(pid, g)} plays for {data(g).area_info[card]['faction']}s.")
    state["faction_cards"] = []
    for pid in state["pids"]:
        for d in player(g, pid)["dice"]:
            d["pips"] = g.rng.roll(6)
        g.log(f"{name(pid, g)} rolls {', '.join(str(d['pips']) for d in player(g, pid)['dice'])}.")


def penalty_markets_of(g: Game, pid: int) -> list[str]:
    """Built markets holding none of this Automa's stars (EU-AUTOMA-13)."""
    return [s for s in g.g["built"] if not g.g["stars"].get(f"market:{s}", {}).get(str(pid))]


def penalty_side(g: Game, pid: int) -> bool:
    """Faction card shows the penalty side while the Automa has a penalty market."""
    return bool(penalty_markets_of(g, pid))
