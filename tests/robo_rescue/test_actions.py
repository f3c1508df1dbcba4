"""Board Actions, switches, Standby, oil tanks and Bonus cards: RR-ACT, RR-SWITCH, RR-STANDBY, RR-BOARD, RR-BONUS.

Scenarios RR-EX-03, RR-EX-11, RR-EX-12, RR-EX-13, RR-EX-16, RR-EX-17, RR-EX-18.
"""

from __future__ import annotations

import pytest

from engines.robo_rescue.command import resolve_switches
from tests.robo_rescue.helpers import (
    at_turn_start,
    game,
    give_ability,
    hand_types,
    legal,
    me,
    play,
    put,
    ready,
    robot,
    set_hand,
    step,
)


@pytest.fixture
def s():
    return ready(3)


def power(s, *spaces):
    return [s["g"]["power"][x] for x in spaces]


def test_rr_ex_11_landing_on_a_switch(s):
    # RR-EX-11
    # RR-SWITCH-01, RR-SWITCH-02, RR-SWITCH-04, RR-SWITCH-07
    # actions first (only Command at D3), then the three tokens flip
    set_hand(s, 0, ["FORWARD"])
    put(s, 0, "D5:N")
    s = play(s, "single", "card:FORWARD", "confirm")
    assert robot(s) == "D3:N" and legal(s) == ["act:COMMAND", "done"]
    assert power(s, "D2", "C3", "H3") == [False, False, False]
    s = play(s, "done")
    assert power(s, "D2", "C3", "H3") == [True, True, True]


def test_rr_ex_11_passing_a_switch(s):
    # RR-EX-11
    # RR-SWITCH-03
    set_hand(s, 0, ["FORWARD"])
    put(s, 0, "D4:N")
    s = play(s, "single", "card:FORWARD", "confirm")
    assert robot(s) == "D2:N" and "act:POWER" not in legal(s)
    s = play(s, "done")
    assert power(s, "D2", "C3", "H3") == [False, False, False]


def test_rr_ex_11_box_pushed_onto_the_switch(s):
    # RR-EX-11
    # RR-SWITCH-02, RR-MOVE-12
    s["g"]["boxes"][s["g"]["boxes"].index("E2")] = "D4"
    set_hand(s, 0, ["FORWARD"])
    me(s)["modifiers"] = {"TURBO": 1}
    put(s, 0, "D6:N")
    s = play(s, "single", "card:FORWARD", "skip:1", "mod:2:TURBO:x:own", "confirm")
    assert robot(s) == "D4:N" and "D3" in s["g"]["boxes"]
    s = play(s, "done")
    assert power(s, "D2", "C3", "H3") == [True, True, True]


def test_rr_ex_11_same_turn_use_after_card_two(s):
    # RR-EX-11
    # RR-SWITCH-07, RR-ACT-08
    set_hand(s, 0, ["COMBI", "FORWARD", "FORWARD"])
    me(s)["modifiers"] = {"ONESTEP": 1}
    put(s, 0, "D5:N")
    s = play(s, "combi:COMBI", "card:FORWARD", "card:FORWARD", "skip:1", "skip:2", "skip:3",
             "mod:4:ONESTEP:x:own", "confirm")
    assert robot(s) == "D3:N" and legal(s) == ["act:COMMAND", "done"]
    s = play(s, "act:COMMAND")
    assert robot(s) == "D2:N" and "act:POWER" in legal(s)
    s = play(s, "act:POWER", "power:chip")
    assert me(s)["chips"] == 1 and power(s, "D2") == [False]


def test_rr_ex_11_double_linked_token(s):
    # RR-EX-11
    # RR-SWITCH-06, REC-02: D3 and C7 both control C3
    g = game(s)
    resolve_switches(g, ["D3"])
    resolve_switches(g, ["C7"])
    assert g.g["power"]["C3"] is False and g.g["power"]["D2"] and g.g["power"]["B7"]
    resolve_switches(g, ["D3", "C7"])
    assert g.g["power"]["C3"] is False and not g.g["power"]["D2"]


def test_rr_switch_05_robot_parked_on_a_switch_does_not_trigger(s):
    # RR-SWITCH-05: a failed Turbo at step 1 leaves the robot on the switch
    put(s, 1, "D1:N")
    s["g"]["boxes"][0] = "D2"
    set_hand(s, 0, ["FORWARD"])
    me(s)["modifiers"] = {"TURBO": 1}
    put(s, 0, "D3:N")
    s = play(s, "single", "card:FORWARD", "skip:1", "mod:2:TURBO:x:own", "confirm")
    assert robot(s) == "D3:N"
    s = play(s, "done")
    assert power(s, "D2", "C3", "H3") == [False, False, False]


def test_rr_ex_12_standby_draws(s):
    # RR-EX-12
    # RR-STANDBY-02, RR-STANDBY-03, RR-STANDBY-04, RR-STANDBY-06, RR-SWITCH-09
    for size, drawn in ((9, 1), (7, 2), (10, 0)):
        t = at_turn_start(ready(3), 0)
        set_hand(t, 0, ["FORWARD"] * size)
        before = robot(t)
        t = play(t, "standby")
        assert len(t["g"]["hands"]["0"]) == size + drawn and step(t) == "conversions"
        assert robot(t) == before and t["g"]["turn"]["actions"] == []
        t = play(t, "done")
        assert t["stack"][-1]["seat"] == 1  # a full turn


def test_rr_ex_12_jerry_can_before_standby_but_not_turbo_driver(s):
    # RR-EX-12
    # RR-STANDBY-05, RR-ABIL-16, RR-ABIL-12, RR-TURN-02
    give_ability(s, 0, "JC-1")
    give_ability(s, 0, "TD-1")
    assert legal(s)[0] == "use:JC-1"
    s = play(s, "use:JC-1")
    assert me(s)["tanks"] in ([1, 0], [0, 1]) or step(s) == "gain"
    if step(s) == "gain":
        s = play(s, "oil:1")
    assert sum(me(s)["tanks"]) == 1 and "use:JC-1" not in legal(s)
    s = play(s, "standby", "done")
    assert me(s)["abilities"][1]["die"] == 3


def test_rr_ex_13_oil_tanks(s):
    # RR-EX-13
    # RR-BOARD-02, RR-BOARD-03, RR-BOARD-04, RR-BOARD-05, RR-CONV-07, RR-ACT-10
    set_hand(s, 0, ["FORWARD"])
    me(s)["tanks"] = [8, 0]
    put(s, 0, "B3:N")  # B1 holds an Oil token
    s = play(s, "single", "card:FORWARD", "confirm", "act:OIL")
    assert step(s) == "gain" and legal(s) == ["oil:0", "oil:1"]
    s = play(s, "oil:1")
    assert me(s)["tanks"] == [9, 1] and me(s)["engines"] == 2 and me(s)["built"]["OIL"] == 1
    s = play(s, "done")
    assert "buy:2:MODIFIER:ROT90" not in legal(s)  # only 1 spendable oil: tank 1 is locked
    me(s)["tanks"] = [9, 2]
    s = play(s, "buy:2:MODIFIER:ROT90")  # only tank 2's oil can pay: the payment pays itself from it
    assert me(s)["tanks"] == [9, 0] and me(s)["modifiers"].get("ROT90") == 1


def test_rr_ex_13_overflow_is_not_gained(s):
    # RR-EX-13
    set_hand(s, 0, ["FORWARD"])
    me(s)["tanks"] = [9, 8]
    me(s)["built"]["OIL"] = 1
    me(s)["modifiers"] = {"BLAST": 1}
    oil = s["g"]["supply"]["oil"]
    put(s, 0, "H2:W")
    s = play(s, "single", "card:FORWARD", "skip:1", "skip:2", "mod:3:BLAST:x:own", "confirm", "done")
    assert me(s)["tanks"] == [9, 9] and me(s)["built"]["OIL"] == 2 and s["g"]["supply"]["oil"] == oil - 1


def test_rr_ex_13_oil_action_with_full_tanks(s):
    # RR-EX-13
    set_hand(s, 0, ["FORWARD"])
    me(s)["tanks"] = [9, 9]
    put(s, 0, "B3:N")
    s = play(s, "single", "card:FORWARD", "confirm", "act:OIL")
    assert "OIL" not in s["g"]["tokens"]["B1"] and me(s)["tanks"] == [9, 9] and step(s) == "board_actions"


def test_rr_ex_03_bonus_card_choice(dice):
    # RR-EX-03
    # RR-ACT-07, RR-BONUS-01, RR-BONUS-02, RR-BONUS-03, RR-BONUS-04, RR-BONUS-05
    for half in ("top", "bottom"):
        s = ready(3)
        set_hand(s, 0, ["FORWARD"])
        put(s, 0, "A1:S")
        s["g"]["bonus_deck"].remove("BN01-1")
        s["g"]["bonus_deck"].insert(0, "BN01-1")
        s = play(s, "single", "card:FORWARD", "confirm", "act:BONUS")
        assert robot(s) == "A3:S" and step(s) == "bonus_choice"
        assert legal(s) == ["bonus:top", "bonus:bottom"]
        s = play(s, f"bonus:{half}")
        if half == "top":
            s = play(s, "place:STRAIGHT:A1:WE", "place:BEND:B1:SW")
            assert me(s)["matrix"] == {"A1": "WE", "B1": "SW"} and me(s)["tanks"] == [0, 0]
        else:
            s = play(s, "oil:2")
            assert me(s)["tanks"] == [2, 0] and me(s)["matrix"] == {}
        assert "BONUS" not in s["g"]["tokens"]["A3"] and s["g"]["bonus_discard"] == ["BN01-1"]
        assert s["g"]["turn"]["actions"] == ["BONUS"] and "act:BONUS" not in legal(s)


def test_rr_ex_16_action_repeater_in_a_combi(s):
    # RR-EX-16
    # RR-ABIL-14, RR-ACT-04, RR-ACT-03
    give_ability(s, 0, "AR-2")  # die 3
    set_hand(s, 0, ["COMBI", "FORWARD", "FORWARD"])
    me(s)["modifiers"] = {"ROT90": 1}
    put(s, 0, "A1:S")
    s = play(s, "combi:COMBI", "card:FORWARD", "card:FORWARD", "skip:1", "skip:2", "mod:3:ROT90:L:own",
             "confirm", "act:BONUS", "bonus:bottom")
    if step(s) == "gain":
        s = play(s, legal(s)[0])
    assert robot(s) == "C3:E"
    assert "act:BONUS" in legal(s)
    s = play(s, "act:BONUS", "bonus:bottom")
    if step(s) == "gain":
        s = play(s, legal(s)[0])
    assert me(s)["abilities"][0]["die"] == 2
    s = play(s, "act:COMMAND")
    assert step(s) == "conversions"  # limit 2 after card 2, even with Cable Dice on C3
    assert "BONUS" not in s["g"]["tokens"]["A3"] and "BONUS" not in s["g"]["tokens"]["C3"]
    assert s["g"]["turn"]["actions"] == ["BONUS", "BONUS", "COMMAND"]


def test_rr_ex_17_action_repeater_in_a_single_move(s):
    # RR-EX-17
    give_ability(s, 0, "AR-2")
    set_hand(s, 0, ["FORWARD", "LEFT", "RIGHT"])
    put(s, 0, "E6:N")
    s = play(s, "single", "card:FORWARD", "confirm")
    assert robot(s) == "E4:N" and len(s["g"]["hands"]["0"]) == 2
    s = play(s, "act:COMMAND")
    assert "act:COMMAND" in legal(s) and "act:BONUS" in legal(s)
    s = play(s, "act:COMMAND")
    assert len(s["g"]["hands"]["0"]) == 8 and me(s)["abilities"][0]["die"] == 2
    t = ready(3)
    give_ability(t, 0, "AR-2")
    set_hand(t, 0, ["FORWARD"])
    put(t, 0, "E6:N")
    t = play(t, "single", "card:FORWARD", "confirm", "act:BONUS", "bonus:top")
    while step(t) == "gain":
        t = play(t, legal(t)[0])
    assert "act:BONUS" not in legal(t)  # never Bonus twice on one space: the token is gone


def test_rr_ex_18_hand_limit_and_command_action(s):
    # RR-EX-18
    # RR-ACT-06, RR-TURN-05, RR-TURN-04, RR-CONV-15
    set_hand(s, 0, ["FORWARD"] * 11)
    put(s, 0, "E9:N")
    s = play(s, "single", "card:FORWARD", "confirm")
    assert "act:COMMAND" not in legal(s)  # 10 in hand
    t = ready(3)
    set_hand(t, 0, ["FORWARD"] * 9)
    put(t, 0, "E9:N")
    t = play(t, "single", "card:FORWARD", "confirm", "act:COMMAND")
    assert len(t["g"]["hands"]["0"]) == 11
    t = play(t, "done", "done")
    assert step(t) == "discard_down" and len(legal(t)) >= 1
    t = play(t, legal(t)[0])
    assert len(t["g"]["hands"]["0"]) == 10 and step(t) == "turn_start"


def test_rr_act_09_power_with_four_chips(s):
    # RR-ACT-09, AMB-21
    s["g"]["power"]["C3"] = True
    me(s)["chips"] = 4
    s["g"]["supply"]["modifiers"]["BLAST"] = 0
    set_hand(s, 0, ["FORWARD"])
    put(s, 0, "C5:N")
    s = play(s, "single", "card:FORWARD", "confirm", "act:POWER")
    assert s["g"]["power"]["C3"] is False and me(s)["chips"] == 4 and not me(s)["modifiers"]


def test_rr_act_05_power_needs_on(s):
    # RR-ACT-05, RR-ACT-13, RR-ACT-12
    s["g"]["power"]["C3"] = True
    set_hand(s, 0, ["FORWARD"])
    put(s, 0, "C5:N")
    s = play(s, "single", "card:FORWARD", "confirm")
    assert sorted(legal(s)) == ["act:BONUS", "act:COMMAND", "act:DICE", "act:POWER", "done"]
    s = play(s, "act:POWER", "power:blast")
    assert me(s)["modifiers"]["BLAST"] == 1 and "act:POWER" not in legal(s)


def test_rr_bonus_04_command_cards_past_the_limit(s):
    # RR-BONUS-04
    s["g"]["bonus_deck"].remove("BN06-1")
    s["g"]["bonus_deck"].insert(0, "BN06-1")
    set_hand(s, 0, ["FORWARD"] * 11)
    put(s, 0, "A1:S")
    s = play(s, "single", "card:FORWARD", "confirm", "act:BONUS", "bonus:bottom")
    assert len(s["g"]["hands"]["0"]) == 13
    assert hand_types(s, 0).count("FORWARD") >= 10
