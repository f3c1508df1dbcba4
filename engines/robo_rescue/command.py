"""Resolving a confirmed Command: positions in order, Board Actions after each card, then switches.

RR-PROG-17/18, RR-SWITCH. The ``command`` frame is a driver: it only ever waits under a
``board_actions`` or ``gain`` sub-prompt and continues in ``resume``.
"""

from __future__ import annotations

from typing import Any

from engines.core import Action, Game, Step

from .board import DIR_NAMES, ahead
from .board_actions import actions_available
from .content import position_words
from .gains import give
from .movement import run_position, world_of
from .player_board import gain_energy, player

RESOLVED = "resolved"


PARAM_WORDS = {"L": " turning left", "R": " turning right", "box": " on the box", "energy": " for energy",
               "keep": " keeping its facing", "turn": " facing the turn"}


def describe_command(g: Game, cmd: dict[str, Any]) -> str:
    """One public line naming the Command (RR-PROG-17: public once confirmed)."""
    c = g.data
    parts = [" then ".join(c.card_names[k] for k in cmd["cards"])]
    by_pos = {p.pos: p for p in c.positions[cmd["kind"]]}
    for pos, m in sorted(cmd["mods"].items()):
        where = position_words(cmd["kind"], by_pos[int(pos)])
        parts.append(f"{c.modifier_types[m['type']]['name']} {where}{PARAM_WORDS.get(m['param'], '')}")
    head = "Single Move" if cmd["kind"] == "single" else "Combi-Move"
    if cmd.get("combi", "").startswith("MC"):
        head += " (Master Coder)"
    return f"{head}: " + ", ".join(parts)


def _activate(g: Game, seat: int, card_id: str) -> None:
    """RR-ABIL-03: one activation turns the die down by one, once per turn."""
    c, t = g.data, g.g["turn"]
    card = next(a for a in player(g, seat)["abilities"] if a["id"] == card_id)
    ability = c.abilities[card_id].ability
    if ability in t["abilities_used"]:
        return
    t["abilities_used"].append(ability)
    card["die"] -= 1
    g.log(f"{{seat{seat}}} activates {c.abilities[card_id].name} (die {card['die']}).")


def confirm_command(g: Game, seat: int) -> None:
    """Lock the draft in (RR-PROG-17), move cards and tokens onto the player board, start resolving."""
    c, f, t = g.data, g.frame, g.g["turn"]
    hand, p = g.g["hands"][str(seat)], player(g, seat)
    ids = []
    for kind in f["cards"]:
        card = next(x for x in hand if c.card_type(x) == kind)
        hand.remove(card)
        ids.append(card)
    combi = f.get("source")
    if combi == "COMBI":
        combi = next(x for x in hand if c.card_type(x) == "COMBI")
        hand.remove(combi)
    elif combi:
        _activate(g, seat, combi)  # RR-PROG-06, RR-ABIL-15
    for m in f["mods"].values():
        if m["src"] == "own":
            p["modifiers"][m["type"]] -= 1
        else:
            card = next(a for a in p["abilities"] if a["id"] == m["src"])
            card["tokens"].remove(m["type"])
            _activate(g, seat, m["src"])
    t.update(kind=f["kind"], command={"kind": f["kind"], "cards": list(f["cards"]), "card_ids": ids,
                                      "combi": combi or "", "mods": dict(f["mods"])},
             cursor=0, switch_due=None, trace=[], portal=False)
    g.log(f"{{seat{seat}}} programs a {describe_command(g, t['command'])}.")
    g.reveal()
    g.goto("command", seat=seat)
    advance_command(g)


def resolve_switches(g: Game, moved: list[str]) -> None:
    """RR-SWITCH-02..06: every object that moved and ended the card on a switch flips its 3 tokens."""
    for space in moved:
        tokens = g.data.switches.get(space)
        if not tokens:
            continue
        for token in tokens:
            g.g["power"][token] = not g.g["power"][token]
        g.g["turn"]["flipped"].append(space)
        states = ", ".join(f"{x} {'ON' if g.g['power'][x] else 'OFF'}" for x in tokens)
        g.log(f"Switch {space} triggers: {states}.")


def advance_command(g: Game) -> None:
    """Resolve positions until a decision is needed or the Command is done (RR-PROG-18)."""
    c, t = g.data, g.g["turn"]
    seat, cmd = t["seat"], t["command"]
    positions = c.positions[cmd["kind"]]
    while True:
        if t["switch_due"] is not None:
            moved, t["switch_due"] = t["switch_due"], None
            resolve_switches(g, moved)  # RR-SWITCH-07: after that card's actions
        if t["cursor"] >= len(positions):
            g.goto("conversions", seat=seat)
            return
        p = positions[t["cursor"]]
        t["cursor"] += 1
        w = world_of(g.g, seat)
        w["portal"] = t["portal"]
        result = run_position(w, c, cmd, p)
        t["portal"] = w["portal"]
        for s, (at, facing) in w["robots"].items():
            g.g["robots"][s].update(at=at, facing=facing)
        g.g["boxes"] = w["boxes"]
        if p.kind == "card":
            t["trace"].append({"card": p.card, "path": result["path"], "pushes": result["pushes"],
                               "stopped": result["stopped"]})
            robot = g.g["robots"][str(seat)]
            g.log(f"{{seat{seat}}}'s robot moves {'→'.join(result['path'])}, now facing {DIR_NAMES[robot['facing']]}"
                  + (" (the Turbo push fails and the card's movement ends)." if result["stopped"] else "."))
            t["switch_due"] = result["moved"]
            limit = c.rules["actions_per_card"][cmd["kind"]][p.card - 1]
            if actions_available(g, seat):  # RR-ACT-01..03
                g.call("board_actions", seat=seat, card=p.card, limit=limit, taken=0)
                return
        elif "blast" in result:
            t["trace"].append(blast_entry(result["blast"], w["robots"][str(seat)]))
            if result["blast"] == "box":
                g.log(f"{{seat{seat}}} blasts a Container Box out of the game.")
                if not give(g, seat, [{"kind": "OIL", "type": None, "n": c.rules["blast_box_oil"]}]):
                    return
            elif result["blast"] == "energy":
                gain_energy(g, seat)  # RR-MOD-05
            else:
                g.log(f"{{seat{seat}}}'s Blast! has no target.")


def blast_entry(use: str | None, robot: list[str]) -> dict[str, Any]:
    """The trace entry of a resolved Blast! (RR-MOD-04/05), with its target space like a card's ``path``.

    ``{"blast": "box", "at": space of the destroyed box}``, ``{"blast": "energy", "at": the robot's corner}``
    or ``{"blast": "none"}``. The robot does not move during a Blast!, so its space and facing locate the target.
    """
    at, facing = robot
    if use == "box":
        return {"blast": "box", "at": ahead(at, facing)}
    if use == "energy":
        return {"blast": "energy", "at": at}
    return {"blast": "none"}


class Command(Step):
    """The driver of a confirmed Command; waits only under its sub-prompts."""

    name = "command"

    def actions(self, g: Game, seat: int) -> list[Action]:
        return []

    def act(self, g: Game, seat: int, action: Action) -> None:  # pragma: no cover - never waited on
        raise AssertionError("the command driver takes no actions")

    def resume(self, g: Game, result: Any) -> None:
        advance_command(g)
