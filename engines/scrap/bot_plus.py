"""The SCRAP bot's choices in plus-joined Actions and other players' prompts (rules version 3): part order,
pauses, sums, trigger order, Succumb or Resist, naming a player, Weapons."""

from __future__ import annotations

import random
from typing import Any

from engines.core import Action, Game, effects

from . import bot_eval as ev
from .plus import PLUS
from .support import player

RANK = {"weapon": 0, "energy": 0, "celestium": 0, "data": 0, "fragment": 0, "progress": 0, "refresh": 0,
        "fly": 1, "create": 2, "upgrade": 2, "mobilise": 3, "crush": 4, "disable": 4, "search": 5}
"""Part order: gains first (a Weapon pays a Create), then the Ship, Bots in, Crush beside them, Search last
(once the Moves have won Control)."""
MIDDLE = 2.5


def part_op(part: dict[str, Any]) -> str | None:
    """The Action type of a plus part (a paused part: its effect)."""
    if "item" in part:
        return str(part["item"].get("effect"))
    node = part.get("node") or {}
    return node.get("op") or (node.get("then") or {}).get("op") or (node.get("do") or {}).get("op")


def part_rank(part: dict[str, Any]) -> float:
    """Where a part goes in :data:`RANK` (unknown parts in the middle)."""
    return RANK.get(part_op(part) or "", MIDDLE)


def plus_order(item: dict[str, Any], legal: list[Action]) -> Action:
    """Add same-type parts together (a bigger Value allows more); else the part that should go first."""
    toks = {str(a.args[0]): a for a in legal}
    joins = [a for t, a in toks.items() if t[0] == "j"]
    if joins:
        return joins[0]
    parts = [a for t, a in toks.items() if t[0] == "p" and t[1:].isdigit()]
    if not parts:
        return legal[0]
    return min(parts, key=lambda a: (part_rank(item["parts"][int(str(a.args[0])[1:])]), str(a.args[0])))


def should_pause(g: Game, item: dict[str, Any]) -> bool:
    """Pause this part when another part of its Action should go first (e.g. gain the Weapon, then Create)."""
    queue = effects.pending(g)
    if not queue or queue[0]["effect"] != PLUS:
        return False
    here = RANK.get(str(item.get("effect")), MIDDLE)
    return any(part_rank(p) < here for p in queue[0]["parts"] if "item" not in p)


def trigger_order(legal: list[Action]) -> Action:
    """Infection before the Plague check: the newly Infected Bots then count toward Control (and its Data)."""
    return next((a for a in legal if a.args and a.args[0] == "infection"), legal[0])


def side_worth(g: Game, seat: int, tree: Any) -> int:
    """A named player's option in Data for them: their gains count, the namer's gains and an Infection against."""
    worth = 0
    for part in tree.get("seq", [tree]) if hasattr(tree, "get") else []:
        if part.get("op") == "virus":
            worth -= 2
        elif part.get("who") == seat:
            worth += ev.reward_worth(part)
        else:
            worth -= ev.reward_worth(part)
    return worth


def choose_side(g: Game, seat: int, item: dict[str, Any], legal: list[Action], rnd: random.Random) -> Action:
    """Succumb or Resist: the option worth more for this seat than for the one who named it."""
    top = max(side_worth(g, seat, item["options"][a.args[0]]) for a in legal)
    return rnd.choice([a for a in legal if side_worth(g, seat, item["options"][a.args[0]]) == top])


def name_player(g: Game, seat: int, legal: list[Action]) -> Action:
    """Name the leader: the Function's harm (or its choice) falls on whoever is closest to 50 Data."""
    lead = ev.leader(g, seat)
    return next((a for a in legal if a.args and a.args[0] == lead), legal[0])


def weapon(g: Game, seat: int, item: dict[str, Any], legal: list[Action]) -> Action:
    """Full Weapon slots: swap the weakest Weapon for a stronger new one, else keep them."""
    kinds = g.data.supplies["weapons"]["kinds"]
    held = player(g, seat)["weapons"]
    new = int(kinds[item["kind"]]["strength"])
    swaps = [a for a in legal if isinstance(a.args[0], int)]
    if swaps:
        worst = min(swaps, key=lambda a: int(kinds[held[a.args[0]]]["strength"]))
        if int(kinds[held[worst.args[0]]]["strength"]) < new:
            return worst
    return next((a for a in legal if a.args[0] == "decline"), legal[0])
