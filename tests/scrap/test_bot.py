"""Issue 14: the SCRAP bot's choices at the Subroutine, Refresh and Mobilise prompts."""

from __future__ import annotations

import random

import engines

ENGINE = engines.get("scrap")


def bot_choices(kind: str, games: int = 3) -> list[tuple[list, object]]:
    """(legal actions, bot pick) wherever the bot meets ``kind`` (a step name or a choose effect) with a choice."""
    seen = []
    for seed in range(1, games + 1):
        chooser, state, steps = random.Random(seed), ENGINE.setup(3, seed, {}), 0
        while ENGINE.outcome(state) is None and steps < 1500:
            seat = ENGINE.active(state)[0]
            legal = ENGINE.legal_actions(state, seat)
            if seat == 0:
                frame = state["stack"][-1]
                here = frame["op"]["effect"] if frame["step"] == "choose" else frame["step"]
                action = ENGINE.bot_action(state, seat)
                if here == kind and len(legal) > 1:
                    seen.append((legal, action))
            else:
                action = chooser.choice(legal)
            state, _ = ENGINE.apply(state, seat, action)
            steps += 1
    return seen


def test_bot_resolves_highest_subroutine_row() -> None:  # issue 14, SC-CALL-12/13
    seen = bot_choices("subroutine")
    assert seen
    for legal, action in seen:
        assert action.args[0] == max(a.args[0] for a in legal)


def test_bot_refreshes_active_function_first() -> None:  # issue 14, SC-ACT-REFRESH-03
    seen = bot_choices("refresh")
    assert seen
    for legal, action in seen:
        tokens = [a.args[0] for a in legal]
        assert action.args[0] != "done"
        if "active" in tokens:
            assert action.args[0] == "active"


def test_bot_mobilises_and_never_stops_early() -> None:  # issue 14, SC-ACT-MOBILISE-01
    seen = bot_choices("mobilise")
    assert seen
    for legal, action in seen:
        token = str(action.args[0])
        assert token != "herculean"
        if token == "done":  # only when nothing can Move
            assert {str(a.args[0]) for a in legal} <= {"done", "pause", "herculean"}
