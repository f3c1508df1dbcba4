"""Deliveries (SB-DELIVER-*, SB-EX-11, SB-EX-12) and container scoring (SB-SCORE-02)."""

from engines.stress_botics import scoring
from engines.stress_botics.delivery import eligible, possible

from .engine_helpers import ctx, legal, new, p, play, step_name


def ex11():
    """4p, TO purple, yellow, red, white; the Probe on its B reception space with 2 Demand cards (PR-1)."""
    state = new(4, first_game_layout=True)
    ships = state["g"]["ships"]
    ships["probe"].update(pos=5, demands=["D-P3", "D-P1"], objective="PR-1")
    ships["scout"]["pos"] = 0
    ships["freighter"]["pos"] = 0
    purple = p(state, 0)
    purple.update(mini="MV5", square=None, stress=4, track=["bC", "bTi", "bSi", "bC", "bC"],
                  tanks={"1": {"Bm": 1}, "2": {"Bm": 1}, "3": {"Ex": 1}, "4": {}}, ds={"Gas": 3, "Acid": 3})
    state["g"]["alphabot"].update(mv=4, square="ENTRY")
    for seat, (stress, node) in zip((1, 2, 3), ((12, "DBM_B"), (20, "CORE"), (1, "CORE")), strict=True):
        p(state, seat).update(stress=stress, mini=node, square=None)
    state["stack"] = [{"step": "move", "seat": 0, "card": "MV10", "slot": "1", "left": 1, "first": True}]
    return state


def test_ex11_automatic_delivery_to_the_probe():
    # SB-EX-11, SB-DELIVER-01, SB-DELIVER-02, SB-DELIVER-03, SB-DELIVER-05, SB-DELIVER-06, SB-MOVE-08
    # (Nanobots are an item, part 2: the 4 Acid on them stay out, so 14 VP instead of the example's 22)
    state = play(ex11(), 0, "go:DBA_B")
    assert p(state, 0)["stress"] == 9 and step_name(state) == "deliver"
    assert legal(state, 0) == ["ship:probe", "decline"]
    state = play(state, 0, "ship:probe")
    assert state["g"]["ships"]["probe"]["demands"] == ["D-P1"]
    for code in ["Bm"] * 2 + ["Gas"] * 3 + ["Acid"] * 3:
        state = play(state, 0, f"load:{code}")
    assert "load:Ex" not in legal(state, 0)  # AMB-22: no VP for Exomatter on PR-1
    state = play(state, 0, "done")
    container = p(state, 0)["cargo"]["B"]
    assert container["load"] == {"Bm": 2, "Gas": 3, "Acid": 3} and container["demand"] == "D-P3"
    assert scoring.container_vp(ctx(state), container) == 2 + 6 + 6
    assert p(state, 0)["markers"] == 2 and p(state, 0)["spots"] == [{"ship": "probe", "sector": "B"}]
    assert [p(state, s)["stress"] for s in range(4)] == [9, 17, 25, 6]  # Probe/B: every other +5
    assert step_name(state) == "keep"


def test_load_limit_per_container():
    # SB-DELIVER-05, SB-DELIVER-07: the Main Objective's load caps one container
    state = play(ex11(), 0, "go:DBA_B")
    state = play(state, 0, "ship:probe")
    state["g"]["players"]["0"]["ds"] = {"Gas": 20}
    for _ in range(12):
        state = play(state, 0, "load:Gas")
    assert not [a for a in legal(state, 0) if a.startswith("load:")]


def test_ex12_delivery_blocked_by_stress_added_earlier():
    # SB-EX-12, SB-DELIVER-02 (3), SB-DELIVER-04, SB-DELIVER-09
    state = play(ex11(), 0, "go:DBA_B")
    state = play(state, 0, "ship:probe")
    state = play(state, 0, "done")
    yellow = p(state, 1)
    assert yellow["stress"] == 17
    g = ctx(state)
    assert eligible(g, 1) == [] and possible(g, 1)  # 17 > 15, but dropping Cargo cards can help
    state["stack"] = [{"step": "deliver", "seat": 1, "auto": False, "ship": None}]
    assert sorted(legal(state, 1)) == ["decline", "drop:A", "drop:C"]
    state = play(state, 1, "drop:A")
    assert yellow is not p(state, 1) and p(state, 1)["stress"] == 15 and p(state, 1)["shields"] == 7
    assert legal(state, 1)[0] == "ship:probe"


def test_delivery_conditions():
    # SB-DELIVER-02: batteries, shields, cargo card, markers, demand cards, reception space
    state = play(ex11(), 0, "go:DBM_B")
    g = ctx(state)
    assert eligible(g, 0) == ["probe"]
    for change in ({"track": ["bC"]}, {"shields": 0}, {"markers": 0}, {"cargo": {"A": None, "B": "discarded",
                                                                                  "C": None}}):
        saved = {k: p(state, 0)[k] for k in change}
        p(state, 0).update(change)
        assert eligible(g, 0) == [], change
        p(state, 0).update(saved)
    state["g"]["ships"]["probe"]["pos"] = 4
    assert eligible(g, 0) == []
    state["g"]["ships"]["probe"].update(pos=5, demands=[])
    assert eligible(g, 0) == []


def test_manual_delivery_needs_a_boost_source():
    # SB-CONNECT-13, SB-P3-ACT-08: without a free boost or a Silicon battery to spend the card can only
    # be returned (a found dead end: the reveal was offered with nothing to do)
    state = play(ex11(), 0, "go:DBM_B")
    purple = p(state, 0)
    purple.update(inside="bC", track=["bTi", "bTi", "bSi"])
    state["g"]["programmed"]["0"] = ["CN08"]
    state["stack"] = [{"step": "turn", "seat": 0}]
    assert legal(state, 0) == ["back"]
    state["g"]["programmed"]["0"] = ["CN10"]  # free boost
    state = play(state, 0, "reveal")
    assert legal(state, 0) == ["do:deliver:free"]


def test_batteries_delivered_leave_the_track():
    # SB-DELIVER-08, SB-BASIC-18, SB-BATTRACK-01: loading batteries from the track turns bonuses off at once
    state = play(ex11(), 0, "go:DBA_B")
    state["g"]["ships"]["probe"]["objective"] = "PR-2"  # bSi is worth 3 there
    state = play(state, 0, "ship:probe")
    purple = p(state, 0)
    assert purple["track"] == ["bC", "bTi", "bSi", "bC", "bC"]
    state = play(state, 0, "load:bSi")
    assert p(state, 0)["track"] == ["bC", "bTi", "bC", "bC"] and p(state, 0)["ai"] == "comp"
    assert p(state, 0)["cargo"]["B"]["load"] == {"bSi": 1}
