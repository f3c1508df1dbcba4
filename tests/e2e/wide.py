"""Wide Pick: a fixture engine whose only prompt offers 40 moves (too many for buttons → select menus)."""

from __future__ import annotations

from typing import Any

import engines
from engines.core import Action, Engine, Game, State, Step

CHOICES = 40


class Pick(Step):
    """The seat in ``frame["seat"]`` picks a number from 1 to 40."""

    name = "pick"

    def actions(self, g: Game, seat: int) -> list[Action]:
        return [Action("pick", n) for n in range(1, CHOICES + 1)]

    def act(self, g: Game, seat: int, action: Action) -> None:
        g.g["picked"][str(seat)] = action.args[0]
        g.log(f"{{seat{seat}}} picks {action.args[0]}.")
        if seat + 1 < g.seats:
            g.goto("pick", seat=seat + 1)
            return
        best = max(g.g["picked"].values())
        g.finish([int(s) for s, v in g.g["picked"].items() if v == best], dict(g.g["picked"]), "highest pick")

    def prompt(self, g: Game, seat: int) -> str:
        return "Pick a number; the highest wins."

    def label(self, g: Game, seat: int, action: Action) -> str | None:
        return f"Pick number {action.args[0]}"


class WidePick(Engine):
    """One prompt with 40 legal moves."""

    id = "wide"
    title = "Wide Pick"
    min_players = 1
    max_players = 2
    steps = (Pick,)
    rules_summary = "Everyone picks a number from 1 to 40 in turn; the highest pick wins."

    def start(self, g: Game) -> None:
        g.g["picked"] = {}
        g.goto("pick", seat=0)

    def table_view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"picked": dict(state["g"]["picked"])}


WIDE = WidePick()


def register() -> WidePick:
    """Put Wide Pick in the registry (tests only)."""
    engines.register(WIDE)
    return WIDE
