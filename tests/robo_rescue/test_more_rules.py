"""Remaining inventory rules: resolution order, action limits, player-board engines, programming abilities."""

from __future__ import annotations

from engines.core import Action
from engines.robo_rescue import ENGINE
from engines.robo_rescue.player_board import award_engine, gain_chip, gain_modifier
from tests.robo_rescue.helpers import C, game, give_ability, legal, me, play, put, ready, robot, set_hand, step


def test_rr_turn_07_any_number_of_modifier_tokens():
    # RR-TURN-07
    g = game(ready(3))
    gain_modifier(g, 0, "TURBO", 7)
    gain_modifier(g, 0, "ONESTEP", 7)
    assert g.g["players"]["0"]["modifiers"] == {"TURBO": 7, "ONESTEP": 7}


def test_rr_prog_18_single_move_resolution_order():
    # RR-PROG-18: P1 → card → Board Actions → switches → P3; RR-MOD-03 resolves last here
    s = ready(3)
    set_hand(s, 0, ["FORWARD"])
    me(s)["modifiers"] = {"ROT180": 1}
    put(s, 0, "D5:N")
    s = play(s, "single", "card:FORWARD", "skip:1", "skip:2", "mod:3:ROT180:x:own", "confirm")
    assert step(s) == "board_actions" and robot(s) == "D3:N" and not s["g"]["power"]["D2"]
    s = play(s, "done")
    assert s["g"]["power"]["D2"] and robot(s) == "D3:S"


def test_rr_mod_01_two_groups():
    # RR-MOD-01
    groups = {t: v["group"] for t, v in C.modifier_types.items()}
    assert {t for t, gr in groups.items() if gr == "card"} == {"ONESTEP", "TURBO", "LEVITATE"}
    assert {t for t, gr in groups.items() if gr == "other"} == {"ROT90", "ROT180", "BLAST", "PORTAL"}


def test_rr_act_02_two_different_actions_after_a_single_move():
    # RR-ACT-02, RR-ACT-04
    s = ready(3)
    s["g"]["power"]["C3"] = True
    set_hand(s, 0, ["FORWARD"])
    put(s, 0, "C5:N")
    s = play(s, "single", "card:FORWARD", "confirm", "act:DICE")
    while step(s) == "gain":
        s = play(s, legal(s)[0])
    assert "act:DICE" not in legal(s) and "act:POWER" in legal(s)
    s = play(s, "act:COMMAND")
    assert step(s) == "conversions" and s["g"]["turn"]["actions"] == ["DICE", "COMMAND"]


def test_rr_act_11_cable_dice_two_tokens(dice):
    # RR-ACT-11, RR-ACT-14: both tokens placed before the next action is offered
    dice(["STRAIGHT", "BEND"])
    s = ready(3)
    set_hand(s, 0, ["FORWARD"])
    put(s, 0, "B4:N")
    s = play(s, "single", "card:FORWARD", "confirm", "act:DICE")
    assert step(s) == "gain" and {a.split(":")[1] for a in legal(s)} == {"STRAIGHT", "BEND"}
    s = play(s, "place:BEND:A1:WN")
    assert step(s) == "gain" and {a.split(":")[1] for a in legal(s)} == {"STRAIGHT"}
    s = play(s, legal(s)[0])
    assert step(s) == "board_actions" and len(me(s)["matrix"]) == 2
    assert "DICE" not in s["g"]["tokens"]["B2"]


def test_rr_conv_01_several_optional_conversions():
    # RR-CONV-01, RR-CONV-06
    s = ready(3)
    s = play(s, "standby")
    set_hand(s, 0, ["FORWARD"] * 6)
    s = play(s, "buy:2:MODIFIER:ROT90")  # Forward cards only: each payment pays itself
    s = play(s, "buy:2:MOVEMENT_CARD:LEFT")
    assert sorted(s["g"]["turn"]["conversions"]) == ["MODIFIER", "MOVEMENT_CARD"]
    assert "done" in legal(s)


def test_rr_board_01_locked_pieces_cannot_be_spent():
    # RR-BOARD-01, RR-BOARD-03, RR-BOARD-04, RR-CABLE-13
    s = ready(3)
    p = me(s)
    p["tanks"], p["matrix"], p["locked"] = [9, 0], {"A1": "WE"}, ["A1"]
    s = play(s, "standby")
    set_hand(s, 0, [])
    assert legal(s) == ["done"]


def test_rr_board_07_fourth_chip_builds_an_engine():
    # RR-BOARD-07, RR-BOARD-10, RR-TURN-08
    g = game(ready(3))
    engines = g.g["supply"]["engines"]
    for _ in range(5):
        gain_chip(g, 0)
    p = g.g["players"]["0"]
    assert p["chips"] == 4 and p["engines"] == 2 and g.g["supply"]["engines"] == engines - 1


def test_rr_board_08_energy_and_chips_are_never_spent():
    # RR-BOARD-08
    s = ready(3)
    me(s)["chips"], me(s)["energy"] = 3, 1
    s = play(s, "standby")
    set_hand(s, 0, [])
    assert legal(s) == ["done"]


def test_rr_board_09_cable_engines_capped_at_two():
    # RR-BOARD-09, RR-CABLE-12
    g = game(ready(3))
    p = g.g["players"]["0"]
    p["built"]["CABLE"] = 2
    award_engine(g, 0, "CABLE")
    assert p["engines"] == 1


def test_rr_abil_08_stepshortener():
    # RR-ABIL-08, RR-PROG-12
    s = ready(3)
    give_ability(s, 0, "SS-1")  # die 4
    set_hand(s, 0, ["FORWARD"])
    put(s, 0, "E5:N")
    s = play(s, "single", "card:FORWARD", "skip:1", "mod:2:ONESTEP:x:SS-1", "confirm", "done", "done")
    assert robot(s) == "E4:N" and me(s)["abilities"] == [{"id": "SS-1", "die": 3, "tokens": ["ONESTEP"]}]


def test_rr_abil_09_antigravity_both_tokens_one_activation():
    # RR-ABIL-09, RR-ABIL-17
    s = ready(3)
    give_ability(s, 0, "AG-3")  # die 4
    set_hand(s, 0, ["FORWARD"])
    put(s, 0, "B2:W")
    put(s, 1, "A2:N")  # float over the robot on A2, then through the Portal to J2
    s = play(s, "single", "card:FORWARD", "mod:1:PORTAL:x:AG-3", "mod:2:LEVITATE:x:AG-3", "confirm")
    assert robot(s) == "J2:W"
    s = play(s, "done", "done")
    card = me(s)["abilities"][0]
    assert card["die"] == 3 and sorted(card["tokens"]) == ["LEVITATE", "PORTAL"]


def test_rr_abil_10_turbo_driver():
    # RR-ABIL-10
    s = ready(3)
    give_ability(s, 0, "TD-1")  # die 3
    set_hand(s, 0, ["FORWARD"])
    put(s, 0, "E4:N")
    assert "single" in legal(s)
    s = play(s, "single", "card:FORWARD", "skip:1", "mod:2:TURBO:x:TD-1", "confirm", "done", "done")
    assert robot(s) == "E2:N" and me(s)["abilities"][0] == {"id": "TD-1", "die": 2, "tokens": ["TURBO"]}


def test_rr_abil_18_ability_tokens_are_not_payment():
    # RR-ABIL-18, RR-CONV-09
    s = ready(3)
    give_ability(s, 0, "UR-1")
    s = play(s, "standby")
    set_hand(s, 0, [])
    assert legal(s) == ["done"]


def test_rr_switch_08_blasting_a_box_on_a_switch_does_not_trigger_it():
    # RR-SWITCH-08, RR-SWITCH-03: the box on D3 is blasted, the robot passes over D3 to D2
    s = ready(3)
    s["g"]["boxes"][s["g"]["boxes"].index("E2")] = "D3"
    set_hand(s, 0, ["FORWARD"])
    me(s)["modifiers"] = {"BLAST": 1}
    put(s, 0, "D4:N")
    s = play(s, "single", "card:FORWARD", "mod:1:BLAST:x:own", "confirm")
    assert step(s) == "gain" and robot(s) == "D4:N"  # the Blast! resolves first: 3 oil to pour
    s = play(s, "oil:3")
    assert robot(s) == "D2:N" and "D3" not in s["g"]["boxes"]
    s = play(s, "done")
    assert not any(s["g"]["power"][x] for x in ("D2", "C3", "H3"))


def test_labels_speak_the_games_words():
    s = ready(3)
    set_hand(s, 0, ["RIGHT", "COMBI", "FORWARD"])
    me(s)["modifiers"] = {"TURBO": 1}
    put(s, 0, "E5:N")
    assert ENGINE.label(s, 0, Action("combi", "COMBI")) == "Combi-Move"
    s = play(s, "single")
    assert ENGINE.label(s, 0, Action("card", "RIGHT")) == "Movement card: Forward-right"
    s = play(s, "card:RIGHT", "skip:1")
    assert ENGINE.label(s, 0, Action("mod", 2, "TURBO", "x", "own")) == "Turbo on the card"
    t = ready(3)
    t["g"]["bonus_deck"].remove("BN02-1")
    t["g"]["bonus_deck"].insert(0, "BN02-1")
    set_hand(t, 0, ["FORWARD"])
    put(t, 0, "E6:N")
    t = play(t, "single", "card:FORWARD", "confirm", "act:BONUS")
    assert ENGINE.label(t, 0, Action("bonus", "bottom")) == "Bonus: 2 oil"
    assert ENGINE.label(t, 0, Action("bonus", "top")) == "Bonus: 2 Turbo tokens"
