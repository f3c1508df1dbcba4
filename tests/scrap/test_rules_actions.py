"""Turn structure and Action rules on hand-set tables (SC-RUN, SC-CALL, SC-LOAD, SC-TURN, SC-ACTGEN, SC-ACT-*,
SC-TERM, SC-END-06)."""

from __future__ import annotations

from engines.core import Game, act
from engines.scrap import board, phases
from engines.scrap.flow import start_run
from engines.scrap.map_actions import weapon_energy

from .battles import area, data, do, labels, options, pick, put, run_effect, ship, table, who
from .helpers import ENGINE

CER, TAC, KIR = 0, 1, 2


def verbs(state, seat=CER):
    return [(a.verb, *a.args) for a in ENGINE.legal_actions(state, seat)]


def running(state, seat=CER):
    state["g"]["turn"].update(seat=seat, first=False)
    start_run(Game(ENGINE, state, seat), seat)
    return state


def test_empty_queue_later_turn_may_run_a_raid_and_the_rightmost_queued_is_active():
    # SC-RUN-04 (a Raid is allowed after the first turn), SC-TERM-09 (the rightmost queued Function is Active)
    state = table()
    state["g"]["players"]["0"].update(queue=[], hand=[1, 3])
    state = running(state)
    assert ("play", 3) in verbs(state)  # #3 Analytic Raid
    state = table()
    state["g"]["players"]["0"].update(queue=[5, 6], hand=[])
    state = running(state)
    assert state["g"]["players"]["0"]["active"] == 6 and state["g"]["players"]["0"]["queue"] == [5]


def test_no_function_anywhere_skips_to_the_call_phase():
    # SC-RUN-05 (nothing to run: straight to the Call Phase), SC-RUN-11 (the Run Phase ends when resolved)
    state = table()
    state["g"]["players"]["0"].update(queue=[], hand=[], discard=[])
    state = running(state)
    assert state["stack"][-1]["step"] == "call_domain" and state["g"]["turn"]["phase"] == "call"


def test_power_up_only_once_per_run_step():
    # SC-RUN-12, SC-ACT-CELESTIUM-04: paying once ends the Power-Up prompt; the Celestium returns to the supply
    state = table()
    p = state["g"]["players"]["0"]
    p.update(active=1, celestium=[True, True, False], energy=0)
    before = state["g"]["supply"]["celestium"]
    state = do(state, CER, "celestium", 0)
    assert state["stack"][-1]["step"] != "power_up"
    assert state["g"]["supply"]["celestium"] == before + 1 and not state["g"]["players"]["0"]["celestium"][0]


def test_knowledge_stops_at_space_10_and_progress_triggers_no_subroutine():
    # SC-CALL-11 (space 10 is the last), SC-ACT-PROGRESS-02 (no Subroutine), SC-ACT-PROGRESS-03 (the Mode
    # Marker's Domain may be chosen)
    state = table()
    p = state["g"]["players"]["0"]
    p["mode"] = "C"
    p["knowledge"].update(C=9, I=10)
    state = run_effect(state, CER, "node", node={"op": "progress", "v": 2})
    assert "C" in options(state) and "I" not in options(state)  # I is full; C holds the Mode Marker
    state = pick(state, "C")
    assert state["g"]["players"]["0"]["knowledge"]["C"] == 10
    assert sorted(options(state)) == ["E", "T"]  # the second step: C and I are full now
    assert state["stack"][-1]["step"] != "subroutine"
    g = Game(ENGINE, state, CER)
    from engines.scrap.support import advance
    advance(g, CER, "C")
    assert state["g"]["players"]["0"]["knowledge"]["C"] == 10


def test_reset_moves_the_marker_to_the_centre_and_opens_every_domain():
    # SC-ACT-RESET-01, SC-ACT-RESET-02 (Value 1 everywhere in the data)
    state = table()
    state["g"]["players"]["0"]["mode"] = "C"
    state = run_effect(state, CER, "node", node={"op": "reset"})
    assert state["g"]["players"]["0"]["mode"] == ENGINE.data.centre
    assert sorted(a.args[0] for a in ENGINE.legal_actions(state, CER) if a.verb == "domain") == ["C", "E", "I", "T"]
    from .files import load
    assert "v" not in load("ops")["atoms"]["reset"]["required"]  # RESET takes no Value: always 1


def test_data_has_no_upper_limit():
    # SC-ACT-DATA-01 (advance the dial N), SC-END-06 (past 50)
    state = table()
    state["g"]["players"]["0"]["data"] = 49
    state = run_effect(state, CER, "node", node={"op": "data", "v": 4})
    assert data(state, CER) == 53


def test_an_energy_cost_that_cannot_be_paid_skips_the_actions_after_it():
    # SC-ACT-ENERGY-02, SC-ACTGEN-04, SC-ACTGEN-07 (the Cost reads as a payment of Energy)
    state = table()
    state["g"]["players"]["0"].update(energy=1, data=0)
    state = run_effect(state, CER, "node", node={"cost": {"op": "pay_e", "v": 2}, "then": {"op": "data", "v": 5}})
    assert data(state, CER) == 0 and state["g"]["players"]["0"]["energy"] == 1
    state = table()
    state["g"]["players"]["0"].update(energy=3, data=0)
    state = run_effect(state, CER, "node", node={"cost": {"op": "pay_e", "v": 2}, "then": {"op": "data", "v": 5}})
    assert labels(state) == ["Pay 2 Energy: Data 5", "Decline the Cost"]
    state = pick(state, "pay")
    assert data(state, CER) == 5 and state["g"]["players"]["0"]["energy"] == 1


def test_scavenge_names_a_value_up_to_the_energy():
    # SC-CORE-06: a ? beyond your Energy cannot be paid (so it is not offered; ? = 0 still Searches 1)
    state = table()
    state["g"]["players"]["0"].update(energy=3)
    state = run_effect(state, CER, "node", node={"cost": {"op": "pay_e", "v": "?"},
                                                 "then": {"op": "search", "v": {"add": ["?", 1]}}})
    assert options(state) == [0, 1, 2, 3]


def test_spark_expend_for_celestium_is_optional():
    # SC-EX-17, SC-ACT-EXPEND-03 (discard 1 card from hand: 1 Celestium), SC-CORE-07 (the Expend may be declined)
    spark = {"cost": {"op": "expend", "n": 1}, "then": {"op": "celestium", "v": 1}}
    state = table()
    state["g"]["players"]["0"].update(hand=[2, 5], celestium=[False, False, False])
    state = run_effect(state, CER, "node", node=spark)
    assert options(state) == ["decline", 2, 5]
    declined = pick(state, "decline")
    assert declined["g"]["players"]["0"]["hand"] == [2, 5] and not any(declined["g"]["players"]["0"]["celestium"])
    state = pick(state, 5)
    p = state["g"]["players"]["0"]
    assert p["hand"] == [2] and 5 in p["discard"]
    state = pick(state, 0)  # the Celestium into slot 1
    assert state["g"]["players"]["0"]["celestium"][0]


def test_full_celestium_slots_replace_or_decline():
    # SC-ACT-CELESTIUM-02: make room by discarding an old token, or the new one is not taken
    state = table()
    state["g"]["players"]["0"]["celestium"] = [True, True, True]
    supply = state["g"]["supply"]["celestium"]
    state = run_effect(state, CER, "node", node={"op": "celestium", "v": 1})
    assert all("replacing its Celestium" in lab for lab in labels(state)[:3]) and options(state)[-1] == "decline"
    after = pick(state, "decline")
    assert after["g"]["supply"]["celestium"] == supply
    after = pick(state, 1)
    assert after["g"]["supply"]["celestium"] == supply and after["g"]["players"]["0"]["celestium"] == [True] * 3


def test_energisers_may_be_refreshed():
    # SC-ACT-REFRESH-04
    state = table()
    state["g"]["players"]["0"].update(discard=["EN-C1", 4], hand=[])
    state = run_effect(state, CER, "node", node={"op": "refresh", "v": 1})
    assert "dEN-C1" in options(state)
    state = pick(state, "dEN-C1")
    assert "EN-C1" in state["g"]["players"]["0"]["hand"]


def test_weapons_count_as_energy_for_create_and_strength_in_battle():
    # SC-ACT-WEAPONS-03, SC-ACT-WEAPONS-05 (Battle and Create: a held Weapon pays a Deploy)
    state = table()
    g = Game(ENGINE, state, CER)
    state["g"]["players"]["0"]["weapons"] = ["B", "A"]
    assert weapon_energy(g, CER) == 3
    assert ENGINE.data.rules["weapon_strength"] == {"B": 1, "A": 2}
    ship(state, CER, "L07")
    state["g"]["players"]["0"].update(energy=0, weapons=["A"])
    state = run_effect(state, CER, "node", node={"op": "create", "v": 2})
    assert any(str(t).startswith("s2") for t in options(state))  # an Axon (cost 2) paid by the Advanced Weapon


def test_weapon_supply_runs_out():
    # SC-ACT-WEAPONS-04: no tokens left: the gain fails
    state = table()
    state["g"]["supply"]["weapons"] = 0
    state["g"]["players"]["0"]["weapons"] = []
    state = run_effect(state, CER, "node", node={"op": "weapon", "kind": "B", "v": 1})
    assert state["g"]["players"]["0"]["weapons"] == []


def test_celestium_supply_runs_out():
    # SC-ACT-CELESTIUM-05
    state = table()
    state["g"]["supply"]["celestium"] = 0
    state["g"]["players"]["0"]["celestium"] = [False, False, False]
    state = run_effect(state, CER, "node", node={"op": "celestium", "v": 1})
    assert not any(state["g"]["players"]["0"]["celestium"]) and state["stack"][-1]["step"] == "call_domain"


def test_up_to_actions_may_stop_at_zero_and_fly_must_move():
    # SC-ACTGEN-08 (Create, Mobilise may choose zero; Fly must move if it can), SC-ACT-MOBILISE-06 (a budget,
    # one small choice per Move, ended by the player), SC-ACTGEN-01 (the Value is the budget)
    state = table()
    ship(state, CER, "L07")
    state["g"]["players"]["0"]["energy"] = 9
    state = run_effect(state, CER, "node", node={"op": "create", "v": 5})
    assert options(state)[0] == "done" and state["stack"][-1]["op"]["left"] == 5
    state = table()
    put(state, CER, 1, "R1", 2)
    state = run_effect(state, CER, "node", node={"op": "mobilise", "v": 2})
    assert options(state)[0] == "done" and all(str(t).startswith("m1-") for t in options(state)[1:])
    r1 = area(state, "R1")
    state = pick(state, options(state)[1])
    assert state["stack"][-1]["op"]["left"] == 1 and options(state)[0] == "done"
    assert all(t == "done" or t.startswith(f"m1-{r1}-") for t in options(state))
    state = table()
    ship(state, CER, "L07")
    state = run_effect(state, CER, "node", node={"op": "fly", "v": 1})
    assert "done" not in options(state) and options(state)


def test_a_stunned_bot_cannot_crush():
    # SC-ACT-DISABLE-02
    state = table()
    put(state, CER, 2, "R2", stunned=True)
    put(state, KIR, 1, "R2")
    state = run_effect(state, CER, "node", node={"op": "crush", "k": 0})
    assert state["stack"][-1]["step"] == "call_domain"  # no Active Bot: nothing to choose


def test_obstacles_ruins_and_ships_in_links():
    # SC-TERM-04 (only the topmost piece matters), SC-TERM-06 (visible Ruins block everyone; a Ship may land on
    # them), SC-TERM-07 (a Link joins exactly two Areas)
    state = table()
    g = Game(ENGINE, state, CER)
    links = state["g"]["links"]
    ruined = next(lk for lk, stack in links.items() if stack == ["ruins"])
    assert not board.passable(g, ruined, CER) and not board.passable(g, ruined, KIR)
    links[ruined].append("ship:0")
    assert board.passable(g, ruined, CER) and not board.passable(g, ruined, KIR)  # the top piece decides
    assert all(len(set(board.link_areas(g, lk))) == 2 for lk in links)
    assert len(set(board.ship_areas(g, CER))) == 2


def test_control_belongs_to_the_owner_of_the_bots():
    # SC-TERM-05
    state = table()
    put(state, KIR, 1, "R2")
    assert board.controller(Game(ENGINE, state, CER), area(state, "R2")) == KIR


def test_manoeuvre_search_needs_control_of_the_area():
    # SC-CORE-03, SC-ACT-SEARCH-05: the one-Area Search still needs Control
    state = table()
    put(state, CER, 1, "R2")
    put(state, KIR, 2, "R2")
    state = run_effect(state, CER, "node", node={"action": {"areas": "one_area"}, "do": {"op": "search", "v": 1}})
    assert state["stack"][-1]["step"] == "call_domain"  # nothing to Search: R2 is Kirurgeon's
    state = table()
    put(state, CER, 2, "R2")
    state = run_effect(state, CER, "node", node={"action": {"areas": "one_area"}, "do": {"op": "search", "v": 1}})
    assert any(str(t).startswith(area(state, "R2") + ".") for t in options(state))


def test_a_reward_create_deploys_at_the_ship():
    # SC-ACT-CREATE-03, SC-REWARD-04: Bots from a Reward's Create come in beside the Ship, not in the Reward's Area
    state = table()
    ship(state, CER, "L07")
    state["g"]["players"]["0"]["energy"] = 9
    state = run_effect(state, CER, "node", node={"op": "create", "v": 2})
    g = Game(ENGINE, state, CER)
    ends = set(board.ship_areas(g, CER))
    picks = [t for t in options(state) if t != "done"]
    state = pick(state, picks[0])
    placed = {b["at"] for b in state["g"]["bots"].values() if b["owner"] == CER and board.in_play(b)}
    assert placed and placed <= ends


def test_a_battle_where_you_have_no_bots_ends_without_a_winner():
    # SC-ACT-BATTLE-02 (make sure you have Bots there or nearby), SC-CORE-04
    from .battles import start
    state = table()
    put(state, KIR, 1, "R3")
    for s in (CER, TAC, KIR):
        state["g"]["players"][str(s)]["energy"] = 0
    state = start(state, CER, "R2")
    while who(state) != CER:
        state = pick(state, "pass")
    state = pick(state, "pass")
    assert state["g"].get("battle") is None or state["g"]["battle"]["winner"] is None


def test_turns_go_round_in_order_one_per_player():
    # SC-TURN-02, SC-LOAD-06 (after the Load Phase the end check, then the next player), SC-LOAD-07 (nobody
    # else acts while the Current Player loads)
    state = table()
    g = Game(ENGINE, state, CER)
    order, rnd = state["g"]["order"], state["g"]["round"]
    seat = order[-1]
    state["g"]["turn"]["seat"] = seat
    phases.next_turn(g, seat)
    assert state["g"]["turn"]["seat"] == order[0] and state["g"]["round"] == rnd + 1
    assert ENGINE.active(state) == [order[0]]


def test_only_functions_go_into_the_queue_and_it_is_hidden():
    # SC-LOAD-04 (never an Energiser), SC-LOAD-05 (face-down to others), SC-ACT-FRAGMENT-03 (others see how many
    # Fragments, not which)
    state = table()
    p = state["g"]["players"]["0"]
    p.update(queue=[], hand=[2, "EN-C1"], fragments=[3, 1])
    state["stack"] = [{"step": "load_fill", "seat": CER}]
    assert verbs(state) == [("queue", 2)]
    state, _ = ENGINE.apply(state, CER, act("queue", 2))
    seen = ENGINE.visible_state(state, TAC)["g"]["players"]["0"]
    assert seen["queue"] == [None] and seen["fragments"] == [None, None]
    mine = ENGINE.visible_state(state, CER)["g"]["players"]["0"]
    assert mine["queue"] == [2] and mine["fragments"] == [3, 1]
