"""Movement, modifiers and Command legality: RR-MOVE, RR-MOD, RR-PROG.

Scenarios RR-EX-04, RR-EX-05, RR-EX-06, RR-EX-07, RR-EX-08, RR-EX-09, RR-EX-10, RR-EX-20, RR-EX-21.
"""

from __future__ import annotations

import pytest

from engines.robo_rescue import ENGINE
from engines.robo_rescue.movement import run_position, simulate, world_of
from engines.robo_rescue.program import cards_completable
from tests.robo_rescue.helpers import C, at_turn_start, give_ability, legal, me, play, put, ready, robot, set_hand, step


def sim(state, spec, cards, mods=None, kind=None, seat=0):
    """Where a Command leaves the robot (``None`` if illegal)."""
    put(state, seat, spec)
    kind = kind or ("single" if len(cards) == 1 else "combi")
    mods = {str(k): {"type": t, "param": p} for k, (t, p) in (mods or {}).items()}
    traces = simulate(world_of(state["g"], seat), C, {"kind": kind, "cards": cards, "mods": mods})
    if traces is None:
        return None
    w = world_of(state["g"], seat)
    for p in C.positions[kind]:
        run_position(w, C, {"kind": kind, "cards": cards, "mods": mods}, p)
    at, facing = w["robots"][str(seat)]
    return f"{at}:{facing}", w, traces


def end(state, spec, cards, mods=None, **kw):
    r = sim(state, spec, cards, mods, **kw)
    return r and r[0]


@pytest.fixture
def s():
    return ready(3)


def test_rr_ex_04_movement_card_paths(s):
    # RR-EX-04
    # RR-MOVE-01, RR-MOVE-02, RR-MOVE-03
    assert end(s, "E5:N", ["FORWARD"]) == "E3:N"
    assert end(s, "E5:N", ["LEFT"]) == "D4:W"
    assert end(s, "E5:N", ["RIGHT"]) == "F4:E"
    put(s, 1, "J1:S")
    assert end(s, "A1:E", ["FORWARD"]) == "C1:E"
    assert end(s, "A1:E", ["RIGHT"]) == "B2:S"
    assert end(s, "A1:E", ["LEFT"]) is None  # RR-MOVE-04: off the board
    assert end(s, "A1:S", ["FORWARD"]) == "A3:S"
    assert end(s, "A1:S", ["LEFT"]) == "B2:E"
    assert end(s, "A1:S", ["RIGHT"]) is None


def test_rr_ex_05_blocked_paths_and_turbo(s):
    # RR-EX-05
    # RR-MOVE-04, RR-PROG-13, RR-MOVE-06, RR-MOVE-07, RR-MOVE-08, RR-MOVE-09, RR-PROG-14, RR-MOVE-14
    assert end(s, "E4:N", ["FORWARD"]) is None
    assert end(s, "E4:N", ["FORWARD"], {2: ("LEVITATE", "x")}) is None
    r = sim(s, "E4:N", ["FORWARD"], {2: ("TURBO", "x")})
    assert r[0] == "E2:N" and "E1" in r[1]["boxes"]
    r = sim(s, "E3:N", ["FORWARD"], {2: ("TURBO", "x")})
    assert r[0] == "E2:N" and "E1" in r[1]["boxes"] and r[2][1]["stopped"]
    # push into another object fails: R1 G2:W, box E2, R2 on D2
    put(s, 1, "D2:N")
    r = sim(s, "G2:W", ["FORWARD"], {2: ("TURBO", "x")})
    assert r[0] == "F2:W" and "E2" in r[1]["boxes"] and r[1]["robots"]["1"][0] == "D2"
    # second object (RR-MOVE-09): box moved to F2, R2 on G2
    s["g"]["boxes"][s["g"]["boxes"].index("E2")] = "F2"
    put(s, 1, "G2:N")
    r = sim(s, "F3:N", ["RIGHT"], {2: ("TURBO", "x")})
    assert r[0] == "F2:E" and "F1" in r[1]["boxes"] and r[1]["robots"]["1"][0] == "G2"


def test_rr_ex_05_actions_after_a_failed_push(s):
    # RR-EX-05
    # RR-ACT-01: a Turbo early stop still gives Board Actions on the current space
    set_hand(s, 0, ["FORWARD"])
    me(s)["modifiers"] = {"TURBO": 1}
    put(s, 0, "E3:N")
    s = play(s, "single", "card:FORWARD", "skip:1", "mod:2:TURBO:x:own", "confirm")
    assert robot(s) == "E2:N" and step(s) == "board_actions"
    assert sorted(legal(s)) == ["act:COMMAND", "done"]


def test_rr_ex_06_levitate(s):
    # RR-EX-06
    # RR-MOVE-10, RR-MOVE-14
    r = sim(s, "F2:W", ["FORWARD"], {2: ("LEVITATE", "x")})
    assert r[0] == "D2:W" and "E2" in r[1]["boxes"]
    assert end(s, "F2:W", ["LEFT"], {2: ("LEVITATE", "x")}) == "E3:S"
    # only one on-card position per card: Onestep and Levitate on different cards of a Combi
    assert [p.pos for p in C.positions["single"] if p.kind == "card"] == [2]
    assert [p.pos for p in C.positions["combi"] if p.kind == "card"] == [2, 4]


def test_rr_ex_07_onestep_on_a_turning_card(s):
    # RR-EX-07
    # RR-MOVE-05, RR-PROG-15
    assert end(s, "E5:N", ["RIGHT"], {2: ("ONESTEP", "keep")}) == "E4:N"
    assert end(s, "E5:N", ["RIGHT"], {2: ("ONESTEP", "turn")}) == "E4:E"
    assert end(s, "E5:N", ["FORWARD"], {2: ("ONESTEP", "x")}) == "E4:N"


def test_rr_ex_08_portal(s):
    # RR-EX-08
    # RR-MOVE-11, RR-MOD-08, RR-MOVE-13, RR-PROG-10
    assert end(s, "A4:W", ["FORWARD"], {1: ("PORTAL", "x")}) == "I4:W"
    assert end(s, "A5:W", ["FORWARD"], {1: ("PORTAL", "x")}) is None
    assert end(s, "E5:N", ["FORWARD"], {1: ("PORTAL", "x")}) == "E3:N"
    assert "PORTAL" not in C.positions["single"][2].accepts
    assert "PORTAL" not in C.positions["combi"][4].accepts
    assert "PORTAL" in C.positions["combi"][2].accepts
    # RR-MOVE-13: an object at the exit blocks even with Levitate
    put(s, 1, "J4:N")
    assert end(s, "A4:W", ["FORWARD"], {1: ("PORTAL", "x"), 2: ("LEVITATE", "x")}) is None


def test_rr_ex_08_portal_not_offered_in_last_position(s):
    # RR-EX-08
    set_hand(s, 0, ["FORWARD"])
    me(s)["modifiers"] = {"PORTAL": 1}
    put(s, 0, "E5:N")
    s = play(s, "single", "card:FORWARD")
    assert "mod:1:PORTAL:x:own" in legal(s)
    s = play(s, "skip:1", "skip:2")
    assert not [a for a in legal(s) if a.startswith("mod:3")]


def test_rr_ex_09_blast_timing(s):
    # RR-EX-09
    # RR-MOD-04, RR-MOD-07, RR-SWITCH-08
    r = sim(s, "F2:W", ["FORWARD"], {1: ("BLAST", "x")})
    assert r[0] == "D2:W" and "E2" not in r[1]["boxes"]
    assert end(s, "F2:W", ["FORWARD"]) is None
    r = sim(s, "H2:W", ["FORWARD"], {3: ("BLAST", "x")})
    assert r[0] == "F2:W" and "E2" not in r[1]["boxes"] and r[2][2] == {"blast": "box"}
    r = sim(s, "E6:N", ["FORWARD"], {3: ("BLAST", "x")})
    assert r[0] == "E4:N" and r[2][2] == {"blast": None} and len(r[1]["boxes"]) == 4


def test_rr_ex_09_blast_box_gives_three_oil_and_token_returns(s):
    # RR-EX-09
    # RR-MOD-04, RR-MOD-09
    set_hand(s, 0, ["FORWARD"])
    me(s)["modifiers"] = {"BLAST": 1}
    s["g"]["supply"]["modifiers"]["BLAST"] -= 1
    put(s, 0, "H2:W")
    s = play(s, "single", "card:FORWARD", "skip:1", "skip:2", "mod:3:BLAST:x:own", "confirm")
    s = play(s, "done")  # actions at F2 (no Oil taken)
    assert step(s) == "gain"
    s = play(s, "oil:3")
    assert me(s)["tanks"] == [3, 0] and "E2" not in s["g"]["boxes"]
    s = play(s, "done")
    assert s["g"]["supply"]["modifiers"]["BLAST"] == C.modifier_counts["BLAST"]
    assert not me(s)["modifiers"]["BLAST"]


def test_rr_ex_10_energy_from_blast_on_a_corner(s):
    # RR-EX-10
    # RR-MOD-05, RR-BOARD-06, AMB-40
    set_hand(s, 0, ["FORWARD", "FORWARD", "FORWARD"])
    me(s)["modifiers"] = {"BLAST": 3}
    put(s, 0, "A1:E")
    s = play(s, "single", "card:FORWARD", "mod:1:BLAST:x:own", "confirm")
    assert me(s)["energy"] == 1 and robot(s) == "C1:E"
    s = play(s, "done", "done")
    s = at_turn_start(s, 0)
    put(s, 0, "A10:N")
    s = play(s, "single", "card:FORWARD", "mod:1:BLAST:x:own", "confirm")
    assert me(s)["energy"] == 2 and me(s)["engines"] == 2 and robot(s) == "A8:N"
    s = play(s, "done", "done")
    s = at_turn_start(s, 0)
    put(s, 0, "J1:S")
    put(s, 1, "J10:W")
    s = play(s, "single", "card:FORWARD", "mod:1:BLAST:x:own", "confirm")
    assert me(s)["energy"] == 2 and me(s)["engines"] == 2


def test_rr_mod_06_blast_choice_when_both_uses_apply(s):
    # RR-MOD-06, RR-PROG-15: at A1 facing a box on B1, both uses apply and the player picks
    set_hand(s, 0, ["FORWARD"])
    me(s)["modifiers"] = {"BLAST": 1, "TURBO": 1}
    s["g"]["boxes"][0] = "B1"
    put(s, 0, "A1:E")
    s = play(s, "single", "card:FORWARD")
    offered = [a for a in legal(s) if a.startswith("mod:1:BLAST")]
    assert offered == ["mod:1:BLAST:box:own", "mod:1:BLAST:energy:own"]
    s = play(s, "mod:1:BLAST:energy:own")
    assert legal(s)[0] == "mod:2:TURBO:x:own"  # the box is still there: only Turbo completes the move
    s = play(s, "mod:2:TURBO:x:own", "confirm")
    assert me(s)["energy"] == 1 and "D1" in s["g"]["boxes"] and robot(s) == "C1:E"


def test_rr_mod_02_03_turn_tokens(s):
    # RR-MOD-02
    assert end(s, "E5:N", ["FORWARD"], {1: ("ROT90", "R")}) == "G5:E"
    assert end(s, "E5:N", ["FORWARD"], {1: ("ROT90", "L")}) == "C5:W"
    assert end(s, "E5:S", ["FORWARD"], {1: ("ROT180", "x")}) == "E3:N"


def test_rr_ex_20_ultimate_rotator(s):
    # RR-EX-20
    # RR-ABIL-07, RR-ABIL-17, RR-PROG-09, RR-ABIL-03
    set_hand(s, 0, ["COMBI", "FORWARD", "FORWARD"])
    give_ability(s, 0, "UR-2")  # die 4
    me(s)["modifiers"] = {"ROT90": 1}
    put(s, 0, "E5:N")
    s = play(s, "combi:COMBI", "card:FORWARD", "card:FORWARD")
    assert "mod:1:ROT90:R:UR-2" in legal(s) and "mod:1:ROT90:R:own" in legal(s)
    s = play(s, "mod:1:ROT90:R:UR-2", "skip:2")
    assert "mod:3:ROT180:x:UR-2" in legal(s)
    assert not [a for a in legal(s) if a.startswith("mod:3:ROT90")]  # same type, other source
    s = play(s, "mod:3:ROT180:x:UR-2", "confirm", "done", "done", "done")
    assert robot(s) == "E5:W"
    card = me(s)["abilities"][0]
    assert card["die"] == 3 and sorted(card["tokens"]) == ["ROT180", "ROT90"]
    assert s["g"]["turn"]["abilities_used"] == []  # next player's turn


def test_rr_ex_20_spent_rotator_is_discarded_with_its_tokens(s):
    # RR-EX-20
    # RR-ABIL-04, AMB-27
    set_hand(s, 0, ["FORWARD"])
    give_ability(s, 0, "UR-1", die=1)
    supply90 = s["g"]["supply"]["modifiers"]["ROT90"]
    put(s, 0, "E5:N")
    s = play(s, "single", "card:FORWARD", "mod:1:ROT90:R:UR-1", "confirm", "done", "done")
    assert me(s)["abilities"] == [] and s["g"]["ability_deck"][-1] == "UR-1"
    assert s["g"]["supply"]["modifiers"]["ROT90"] == supply90 + 1


def test_rr_ex_21_master_coder(s):
    # RR-EX-21
    # RR-PROG-06, RR-ABIL-15, REC-07
    set_hand(s, 0, ["FORWARD", "FORWARD"])
    me(s)["tanks"] = [2, 0]
    s = play(s, "standby", "buy:2:MASTER_CODER:MASTER_CODER", "spend:oils:2", "done")
    mc = me(s)["abilities"][0]
    assert C.abilities[mc["id"]].ability == "MASTER_CODER" and mc["die"] == 2
    s = at_turn_start(s, 0)
    set_hand(s, 0, ["FORWARD", "FORWARD"])
    put(s, 0, "E6:S")
    assert f"combi:{mc['id']}" in legal(s) and "combi:COMBI" not in legal(s)
    s = play(s, f"combi:{mc['id']}", "card:FORWARD", "card:FORWARD", "confirm", "done", "done", "done")
    assert robot(s) == "E10:S" and me(s)["abilities"][0]["die"] == 1
    assert sorted(C.card_type(x) for x in s["g"]["hands"]["0"]) == ["FORWARD", "FORWARD"]
    s = at_turn_start(s, 0)
    put(s, 0, "G1:S")
    stack = len(s["g"]["master_coders"])
    s = play(s, f"combi:{mc['id']}", "card:FORWARD", "card:FORWARD", "confirm", "done", "done", "done")
    assert me(s)["abilities"] == [] and len(s["g"]["master_coders"]) == stack + 1


def test_rr_prog_13_illegal_commands_are_not_offered(s):
    # RR-PROG-13, RR-PROG-16, RR-STANDBY-01
    set_hand(s, 0, ["FORWARD", "LEFT", "RIGHT"])
    put(s, 0, "J4:E")
    assert legal(s) == ["standby"]
    put(s, 0, "A1:E")
    s = play(s, "single")
    assert legal(s) == ["card:FORWARD", "card:RIGHT", "back"]


def test_rr_prog_07_09_three_different_tokens_at_most(s):
    # RR-PROG-07, RR-PROG-08, RR-PROG-09, RR-ABIL-17
    set_hand(s, 0, ["COMBI", "FORWARD", "FORWARD"])
    me(s)["modifiers"] = {"ROT90": 2, "ROT180": 1, "ONESTEP": 1, "TURBO": 1}
    put(s, 0, "E5:N")
    s = play(s, "combi:COMBI", "card:FORWARD", "card:FORWARD", "mod:1:ROT90:R:own", "mod:2:ONESTEP:x:own")
    assert "mod:3:ROT90:L:own" not in legal(s)  # RR-PROG-09
    s = play(s, "mod:3:ROT180:x:own")
    assert [a for a in legal(s) if a.startswith("mod")] == []  # RR-PROG-07: 3 used
    assert "confirm" in legal(s)


def test_rr_prog_11_tokens_alone_never_make_a_command(s):
    # RR-PROG-11, RR-PROG-01, RR-PROG-02, RR-PROG-03, RR-PROG-04, RR-PROG-05
    set_hand(s, 0, ["COMBI"])
    me(s)["modifiers"] = {"ROT90": 1}
    assert legal(s) == ["standby"]
    set_hand(s, 0, ["COMBI", "FORWARD", "FORWARD"])
    put(s, 0, "E9:N")
    s = play(s, "combi:COMBI", "card:FORWARD")
    assert "card:FORWARD" in legal(s)  # two of the same type
    assert cards_completable(
        __import__("tests.robo_rescue.helpers", fromlist=["game"]).game(s), 0,
        {"kind": "combi", "cards": ["FORWARD", "FORWARD"], "mods": {}})


def test_rr_prog_17_confirm_reveals_and_blocks_undo(s):
    # RR-PROG-17, §6.4 undo until Confirm
    set_hand(s, 0, ["FORWARD"])
    put(s, 0, "E9:N")
    s = play(s, "single", "card:FORWARD")
    assert ENGINE.can_undo(s, 0)
    s = play(s, "confirm")
    assert not ENGINE.can_undo(s, 0)


def test_rr_move_12_pushed_robot_keeps_facing_and_triggers_switch(s):
    # RR-MOVE-12, RR-SWITCH-02
    put(s, 1, "D4:E")
    set_hand(s, 0, ["FORWARD"])
    me(s)["modifiers"] = {"TURBO": 1}
    put(s, 0, "D6:N")
    s = play(s, "single", "card:FORWARD", "skip:1", "mod:2:TURBO:x:own", "confirm", "done")
    assert robot(s, 1) == "D3:E" and robot(s) == "D4:N"
    assert s["g"]["power"]["D2"] and s["g"]["power"]["C3"] and s["g"]["power"]["H3"]


def test_rr_move_07_turbo_pushes_the_same_object_twice(s):
    # RR-MOVE-07
    r = sim(s, "F2:W", ["FORWARD"], {2: ("TURBO", "x")})
    assert r[0] == "D2:W" and "C2" in r[1]["boxes"]


def test_draft_preview_in_the_programming_seats_view(s):
    set_hand(s, 0, ["FORWARD"])
    put(s, 0, "E9:N")
    s = play(s, "single", "card:FORWARD")
    mine = ENGINE.view(s, 0)["table"]["draft"]
    assert mine["preview"][0]["path"] == ["E9", "E8", "E7"]
    assert "draft" not in ENGINE.view(s, 1)["table"] and "hand" not in ENGINE.view(s, None)["table"]
