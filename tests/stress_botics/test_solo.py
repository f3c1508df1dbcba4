"""Solo against DeltaBot (issue 17, stage 7): setup, the shared hand, DeltaBot's board and tiles, its
explosion, salvage and unlocks, the solo delivery table, scoring and the win line (SB-SOLO-01..22, SB-EX-24,
AMB-14 -31 -48 -51 -52 -57)."""

from __future__ import annotations

import pytest

from engines.core import Action
from engines.core.kit import assert_clean, fuzz
from engines.stress_botics import batteries, delivery, flow, scoring, status, stress
from engines.stress_botics.robots import DELTA

from .engine_helpers import ENGINE, ctx, legal, new, p, play, step_name


def solo(seed: int = 1, **options):
    return new(1, seed, **options)


def test_solo_setup_gives_deltabot_its_board():
    # SB-SOLO-01, SB-SOLO-04, AMB-52: BetaBot as player 1 on the Core, DeltaBot on the Core with bC inside,
    # main tank 1 C 1 Ti 1 Si, shields on MAX (7), track bC bTi, producer Bm+Si, AI tile Competitive, tiles
    # on side 1 and A; the solo tile puts BetaBot first
    state = solo()
    d = p(state, DELTA)
    assert state["g"]["order"] == [0, DELTA]
    assert (d["mini"], d["inside"], d["tanks"]["1"], d["shields"], d["track"]) == (
        "CORE", "bC", {"C": 1, "Ti": 1, "Si": 1}, 7, ["bC", "bTi"])
    assert d["producer"] == [["Bm", "Si"], None] and d["ai"] == "comp" and d["tiles"] == {"tank": "1", "battery": "A"}
    assert p(state, 0)["mini"] == "CORE" and d["stress"] == 0
    assert state["g"]["secondary"]["0"].startswith("SSO") and state["g"]["solo"]["final"].startswith("SFO")
    assert list(state["g"]["hands"]) == ["0"]  # SB-SOLO-07: one shared hand


def test_solo_event_deck_and_action_decks():
    # SB-SOLO-02: the event deck keeps the solo and all-count cards, none marked for 2-4 only;
    # SB-SOLO-03: 7 basic + 1 free-boost card per Action deck, 6 + 1 with solo_hard
    state = solo()
    for card in state["g"]["events"]["deck"]:
        assert 1 in ENGINE.data.events[card]["players"] or ENGINE.data.events[card]["start"]
    assert {"E16", "E17", "E18"} <= set(state["g"]["events"]["deck"])
    for kind, deck in state["g"]["decks"].items():
        cards = [ENGINE.data.cards[c] for c in deck]
        assert (len(cards), sum(c["free_boost"] for c in cards)) == (8, 1), kind
    hard = solo(solo_hard=True)
    assert all(len(deck) == 7 for deck in hard["g"]["decks"].values())


def test_solo_hard_is_for_solo_only():
    from engines.core import OptionError
    with pytest.raises(OptionError, match="solo game"):
        ENGINE.setup(2, 1, {"solo_hard": True})


def test_draw_for_each_bot_into_one_hand_and_program_either():
    # SB-SOLO-07: BetaBot draws, then DeltaBot by its own position; all cards go into the shared hand; then
    # each bot's slots are programmed from it; the solo player answers for both (the steered participant)
    state = solo()
    assert ENGINE.active(state) == [0] and step_name(state) == "draw"
    while step_name(state) == "draw":
        state = play(state, 0, legal(state, 0)[0])
    hand = state["g"]["hands"]["0"]
    assert len(hand) == 4  # 2 cards each (both start on the Core, AlphaBot in MV1's sector)
    assert step_name(state) == "program"
    first = [a for a in legal(state, 0) if a.startswith("slot:")]
    state = play(state, 0, first[0])
    state = play(state, 0, "lock")  # BetaBot locked in: now DeltaBot programs from what is left
    left = [a for a in legal(state, 0) if a.startswith("slot:")]
    assert left and ENGINE.prompt(state, 0).startswith("DeltaBot: Program up to 2 cards")
    state = play(state, 0, left[0])
    state = play(state, 0, "lock")
    assert len(state["g"]["programmed"]["0"]) == 1 and len(state["g"]["programmed"]["1"]) == 1
    assert len(state["g"]["hands"]["0"]) == 2


def test_deltabot_ai_tile_slots_interact_and_movement():
    # SB-SOLO-15, AMB-51: Competitive: +1 MP, slots 1-2, no INTERACT; Cooperative: slot 0 opens
    state = solo()
    g, d = ctx(state), p(state, DELTA)
    assert batteries.slots(g, d) == 2 and batteries.movement_points(g, d) == 2 + 1  # 2 batteries: 2 MP
    d["ai"] = "coop"
    assert batteries.slots(g, d) == 3 and batteries.movement_points(g, d) == 2
    d["track"] = ["bC"]
    assert batteries.movement_points(g, d) == 1  # SB-SOLO-05: 0-1 batteries, 1 MP
    state = solo()
    state["g"]["hands"]["0"] = ["IN01", "MV01"]
    state["g"]["phase"] = "programming"
    state["stack"] = [{"step": "program", "seats": [0, 1], "locked": {"0": True}, "private": {"0": {}, "1": {}}}]
    assert legal(state, 0) == ["slot:MV01", "lock"]  # Competitive DeltaBot: no INTERACT card


def test_deltabot_keeps_from_its_main_tank_for_any_slot():
    # SB-SOLO-08, SB-P3-ACT-10: keep costs for slot 2 come from DeltaBot's main tank
    state = solo()
    p(state, DELTA)["tanks"]["1"] = {"C": 2}
    state["g"].update(phase="actions", last_turn=DELTA)
    state["stack"] = [{"step": "keep", "seat": DELTA, "card": "MV01", "slot": "2"}]
    assert "keep:0" in legal(state, 0)
    assert "from its main tank" in ENGINE.label(state, 0, ENGINE.legal_actions(state, 0)[0])
    state = play(state, 0, "keep:0")
    assert p(state, DELTA)["tanks"]["1"] == {"C": 1} and "MV01" in state["g"]["hands"]["0"]


def at_delivery_base(state, robot, sector="A", ship="probe"):
    node = next(n for n, v in ENGINE.data.nodes.items() if v["kind"] == "delivery_base" and v["sector"] == sector
                and v["base"] == "manual")
    p(state, robot).update(mini=node, square=None)
    state["g"]["ships"][ship]["pos"] = ENGINE.data.ships[ship]["reception"][sector]
    return state


def test_deltabot_delivers_only_with_a_full_track_and_loses_3_shields():
    # SB-SOLO-09, SB-SOLO-05 bonus 5, SB-SOLO-11: BetaBot's Cargo card, DeltaBot's own marker, −3 shields,
    # then the solo table (Probe in sector A: the other bot +3)
    state = at_delivery_base(solo(), DELTA)
    g = ctx(state)
    assert not delivery.possible(g, DELTA)
    p(state, DELTA)["track"] = ["bC", "bTi", "bSi", "bC", "bTi"]
    p(state, DELTA)["tanks"]["1"] = {"C": 2}
    assert delivery.eligible(g, DELTA) == ["probe"]
    state["stack"] = [{"step": "deliver", "seat": DELTA, "auto": False, "ship": None}]
    state = play(state, 0, "ship:probe")
    assert isinstance(p(state, 0)["cargo"]["A"], dict)
    state = play(state, 0, next(a for a in legal(state, 0) if a.startswith("load:")))
    before = p(state, 0)["stress"]
    state = play(state, 0, "done")
    d = p(state, DELTA)
    assert d["markers"] == 0 and d["shields"] == 4 and d["delivered"] == 1
    assert p(state, 0)["stress"] == before + 3 and d["stress"] == 0


def test_either_bot_adds_to_the_others_container():
    # SB-SOLO-10: BetaBot delivers to the Probe from sector A; DeltaBot, at sector A's base with the Probe on
    # its reception space, adds to that container with no Demand or Cargo card, its own marker, within the load
    # limit, and pays its delivery costs; BetaBot may not add to its own container
    state = at_delivery_base(solo(), 0)
    at_delivery_base(state, DELTA)
    p(state, 0)["tanks"]["1"] = {"C": 2}
    p(state, DELTA)["track"] = ["bC", "bTi", "bSi", "bC", "bTi"]
    p(state, DELTA)["tanks"]["1"] = {"C": 3}
    state["stack"] = [{"step": "deliver", "seat": 0, "auto": False, "ship": None}]
    state = play(state, 0, "ship:probe")
    state = play(state, 0, "load:C")
    state = play(state, 0, "done")
    demands = len(state["g"]["ships"]["probe"]["demands"])
    g = ctx(state)
    assert delivery.joinable(g, 0) == [] and delivery.joinable(g, DELTA) == ["A"]
    state["stack"] = [{"step": "deliver", "seat": DELTA, "auto": False, "ship": None}]
    assert "join:A" in legal(state, 0) and "ship:probe" not in legal(state, 0)  # Cargo card A is used
    assert ENGINE.label(state, 0, Action.parse("join:A")).startswith("Add to {seat0}'s container on the Probe")
    state = play(state, 0, "join:A")
    state = play(state, 0, "load:C")
    state = play(state, 0, "done")
    container, d = p(state, 0)["cargo"]["A"], p(state, DELTA)
    assert container["load"] == {"C": 2} and container["by"] == 0
    assert len(state["g"]["ships"]["probe"]["demands"]) == demands  # no second Demand card
    assert d["markers"] == 0 and d["shields"] == 4 and d["delivered"] == 1
    assert {"ship": "probe", "sector": "A"} in d["spots"]
    load = ENGINE.data.objectives[state["g"]["ships"]["probe"]["objective"]]["load"]
    container["load"] = {"C": load}  # full: nothing more may be added
    p(state, DELTA)["markers"] = 1
    assert delivery.joinable(ctx(state), DELTA) == []


def test_solo_post_delivery_table():
    # SB-SOLO-11, spec 4.21: Scout in sector B: both bots +3; Freighter in sector A: the delivering bot +3
    state = solo()
    g = ctx(state)
    delivery.post_delivery_stress(g, 0, "scout", "B")
    assert (p(state, 0)["stress"], p(state, DELTA)["stress"]) == (4, 3)  # DeltaBot lands on 3: BetaBot pushed (AMB-48)
    delivery.post_delivery_stress(g, DELTA, "freighter", "A")
    assert p(state, DELTA)["stress"] == 6


def test_all_players_effects_reach_both_bots_and_markers_push():
    # SB-SOLO-16, AMB-48: "all players" stress hits both bots; markers on one space push each other
    state = solo()
    g = ctx(state)
    stress.everyone(g, 2)
    assert sorted([p(state, 0)["stress"], p(state, DELTA)["stress"]]) == [2, 3]


def test_solo_hand_limit_and_turn_order():
    # SB-SOLO-17, AMB-31: hand limit 6, 4 once BetaBot's stress is 25 or more (not "above 25");
    # the solo tile shows "1" on the bot with more stress, a tie changes nothing
    state = solo()
    g = ctx(state)
    assert status.hand_limit(g, 0) == 6
    p(state, 0)["stress"] = 25
    assert status.hand_limit(g, 0) == 4 and status.hand_limit(g, DELTA) == 4
    p(state, DELTA)["stress"] = 10
    p(state, 0)["stress"] = 5
    status.new_turn_order(g)
    assert state["g"]["order"] == [DELTA, 0]
    p(state, 0)["stress"] = 10
    status.new_turn_order(g)
    assert state["g"]["order"] == [DELTA, 0]


def test_shield_interlace_and_turning_tiles():
    # SB-SOLO-06: shared spaces 2 and 4; SB-SOLO-18: battery tile to B and tank tile to side 2 at "2B" (4),
    # battery tile back at 6, tank tile back at MAX; what no longer fits the small tank goes to the supply
    state = solo()
    g = ctx(state)
    d = p(state, DELTA)
    d.update(shields=5, track=["bC", "bTi", "bSi", "bC", "bSi"])
    d["tanks"]["2"] = {"Bm": 1, "C": 2}
    stress.damage(g, DELTA, 1)
    assert d["shields"] == 4 and d["track"] == ["bC", "bTi", "bSi", "bC"]
    assert d["tiles"] == {"tank": "2", "battery": "B"} and d["tanks"]["2"] == {"C": 2}  # Bm (4 squares) lost
    stress.repair(g, DELTA, 2)
    assert d["tiles"] == {"tank": "2", "battery": "A"}
    stress.repair(g, DELTA, 1)
    assert d["tiles"] == {"tank": "1", "battery": "A"} and d["shields"] == 7


def test_deltabot_explodes_at_15_stress():
    # SB-SOLO-19: stress 15 or more: marker out, BetaBot +10, status destroyed, a wreck where it stood,
    # resources and batteries to the supply, the Delivery Marker stays, AI tile and tiles leave play
    state = solo()
    g = ctx(state)
    stress.change_stress(g, DELTA, 15)
    d = p(state, DELTA)
    assert d["exploded"] and d["status"] == "destroyed" and d["mini"] == "CORE" and d["markers"] == 1
    assert d["track"] == [] and d["inside"] is None and d["tanks"] == {"1": {}} and d["ai"] is None
    assert p(state, 0)["stress"] == 10 and state["g"]["order"] == [0]
    stress.change_stress(g, DELTA, 3)
    assert p(state, 0)["stress"] == 10  # a wreck gains nothing


def test_deltabot_explodes_when_it_must_lose_a_shield_at_zero():
    # SB-SOLO-19: on the lowest space and must lose a shield
    state = solo()
    g = ctx(state)
    p(state, DELTA).update(shields=1, track=[])
    stress.damage(g, DELTA, 1)
    assert not p(state, DELTA)["exploded"] and p(state, DELTA)["shields"] == 0
    stress.damage(g, DELTA, 1)
    assert p(state, DELTA)["exploded"]


def salvage_turn(state, alt):
    state["g"].update(phase="actions", last_turn=0)
    state["stack"] = [{"step": "subaction", "seat": 0, "card": "CN01", "slot": "1"}]
    return play(state, 0, alt)


def test_ex24_salvaging_deltabot():
    # SB-EX-24, SB-SOLO-20/21: DeltaBot exploded in vault 01 with its marker on its Status tile; BetaBot
    # with 1 C 1 Ti 1 Si 1 Bm and 3 track batteries (bSi inside) salvages with a boosted CONNECT, then
    # unlocks part 1 (1 Si 1 Ti 1 C) and part 3 (1 Bm + 2 track batteries)
    state = solo()
    g = ctx(state)
    node = next(n for n, v in state["g"]["vaults"].items() if v["tile"] == "01")
    p(state, DELTA)["mini"] = node
    stress.change_stress(g, DELTA, 15)
    p(state, 0).update(mini=node, square=None, stress=0, track=["bC", "bTi", "bSi"], inside="bSi",
                       tanks={"1": {"C": 1, "Ti": 1}, "2": {"Si": 1}, "3": {"Bm": 1}, "4": {}})
    state["g"].update(phase="actions", last_turn=0)
    state["stack"] = [{"step": "subaction", "seat": 0, "card": "CN01", "slot": "1"}]
    options = legal(state, 0)
    assert "do:salvage:inside" in options and "do:salvage:none" not in options  # SB-P3-ACT-08: must boost
    state = play(state, 0, "do:salvage:inside")
    d = p(state, DELTA)
    assert d["salvaged"] and d["markers"] == 1  # the wreck is gone, the marker on DeltaBot's board
    state = salvage_turn(state, "do:unlock:none:P1")
    assert "0" in p(state, 0)["tanks"] and batteries.slots(ctx(state), p(state, 0)) == 3  # main tank, slot 0
    state = salvage_turn(state, "do:unlock:none:P3:bC:bTi")
    assert p(state, 0)["delta_producer"] == [None, None] and p(state, 0)["track"] == ["bSi"]
    assert p(state, DELTA)["unlocked"] == ["P1", "P3"]
    me = p(state, 0)
    assert "X5" not in me.get("ext", {}) and me["markers"] == 3  # extension ✗, Delivery Marker ✗


def test_unlocking_deltabots_extension_and_delivery_marker():
    # SB-SOLO-21 parts 2 and 4: 1 Acid 1 Gas 1 basic resource 1 battery give your BetaBot a fifth extension
    # (with whatever DeltaBot had equipped there); 2 Exomatter and +2 stress give you its Delivery Marker;
    # each part unlocks once; SB-SOLO-20: nothing to unlock before the wreck is salvaged
    state = solo()
    g = ctx(state)
    stress.change_stress(g, DELTA, 15)
    p(state, 0).update(stress=0, track=["bC", "bTi", "bSi"], inside="bSi", ds={"Acid": 1, "Gas": 1},
                       tanks={"1": {"C": 1}, "2": {"Ex": 2}, "3": {}, "4": {}})
    state["g"].update(phase="actions", last_turn=0)
    state["stack"] = [{"step": "subaction", "seat": 0, "card": "CN01", "slot": "1"}]
    assert not any(a.startswith("do:unlock") for a in legal(state, 0))
    p(state, DELTA)["salvaged"] = True
    state = salvage_turn(state, "do:unlock:none:P2:C:bC")
    me = p(state, 0)
    assert me["ext"]["X5"] == [] and me["ds"] == {} and me["tanks"]["1"] == {} and me["track"] == ["bTi", "bSi"]
    before, markers = me["stress"], me["markers"]
    state = salvage_turn(state, "do:unlock:none:P4")
    me = p(state, 0)
    assert me["markers"] == markers + 1 and me["stress"] == before + 2 and p(state, DELTA)["markers"] == 0
    assert p(state, DELTA)["unlocked"] == ["P2", "P4"]
    state["g"].update(phase="actions", last_turn=0)
    state["stack"] = [{"step": "subaction", "seat": 0, "card": "CN01", "slot": "1"}]
    assert not any(a.startswith(("do:unlock:none:P2", "do:unlock:none:P4")) for a in legal(state, 0))


def test_deltabot_tank_and_free_moves_in_maintenance():
    # SB-SOLO-12: DeltaBot moves resources freely between its main and additional tanks;
    # spec 4.22: Gas and Acid fill its main tank at 1 square each
    state = solo()
    state["stack"] = [{"step": "maintain", "seats": [DELTA], "locked": {}, "private": {"1": {"stage": "resources"}}}]
    p(state, DELTA)["tanks"] = {"1": {"Gas": 1}, "2": {"C": 1}}
    options = legal(state, 0)
    assert "move:C:2:1" in options and "move:Gas:1:2" not in options


def maintaining_together(state, stage="batteries"):
    p(state, DELTA).update(mini=p(state, 0)["mini"], square=p(state, 0).get("square"))
    state["stack"] = [{"step": "maintain", "seats": [0, DELTA], "locked": {},
                       "private": {"0": {"stage": stage}, "1": {"stage": stage}}}]
    return state


def test_bots_at_one_location_share_batteries_and_resources_in_maintenance():
    # SB-SOLO-12: a replicated battery that does not fit goes to the other bot at the same location; there
    # they exchange batteries and resources freely; apart, they cannot
    state = maintaining_together(solo())
    me, d = p(state, 0), p(state, DELTA)
    me.update(track=["bC"] * 8, producer=[["Bm", "Ti"], None])
    d["track"] = ["bC", "bTi"]
    assert "replicate:1" in legal(state, 0) and "give:1" in legal(state, 0)
    assert "onto DeltaBot's track" in ENGINE.label(state, 0, Action.parse("replicate:1"))
    state = play(state, 0, "replicate:1")
    assert p(state, 0)["track"] == ["bC"] * 8 and p(state, DELTA)["track"] == ["bC", "bTi", "bTi"]
    state = play(state, 0, "give:2")
    assert len(p(state, 0)["track"]) == 7 and p(state, DELTA)["track"][-1] == "bC"
    state = play(state, 0, "next")
    p(state, 0)["tanks"]["1"] = {"C": 1}
    assert "hand:C:1:2" in legal(state, 0)
    words = ENGINE.label(state, 0, Action.parse("hand:C:1:2"))
    assert words == "Pass 1 Carbon from tank 1 to DeltaBot's additional tank"
    state = play(state, 0, "hand:C:1:2")
    assert p(state, 0)["tanks"]["1"] == {} and p(state, DELTA)["tanks"]["2"].get("C") == 1
    apart = maintaining_together(solo())
    p(apart, DELTA)["mini"] = next(n for n in ENGINE.data.nodes if n != p(apart, 0)["mini"])
    p(apart, 0).update(track=["bC"] * 8, producer=[["Bm", "Ti"], None])
    assert not any(a.startswith(("give:", "replicate:")) for a in legal(apart, 0))


def test_producer_recipes_follow_the_ai_tile_and_bm_bm_repairs():
    # SB-SOLO-13: Competitive Bm+C/Ti/Si or Bm+Bm (repairs 1 shield when combined); Cooperative Bm+Ex
    state = solo()
    d = p(state, DELTA)
    d.update(shields=5, producer=[["Bm", "Bm"], None])
    d["tanks"] = {"1": {"Bm": 2, "Ex": 1}, "2": {}}
    state["stack"] = [{"step": "maintain", "seats": [DELTA], "locked": {}, "private": {"1": {}}}]
    state = play(state, 0, "replicate:1")
    assert p(state, DELTA)["shields"] == 6 and p(state, DELTA)["producer"] == [None, None]
    state["stack"][-1]["private"]["1"]["stage"] = "combine"
    assert "prepare:1:Bm:1" in legal(state, 0) and "prepare:1:Ex:1" not in legal(state, 0)
    p(state, DELTA)["ai"] = "coop"
    assert "prepare:1:Ex:1" in legal(state, 0) and "prepare:1:Bm:1" not in legal(state, 0)


def test_ai_tile_turns_at_the_end_of_betabots_ai_step():
    # SB-SOLO-14: never at any other time
    state = solo()
    g = ctx(state)
    p(state, 0)["ai"] = "coop"
    assert p(state, DELTA)["ai"] == "comp"
    flow.sync_ai_tile(g)
    assert p(state, DELTA)["ai"] == "coop"


def test_solo_final_score_and_the_win_line():
    # SB-SOLO-22, AMB-57: BetaBot's score ± the Solo Final Objective, − DeltaBot's stress unless it exploded;
    # a win at solo_win_threshold (default 1) or more
    state = solo()
    g = ctx(state)
    state["g"]["solo"]["final"] = "SFO5"  # DeltaBot never exploded: +8
    p(state, DELTA)["stress"] = 5
    p(state, 0)["stress"] = 0
    b = scoring.breakdown(g, 0)
    assert b["solo_final"] == 8 and b["deltabot_stress"] == 5
    assert b["final"] == b["vp"] + 8 - 5
    scoring.finish(g)
    result = ENGINE.outcome(state)
    assert result["winners"] == ([0] if b["final"] >= 1 else [])
    harder = solo(solo_win_threshold=99)
    scoring.finish(ctx(harder))
    assert ENGINE.outcome(harder)["winners"] == []
    assert ENGINE.outcome(harder)["placings"][-1] == ["0"]


def test_deltabot_is_named_in_texts_and_seen_by_the_player():
    # the steered participant: texts name DeltaBot; the solo player's view has its programmed cards
    state = solo()
    state["g"]["programmed"]["1"] = ["MV01"]
    view = ENGINE.view(state, 0)
    assert view["table"]["players"]["1"]["name"] == "DeltaBot"
    assert view["table"]["private"]["deltabot_programmed"]
    spectator = ENGINE.view(state, None)
    assert "private" not in spectator["table"]
    assert ENGINE.participant_name(state, DELTA) == "DeltaBot"


def test_prompts_for_deltabot_say_so_and_its_boosts_name_it():
    # the solo player reads which bot a decision is for; a boost from the battery inside names DeltaBot
    state = solo()
    state["g"].update(phase="actions", last_turn=DELTA)
    p(state, DELTA)["inside"] = "bC"
    state["stack"] = [{"step": "subaction", "seat": DELTA, "card": "MV01", "slot": "1"}]
    assert ENGINE.prompt(state, 0).startswith("DeltaBot: ")
    inside = [a for a in legal(state, 0) if ":inside" in a]
    assert inside and all("the battery inside DeltaBot" in ENGINE.label(state, 0, Action.parse(a)) for a in inside)
    state["stack"] = [{"step": "subaction", "seat": 0, "card": "MV01", "slot": "1"}]
    p(state, 0)["inside"] = "bC"
    assert not ENGINE.prompt(state, 0).startswith("DeltaBot")
    assert any("inside your BetaBot" in ENGINE.label(state, 0, Action.parse(a)) for a in legal(state, 0))


@pytest.mark.parametrize("bots, options", [(False, {}), (False, {"solo_hard": True, "threats": False}),
                                           (True, {})])
def test_fuzz_solo(bots, options):
    # the contract kit on whole solo games: no crash, no dead end, replay exact, no leak, undo never crosses
    # a reveal (SB-SOLO-*)
    reports = fuzz(ENGINE, [1], 2, seed=5, options=options, bots=bots)
    assert_clean(reports)
    assert all(r.completed for r in reports)
