"""The turn's fast legality checks agree exactly with its action list (EU-PLACE-01, EU-TURN-04)."""

from __future__ import annotations

import random

from engines.core import Action, Game
from engines.euphoria import ENGINE
from engines.euphoria.turns import Turn


def _turn_states(seed: int, players: int, every: int = 9):  # type: ignore[no-untyped-def]
    """States of a random game whose prompt is a human turn, every ``every``-th step."""
    rnd = random.Random(seed)
    state = ENGINE.setup(players, seed)
    step = 0
    while state["result"] is None and step < 4000:
        seat = rnd.choice(ENGINE.active(state))
        if step % every == 0 and state["stack"][-1]["step"] == "turn":
            yield state, seat
        state, _ = ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_actions(state, seat)))
        step += 1


def test_allows_a_placement_exactly_when_it_is_listed():  # EU-PLACE-01
    checked = 0
    for players, seed in ((1, 3), (3, 4), (5, 5)):
        for state, seat in _turn_states(seed, players):
            legal = set(ENGINE.legal_actions(state, seat))
            spaces = [*ENGINE.data.spaces, "nowhere"]
            for value in range(0, 8):
                for space in spaces:
                    action = Action("place", value, space)
                    assert ENGINE.allows(state, seat, action) == (action in legal), (str(action), state["step"])
                    checked += 1
            for action in legal:
                assert ENGINE.allows(state, seat, action)
    assert checked > 10_000


def test_a_fresh_turn_has_actions_exactly_when_the_list_is_not_empty():  # EU-TURN-04
    seen = set()
    for players, seed in ((2, 8), (4, 9), (6, 10)):
        for state, _seat in _turn_states(seed, players, every=3):
            frame = state["stack"][-1]
            if frame["value"] is not None:
                continue
            g = Game(ENGINE, state, actor=None)
            listed = bool(Turn().actions(g, frame["pid"]))
            assert Turn.has_actions(g, frame["pid"]) == listed
            seen.add(listed)
    assert True in seen
