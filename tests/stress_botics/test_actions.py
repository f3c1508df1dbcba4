"""Phase 3: turns, Extract, Produce, keeping cards, boosting; tanks; scoring
(SB-P3-ACT-*, SB-MINE-01..08, SB-CONNECT-01..04, SB-BASIC-*, SB-SCORE-*)."""

from engines.stress_botics import events, flow, scoring
from engines.stress_botics.extract import extract, extract_yield
from engines.stress_botics.planet import destinations
from engines.stress_botics.tanks import gain, holdings

from .engine_helpers import ENGINE, ctx, legal, new, p, placed, play, step_name


def turn_with(state, programs):
    """Programmed cards per seat, then Phase 3 starts (SB-P3-ACT-01)."""
    for seat, cards in programs.items():
        state["g"]["programmed"][str(seat)] = list(cards)
        p(state, seat)["slot"] = 0
    g = ctx(state)
    state["stack"] = []
    flow.start_actions(g)
    return state


def test_round_robin_turns_then_maintenance():
    # SB-P3-ACT-01, SB-P3-ACT-02: one card per turn, round-robin; players without cards are skipped
    state = turn_with(new(3), {0: ["MV01", "MV02"], 1: [], 2: ["IN01"]})
    assert state["stack"][-1] == {"step": "turn", "seat": 0}
    state = play(state, 0, "back")
    assert state["stack"][-1]["seat"] == 2
    assert legal(state, 2) == ["back"]  # SB-INTERACT-03/15: no INTERACT sub-action in part 1: only returned
    state = play(state, 2, "back")
    assert state["stack"][-1]["seat"] == 0
    state = play(state, 0, "back")
    assert step_name(state) == "maintain"
    assert sorted(state["g"]["hands"]["0"]) == ["MV01", "MV02"]


def test_reveal_extract_keep_from_the_slot_tank():
    # SB-P3-ACT-03, SB-P3-ACT-04, SB-P3-ACT-05, SB-P3-ACT-10, SB-MINE-01, SB-MINE-03, SB-BASIC-06
    state = new(2, first_game_layout=True)
    state["g"]["pressure"] = 4
    p(state, 0).update(mini="EPM_C", square=None, tanks={"1": {}, "2": {"Ti": 1}, "3": {}, "4": {}})
    p(state, 1).update(mini="CORE")
    state["g"]["vaults"]["EPM_C"]["res"] = {}
    state = turn_with(state, {0: ["MN05"]})
    state = play(state, 0, "reveal")
    assert legal(state, 0) == ["do:extract:none"]  # no Attack without targets; bTi needed to boost
    state = play(state, 0, "do:extract:none")
    assert step_name(state) == "place" and "put:C:1" in legal(state, 0) and "leave:C" in legal(state, 0)
    state = placed(state, 0)
    assert p(state, 0)["tanks"]["1"] == {"C": 3}  # the auto-placer uses the slot's tank first
    assert legal(state, 0) == ["discard"]  # MN05 keeps for 1 Ti, which is in tank 2, not tank 1
    state = play(state, 0, "discard")
    assert state["g"]["discards"]["MINE"] == ["MN05"]


def test_keep_pays_from_the_matching_tank():
    # SB-P3-ACT-10, AMB-19
    state = new(2, first_game_layout=True)
    p(state, 0).update(mini="EPM_C", square=None, tanks={"1": {"Ti": 1}, "2": {}, "3": {}, "4": {}})
    p(state, 1).update(mini="CORE")
    state = turn_with(state, {0: ["MN05"]})
    state = play(state, 0, "reveal")
    state = placed(play(state, 0, "do:extract:none"), 0)
    state = play(state, 0, "keep:0")
    assert "Ti" not in p(state, 0)["tanks"]["1"] and "MN05" in state["g"]["hands"]["0"]


def test_free_boost_extracts_twice():
    # SB-MINE-02, SB-P3-ACT-06, SB-P3-ACT-08
    state = new(2, first_game_layout=True)
    state["g"]["pressure"] = 2
    p(state, 0).update(mini="EPM_C", square=None, tanks={"1": {}, "2": {}, "3": {}, "4": {}}, ds={})
    p(state, 1).update(mini="CORE")
    state["g"]["vaults"]["EPM_C"]["res"] = {}
    state = turn_with(state, {0: ["MN10"]})
    state = play(state, 0, "reveal")
    assert legal(state, 0) == ["do:extract:none", "do:extract:free"]
    state = placed(play(state, 0, "do:extract:free"), 0)
    assert holdings(p(state, 0)) == {"C": 4}


def test_active_battery_boost_spends_it():
    # SB-P3-ACT-06, SB-P3-ACT-07, SB-BATTRACK-01, SB-BATTRACK-03: bC inside boosts MOVE; track space 1
    # only with the bonus (6 on the 2-3p side)
    state = new(2)
    p(state, 0).update(mini="CORE", square=None)
    state = turn_with(state, {0: ["MV01"]})
    state = play(state, 0, "reveal")
    assert "do:move:inside" in legal(state, 0) and "do:move:track" not in legal(state, 0)
    p(state, 0)["track"] = ["bC", "bC", "bSi", "bSi", "bC", "bTi"]
    assert "do:move:track" in legal(state, 0)
    state = play(state, 0, "do:move:track")
    assert p(state, 0)["track"] == ["bC", "bSi", "bSi", "bC", "bTi"] and p(state, 0)["inside"] == "bC"
    assert state["stack"][-1]["left"] == 2


def test_pickup_only_when_revealing():
    # SB-P3-ACT-03 (1), SB-P3-ACT-11, SB-MOVE-08 (1)
    state = new(2, first_game_layout=True)
    p(state, 0).update(mini="EPM_C", square=None)
    p(state, 1).update(mini="CORE")
    state["g"]["vaults"]["EPM_C"]["res"] = {"C": 2}
    state = turn_with(state, {0: ["MV01", "MV02"]})
    state = play(state, 0, "back")
    assert state["g"]["vaults"]["EPM_C"]["res"] == {"C": 2}
    state = play(state, 0, "reveal")
    assert step_name(state) == "place" and state["g"]["vaults"]["EPM_C"]["res"] == {}
    state = play(state, 0, "leave:C")
    assert state["g"]["vaults"]["EPM_C"]["res"] == {"C": 1}  # SB-BASIC-06: what is not taken stays
    state = play(state, 0, "put:C:2")
    assert holdings(p(state, 0))["C"] == 2 and step_name(state) == "subaction"


def test_core_extraction_and_flip():
    # SB-MINE-04, SB-MINE-05, AMB-10
    state = new(2)
    g = ctx(state)
    state["g"]["pressure"] = 4
    state["g"]["core"].update(side="A", lava=2)
    p(state, 0).update(mini="CORE", square=None, tanks={"1": {}, "2": {}, "3": {}, "4": {}}, ds={})
    assert extract_yield(g, 0) == {"Lv": 2}
    extract(g, 0, "1")
    assert state["g"]["core"]["side"] == "B" and state["g"]["core"]["lava"] == 0
    assert extract_yield(g, 0) == {"Ex": 1}  # side B extracting space at pressure 4


def test_tunnel_extraction_queue_and_rewards():
    # SB-MINE-06, SB-MINE-07, SB-MINE-08, SB-P2-PROG-09
    state = new(3)
    g = ctx(state)
    p(state, 0).update(mini="MT", square=None, stress=5, tanks={"1": {}, "2": {}, "3": {}, "4": {}}, ds={})
    for _ in range(3):
        extract(g, 0, "1")
    assert holdings(p(state, 0)) == {"Ti": 1, "C": 1, "Bm": 1}
    assert p(state, 0)["stress"] == 3 and "PL_MT" not in state["g"]["padlocks"]
    assert state["g"]["tunnels"]["MT"]["side"] == "B"
    state["g"]["pressure"] = 2
    assert extract_yield(g, 0) == {"Ti": 2}
    p(state, 1).update(mini="ST", square=None)
    hand = len(state["g"]["hands"]["1"])
    for _ in range(3):
        extract(g, 1, "2")
    assert len(state["g"]["hands"]["1"]) == hand + 2 and "PL_ST" not in state["g"]["padlocks"]


def test_no_extraction_with_cylindroids():
    # SB-MINE-03, AMB-20
    from engines.stress_botics.extract import extract_yield
    state = new(2, first_game_layout=True)
    p(state, 0).update(mini="EPM_C", square=None)
    state["g"]["vaults"]["EPM_C"]["cylindroids"] = [{"type": "MIN"}]
    assert extract_yield(ctx(state), 0) is None


def test_shields_and_batteries_vaults():
    # SB-CONNECT-01, SB-CONNECT-02, SB-CONNECT-03, SB-CONNECT-04
    state = new(2, first_game_layout=True)
    state["g"]["pressure"] = 2
    shields = next(n for n, v in state["g"]["vaults"].items() if v["tile"] == "06")
    batts = next(n for n, v in state["g"]["vaults"].items() if v["tile"] == "09")
    p(state, 0).update(mini=shields, square=None, shields=5)
    p(state, 1).update(mini=batts, square=None, tanks={"1": {"C": 1}, "2": {"Si": 2}, "3": {}, "4": {}})
    state = turn_with(state, {0: ["CN10"], 1: ["CN05"]})
    state = play(state, 0, "reveal")
    state = play(state, 0, "do:produce:free")
    assert p(state, 0)["shields"] == 9  # side A at pressure 2: +2, twice
    state = play(state, 0, "discard")
    state = play(state, 1, "reveal")
    state = play(state, 1, "do:produce:none")
    assert step_name(state) == "buy" and sorted(legal(state, 1)) == ["buy:bC", "buy:bSi", "done"]
    state = play(state, 1, "buy:bSi")  # at pressure 2: up to 1 battery for 1 matching resource
    assert p(state, 1)["track"][-1] == "bSi" and legal(state, 1) == ["done"]
    state = play(state, 1, "done")
    assert step_name(state) == "keep"


def test_auto_placer_never_liquefies():
    # SB-BASIC-07, SB-BASIC-08, SB-BASIC-09, SB-BASIC-10, spec 6.5
    state = new(2)
    g = ctx(state)
    b = p(state, 0)
    b.update(tanks={"1": {"Lv": 2}, "2": {}, "3": {"Lv": 1}, "4": {}}, ds={"Gas": 6})
    kept = gain(g, b, {"C": 2, "Lv": 1, "Gas": 3})
    assert kept == {"C": 2, "Lv": 1, "Gas": 1}  # the DS tank holds 7 on the 2-3p side
    assert b["tanks"]["2"] == {"C": 2} and b["tanks"]["4"] == {"Lv": 1}


def test_final_score_and_tie_breaks():
    # SB-SCORE-01, SB-SCORE-02, SB-SCORE-06, SB-SCORE-07, SB-SCORE-08, SB-SHIELD-09
    state = new(3, first_game_layout=True)
    g = ctx(state)
    p(state, 0).update(shields=3, stress=28, cargo={"A": None, "B": {"ship": "scout", "demand": "D-S1",
                                                                   "load": {"C": 4, "Bm": 3}}, "C": None})
    state["g"]["secondary"]["0"] = "SO07"  # stress <= 20 (7) / 2 AlphaBot Items (6): neither met
    assert scoring.breakdown(g, 0) == {"main": 11, "secondary": 0, "shields": 1, "vp": 12, "stress": 28,
                                       "final": -16}
    p(state, 1).update(shields=11, stress=21, markers=3)
    p(state, 2).update(shields=11, stress=21, markers=2)
    state["g"]["secondary"].update({"1": "SO07", "2": "SO07"})
    scoring.finish(g)
    result = ENGINE.outcome(state)
    # fewer markers left; AlphaBot and the Cylindroids are placed last (rules version 2 actors)
    assert result["placings"] == [["2"], ["1"], ["0"], ["alphabot", "cylindroids"]] and result["winners"] == [2]
    state = new(2)
    p(state, 0).update(shields=10, stress=3, markers=3)
    p(state, 1).update(shields=10, stress=3, markers=3)
    state["g"]["secondary"].update({"0": "SO07", "1": "SO07"})
    scoring.finish(ctx(state))
    assert ENGINE.outcome(state)["winners"] == [0, 1]  # still tied: shared


def test_core_b_spaces_and_produce_in_the_core():
    # SB-MOVE-18, SB-CONNECT-07, SB-MINE-05, SB-BASIC-16
    state = new(2, first_game_layout=True)
    state["g"]["core"].update(side="B", dial=0, lava=0)
    state["g"]["pressure"] = 1
    p(state, 0).update(mini="MV1", square=None)
    p(state, 1).update(mini="CORE", square="PRODUCING")
    reach = destinations(ctx(state), 0, 2)
    assert ("CORE", "EXTRACTING") in reach and ("CORE", "PRODUCING") not in reach  # 1 producing space
    p(state, 0).update(mini="CORE", square="EXTRACTING", tanks={"1": {}, "2": {}, "3": {}, "4": {}}, ds={})
    assert extract_yield(ctx(state), 0) == {"Bm": 1, "C": 1} and extract_yield(ctx(state), 1) is None
    state = turn_with(state, {1: ["CN10"]})
    state = play(state, 1, "reveal")
    assert "do:core:free" in legal(state, 1) and "do:core:none" in legal(state, 1)
    state = play(state, 1, "do:core:free")
    assert step_name(state) == "core_produce"
    state = play(state, 1, "shift:1:CW")
    assert state["g"]["pressure"] == 2 and state["g"]["core"]["dial"] == 1
    assert not [a for a in legal(state, 1) if a.startswith("shift")]  # both options, never the same twice
    state = placed(play(state, 1, "tile:4"), 1)
    assert step_name(state) == "keep" and holdings(p(state, 1)).get("Ti", 0) >= 1


def test_extract_in_the_hatch():
    # SB-MINE-09
    state = new(2)
    state["g"]["alphabot"].update(mv=1, square="ENTRY")
    state["g"]["hatch"].update(token="H02", closed=False)
    p(state, 0).update(mini="MV1", square="HATCH")
    p(state, 1).update(mini="MV1", square="A1")
    g = ctx(state)
    assert extract_yield(g, 0) == {"Ti": 2} and extract_yield(g, 1) == {"Ti": 1}
    p(state, 1)["square"] = "CORNER_A"
    assert extract_yield(g, 1) is None
    state["g"]["hatch"]["closed"] = True
    assert extract_yield(g, 0) is None


def test_secondary_objectives_with_leftover_markers():
    # SB-SCORE-03, SB-EX-18 (red: SO01 a+b with 2 markers = 6 + 6 + 2)
    state = new(3, first_game_layout=True)
    g = ctx(state)
    red = p(state, 2)
    state["g"]["secondary"]["2"] = "SO01"
    red.update(shields=11, markers=2, cargo={"A": {"ship": "probe", "demand": "D-P3",
                                                   "load": {"Acid": 4, "Gas": 3, "Bm": 3}}, "B": None, "C": None})
    assert scoring.breakdown(g, 2)["secondary"] == 14 and scoring.breakdown(g, 2)["main"] == 17
    red["markers"] = 1
    assert scoring.breakdown(g, 2)["secondary"] == 6  # one marker: one objective, no bonus
    red["shields"] = 8
    red["markers"] = 2
    assert scoring.breakdown(g, 2)["secondary"] == 6


def test_vault_kinds_and_supply():
    # SB-BASIC-15, SB-BASIC-05: the vault tiles' kinds; gains never run short of supply
    kinds = {v["id"]: v["kind"] for v in ENGINE.data["vaults"]["vaults"]}
    assert [k for k, v in kinds.items() if v == "extract"] == ["01", "03", "04", "05", "07"]
    assert [k for k, v in kinds.items() if v == "produce"] == ["02", "06", "08", "09"]
    state = new(2)
    b = p(state, 0)
    b.update(tanks={"1": {}, "2": {}, "3": {}, "4": {}}, ds={})
    assert gain(ctx(state), b, {"C": 40}) == {"C": 38}  # 8 + 8 + 10 + 12 squares; the rest stays in supply


def test_common_tank_fills_by_auto_production():
    # SB-BASIC-17, SB-P1-EVENT-08
    state = new(2)
    state["g"]["common_tank"] = {"Ex": 1}
    events.auto_produce(ctx(state), "Ex")
    events.auto_produce(ctx(state), "Lv")
    assert state["g"]["common_tank"] == {"Ex": 1}  # Exomatter at its maximum 1; Lava is not depicted


def test_secondary_tunnel_cards_are_chosen():
    # SB-MINE-07, SB-P2-PROG-09: emptying the Secondary Tunnel draws 2 Action cards of any types
    state = new(3)
    state["g"]["tunnels"]["ST"]["queue"] = ["Ex"]
    p(state, 0).update(mini="ST", square=None)
    state = turn_with(state, {0: ["MN05"]})
    state = play(state, 0, "reveal")
    state = play(state, 0, "do:extract:none")
    assert step_name(state) == "place"
    state = placed(state, 0)
    assert step_name(state) == "choose" and legal(state, 0) == ["pick:MOVE", "pick:MINE", "pick:CONNECT",
                                                               "pick:INTERACT"]
    hand = len(state["g"]["hands"]["0"])
    state = play(state, 0, "pick:MINE")
    state = play(state, 0, "pick:MINE")
    types = [ENGINE.data.cards[c]["type"] for c in state["g"]["hands"]["0"][hand:]]
    assert types == ["MINE", "MINE"] and step_name(state) == "keep"
    assert "PL_ST" not in state["g"]["padlocks"]


def test_produce_in_the_hatch():
    # SB-CONNECT-12: twice on the Hatch, twice more when boosted; beside it once; the Battery token converts
    state = new(2)
    state["g"]["alphabot"].update(mv=1, square="ENTRY")
    state["g"]["hatch"].update(token="H10", closed=False)  # Shields: repair 1
    p(state, 0).update(mini="MV1", square="HATCH", shields=4)
    p(state, 1).update(mini="MV1", square="A1")
    state = turn_with(state, {0: ["CN10"]})
    state = play(state, 0, "reveal")
    assert "do:hatch:free" in legal(state, 0)
    state = play(state, 0, "do:hatch:free")
    assert p(state, 0)["shields"] == 8 and step_name(state) == "keep"
    state = new(2)
    state["g"]["alphabot"].update(mv=1, square="ENTRY")
    state["g"]["hatch"].update(token="H09", closed=False)  # Battery: 1 C/Ti/Si → 1 battery
    p(state, 0).update(mini="MV1", square="B1", tanks={"1": {}, "2": {"C": 1, "Si": 1}, "3": {}, "4": {}})
    state = turn_with(state, {0: ["CN05"]})
    state = play(state, 0, "reveal")
    state = play(state, 0, "do:hatch:none")
    assert step_name(state) == "hatch_battery" and legal(state, 0) == ["convert:C", "convert:Si", "done"]
    state = play(state, 0, "convert:Si")
    assert p(state, 0)["track"][-1] == "bSi" and step_name(state) == "keep"  # once: beside the Hatch
    state["g"]["hatch"]["token"] = "H08"  # the Items token needs AlphaBot's items (part 2)
    state["g"]["programmed"]["0"] = ["CN06"]
    state["stack"] = [{"step": "turn", "seat": 0}]
    assert legal(state, 0) == ["back"]


def test_pickup_can_leave_nothing_to_do():
    # SB-P3-ACT-03 (1), SB-P3-ACT-04, SB-CONNECT-04: the battery picked up fills the track, so the Batteries
    # Vault cannot sell one: the card goes back unperformed and unpaid (a found dead end)
    state = new(2, first_game_layout=True)
    batts = next(n for n, v in state["g"]["vaults"].items() if v["tile"] == "09")
    state["g"]["vaults"][batts]["res"] = {"bC": 1}
    p(state, 0).update(mini=batts, square=None, shields=12, track=["bC"] * 7,
                       tanks={"1": {}, "2": {"C": 2}, "3": {}, "4": {}})
    state = turn_with(state, {0: ["CN05"]})
    state = play(state, 0, "reveal")
    assert len(p(state, 0)["track"]) == 8 and legal(state, 0) == ["back"]
    state = play(state, 0, "back")
    assert "CN05" in state["g"]["hands"]["0"] and p(state, 0)["tanks"]["2"] == {"C": 2}


def test_gas_or_acid_from_the_hatch():
    # SB-MINE-09: the toxic-yellow token offers 1 Gas or 1 Acid (+1 of the same on the Hatch)
    state = new(2)
    state["g"]["alphabot"].update(mv=1, square="ENTRY")
    state["g"]["hatch"].update(token="H06", closed=False)
    p(state, 0).update(mini="MV1", square="HATCH", ds={})
    state = turn_with(state, {0: ["MN05"]})
    state = play(state, 0, "reveal")
    assert legal(state, 0) == ["do:extract:none:0", "do:extract:none:1"]
    assert ENGINE.label(state, 0, ENGINE.legal_actions(state, 0)[1]) == "Extract 2 Acid from the Hatch"
    state = placed(play(state, 0, "do:extract:none:1"), 0)
    assert p(state, 0)["ds"] == {"Acid": 2}


def test_attack_another_betabot():
    # SB-MINE-10, SB-MINE-16: must be boosted; +2 stress for the attacker, −1 shield for the target; in the
    # Main Vault only on the same or an adjacent square, never someone on top of AlphaBot
    state = new(3)
    state["g"]["alphabot"].update(mv=1, square="ENTRY")
    state["g"]["hatch"]["closed"] = True  # nothing to extract beside it
    p(state, 0).update(mini="MV1", square="A2", stress=3)
    p(state, 1).update(mini="MV1", square="HATCH")
    p(state, 2).update(mini="MV1", square="TOP")
    state = turn_with(state, {0: ["MN05"], 1: ["MN10"]})
    assert legal(state, 0) == ["back"]  # MN05 has no free boost and there is no bTi to spend
    state = play(state, 0, "back")
    p(state, 0)["square"] = "A2"
    state = play(state, 1, "reveal")
    assert legal(state, 1) == ["do:attack:free:0"]  # seat 2 is on top of AlphaBot; A2 is beside the Hatch
    label = ENGINE.label(state, 1, ENGINE.legal_actions(state, 1)[0])
    assert label == "Attack {seat0}'s BetaBot (boosted: free boost)"
    state = play(state, 1, "do:attack:free:0")
    assert p(state, 1)["stress"] == 2 and p(state, 0)["shields"] == 9 and step_name(state) == "keep"
