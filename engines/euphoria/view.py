"""What each seat sees: everything public, plus its own hand and hidden recruit (spec 6.1)."""

from __future__ import annotations

from typing import Any

from engines.core import State
from engines.core.zones import Zones, frame, nobody, owner, public

from .automa.turn import ACTION_WORDS
from .content import Content

ZONES = Zones(
    public("g.turn_pid", "g.first", "g.turn_no", "g.last", "g.tracks", "g.miners", "g.built", "g.stars", "g.bazaar",
           "g.art_discard", "g.final", "g.placing", "g.activated", "g.ran_away", "g.once", "g.skips", "g.ignored"),
    public(*(f"g.players.*.{key}" for key in ("kind", "colour", "faction", "stars", "dice", "morale", "knowledge",
                                              "goods", "active", "dormant", "starred", "activated", "end_star"))),
    owner("g.players.{seat}.artifacts"), owner("g.players.{seat}.hidden"), owner("g.players.{seat}.dealt"),
    nobody("g.art_deck", "g.recruit_deck", "g.recruit_box", "g.tile_box", "g.site_tiles"),
    public(*(f"g.automa.{key}" for key in ("level", "action", "support", "discard", "faction_cards", "pids"))),
    nobody("g.automa.deck", "g.automa.piles", "g.automa.box"),
    # deck cards a recruit lets its owner look at (Geek, Bradley), and the choice among them (spec 6.1)
    frame("choose", owner("op.cards", seat="pid"), owner("options", seat="op.pid", when="op.cards")),
)
"""Euphoria's secrecy (spec 6.1), in one place: hands, hidden and dealt recruits are their owner's (an
Automa's are nobody's), deck orders and face-down tiles nobody's, the rest public."""


def _player_view(c: Content, pid: int, p: dict[str, Any], mine: bool, built: dict[str, str],
                 stars: dict[str, dict[str, int]]) -> dict[str, Any]:
    view: dict[str, Any] = {
        "pid": pid, "kind": p["kind"], "colour": p["colour"], "stars": p["stars"],
        "dice": [dict(d) for d in p["dice"] if d["at"] != "gone"], "artifact_count": len(p["artifacts"]),
    }
    if p["kind"] == "automa":
        side = any(not stars.get(f"market:{s}", {}).get(str(pid)) for s in built)
        view.update(faction=p["faction"], side="penalty" if side else "plain")
        return view
    view.update(
        morale=p["morale"], knowledge=p["knowledge"], goods=dict(p["goods"]),
        active=[{"id": r, "name": c.recruits[r].name, "faction": c.recruits[r].faction} for r in p["active"]],
        hidden_count=len(p["hidden"]), starred=list(p["starred"]),
        penalties=sorted({c.markets[t].text for s, t in built.items()
                          if not stars.get(f"market:{s}", {}).get(str(pid))}),
    )
    if mine:
        view["artifacts"] = sorted(p["artifacts"])
        view["hidden"] = [{"id": r, "name": c.recruits[r].name, "text": c.recruits[r].text} for r in p["hidden"]]
        view["dealt"] = [{"id": r, "name": c.recruits[r].name, "faction": c.recruits[r].faction,
                          "text": c.recruits[r].text} for r in p["dealt"]]
    return view


def table_view(c: Content, state: State, seat: int | None) -> dict[str, Any]:
    """Public table plus ``seat``'s own secrets."""
    t = state["g"]
    sites = {}
    for i, site in enumerate(c.sites):
        tile = t["built"].get(site)
        sites[site] = {"market": c.markets[tile].name if tile else "?", "penalty": c.markets[tile].text if tile
                       else None, "face_down": not tile}
        del i
    view: dict[str, Any] = {
        "players": [_player_view(c, pid, p, pid == seat, t["built"], t["stars"]) for pid, p in enumerate(t["players"])],
        "tracks": dict(t["tracks"]), "miners": dict(t["miners"]), "sites": sites, "stars": t["stars"],
        "bazaar": list(t["bazaar"]), "artifact_deck": len(t["art_deck"]), "artifact_discard": list(t["art_discard"]),
        "recruit_deck": len(t["recruit_deck"]), "final_round": t["final"]["triggered"],
        "turn": t["turn_pid"],
        "last": t.get("last"),
    }
    if seat is not None and seat < len(t["players"]) and t["players"][seat]["kind"] == "human":
        view["private_text"] = private_text(c, state, seat)
    a = t["automa"]
    if a is not None:
        view["automa"] = {"level": a["level"], "action": a["action"], "support": a["support"],
                          "plans": automa_plans(c, t),
                          "deck": len(a["deck"]), "piles": [len(p) for p in a["piles"]], "discard": list(a["discard"])}
    return view



def automa_plans(c: Content, t: dict[str, Any]) -> dict[str, str]:
    """Each Automa's orders from the current card pair, in words ("an artifact market, starting in Subterra")."""
    a = t["automa"]
    if a["action"] not in c.automa_cards or a["support"] not in c.automa_cards:
        return {}
    plans = {}
    for p in t["players"]:
        if p["kind"] != "automa":
            continue
        colour = p["colour"]
        action = getattr(c.automa_cards[a["action"]], f"{colour}_action")
        faction = getattr(c.automa_cards[a["support"]], f"{colour}_faction")
        area = p["faction"] if faction == "automa" else faction
        where = c.area_info[area]["name"] if area in c.area_info else "its own faction's area"
        plans[colour] = f"{ACTION_WORDS.get(action, 'a space')}, starting in {where}"
    return plans


def _ability(c: Content, rid: str) -> str:
    r = c.recruits[rid]
    text = r.text.replace("**", "")
    text = text[:1].upper() + text[1:]
    return f"{r.name} ({c.area_info[r.faction]['faction'] if r.faction else 'no faction'}): {text}"


def private_text(c: Content, state: State, seat: int) -> list[str]:
    """What only ``seat`` sees, in sentences: both recruits' abilities, the artifact hand, an ability on offer."""
    p = state["g"]["players"][seat]
    lines = []
    for rid in p["active"]:
        wait = " (a tunnel ability: it works from your next turn)" if rid in (p.get("dormant") or []) else ""
        lines.append(f"Active recruit — {_ability(c, rid)}{wait}")
    for rid in p["hidden"]:
        r = c.recruits[rid]
        when = (f" It turns active when the {c.area_info[r.faction]['faction']} recruits are activated."
                if r.faction else "")
        lines.append(f"Hidden recruit — {_ability(c, rid)}{when}")
    for rid in p["dealt"]:
        lines.append(f"Dealt to you — {_ability(c, rid)}")
    counts: dict[str, int] = {}
    for card in p["artifacts"]:
        counts[card] = counts.get(card, 0) + 1
    cards = ", ".join(f"{n} × {c.artifact_names[k]}" if n > 1 else c.artifact_names[k]
                      for k, n in sorted(counts.items()))
    lines.append(f"Your artifacts: {cards}." if cards else "You hold no artifacts.")
    frame = state["stack"][-1] if state["stack"] else {}
    op = frame.get("op") or {}
    if frame.get("step") == "choose" and op.get("effect") == "ask" and op.get("pid") == seat:
        lines.append(f"On offer now — {_ability(c, str(op['recruit']))}")
    return lines
