"""Gaining items: oil into tanks and cable tokens into the matrix, asking only when there is a choice.

``give(g, seat, items)`` handles what needs no decision at once and returns True; otherwise it
pushes a ``gain`` frame holding the rest of the queue and returns False (the caller's ``resume``
runs when the queue is done). Items: ``{"kind": "OIL"|"CABLE"|"MODIFIER"|"COMMAND", "type", "n"}``.
"""

from __future__ import annotations

from typing import Any

from engines.core import Action, Game, Step, act

from . import cables, decks
from .board import DIR_NAMES
from .cable_plan import cable_choice
from .player_board import gain_modifier, oil_fit, oil_splits, place_cable, player, pour_oil, take_supply

Item = dict[str, Any]


def expand(items: list[Item]) -> list[Item]:
    """Cable tokens become one item each, so each is placed on its own (RR-CABLE-02)."""
    out: list[Item] = []
    for it in items:
        if it["kind"] == "CABLE":
            out += [{"kind": "CABLE", "type": it["type"], "n": 1}] * it["n"]
        else:
            out.append(dict(it))
    return out


def roll_cable_die(g: Game) -> str:
    """One Cable Die roll (REC-10); tests replace this to inject results (§6.3)."""
    return g.rng.choice(list(g.data.cable_die))


def give(g: Game, seat: int, items: list[Item]) -> bool:
    """Gain ``items`` in order (RR-BONUS-05); True if done without a decision."""
    queue = expand(items)
    if _run_queue(g, seat, queue):
        return True
    g.call("gain", seat=seat, queue=queue)
    return False


def cable_options(g: Game, seat: int, queue: list[Item]) -> list[Action]:
    """Placements for the cable tokens at the front of the queue; the player picks order and Wild type."""
    c, m = g.data, player(g, seat)["matrix"]
    kinds: list[str] = []
    for it in queue:
        if it["kind"] != "CABLE":
            break
        for kind in ("STRAIGHT", "BEND") if it["type"] == "WILD" else (it["type"],):
            if kind not in kinds and g.g["supply"]["cables"][kind] > 0:
                kinds.append(kind)
    return [act("place", kind, cell, orient) for kind in kinds
            for cell, orient in cables.legal_placements(c, m, kind)]


def _run_queue(g: Game, seat: int, queue: list[Item]) -> bool:
    """Resolve items that need no decision; stop (False) at the first one that does."""
    while queue:
        it = queue[0]
        if it["kind"] == "OIL":
            splits = oil_splits(g, seat, it["n"])
            if len(splits) > 1:
                return False
            fit = oil_fit(g, seat, it["n"])
            if fit:
                pour_oil(g, seat, [splits[0], fit - splits[0]])
            else:
                g.log(f"{{seat{seat}}} has no room for the oil.")
        elif it["kind"] == "MODIFIER":
            gain_modifier(g, seat, it["type"], it["n"])
        elif it["kind"] == "COMMAND":
            decks.draw_commands(g, seat, it["n"])  # RR-BONUS-04: whatever the hand size
        elif it["kind"] == "CABLE":
            options = cable_options(g, seat, queue)
            if len(options) > 1:
                return False
            if options:
                _place(g, seat, queue, options[0])
                continue
            _return_cables(g, seat, queue)
            continue
        queue.pop(0)
    return True


def _place(g: Game, seat: int, queue: list[Item], action: Action) -> None:
    kind, cell, orient = action.args
    exact = [i for i, it in enumerate(queue) if it["kind"] == "CABLE" and it["type"] == kind]
    wild = [i for i, it in enumerate(queue) if it["kind"] == "CABLE" and it["type"] == "WILD"]
    front = [i for i, it in enumerate(queue) if it["kind"] != "CABLE"]
    limit = front[0] if front else len(queue)
    index = next(i for i in exact + wild if i < limit)
    queue.pop(index)
    take_supply(g, str(kind), 1, "cables")
    place_cable(g, seat, str(cell), str(orient))


def _return_cables(g: Game, seat: int, queue: list[Item]) -> None:
    """RR-CABLE-06: tokens with no legal placement go back (they were never taken)."""
    while queue and queue[0]["kind"] == "CABLE":
        it = queue.pop(0)
        name = g.data.raw["cable_matrix"]["token_names"].get(it["type"], "Wild")
        g.log(f"{{seat{seat}}} cannot place a {name} cable token; it returns to the supply.")


class Gain(Step):
    """Choose where gained oil and cable tokens go (RR-BOARD-02, RR-CABLE-02..07, AMB-49)."""

    name = "gain"
    deciding = "place what they gained (oil or a cable token)"
    verbs = ("oil", "place")

    def actions_oil(self, g: Game, seat: int) -> list[Action]:
        it = g.frame["queue"][0]
        return [act("oil", k) for k in oil_splits(g, seat, it["n"])] if it["kind"] == "OIL" else []

    def act_oil(self, g: Game, seat: int, k: int) -> None:
        queue = g.frame["queue"]
        pour_oil(g, seat, [k, oil_fit(g, seat, queue[0]["n"]) - k])
        queue.pop(0)
        self._continue(g, seat)

    def label_oil(self, g: Game, seat: int, k: int) -> str:
        n = oil_fit(g, seat, g.frame["queue"][0]["n"])
        parts = [f"{k} → tank 1"] * bool(k) + [f"{n - k} → tank 2"] * bool(n - k)
        return "Oil: " + (", ".join(parts) or "nothing fits")

    def actions_place(self, g: Game, seat: int) -> list[Action]:
        queue = g.frame["queue"]
        return [] if queue[0]["kind"] == "OIL" else cable_options(g, seat, queue)

    def act_place(self, g: Game, seat: int, kind: str, cell: str, orient: str) -> None:
        _place(g, seat, g.frame["queue"], act("place", kind, cell, orient))
        self._continue(g, seat)

    def label_place(self, g: Game, seat: int, kind: str, cell: str, orient: str) -> str:
        name = g.data.raw["cable_matrix"]["token_names"][str(kind)]
        return f"{name} cable in matrix cell {cell}, {DIR_NAMES[orient[0]]}–{DIR_NAMES[orient[1]]}"

    def forced(self, g: Game, seat: int) -> Action | None:
        """From rules version 2, oil or a cable token with only one place to go goes there."""
        if g.rules_version < 2:
            return None
        options = self.actions(g, seat)
        return options[0] if len(options) == 1 else None

    @staticmethod
    def _continue(g: Game, seat: int) -> None:
        if _run_queue(g, seat, g.frame["queue"]):
            g.end()

    def prompt(self, g: Game, seat: int) -> str:
        it = g.frame["queue"][0]
        if it["kind"] == "OIL":
            return f"Pour {it['n']} oil into your tanks."
        return "Place your cable token in the cable matrix."

    def default(self, g: Game, seat: int) -> Action:
        """§6.4 D-OIL: the fuller tank that is not full. D-CABLE: the placement heuristic H-CABLE (keep the
        most connections feasible, then shorten a route, then canonical order), as the bot plays it."""
        acts = self.actions(g, seat)
        if acts[0].verb == "oil":
            tanks = player(g, seat)["tanks"]
            return acts[-1] if tanks[0] >= tanks[1] else acts[0]
        return cable_choice(g, seat, acts)
