"""Replays: (engine version, seats, seed, options, action log) reproduces the stored state."""

from __future__ import annotations

import json

import pytest

from engines.core import (
    IllegalAction,
    ReplayMismatch,
    check_replay,
    copy_state,
    dumps,
    export_replay,
    replay,
    state_hash,
    verify,
)
from engines.core.replay import REPLAY_FORMAT, first_difference
from tests.core._play import random_game
from tests.fixtures.tiny import TinyDuel, register

GAMES = [(players, seed) for seed in range(6) for players in (1, 2, 3, 4)]


@pytest.fixture(scope="module")
def eng() -> TinyDuel:
    return register()


@pytest.fixture(scope="module")
def played(eng: TinyDuel) -> dict[tuple[int, int], tuple[dict, list]]:
    return {(p, s): random_game(eng, p, s, {"rounds": 1 + s % 3}) for p, s in GAMES}


def test_playouts_include_undos(played: dict) -> None:
    undos = sum(1 for _, log in played.values() for _, action in log if action == "undo")
    assert undos >= 20


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_replay_reproduces_random_playouts(eng: TinyDuel, played: dict, players: int, seed: int) -> None:
    final, log = played[players, seed]
    rebuilt = replay(eng, players, seed, final["options"], log)
    assert dumps(rebuilt) == dumps(final)
    assert dumps(verify(eng, final, log)) == dumps(final)
    as_lists = json.loads(json.dumps(log))
    assert dumps(verify(eng, final, as_lists)) == dumps(final)


def test_replay_of_a_partial_log_matches_the_state_at_that_point(eng: TinyDuel) -> None:
    state = eng.setup(3, 5)
    log: list[tuple[int, str]] = []
    for seat in (0, 1, 2):
        action = str(eng.legal_actions(state, seat)[0])
        state, _ = eng.apply(state, seat, action)
        log.append((seat, action))
        assert dumps(verify(eng, state, log)) == dumps(state)


def test_verify_rejects_a_tampered_state(eng: TinyDuel, played: dict) -> None:
    final, log = played[2, 1]
    tampered = copy_state(final)
    tampered["g"]["scores"]["0"] += 1
    with pytest.raises(ReplayMismatch, match=r"g\.scores\.0"):
        verify(eng, tampered, log)
    hidden = copy_state(final)
    hidden["g"]["deck"].reverse()
    hidden["g"]["deck"].append(99)
    with pytest.raises(ReplayMismatch, match=r"g\.deck"):
        verify(eng, hidden, log)
    stepped = copy_state(final)
    stepped["step"] += 1
    with pytest.raises(ReplayMismatch, match="step"):
        verify(eng, stepped, log)


def test_verify_rejects_a_tampered_log(eng: TinyDuel, played: dict) -> None:
    final, log = played[3, 2]
    with pytest.raises(ReplayMismatch):
        verify(eng, final, log[:-1])
    with pytest.raises(ReplayMismatch):
        verify(eng, final, log[: len(log) // 2])
    mark_at = next(i for i, (_, a) in enumerate(log) if a.startswith("mark:"))
    seat, mark = log[mark_at]
    redone = [*log[:mark_at + 1], (seat, "undo"), (seat, mark), *log[mark_at + 1:]]
    with pytest.raises(ReplayMismatch, match="step"):
        verify(eng, final, redone)


def test_an_illegal_log_row_raises_illegal_action(eng: TinyDuel, played: dict) -> None:
    final, log = played[2, 0]
    with pytest.raises(IllegalAction):
        replay(eng, 2, 0, final["options"], [(1 - log[0][0], "done"), *log])
    with pytest.raises(IllegalAction):
        verify(eng, final, [*log, (0, "done")])


def test_export_and_check_round_trip_through_json_text(eng: TinyDuel, played: dict) -> None:
    final, log = played[4, 3]
    document = export_replay(final, log, title="friday game", players=["ann", "bo", "cy", "di"])
    text = json.dumps(document)
    loaded = json.loads(text)
    assert loaded["format"] == REPLAY_FORMAT == "turnkeeper-replay" and loaded["format_version"] == 1
    assert loaded["engine"] == "tiny" and loaded["engine_version"] == 1
    assert loaded["seats"] == 4 and loaded["seed"] == 3 and loaded["options"] == final["options"]
    assert loaded["actions"] == [[s, a] for s, a in log]
    assert loaded["final_hash"] == state_hash(final)
    assert loaded["title"] == "friday game" and loaded["players"] == ["ann", "bo", "cy", "di"]
    assert dumps(check_replay(eng, loaded)) == dumps(final)


def test_check_replay_rejects_tampering(eng: TinyDuel, played: dict) -> None:
    final, log = played[2, 4]
    document = json.loads(json.dumps(export_replay(final, log)))
    with pytest.raises(ReplayMismatch, match="final state hash"):
        check_replay(eng, dict(document, final_hash="0" * 16))
    with pytest.raises(ReplayMismatch, match="final state hash"):
        check_replay(eng, dict(document, actions=document["actions"][:-1]))
    with pytest.raises(ReplayMismatch, match="final state hash"):
        check_replay(eng, dict(document, seed=document["seed"] + 1000, actions=[]))
    with pytest.raises(ReplayMismatch, match="not a Turnkeeper replay"):
        check_replay(eng, dict(document, format="something-else"))
    with pytest.raises(ReplayMismatch, match="not a Turnkeeper replay"):
        check_replay(eng, {k: v for k, v in document.items() if k != "format"})


class OtherDuel(TinyDuel):
    id = "tiny_other"


class TinyDuelV2(TinyDuel):
    version = 2
    oldest_version = 2  # no longer plays version 1 games


class TinyDuelV2Compatible(TinyDuel):
    version = 2  # still plays version 1 games as they were (oldest_version 1)


def test_a_replay_for_another_engine_is_rejected(eng: TinyDuel, played: dict) -> None:
    final, log = played[2, 5]
    document = export_replay(final, log)
    with pytest.raises(ReplayMismatch, match="replay is for tiny, not tiny_other"):
        check_replay(OtherDuel(), document)
    with pytest.raises(ReplayMismatch, match="replay is for tiny_other, not tiny"):
        check_replay(eng, dict(document, engine="tiny_other"))


def test_a_replay_from_a_version_the_engine_dropped_is_refused(played: dict) -> None:
    final, log = played[2, 5]
    with pytest.raises(ReplayMismatch, match="rules version 1"):
        check_replay(TinyDuelV2(), export_replay(final, log))
    with pytest.raises(ReplayMismatch, match="rules version 1"):
        verify(TinyDuelV2(), final, log)


def test_a_replay_from_an_older_version_still_played_replays_exactly(played: dict) -> None:
    final, log = played[2, 5]
    state = check_replay(TinyDuelV2Compatible(), export_replay(final, log))
    assert state["engine_version"] == 1 and state == final
    assert verify(TinyDuelV2Compatible(), final, log) == final
    assert TinyDuelV2Compatible().setup(2, 5)["engine_version"] == 2, "new games get the current rules"


def test_first_difference_names_the_path() -> None:
    a = {"g": {"hands": {"0": [1, 2], "1": [3]}, "round": 1}, "step": 3}
    b = {"g": {"hands": {"0": [1, 5], "1": [3]}, "round": 1}, "step": 3}
    assert first_difference(a, b) == "g.hands.0.1"
    assert first_difference(a, a) == "<root>"
    assert first_difference({"x": [1]}, {"x": [1, 2]}) == "x (length 1 vs 2)"
    assert first_difference([1], [1, 2]) == "<root> (length 1 vs 2)"
    assert first_difference({"x": 1}, {"y": 1}) == "x"
    assert first_difference({"x": 1}, {"x": "1"}) == "x"
