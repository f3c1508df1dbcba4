"""Vulkanos' Fissures placed by Functions (FISSURE, #67/#70/#71/#78), what counts as a Fissure Link (the Ship
counts as one: #69, #72, #73, #74), Spouting Manoeuvre's Disable at an Area (#74) and the Smites' push of
Bots into adjacent Areas (SMITE_PUSH, #45, #52; spec §4.10)."""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects
from engines.core.effects import Handler

from . import board
from .combat import CRUSH, forbidden
from .combinators import fissure_links
from .virus import bot_text

FISSURE, PUSH = "fissure", "smite_push"


def handle(g: Game, seat: int, node: dict[str, Any]) -> bool:
    """The atoms written here; False for any other."""
    op = node.get("op")
    if op == FISSURE and isinstance(node.get("v"), int):
        effects.push_front(g, effects.effect(FISSURE, seat, left=node["v"], links=node.get("links", "any")))
        return True
    if op == "disable_at" and node.get("area") in g.g["areas"].values() and isinstance(node.get("v"), int):
        if not forbidden(g, seat, "disable"):  # SC-REF-74: a Disable of Value 1 with no performing Bot
            effects.push_front(g, effects.effect(CRUSH, seat, kind="disable", k=0, bot=None, aim=node["area"],
                                                 left=node["v"], damage={}))
        return True
    if op == PUSH and node.get("set") in ("damaged_survivors", "stunned_enemy_in_area_of_b"):
        turn = g.g["turn"]
        if node["set"] == "damaged_survivors":
            bots = [b for b in turn.get("damaged", []) if board.in_play(g.g["bots"][b])]
        else:
            area = turn.get("crush_area")
            bots = sorted(bid for bid, b in g.g["bots"].items()
                          if b["at"] == area and b["owner"] != seat and b["stunned"])
        turn["pushed"] = 0
        if bots:
            effects.push_front(g, effects.effect(PUSH, seat, bots=bots))
        return True
    return False


def allowed(g: Game, seat: int, how: str) -> list[str]:
    """The Links a Fissure may go in: any (ATT-VUL-1) or bordering the Area the Crush damaged (#71, #78; with
    Bombardment, the target Area's, SC-REF-78)."""
    links = [lk for lk in g.g["links"] if board.fissure_allowed(g, lk, seat)]
    if how == "bordering_damaged_area":
        area = (g.g["turn"] or {}).get("crush_area")
        links = [lk for lk in links if area in board.link_areas(g, lk)]
    return links


def run_fissure(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """SC-REF-70: one Fissure at a time, in the same Link or different ones."""
    seat = item["owner"]
    if item["left"] <= 0:
        return None
    if g.g["players"][str(seat)]["unique"].get("fissures", 0) <= 0:
        g.log(f"{{seat{seat}}} has no Fissure left to place.")
        return None
    options = allowed(g, seat, item["links"])
    return [*options, "done"] if options else None


def pick_fissure(g: Game, item: dict[str, Any], token: Any) -> None:
    if token == "done":
        return
    seat = item["owner"]
    board.place_fissure(g, token, seat)
    g.log(f"{{seat{seat}}} places a Fissure between {board.link_words(g, token)}.")
    effects.push_front(g, {**item, "left": item["left"] - 1})


def label_fissure(g: Game, item: dict[str, Any], token: Any) -> str:
    return "Place no more Fissures" if token == "done" else f"Place a Fissure between {board.link_words(g, token)}"


def areas_bordering(g: Game, seat: int) -> list[str]:
    """Different Areas bordering a Link with your Fissure or Ship (SC-REF-72)."""
    out: list[str] = []
    for lk in fissure_links(g, seat):
        out += [a for a in board.link_areas(g, lk) if a not in out]
    return sorted(out, key=lambda a: g.data.areas[a].name)


def run_push(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """SMITE_PUSH: the first Bot of the set is Stunned and pushed into an adjacent Area you choose (Obstacles
    ignored, SC-REF-45/52); not a Move, so it does not Recover."""
    bots = [b for b in item["bots"] if board.in_play(g.g["bots"][b])]
    if not bots:
        return None
    return board.neighbours(g, g.g["bots"][bots[0]]["at"]) or None


def pick_push(g: Game, item: dict[str, Any], token: Any) -> None:
    bots = [b for b in item["bots"] if board.in_play(g.g["bots"][b])]
    bid, bot = bots[0], g.g["bots"][bots[0]]
    g.log(f"{bot_text(g, bid)} is Stunned and pushed into {g.data.areas[token].name}.")
    bot.update(stunned=True, at=token)
    g.g["turn"]["pushed"] = g.g["turn"].get("pushed", 0) + 1
    if bots[1:]:
        effects.push_front(g, {**item, "bots": bots[1:]})


def label_push(g: Game, item: dict[str, Any], token: Any) -> str:
    bid = next(b for b in item["bots"] if board.in_play(g.g["bots"][b]))
    return f"Push {bot_text(g, bid)} into {g.data.areas[token].name}"[:80]


EFFECTS = {
    FISSURE: Handler(run_fissure, pick=pick_fissure, label=label_fissure, prompt="Place a Fissure in which Link?",
                     auto_single=False, default=lambda g, item, options: options[0]),
    PUSH: Handler(run_push, pick=pick_push, label=label_push, prompt="Smite: push that Bot into which Area?",
                  auto_single=False),
}
"""The effects written here."""
