"""The stress track, damage and the shield/battery interlace (SB-STRESS-*, SB-SHIELD-*, SB-EX-19..23, 29)."""

from engines.stress_botics import batteries
from engines.stress_botics.stress import change_stress, damage, everyone, repair

from .engine_helpers import ctx, new, p, stresses


def with_stress(values, players=4):
    state = new(players)
    for seat, v in enumerate(values):
        p(state, seat)["stress"] = v
    return state, ctx(state)


def test_ex23_push_chain():
    # SB-EX-23, SB-STRESS-02, SB-STRESS-03: purple 4, yellow 3, red 2, white 1
    state, g = with_stress([4, 3, 2, 1])
    change_stress(g, 0, -2)
    assert stresses(state) == [2, 3, 1, 0]
    change_stress(g, 1, -1)
    assert stresses(state) == [1, 2, 0, 0]  # 0 can be shared
    change_stress(g, 3, -2)
    assert stresses(state) == [1, 2, 0, 0]
    change_stress(g, 2, 2)
    assert stresses(state) == [1, 3, 2, 0]  # purple at 1 on the way is not pushed


def test_ex01_everyone_minus_5_in_turn_order():
    # SB-EX-01, SB-BASIC-03: applied in turn order, clamped at 0
    state, g = with_stress([20, 13, 11, 4])
    everyone(g, -5)
    assert stresses(state) == [15, 8, 6, 0]


def test_ex01b_pushes_between_changes():
    # SB-EX-01 variant 01b, SB-STRESS-02
    state, g = with_stress([12, 7, 30, 25])
    everyone(g, -5)
    assert stresses(state) == [7, 1, 25, 19]


def test_ex22_above_40():
    # SB-EX-22, SB-STRESS-04, SB-STRESS-05, SB-STRESS-06, SB-STRESS-07, SB-STRESS-09
    state, g = with_stress([38, 2], players=2)
    p(state, 0)["shields"] = 1
    p(state, 0)["track"] = ["bC"]
    change_stress(g, 0, 5)
    assert p(state, 0)["shields"] == 0 and p(state, 0)["stress"] == 42
    assert p(state, 1)["stress"] == 2  # no push from a marker above 40
    repair(g, 0, 1)
    assert p(state, 0)["stress"] == 41 and p(state, 0)["shields"] == 0
    repair(g, 0, 1)
    assert p(state, 0)["stress"] == 40
    repair(g, 0, 1)
    assert p(state, 0)["shields"] == 1  # SB-SHIELD-08: back to side A


def test_markers_above_40_push_each_other():
    # SB-STRESS-05 [R]
    state, g = with_stress([41, 40], players=2)
    for seat in (0, 1):
        p(state, seat)["shields"] = 0
    change_stress(g, 1, 1)
    assert stresses(state) == [42, 41]


def test_ex19_shared_space_drops_batteries():
    # SB-EX-19, SB-SHIELD-01, SB-SHIELD-02, SB-SHIELD-03, SB-SHIELD-06, SB-BATTRACK-04
    state = new(2)
    g = ctx(state)
    b = p(state, 0)
    b["shields"], b["track"], b["ai"] = 7, ["bC"] * 5 + ["bC", "bSi"], "coop"
    damage(g, 0, 1)
    assert b["shields"] == 6 and b["track"] == ["bC"] * 6
    assert batteries.cap(g, b) == 5 and batteries.room(g, b) == 0


def test_ex20_titanium_battery_absorbs_a_hit():
    # SB-EX-20, SB-SHIELD-04, SB-SHIELD-05
    state = new(2)
    g = ctx(state)
    b = p(state, 0)
    b["shields"], b["track"] = 7, ["bC"] * 5 + ["bTi", "bSi"]
    damage(g, 0, 2)
    assert b["shields"] == 6 and b["track"] == ["bC"] * 5


def test_ex21_reaching_zero_shields():
    # SB-EX-21, SB-SHIELD-07, SB-STRESS-08, SB-MOVE-01 (status B: 6 MP)
    state = new(2)
    g = ctx(state)
    b = p(state, 0)
    b["shields"], b["track"], b["stress"] = 3, ["bC", "bSi", "bC", "bC"], 10
    damage(g, 0, 4)
    assert b["shields"] == 0 and b["stress"] == 11 and len(b["track"]) == 2
    assert batteries.movement_points(g, b) == 6


def test_ex29_placement_cap():
    # SB-EX-29, SB-SHIELD-06, AMB-32
    state = new(2)
    g = ctx(state)
    b = p(state, 0)
    b["shields"], b["track"] = 8, ["bC"] * 6
    assert batteries.room(g, b) == 1 and batteries.add_battery(g, b, "bC") and not batteries.add_battery(g, b, "bC")
    b["shields"] = 7
    assert batteries.cap(g, b) == 7
    b["shields"] = 6
    assert batteries.cap(g, b) == 5
    caps = {x: batteries.cap(g, {**b, "shields": x}) for x in range(13)}
    assert caps == {12: 8, 11: 8, 10: 8, 9: 8, 8: 7, 7: 7, 6: 5, 5: 5, 4: 3, 3: 3, 2: 1, 1: 1, 0: 0}


def test_stress_never_below_zero_and_stops_at_40():
    # SB-STRESS-01, SB-STRESS-03, SB-STRESS-04: reaching 40 exactly costs no shield
    state, g = with_stress([1, 35], players=2)
    change_stress(g, 0, -5)
    assert p(state, 0)["stress"] == 0
    change_stress(g, 1, 5)
    assert p(state, 1)["stress"] == 40 and p(state, 1)["shields"] == 10
    change_stress(g, 1, 2)
    assert p(state, 1)["stress"] == 40 and p(state, 1)["shields"] == 8


def test_repair_moves_the_marker_left_up_to_the_leftmost_space():
    # SB-BASIC-20, SB-SHIELD-08
    state = new(2)
    g = ctx(state)
    p(state, 0)["shields"] = 11
    repair(g, 0, 3)
    assert p(state, 0)["shields"] == 12
