"""Who plays: the robots of a game and their hands (SB-SOLO-07).

With 2-4 players every seat has a BetaBot. Solo (1 seat) adds DeltaBot as robot 1, a participant the solo
player steers (``Engine.steered``): steps name robots, and seat 0 answers for both. Both bots program from
one shared hand, kept under seat 0.
"""

from __future__ import annotations

from typing import Any

from engines.core import Game

DELTA = 1
"""DeltaBot's robot number in a solo game (its board is ``players["1"]``)."""
DELTA_NAME = "DeltaBot"


def solo(g: Game) -> bool:
    """A solo game against DeltaBot (SB-SOLO)."""
    return g.seats == 1


def robots(g: Game) -> list[int]:
    """Every robot with a board: the seats, and DeltaBot in solo."""
    return [0, DELTA] if solo(g) else list(range(g.seats))


def is_delta(g: Game, robot: int) -> bool:
    """Is ``robot`` DeltaBot?"""
    return robot == DELTA and solo(g)


def hand_key(g: Game, robot: int) -> str:
    """Whose hand ``robot`` draws into and programs from (one shared hand in solo)."""
    return "0" if solo(g) else str(robot)


def hand_of(g: Game, robot: int) -> list[str]:
    """The hand ``robot`` draws into and programs from (SB-SOLO-07: shared in solo)."""
    return g.g["hands"][hand_key(g, robot)]


def seat_of(g: Game, robot: int) -> int:
    """The seat deciding for ``robot`` (the solo player for DeltaBot)."""
    return 0 if solo(g) else robot


def called(g: Game, robot: int) -> str:
    """How texts name a robot's owner: ``{seatN}`` (the host fills in the name), or DeltaBot."""
    return DELTA_NAME if is_delta(g, robot) else f"{{seat{robot}}}"


def own_words(g: Game, robot: int) -> str:
    """The robot as its decider reads it: "your BetaBot", or DeltaBot."""
    return DELTA_NAME if is_delta(g, robot) else "your BetaBot"


def delta(g: Game) -> dict[str, Any] | None:
    """DeltaBot's board in a solo game, else None."""
    return g.g["players"].get(str(DELTA)) if solo(g) else None


def cargo_of(g: Game, robot: int) -> dict[str, Any]:
    """The Cargo cards ``robot`` delivers with: its own, or in solo BetaBot's for DeltaBot (SB-SOLO-09)."""
    return g.g["players"]["0" if is_delta(g, robot) else str(robot)]["cargo"]


def partner_here(g: Game, robot: int) -> int | None:
    """Solo: the other bot when both stand at the same location (they may share in Phase 4, SB-SOLO-12)."""
    if not solo(g):
        return None
    other = 1 - robot
    mine, theirs = g.g["players"][str(robot)], g.g["players"][str(other)]
    if theirs.get("exploded") or (mine["mini"], mine.get("square")) != (theirs["mini"], theirs.get("square")):
        return None
    return other
