"""Battle rules beyond the main example: empty Raids, the sole survivor, shared kills, a non-Current winner,
no participants (SC-EX-18, 19, 20, 35; SC-BATTLE-06, 08, 24, 27, 30, 31)."""

from __future__ import annotations

from engines.core import Game, effects
from engines.scrap import board, interpreter

from .battles import area, assign, data, labels, options, pick, put, start, table, who
from .helpers import ENGINE, through_setup

CER, TAC, KIR = 0, 1, 2


def no_weapons(state):
    for p in state["g"]["players"].values():
        p["weapons"] = []
    return state


def test_raid_into_an_empty_area_ends_with_no_winner():
    # SC-EX-18, SC-BATTLE-06, SC-CORE-04
    state = start(table(), CER, "R2")
    relic = state["g"]["relics"].get(area(state, "R2"))
    state = pick(state, "pass")
    state = pick(state, "pass")
    assert who(state) == CER and options(state) == ["pass", "strike"]
    state = pick(state, "pass")
    g = state["g"]
    assert "battle" not in g and state["stack"][-1]["step"] == "call_domain"
    assert g["relics"].get(area(state, "R2")) == relic and not any(b["stunned"] for b in g["bots"].values())


def test_sole_survivor_skips_to_victory_and_destroys_stunned_bots():
    # SC-EX-19, SC-BATTLE-08, SC-BATTLE-23, SC-BATTLE-24, SC-BATTLE-26, SC-ACT-DISABLE-05
    state = table()
    put(state, CER, 2, "R2")
    needle = put(state, KIR, 1, "R2", stunned=True)[0]
    blade = put(state, KIR, 2, "R2", stunned=True)[0]
    state["g"]["players"]["0"]["data"] = 10
    state = start(state, CER, "R2")
    state = pick(state, "pass")
    assert who(state) == KIR and "e1" in options(state)  # SC-BATTLE-05: it could Recover them there
    state = pick(state, "pass")
    state = pick(state, "strike")
    assert state["stack"][-1]["op"]["effect"] == "victory_destroy"  # no Command Step
    assert options(state)[:2] == ["all", "done"] and {needle, blade} <= set(options(state))
    state = pick(state, "all")
    assert data(state, CER) == 14
    assert state["g"]["bots"][needle]["at"] is None and state["g"]["bots"][blade]["at"] is None
    assert options(state)[0] == "relic" and labels(state)[0].startswith("Claim the ")


def test_shared_kill_and_empty_commands():
    # SC-EX-20, SC-BATTLE-22, SC-BATTLE-30, SC-BATTLE-21
    state = no_weapons(table())
    put(state, CER, 1, "R2", 2)
    bolt = put(state, TAC, 1, "R2")[0]
    blade = put(state, KIR, 2, "R2")[0]
    state = start(state, CER, "R2")
    for token in ("pass", "pass", "strike"):
        state = pick(state, token)
    state = assign(state, CER, "fire", "fire")
    state = assign(state, TAC, "brawl")
    state = assign(state, KIR, "probe")
    assert who(state) == KIR  # Probe: Kirurgeon alone, the MOST
    state = pick(state, 0)  # Advanced Weapon
    before = {s: data(state, s) for s in (CER, TAC, KIR)}
    assert who(state) == CER and labels(state)[0] == "Fire at Kirurgeon's Blade in Probe (Strength 3): 2 Damage"
    state = pick(state, blade)
    assert state["g"]["bots"][blade]["at"] == area(state, "R2")  # 2 < 3: it survives
    assert who(state) == TAC and state["stack"][-1]["op"]["left"] == 2  # Brawl 1 + 1 for the MOST
    state = pick(state, blade)
    assert state["g"]["bots"][blade]["at"] is None
    assert {s: data(state, s) - before[s] for s in before} == {CER: 2, TAC: 2, KIR: 0}
    state = pick(state, "done")
    assert state["g"]["bots"][bolt]["at"] == area(state, "R2")


def test_a_non_current_winner_only_avoids_the_stun():
    # SC-EX-35, SC-BATTLE-23, SC-BATTLE-25, SC-BATTLE-27
    state = no_weapons(table())
    n1, n2 = put(state, CER, 1, "R2", 2)
    cleaver = put(state, KIR, 3, "R2")[0]
    sat_out = put(state, KIR, 1, "R2", stunned=True)[0]
    x = area(state, "R2")
    relic = state["g"]["relics"][x]
    state = start(state, CER, "R2")
    for token in ("pass", "pass", "strike"):
        state = pick(state, token)
    state = assign(state, CER, "bolster", "brawl")
    state = assign(state, KIR, "brawl")
    assert options(state) == ["stay", n1]
    state = pick(state, "stay")
    assert who(state) == KIR and state["stack"][-1]["op"]["left"] == 6
    state = pick(state, "done")
    assert who(state) == CER
    state = pick(state, cleaver)
    g = state["g"]
    assert "battle" not in g and state["stack"][-1]["step"] == "call_domain"
    assert not g["bots"][n1]["stunned"] and g["bots"][n2]["stunned"]  # Bolster protects
    assert not g["bots"][cleaver]["stunned"] and g["bots"][sat_out]["at"] == x and g["relics"][x] == relic


def test_no_active_bot_means_no_participants():
    # SC-BATTLE-31
    state = table()
    neurite = put(state, CER, 1, "R2", stunned=True)[0]
    state = start(state, CER, "R2")
    state = pick(state, "pass")
    state = pick(state, "pass")
    assert options(state) == ["pass", "e1", "e2", "strike"]  # Reinforce could Recover it
    state = pick(state, "pass")
    assert "battle" not in state["g"] and state["g"]["bots"][neurite]["stunned"]


def test_battle_two_fights_a_second_battle_anywhere():
    # SC-ACT-BATTLE-03: Battle N is N Battles one after another, the later ones in any Area
    state = table()
    g = Game(ENGINE, state, 0)
    g.g["turn"]["then"] = "call"
    effects.push(g, effects.effect("battle", 0, area=area(state, "R2"), left=2, mods={}))
    interpreter.drain(g)
    for token in ("pass", "pass", "pass"):
        state = pick(state, token)
    assert "battle" not in state["g"] and state["stack"][-1]["op"]["effect"] == "battle"
    assert set(options(state)) == set(state["g"]["areas"].values())
    state = pick(state, area(state, "H"))
    assert state["g"]["battle"]["area"] == area(state, "H") and state["g"]["battle"]["left"] == 0


def test_first_turn_never_runs_a_raid():
    # SC-CORE-08, SC-RUN-03
    state = through_setup(2, 5, {"intelligences": "cerebrum,kirurgeon"})
    raids = {r for r, f in ENGINE.data.functions.items() if f.family == "raid"}
    hand = state["g"]["players"]["0"]["hand"]
    assert raids & set(hand) and not raids & set(options(state))


def test_damage_is_tracked_without_a_marker_limit():
    # SC-BATTLE-28, SC-BATTLE-22: 4 Damage on a Strength-5 Cortex is kept (more than 3 markers); the 5th kills
    state = no_weapons(table())
    cortex = put(state, CER, 3, "R2")[0]
    put(state, KIR, 3, "R2")
    put(state, KIR, 2, "R2")
    state = start(state, CER, "R2")
    for token in ("pass", "pass", "strike"):
        state = pick(state, token)
    state = assign(state, CER, "probe")
    state = assign(state, KIR, "brawl", "brawl")
    state = pick(state, 0)  # Cerebrum's Probe reward
    assert who(state) == KIR and state["stack"][-1]["op"]["left"] == 9
    for _ in range(4):
        state = pick(state, cortex)
    assert state["g"]["battle"]["damage"][cortex] == {str(KIR): 4} and state["g"]["bots"][cortex]["at"]
    state = pick(state, cortex)
    assert state["g"]["bots"][cortex]["at"] == "errorful"


def test_control_ties_go_to_the_higher_power():
    # SC-EX-15, SC-TIE-01, SC-TIE-02
    state = table(3, {"intelligences": "cerebrum,tachyon,vulkanos"})
    put(state, 0, 2, "R1")  # Axon 3
    put(state, 1, 1, "R1", 3)  # 3 Bolts
    put(state, 2, 2, "R1")  # Flame 3
    game = Game(ENGINE, state, None)
    assert board.controller(game, area(state, "R1")) == 2
