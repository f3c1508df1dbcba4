"""Map actions run by the interpreter. So far: Create (SC-ACT-CREATE-01..04)."""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects
from engines.core.effects import Handler

from . import board
from .support import player

CREATE = "create"


def weapon_energy(g: Game, seat: int) -> int:
    """What the seat's Weapons are worth towards a Create cost (SC-ACT-WEAPONS-03)."""
    kinds = g.data.supplies["weapons"]["kinds"]
    return sum(kinds[k]["energy"] for k in player(g, seat)["weapons"])


def run_create(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """Create N: Bots of total Size ≤ N from the Reserve, each paid, into an Area beside the Ship; 'done' ends."""
    seat, left = item["owner"], item["left"]
    if board.ship_link(g, seat) is None:
        return None
    intel = g.data.intelligences[player(g, seat)["intel"]]
    budget = player(g, seat)["energy"] + weapon_energy(g, seat)
    options: list[Any] = ["done"]
    for bot in intel.bots:
        if bot.size <= left and bot.cost <= budget and board.reserve(g, seat, bot.size):  # SC-ACT-CREATE-04
            options += [f"s{bot.size}a", f"s{bot.size}b"]
    return options if len(options) > 1 else None


def pick_create(g: Game, item: dict[str, Any], token: Any) -> None:
    """Deploy one Bot: pay its cost with Energy first, then Weapons (Basic first), back to the supply."""
    if token == "done":
        return
    seat = item["owner"]
    p = player(g, seat)
    size, side = int(token[1]), token[2]
    bot = g.data.intelligences[p["intel"]].bot(size)
    due = bot.cost
    paid = min(due, p["energy"])
    p["energy"] -= paid
    due -= paid
    kinds = g.data.supplies["weapons"]["kinds"]
    for kind in sorted(kinds, key=lambda k: kinds[k]["energy"]):
        while due > 0 and kind in p["weapons"]:
            p["weapons"].remove(kind)
            g.g["supply"]["weapons"] += 1
            due -= kinds[kind]["energy"]  # an overpaying Weapon's excess is lost
    area = board.ship_areas(g, seat)[0 if side == "a" else 1]
    bid = board.reserve(g, seat, size)[0]
    g.g["bots"][bid].update(at=area, stunned=False)
    g.log(f"{{seat{seat}}} deploys a {bot.name} into {g.data.areas[area].name}.")
    if item["left"] - size > 0:
        effects.push_front(g, {**item, "left": item["left"] - size})


def label_create(g: Game, item: dict[str, Any], token: Any) -> str:
    if token == "done":
        return "Stop deploying"
    seat = item["owner"]
    bot = g.data.intelligences[player(g, seat)["intel"]].bot(int(token[1]))
    area = board.ship_areas(g, seat)[0 if token[2] == "a" else 1]
    cost = f", pay {bot.cost} Energy" if bot.cost else ""
    return f"Deploy a {bot.name} (Size {bot.size}) into {g.data.areas[area].name}{cost}"


def default_create(g: Game, item: dict[str, Any], options: list[Any]) -> Any:
    """§6.7: the cheapest Bots, paid with Energy only, first Area first."""
    seat = item["owner"]
    bots = g.data.intelligences[player(g, seat)["intel"]].bots
    cheap = [t for t in options if t != "done" and bots[int(t[1]) - 1].cost <= player(g, seat)["energy"]]
    return min(cheap, key=lambda t: (bots[int(t[1]) - 1].cost, t)) if cheap else "done"


EFFECTS = {
    CREATE: Handler(run_create, pick=pick_create, label=label_create, prompt="Create: deploy which Bot, where?",
                    auto_single=False, default=default_create),
}
"""The Map actions' effect handlers."""
