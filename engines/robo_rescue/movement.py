"""Movement: running Movement cards and position modifiers on a small world (RR-MOVE, RR-MOD).

The same code validates a Command at programming (RR-PROG-13, by simulating it on a copy) and
resolves it for real, so the preview, the legality check and the result cannot disagree.
A world is plain JSON: ``{"robots": {seat: [space, facing]}, "boxes": [...], "me": seat,
"energy": n, "portal": bool}``.
"""

from __future__ import annotations

from typing import Any

from .board import ahead, turn, wrap
from .content import Content, Position

World = dict[str, Any]


class Blocked(Exception):
    """The Command cannot use all of its movement (RR-MOVE-04): it is illegal."""


def world_of(g: dict[str, Any], seat: int) -> World:
    """The movement-relevant part of the game state, seen by ``seat``'s robot."""
    robots = {s: [r["at"], r["facing"]] for s, r in g["robots"].items()}
    return {"robots": robots, "boxes": list(g["boxes"]), "me": str(seat),
            "energy": g["players"][str(seat)]["energy"], "portal": False}


def copy_world(w: World) -> World:
    return {"robots": {s: list(r) for s, r in w["robots"].items()}, "boxes": list(w["boxes"]),
            "me": w["me"], "energy": w["energy"], "portal": w["portal"]}


def occupant(w: World, space: str) -> tuple[str, Any] | None:
    """What object stands on ``space`` (RR-GEN-06: only boxes and robots are objects)."""
    if space in w["boxes"]:
        return ("box", w["boxes"].index(space))
    for seat, (at, _) in w["robots"].items():
        if at == space and seat != w["me"]:
            return ("robot", seat)
    return None


def _move_object(w: World, obj: tuple[str, Any], to: str) -> None:
    if obj[0] == "box":
        w["boxes"][obj[1]] = to
    else:
        w["robots"][obj[1]][0] = to


def _object_space(w: World, obj: tuple[str, Any]) -> str:
    return w["boxes"][obj[1]] if obj[0] == "box" else w["robots"][obj[1]][0]


def run_card(w: World, c: Content, card: str, token: str | None, param: str | None) -> dict[str, Any]:
    """Resolve one Movement card with its on-card token; raises ``Blocked`` if illegal.

    Returns the card's trace: ``path`` (spaces entered), ``pushes``, ``stopped`` (Turbo failure,
    RR-MOVE-08) and ``moved`` (end spaces of objects that changed space, for switches RR-SWITCH-02).
    """
    me = w["robots"][w["me"]]
    start = me[0]
    program = list(c.programs[card])
    if token == "ONESTEP":  # RR-MOVE-05: only step 1
        program = program[:1]
    steps_left = program.count("STEP")
    trace: dict[str, Any] = {"card": card, "path": [start], "pushes": [], "stopped": False, "moved": []}
    pushed: tuple[str, Any] | None = None
    pushed_from = ""
    for part in program:
        if part in ("TURN_L", "TURN_R"):
            me[1] = turn(me[1], part[-1])  # RR-MOVE-03
            continue
        steps_left -= 1
        final = steps_left == 0
        target = ahead(me[0], me[1])
        through_portal = False
        if target is None:
            if not w["portal"]:
                raise Blocked("the robot would leave the board")
            target, w["portal"], through_portal = wrap(me[0], me[1]), False, True  # RR-MOVE-11
        obj = occupant(w, target)
        if obj is not None:
            if through_portal:
                raise Blocked("an object blocks the Portal exit")  # RR-MOVE-13
            if token == "TURBO":  # RR-MOVE-06..09
                beyond = ahead(target, me[1])
                if (pushed is not None and obj != pushed) or beyond is None or occupant(w, beyond) is not None:
                    trace["stopped"] = True
                    break
                if pushed is None:
                    pushed, pushed_from = obj, target
                _move_object(w, obj, beyond)
                trace["pushes"].append([target, beyond])
            elif token == "LEVITATE" and not final:
                pass  # RR-MOVE-10: float over, must land beyond
            else:
                raise Blocked("an object blocks the path")
        me[0] = target
        trace["path"].append(target)
    if token == "ONESTEP" and card != "FORWARD" and param == "turn":
        me[1] = turn(me[1], "L" if card == "LEFT" else "R")  # RR-MOVE-05: face the card's turn
    if occupant(w, me[0]) is not None:
        raise Blocked("the robot cannot end on an object")  # RR-MOVE-14
    w["portal"] = False  # RR-MOD-08: a Portal only affects the next card
    if me[0] != start:
        trace["moved"].append(me[0])
    if pushed is not None and _object_space(w, pushed) != pushed_from:
        trace["moved"].append(_object_space(w, pushed))
    return trace


def blast_uses(w: World, c: Content) -> list[str]:
    """What a Blast! could do right now (RR-MOD-04/05)."""
    me = w["robots"][w["me"]]
    uses = []
    front = ahead(me[0], me[1])
    if front is not None and front in w["boxes"]:
        uses.append("box")
    if me[0] in c.corners and w["energy"] < c.rules["energy_max"]:
        uses.append("energy")
    return uses


def apply_other(w: World, c: Content, token: str, param: str | None) -> dict[str, Any]:
    """Resolve a before/between/after modifier; returns what happened (for Blast! rewards)."""
    me = w["robots"][w["me"]]
    if token == "ROT90":
        me[1] = turn(me[1], param or "R")  # RR-MOD-02
    elif token == "ROT180":
        me[1] = turn(me[1], "U")  # RR-MOD-03
    elif token == "PORTAL":
        w["portal"] = True  # RR-MOD-08
    elif token == "BLAST":
        uses = blast_uses(w, c)
        use = param if param in uses else (uses[0] if uses else None)  # RR-MOD-06
        if use == "box":
            w["boxes"].remove(ahead(me[0], me[1]))
            return {"blast": "box"}
        if use == "energy":
            w["energy"] += 1
            return {"blast": "energy"}
        return {"blast": None}
    return {}


def run_position(w: World, c: Content, command: dict[str, Any], p: Position) -> dict[str, Any]:
    """Resolve one position of a Command (RR-PROG-18); raises ``Blocked`` if illegal."""
    mod = command["mods"].get(str(p.pos))
    if p.kind == "card":
        card = command["cards"][p.card - 1]
        return run_card(w, c, card, mod and mod["type"], mod and mod.get("param"))
    if mod:
        return apply_other(w, c, mod["type"], mod.get("param"))
    return {}


def simulate(w: World, c: Content, command: dict[str, Any]) -> list[dict[str, Any]] | None:
    """Run a whole Command on a copy; the per-position traces, or None if it is illegal (RR-PROG-13)."""
    w = copy_world(w)
    traces = []
    try:
        for p in c.positions[command["kind"]]:
            traces.append(run_position(w, c, command, p))
    except Blocked:
        return None
    return traces
