"""Tachyon's STATUS cards: #54 Evasive Manoeuvre's Evade (SC-TERM-03, SC-RUN-01, SC-REF-54, SC-EX-31)."""

from __future__ import annotations

from engines.core import Game
from engines.scrap.flow import start_run

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


ANACHRONISTIC = 57


def test_anachronistic_spark_moves_the_call_phase_to_the_start_of_the_next_turn():
    # SC-REF-57, SC-TERM-03, §4.10 STATUS timing: skip this Call Phase; next Run Phase: a full Call Phase,
    # then the STATUS card flips, then the Active Function is revealed
    from engines.scrap import interpreter
    state = table()
    state["g"]["turn"]["seat"] = TAC
    p = state["g"]["players"][str(TAC)]
    p.update(active=ANACHRONISTIC, hand=[], energy=0)
    g = Game(ENGINE, state, TAC)
    interpreter.run_function(g, TAC, ANACHRONISTIC, True)
    p = state["g"]["players"][str(TAC)]
    assert p["status"] == [ANACHRONISTIC] and p["energy"] == 2  # the Core's Energy 2 resolved
    assert state["stack"][-1]["step"] != "call_domain"  # this turn's Call Phase is skipped
    assert ANACHRONISTIC in p["discard"]
    p["queue"] = [60]
    state["g"]["turn"] = {"seat": TAC, "number": 9, "phase": "run", "first": False}
    state["stack"] = [{"step": "turn_end", "seat": TAC}]
    g = Game(ENGINE, state, TAC)
    start_run(g, TAC)
    assert state["stack"][-1]["step"] == "call_domain" and p["status"] == [ANACHRONISTIC]  # still face-up
    assert p["active"] is None and p["queue"] == [60]
    dom = ENGINE.legal_actions(state, TAC)[0]
    state, _ = ENGINE.apply(state, TAC, dom)
    while state["stack"][-1]["step"] == "subroutine" or state["stack"][-1]["step"] == "choose":
        state, _ = ENGINE.apply(state, TAC, ENGINE.legal_actions(state, TAC)[0])
    p = state["g"]["players"][str(TAC)]
    assert not p["status"] and p["active"] == 60 and state["stack"][-1]["step"] == "power_up"
    assert state["g"]["turn"]["phase"] == "run"
