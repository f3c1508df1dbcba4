"""The Battle from the rulebook's worked example (SC-EX-09 … SC-EX-14): a Raid, Reinforcement, the secret
Command Step, the five Commands and the Victory Step, one small choice at a time."""

from __future__ import annotations

from engines.core import Game, act
from engines.scrap import fight

from .battles import area, assign, data, do, labels, options, pick, put, run_effect, ship, table, who
from .helpers import ENGINE

CER, TAC, KIR = 0, 1, 2


def example_table():
    """SC-EX-09's Given: X = R2; Y = R1 (empty Link L07); W = Heart (Ruins on L02); Z = R3 (L08);
    V = O7 behind L13, topped by Cerebrum's Ship over its Ruins."""
    state = table()
    g = state["g"]
    bolt = put(state, TAC, 1, "R2")
    needle = put(state, KIR, 1, "R2")
    axon = put(state, CER, 2, "R1")
    neurites = put(state, CER, 1, "R1", 2)
    put(state, CER, 1, "H", 2)
    blade = put(state, KIR, 2, "R3")
    put(state, KIR, 1, "O7")
    ship(state, CER, "L13")
    ship(state, TAC, "L11")
    ship(state, KIR, "L10")
    for s, energy in ((CER, 4), (TAC, 3), (KIR, 4)):
        g["players"][str(s)]["energy"] = energy
    g["players"][str(KIR)]["weapons"] = ["B"]
    g["players"][str(TAC)]["weapons"] = []
    g["players"]["0"]["active"] = 3  # Analytic Raid, not Powered-Up
    return state, {"bolt": bolt[0], "needle": needle[0], "axon": axon[0], "n1": neurites[0], "n2": neurites[1],
                   "blade": blade[0]}


def raid_and_reinforce():
    state, bots = example_table()
    x, y, z = area(state, "R2"), area(state, "R1"), area(state, "R3")
    state = do(state, CER, "no")
    assert area(state, "R2") in options(state)  # Raid: choose any Area
    state = pick(state, x)
    assert state["stack"][-1]["op"]["left"] == 2  # SC-EX-09: Mobilise 1 + 1 (X is enemy-Controlled)
    state = pick(state, f"m2-{y}-{x}")  # the Axon Y → X; the Battle starts
    assert state["g"]["battle"]["area"] == x and state["g"]["battle"]["order"] == [TAC, KIR, CER]
    assert who(state) == TAC  # SC-BATTLE-01: left of the Current Player first
    state = pick(state, "pass")
    assert who(state) == KIR
    assert options(state) == ["pass", "e2", "e3", "e4"]  # only the Blade can come (Size 2); not the V Needle
    state = pick(state, "e2")
    assert options(state) == [f"m2-{z}-{x}"]  # SC-BATTLE-09: a Reinforce must bring a Bot, only into X
    state = pick(state, f"m2-{z}-{x}")
    assert who(state) == CER and "strike" in options(state)
    state = pick(state, "e2")
    moves = options(state)
    assert all(t.endswith(f"-{x}") for t in moves) and not any(area(state, "H") in t for t in moves)
    state = pick(state, f"m1-{y}-{x}")
    state = pick(state, f"m1-{y}-{x}")
    assert who(state) == TAC
    state = pick(state, "pass")
    assert options(state) == ["pass"]  # lap 2: Kirurgeon's V Bot is blocked by Cerebrum's Ship
    state = pick(state, "pass")
    state = pick(state, "strike")
    return state, bots


def test_reinforcement_example():
    # SC-EX-09, SC-BATTLE-01, SC-BATTLE-02, SC-BATTLE-03, SC-BATTLE-04, SC-BATTLE-07, SC-BATTLE-09, SC-CORE-04,
    # SC-ACT-BATTLE-01, SC-ACT-MOBILISE-02
    state, bots = raid_and_reinforce()
    g = state["g"]
    assert g["players"]["0"]["energy"] == 2 and g["players"]["2"]["energy"] == 2
    x = g["battle"]["area"]
    assert {bid for bid, b in g["bots"].items() if b["at"] == x} == set(bots.values())
    assert state["stack"][-1]["step"] == "battle_command"  # SC-BATTLE-10: all three take part
    assert sorted(ENGINE.active(state)) == [CER, TAC, KIR]


def commanded():
    state, bots = raid_and_reinforce()
    assert labels(state, CER)[:4] == ["Axon to Probe", "Axon to Bolster", "Axon to Fire", "Axon to Brawl"]
    state = assign(state, CER, "bolster", "probe", "fire")
    spy = ENGINE.visible_state(state, TAC)["stack"][-1]["private"]
    assert spy["0"] in ({}, None) and ENGINE.visible_state(state, CER)["stack"][-1]["private"]["0"]["cmd"]
    assert CER not in ENGINE.active(state)  # locked in
    state = assign(state, TAC, "probe")
    state = assign(state, KIR, "brawl", "fire", lock=False)
    assert labels(state, KIR) == ["Basic Weapon to your Blade in Brawl", "Basic Weapon to your Needle in Fire",
                                  "Keep the Basic Weapon under the Battle Board", "Start your Battle Board over"]
    state = do(state, KIR, "arm", bots["blade"])
    state = do(state, KIR, "lock")
    return state, bots


def test_command_step_is_secret_and_simultaneous():
    # SC-BATTLE-10, SC-BATTLE-11, SC-BATTLE-12, SC-BATTLE-13, SC-BATTLE-14
    state, bots = commanded()
    b = state["g"]["battle"]
    assert b["boards"][bots["axon"]] == "bolster" and b["boards"][bots["n1"]] == "probe"
    assert b["equipped"] == {bots["blade"]: "B"} and state["g"]["players"]["2"]["weapons"] == []


def test_redo_and_timeout_default():
    # SC-BATTLE-11; §6.7: every Bot to Bolster, Weapons on the largest Bots
    state, _ = raid_and_reinforce()
    state = assign(state, CER, "probe", lock=False)
    state = do(state, CER, "redo")
    assert state["stack"][-1]["private"]["0"] == {}
    assert ENGINE.default_action(state, KIR) == act("assign", "bolster")


def probed():
    state, bots = commanded()
    assert who(state) == CER  # SC-EX-10: least first (Cerebrum 1, Tachyon 1 with higher POWER is MOST)
    assert labels(state) == ["Probe reward: Basic Weapon 1", "Probe reward: Fragment 1"]
    state = pick(state, 1)
    assert len(state["g"]["players"]["0"]["fragments"]) == 1
    assert who(state) == TAC and labels(state) == ["Probe reward: Advanced Weapon 1",
                                                   "Probe reward: Fragment 1 + Celestium 1"]
    state = pick(state, 0)
    assert state["g"]["players"]["1"]["weapons"] == ["A"]  # on the Console, not equipped
    return state, bots


def test_probe_example():
    # SC-EX-10, SC-BATTLE-16, SC-BATTLE-17, SC-TIE-02, SC-TIE-04
    state, _ = probed()
    assert who(state) == CER  # Bolster next: Kirurgeon got nothing from Probe


def bolstered():
    state, bots = probed()
    assert options(state) == ["stay", bots["axon"]]
    state = pick(state, bots["axon"])
    assert state["g"]["battle"]["lead"] == bots["axon"]
    assert set(options(state)) == {bots["axon"], bots["n1"], bots["n2"]}  # Size ≤ 2, own Bots only
    state = pick(state, bots["n2"])
    return state, bots


def test_bolster_and_lead_example():
    # SC-EX-11, SC-BATTLE-18, SC-BATTLE-19
    # SC-BATTLE-15: the Axon moved to Lead no longer counts in Bolster
    state, bots = bolstered()
    game = Game(ENGINE, state, None)
    assert fight.strength(game, bots["axon"]) == 4 and fight.strength(game, bots["n2"]) == 2
    assert fight.total(game, CER, "bolster") == 0 and fight.total(game, CER, "lead") == 4
    assert bots["axon"] in state["g"]["battle"]["protected"]


def fired():
    state, bots = bolstered()
    assert who(state) == CER
    assert "Fire at Kirurgeon's Needle in Fire (Strength 1): 1 Damage" in labels(state)
    before = data(state, CER)
    state = pick(state, bots["needle"])
    assert state["g"]["bots"][bots["needle"]]["at"] is None and data(state, CER) == before + 1
    return state, bots


def test_fire_example():
    # SC-EX-12, SC-BATTLE-20, SC-BATTLE-22
    fired()


def brawled():
    state, bots = fired()
    kir = data(state, KIR)
    assert who(state) == KIR and state["stack"][-1]["op"]["left"] == 5  # 4 + 1 for the MOST
    assert set(options(state)) == {bots["n2"], bots["bolt"], "done"}  # the Fire Neurite first
    state = pick(state, bots["n2"])
    assert bots["axon"] not in options(state) and bots["n1"] not in options(state)
    state = pick(state, bots["n2"])  # Destroyed: the Axon (Lead) opens, the Probe Neurite not yet
    assert bots["axon"] in options(state) and bots["n1"] not in options(state)
    state = pick(state, bots["bolt"])
    assert data(state, KIR) == kir + 2
    state = pick(state, "done")
    return state, bots


def test_brawl_example():
    # SC-EX-13, SC-BATTLE-21, SC-BATTLE-22, SC-BATTLE-29
    brawled()


def test_victory_example():
    # SC-EX-14, SC-BATTLE-23, SC-BATTLE-25, SC-BATTLE-26
    state, bots = brawled()
    g = state["g"]
    assert g["bots"][bots["blade"]]["stunned"] and not g["bots"][bots["axon"]]["stunned"]
    assert g["players"]["2"]["weapons"] == [] and g["players"]["1"]["weapons"] == ["A"]
    x = g["battle"]["area"]
    rewards = [r.id for r in ENGINE.data.areas[x].rewards if not r.right_hand]
    assert who(state) == CER and options(state) == ["relic", *rewards]
    xp = g["players"]["0"]["unique"]["xp"]
    state = pick(state, "relic")
    assert options(state) == [1, 2, 3, 4]  # SC-RELIC-07: any empty slot
    state = pick(state, 1)
    g = state["g"]
    assert "battle" not in g and x not in g["relics"]
    assert g["players"]["0"]["unique"]["xp"] == xp + 1  # Pattern Recognition
    assert [r["slot"] for r in g["players"]["0"]["relics"]] == [1]
    # SC-RELIC-06: the Reward the Relic covered can now be Searched (Cerebrum Controls the Area)
    covered = next(r.id for r in ENGINE.data.areas[x].rewards if r.right_hand)
    state = run_effect(state, CER, "search", left=2, chosen=[])
    assert covered in options(state)
