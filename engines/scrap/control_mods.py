"""The Control changes a Function made this turn (``turn.control``), as the board reads them when it works out
who Controls an Area (the changes themselves are made in ``control``)."""

from __future__ import annotations

from typing import Any

from engines.core import Game

from .support import player


def mods(g: Game) -> list[dict[str, Any]]:
    """This turn's Control changes: Plagues, Metastatic and Swooping Scavenge."""
    turn = g.g.get("turn")
    return turn.get("control", []) if turn else []


def infected(g: Game, seat: int) -> list[str]:
    """The Bots the seat's Virus tokens are on."""
    return list(player(g, seat)["unique"].get("infected", []))
