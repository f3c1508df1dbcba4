"""The kit on SCRAP: zones cover the state, no leaks, JSON round-trip, determinism, the phase skeleton."""

from __future__ import annotations

import json

import pytest

from engines.core import act, state_hash
from engines.core.kit import assert_clean, fuzz, playout

from .helpers import ENGINE, through_setup


def test_fuzz_setup_and_first_turns():
    assert_clean(fuzz(ENGINE, players=(2, 3, 4), games=12, seed=1, horizon=120))


@pytest.mark.parametrize("options", [{"intelligences": "draft"}, {"energised": True, "intelligences": "draft"},
                                     {"warped": True, "casual": True}, {"first_game": True}])
def test_kit_on_every_option(options):
    for n in (2, 3):
        report = playout(ENGINE, n, 3, options, horizon=150)
        assert report.clean, report.summary()


@pytest.mark.parametrize("n", [2, 3, 4])
def test_zones_cover_the_setup_state(n):
    state = through_setup(n, 11)
    assert ENGINE.undeclared_paths(state) == []
    spectator = ENGINE.view(state, None)["table"]
    assert "hand" not in spectator and all(p["hand_count"] == 7 for p in spectator["players"].values())
    hidden = ENGINE.hidden_paths(state, 0)
    assert "g.fragments" in hidden and "g.players.1.hand" in hidden and "g.players.0.hand" not in hidden


def test_json_round_trip_and_determinism():
    a, b = through_setup(3, 42), through_setup(3, 42)
    assert json.loads(json.dumps(a)) == a
    assert state_hash(a) == state_hash(b)
    assert through_setup(3, 43)["g"]["areas"] != a["g"]["areas"] or through_setup(3, 43)["g"]["fragments"] != \
        a["g"]["fragments"]


def settle(state, seat):
    """Answer the effect queue's choices with their first option."""
    while state["stack"][-1]["step"] == "choose":
        state, _ = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    return state


def test_one_turn_run_call_load():
    # SC-RUN-02, SC-RUN-03, SC-RUN-07, SC-CALL-01, SC-CALL-03, SC-CALL-05, SC-CALL-12, SC-LOAD-01, SC-LOAD-03,
    # SC-TURN-01
    state = through_setup(2, 5, {"intelligences": "cerebrum,kirurgeon"})
    seat = ENGINE.active(state)[0]
    assert state["g"]["players"][str(seat)]["intel"] == "cerebrum"
    state, _ = ENGINE.apply(state, seat, act("play", 5))  # Scavenge or similar: any non-Raid
    assert state["stack"][-1]["step"] == "power_up"
    state, _ = ENGINE.apply(state, seat, act("no"))
    state = settle(state, seat)
    assert state["stack"][-1]["step"] == "call_domain"
    assert {a.args[0] for a in ENGINE.legal_actions(state, seat)} == set("CITE")  # SC-CALL-03: from the centre
    before = state["g"]["players"][str(seat)]["knowledge"]["I"]
    state, _ = ENGINE.apply(state, seat, act("domain", "I"))
    assert state["g"]["players"][str(seat)]["knowledge"]["I"] == before + 1
    assert state["stack"][-1] == {"step": "subroutine", "seat": seat, "domain": "I"}
    state, _ = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    while state["stack"][-1]["step"] != "load_fill":
        state, _ = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    p = state["g"]["players"][str(seat)]
    assert p["discard"][-1] == 5 and p["active"] is None  # SC-LOAD-01
    state, _ = ENGINE.apply(state, seat, act("queue", 1))
    state, _ = ENGINE.apply(state, seat, act("queue", 2))
    p = state["g"]["players"][str(seat)]
    assert p["queue"] == [2, 1]  # SC-LOAD-03: the first card sits rightmost and runs next
    assert ENGINE.active(state) != [seat]


def test_adjacency_after_a_call():
    # SC-CALL-01, SC-CALL-02: from Creation only Innovation and Termination
    state = through_setup(2, 5, {"intelligences": "cerebrum,kirurgeon"})
    seat = ENGINE.active(state)[0]
    state, _ = ENGINE.apply(state, seat, act("play", 5))
    state = settle(ENGINE.apply(state, seat, act("no"))[0], seat)
    state, _ = ENGINE.apply(state, seat, act("domain", "C"))
    state["g"]["players"][str(seat)]["mode"] = "C"
    state["stack"][-1] = {"step": "call_domain", "seat": seat}
    assert {a.args[0] for a in ENGINE.legal_actions(state, seat) if a.verb == "domain"} == {"I", "T"}


COMBOS = [
    ("cerebrum,kirurgeon", {}), ("entropy,olympus", {"energised": True}), ("tachyon,vulkanos", {}),
    ("cerebrum,tachyon,vulkanos", {}), ("entropy,kirurgeon,olympus", {"warped": True, "casual": True}),
    ("kirurgeon,entropy,olympus,tachyon", {}), ("cerebrum,vulkanos,olympus,entropy", {}),
]
"""Every Intelligence at every table size, and the variants: full games with Battles to the end."""


@pytest.mark.parametrize(("combo", "extra"), COMBOS)
def test_full_games_over_intelligence_combos(combo, extra):
    # SC-END-01, SC-END-02, SC-END-03, SC-END-04, SC-ACT-BATTLE-01: bot games end at 50 Data with everyone
    # placed, clean under the kit (zones, leaks, undo, replay, JSON) at every step checked
    n = combo.count(",") + 1
    options = {"intelligences": combo, **extra}
    report = playout(ENGINE, n, 3, options, bots=True, max_steps=8000, leak_every=25, check_every=12)
    assert report.clean and report.completed, report.summary()


def test_random_seats_run_to_the_end():
    # SC-SETUP-12: random Intelligences, the simple bot at every seat
    for n in (2, 3, 4):
        report = playout(ENGINE, n, 10 + n, {}, bots=True, max_steps=8000, leak_every=50, check_every=25)
        assert report.clean and report.completed, report.summary()


def test_bot_is_deterministic_per_state():
    state = through_setup(3, 8)
    seat = ENGINE.active(state)[0]
    assert ENGINE.bot_action(state, seat) == ENGINE.bot_action(state, seat)
    assert ENGINE.bot_action(state, seat) in ENGINE.legal_actions(state, seat)
