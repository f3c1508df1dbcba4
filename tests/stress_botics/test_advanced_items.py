"""Buying Advanced Items and opening Boxes (rules version 3 with the threats): the Advanced Items Vaults'
discounts, refresh, the boosted choices, refills, Open a Box, and the BetaBot AI example 2
(SB-CONNECT-05/06/11, SB-BASIC-17, SB-ITEMS-09, SB-EX-08; spec 4.2.3)."""

from engines.stress_botics import advanced_items, events, items
from engines.stress_botics.batteries import movement_points, slots

from .engine_helpers import ENGINE, ctx, legal, new, p, play, step_name
from .test_threats import board

CONNECT = "CN01"
"""A CONNECT card without a free boost (keep: 1 Si or 1 Lv)."""


def at_vault(state, seat, tile, side="A"):
    node = next(n for n, v in state["g"]["vaults"].items() if v["tile"] == tile)
    state["g"]["vaults"][node].update(side=side, cylindroids=[])
    p(state, seat).update(mini=node, square=None)
    return state


def connect(state, seat=0, card=CONNECT):
    state["stack"] = [{"step": "subaction", "seat": seat, "card": card, "slot": "1"}]
    return state


def two_player(slots=("AD-A1", "AD-C1")):
    state = board(2)
    gi = state["g"]["items"]
    deck = [c for c in gi["slots"] + gi["deck"] if c not in slots]
    gi.update(slots=list(slots), deck=deck)
    return state


def test_ex08_buying_launch_amplifier_and_the_ai():
    # SB-EX-08: purple (6 batteries, Cooperative) in vault 08 side A at pressure 3 (discount 0) buys Launch
    # Amplifier for 3 track batteries: 3 left → Competitive, slot 3 lost. Yellow (4, Competitive) buys 1 bSi
    # for its 1 Si in vault 09 side A and reaches 5: the choice is queued, yellow stays Competitive.
    state = at_vault(two_player(), 0, "08")
    state["g"]["pressure"] = 3
    p(state, 0).update(track=["bC", "bTi", "bSi", "bC", "bTi", "bSi"], ai="coop", ai_count=6,
                       tanks={"1": {}, "2": {}, "3": {}, "4": {}}, inside=None)
    g = ctx(state)
    assert advanced_items.discount(g, 0) == 0 and slots(g, p(state, 0)) == 3
    state = play(connect(state), 0, "do:items:none")
    assert step_name(state) == "shop" and "buy:AD-A1:plain" in legal(state, 0)
    state = play(state, 0, "buy:AD-A1:plain")
    assert step_name(state) == "pay_item" and state["stack"][-1]["cost"] == {"battery": 3}
    for space in (6, 5, 4):
        battery = p(state, 0)["track"][space - 1]
        state = play(state, 0, f"unit:battery:track{space}:{battery}")
    assert step_name(state) == "equip"
    state = play(state, 0, "ext:X2")
    me = p(state, 0)
    assert me["track"] == ["bC", "bTi", "bSi"] and me["ai"] == "comp" and slots(ctx(state), me) == 2
    assert movement_points(ctx(state), me) == 2 + 1  # the track's 2 MP, +1 from Launch Amplifier itself
    assert state["g"]["items"]["slots"][0] not in (None, "AD-A1")  # refilled from the deck
    state = at_vault(state, 1, "09")
    p(state, 1).update(track=["bC", "bTi", "bSi", "bC"], ai="comp", ai_count=4, tanks={"1": {}, "2": {"Si": 1},
                                                                                      "3": {}, "4": {}})
    state = play(connect(state, 1, "CN02"), 1, "do:produce:none")
    state = play(state, 1, "buy:bSi")
    assert p(state, 1)["track"] == ["bC", "bTi", "bSi", "bC", "bSi"] and p(state, 1)["ai"] == "comp"
    assert 1 in state["g"]["ai_pending"]  # SB-MOVE-19: exactly 5 asks for the choice


def test_discount_by_side_and_pressure():
    # SB-CONNECT-05 (c), spec 4.2.3: 02 prefers high pressure, 08 low; side B one more
    state = at_vault(two_player(), 0, "02", side="B")
    g = ctx(state)
    expected = {"A": [0, 0, 1, 1, 2], "B": [1, 1, 2, 2, 3]}
    for side, row in expected.items():
        state["g"]["vaults"][p(state, 0)["mini"]]["side"] = side
        for pressure, off in enumerate(row):
            state["g"]["pressure"] = pressure
            assert advanced_items.discount(g, 0) == off
    state = at_vault(state, 0, "08")
    state["g"]["pressure"] = 0
    assert advanced_items.discount(g, 0) == 2
    state["g"]["vaults"][p(state, 0)["mini"]]["cylindroids"] = ["MIN"]
    assert advanced_items.discount(g, 0) is None  # SB-CONNECT-02: no Produce with Cylindroids there


def test_discounted_purchase_and_no_purchase_without_means():
    # SB-CONNECT-05 (b-d), SB-BASIC-19
    state = at_vault(two_player(("AD-X4", "AD-T1")), 0, "02", side="B")
    state["g"]["pressure"] = 4  # discount 3
    p(state, 0).update(track=[], tanks={"1": {}, "2": {}, "3": {}, "4": {}}, inside="bSi")
    state["g"]["common_tank"] = {}
    assert "do:items:none" in legal(connect(state), 0)  # Cylindroid Lure's 3 units are all discounted
    state = play(connect(state), 0, "do:items:none")
    assert {"buy:AD-X4:plain", "buy:AD-T1:plain", "refresh"} == set(legal(state, 0))
    state = play(state, 0, "buy:AD-X4:plain")
    assert set(legal(state, 0)) == {"waive:C", "waive:Si", "waive:bTi", "auto"}
    for need in ("C", "Si", "bTi"):
        state = play(state, 0, f"waive:{need}")
    assert step_name(state) == "equip"
    state = at_vault(two_player(), 0, "08")
    p(state, 0).update(track=[], tanks={"1": {}, "2": {}, "3": {}, "4": {}})
    state["g"]["pressure"] = 3
    assert not any(m.startswith("do:items") for m in legal(connect(state), 0))


def test_refresh_for_one_shield():
    # SB-CONNECT-05 (a): 1-2p the next two deck cards cover the slots; 3-4p two piles' tops go to the bottom
    state = at_vault(two_player(), 0, "08")
    p(state, 0)["track"] = ["bC", "bTi", "bSi"]
    nxt = state["g"]["items"]["deck"][:2]
    state = play(connect(state), 0, "do:items:none")
    state = play(state, 0, "refresh")
    assert state["g"]["items"]["slots"] == nxt and p(state, 0)["shields"] == 9
    assert not any(m.startswith("refresh") for m in legal(state, 0))  # once
    state = board(4)
    at_vault(state, 0, "08")
    p(state, 0)["track"] = ["bC", "bTi", "bSi"]
    gi = state["g"]["items"]
    tops, piles = dict(gi["tops"]), {k: list(v) for k, v in gi["piles"].items()}
    state = play(connect(state), 0, "do:items:none")
    assert len([m for m in legal(state, 0) if m.startswith("refresh")]) == 6  # any 2 of the 4 piles
    state = play(state, 0, "refresh:amplifier:transformer")
    gi = state["g"]["items"]
    assert gi["tops"]["amplifier"] == piles["amplifier"][0] and gi["piles"]["amplifier"][-1] == tops["amplifier"]
    assert gi["tops"]["container"] == tops["container"]


def test_boosted_common_tank_or_box_item():
    # SB-CONNECT-06 (i) the Common Tank pays too; (ii) 1-2p: a Box Item first, then the full printed cost
    # (AMB-56); SB-BASIC-17: auto-production fills the Common Tank
    state = at_vault(two_player(("AD-C2", "AD-A1")), 0, "08")
    state["g"]["pressure"] = 3  # discount 0
    state["g"]["common_tank"] = {}
    events.auto_produce(ctx(state), "C")
    events.auto_produce(ctx(state), "C")
    events.auto_produce(ctx(state), "C")
    assert state["g"]["common_tank"] == {"C": 2}  # its maximum (spec 4.2.6)
    p(state, 0).update(track=["bC"], inside="bSi", tanks={"1": {}, "2": {}, "3": {}, "4": {}})
    moves = legal(connect(state), 0)
    assert "do:items:inside" in moves and "do:items:none" not in moves  # only the Common Tank makes it payable
    state = play(connect(state), 0, "do:items:inside")
    assert set(legal(state, 0)) == {"buy:AD-C2:common", "refresh"}
    state = play(state, 0, "buy:AD-C2:common")
    state = play(state, 0, "auto")
    assert state["g"]["common_tank"] == {} and p(state, 0)["track"] == [] and step_name(state) == "equip"
    state = at_vault(two_player(("AD-C2", "AD-A1")), 0, "02", side="B")
    state["g"]["pressure"] = 4  # discount 3, but not with a Box Item
    p(state, 0).update(track=["bC"], inside="bSi", tanks={"1": {"C": 2}, "2": {}, "3": {}, "4": {}})
    box = state["g"]["items"]["box"][0]
    state = play(connect(state), 0, "do:items:inside")
    assert "buy:AD-C2:box" in legal(state, 0) and "buy:AD-A1:box" not in legal(state, 0)
    state = play(state, 0, "buy:AD-C2:box")
    assert step_name(state) == "box_pick" and state["stack"][-1]["cards"] == [box]
    state = play(state, 0, "none")
    assert state["g"]["items"]["box"][-1] == box and step_name(state) == "pay_item"
    assert state["stack"][-1]["discount"] == 0 and state["stack"][-1]["cost"] == {"C": 2, "bC": 1}
    assert all(c for c in state["g"]["items"]["slots"])  # the slot was refilled


def test_no_box_choice_with_three_or_four_players():
    # SB-CONNECT-06 (ii) is 1-2p only
    state = at_vault(board(4), 0, "08")
    p(state, 0).update(inside="bSi", track=["bC", "bTi", "bSi", "bC"], tanks={"1": {"C": 5, "Ti": 3, "Si": 3},
                                                                             "2": {}, "3": {}, "4": {}})
    state = play(connect(state), 0, "do:items:inside")
    assert not any(m.endswith(":box") for m in legal(state, 0))


def test_open_a_box():
    # SB-CONNECT-11: must be boosted; a Box on your square or an adjacent one; draw 2, equip at most 1, the rest
    # to the bottom; the token goes back to the supply. SB-ITEMS-09: Box Items cost nothing
    state = board(3)
    state["g"]["boxes"] = {"HATCH": 1, "CORNER_B": 1}
    p(state, 0).update(mini="MV1", square="A2", inside="bSi")
    moves = legal(connect(state), 0)
    assert "do:box:inside:HATCH" in moves and not any(m.startswith("do:box:none") for m in moves)
    assert "do:box:inside:CORNER_B" not in moves  # not adjacent to A2
    top2 = state["g"]["items"]["box"][:2]
    state = play(connect(state), 0, "do:box:inside:HATCH")
    assert step_name(state) == "box_pick" and state["stack"][-1]["cards"] == top2
    assert state["g"]["boxes"] == {"CORNER_B": 1}
    keep = top2[0]
    state = play(state, 0, f"equip:{keep}:X2")
    assert p(state, 0)["ext"]["X2"] == [keep] and state["g"]["items"]["box"][-1] == top2[1]
    assert len(state["g"]["items"]["box"]) == 13


def test_box_items_are_hidden_from_the_others_while_chosen():
    state = board(3)
    state["g"]["boxes"] = {"A2": 1}
    p(state, 0).update(mini="MV1", square="A2", inside="bSi")
    state = play(connect(state), 0, "do:box:inside:A2")
    assert "cards" in str(ENGINE.all_hidden_paths(state, 1)) and "cards" not in str(ENGINE.all_hidden_paths(state, 0))


def test_magnet_arm_reaches_diagonal_boxes():
    # SB-BASIC-01/04: an item's text beats the rule (Magnet Arm: diagonals count for Open a Box)
    state = board(3)
    state["g"]["boxes"] = {"CORNER_B": 1}
    p(state, 0).update(mini="MV1", square="HATCH", inside="bSi")
    assert not any(m.startswith("do:box") for m in legal(connect(state), 0))
    items.place_on(ctx(state), 0, "AB11", "X1")
    p(state, 0)["inside"] = "bSi"
    assert "do:box:inside:CORNER_B" in legal(connect(state), 0)


def test_items_sub_actions_only_in_version_3():
    state = at_vault(new(2, threats=False), 0, "08")
    assert not any(m.startswith(("do:items", "do:box", "do:activate")) for m in legal(connect(state), 0))
