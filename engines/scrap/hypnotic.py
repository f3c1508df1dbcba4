"""Hypnotic Raid's MOD (#16, ``battle.move_to_probe``): at the start of the Resolution Step the Current Player
moves ``count`` Infected enemy Bot(s) in this Battle to Probe on its owner's Battle Board (SC-REF-16)."""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects
from engines.core.effects import Handler

from .fight import battle, bot_words, distinct
from .virus import infected_by

MOVE_TO_PROBE, HOOK, PROBE = "move_to_probe", "battle.move_to_probe", "probe"


def run_move(g: Game, item: dict[str, Any]) -> list[Any] | None:
    boards = battle(g)["boards"]
    if item["left"] <= 0:
        return None
    options = distinct(g, [bid for bid in infected_by(g, item["owner"]) if boards.get(bid) not in (None, PROBE)])
    if not options:
        g.log("No Infected enemy Bot here to send to Probe.")
    return options or None


def pick_move(g: Game, item: dict[str, Any], token: Any) -> None:
    g.log(f"{{seat{item['owner']}}} sends {bot_words(g, token, armed=False)} to Probe.")
    battle(g)["boards"][token] = PROBE
    effects.push_front(g, {**item, "left": item["left"] - 1})


def label_move(g: Game, item: dict[str, Any], token: Any) -> str:
    return f"Send {bot_words(g, token, armed=False)} to Probe"[:80]


EFFECTS = {
    MOVE_TO_PROBE: Handler(run_move, pick=pick_move, label=label_move,
                           prompt="Hypnotic Raid: which Infected enemy Bot goes to Probe?"),
}
"""The MOD's choice."""
