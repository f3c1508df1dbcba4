"""Setup, general rules, turn order and game end: RR-SETUP, RR-GEN, RR-TURN, RR-END; scenario RR-EX-19."""

from __future__ import annotations

import pytest

from engines.core import OptionError, Step
from engines.robo_rescue import ENGINE, decks
from engines.robo_rescue.movement import occupant, world_of
from engines.robo_rescue.player_board import gain_chip, gain_modifier
from tests.robo_rescue.helpers import C, at_turn_start, game, hand_types, legal, me, play, ready, step


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rr_setup_01_to_14(players):
    # RR-SETUP-01
    s = ENGINE.setup(players, 7)
    g = s["g"]
    assert sorted(g["order"]) == list(range(players))  # RR-SETUP-01, RR-SETUP-12
    assert g["order"] == [(g["order"][0] + i) % players for i in range(players)]  # RR-GEN-04
    assert sum(len(v) for v in g["tokens"].values()) == 56  # RR-SETUP-02
    assert g["boxes"] == ["E2", "I5", "F9", "B6"]  # RR-SETUP-03
    assert set(g["power"]) == set(C.power_tokens) and not any(g["power"].values())  # RR-SETUP-04
    corners = C.seat_corners[players]
    assert [g["robots"][str(s_)]["at"] for s_ in g["order"]] == list(corners)  # RR-SETUP-05, RR-SETUP-07
    engines = 0 if players == 2 else 1
    assert all(p["engines"] == engines for p in g["players"].values())  # RR-SETUP-06
    for seat in range(players):
        assert hand_types(s, seat) == ["FORWARD", "LEFT", "RIGHT"]  # RR-SETUP-08
    assert len(g["command_deck"]) == 60 - 3 * players and g["command_discard"] == []  # RR-SETUP-09
    assert len(g["bonus_deck"]) == 32 and g["bonus_discard"] == []  # RR-SETUP-10
    kinds = [C.abilities[x].ability for x in g["ability_supply"]]
    assert len(set(kinds)) == 4 and len(g["master_coders"]) == 8  # RR-SETUP-11
    p = g["players"][str(g["order"][0])]
    assert p["tanks"] == [0, 0] and not p["modifiers"] and not p["abilities"] and not p["matrix"]  # RR-SETUP-13
    assert g["supply"]["oil"] == 48 and g["supply"]["modifiers"]["BLAST"] == 8  # RR-SETUP-14
    assert step(s) == "choose_facing"
    assert legal(s) == [f"face:{d}" for d in C.corner_facings[corners[0]]]


def test_rr_setup_07_two_facings_and_timeout_default():
    # RR-SETUP-07
    s = ENGINE.setup(3, 2)
    first = s["g"]["order"][0]
    assert str(ENGINE.default_action(s, first)) == "face:E"
    s = play(s, "face:S")
    assert s["g"]["robots"][str(first)]["facing"] == "S"


def test_rr_setup_01_player_counts():
    # RR-SETUP-01
    for bad in (1, 5):
        with pytest.raises(OptionError):
            ENGINE.setup(bad, 1)


def test_rr_gen_01_02_reshuffle_when_a_draw_needs_it():
    # RR-GEN-01
    s = ready(3)
    g = game(s)
    g.g["command_discard"] = g.g["command_deck"][:5]
    g.g["command_deck"] = g.g["command_deck"][5:7]
    got = decks.draw(g, "command_deck", 4)
    assert len(got) == 4 and len(g.g["command_deck"]) == 3 and g.g["command_discard"] == []
    g.g["command_deck"], g.g["command_discard"] = [], []
    assert decks.draw(g, "command_deck", 3) == []  # RR-GEN-02


def test_rr_gen_03_finite_supply():
    # RR-GEN-03
    s = ready(3)
    g = game(s)
    g.g["supply"]["modifiers"]["TURBO"] = 1
    gain_modifier(g, 0, "TURBO", 2)
    assert g.g["players"]["0"]["modifiers"]["TURBO"] == 1 and g.g["supply"]["modifiers"]["TURBO"] == 0


def test_rr_gen_06_07_objects():
    # RR-GEN-06, RR-GEN-07: boxes and robots block; action tokens and switches do not
    s = ready(3)
    w = world_of(s["g"], 0)
    assert occupant(w, "E2") == ("box", 0) and occupant(w, "D3") is None and occupant(w, "J1")[0] == "robot"
    assert C.raw["board"]["interior_walls"] == []


def test_rr_turn_01_03_turn_types_and_order():
    # RR-TURN-01, RR-TURN-03, RR-GEN-05
    s = ready(3)
    assert legal(s)[-1] == "standby" and "single" in legal(s)
    s = play(s, "standby")
    assert step(s) == "conversions"
    s = play(s, "done")
    assert s["stack"][-1] == {"step": "turn_start", "seat": 1}


def test_rr_turn_06_programmed_cards_leave_the_hand():
    # RR-TURN-06
    s = ready(3)
    s = play(s, "single", "card:FORWARD", "confirm", "done", "done") if False else s
    s = play(s, "single")
    s = play(s, legal(s)[0], "confirm")
    assert len(s["g"]["hands"]["0"]) == 2  # RR-TURN-06


def test_rr_turn_08_09_engines_at_once_and_at_most_four():
    # RR-TURN-08, RR-TURN-09
    s = ready(3)
    me(s)["engines"], me(s)["chips"] = 4, 3
    g = game(s)
    gain_chip(g, 0)
    assert g.g["players"]["0"]["engines"] == 4 and g.g["players"]["0"]["built"]["CHIPS"] == 1


def survivor_state(p2=(12, 10, 4, 0), p3=(9, 5, 2, 2)):
    s = ready(3)
    for seat, (oil, cable, chips, energy) in ((1, p2), (2, p3)):
        p = me(s, seat)
        p["tanks"] = [min(9, oil), oil - min(9, oil)]
        p["matrix"] = {f"{'ABCDEFGHIJ'[i % 10]}{i // 10 + 1}": "WE" for i in range(cable)}
        p["chips"], p["energy"] = chips, energy
    return s


def test_rr_ex_19_game_end_and_ultimate_survivor():
    # RR-END-01, RR-END-02, RR-END-03, RR-END-04, RR-END-05, RR-END-06, RR-EX-19
    s = survivor_state()
    s = at_turn_start(s, 0)
    s = play(s, "standby", "done")  # P1 does not complete
    me(s, 1)["engines"] = 4
    s = play(s, "standby", "done")
    assert s["result"] is None and s["g"]["final_round"]  # RR-END-02
    me(s, 2)["engines"] = 4
    s = play(s, "standby", "done")
    r = s["result"]
    assert r["winners"] == [1] and s["g"]["ultimate_survivors"] == [1]  # the Ultimate Survivor breaks the tie
    assert r["placings"] == [["1"], ["2"], ["0"]]
    assert r["score_text"]["1"] == "4 engines · survivor score 30 · Ultimate Survivor"
    assert r["score_text"]["2"] == "4 engines · survivor score 26"
    assert r["reason"] == ("{seat1} and {seat2} completed the spacecraft; {seat1} is the Ultimate Survivor "
                           "with survivor score 30.")


def test_rr_end_05_shared_ultimate_survivor():
    # RR-END-05
    s = survivor_state(p3=(12, 10, 4, 0))
    s = at_turn_start(s, 1)
    me(s, 1)["engines"], me(s, 2)["engines"] = 4, 4
    s = play(s, "standby", "done", "standby", "done")
    assert s["result"]["winners"] == [1, 2] and s["g"]["ultimate_survivors"] == [1, 2]
    assert s["result"]["placings"] == [["1", "2"], ["0"]]


def test_rr_end_03_last_seat_completes():
    # RR-END-03
    s = at_turn_start(survivor_state(), 2)
    me(s, 2)["engines"] = 4
    s = play(s, "standby", "done")
    assert s["result"]["winners"] == [2] and "ultimate_survivors" not in s["g"]
    assert s["result"]["placings"][0] == ["2"] and "Ultimate" not in s["result"]["reason"]


def test_rr_end_07_round_cap_option():
    # RR-END-07
    s = ENGINE.setup(2, 3, {"round_cap": 1})
    while s["result"] is None:
        seat = ENGINE.active(s)[0]
        s, _ = ENGINE.apply(s, seat, ENGINE.default_action(s, seat))
    assert s["g"]["round"] == 1 and "Round cap" in s["result"]["reason"]
    assert ENGINE.setup(2, 3, {"round_cap": 0})["options"]["round_cap"] == 0


def test_views_hide_hands_and_decks():
    s = ready(3)
    v = ENGINE.view(s, 1)["table"]
    assert [c["type"] for c in v["hand"]] and v["players"]["0"]["hand_count"] == 3
    assert isinstance(v["command_deck"], int) and isinstance(v["bonus_deck"], int)
    assert "g.hands.0" in ENGINE.hidden_paths(s, 1) and "g.hands.1" not in ENGINE.hidden_paths(s, 1)


def test_every_step_has_a_default():
    for cls in ENGINE.steps:
        assert cls.default is not Step.default or cls.name == "command", cls.name


def test_rr_gen_03_unlimited_supply_option():
    # RR-GEN-03: the host may switch the finite supply off
    s = ENGINE.setup(3, 1, {"finite_supply": False})
    s["g"]["supply"]["modifiers"]["TURBO"] = 0
    g = game(s)
    gain_modifier(g, 0, "TURBO", 2)
    assert g.g["players"]["0"]["modifiers"]["TURBO"] == 2
