"""The core's pending-effect queue: order, consequences first, pausing on a choice, owners and undo."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from engines.core import Action, Engine, EngineBug, Game, State, Step, dumps, effects
from engines.core.effects import Choice, Handler, Registry, effect, push, push_front
from engines.core.jsonstate import is_plain_json
from engines.core.kit import playout


def _note(g: Game, item: dict[str, Any]) -> None:
    g.g["log"].append(f"{item['owner']}:{item['text']}")


def _note_run(g: Game, item: dict[str, Any]) -> None:
    _note(g, item)
    # consequences resolve before what was already pending
    push_front(g, *(effect("note", item["owner"], text=text) for text in item.get("then", [])))


def _gift_run(g: Game, item: dict[str, Any]) -> list[str] | None:
    return list(item["goods"]) or None


def _gift_pick(g: Game, item: dict[str, Any], token: str | int) -> None:
    g.g["log"].append(f"{item['owner']} takes {token}")


EFFECTS = {
    "note": Handler(_note_run),
    "gift": Handler(_gift_run, pick=_gift_pick, prompt="Take a good.", label=lambda g, e, t: f"Take {t}",
                    default=lambda g, e, opts: opts[-1]),
    "must_ask": Handler(_gift_run, pick=_gift_pick, auto_single=False),
}


class Play(Step):
    """Seat ``frame["seat"]`` queues the effects the chosen script names, then the queue runs."""

    name = "play"

    def actions(self, g: Game, seat: int) -> list[Action]:
        return [Action("go", name) for name in sorted(SCRIPTS)]

    def act(self, g: Game, seat: int, action: Action) -> None:
        push(g, *SCRIPTS[str(action.args[0])](seat))
        self.resume(g, None)

    def resume(self, g: Game, result: Any) -> None:
        if effects.run(g):
            g.g["log"].append("done")  # the same seat plays on (so undo can be seen)


SCRIPTS = {
    "order": lambda s: [effect("note", s, text="a", then=["a1", "a2"]), effect("note", s, text="b")],
    "ask": lambda s: [effect("note", s, text="x"), effect("gift", s, goods=["food", "gold"]),
                      effect("note", s, text="y")],
    "single": lambda s: [effect("gift", s, goods=["gold"])],
    "forced": lambda s: [effect("must_ask", s, goods=["gold"])],
    "other": lambda s: [effect("note", 1 - s, text="theirs")],
    "actor": lambda s: [effect("gift", "automa:black", goods=["food", "gold"])],
}


class Toy(Engine):
    id = "toy_effects"
    title = "Toy effects"
    min_players, max_players = 2, 2
    steps = (Play, Choice)
    effects: ClassVar[Registry] = Registry(EFFECTS)

    def start(self, g: Game) -> None:
        g.g["log"] = []
        g.goto("play", seat=0)

    def table_view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"log": state["g"]["log"]}


@pytest.fixture(scope="module")
def toy() -> Toy:
    return Toy()


def go(engine: Toy, script: str, state: State | None = None, seat: int = 0) -> State:
    state = state or engine.setup(2, 1)
    return engine.apply(state, seat, f"go:{script}")[0]


def test_effects_resolve_in_order_with_consequences_first(toy: Toy) -> None:
    state = go(toy, "order")
    assert state["g"]["log"] == ["0:a", "0:a1", "0:a2", "0:b", "done"]
    assert state["effects"] == []


def test_a_choice_pauses_the_queue_and_the_pick_resumes_it(toy: Toy) -> None:
    state = go(toy, "ask")
    assert state["g"]["log"] == ["0:x"] and toy.active(state) == [0]
    assert [str(a) for a in toy.legal_actions(state, 0)] == ["pick:food", "pick:gold"]
    assert toy.prompt(state, 0) == "Take a good." and toy.label(state, 0, Action("pick", "gold")) == "Take gold"
    assert [e["text"] for e in state["effects"]] == ["y"]  # the rest waits, in the state
    assert toy.default_action(state, 0) == Action("pick", "gold")
    state, _ = toy.apply(state, 0, "pick:food")
    assert state["g"]["log"] == ["0:x", "0 takes food", "0:y", "done"] and toy.active(state) == [0]


def test_a_single_option_resolves_itself_unless_the_effect_always_asks(toy: Toy) -> None:
    assert go(toy, "single")["g"]["log"] == ["0 takes gold", "done"]
    asked = go(toy, "forced")
    assert [str(a) for a in toy.legal_actions(asked, 0)] == ["pick:gold"]


def test_an_actor_that_is_no_seat_picks_its_default_without_a_prompt(toy: Toy) -> None:
    state = go(toy, "actor")
    assert state["g"]["log"] == ["automa:black takes gold", "done"] and toy.active(state) == [0]


def test_resolving_another_owners_effect_ends_the_undo_history(toy: Toy) -> None:
    own = go(toy, "order")
    assert toy.can_undo(own, 0)
    theirs = go(toy, "other")
    assert theirs["g"]["log"] == ["1:theirs", "done"] and not toy.can_undo(theirs, 0)
    actor = go(toy, "actor")
    assert not toy.can_undo(actor, 0)


def test_the_queue_is_plain_json_in_the_state(toy: Toy) -> None:
    state = go(toy, "ask")
    assert is_plain_json(state) and state["stack"][-1]["op"]["effect"] == "gift"
    assert dumps(toy.apply(state, 0, "pick:gold")[0]) == dumps(toy.apply(state, 0, "pick:gold")[0])
    assert effects.problems(toy.effects.names(), state) is None
    broken = {**state, "effects": [{"effect": "nope", "owner": 0}]}
    assert "unknown effect" in effects.problems(toy.effects.names(), broken)
    stray = {**state, "effects": [{"effect": "note", "owner": 7}]}
    assert "neither a seat nor an actor" in effects.problems(toy.effects.names(), stray)


def test_the_registry_is_explicit_and_refuses_duplicates() -> None:
    with pytest.raises(EngineBug):
        Registry(EFFECTS, {"note": EFFECTS["note"]})
    with pytest.raises(EngineBug):
        Registry(EFFECTS)["missing"]
    assert Registry(EFFECTS).names() == ["gift", "must_ask", "note"]


class Stray(Toy):
    """A game that queues an effect it has no handler for: the kit reports it."""

    id = "toy_stray"

    def start(self, g: Game) -> None:
        super().start(g)
        push(g, effect("lost", 0))


def test_the_kit_checks_the_queue(toy: Toy) -> None:
    assert playout(toy, 2, 3, horizon=40).clean
    report = playout(Stray(), 2, 3, horizon=5)
    assert not report.clean and "unknown effect" in report.effects
