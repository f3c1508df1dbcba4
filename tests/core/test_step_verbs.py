"""A step that declares its verbs: one handler per verb for actions, act and label."""

from __future__ import annotations

from typing import Any

import pytest

import engines
from engines.core import Action, Engine, Game, IllegalAction, Step, act


class Pick(Step):
    """Take a number from the pool, or drop one already taken, or stop."""

    name = "pick"
    verbs = ("take", "drop", "stop")

    def actions_take(self, g: Game, seat: int) -> list[Action]:
        return [act("take", n) for n in g.g["pool"]]

    def act_take(self, g: Game, seat: int, n: int) -> None:
        g.g["pool"].remove(n)
        g.g["mine"].append(n)
        g.log(f"took {n}")

    def label_take(self, g: Game, seat: int, n: int) -> str:
        return f"Take {n} from the pool"

    def actions_drop(self, g: Game, seat: int) -> list[Action]:
        return [act("drop", n) for n in g.g["mine"]]

    def act_drop(self, g: Game, seat: int, n: int) -> None:
        g.g["mine"].remove(n)
        g.g["pool"].append(n)

    # no actions_stop: a plain "stop" button, always offered; no label_stop: the core's default label
    def act_stop(self, g: Game, seat: int) -> None:
        g.finish([seat], {"0": len(g.g["mine"])})


class PickGame(Engine):
    id = "pick_test"
    title = "Pick"
    min_players, max_players = 1, 1
    steps = (Pick,)

    def start(self, g: Game) -> None:
        g.g.update(pool=[3, 1, 2], mine=[])
        g.goto("pick", seat=0)

    def table_view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return dict(state["g"])


E = PickGame()


def test_actions_are_collected_from_every_verb_in_declared_order() -> None:
    s = E.setup(1, 0)
    assert [str(a) for a in E.legal_actions(s, 0)] == ["take:3", "take:1", "take:2", "stop"]
    s, _ = E.apply(s, 0, "take:1")
    assert [str(a) for a in E.legal_actions(s, 0)] == ["take:3", "take:2", "drop:1", "stop"]


def test_act_and_label_are_routed_to_the_verbs_handler_with_the_arguments() -> None:
    s = E.setup(1, 0)
    s, events = E.apply(s, 0, "take:2")
    assert s["g"] == {"pool": [3, 1], "mine": [2]}
    assert events[0]["text"] == "took 2"
    assert E.label(s, 0, Action("take", 3)) == "Take 3 from the pool"
    assert E.label(s, 0, Action("drop", 2)) == "Drop 2"  # no label_drop: the core's default
    s, _ = E.apply(s, 0, "stop")
    assert E.outcome(s)["winners"] == [0]


def test_an_unknown_verb_or_an_unlisted_argument_is_not_allowed() -> None:
    s = E.setup(1, 0)
    assert not E.allows(s, 0, Action("steal", 1))
    assert not E.allows(s, 0, Action("drop", 1))  # a declared verb, but nothing to drop yet
    assert not E.allows(s, 0, Action("take", 9))
    assert not E.allows(s, 0, Action("stop", 1))
    assert E.allows(s, 0, Action("take", 3)) and E.allows(s, 0, Action("stop"))
    with pytest.raises(IllegalAction):
        E.apply(s, 0, "steal:1")
    assert E.label(s, 0, Action("steal", 1)) == "Steal 1"


def test_a_declared_verb_needs_its_act_handler_and_handlers_need_a_declared_verb() -> None:
    with pytest.raises(TypeError, match="act_go"):
        type("NoAct", (Step,), {"name": "x", "verbs": ("go",)})
    with pytest.raises(TypeError, match="jump"):
        type("Stray", (Step,), {"name": "x", "verbs": ("go",), "act_go": lambda *a: None,
                                "label_jump": lambda *a: None})


def test_a_step_without_verbs_keeps_writing_actions_and_act_itself() -> None:
    class Plain(Step):
        name = "plain"

        def actions(self, g: Game, seat: int) -> list[Action]:
            return [act("go")]

    step = Plain()
    assert step.label(None, 0, act("go")) is None  # type: ignore[arg-type]
    with pytest.raises(NotImplementedError):
        step.act(None, 0, act("go"))  # type: ignore[arg-type]


def test_the_public_prompt_says_what_each_waiting_seat_decides() -> None:  # issue 21: posts say what is decided
    rr = engines.get("robo_rescue")
    state = rr.setup(2, 1, {})
    seat = rr.active(state)[0]
    assert rr.prompt(state, None) == f"Waiting for {{seat{seat}}}: choose which way their robot faces."
    assert rr.prompt(state, seat).startswith("Choose which way")  # the seat itself gets its own prompt


def test_the_engine_says_when_a_seats_own_prompt_is_public() -> None:  # issue 21: one contract, not a host heuristic
    rr = engines.get("robo_rescue")
    state = rr.setup(2, 1, {})
    seat = rr.active(state)[0]
    assert rr.public_prompt(state, seat) == "choose which way their robot faces"  # the step's phrase
    assert rr.public_prompt(state, 1 - seat) is None, "a seat that is not deciding has no public prompt"
    s = E.setup(1, 0)  # Pick declares no phrase, and its prompt reads nothing hidden: the prompt itself is public
    assert E.public_prompt(s, 0) == E.prompt(s, 0)
