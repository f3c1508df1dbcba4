"""AlphaBot's Standard walk (SB-ALPHA-*, SB-EX-14, SB-EX-26) and Phase 6 (SB-P6-STATUS-*, SB-EX-16, SB-EX-17)."""

from engines.core import Simultaneous
from engines.stress_botics import alphabot, events, status

from .engine_helpers import ENGINE, ctx, legal, new, p, play, step_name


def test_ex26_alphabot_paths():
    # SB-EX-26, SB-ALPHA-17, SB-ALPHA-18, SB-ALPHA-26
    for direction, path in (("U", ["HATCH", "EXIT"]), ("L", ["A2", "A1", "EXIT"]), ("R", ["B2", "B1", "EXIT"])):
        state = new(2)
        a = state["g"]["alphabot"]
        a.update(mv=1, square="ENTRY", direction=direction)
        for seat in (0, 1):
            p(state, seat).update(mini="CORE", square=None)
        g = ctx(state)
        seen = []
        for _ in path:
            alphabot.step(g)
            seen.append(a["square"])
        assert seen == path and "CORNER_A" not in seen and "CORNER_B" not in seen
        alphabot.step(g)
        assert a["mv"] == 2 and a["square"] == "ENTRY"


def test_ex14_leaving_mv3_with_the_main_tunnel_locked():
    # SB-EX-14, SB-ALPHA-27, SB-ALPHA-29, SB-ALPHA-30, SB-P1-EVENT-23
    state = new(2, first_game_layout=True)
    a = state["g"]["alphabot"]
    a.update(mv=3, square="EXIT", direction="U", tank={})
    state["g"]["tunnels"]["MT"]["queue"] = ["Bm"]
    assert {"PL_MT", "PL_A1", "PL_A2"} <= set(state["g"]["padlocks"])
    old_token = state["g"]["hatch"]["token"]
    g = ctx(state)
    alphabot.move(g, 1)
    assert "PL_MT" not in state["g"]["padlocks"] and state["g"]["tunnels"]["MT"]["side"] == "B"
    assert a["mv"] == 4 and a["square"] == "ENTRY"
    assert not {"PL_A1", "PL_A2"} & set(state["g"]["padlocks"])
    assert a["tank"] == {"Bm": 1, "Ex": 1}
    hatch = state["g"]["hatch"]
    assert old_token in hatch["removed"] and hatch["closed"] and len(hatch["pile"]) == 4


def test_betabots_follow_alphabot_between_vaults():
    # SB-ALPHA-19, SB-ALPHA-27 (2)-(4): riders go along, those left behind go to the Neutral Zone,
    # those already in the next vault are placed on its Entry
    state = new(3)
    a = state["g"]["alphabot"]
    a.update(mv=1, square="EXIT")
    p(state, 0).update(mini="MV1", square="TOP")
    p(state, 1).update(mini="MV1", square="A1")
    p(state, 2).update(mini="MV2", square=None)
    alphabot.move(ctx(state), 1)
    assert (p(state, 0)["mini"], p(state, 0)["square"]) == ("MV2", "TOP")
    assert (p(state, 1)["mini"], p(state, 1)["square"]) == ("MV1", None)
    assert p(state, 2)["square"] == "ENTRY"


def test_alphabot_pushes_betabots_off_its_square():
    # SB-ALPHA-20, SB-MOVE-16 (part 1: the first square in the fixed order)
    state = new(2)
    state["g"]["alphabot"].update(mv=1, square="ENTRY", direction="L")
    p(state, 0).update(mini="MV1", square="A2")
    alphabot.step(ctx(state))
    assert p(state, 0)["square"] in ("CORNER_A", "HATCH", "ENTRY")


def test_shuttle_after_mv6():
    # SB-ALPHA-32, SB-P5-CYL-01 (AlphaBot no longer activates)
    state = new(2)
    state["g"]["alphabot"].update(mv=6, square="EXIT")
    g = ctx(state)
    alphabot.move(g, 1)
    assert state["g"]["alphabot"]["mv"] is None
    deck = list(state["g"]["standard"]["deck"])
    alphabot.activate(g)
    assert state["g"]["standard"]["deck"] == deck


def test_activation_moves_the_ai_marker():
    # SB-ALPHA-01, SB-ALPHA-04, SB-ALPHA-06
    state = new(4)
    state["g"]["alphabot"].update(ai=2)
    state["g"]["standard"]["discard"] = state["g"]["standard"]["deck"]
    state["g"]["standard"]["deck"] = []
    alphabot.activate(ctx(state))
    assert state["g"]["alphabot"]["ai"] == 2 and len(state["g"]["standard"]["deck"]) == 9  # capped at 2 in 3-4p


def test_ex16_stress_for_being_ahead():
    # SB-EX-16, SB-P6-STATUS-01, SB-P6-STATUS-02
    state = new(4)
    state["g"]["alphabot"].update(mv=3, square="ENTRY")
    for seat, node in ((0, "EPM_B"), (1, "EPCi_B"), (2, "MV6"), (3, "DBM_A")):
        p(state, seat).update(mini=node, square=None, stress=seat * 10)
    status.distance_stress(ctx(state))
    assert [p(state, s)["stress"] for s in range(4)] == [0, 10, 23, 31]
    state["g"]["alphabot"]["mv"] = None
    status.distance_stress(ctx(state))
    assert [p(state, s)["stress"] for s in range(4)] == [0, 10, 23, 31]  # nobody once on the Shuttle


def test_ex17_new_turn_order():
    # SB-EX-17, SB-P6-STATUS-04
    state = new(4)
    for seat, v in enumerate([18, 0, 11, 0]):
        p(state, seat)["stress"] = v
    state["g"]["order"] = [0, 1, 2, 3]
    status.new_turn_order(ctx(state))
    assert state["g"]["order"] == [0, 2, 1, 3]


def test_hand_limit():
    # SB-P6-STATUS-03, AMB-31
    for players, limit in ((2, 6), (3, 5), (4, 5)):
        state = new(players)
        g = ctx(state)
        assert status.hand_limit(g, 0) == limit
        p(state, 0)["stress"] = 25
        assert status.hand_limit(g, 0) == limit
        p(state, 0)["stress"] = 26
        assert status.hand_limit(g, 0) == 4


def test_phase5_push_is_the_owners_choice():
    # SB-ALPHA-20, SB-MOVE-16, SB-P5-CYL-01: AlphaBot's steps run on the effect queue; the pushed BetaBot's
    # owner picks an adjacent square with room (not AlphaBot's)
    state = new(2)
    a = state["g"]["alphabot"]
    a.update(mv=1, square="ENTRY", direction="L")
    deck = state["g"]["standard"]["deck"]
    deck.remove("S01")
    deck.insert(0, "S01")
    p(state, 0).update(mini="MV1", square="A2")
    state["stack"] = [{"step": "maintain", **Simultaneous.frame_for([0, 1])}]
    for seat in (0, 1):
        for _ in range(3):
            state = play(state, seat, "next")
    assert step_name(state) == "choose" and ENGINE.active(state) == [0]
    assert legal(state, 0) == ["pick:CORNER_A", "pick:ENTRY", "pick:HATCH"]
    assert ENGINE.label(state, 0, ENGINE.legal_actions(state, 0)[0]) == "Go to Corner-A"
    state = play(state, 0, "pick:CORNER_A")
    assert p(state, 0)["square"] == "CORNER_A" and a is not state["g"]["alphabot"]
    assert state["g"]["alphabot"]["square"] == "A2" and state["g"]["alphabot"]["ai"] == 2
    assert step_name(state) in ("draw", "discard")  # Phase 6, then the next round


def test_alphabot_takes_the_open_hatch_resources():
    # SB-ALPHA-25, SB-BASIC-11; rules version 2 adds the token's damage (2 shields → 2 Ti in its tank,
    # SB-ALPHA-09) and an Aggressive reveal queued (SB-P1-EVENT-25)
    state = new(2)
    a = state["g"]["alphabot"]
    a.update(mv=1, square="ENTRY", direction="U", tank={})
    state["g"]["hatch"].update(token="H04", closed=False)
    alphabot.step(ctx(state))
    assert a["square"] == "HATCH" and a["tank"] == {"Bm": 1, "Ti": 2} and a["shields"] == 8
    assert [e["effect"] for e in state["effects"]] == ["aggressive"]
    a.update(square="ENTRY", tank={"Bm": 3})
    alphabot.step(ctx(state))
    assert a["tank"]["Bm"] == 3  # AlphaBot's tank holds at most 3 Betamatter
    v1 = ENGINE.setup(2, 1, {"turn_order": "seat"}, version=1)
    v1["g"]["alphabot"].update(mv=1, square="ENTRY", direction="U", tank={})
    v1["g"]["hatch"].update(token="H04", closed=False)
    alphabot.step(ctx(v1))
    assert v1["g"]["alphabot"]["tank"] == {"Bm": 1} and v1["g"]["alphabot"]["shields"] == 10  # v1: no damage


def test_discard_default_is_a_legal_action():
    # SB-P6-STATUS-03, spec 6.5: the most recently drawn card goes first (identical cards are one choice)
    state = new(3)
    state["g"]["hands"]["0"] = ["MV01", "MV02", "MN01", "MN02", "CN01", "CN02"]
    state["stack"] = [{"step": "discard", **Simultaneous.frame_for([0])}]
    action = ENGINE.default_action(state, 0)
    assert action in ENGINE.legal_actions(state, 0) and str(action) == "discard:CN01"


def test_hatch_damage_and_alphabot_specials():
    # SB-MOVE-13, SB-P1-EVENT-25, SB-P1-EVENT-26, AMB-40: a bot on the Hatch when it opens takes its damage;
    # ending a move on an open damaging Hatch costs shields; AlphaBot on an open Shields hatch is repaired twice
    state = new(2)
    state["g"]["alphabot"].update(mv=1, square="ENTRY", shields=5)
    state["g"]["hatch"].update(token="H04", closed=True)  # damage 2
    p(state, 0).update(mini="MV1", square="HATCH")
    events.flip_hatch(ctx(state), "open")
    assert p(state, 0)["shields"] == 8
    p(state, 1).update(mini="MV1", square="CORNER_A")
    state["stack"] = [{"step": "move", "seat": 1, "card": "MV10", "slot": "1", "left": 1, "first": True}]
    p(state, 0)["square"] = "A1"
    state = play(state, 1, "go:MV1:HATCH")
    assert p(state, 1)["shields"] == 8
    state["g"]["hatch"].update(token="H10", closed=False)
    p(state, 1)["square"] = "B2"
    state["g"]["alphabot"]["direction"] = "U"
    alphabot.step(ctx(state))
    assert state["g"]["alphabot"]["square"] == "HATCH" and state["g"]["alphabot"]["shields"] == 7
