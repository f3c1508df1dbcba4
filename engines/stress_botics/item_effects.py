"""CONNECT → Activate an Item: one visible item's ACTIVATE effect, twice (the same item) when boosted
(SB-CONNECT-08, SB-ITEMS-06, SB-EX-10; the ACTIVATE vocabulary of spec 4.11 for all three families).

Frame of ``use_item``: ``{"seat", "ext", "left", "times", "slot", "pending"}``; ``pending`` holds a conversion's
output and stress while its input is being paid (item_pay's prompt, then :meth:`UseItem.resume`).
"""

from __future__ import annotations

from typing import Any

from engines.core import Action, Game, Step, act

from . import combat, items
from .events import change_pressure
from .item_pay import OWN, can_pay, pay
from .placing import offer
from .robots import called
from .stress import change_stress, player, repair
from .tanks import add, put
from .words import amount


def ops(g: Game, card_id: str) -> list[dict[str, Any]]:
    """A card's ACTIVATE ops, ``one_of`` alternatives flattened (their index is the action's token)."""
    out: list[dict[str, Any]] = []
    for op in items.effects_of(g, card_id, "activate"):
        out += op["of"] if op["op"] == "one_of" else [op]
    return out


def choices(g: Game, seat: int, ext: str) -> list[tuple[Any, ...]]:
    """``(index, *details)`` activations possible now with the item on ``ext``."""
    card_id = items.visible(g, seat).get(ext)
    if card_id is None:
        return []
    p = player(g, seat)
    out: list[tuple[Any, ...]] = []
    for i, op in enumerate(ops(g, card_id)):
        kind = op["op"]
        if kind == "convert" and op.get("source") == "this_item":
            held = items.stored(g, seat, ext)
            if all(held.get(r, 0) >= n for r, n in op["in"].items()):
                out.append((i,))
        elif kind == "convert" and op.get("same_tank"):
            out += [(i, int(t)) for t in sorted(p["tanks"], key=int)
                    if all(p["tanks"][t].get(r, 0) >= n for r, n in op["in"].items())]
        elif kind == "convert":
            if can_pay(g, seat, op["in"], 0, OWN):
                out.append((i,))
        elif kind == "stress":
            if not op.get("once_per_round") or items.once_free(g, seat, card_id):
                out.append((i,))
        elif kind in ("repair", "gain"):
            out.append((i,))
        elif kind == "pressure_shift":
            bounds = g.data["vaults"]["pressure"]
            out += [(i, d) for d in op["delta"] if bounds["min"] <= g.g["pressure"] + d <= bounds["max"]]
        elif kind == "capture_eligible":
            out += [(i, t) for t in combat.attack_options(g, seat) if t.endswith(".capture")]
        elif kind == "lava_move":
            for a in sorted(p["tanks"], key=int):
                for b in sorted(p["tanks"], key=int):
                    top = min(op["n"], p["tanks"][a].get("Lv", 0))
                    out += [(i, int(a), int(b), k) for k in range(1, top + 1) if a != b]
        elif kind == "lava_dump":
            for t in sorted(p["tanks"], key=int):
                out += [(i, int(t), k) for k in range(1, min(op["n"], p["tanks"][t].get("Lv", 0)) + 1)]
    return out


def activatable(g: Game, seat: int) -> list[str]:
    """Extensions whose visible item can be activated now (the alternatives of the sub-action)."""
    return [x for x in sorted(items.visible(g, seat)) if choices(g, seat, x)]


def start(g: Game, seat: int, ext: str, times: int, slot: str) -> None:
    """Open the Activate prompt (a sub-prompt of the card's Keep)."""
    g.call("use_item", seat=seat, ext=ext, left=times, times=times, slot=slot, pending=None)


def label(g: Game, seat: int, ext: str, token: tuple[Any, ...]) -> str:
    card_id = items.visible(g, seat)[ext]
    op = ops(g, card_id)[token[0]]
    kind = op["op"]
    if kind == "convert":
        where = " in tank " + str(token[1]) if len(token) > 1 else ""
        stress = f", +{op['stress']} stress" if op.get("stress") else ""
        return f"{amount(g, op['in'])} → {amount(g, op['out'])}{where}{stress}"
    if kind == "stress":
        return f"{op['n']} stress"
    if kind == "repair":
        return f"Repair {op['n']}"
    if kind == "gain":
        return f"Gain {amount(g, op['res'])}"
    if kind == "pressure_shift":
        return f"Pressure {token[1]:+d}"
    if kind == "capture_eligible":
        return combat.attack_label(g, token[1])
    if kind == "lava_move":
        return f"Move {token[3]} Lava from tank {token[1]} to tank {token[2]}"
    return f"Return {token[2]} Lava from tank {token[1]} to the supply"


def activate(g: Game, seat: int, ext: str, token: tuple[Any, ...]) -> None:
    """One activation; a conversion paid by the player continues in :meth:`UseItem.resume`."""
    card_id = items.visible(g, seat)[ext]
    op = ops(g, card_id)[token[0]]
    kind = op["op"]
    p = player(g, seat)
    g.log(f"{called(g, seat)} activates {items.name(g, card_id)}: {label(g, seat, ext, token)}.")
    if kind == "convert" and op.get("source") == "this_item":
        for r, n in op["in"].items():
            items.store_put(g, seat, ext, r, -n)
        converted(g, seat, op["out"], op.get("stress", 0))
    elif kind == "convert" and op.get("same_tank"):
        tank = str(token[1])
        for r, n in op["in"].items():
            add(p["tanks"][tank], r, -n)
        for r, n in op["out"].items():
            put(g, p, tank, r, n)
        change_stress(g, seat, op.get("stress", 0))
    elif kind == "convert":
        g.frame["pending"] = {"out": op["out"], "stress": op.get("stress", 0)}
        pay(g, seat, op["in"], what=items.name(g, card_id))
    elif kind == "stress":
        if op.get("once_per_round"):
            items.mark_used(g, seat, card_id)
        change_stress(g, seat, op["n"])
    elif kind == "repair":
        repair(g, seat, op["n"])
    elif kind == "gain":
        offer(g, seat, op["res"], g.frame["slot"])
    elif kind == "pressure_shift":
        change_pressure(g, token[1])
    elif kind == "capture_eligible":
        offer(g, seat, combat.attack(g, seat, token[1]), g.frame["slot"])
    elif kind == "lava_move":
        a, b, k = str(token[1]), str(token[2]), token[3]
        add(p["tanks"][a], "Lv", -k)
        put(g, p, b, "Lv", k)  # SB-BASIC-10: Lava next to C/Ti/Si/Bm liquefies them
    elif kind == "lava_dump":
        add(p["tanks"][str(token[1])], "Lv", -token[2])


def converted(g: Game, seat: int, out: dict[str, int], stress: int) -> None:
    """A conversion's output to place and its stress (SB-EX-10: the stress pushes)."""
    change_stress(g, seat, stress)
    offer(g, seat, out, g.frame["slot"])


class UseItem(Step):
    """Activate the item on ``ext``, ``left`` more times (SB-CONNECT-08)."""

    name = "use_item"
    verbs = ("op", "done")
    deciding = "activate an item"

    def actions_op(self, g: Game, seat: int) -> list[Action]:
        if g.frame["left"] <= 0:
            return []
        return [act("op", *t) for t in choices(g, seat, g.frame["ext"])]

    def act_op(self, g: Game, seat: int, *token: Any) -> None:
        g.frame["left"] -= 1
        depth = len(g.state["stack"])
        activate(g, seat, g.frame["ext"], token)
        if len(g.state["stack"]) == depth:
            self.next(g)

    def label_op(self, g: Game, seat: int, *token: Any) -> str:
        card_id = items.visible(g, seat)[g.frame["ext"]]
        return f"{items.name(g, card_id)}: {label(g, seat, g.frame['ext'], token)}"

    def actions_done(self, g: Game, seat: int) -> list[Action]:
        return [act("done")] if not self.actions_op(g, seat) or g.frame["left"] < g.frame["times"] else []

    def act_done(self, g: Game, seat: int) -> None:
        g.end()

    def label_done(self, g: Game, seat: int) -> str:
        return "Stop activating"

    def next(self, g: Game) -> None:
        if g.frame["left"] <= 0:
            g.end()

    def resume(self, g: Game, result: Any) -> None:
        pending = g.frame.get("pending")
        if pending:
            g.frame["pending"] = None
            depth = len(g.state["stack"])
            converted(g, g.frame["seat"], pending["out"], pending["stress"])
            if len(g.state["stack"]) > depth:
                return
        self.next(g)

    def prompt(self, g: Game, seat: int) -> str:
        card_id = items.visible(g, seat)[g.frame["ext"]]
        more = "" if g.frame["left"] == 1 else f" ({g.frame['left']} activations)"
        return f"Activate {items.name(g, card_id)}{more}."
