"""Plus-joined Actions ("A + B", SC-ACTGEN-03): one Action whose parts resolve in the player's chosen order.

The parts start in printed order; a Mobilise, Create or Fly part may **pause** ("do another part first"), and
then the player picks which part goes next, a paused part going on where it stopped (SC-CORE-01/02: gain the
Weapon before the Create, Move some Bots, Fly, Move more). A Power-Up joined with ``join_before`` must resolve
before that part (SC-REF-02: Guarding Manoeuvre's Crush before the Search 1). A Search's Rewards resolve the same
way, and Rewards (or parts) with the same Action type may first be added together into one (SC-REWARD-03)."""

from __future__ import annotations

import json
from typing import Any

from engines.core import Game, effects
from engines.core.effects import Handler

from .words import describe

PLUS, PAUSE, NO_JOIN = "plus", "pause", "nojoin"
PAUSABLE = ("mobilise", "create", "fly")
"""The Actions that may stop between parts and go on later."""
JOINABLE = frozenset({"create", "mobilise", "search"})
"""Action types whose Values may be added together (SC-REWARD-03) and where it matters: one Create or Mobilise
or Search of the sum allows what two smaller ones do not (a Size-3 Bot, a Cost-2 Reward); adding Energy or Data
changes nothing, so it is not asked."""


def flatten(parts: list[Any]) -> list[Any]:
    """A plus inside a plus is the same Action: its parts join the outer ones."""
    out: list[Any] = []
    for part in parts:
        out += flatten(part["plus"]) if isinstance(part, dict) and set(part) <= {"plus", "late"} else [part]
    return out


def queue(g: Game, seat: int, node: dict[str, Any], joinable: bool = False) -> None:
    """Queue a plus node's parts as one PLUS effect in front."""
    parts = [{"node": p} for p in flatten(node["plus"])]
    late = node.get("late")
    for part in parts:
        tree = part["node"]
        op = tree.get("op") or (tree.get("do") or {}).get("op")
        part["late"] = late is not None and op == late
    turn = g.g.get("turn") or {}
    pid = turn["plus_seq"] = turn.get("plus_seq", 0) + 1
    effects.push_front(g, effects.effect(PLUS, seat, parts=parts, pid=pid, ask=False, joined=not joinable,
                                         pauses=2 * len(parts)))


def _plain(part: dict[str, Any]) -> str | None:
    """The op of a part that is one plain atom with a numeric Value (joinable), else None."""
    node = part.get("node") or {}
    if set(node) == {"op", "v"} and isinstance(node["v"], int) and node["op"] in JOINABLE:
        return node["op"]
    return None


def _joins(item: dict[str, Any]) -> list[str]:
    ops = [op for op in map(_plain, item["parts"]) if op is not None]
    return sorted({op for op in ops if ops.count(op) > 1})


def _eligible(item: dict[str, Any]) -> list[int]:
    """The parts that may go next, one index for each different part (two "Fragment 1" are one choice)."""
    early = [i for i, p in enumerate(item["parts"]) if not p.get("late")]
    seen: set[str] = set()
    distinct = []
    for i in early or range(len(item["parts"])):
        key = json.dumps(item["parts"][i], sort_keys=True)
        if key not in seen:
            seen.add(key)
            distinct.append(i)
    return distinct


def run_plus(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """Ask for a join of same-type parts once, then start parts (printed order until a pause, then asked)."""
    if not item["parts"]:
        return None
    if not item["joined"]:
        joins = _joins(item)
        if joins:
            return [f"j{op}" for op in joins] + [NO_JOIN]
        item["joined"] = True
    eligible = _eligible(item)
    if item["ask"] and len(eligible) > 1:
        return [f"p{i}" for i in eligible]
    _start(g, item, eligible[0])
    return None


def _start(g: Game, item: dict[str, Any], index: int) -> None:
    parts = list(item["parts"])
    part = parts.pop(index)
    rest = {**item, "parts": parts}
    if "item" in part:
        first = {**part["item"], "pid": item["pid"]} if parts else {k: v for k, v in part["item"].items()
                                                                     if k != "pid"}
    else:
        node = part["node"]
        if parts and (node.get("op") in PAUSABLE or str(node.get("for_each", "")).startswith("tagged:")):
            node = {**node, "pid": item["pid"]}
        first = effects.effect("node", item["owner"], node=node)
    effects.push_front(g, first, *([rest] if parts else []))


def pick_plus(g: Game, item: dict[str, Any], token: Any) -> None:
    if token == NO_JOIN:
        effects.push_front(g, {**item, "joined": True})
        return
    if token.startswith("j"):
        op = token[1:]
        same = [p for p in item["parts"] if _plain(p) == op]
        total = sum(p["node"]["v"] for p in same)
        rest = [p for p in item["parts"] if _plain(p) != op]
        g.log(f"{{seat{item['owner']}}} adds them together: {describe({'op': op, 'v': total})}.")
        effects.push_front(g, {**item, "joined": True, "parts": [{"node": {"op": op, "v": total}}, *rest]})
        return
    _start(g, item, int(token[1:]))


def label_plus(g: Game, item: dict[str, Any], token: Any) -> str:
    if token == NO_JOIN:
        return "Keep them separate"
    if token.startswith("j"):
        op = token[1:]
        total = sum(p["node"]["v"] for p in item["parts"] if _plain(p) == op)
        return f"Add them together: {describe({'op': op, 'v': total})}"
    part = item["parts"][int(token[1:])]
    if "item" in part:
        paused = part["item"]
        left = f" ({paused['left']} left)" if isinstance(paused.get("left"), int) else ""
        return f"Go on with the {paused['effect'].capitalize()}{left}"
    return f"Now: {describe(part['node'])}"[:80]


def can_pause(g: Game, item: dict[str, Any]) -> bool:
    """The part may stop: the next queued effect is its own plus, with a part left and pauses to spare."""
    queue_ = effects.pending(g)
    return bool(item.get("pid")) and bool(queue_) and queue_[0]["effect"] == PLUS \
        and queue_[0]["pid"] == item["pid"] and bool(queue_[0]["parts"]) and queue_[0]["pauses"] > 0


def pause(g: Game, item: dict[str, Any]) -> None:
    """Stop this part here; its plus asks which part goes next, this one may go on later."""
    plus = effects.pending(g)[0]
    plus["parts"].append({"item": {k: v for k, v in item.items() if k != "pid"}})
    plus.update(ask=True, pauses=plus["pauses"] - 1)
    g.log(f"{{seat{item['owner']}}} pauses the {item['effect'].capitalize()} to do another part first.")


def pause_option(g: Game, item: dict[str, Any]) -> list[str]:
    """``["pause"]`` when the part may stop now."""
    return [PAUSE] if can_pause(g, item) else []


PAUSE_LABEL = "Do another part of this Action first"

EFFECTS = {
    PLUS: Handler(run_plus, pick=pick_plus, label=label_plus, prompt="Which part of the Action next?",
                  auto_single=True, default=lambda g, item, options: options[0]),
}
"""The plus-joined Action's handler."""
