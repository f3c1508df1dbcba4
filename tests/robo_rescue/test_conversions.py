"""Conversions and abilities: RR-CONV, RR-ABIL; scenarios RR-EX-14 and RR-EX-15."""

from __future__ import annotations

import pytest

from engines.core import IllegalAction
from engines.robo_rescue import ENGINE
from engines.robo_rescue import ENGINE as E
from tests.robo_rescue.helpers import C, at_turn_start, give_ability, hand_types, legal, me, play, ready, set_hand, step


def at_conversions(s, hand=None):
    s = play(s, "standby")
    if hand is not None:
        set_hand(s, 0, hand)
    return s


def ex14_start():
    s = ready(3)
    set_hand(s, 0, ["FORWARD", "FORWARD", "LEFT", "RIGHT", "COMBI"])
    p = me(s)
    p["tanks"], p["modifiers"], p["matrix"] = [4, 0], {"TURBO": 2}, {"A1": "WE"}
    give_ability(s, 0, "JC-1")
    give_ability(s, 0, "CS-1")
    return at_conversions(s, ["FORWARD", "FORWARD", "LEFT", "RIGHT", "COMBI"])


def test_rr_ex_14_mixed_payment_rejected():
    # RR-EX-14
    # RR-CONV-02: one resource type per conversion
    s = ex14_start()
    me(s)["tanks"] = [3, 2]  # oil in both tanks: which tank pays is still a choice
    s = play(s, "buy:2:MODIFIER:ROT180")
    # each choice is a whole payment in one resource (tokens: chosen first, then one by one)
    assert legal(s)[0] == "pay:TOKENS" and legal(s)[-3:] == ["spend:oils:0", "spend:oils:1", "spend:oils:2"]
    assert all(a.startswith(("spend:cards:", "spend:oils:")) for a in legal(s)[1:])
    assert E.label(s, 0, E.legal_actions(s, 0)[-2]) == "Spend 1 oil from tank 1 and 1 from tank 2"
    for unit in ("spend:card:FORWARD", "spend:oil:1", "spend:mod:TURBO"):
        with pytest.raises(IllegalAction):
            play(s, unit)
    s = play(s, "spend:oils:1")
    assert me(s)["tanks"] == [2, 1] and me(s)["modifiers"]["ROT180"] == 1


def test_rr_conv_10_cards_are_paid_as_one_set():
    # RR-CONV-10: the cards owed are chosen as one set (rules version 2), each goes to the discard
    s = ready(3)
    s = at_conversions(s, ["FORWARD", "FORWARD", "LEFT", "COMBI"])
    s = play(s, "buy:2:MODIFIER:ROT90")
    assert legal(s) == ["spend:cards:COMBI+FORWARD", "spend:cards:COMBI+LEFT", "spend:cards:FORWARD+FORWARD",
                        "spend:cards:FORWARD+LEFT"]
    assert [E.label(s, 0, a) for a in E.legal_actions(s, 0)][2] == "Spend 2 cards: 2 Forward"
    discard = len(s["g"]["command_discard"])
    s = play(s, "spend:cards:FORWARD+LEFT")
    assert sorted(hand_types(s, 0)) == ["COMBI", "FORWARD"] and len(s["g"]["command_discard"]) == discard + 2
    assert me(s)["modifiers"]["ROT90"] == 1


def test_rr_conv_10_version_1_games_still_pay_card_by_card():
    # RR-CONV-10 under rules version 1 (games and replays recorded before whole payments)
    s = ready(3, version=1)
    s = at_conversions(s, ["FORWARD", "FORWARD", "LEFT", "COMBI"])
    s = play(s, "buy:2:MODIFIER:ROT90")
    assert legal(s) == ["spend:card:COMBI", "spend:card:FORWARD", "spend:card:LEFT"]


def test_rr_ex_14_tokens_mix_and_reward_limits():
    # RR-EX-14
    # RR-CONV-02, RR-CONV-03, RR-CONV-06, RR-CONV-08, RR-CONV-09, RR-CONV-10, RR-CABLE-09
    s = ex14_start()
    s = play(s, "buy:2:MODIFIER:ROT180", "pay:TOKENS", "spend:mod:TURBO", "spend:cable:A1")
    p = me(s)
    assert p["modifiers"] == {"TURBO": 1, "ROT180": 1} and p["matrix"] == {}
    assert not [a for a in legal(s) if a.startswith("buy:") and ":MODIFIER:" in a]  # one modifier per turn
    s = play(s, "buy:2:CABLE:STRAIGHT", "spend:oils:2")  # all the oil is in tank 1
    s = play(s, "place:STRAIGHT:A1:WE")
    assert me(s)["tanks"] == [2, 0] and me(s)["matrix"] == {"A1": "WE"}
    assert not [a for a in legal(s) if ":CABLE:" in a]
    assert "buy:2:MASTER_CODER:MASTER_CODER" in legal(s)  # 2 abilities: allowed (AMB-03)


def test_rr_ex_14_connected_cable_cannot_be_spent():
    # RR-EX-14
    s = ex14_start()
    me(s)["matrix"] = {"D3": "ES", "E3": "WE", "F3": "WE", "G1": "x"} | {}
    del me(s)["matrix"]["G1"]
    s = play(s, "buy:2:MODIFIER:ROT180", "pay:TOKENS")
    assert "spend:cable:F3" in legal(s)  # F3 is the loose end of the chain here
    me(s)["matrix"]["G3"] = "WE"
    assert "spend:cable:F3" not in legal(s)  # both ends connected


def test_rr_ex_14_peeling_a_chain():
    # RR-EX-14
    # RR-CONV-08
    s = ex14_start()
    me(s)["matrix"] = {"A1": "WE", "B1": "WE", "C1": "SW"}
    me(s)["modifiers"] = {}
    s, events = E.apply(play(s, "buy:2:MODIFIER:ROT180"), 0, "pay:TOKENS")
    # only the loose end can go each time, so the payment pays itself: C1, then B1 (A1 stays)
    assert [e["text"] for e in events] == ["{seat0} removes the cable in matrix cell C1.",
                                           "{seat0} removes the cable in matrix cell B1.",
                                           "{seat0} converts for a 180° turn token.",
                                           "{seat0} gains 1 180° turn token."]
    assert me(s)["matrix"] == {"A1": "WE"}


def test_rr_ex_14_master_coder_needs_room():
    # RR-EX-14
    # RR-CONV-13, RR-ABIL-05
    s = ready(3)
    for card in ("JC-1", "CS-1", "TD-1"):
        give_ability(s, 0, card)
    me(s)["tanks"] = [4, 0]
    s = at_conversions(s)
    assert "buy:2:MASTER_CODER:MASTER_CODER" not in legal(s)
    assert not [a for a in legal(s) if ":ABILITY:" in a]


def test_rr_ex_15_refilling_the_ability_supply():
    # RR-EX-15
    # RR-ABIL-06, RR-CONV-05
    s = ready(3)
    g = s["g"]
    supply = ["UR-1", "SS-1", "AG-1", "TD-1"]
    rest = [x for x in g["ability_deck"] + g["ability_supply"] if x and x not in supply and x not in ("UR-2", "CS-2")]
    g["ability_supply"], g["ability_deck"] = supply, ["UR-2", "CS-2", *rest]
    s = at_conversions(s, ["FORWARD"] * 5)
    s = play(s, "buy:5:ABILITY:TD-1")  # five Forward cards: the only way to pay, paid at once
    assert s["g"]["hands"]["0"] == []
    assert s["g"]["ability_supply"] == ["UR-1", "SS-1", "AG-1", "CS-2"]
    assert s["g"]["ability_deck"][-1] == "UR-2"
    assert me(s)["abilities"] == [{"id": "TD-1", "die": 3, "tokens": ["TURBO"]}]  # RR-ABIL-01, RR-ABIL-02


def test_rr_abil_05_one_of_each_type():
    # RR-ABIL-05
    s = ready(3)
    give_ability(s, 0, "TD-1")
    g = s["g"]
    g["ability_supply"][0] = "TD-2"
    s = at_conversions(s, ["FORWARD"] * 5)
    assert "buy:5:ABILITY:TD-2" not in legal(s)


def test_rr_abil_19_tokens_must_be_in_supply():
    # RR-ABIL-19
    s = ready(3)
    s["g"]["ability_supply"][0] = "TD-2"
    s["g"]["supply"]["modifiers"]["TURBO"] = 0
    s = at_conversions(s, ["FORWARD"] * 5)
    assert "buy:5:ABILITY:TD-2" not in legal(s)


def test_rr_conv_11_movement_card_from_discard_or_deck():
    # RR-CONV-11
    s = ready(3)
    g = s["g"]
    left = next(x for x in g["command_deck"] if C.card_type(x) == "LEFT")
    g["command_deck"].remove(left)
    g["command_discard"].append(left)
    s = at_conversions(s, ["COMBI", "COMBI"])
    s = play(s, "buy:2:MOVEMENT_CARD:LEFT")  # the two Combi cards pay themselves
    assert left in s["g"]["hands"]["0"] and left not in s["g"]["command_discard"]
    assert ENGINE.can_undo(s, 0)  # nothing was revealed
    t = ready(3)
    t = at_conversions(t, ["COMBI", "COMBI"])
    t = play(t, "buy:2:MOVEMENT_CARD:RIGHT")
    assert "RIGHT" in hand_types(t, 0)
    assert not E.can_undo(t, 0)  # the deck was searched and reshuffled


def test_rr_conv_04_tier_three_rewards_and_turbo_at_the_cheaper_price():
    # RR-CONV-03, RR-CONV-04, AMB-01, AMB-04
    s = ready(3)
    s = at_conversions(s, ["FORWARD"] * 3)
    offers = [a for a in legal(s) if a.startswith("buy")]
    assert "buy:2:MODIFIER:TURBO" in offers and "buy:3:MODIFIER:TURBO" not in offers
    tier3 = {"buy:3:MODIFIER:ONESTEP", "buy:3:MODIFIER:LEVITATE", "buy:3:CABLE:BEND", "buy:2:CABLE:STRAIGHT"}
    assert tier3 <= set(offers)
    assert not [a for a in offers if "BLAST" in a or "PORTAL" in a]  # RR-MOD-10
    assert not [a for a in offers if a.startswith("buy:5")]  # 5 cards needed


def test_rr_conv_14_ability_and_cable_in_one_turn():
    # RR-CONV-14 (Kai), RR-CONV-15
    s = ready(3)
    me(s)["tanks"] = [2, 0]
    s = at_conversions(s, ["FORWARD"] * 12)
    card = s["g"]["ability_supply"][0]
    s = play(s, f"buy:5:ABILITY:{card}")  # one kind of card: it pays itself
    s = play(s, "buy:2:CABLE:STRAIGHT", "spend:oils:2")
    if step(s) == "gain":
        s = play(s, "place:STRAIGHT:A1:WE")
    assert len(me(s)["abilities"]) == 1 and len(me(s)["matrix"]) == 1
    assert sorted(s["g"]["turn"]["conversions"]) == ["ABILITY", "CABLE"]


def test_rr_abil_11_card_supplier_and_rr_abil_13_cable_guy(dice):
    # RR-ABIL-11, RR-ABIL-13
    dice(["WILD"])
    s = ready(3)
    give_ability(s, 0, "CS-1")
    give_ability(s, 0, "CG-1")
    set_hand(s, 0, ["FORWARD"] * 10)
    assert "use:CS-1" not in legal(s)  # at the hand limit
    s = play(s, "use:CG-1")
    assert step(s) == "gain" and "place:BEND:A1:WN" in legal(s) and "place:STRAIGHT:A1:WE" in legal(s)
    s = play(s, "place:BEND:A1:WN")
    assert me(s)["matrix"] == {"A1": "WN"} and step(s) == "turn_start"
    s = at_turn_start(s, 0)
    set_hand(s, 0, ["FORWARD"] * 3)
    s = play(s, "use:CS-1")
    assert len(s["g"]["hands"]["0"]) == 4
