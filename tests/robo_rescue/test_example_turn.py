"""RR-EX-01: the Kai / KENZO Combi-Move turn from the rulebook (L256-276)."""

from __future__ import annotations

from tests.robo_rescue.helpers import C, give_ability, hand_types, legal, me, play, put, ready, robot, set_hand, step


def kai_start():
    s = ready(3)
    g = s["g"]
    put(s, 0, "F2:S")
    put(s, 1, "J1:S")
    put(s, 2, "J10:W")
    for x in ("C3", "C8", "B7"):
        g["power"][x] = True
    set_hand(s, 0, ["COMBI", "FORWARD", "LEFT", "RIGHT", "RIGHT", "FORWARD", "COMBI", "LEFT"])
    me(s)["modifiers"] = {"ROT90": 1, "TURBO": 1, "BLAST": 1}
    for t in ("ROT90", "TURBO", "BLAST"):
        g["supply"]["modifiers"][t] -= 1
    me(s)["tanks"] = [4, 0]
    ab = g["ability_supply"] + g["ability_deck"]
    supply = ["TD-2", "CS-2", "JC-1", "CG-1"]
    rest = [x for x in ab if x and x not in supply and x != "AG-2"]
    g["ability_supply"], g["ability_deck"] = supply, ["AG-2", *rest]
    g["bonus_deck"].remove("BN02-1")
    g["bonus_deck"].insert(0, "BN02-1")
    return s


def test_rr_ex_01_kai_kenzo_turn(dice):
    # RR-EX-01
    dice(["STRAIGHT", "STRAIGHT"])
    s = kai_start()
    discard_before = len(s["g"]["command_discard"])
    supply_before = dict(s["g"]["supply"]["modifiers"])
    s = play(s, "combi:COMBI", "card:FORWARD", "card:LEFT", "mod:1:ROT90:R:own", "mod:2:TURBO:x:own",
             "mod:3:BLAST:x:own")
    assert len(s["g"]["hands"]["0"]) == 8  # still drafting
    s = play(s, "confirm")
    # RR-PROG-13: box pushed E2→D2→C2, robot on D2; RR-ACT-13: D2 is OFF so no Power
    assert robot(s) == "D2:W" and "C2" in s["g"]["boxes"]
    assert step(s) == "board_actions"
    assert sorted(legal(s)) == ["act:COMMAND", "act:DICE", "act:OIL", "done"]
    s = play(s, "act:DICE")
    assert step(s) == "gain"
    s = play(s, "place:STRAIGHT:A1:WE", "place:STRAIGHT:B1:WE")
    # Blast! destroyed the C2 box, 3 oil: tank choice
    assert "C2" not in s["g"]["boxes"] and len(s["g"]["boxes"]) == 3
    assert step(s) == "gain"
    s = play(s, "oil:3")
    assert me(s)["tanks"] == [7, 0]
    assert robot(s) == "C3:S"
    assert sorted(legal(s)) == ["act:BONUS", "act:COMMAND", "act:POWER", "done"]  # no second Cable Dice
    s = play(s, "act:BONUS", "bonus:top", "act:POWER", "power:chip")
    assert step(s) == "conversions"
    assert sorted(hand_types(s, 0)) == ["COMBI", "FORWARD", "LEFT", "RIGHT", "RIGHT"]
    s = play(s, "buy:5:ABILITY:TD-2")  # Kai pays his whole hand of five: it pays itself
    assert s["g"]["hands"]["0"] == []
    s = play(s, "buy:2:CABLE:STRAIGHT", "spend:oils:2", "place:STRAIGHT:C1:WE", "done")
    g = s["g"]
    assert robot(s) == "C3:S"
    assert g["tokens"]["D2"] == ["OIL"] and g["tokens"]["C3"] == ["DICE"] and g["power"]["C3"] is False
    p = me(s)
    assert p["chips"] == 1 and p["tanks"] == [5, 0] and p["engines"] == 1
    assert p["matrix"] == {"A1": "WE", "B1": "WE", "C1": "WE"}
    assert p["modifiers"].get("TURBO") == 2 and not p["modifiers"].get("ROT90") and not p["modifiers"].get("BLAST")
    assert p["abilities"] == [{"id": "TD-2", "die": 4, "tokens": ["TURBO"]}]
    assert [C.abilities[x].ability for x in g["ability_supply"]] == ["ANTIGRAVITY", "CARD_SUPPLIER", "JERRY_CAN",
                                                                       "CABLE_GUY"]
    assert hand_types(s, 0) == ["FORWARD", "LEFT"]
    assert len(g["command_discard"]) == discard_before + 6
    assert g["bonus_discard"] == ["BN02-1"]
    for t in ("ROT90", "BLAST"):
        assert g["supply"]["modifiers"][t] == supply_before[t] + 1
    assert g["last_turn"]["actions"] == ["DICE", "BONUS", "POWER"]
    assert step(s) == "turn_start" and s["stack"][-1]["seat"] == 1
    assert give_ability  # helper import used elsewhere
