"""Board geometry: space names, directions, neighbours and the Portal wrap."""

from __future__ import annotations

import json

from .content import DATA_DIR

_BOARD = json.loads((DATA_DIR / "board.json").read_text(encoding="utf-8"))
SIZE = _BOARD["size"]["cols"]
COLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:SIZE]
DIRS = "NESW"
DELTA = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
DIR_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}


def xy(space: str) -> tuple[int, int]:
    """``"C3"`` → ``(2, 2)``."""
    return COLS.index(space[0]), int(space[1:]) - 1


def name(x: int, y: int) -> str:
    return f"{COLS[x]}{y + 1}"


def on_board(x: int, y: int) -> bool:
    return 0 <= x < SIZE and 0 <= y < SIZE


def ahead(space: str, facing: str) -> str | None:
    """The neighbouring space in ``facing``; None off the board (walls are only the edges, RR-GEN-06)."""
    x, y = xy(space)
    dx, dy = DELTA[facing]
    return name(x + dx, y + dy) if on_board(x + dx, y + dy) else None


def wrap(space: str, facing: str) -> str:
    """The space on the opposite edge in the same row/column (Portal, RR-MOVE-11)."""
    x, y = xy(space)
    if facing in "EW":
        return name(0 if facing == "E" else SIZE - 1, y)
    return name(x, 0 if facing == "S" else SIZE - 1)


def turn(facing: str, how: str) -> str:
    """Rotate: ``L`` left, ``R`` right, ``U`` about (180°)."""
    step = {"L": -1, "R": 1, "U": 2}[how]
    return DIRS[(DIRS.index(facing) + step) % 4]
