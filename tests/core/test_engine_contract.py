"""The engine contract, exercised through Tiny Duel (the core's fixture game)."""

from __future__ import annotations

import json
import random

import pytest

from engines.core import UNDO, Action, IllegalAction, State, dumps
from engines.core.jsonstate import is_plain_json
from tests.core._play import bid_all, random_game, to_turn, top
from tests.fixtures.tiny import TinyDuel, register

ENVELOPE = {"engine", "engine_version", "seats", "seed", "options", "rng", "step", "stack", "undo",
            "result", "g", "setup_events"}
VIEW_KEYS = {"engine", "title", "seat", "seats", "step", "active", "result", "prompt", "options", "actors", "table"}


@pytest.fixture(scope="module")
def eng() -> TinyDuel:
    return register()


def play_out(eng: TinyDuel, state: State) -> State:
    """A quick deterministic finish: bid the first card and lock, end every turn."""
    while state["result"] is None:
        if top(state)["step"] == "bid":
            state = bid_all(eng, state)
        else:
            state, _ = eng.apply(state, eng.active(state)[0], "done")
    return state


# -- setup -----------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_is_deterministic_per_seed(eng: TinyDuel, players: int) -> None:
    assert dumps(eng.setup(players, 42)) == dumps(eng.setup(players, 42))
    assert dumps(eng.setup(players, 42, {"rounds": 3})) == dumps(eng.setup(players, 42, {"rounds": "3"}))


def test_setup_differs_across_seeds(eng: TinyDuel) -> None:
    decks = {json.dumps(eng.setup(2, seed)["g"]["hands"]) for seed in range(20)}
    assert len(decks) == 20
    assert eng.setup(2, 1)["rng"] != eng.setup(2, 2)["rng"]


def test_setup_state_is_the_plain_json_envelope(eng: TinyDuel) -> None:
    state = eng.setup(3, 9, {"speed": "fast"})
    assert set(state) == ENVELOPE
    assert is_plain_json(state)
    assert json.loads(json.dumps(state)) == state
    assert state["engine"] == "tiny" and state["engine_version"] == 1
    assert state["seats"] == 3 and state["seed"] == 9 and state["step"] == 0
    assert state["options"] == {"rounds": 2, "dice": True, "speed": "fast"}
    assert state["undo"] == [] and state["result"] is None
    assert isinstance(state["rng"], int)
    assert [len(h) for h in state["g"]["hands"].values()] == [3, 3, 3]
    assert len(state["g"]["deck"]) == 3
    assert sorted(state["g"]["deck"] + [c for h in state["g"]["hands"].values() for c in h]) == list(
        range(1, 13))


def test_states_stay_plain_json_through_a_game(eng: TinyDuel) -> None:
    rnd = random.Random(3)
    state = eng.setup(3, 3)
    while state["result"] is None:
        seat = rnd.choice(eng.active(state))
        state, events = eng.apply(state, seat, rnd.choice(eng.legal_actions(state, seat)))
        assert is_plain_json(state)
        assert is_plain_json(events)


# -- apply --------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_apply_never_mutates_its_input(eng: TinyDuel, seed: int) -> None:
    rnd = random.Random(seed)
    state = eng.setup(1 + seed % 4, seed)
    while state["result"] is None:
        seat = rnd.choice(eng.active(state))
        action = UNDO if eng.can_undo(state, seat) and rnd.random() < 0.2 else rnd.choice(
            eng.legal_actions(state, seat))
        before = dumps(state)
        new, _ = eng.apply(state, seat, action)
        assert dumps(state) == before, f"apply({action}) mutated its input"
        assert new is not state and new["g"] is not state["g"] and new["stack"] is not state["stack"]
        again, _ = eng.apply(state, seat, action)
        assert dumps(again) == dumps(new), "apply is not deterministic"
        state = new


def test_string_and_action_forms_are_the_same_move(eng: TinyDuel) -> None:
    state = to_turn(eng)
    by_text, events_text = eng.apply(state, 0, "mark:2")
    by_action, events_action = eng.apply(state, 0, Action("mark", 2))
    assert dumps(by_text) == dumps(by_action) and events_text == events_action
    assert by_text["g"]["marks"]["0"] == 2
    assert by_text["step"] == state["step"] + 1


def test_illegal_action_has_a_readable_message_and_alternatives(eng: TinyDuel) -> None:
    state = to_turn(eng)
    legal = [str(a) for a in eng.legal_actions(state, 0)]
    assert legal == ["mark:1", "mark:2", "mark:3", "gift", "draw", "roll", "done"]
    with pytest.raises(IllegalAction) as err:
        eng.apply(state, 0, "mark:9")
    assert str(err.value) == "“Mark 9” is not possible now."
    assert err.value.message == str(err.value)
    assert err.value.alternatives == legal
    marked, _ = eng.apply(state, 0, "mark:2")
    with pytest.raises(IllegalAction, match="“Mark 2” is not possible now") as err:
        eng.apply(marked, 0, "mark:2")
    assert "mark:2" not in err.value.alternatives and "mark:1" in err.value.alternatives


def test_illegal_action_is_named_plainly_not_with_a_step_label(eng: TinyDuel) -> None:
    """Step labels describe legal actions; an illegal one could be mislabelled by them."""
    state = eng.setup(2, 0)
    with pytest.raises(IllegalAction) as err:
        eng.apply(state, 0, "bid:99")
    assert str(err.value) == "“Bid 99” is not possible now."
    assert err.value.alternatives == [f"bid:{c}" for c in state["g"]["hands"]["0"]]


@pytest.mark.parametrize("text", ["bid", "target", "bid:x:y", "lock:1", "mark", "gift:1:2"])
def test_malformed_moves_are_illegal_actions_not_crashes(eng: TinyDuel, text: str) -> None:
    """A step's label is written for its legal actions; a wrong shape must still read as illegal."""
    bidding = eng.setup(2, 0)
    targeting, _ = eng.apply(to_turn(eng), 0, "gift")
    for state in (bidding, to_turn(eng), targeting):
        with pytest.raises(IllegalAction, match="is not possible now"):
            eng.apply(state, 0, text)


def test_acting_out_of_turn_is_illegal(eng: TinyDuel) -> None:
    state = to_turn(eng, players=3)
    for seat in (1, 2, 7, -1):
        with pytest.raises(IllegalAction) as err:
            eng.apply(state, seat, "done")
        assert str(err.value) == "It is not your turn."
        assert eng.legal_actions(state, seat) == []


def test_acting_after_the_game_is_over_is_illegal(eng: TinyDuel) -> None:
    state = play_out(eng, eng.setup(2, 4, {"rounds": 1}))
    assert state["result"] is not None
    for seat in (0, 1):
        for text in ("done", "mark:1", "undo"):
            with pytest.raises(IllegalAction):
                eng.apply(state, seat, text)
        with pytest.raises(IllegalAction, match="The game is over"):
            eng.apply(state, seat, "done")


@pytest.mark.parametrize("text", ["", "   ", "mark 1", "::", ":", "mark:", "märk:1", "x" * 81, "mark:١",
                                  "mark\n:1", "😀"])
def test_garbage_strings_are_illegal_actions(eng: TinyDuel, text: str) -> None:
    state = to_turn(eng)
    with pytest.raises(IllegalAction) as err:
        eng.apply(state, 0, text)
    assert type(err.value) is IllegalAction
    assert str(err.value) == f"{text!r} is not a move in this game."


# -- simultaneous bid ---------------------------------------------------------------------------

def test_bid_phase_has_every_seat_active_and_lock_removes_one(eng: TinyDuel) -> None:
    state = eng.setup(3, 5)
    assert eng.active(state) == [0, 1, 2]
    hand = state["g"]["hands"]["1"]
    assert eng.legal_actions(state, 1) == [Action("bid", c) for c in hand]
    state, _ = eng.apply(state, 1, f"bid:{hand[0]}")
    assert eng.active(state) == [0, 1, 2]
    assert Action("lock") in eng.legal_actions(state, 1)
    assert state["g"]["hands"]["1"] == hand[1:]
    state, events = eng.apply(state, 1, "lock")
    assert events == [{"text": "{seat1} is locked in.", "to": None}]
    assert eng.active(state) == [0, 2]
    assert eng.legal_actions(state, 1) == []
    assert eng.view(state, 0)["table"]["locked"] == [1]
    with pytest.raises(IllegalAction, match="It is not your turn"):
        eng.apply(state, 1, f"bid:{hand[1]}")


def test_rebidding_returns_the_previous_card_to_hand(eng: TinyDuel) -> None:
    state = eng.setup(2, 5)
    a, b, c = state["g"]["hands"]["0"]
    state, _ = eng.apply(state, 0, f"bid:{a}")
    state, _ = eng.apply(state, 0, f"bid:{b}")
    assert sorted(state["g"]["hands"]["0"]) == sorted([a, c])
    assert top(state)["private"]["0"] == {"card": [b]}


def test_a_seats_bid_is_private(eng: TinyDuel) -> None:
    state = eng.setup(3, 11)
    first, second = state["g"]["hands"]["0"][:2]
    with_first, events_first = eng.apply(state, 0, f"bid:{first}")
    with_second, events_second = eng.apply(state, 0, f"bid:{second}")
    assert events_first == events_second
    for viewer in (1, 2, None):
        assert dumps(eng.view(with_first, viewer)) == dumps(eng.view(with_second, viewer))
    assert eng.view(with_first, 0)["table"]["my_bid"] == [first]
    assert eng.view(with_second, 0)["table"]["my_bid"] == [second]
    assert eng.view(with_first, 1)["table"]["my_bid"] is None
    assert "my_bid" not in eng.view(with_first, None)["table"]
    assert "hand" not in eng.view(with_first, None)["table"]
    locked_a, events_a = eng.apply(with_first, 0, "lock")
    locked_b, events_b = eng.apply(with_second, 0, "lock")
    assert events_a == events_b
    for viewer in (1, 2, None):
        assert dumps(eng.view(locked_a, viewer)) == dumps(eng.view(locked_b, viewer))


def test_hidden_paths_cover_hands_deck_and_other_bids(eng: TinyDuel) -> None:
    state = eng.setup(3, 1)
    assert sorted(eng.all_hidden_paths(state, 0)) == sorted(
        ["g.deck", "g.hands.1", "g.hands.2", "stack.0.private.1", "stack.0.private.2"])
    assert sorted(eng.all_hidden_paths(state, None)) == sorted(
        ["g.deck", "g.hands.0", "g.hands.1", "g.hands.2",
         "stack.0.private.0", "stack.0.private.1", "stack.0.private.2"])


def test_resolution_reveals_bids_and_scores_the_unique_highest(eng: TinyDuel) -> None:
    state = eng.setup(2, 2)
    bids = {0: max(state["g"]["hands"]["0"]), 1: min(state["g"]["hands"]["1"])}
    for seat, card in bids.items():
        state, _ = eng.apply(state, seat, f"bid:{card}")
    state, _ = eng.apply(state, 0, "lock")
    state, events = eng.apply(state, 1, "lock")
    winner = max(bids, key=lambda s: bids[s])
    assert state["g"]["last_bids"] == {"0": bids[0], "1": bids[1]}
    assert state["g"]["scores"] == {str(winner): bids[winner], str(1 - winner): 0}
    assert [e["text"] for e in events] == [
        "{seat1} is locked in.",
        f"Bids revealed: {{seat0}} {bids[0]}, {{seat1}} {bids[1]}",
        f"{{seat{winner}}} wins the bid and scores {bids[winner]}.",
    ]
    assert all(e["to"] is None for e in events)
    assert state["stack"] == [{"step": "turn", "seat": 0}]
    assert eng.active(state) == [0]


# -- texts and views ---------------------------------------------------------------------------

def test_prompts(eng: TinyDuel) -> None:
    state = eng.setup(2, 0)
    assert eng.prompt(state, 0) == "Pick a card to bid in secret, then lock in."
    assert eng.prompt(state, None) == "Waiting for {seat0}, {seat1}."
    state, _ = eng.apply(state, 0, eng.legal_actions(state, 0)[0])
    state, _ = eng.apply(state, 0, "lock")
    assert eng.prompt(state, 0) == "Waiting for {seat1}."
    assert eng.prompt(state, 1) == "Pick a card to bid in secret, then lock in."
    state = to_turn(eng)
    assert eng.prompt(state, 0) == "Your turn: mark, gift, draw, roll or finish."
    assert eng.prompt(state, 1) == "Waiting for {seat0}."
    gifting, _ = eng.apply(state, 0, "gift")
    assert eng.prompt(gifting, 0) == "Choose an action."
    over = play_out(eng, state)
    assert eng.prompt(over, 0) == eng.prompt(over, None) == "The game is over."


def test_labels(eng: TinyDuel) -> None:
    bidding = eng.setup(2, 0)
    card = bidding["g"]["hands"]["0"][0]
    assert eng.label(bidding, 0, Action("bid", card)) == f"Bid card {card}"
    assert eng.label(bidding, 0, Action("bid", 0)) == "Bid nothing"
    assert eng.label(bidding, 0, Action("lock")) == "Lock in my bid"
    turn = to_turn(eng, players=3)
    labels = [eng.label(turn, 0, a) for a in eng.legal_actions(turn, 0)]
    assert labels == ["Mark 1", "Mark 2", "Mark 3", "Gift", "Draw", "Roll", "Done"]
    assert eng.label(turn, 0, UNDO) == "Undo your last action"
    assert eng.label(turn, 0, Action("some_verb", 3, "x")) == "Some verb 3 x"
    gifting, _ = eng.apply(turn, 0, "gift")
    assert [eng.label(gifting, 0, a) for a in eng.legal_actions(gifting, 0)] == [
        "Gift a point to {seat1}", "Gift a point to {seat2}", "Back"]
    over = play_out(eng, turn)
    assert eng.label(over, 0, Action("mark", 1)) == "Mark 1"


@pytest.mark.parametrize("seat", [0, 1, None])
def test_view_envelope(eng: TinyDuel, seat: int | None) -> None:
    state = eng.setup(2, 6, {"rounds": 3})
    view = eng.view(state, seat)
    assert set(view) == VIEW_KEYS
    assert view["engine"] == "tiny" and view["title"] == "Tiny Duel"
    assert view["seat"] == seat and view["seats"] == 2 and view["step"] == 0
    assert view["active"] == [0, 1] and view["result"] is None
    assert view["prompt"] == eng.prompt(state, seat)
    assert view["options"] == {"rounds": 3, "dice": True, "speed": "normal"}
    assert view["table"] == eng.table_view(state, seat)
    assert json.loads(json.dumps(view)) == view
    if seat is None:
        assert "hand" not in view["table"]
    else:
        assert view["table"]["hand"] == state["g"]["hands"][str(seat)]
    assert view["table"]["hand_sizes"] == {"0": 3, "1": 3} and view["table"]["deck"] == 6
    moved, _ = eng.apply(state, 1, eng.legal_actions(state, 1)[0])
    assert eng.view(moved, seat)["step"] == moved["step"] == 1


def test_outcome_is_none_until_the_end_then_a_result(eng: TinyDuel) -> None:
    state = to_turn(eng, players=2, seed=8, rounds=1, dice=False)
    assert eng.outcome(state) is None
    state, _ = eng.apply(state, 0, "gift")
    state, _ = eng.apply(state, 0, "target:1")
    state, _ = eng.apply(state, 0, "done")
    assert eng.outcome(state) is None
    scores = dict(state["g"]["scores"])
    state, _ = eng.apply(state, 1, "done")
    totals = {"0": scores["0"], "1": scores["1"] + 1}
    best = max(totals.values())
    winners = [s for s in (0, 1) if totals[str(s)] == best]
    rest = [str(s) for s in (0, 1) if s not in winners]
    assert eng.outcome(state) == {"winners": winners, "scores": totals, "reason": "most points",
                                  "placings": [[str(s) for s in winners], *([rest] if rest else [])],
                                  "score_text": {}}
    assert eng.view(state, None)["result"] == eng.outcome(state)
    assert eng.active(state) == [] and state["stack"] == []
    assert eng.legal_actions(state, 0) == eng.legal_actions(state, 1) == []


def test_solo_game_scores_its_bid(eng: TinyDuel) -> None:
    state = eng.setup(1, 21, {"rounds": 1, "dice": False})
    card = max(state["g"]["hands"]["0"])
    state, _ = eng.apply(state, 0, f"bid:{card}")
    state, _ = eng.apply(state, 0, "lock")
    state, _ = eng.apply(state, 0, "done")
    assert eng.outcome(state) == {"winners": [0], "scores": {"0": card}, "reason": "most points",
                                  "placings": [["0"]], "score_text": {}}


def test_shared_win(eng: TinyDuel) -> None:
    state = to_turn(eng, players=2, seed=0, rounds=1)
    state["g"]["scores"] = {"0": 4, "1": 4}
    state, _ = eng.apply(state, 0, "done")
    state, _ = eng.apply(state, 1, "done")
    assert eng.outcome(state)["winners"] == [0, 1]


# -- automatic players ----------------------------------------------------------------------------

@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_default_and_bot_actions_are_legal(eng: TinyDuel, players: int) -> None:
    state = eng.setup(players, players)
    seen = set()
    while state["result"] is None:
        for seat in eng.active(state):
            legal = eng.legal_actions(state, seat)
            assert eng.default_action(state, seat) in legal
            bot = eng.bot_action(state, seat)
            assert bot in legal
            assert eng.bot_action(state, seat) == bot
            seen.add(bot.verb)
        seat = eng.active(state)[0]
        state, _ = eng.apply(state, seat, eng.bot_action(state, seat))
    assert {"bid", "lock", "done"} <= seen


def test_turn_default_is_done(eng: TinyDuel) -> None:
    assert eng.default_action(to_turn(eng), 0) == Action("done")


# -- the call/end sub-prompt ----------------------------------------------------------------------

def test_gift_calls_a_sub_prompt_and_back_returns(eng: TinyDuel) -> None:
    state = to_turn(eng, players=3)
    legal = eng.legal_actions(state, 0)
    gifting, _ = eng.apply(state, 0, "gift")
    assert [f["step"] for f in gifting["stack"]] == ["turn", "choose_target"]
    assert eng.active(gifting) == [0]
    assert [str(a) for a in eng.legal_actions(gifting, 0)] == ["target:1", "target:2", "back"]
    back, _ = eng.apply(gifting, 0, "back")
    assert back["stack"] == state["stack"]
    assert back["g"] == state["g"]
    assert eng.legal_actions(back, 0) == legal
    assert eng.prompt(back, 0) == eng.prompt(state, 0)


def test_target_gives_the_point_and_returns_to_the_turn(eng: TinyDuel) -> None:
    state = to_turn(eng, players=3)
    gifting, _ = eng.apply(state, 0, "gift")
    given, _ = eng.apply(gifting, 0, "target:2")
    assert given["g"]["gifts"] == {"0": 0, "1": 0, "2": 1}
    assert given["stack"] == [{"step": "turn", "seat": 0}]
    assert eng.active(given) == [0]
    with pytest.raises(IllegalAction):
        eng.apply(gifting, 0, "target:0")


# -- events ---------------------------------------------------------------------------------------

def test_draw_events_are_public_and_private(eng: TinyDuel) -> None:
    state = to_turn(eng)
    drawn, events = eng.apply(state, 0, "draw")
    card = state["g"]["deck"][0]
    assert drawn["g"]["hands"]["0"][-1] == card
    assert drawn["g"]["deck"] == state["g"]["deck"][1:]
    assert events == [{"text": "{seat0} draws a card.", "to": None},
                      {"text": f"You drew {card}.", "to": [0]}]


def test_roll_uses_the_state_prng(eng: TinyDuel) -> None:
    state = to_turn(eng)
    rolled, events = eng.apply(state, 0, "roll")
    assert rolled["rng"] != state["rng"]
    assert len(events) == 1 and events[0]["text"].startswith("{seat0} rolls ")
    value = int(events[0]["text"].split()[-1].rstrip("."))
    assert 1 <= value <= 6
    assert rolled["g"]["scores"]["0"] == state["g"]["scores"]["0"] + (value == 6)


def test_random_games_finish(eng: TinyDuel) -> None:
    for players in (1, 2, 3, 4):
        state, log = random_game(eng, players, players * 7)
        assert state["result"] is not None and log
