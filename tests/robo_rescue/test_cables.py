"""The cable matrix: RR-CABLE; scenarios RR-EX-02 and RR-EX-22."""

from __future__ import annotations

from engines.robo_rescue import cables
from engines.robo_rescue.conversions import loose_cables
from engines.robo_rescue.gains import give
from engines.robo_rescue.player_board import place_cable
from tests.robo_rescue.helpers import C, game, legal, me, play, put, ready, set_hand, step

G1_LOOP = {"F1": "ES", "F2": "NE", "G2": "WE", "H2": "WN", "H1": "SW"}
A_ROUTE = {"A1": "WE", "B1": "WE", "C1": "WE", "D1": "WE", "E1": "WE", "F1": "WN"}
B_ROUTE = {"D3": "ES", "E3": "WE", "F3": "WE", "G3": "WE", "H3": "WE", "I3": "WE", "J3": "WE"}


def test_rr_cable_01_geometry():
    # RR-CABLE-01
    assert C.node_cells == ("G1", "J2")
    assert {e.id: (e.cell, e.side) for e in C.endpoints} == {
        "A.west": ("A1", "W"), "A.top": ("F1", "N"), "B.south": ("D3", "S"), "B.east": ("J3", "E"),
        "G1.W": ("F1", "E"), "G1.E": ("H1", "W"), "J2.N": ("J1", "S"), "J2.S": ("J3", "N")}
    assert len(cables.all_cells(C)) == 30


def test_rr_cable_05_orientations():
    # RR-CABLE-05
    assert C.cable_orients == {"STRAIGHT": ("WE", "NS"), "BEND": ("NE", "ES", "SW", "WN")}


def kai_matrix():
    return {**G1_LOOP, "D3": "ES", "E3": "WE", "F3": "WE"}


def test_rr_ex_02_legal_placements():
    # RR-EX-02
    # RR-CABLE-03, RR-CABLE-04, RR-CABLE-08
    m = kai_matrix()
    bends = sorted(cables.legal_placements(C, m, "BEND"))
    assert bends == sorted([("G3", "WN"), ("G3", "SW"), ("A1", "WN"), ("A1", "SW"), ("J3", "NE"),
                            ("J3", "ES"), ("J3", "WN"), ("J1", "SW"), ("J1", "ES")])
    straights = sorted(cables.legal_placements(C, m, "STRAIGHT"))
    assert straights == sorted([("A1", "WE"), ("G3", "WE"), ("J1", "NS"), ("J3", "WE"), ("J3", "NS")])
    assert not cables.goal_feasible(C, {**m, "G3": "WN"}, "B")
    assert not cables.goal_feasible(C, {**m, "G3": "SW"}, "B")
    assert cables.goal_feasible(C, m, "B")


def test_rr_ex_02_placing_and_completing_b(dice):
    # RR-EX-02
    # RR-CABLE-02, RR-CABLE-09, RR-CABLE-10, RR-CABLE-11, RR-CABLE-12, RR-CABLE-13, RR-CONV-08
    dice(["BEND", "STRAIGHT"])
    s = ready(3)
    p = me(s)
    p["matrix"], p["connections"], p["locked"] = kai_matrix(), ["G1"], sorted(G1_LOOP)
    p["built"]["CABLE"], p["engines"] = 1, 2
    set_hand(s, 0, ["FORWARD"])
    put(s, 0, "B4:N")
    s = play(s, "single", "card:FORWARD", "confirm", "act:DICE")
    assert step(s) == "gain"
    assert "place:BEND:A1:SW" in legal(s) and "place:STRAIGHT:G3:WE" in legal(s)  # order is the player's
    s = play(s, "place:BEND:A1:SW", "place:STRAIGHT:G3:WE")
    p = me(s)
    assert p["built"]["CABLE"] == 1 and cables.goal_feasible(C, p["matrix"], "B")
    g = game(s)
    assert loose_cables(g, 0) == ["A1", "G3"]  # F3 and the G1 loop cannot be spent
    for cell in ("H3", "I3"):
        p["matrix"][cell] = "WE"
    g = game(s)
    place_cable(g, 0, "J3", "WE")
    p = g.g["players"]["0"]
    assert p["engines"] == 3 and p["built"]["CABLE"] == 2 and sorted(p["connections"]) == ["B", "G1"]
    assert set(B_ROUTE) <= set(p["locked"]) and loose_cables(g, 0) == ["A1"]


def test_rr_ex_22_exclusive_connections():
    # RR-EX-22
    # RR-CABLE-14, RR-CABLE-15
    m = dict(G1_LOOP)
    assert not cables.goal_feasible(C, m, "A")
    assert cables.goal_feasible(C, m, "B") and cables.goal_feasible(C, m, "J2")
    assert ("A1", "WE") in cables.legal_placements(C, m, "STRAIGHT")
    m = dict(A_ROUTE)
    assert cables.completed_connections(C, m).keys() == {"A"}
    assert not cables.goal_feasible(C, m, "G1")
    assert cables.goal_feasible(C, m, "B") and cables.goal_feasible(C, m, "J2")
    m = {**G1_LOOP, **B_ROUTE}
    assert set(cables.completed_connections(C, m)) == {"G1", "B"}
    assert not cables.goal_feasible(C, m, "A") and not cables.goal_feasible(C, m, "J2")


def test_rr_cable_15_mismatched_chain_gives_nothing_and_is_stuck():
    # RR-CABLE-15
    # an A socket joined to a G1 port: F1 W–E joins nothing... A.top(F1 N) to G1.W (F1 E) with one bend
    m = {"F1": "NE"}
    assert cables.completed_connections(C, m) == {}
    assert not cables.is_loose(C, m, "F1")


def test_rr_cable_06_unplaceable_token_returns():
    # RR-CABLE-06, RR-CABLE-07, RR-CONV-12, AMB-37: a matrix with no empty cell takes nothing; the token stays in supply
    s = ready(3)
    me(s)["matrix"] = {c: "NS" for c in cables.all_cells(C) if c not in C.node_cells}
    g = game(s)
    supply = g.g["supply"]["cables"]["BEND"]
    assert cables.legal_placements(C, g.g["players"]["0"]["matrix"], "BEND") == []
    assert give(g, 0, [{"kind": "CABLE", "type": "BEND", "n": 1}])
    assert g.g["supply"]["cables"]["BEND"] == supply and len(g.g["players"]["0"]["matrix"]) == 28


def test_rr_cable_07_a_single_legal_placement_is_made_at_once():
    # RR-CABLE-07
    s = ready(3)
    m = {c: "WE" for c in cables.all_cells(C) if c not in C.node_cells}
    del m["B1"]
    me(s)["matrix"] = m
    g = game(s)
    assert cables.legal_placements(C, m, "STRAIGHT") == [("B1", "WE")]
    assert give(g, 0, [{"kind": "CABLE", "type": "STRAIGHT", "n": 1}])
    assert g.g["players"]["0"]["matrix"]["B1"] == "WE"


def test_rr_cable_16_each_socket_takes_one_end():
    # RR-CABLE-16
    # the cell of a socket holds one token, so its socket can take only one end
    m = {"A1": "WE"}
    assert ("A1", "WN") not in cables.legal_placements(C, m, "BEND")
