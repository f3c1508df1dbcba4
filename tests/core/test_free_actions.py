"""Free actions (``Engine.free_actions``): a move a seat may make at any time, whoever's decision it is
(SCRAP's "Score a Fragment at any time", ruling A-35). The table never waits for them, they do not change
whose decision it is, they end every undo history, they replay exactly and the kit plays them."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import Action, Engine, EngineBug, Game, IllegalAction, Step, act
from engines.core.kit import Playout, assert_clean, fuzz
from engines.core.replay import replay
from engines.core.zones import Zones, owner, public


class Turns(Step):
    """Take turns adding 1 to the count; at 6 the most points wins."""

    name = "turns"
    verbs = ("add", "mark")

    def actions_mark(self, g: Game, seat: int) -> list[Action]:
        return [] if g.frame.get("marked") else [act("mark")]

    def act_mark(self, g: Game, seat: int) -> None:
        g.frame["marked"] = True

    def actions_add(self, g: Game, seat: int) -> list[Action]:
        return [act("add", 1), act("add", 2)]

    def act_add(self, g: Game, seat: int, n: int) -> None:
        g.g["count"] += n
        g.g["points"][seat] += n
        g.log(f"{{seat{seat}}} adds {n}.")
        if g.g["count"] >= 6:
            g.finish([max(range(g.seats), key=lambda s: g.g["points"][s])], {})
        else:
            g.goto("turns", seat=(seat + 1) % g.seats)


class Cashing(Engine):
    id = "cashing_test"
    title = "Cashing"
    min_players, max_players = 2, 3
    steps = (Turns,)
    zones = Zones(public("g.count", "g.points"), owner("g.gems.{seat}"))

    def start(self, g: Game) -> None:
        g.g.update(count=0, points=[0] * g.seats, gems={str(s): [3, 1] for s in range(g.seats)})
        g.goto("turns", seat=0)

    def table_view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return {"count": state["g"]["count"], "points": state["g"]["points"]}

    def free_actions(self, state: dict[str, Any], seat: int) -> list[Action]:
        return [act("cash", v) for v in sorted(set(state["g"]["gems"][str(seat)]))]

    def act_free(self, g: Game, seat: int, action: Action) -> None:
        value = action.args[0]
        g.g["gems"][str(seat)].remove(value)
        g.g["points"][seat] += value
        g.log(f"{{seat{seat}}} cashes a gem worth {value}.")

    def free_label(self, state: dict[str, Any], seat: int, action: Action) -> str:
        return f"Cash a gem worth {action.args[0]}"


E = Cashing()


def test_a_seat_not_deciding_makes_a_free_action_and_the_turn_stays_put() -> None:
    s = E.setup(2, 1)
    assert E.active(s) == [0] and E.free_actions(s, 1) == [act("cash", 1), act("cash", 3)]
    assert act("cash", 3) not in E.legal_actions(s, 0), "the table never waits for a free action"
    s2, events = E.apply(s, 1, "cash:3")
    assert E.active(s2) == [0] and s2["g"]["points"] == [0, 3] and s2["g"]["gems"]["1"] == [1]
    assert [e["text"] for e in events] == ["{seat1} cashes a gem worth 3."]
    assert E.label(s, 1, act("cash", 3)) == "Cash a gem worth 3"
    with pytest.raises(IllegalAction):
        E.apply(s2, 1, "cash:3")  # no gem of 3 left
    with pytest.raises(IllegalAction):
        E.apply(s2, 1, "add:1")  # an ordinary move still needs the seat's turn


def test_a_free_action_ends_every_undo_history() -> None:
    s = E.setup(2, 1)
    s, _ = E.apply(s, 0, "add:1")
    s, _ = E.apply(s, 1, "mark")
    assert E.can_undo(s, 1)
    s, _ = E.apply(s, 0, "cash:1")
    assert not E.can_undo(s, 1) and not E.can_undo(s, 0), "an undo must never take back someone else's move"


def test_free_actions_replay_exactly_and_stop_with_the_game() -> None:
    log = [(0, "add:2"), (2, "cash:3"), (1, "add:2"), (1, "cash:1"), (2, "add:2")]
    s = E.setup(3, 4)
    for seat, text in log:
        s, _ = E.apply(s, seat, text)
    assert s["result"] is not None and E.free_actions(s, 0) and not E.is_free(s, 0, act("cash", 3))
    with pytest.raises(IllegalAction):
        E.apply(s, 0, "cash:3")  # the game is over
    assert replay(E, 3, 4, s["options"], log, s["engine_version"]) == s


def test_a_free_action_that_changes_whose_decision_it_is_is_an_engine_bug() -> None:
    class Broken(Cashing):
        id = "broken_cashing_test"

        def act_free(self, g: Game, seat: int, action: Action) -> None:
            g.goto("turns", seat=seat)

    broken = Broken()
    with pytest.raises(EngineBug):
        broken.apply(broken.setup(2, 1), 1, "cash:3")


def test_the_kit_plays_free_actions_between_decisions() -> None:
    assert_clean(fuzz(E, [2, 3], 40, seed=1, free_chance=0.5))
    play = Playout(E, 2, 7, free_chance=0.5)
    assert play.run().clean and any(text.startswith("cash:") for _seat, text in play.log)
