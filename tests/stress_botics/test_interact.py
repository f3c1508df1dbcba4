"""INTERACT (rules version 3): entering AlphaBot's hull, its spaces, boosting onto AlphaBot's battery tracks,
the Control and Server options, leaving by MOVE, and the hull's shelter (SB-INTERACT-01..15, SB-MOVE-17,
SB-ALPHA-13..16, SB-ALPHA-19, SB-ALPHA-32)."""

from engines.stress_botics import aggression, aggressive_cards, alphabot, combat, threats, turns

from .engine_helpers import ctx, legal, new, p, play, step_name
from .test_threats import board

PLAIN, FREE = "IN01", "IN10"


def interacting(state, seat=0, card=PLAIN):
    state["stack"] = [{"step": "subaction", "seat": seat, "card": card, "slot": "1"}]
    return state


def near(players=3, square="A2", **options):
    """Seat 0 beside AlphaBot (on MV1's Entry) with the battery inside its BetaBot."""
    state = board(players, **options)
    p(state, 0).update(mini="MV1", square=square, inside="bC", stress=10)
    return state


def test_entering_needs_the_figure_by_alphabot():
    # SB-INTERACT-01, SB-P3-ACT-05
    for square, ok in (("A2", True), ("B2", True), ("TOP", True), ("HATCH", False), ("EXIT", False)):
        moves = legal(interacting(near(square=square)), 0)
        assert ("do:control:none" in moves) == ok and ("do:server:none" in moves) == ok
    state = near()
    p(state, 0)["mini"] = "CORE"
    assert not legal(interacting(state), 0)[0].startswith("do:")
    state = play(interacting(near()), 0, "do:server:none")
    assert p(state, 0)["square"] == "HULL" and p(state, 0)["hull"] == "server" and step_name(state) == "interact"


def test_switching_spaces_and_room():
    # SB-INTERACT-01, SB-INTERACT-02
    state = near()
    p(state, 0).update(square="HULL", hull="control")
    p(state, 1).update(mini="MV1", square="HULL", hull="server")
    moves = legal(interacting(state), 0)
    assert "do:control:none" in moves and not any(m.startswith("do:server") for m in moves)
    p(state, 1)["mini"] = "CORE"
    state = play(interacting(state), 0, "do:server:none")
    assert p(state, 0)["hull"] == "server"
    state = near(square="B2")  # 3-4p: a 2nd Control space while the Ti track holds 4
    p(state, 1).update(mini="MV1", square="HULL", hull="control")
    assert not any(m.startswith("do:control") for m in legal(interacting(state), 0))
    state["g"]["alphabot"]["ti_track"] = 4
    assert "do:control:none" in legal(interacting(state), 0)
    state = near(2, square="B2")
    p(state, 1).update(mini="MV1", square="HULL", hull="control")
    state["g"]["alphabot"]["ti_track"] = 4
    assert not any(m.startswith("do:control") for m in legal(interacting(state), 0))  # 1-2p: still 1


def test_a_card_that_cannot_enter_goes_back():
    # SB-INTERACT-03, SB-P3-ACT-02
    state = near(square="EXIT")
    state["g"]["programmed"]["0"] = [PLAIN]
    state["stack"] = [{"step": "turn", "seat": 0}]
    assert legal(state, 0) == ["back"]
    state = play(state, 0, "back")
    assert PLAIN in state["g"]["hands"]["0"]


def test_boost_battery_onto_alphabot_tracks():
    # SB-INTERACT-04, SB-ALPHA-14, SB-ALPHA-16
    state = play(interacting(near()), 0, "do:control:inside")
    ab = state["g"]["alphabot"]
    assert ab["c_track"] == 1 and p(state, 0)["inside"] is None and p(state, 0)["stress"] == 8
    assert state["stack"][-1]["left"] == 2
    state = near()
    state["g"]["alphabot"]["c_track"] = 2
    state = play(interacting(state), 0, "do:control:inside")
    assert state["g"]["alphabot"]["c_track"] == 3 and p(state, 0)["stress"] == 9  # 3-4p: -2/-1/-1/0
    state = near()
    state["g"]["alphabot"]["c_track"] = 4
    label = turns.SubAction().label(ctx(interacting(state)), 0, turns.act("do", "control", "inside"))
    assert "supply" in label
    state = play(interacting(state), 0, "do:control:inside")
    assert state["g"]["alphabot"]["c_track"] == 4 and p(state, 0)["stress"] == 10  # full: no effect


def test_titanium_track_zones_and_bonuses():
    # SB-ALPHA-13, SB-INTERACT-04 (AMB-12), SB-ALPHA-12
    state = near()
    p(state, 0)["inside"] = "bTi"
    state = play(interacting(state), 0, "do:control:inside")
    assert state["g"]["alphabot"]["ti_track"] == 1 and p(state, 0)["stress"] == 8
    state = near()
    p(state, 0)["inside"] = "bTi"
    state["g"]["alphabot"].update(ti_track=1, shields=1)  # space 2 sits by Z3, which has no shield
    state = play(interacting(state), 0, "do:control:inside")
    assert state["g"]["alphabot"]["ti_track"] == 1 and p(state, 0)["stress"] == 10
    state = near()
    p(state, 0)["inside"] = "bTi"
    state["g"]["alphabot"]["ti_track"] = 1
    state = play(interacting(state), 0, "do:control:inside")
    assert state["g"]["alphabot"]["ti_track"] == 2 and p(state, 0)["stress"] == 9
    g = ctx(state)
    g.g["alphabot"].update(ti_track=2, shields=4)
    aggression.lose(g, 1, "test")  # the battery beside the topmost shield's zone (Z3: space 2) absorbs it
    assert g.g["alphabot"]["shields"] == 4 and g.g["alphabot"]["ti_track"] == 1


def test_shuttle_track_in_two_player_games():
    # SB-INTERACT-04 (1-2p), spec 4.19.6
    state = near(2)
    moves = legal(interacting(state), 0)
    assert "do:control:inside:shuttle" in moves and "do:control:inside:track" in moves
    state = play(interacting(state), 0, "do:control:inside:shuttle")
    assert state["g"]["alphabot"]["shuttle_track"] == 1 and state["g"]["alphabot"]["c_track"] == 0
    assert p(state, 0)["stress"] == 9
    assert "do:control:inside:shuttle" not in legal(interacting(near(3)), 0)


def test_control_a_options_unboosted_and_boosted():
    # SB-INTERACT-05, SB-INTERACT-06 (A1, A2, A3)
    state = play(interacting(near()), 0, "do:control:none")
    moves = legal(state, 0)
    assert {"opt:A1", "opt:A2:L", "opt:A2:R"} <= set(moves) and "done" not in moves
    assert not any(m.startswith("opt:A3") for m in moves)  # AlphaBot's shield track is full
    state = play(state, 0, "opt:A2:L")
    assert state["g"]["alphabot"]["direction"] == "L" and step_name(state) == "keep"
    state = near()
    state["g"]["alphabot"].update(shields=7, tank={"Ti": 1, "C": 2, "Bm": 1})
    state["g"]["hatch"]["closed"] = True
    p(state, 0)["tanks"]["2"] = {"Ti": 1}
    state = play(interacting(state, card=FREE), 0, "do:control:free")
    moves = legal(state, 0)
    assert {"opt:A3:ab.take", "opt:A3:ab.calm", "opt:A3:t2.calm"} <= set(moves)
    state = play(state, 0, "opt:A3:t2.calm")
    assert state["g"]["alphabot"]["shields"] == 8 and p(state, 0)["stress"] == 9 and p(state, 0)["tanks"]["2"] == {}
    assert "opt:A3:ab.calm" not in legal(state, 0) and "done" in legal(state, 0)  # 2 different options
    state = play(state, 0, "opt:A1")  # a Standard AI reaction: AlphaBot moves, the AI Marker goes +1
    assert state["g"]["alphabot"]["ai"] == 1 and len(state["g"]["standard"]["discard"]) == 1


def test_control_a3_takes_from_alphabots_tank():
    # SB-INTERACT-06 (A3 take), SB-BASIC-06
    state = near()
    state["g"]["alphabot"].update(shields=7, tank={"Ti": 1, "C": 2, "Bm": 1, "bC": 1})
    state = play(play(interacting(state), 0, "do:control:none"), 0, "opt:A3:ab.take")
    assert step_name(state) == "ab_take" and "take:bC" not in legal(state, 0)
    for res in ("C", "C", "Bm"):
        state = play(state, 0, f"take:{res}")
    assert step_name(state) == "place" and state["stack"][-1]["units"] == {"C": 2, "Bm": 1}
    assert state["g"]["alphabot"]["tank"] == {"bC": 1}


def test_control_b_options():
    # SB-INTERACT-07
    state = near()
    state["g"]["alphabot"].update(control="B", shields=4, tank={"Ti": 1, "Si": 2})
    p(state, 0).update(shields=9, tanks={**p(state, 0)["tanks"], "2": {"Ti": 1}})
    state = play(interacting(state, card=FREE), 0, "do:control:free")
    moves = legal(state, 0)
    assert "opt:B1:ab+t2" in moves and "opt:B2:L" in moves and "opt:B3:ab" in moves and "opt:B4:t2" in moves
    state = play(state, 0, "opt:B1:ab+t2")
    assert state["g"]["alphabot"]["shields"] == 6 and p(state, 0)["stress"] == 8
    state = play(state, 0, "opt:B2:R")
    assert state["g"]["alphabot"]["direction"] == "R" and p(state, 0)["stress"] == 10
    state = near()
    state["g"]["alphabot"].update(control="B", shields=4, tank={"Ti": 2, "Si": 2})
    p(state, 0)["shields"] = 12
    state = play(interacting(state), 0, "do:control:none")
    assert not any(m.startswith("opt:B3") for m in legal(state, 0))  # already leftmost
    state = play(play(state, 0, "opt:B4:ab"), 0, "take:Si")
    assert state["g"]["alphabot"]["shields"] == 5 and state["g"]["alphabot"]["tank"] == {"Ti": 1, "Si": 1}


def test_free_direction_change_and_shield_boost():
    # SB-INTERACT-08, SB-INTERACT-09
    state = near()
    state["g"]["alphabot"]["ti_track"] = 3
    state = play(interacting(state), 0, "do:control:none")
    assert "turn:L" in legal(state, 0)
    state = play(play(state, 0, "turn:L"), 0, "opt:A2:R")
    assert state["g"]["alphabot"]["direction"] == "R" and step_name(state) == "keep"
    state = near()
    state["g"]["alphabot"]["ti_track"] = 3
    state = play(play(interacting(state), 0, "do:control:none"), 0, "opt:A2:R")
    assert step_name(state) == "interact" and "done" in legal(state, 0)  # the free change may still be taken
    state = near(2)
    assert "do:control:shield" not in legal(interacting(state), 0)
    state["g"]["alphabot"]["ti_track"] = 4
    assert "do:control:shield" in legal(interacting(state), 0)
    state = play(interacting(state), 0, "do:control:shield")
    assert p(state, 0)["shields"] == 9 and state["stack"][-1]["left"] == 2
    state = near(3)
    state["g"]["alphabot"]["ti_track"] = 4
    assert "do:control:shield" not in legal(interacting(state), 0)  # 3-4p: the second Control space instead


def test_server_options():
    # SB-INTERACT-10, SB-INTERACT-11 (A2), SB-INTERACT-12, SB-ALPHA-14
    state = play(interacting(near()), 0, "do:server:none")
    moves = legal(state, 0)
    assert {"opt:A2:MOVE", "opt:A2:INTERACT"} <= set(moves)
    hand = len(state["g"]["hands"]["0"])
    state = play(state, 0, "opt:A2:MINE")
    assert len(state["g"]["hands"]["0"]) == hand + 1 and step_name(state) == "keep"
    state = near()
    state["g"]["alphabot"]["c_track"] = 4
    state = play(interacting(state), 0, "do:server:none")
    assert "opt:A2:MOVE+INTERACT" in legal(state, 0) and "opt:A2:MOVE" not in legal(state, 0)
    state = play(state, 0, "opt:A2:MINE+CONNECT")
    assert len(state["g"]["hands"]["0"]) == 2
    state = near()
    state["g"]["alphabot"].update(server="B", shields=1)
    p(state, 0)["tanks"] = {"1": {}, "2": {}, "3": {}, "4": {}}  # the Titanium comes from the supply
    state = play(interacting(state, card=FREE), 0, "do:server:free")
    state = play(state, 0, "opt:B2")
    assert p(state, 0)["shields"] == 9 and p(state, 0)["stress"] == 8 and state["g"]["alphabot"]["shields"] == 2
    state = play(state, 0, "opt:B1:CONNECT")
    assert p(state, 0)["shields"] == 8 and state["g"]["alphabot"]["shields"] == 3
    assert len(state["g"]["hands"]["0"]) == 1


def test_leaving_the_hull_by_move():
    # SB-MOVE-17, SB-INTERACT-13
    state = near()
    p(state, 0).update(square="HULL", hull="control", track=["bC", "bTi", "bSi"])
    g = ctx(state)
    reach = turns.places(g, 0)
    assert reach[("MV1", "TOP")][1] == 1 and reach[("MV1", "HATCH")][1] == 1 and ("MV1", "ENTRY") not in reach
    outside = [(place, cost) for place, cost in reach.items() if place[0] != "MV1"]
    assert outside and all(cost[1] >= 2 for _, cost in outside)  # 1 MP out of the hull plus the route


def test_the_hull_shelters_its_betabots():
    # SB-INTERACT-14, SB-ALPHA-07, SB-P5-CYL-03
    state = near()
    p(state, 0).update(square="HULL", hull="server", shields=10, track=["bC", "bTi"])
    p(state, 1).update(mini="MV1", square="A2", shields=10, inside="bTi")
    g = ctx(state)
    assert 0 not in threats.mv_targets(g) and 0 not in turns.attack_targets(g, 1)
    assert combat.position(g, 0) is None and not combat.attack_options(g, 0)
    assert not turns.possible_here(g, 0, "extract") and not turns.possible_here(g, 0, "hatch")
    aggression.attack(g)
    assert p(state, 0)["shields"] == 10 and p(state, 1)["shields"] == 8
    aggressive_cards.resolve(g, "G03")  # Compress hits the hull
    assert p(state, 0)["shields"] == 7
    aggressive_cards.resolve(g, "G08")  # Siphon too
    assert p(state, 0)["track"] == ["bTi"] and state["g"]["alphabot"]["tank"].get("bC") == 1


def test_hull_travels_with_alphabot_and_ends_at_the_shuttle():
    # SB-ALPHA-19, SB-ALPHA-32, SB-INTERACT-15
    state = near()
    p(state, 0).update(square="HULL", hull="control")
    g = ctx(state)
    g.g["alphabot"]["square"] = "EXIT"
    alphabot.step(g)
    assert g.g["alphabot"]["mv"] == 2 and p(state, 0)["mini"] == "MV2" and p(state, 0)["square"] == "HULL"
    g.g["alphabot"].update(mv=6, square="EXIT")
    p(state, 0)["mini"] = "MV6"
    alphabot.step(g)
    assert g.g["alphabot"]["mv"] is None and p(state, 0)["square"] is None and p(state, 0)["mini"] == "MV6"
    assert not turns.possible_here(g, 0, "control") and not turns.possible_here(g, 0, "server")
    state["g"]["programmed"]["0"] = [PLAIN]
    state["stack"] = [{"step": "turn", "seat": 0}]
    assert legal(state, 0) == ["back"]  # programmed, and returned to hand


def test_no_interact_without_the_full_threats():
    # SB-INTERACT-15 (rules version 2 keeps INTERACT unplayable)
    from .engine_helpers import ENGINE
    state = ENGINE.setup(3, 1, {"threats": True, "turn_order": "seat"}, version=2)
    p(state, 0).update(mini="MV1", square="A2", inside="bC")
    g = ctx(state)
    assert "ab_items" not in state["g"] and not turns.possible_here(g, 0, "control")
    assert new(3)["g"]["alphabot"]["c_track"] == 0
