"""A BetaBot against the threats (rules version 2): attacks on Cylindroids and AlphaBot, Disarm/Arm and the
captured extra actions (SB-MINE-10..17, SB-CONNECT-09/10, SB-P3-ACT-09, SB-EX-09, SB-EX-31)."""

from engines.stress_botics import combat
from engines.stress_botics.planet import neighbours

from .engine_helpers import ctx, legal, p, placed, play, step_name
from .test_threats import board

MINE = "MN01"


def attacking(state, seat=0, card=MINE):
    state["stack"] = [{"step": "subaction", "seat": seat, "card": card, "slot": "1"}]
    return state


def ex31(**options):
    state = board(3, **options)
    gg = state["g"]
    gg["cyl"]["B2"] = ["EXP!", "MIN"]
    gg["boxes"] = {"CORNER_B": 1}
    p(state, 0).update(mini="MV1", square="B2", shields=10, stress=10, inside="bTi")
    p(state, 1).update(mini="MV1", square="CORNER_B", shields=10, stress=20)
    p(state, 2).update(mini="MV1", square="A2", shields=10, stress=30)
    return attacking(state)


def test_ex31_attacking_an_armed_explosive():
    # SB-EX-31, SB-MINE-10, SB-MINE-12, SB-MINE-15, SB-CONNECT-10 (AMB-55 both ways)
    state = ex31()
    moves = legal(state, 0)
    assert "do:attack:inside:B2.EXPA.disintegrate" in moves and "do:attack:inside:B2.EXPA.capture" not in moves
    assert not any(m.startswith("do:attack:none") for m in moves)  # Attack must be boosted
    state = play(state, 0, "do:attack:inside:B2.EXPA.disintegrate")
    gg = state["g"]
    assert [p(state, s)["shields"] for s in range(3)] == [8, 9, 10] and p(state, 0)["stress"] == 8
    assert gg["alphabot"]["shields"] == 9 and gg["cyl"]["B2"] == [] and gg["boxes"] == {}
    assert gg["bag"] == {"MIN": 9, "LAS": 8, "EXP": 9} and step_name(state) == "keep"
    state = play(ex31(attacked_explosive_blast=False), 0, "do:attack:inside:B2.EXPA.disintegrate")
    assert [p(state, s)["shields"] for s in range(3)] == [8, 10, 10] and state["g"]["alphabot"]["shields"] == 10
    assert state["g"]["cyl"]["B2"] == ["MIN"] and state["g"]["boxes"] == {"CORNER_B": 1}


def test_capture_scrap_and_attacking_alphabot():
    # SB-MINE-11, SB-MINE-13, SB-MINE-14, SB-MINE-17, SB-ALPHA-05
    state = board(3)
    state["g"]["cyl"]["A2"] = ["LAS", "MIN"]
    p(state, 0).update(mini="MV1", square="A2", stress=10, inside="bTi")
    moves = legal(attacking(state), 0)
    assert {"do:attack:inside:A2.LAS.capture", "do:attack:inside:A2.MIN.scrap", "do:attack:inside:alphabot"} <= set(
        moves)
    state = play(state, 0, "do:attack:inside:A2.LAS.capture")
    assert p(state, 0)["container"] == ["LAS"] and p(state, 0)["stress"] == 9 and state["g"]["cyl"]["A2"] == ["MIN"]
    p(state, 0)["container"] = ["MIN", "LAS", "EXP"]
    p(state, 0)["inside"] = "bTi"
    assert not any("capture" in m for m in legal(attacking(state), 0))  # no valid container space left
    state = play(attacking(state), 0, "do:attack:inside:A2.MIN.scrap")
    assert p(state, 0)["stress"] == 8 and step_name(state) == "place" and state["stack"][-1]["units"] == {"C": 1,
                                                                                                          "Ti": 1}
    state = placed(state, 0)
    p(state, 0)["inside"] = "bTi"
    state["g"]["alphabot"]["ai"] = 1
    state = play(attacking(state), 0, "do:attack:inside:alphabot")
    assert state["g"]["alphabot"]["shields"] == 9 and state["g"]["alphabot"]["ai"] == 0  # an Aggressive reveal
    assert p(state, 0)["stress"] >= 10


def test_container_spaces_allow_types():
    # SB-MINE-13 (spec 4.18.5: spaces MIN/LAS, MIN/EXP, LAS/EXP; rearranging allowed)
    g = ctx(board())
    assert combat.fits(g, ["MIN", "MIN"], "LAS") and not combat.fits(g, ["MIN", "MIN"], "MIN")
    assert combat.fits(g, ["EXP", "LAS"], "MIN") and not combat.fits(g, ["EXP", "EXP"], "EXP")


def test_disarm_and_arm_boosted_twice():
    # SB-CONNECT-09
    state = board(3)
    state["g"]["cyl"].update(A2=["EXP!"], A1=["EXP"])
    p(state, 0).update(mini="MV1", square="CORNER_A", inside="bSi")
    state = attacking(state, card="CN01")
    moves = legal(state, 0)
    assert "do:disarm:none" in moves and "do:disarm:inside" in moves
    state = play(state, 0, "do:disarm:inside")
    assert sorted(legal(state, 0)) == ["done", "op:A1.arm", "op:A2.disarm"]
    state = play(play(state, 0, "op:A2.disarm"), 0, "op:A2.arm")
    assert state["g"]["cyl"]["A2"] == ["EXP!"] and step_name(state) == "keep"


def test_ex09_captured_miner_extracts_before_keeping():
    # SB-EX-09, SB-P3-ACT-03, SB-P3-ACT-09, SB-P3-ACT-10, AMB-18 (one per turn)
    state = board(3, first_game_layout=True)
    gg = state["g"]
    gg["pressure"] = 4
    node = next(n for n, v in gg["vaults"].items() if v["tile"] == "01")
    gg["vaults"][node].update(side="A", res={}, cylindroids=[])
    start = next(nb for nb, _, mp in neighbours(ctx(state), node) if mp <= 2 and nb in gg["vaults"])
    p(state, 0).update(mini=start, square=None, container=["MIN"], track=["bC"] * 5)
    p(state, 0)["tanks"]["1"] = {}
    gg["programmed"]["0"] = ["MV01"]
    gg["hands"]["0"] = []
    state["stack"] = [{"step": "turn", "seat": 0}]
    state = placed(play(state, 0, "reveal"), 0)
    state = placed(play(state, 0, "do:move:none"), 0)
    state = play(state, 0, f"go:{node}")
    assert step_name(state) == "keep" and "extra:MIN:none" in legal(state, 0)
    state = play(state, 0, "extra:MIN:none")
    for _ in range(3):
        state = play(state, 0, "put:C:1")
    assert p(state, 0)["tanks"]["1"] == {"C": 3} and p(state, 0)["container"] == []
    assert not any(m.startswith("extra") for m in legal(state, 0))
    state = play(state, 0, "keep:0")
    assert p(state, 0)["tanks"]["1"] == {"C": 2} and "MV01" in state["g"]["hands"]["0"]
    assert state["g"]["bag"]["MIN"] == 9


def test_boxes_within_reach_for_opening_later():
    # the stage-4 hook of Open a Box: Boxes on or next to the BetaBot's square (SB-P1-EVENT-16)
    state = board(3)
    state["g"]["boxes"] = {"CORNER_A": 1, "B1": 1}
    p(state, 0).update(mini="MV1", square="A2")
    assert combat.boxes_within_reach(ctx(state), 0) == ["CORNER_A"]
