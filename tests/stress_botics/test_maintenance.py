"""Phase 4 maintenance in rule order (SB-P4-MAINT-*, SB-EX-13, SB-BASIC-10, SB-MOVE-19)."""

from engines.core import Simultaneous
from engines.stress_botics.batteries import update_ai
from engines.stress_botics.stress import damage

from .engine_helpers import ENGINE, ctx, legal, new, p, play, step_name


def ex13():
    state = new(2)
    purple = p(state, 0)
    purple.update(producer=[["Bm", "C"], ["Bm", "Si"], ["Bm", "Ex"]], shields=8, inside=None,
                  tanks={"1": {"Lv": 4}, "2": {"Bm": 1, "C": 1, "Ti": 1, "Si": 1}, "3": {"Ex": 1}, "4": {}},
                  ds={"Acid": 2, "Gas": 3}, track=["bC", "bC", "bSi", "bSi", "bC", "bSi"], ai="coop")
    state["stack"] = [{"step": "maintain", **Simultaneous.frame_for([0, 1])}]
    return state


def test_ex13_maintenance_in_rule_order():
    # SB-EX-13, SB-P4-MAINT-01..04, SB-P4-MAINT-02, SB-P4-MAINT-05, SB-P4-MAINT-06, SB-P4-MAINT-08..11,
    # SB-P4-MAINT-09, SB-P4-MAINT-10, AMB-25
    state = ex13()
    assert not [a for a in legal(state, 0) if a.startswith("replicate:3")]  # only 1 free space under the cap
    state = play(state, 0, "swap:6")  # the bSi on space 6 into the BetaBot
    assert p(state, 0)["inside"] == "bSi" and "replicate:3:bC:bTi" in legal(state, 0)
    state = play(state, 0, "replicate:3:bC:bTi")
    assert len(p(state, 0)["track"]) == 7 and p(state, 0)["producer"] == [["Bm", "C"], ["Bm", "Si"], None]
    assert not [a for a in legal(state, 0) if a.startswith("replicate")]  # 2 replications per round
    state = play(state, 0, "next")
    for move in ("move:Ex:3:4", "move:Lv:1:4", "move:Bm:2:3", "move:C:2:3", "move:Lv:1:2"):
        state = play(state, 0, move)
    tanks = p(state, 0)["tanks"]
    assert tanks == {"1": {"Lv": 2}, "2": {"Lv": 4}, "3": {"Bm": 1, "C": 1}, "4": {"Ex": 1, "Lv": 1}}
    state = play(state, 0, "next")  # 4.1.3 solidify
    assert p(state, 0)["tanks"] == {"1": {"Bm": 1}, "2": {"Bm": 2}, "3": {"Bm": 1, "C": 1}, "4": {"Ex": 1, "Lv": 1}}
    assert "combine:Gas:1:4" in legal(state, 0)  # the Bm's tank or a higher-numbered one
    state = play(state, 0, "combine:Gas:1:1")
    state = play(state, 0, "combine:Acid:2:2")
    state = play(state, 0, "prepare:2:Ti:1")
    purple = p(state, 0)
    assert purple["tanks"]["1"] == {"Ti": 1} and purple["tanks"]["2"] == {"Si": 2}
    assert purple["producer"] == [["Bm", "C"], ["Bm", "Si"], ["Bm", "Ti"]] and purple["ds"] == {"Acid": 1, "Gas": 2}
    state = play(state, 0, "next")
    assert ENGINE.active(state) == [1]
    for _ in range(3):
        state = play(state, 1, "next")
    assert step_name(state) != "ai_choice"  # 7 batteries: no AI prompt


def test_ex13_order_check_lava_first():
    # SB-EX-13 order check, SB-BASIC-10, SB-P4-MAINT-07, AMB-26
    # The spec's order check moves the Lava into T2 while it still holds Bm, C, Ti, Si: 7 of its 8 squares,
    # so the 2-square Lava does not fit and the engine refuses; with the Bm moved out first it does fit.
    state = ex13()
    state = play(state, 0, "next")
    assert "move:Lv:1:2" not in legal(state, 0)
    state = play(state, 0, "move:Bm:2:3")
    state = play(state, 0, "move:Lv:1:2")
    assert p(state, 0)["tanks"]["2"] == {"Lv": 4}  # C, Ti, Si + the Lava + 1 extra = 5 Lava made, 4 fit


def test_active_battery_goes_into_an_empty_betabot():
    # SB-P4-MAINT-04, SB-P4-MAINT-03
    state = ex13()
    state = play(state, 0, "order:3")
    assert p(state, 0)["track"][:3] == ["bC", "bSi", "bC"]
    state = play(state, 0, "next")
    assert p(state, 0)["inside"] == "bC" and p(state, 0)["track"][0] == "bSi" and len(p(state, 0)["track"]) == 5


def test_ai_choice_at_exactly_five():
    # SB-P4-MAINT-11, SB-MOVE-19
    state = new(2)
    p(state, 1).update(track=["bC"] * 5, ai="comp")
    state["stack"] = [{"step": "maintain", **Simultaneous.frame_for([0, 1])}]
    for seat in (0, 1):
        for _ in range(3):
            state = play(state, seat, "next")
    assert step_name(state) == "ai_choice" and ENGINE.active(state) == [1]
    assert legal(state, 1) == ["ai:comp", "ai:coop"]
    state = play(state, 1, "ai:coop")
    assert p(state, 1)["ai"] == "coop"


def test_ex08_ai_changes_with_battery_count():
    # SB-EX-08 (without the item: purple's 3 batteries are paid by a delivery-like loss), SB-MOVE-19,
    # SB-BATTRACK-01, SB-SHIELD-05: reaching exactly 5 asks at once (after the turn); others change by count
    state = new(2, first_game_layout=True)
    state["g"]["pressure"] = 3
    purple, yellow = p(state, 0), p(state, 1)
    purple.update(track=["bC"] * 6, ai="coop", ai_count=6)
    batts = next(n for n, v in state["g"]["vaults"].items() if v["tile"] == "09")
    yellow.update(mini=batts, square=None, track=["bC"] * 4, ai_count=4,
                  tanks={"1": {}, "2": {"Si": 1}, "3": {}, "4": {}})
    del purple["track"][:3]
    update_ai(ctx(state), purple)
    assert purple["ai"] == "comp"
    state["g"]["programmed"]["1"] = ["CN05"]
    state["stack"] = [{"step": "turn", "seat": 1}]
    state["g"]["last_turn"] = 1
    state = play(state, 1, "reveal")
    state = play(state, 1, "do:produce:none")
    state = play(state, 1, "buy:bSi")
    state = play(state, 1, "done")
    state = play(state, 1, "discard")
    assert step_name(state) == "ai_choice" and legal(state, 1) == ["ai:comp", "ai:coop"]
    state = play(state, 1, "ai:comp")
    assert p(state, 1)["ai"] == "comp" and step_name(state) == "maintain"


def test_ex20_choice_after_a_hit():
    # SB-EX-20, SB-SHIELD-05
    state = new(2)
    g = ctx(state)
    b = p(state, 0)
    b.update(shields=7, track=["bC"] * 5 + ["bTi", "bSi"], ai="coop", ai_count=7)
    damage(g, 0, 2)
    assert state["g"]["ai_pending"] == [0] and b["ai"] == "coop"
