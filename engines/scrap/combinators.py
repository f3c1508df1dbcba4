"""Conditional combinators of the effect trees (spec §4.0): ``choose_area`` binds an Area variable, ``when``
adds a Value only if a condition holds, ``if``/``then``/``else`` picks a branch, ``count`` counts Bots.

Conditions understood: ``enemy_controlled`` (SC-SEARCH-02 Control by another player), ``vow_face`` (an
Olympus Vow's side). Any other condition is false (logged by the caller)."""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects
from engines.core.effects import Handler

from . import board
from .support import player

CHOOSE_AREA = "choose_area"
BOUND_KEYS = ("area", "at", "to", "in", "where", "bait", "link")
"""Keys whose value may name a bound variable."""


def bind(tree: Any, var: str, value: str) -> Any:
    """``tree`` with the variable ``var`` replaced by ``value`` where a key names a place."""
    if isinstance(tree, list):
        return [bind(x, var, value) for x in tree]
    if not isinstance(tree, dict):
        return tree
    return {k: (value if k in BOUND_KEYS and v == var else bind(v, var, value)) for k, v in tree.items()}


def bound(g: Game) -> dict[str, Any]:
    """Variables bound earlier in this Function (an Area, a Bot and its Size ``S(b)``), by name."""
    turn = g.g.get("turn")
    return turn.setdefault("bound", {}) if turn is not None else {}


def remember(g: Game, var: str, value: str, size: int | None = None) -> None:
    """Keep a chosen Area or Bot for the later parts of the Function (a Power-Up after the Core)."""
    if g.g.get("turn") is not None:
        bound(g)[var] = value
        if size is not None:
            bound(g)[f"S({var})"] = size


def holds(g: Game, seat: int, cond: dict[str, Any]) -> bool | None:
    """Whether a condition holds; None when it is not understood."""
    kind = cond.get("cond")
    if kind == "enemy_controlled":
        owner = board.controller(g, cond["area"]) if cond.get("area") in g.g["areas"].values() else None
        return owner is not None and owner != seat
    if kind == "destroyed_any":  # the preceding Crush Destroyed a Bot
        return g.g["turn"].get("destroyed", 0) > 0
    if kind == "scored_any":  # the preceding SCORE Scored a Fragment
        return g.g["turn"].get("scored", 0) > 0
    if kind == "swapped":  # the preceding SWAP happened (#8)
        return g.g["turn"].get("swapped", 0) > 0
    if kind == "fissures_in_play_at_least":  # #66 (SC-REF-66): your Fissures on Links, your Ship counts as one
        count = sum(stack.count(f"fissure:{seat}") for stack in g.g["links"].values())
        ship = any(f"ship:{seat}" in stack for stack in g.g["links"].values())
        return count + int(ship) >= int(cond["v"])
    if kind == "relocated":  # #65: the Warp's Core relocated a Bot this turn
        bot = g.g["bots"].get(g.g["turn"].get("relocated") or "")
        return bot is not None and board.in_play(bot)
    if kind == "destroyed_stunned_size_at_least" and isinstance(cond.get("v"), int):  # SC-REF-32
        return g.g["turn"].get("destroyed_stunned_size", 0) >= cond["v"]
    if kind == "vow_face":
        return player(g, seat)["unique"].get("vows", {}).get(cond["vow"]) == cond["side"]
    return None


def settle(g: Game, seat: int, tree: Any) -> Any:
    """Work out ``when`` Values and ``count`` expressions whose places are bound."""
    if isinstance(tree, list):
        return [settle(g, seat, x) for x in tree]
    if not isinstance(tree, dict):
        return tree
    if set(tree) == {"when", "v"} and isinstance(tree["when"], dict):
        ok = holds(g, seat, tree["when"])
        if ok is not None:
            return settle(g, seat, tree["v"]) if ok else 0
    if tree.get("count") == "bots_destroyed" and set(tree) == {"count"}:
        return int(g.g["turn"].get("destroyed", 0))
    if tree.get("count") in COUNTS and set(tree) == {"count"}:
        return COUNTS[tree["count"]](g, seat)
    if tree.get("count") == "enemy_bots_in" and tree.get("area") in g.g["areas"].values():
        return sum(1 for b in g.g["bots"].values() if b["at"] == tree["area"] and b["owner"] != seat)
    return {k: settle(g, seat, v) for k, v in tree.items()}


def fissure_links(g: Game, seat: int) -> list[str]:
    """Links holding your Fissure, your Ship's Link counting as one (SC-REF-69/72/74), each once."""
    return [lk for lk, stack in g.g["links"].items() if f"fissure:{seat}" in stack or f"ship:{seat}" in stack]


COUNTS = {
    "ruins_links_crossed": lambda g, seat: len(g.g["turn"].get("ruins_crossed", [])),  # SC-REF-09
    "own_fissure_links": lambda g, seat: len(fissure_links(g, seat)),  # SC-REF-69
    "bots_pushed": lambda g, seat: int(g.g["turn"].get("pushed", 0)),  # SC-REF-52
}
"""``count`` expressions of the seat's own turn."""


def branch(g: Game, seat: int, node: dict[str, Any]) -> Any:
    """``{"if": cond, "then": …, "else": …}``: the branch to resolve (None: nothing, or not understood)."""
    ok = holds(g, seat, node["if"])
    if ok is None:
        return None
    if ok and node["if"].get("cond") == "relocated" and node["if"].get("bot"):  # bind "the first" Bot (#65)
        return _bind_bot(node["then"], node["if"]["bot"], g.g["turn"]["relocated"])
    return node["then"] if ok else node.get("else")


def _bind_bot(tree: Any, var: str, bid: str) -> Any:
    if isinstance(tree, list):
        return [_bind_bot(x, var, bid) for x in tree]
    if not isinstance(tree, dict):
        return tree
    return {k: (bid if k == "bot" and v == var else _bind_bot(v, var, bid)) for k, v in tree.items()}


def areas_for(g: Game, seat: int, sel: str, link: str | None = None) -> list[str] | None:
    """The Areas a ``choose_area`` selector allows (None: the selector is not understood)."""
    areas = sorted(g.g["areas"].values(), key=lambda a: g.data.areas[a].name)
    own = {b["at"] for b in g.g["bots"].values() if b["owner"] == seat and not b["stunned"] and board.in_play(b)}
    if sel == "any_area":
        return areas
    if sel == "has_own_active_bot":
        return [a for a in areas if a in own]
    if sel == "bordering_link":  # SC-REF-74: one of the two Areas of the Link
        return sorted(board.link_areas(g, link), key=lambda a: g.data.areas[a].name) if link in g.g["links"] else []
    if sel == "has_enemy_bots":  # SC-REF-37 Apex Scavenge
        return [a for a in areas if any(b["at"] == a and b["owner"] != seat for b in g.g["bots"].values())]
    if sel == "has_relic_and_own_active":
        return [a for a in areas if a in own and a in g.g["relics"]]
    return None


def run_choose_area(g: Game, item: dict[str, Any]) -> list[Any] | None:
    options = areas_for(g, item["owner"], item["sel"], item.get("link"))
    if not options:
        g.log(f"{{seat{item['owner']}}} has no Area to choose.")
    return options or None


def pick_choose_area(g: Game, item: dict[str, Any], token: Any) -> None:
    remember(g, item["as"], token)
    tree = settle(g, item["owner"], bind(item["do"], item["as"], token))
    effects.push_front(g, effects.effect("node", item["owner"], node=tree))


def label_choose_area(g: Game, item: dict[str, Any], token: Any) -> str:
    return f"Choose {g.data.areas[token].name}"


EFFECTS = {
    CHOOSE_AREA: Handler(run_choose_area, pick=pick_choose_area, label=label_choose_area,
                         prompt="Choose an Area."),
}
"""The combinators that ask."""
