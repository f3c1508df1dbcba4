"""SWAP (spec §4.0; #8 Iterative Forge, SC-REF-08): exchange one of your Bots in play with a Bot from another
zone (Errorful Learning or the Reserve) by a Size rule. The new Bot takes the old one's place and state (Active
or Stunned) and any Virus token; the old one goes to that zone; no Energy is paid or gained. Like an Upgrade,
a printed Swap is made when one is possible (SC-ACTGEN-08) and fails when none is; ``turn.swapped`` counts the
swaps for ``{"cond": "swapped"}``.

Written: ``bot: own_in_play`` with ``from_zone`` ``errorful_learning``/``reserve`` and ``size_rule`` ``plus_1``,
``different`` or ``any``; and #22 Morphing Manoeuvre's optional swap of the Bot that just Moved, from the
Reserve (SC-REF-22), whose new Bot counts as moved."""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects
from engines.core.effects import Handler

from . import board, virus
from .support import player
from .words import article

SWAP, XP_MAX = "swap", 9
ZONES = {"errorful_learning": board.ERRORFUL, "reserve": None}
SELECTORS = ("own_in_play",)
RULES = ("plus_1", "different", "any")


def understood(node: dict[str, Any]) -> bool:
    """The interpreter can run this SWAP atom."""
    return node.get("bot") in SELECTORS and node.get("from_zone") in ZONES and node.get("size_rule") in RULES


def queue(g: Game, seat: int, node: dict[str, Any]) -> None:
    g.g["turn"].setdefault("swapped", 0)
    effects.push_front(g, effects.effect(SWAP, seat, zone=node["from_zone"], rule=node["size_rule"]))


def for_bot(g: Game, seat: int, bid: str, rule: str) -> dict[str, Any]:
    """#22: the optional swap of the Bot ``bid`` that just Moved, for a Reserve Bot by ``rule``."""
    return effects.effect(SWAP, seat, zone="reserve", rule=rule, only=bid, optional=True)


def _fits(rule: str, old: int, new: int) -> bool:
    return new == old + 1 if rule == "plus_1" else new != old if rule == "different" else True


def run_swap(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """The (old Size, Area, state, new Size) exchanges possible, one option per look-alike group."""
    seat, zone = item["owner"], ZONES[item["zone"]]
    held = {b["size"] for b in g.g["bots"].values() if b["owner"] == seat and b["at"] == zone}
    groups = {(b["size"], b["at"], b["stunned"]) for k, b in g.g["bots"].items()
              if b["owner"] == seat and board.in_play(b) and item.get("only") in (None, k)}
    options = [f"w{size}-{at}-{'s' if st else 'a'}-{new}" for size, at, st in sorted(groups) for new in sorted(held)
               if _fits(item["rule"], size, new) and not board.forbidden_size(g, seat, new)]
    if not options and not item.get("optional"):
        g.log(f"{{seat{seat}}} has no Bot to swap.")
    return (["keep", *options] if item.get("optional") else options) if options else None


def pick_swap(g: Game, item: dict[str, Any], token: Any) -> None:
    if token == "keep":
        return
    seat, zone = item["owner"], ZONES[item["zone"]]
    size, at, state, new_size = token[1:].split("-")
    old = item.get("only") or next(bid for bid, b in sorted(g.g["bots"].items()) if b["owner"] == seat
                                   and b["size"] == int(size) and b["at"] == at and b["stunned"] == (state == "s"))
    new = next(bid for bid, b in sorted(g.g["bots"].items()) if b["owner"] == seat and b["size"] == int(new_size)
               and b["at"] == zone)
    g.g["bots"][new].update(at=at, stunned=g.g["bots"][old]["stunned"])  # same place, same state
    g.g["bots"][old].update(at=zone, stunned=False)
    virus.follow(g, old, new)
    queue = effects.pending(g)
    if item.get("only") and queue and queue[0]["effect"] == "mobilise":  # the new Bot has Moved too
        queue[0]["moved"] = [new if b == old else b for b in queue[0]["moved"]]
    g.g["turn"]["swapped"] = g.g["turn"].get("swapped", 0) + 1
    words = label_swap(g, item, token).replace("Swap your", "swaps their", 1).replace("your Reserve", "their Reserve")
    g.log(f"{{seat{seat}}} {words}.")


def label_swap(g: Game, item: dict[str, Any], token: Any) -> str:
    if token == "keep":
        return "Keep the Bot (no swap)"
    size, at, state, new_size = token[1:].split("-")
    intel = g.data.intelligences[player(g, item["owner"])["intel"]]
    stunned = " (Stunned)" if state == "s" else ""
    where = "Errorful Learning" if item["zone"] == "errorful_learning" else "your Reserve"
    return (f"Swap your {intel.bot(int(size)).name}{stunned} in {g.data.areas[at].name} for "
            f"{article(intel.bot(int(new_size)).name)} from {where}")


def gain_xp(g: Game, seat: int, n: int) -> None:
    """XP(n) (Cerebrum): the XP Marker up n, at most 9."""
    unique = player(g, seat)["unique"]
    if "xp" not in unique:
        return
    unique["xp"] = min(XP_MAX, unique["xp"] + n)
    g.log(f"{{seat{seat}}} gains {n} XP: XP {unique['xp']}.")


EFFECTS = {SWAP: Handler(run_swap, pick=pick_swap, label=label_swap, prompt="Swap which Bot?")}
"""The Swap handler."""
