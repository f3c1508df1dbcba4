"""Undo: allowed until new information appears, enforced by the core for every game."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import UNDO, UNDO_LIMIT, Action, Engine, Game, IllegalAction, State, Step, dumps
from tests.core._play import strip, to_turn, top
from tests.fixtures.tiny import TinyDuel, register

NOTHING = "Nothing to undo: new information has appeared or it is not your move."


@pytest.fixture(scope="module")
def eng() -> TinyDuel:
    return register()


def run(engine: Engine, state: State, *moves: tuple[int, str]) -> list[State]:
    """Apply moves in order; returns every state, the start included."""
    states = [state]
    for seat, text in moves:
        states.append(engine.apply(states[-1], seat, text)[0])
    return states


def test_undo_restores_the_exact_previous_state(eng: TinyDuel) -> None:
    before = to_turn(eng)
    marked, _ = eng.apply(before, 0, "mark:2")
    assert eng.can_undo(marked, 0)
    assert len(marked["undo"]) == 1 and marked["undo"][0]["seat"] == 0
    undone, events = eng.apply(marked, 0, "undo")
    assert dumps(strip(undone)) == dumps(strip(before))
    assert undone["undo"] == before["undo"] == []
    assert undone["step"] == marked["step"] + 1 == before["step"] + 2
    assert events == [{"text": "{seat0} took back an action.", "to": None}]
    assert {k: v for k, v in eng.view(undone, 0).items() if k != "step"} == {
        k: v for k, v in eng.view(before, 0).items() if k != "step"}


def test_undo_by_action_and_by_text_agree(eng: TinyDuel) -> None:
    marked, _ = eng.apply(to_turn(eng), 0, "mark:3")
    assert dumps(eng.apply(marked, 0, UNDO)[0]) == dumps(eng.apply(marked, 0, "undo")[0])
    assert UNDO not in eng.legal_actions(marked, 0)


def test_several_undos_in_a_row_walk_back_through_a_sub_prompt(eng: TinyDuel) -> None:
    states = run(eng, to_turn(eng), (0, "mark:2"), (0, "mark:3"), (0, "gift"), (0, "target:1"))
    assert len(states[-1]["undo"]) == 4
    state = states[-1]
    for expected in reversed(states[:-1]):
        state, _ = eng.apply(state, 0, "undo")
        assert dumps(strip(state)) == dumps(strip(expected))
        assert len(state["undo"]) == len(expected["undo"])
    assert not eng.can_undo(state, 0)
    with pytest.raises(IllegalAction) as err:
        eng.apply(state, 0, "undo")
    assert str(err.value) == NOTHING


def test_acting_after_an_undo_continues_the_history(eng: TinyDuel) -> None:
    states = run(eng, to_turn(eng), (0, "mark:2"), (0, "mark:3"), (0, "undo"), (0, "mark:1"))
    final = states[-1]
    assert len(final["undo"]) == 2
    back, _ = eng.apply(final, 0, "undo")
    assert dumps(strip(back)) == dumps(strip(states[1]))


def test_undo_snapshots_do_not_nest(eng: TinyDuel) -> None:
    state = run(eng, to_turn(eng), *[(0, f"mark:{1 + i % 2}") for i in range(6)])[-1]
    assert all("undo" not in entry["state"] for entry in state["undo"])


@pytest.mark.parametrize("move", ["roll", "draw", "done"])
def test_new_information_clears_the_history(eng: TinyDuel, move: str) -> None:
    marked = run(eng, to_turn(eng), (0, "mark:2"), (0, "mark:1"))[-1]
    assert len(marked["undo"]) == 2
    after, _ = eng.apply(marked, 0, move)
    assert after["undo"] == []
    assert not eng.can_undo(after, 0) and not eng.can_undo(after, 1)
    seat = eng.active(after)[0]
    with pytest.raises(IllegalAction, match="Nothing to undo"):
        eng.apply(after, seat, "undo")


def test_roll_clears_even_when_nothing_visible_changes(eng: TinyDuel) -> None:
    state = to_turn(eng)
    for seed_state in range(40):
        state["rng"] = seed_state
        rolled, _ = eng.apply(state, 0, "roll")
        assert rolled["undo"] == []


def test_draw_clears_the_history_in_a_solo_game(eng: TinyDuel) -> None:
    """One seat stays active throughout, so only the draw itself can clear the history."""
    state = to_turn(eng, players=1)
    marked, _ = eng.apply(state, 0, "mark:1")
    drawn, _ = eng.apply(marked, 0, "draw")
    assert eng.active(drawn) == eng.active(marked) == [0]
    assert drawn["undo"] == []


def test_active_seat_change_clears_the_history(eng: TinyDuel) -> None:
    marked, _ = eng.apply(to_turn(eng, players=2, dice=False), 0, "mark:1")
    passed, _ = eng.apply(marked, 0, "done")
    assert eng.active(passed) == [1]
    assert passed["undo"] == []


def test_locking_in_a_bid_clears_the_history(eng: TinyDuel) -> None:
    state = eng.setup(2, 3)
    card = state["g"]["hands"]["0"][0]
    bid, _ = eng.apply(state, 0, f"bid:{card}")
    assert eng.can_undo(bid, 0)
    undone, _ = eng.apply(bid, 0, "undo")
    assert dumps(strip(undone)) == dumps(strip(state))
    locked, _ = eng.apply(bid, 0, "lock")
    assert locked["undo"] == []


def test_resolving_a_simultaneous_phase_clears_the_history(eng: TinyDuel) -> None:
    """Solo: the same seat is active before and after resolution, so only the reveal clears it."""
    state = eng.setup(1, 3)
    bid, _ = eng.apply(state, 0, eng.legal_actions(state, 0)[0])
    assert eng.can_undo(bid, 0)
    resolved, _ = eng.apply(bid, 0, "lock")
    assert top(resolved)["step"] == "turn"
    assert eng.active(resolved) == eng.active(bid) == [0]
    assert resolved["undo"] == []
    with pytest.raises(IllegalAction, match="Nothing to undo"):
        eng.apply(resolved, 0, "undo")


def test_game_end_clears_the_history(eng: TinyDuel) -> None:
    state = to_turn(eng, players=1, rounds=1, dice=False)
    marked, _ = eng.apply(state, 0, "mark:2")
    assert eng.can_undo(marked, 0)
    over, _ = eng.apply(marked, 0, "done")
    assert over["result"] is not None
    assert over["undo"] == []
    with pytest.raises(IllegalAction):
        eng.apply(over, 0, "undo")


def test_no_undo_once_a_result_is_recorded(eng: TinyDuel) -> None:
    marked, _ = eng.apply(to_turn(eng), 0, "mark:2")
    finished = dict(marked, result={"winners": [0], "scores": {}, "reason": "test"})
    assert marked["undo"] and not eng.can_undo(finished, 0)
    with pytest.raises(IllegalAction, match="Nothing to undo"):
        eng.apply(finished, 0, "undo")


def test_another_seat_acting_starts_a_fresh_history(eng: TinyDuel) -> None:
    state = eng.setup(2, 4)
    first = state["g"]["hands"]["0"][0]
    other = state["g"]["hands"]["1"][0]
    s0, _ = eng.apply(state, 0, f"bid:{first}")
    s1, _ = eng.apply(s0, 1, f"bid:{other}")
    assert [e["seat"] for e in s1["undo"]] == [1]
    assert not eng.can_undo(s1, 0)
    assert eng.can_undo(s1, 1)
    with pytest.raises(IllegalAction) as err:
        eng.apply(s1, 0, "undo")
    assert str(err.value) == NOTHING
    back, _ = eng.apply(s1, 1, "undo")
    assert dumps(strip(back)) == dumps(strip(s0))
    assert top(back)["private"]["0"] == {"card": [first]}
    assert not eng.can_undo(back, 0) and not eng.can_undo(back, 1)


def test_can_undo_is_false_for_other_seats(eng: TinyDuel) -> None:
    marked, _ = eng.apply(to_turn(eng, players=3), 0, "mark:1")
    assert eng.can_undo(marked, 0)
    assert not eng.can_undo(marked, 1) and not eng.can_undo(marked, 2) and not eng.can_undo(marked, 9)
    for seat in (1, 2):
        with pytest.raises(IllegalAction, match="Nothing to undo"):
            eng.apply(marked, seat, "undo")


def test_fresh_game_has_nothing_to_undo(eng: TinyDuel) -> None:
    state = eng.setup(2, 0)
    assert not eng.can_undo(state, 0)
    with pytest.raises(IllegalAction, match="Nothing to undo"):
        eng.apply(state, 0, "undo")


def test_history_is_capped_at_undo_limit(eng: TinyDuel) -> None:
    extra = 5
    moves = [(0, f"mark:{1 + i % 2}") for i in range(UNDO_LIMIT + extra)]
    states = run(eng, to_turn(eng), *moves)
    state = states[-1]
    assert len(state["undo"]) == UNDO_LIMIT == 30
    for count in range(1, UNDO_LIMIT + 1):
        state, _ = eng.apply(state, 0, "undo")
        assert dumps(strip(state)) == dumps(strip(states[-1 - count]))
    assert dumps(strip(state)) == dumps(strip(states[extra]))
    assert not eng.can_undo(state, 0)
    with pytest.raises(IllegalAction, match="Nothing to undo"):
        eng.apply(state, 0, "undo")


# -- a private event to another seat ------------------------------------------------------------

class Talk(Step):
    """A seat's turn in a two-seat chat: notes, whispers and passing."""

    name = "talk"

    def actions(self, g: Game, seat: int) -> list[Action]:
        return [Action(v) for v in ("note", "self_note", "whisper", "tell_both", "pass")]

    def act(self, g: Game, seat: int, action: Action) -> None:
        g.g["count"] += 1
        other = 1 - seat
        if action.verb == "note":
            g.log("A public note.")
        elif action.verb == "self_note":
            g.log("Only you see this.", to=[seat])
        elif action.verb == "whisper":
            g.log("Psst.", to=[other])
        elif action.verb == "tell_both":
            g.log("Both of you see this.", to=[seat, other])
        else:
            g.goto("talk", seat=other)


class Chat(Engine):
    id = "core_test_chat"
    title = "Chat"
    min_players = max_players = 2
    steps = (Talk,)

    def start(self, g: Game) -> None:
        g.g["count"] = 0
        g.goto("talk", seat=0)

    def table_view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"count": state["g"]["count"]}


@pytest.mark.parametrize(("move", "keeps"), [
    ("note", True), ("self_note", True), ("whisper", False), ("tell_both", False), ("pass", False),
])
def test_a_private_event_to_another_seat_clears_the_history(move: str, keeps: bool) -> None:
    chat = Chat()
    noted, _ = chat.apply(chat.setup(2, 0), 0, "note")
    after, _ = chat.apply(noted, 0, move)
    assert chat.can_undo(after, 0) is keeps
    assert len(after["undo"]) == (2 if keeps else 0)
