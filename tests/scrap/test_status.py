"""Tachyon's STATUS cards: #54 Evasive Manoeuvre's Evade (SC-TERM-03, SC-RUN-01, SC-REF-54, SC-EX-31)."""

from __future__ import annotations

from engines.core import Game
from engines.scrap.run import start_run

from .battles import area, labels, options, pick, put, start, table, who
from .helpers import ENGINE

CER, TAC, KIR = 0, 1, 2
EVASIVE = 54


def evading_table():
    state = table()
    state["g"]["players"][str(TAC)]["status"] = [EVASIVE]
    state["g"]["turn"]["seat"] = KIR
    put(state, KIR, 2, "R2")
    bolt = put(state, TAC, 1, "R2")[0]
    return state, bolt


def test_evade_is_offered_before_reinforcement_and_a_lone_player_goes_straight_to_victory():
    # SC-EX-31, SC-REF-54: another player's Battle in an Area with your Bots; Mobilise 3 out of it; evade_check
    state, bolt = evading_table()
    state = start(state, KIR, "R2")
    assert who(state) == TAC and labels(state)[0] == f"Stay in {state_area_name(state, 'R2')} (no Evade)"
    moves = [t for t in options(state) if t != "done"]
    assert moves and all(t.startswith("m1-" + area(state, "R2") + "-") for t in moves)
    state = pick(state, moves[0])
    assert state["g"]["bots"][bolt]["at"] != area(state, "R2")
    b = state["g"]["battle"]  # no Reinforcement: Kirurgeon alone there wins at once (SC-BATTLE-08)
    assert b["sole"] and b["winner"] == KIR and state["stack"][-1]["op"]["effect"] == "victory_prize"


def test_staying_goes_on_to_reinforcement():
    # SC-REF-54: the Evade is optional
    state, bolt = evading_table()
    state = start(state, KIR, "R2")
    state = pick(state, "done")
    assert state["g"]["bots"][bolt]["at"] == area(state, "R2")
    assert state["stack"][-1]["op"]["effect"] == "reinforce"


def test_status_cards_turn_face_down_at_the_start_of_your_run_phase():
    # SC-RUN-01, SC-TERM-03: the Evade lasts until its owner's next Run Phase
    state, _ = evading_table()
    state["g"]["turn"]["seat"] = TAC
    g = Game(ENGINE, state, TAC)
    start_run(g, TAC)
    assert not state["g"]["players"][str(TAC)]["status"]


def state_area_name(state, pos):
    return ENGINE.data.areas[area(state, pos)].name
