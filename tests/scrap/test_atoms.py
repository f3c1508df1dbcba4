"""Atoms, combinators and Battle MODs of the Functions run by the interpreter (CHOOSE_BOT, IF, SCORE, RECOVER,
DESTROY, REPEAT, FOR_EACH, skip; the Raid MODs): SC-EX-08, SC-REF-*, SC-ACTGEN-*."""

from __future__ import annotations

from engines.core import Game
from engines.scrap import fight

from .battles import area, data, do, options, pick, put, run_effect, start, table, who
from .helpers import ENGINE

CER, TAC, KIR = 0, 1, 2


def run_as(state, seat, ref):
    state["g"]["turn"]["seat"] = seat
    state["g"]["players"][str(seat)]["active"] = ref
    state["stack"] = [{"step": "power_up", "seat": seat}]
    return state


def test_harvest_crush_then_weapon_if_it_destroyed():
    # SC-EX-08, SC-ACT-CRUSH-01, SC-ACT-CRUSH-02, SC-ACT-CRUSH-03, SC-ACT-CRUSH-04 (#32: CHOOSE_BOT, IF destroyed)
    state = table()
    state["g"]["players"]["2"]["weapons"] = []
    blade = put(state, KIR, 2, "R2")[0]
    n1, n2 = put(state, CER, 1, "R2", 2)
    axon = put(state, CER, 2, "R2")[0]
    state = do(run_as(state, KIR, 32), KIR, "no")  # one Active Bot: chosen at once, Crush Value = Size 2
    assert state["stack"][-1]["op"]["bot"] == blade and state["stack"][-1]["op"]["left"] == 2
    assert f"t{axon}" in options(state)  # legal but useless (2 < 3)
    before = data(state, KIR)
    state = pick(state, f"t{n1}")
    state = pick(state, f"t{n2}")
    g = state["g"]
    assert g["bots"][n1]["at"] == "errorful" and g["bots"][n2]["at"] == "errorful"  # Errorful Learning
    assert data(state, KIR) == before + 2 and g["players"]["2"]["weapons"] == ["A"]
    assert g["bots"][axon]["at"] == area(state, "R2")


def test_score_then_data_if_scored():
    # SC-REF-33, SC-ACT-FRAGMENT-04: Score a Fragment (removed), then +2 Data because one was Scored
    state = table()
    state["g"]["players"]["0"]["fragments"] = [3, 4]
    tree = {"seq": [{"op": "score", "n": 1}, {"if": {"cond": "scored_any"}, "then": {"op": "data", "v": 2}}]}
    state = run_effect(state, CER, "node", node=tree)
    assert options(state) == [4, 3, "done"]
    before = data(state, CER)
    state = pick(state, 4)
    assert data(state, CER) == before + 6 and state["g"]["players"]["0"]["fragments"] == [3]


def test_recover_destroy_repeat_and_skip():
    # SC-ACT-DISABLE-04 (Recover in place), SC-ACT-CRUSH-04 (Destroy gives base Strength), SC-ACTGEN-02 (order)
    state = table()
    stunned = put(state, CER, 2, "R1", stunned=True)[0]
    put(state, CER, 2, "R2")
    foe = put(state, KIR, 3, "R2", stunned=True)[0]
    energy = state["g"]["players"]["0"]["energy"]
    tree = {"seq": [{"op": "recover", "v": 1}, {"op": "destroy", "spec": {"sel": "stunned_enemy_in_controlled_areas",
                                                                             "max": 2}},
                    {"repeat": 2, "do": {"op": "energy", "v": 1}}, {"op": "skip", "phase": "call"}]}
    state = run_effect(state, CER, "node", node=tree)
    assert options(state) == [stunned, "done"]
    state = pick(state, stunned)
    assert not state["g"]["bots"][stunned]["stunned"]
    assert options(state) == [foe, "done"]
    before = data(state, CER)
    state = pick(state, foe)
    assert data(state, CER) == before + 5 and state["g"]["bots"][foe]["at"] is None
    assert state["g"]["players"]["0"]["energy"] == min(9, energy + 2)
    assert state["stack"][-1]["step"] == "load_return"  # the Call Phase is skipped


def test_for_each_controlled_area_deploys_free():
    # FOR_EACH(controlled Areas, max 1) as A: DEPLOY a Size-1 Bot there without its Cost (A-17)
    state = table()
    put(state, CER, 2, "R1")
    put(state, CER, 2, "R3")
    tree = {"for_each": "controlled_areas", "as": "A", "max": 1,
            "do": {"op": "deploy", "size": 1, "where": "A", "pay_cost": False}}
    state = run_effect(state, CER, "node", node=tree)
    assert set(options(state)) == {area(state, "R1"), area(state, "R3"), "done"}
    state = pick(state, area(state, "R3"))
    here = [b for b in state["g"]["bots"].values() if b["owner"] == CER and b["at"] == area(state, "R3")]
    assert sorted(b["size"] for b in here) == [1, 2]
    assert state["stack"][-1]["step"] == "call_domain"  # max reached: no more Areas asked


def test_artemesian_raid_mod_and_the_vow_of_peace():
    # SC-REF-49, SC-EX-25e, SC-TERM-02, SC-GOLDEN-04: Mobilise 4 (5 if enemy-Controlled); the Vow of Peace
    # skips Olympus' Battle but the Mobilise resolves
    state = table(3, {"intelligences": "olympus,tachyon,kirurgeon"})
    oly = next(s for s, p in state["g"]["players"].items() if p["intel"] == "olympus")
    seat = int(oly)
    put(state, seat, 1, "R1")
    put(state, KIR, 1, "R2")
    state["g"]["players"][oly]["celestium"][0] = True
    state = run_as(state, seat, 49)
    state = do(state, seat, "celestium", 0)
    state = pick(state, area(state, "R3"))
    assert state["stack"][-1]["op"]["left"] == 4
    state = table(3, {"intelligences": "olympus,tachyon,kirurgeon"})
    put(state, seat, 1, "R1")
    put(state, KIR, 1, "R2")
    state["g"]["players"][oly]["celestium"][0] = True
    state = do(run_as(state, seat, 49), seat, "celestium", 0)
    state = pick(state, area(state, "R2"))
    assert state["stack"][-1]["op"]["left"] == 5
    state = pick(state, "done")
    assert "battle" not in state["g"] and state["stack"][-1]["step"] == "call_domain"


def test_raid_mods_in_battle():
    # SC-REF-55 (Reinforcement ends after the Current Player's first turn), SC-REF-68 (Fire first),
    # SC-REF-75 (own Basic +2, Advanced +3), SC-EX-25m, SC-EX-25n, SC-EX-25k
    state = table()
    put(state, CER, 1, "R1")
    put(state, CER, 2, "R2")
    needle = put(state, KIR, 1, "R2")[0]
    mods = {"battle.reinforce_end": {}, "battle.command_order": {"order": ["fire", "probe", "bolster", "lead",
                                                                          "brawl"]},
            "battle.weapon_bonus": {"B": 2, "A": 3}}
    state = start(state, CER, "R2", mods=mods)
    state = pick(state, "pass")
    state = pick(state, "pass")
    assert who(state) == CER
    state = pick(state, "e1")
    state = pick(state, options(state)[0])
    assert state["stack"][-1]["step"] == "battle_command"  # Sudden: no second lap
    game = Game(ENGINE, state, None)
    assert fight.weapon_strength(game, CER, "B") == 2 and fight.weapon_strength(game, KIR, "B") == 1
    for seat, cmds in ((CER, ("fire", "probe")), (KIR, ("brawl",))):
        for cmd in cmds:
            state = do(state, seat, "assign", cmd)
        while "arm" in {a.verb for a in ENGINE.legal_actions(state, seat)}:
            state = do(state, seat, "arm", "none")
        state = do(state, seat, "lock")
    # Fire resolved first (its only target picked at once: the Needle is Destroyed), then Probe asks
    assert state["g"]["bots"][needle]["at"] is None and state["stack"][-1]["op"]["effect"] == "probe_pick"


def spark_44(wrath: bool):
    state = table(2, {"intelligences": "olympus,entropy"})
    oly = state["g"]["players"]["0"]
    if wrath:
        oly["unique"]["vows"]["peace"] = "broken"
    a1 = put(state, 0, 1, "R1")[0]
    a2 = put(state, 0, 1, "R3")[0]
    vector = put(state, 1, 2, "H")[0]
    oly["celestium"][0] = True
    state = do(run_as(state, 0, 44), 0, "celestium", 0)
    while state["stack"][-1]["op"]["effect"] != "mobilise":
        state = pick(state, "decline")
    heart = area(state, "H")
    state = pick(state, f"m1-{area(state, 'R1')}-{heart}")
    state = pick(state, f"t{vector}")  # A1 Disables (Crushes) with Value 1: pooled, nothing happens yet
    assert not state["g"]["bots"][vector]["stunned"] and state["g"]["bots"][vector]["at"] == heart
    state = pick(state, f"m1-{area(state, 'R3')}-{heart}")
    state = pick(state, f"t{vector}")
    return state, vector, (a1, a2)


def test_mobilise_then_disable_pools_the_damage():
    # SC-EX-29, SC-ACT-MOBILISE-05, SC-ACT-DISABLE-01, SC-REF-44
    state, vector, _ = spark_44(wrath=False)
    before = data(state, 0)
    assert state["g"]["bots"][vector]["stunned"] and data(state, 0) == before


def test_with_wrath_the_follow_up_is_a_crush():
    # SC-EX-29 (variant), SC-ACT-CRUSH-04: Wrath face-up: each follow-up is a Crush, +1 Value (Wrath)
    state = table(2, {"intelligences": "olympus,entropy"})
    oly = state["g"]["players"]["0"]
    oly["unique"]["vows"]["peace"] = "broken"
    put(state, 0, 1, "R1")
    vector = put(state, 1, 2, "H")[0]
    oly["celestium"][0] = True
    before = data(state, 0)
    state = do(run_as(state, 0, 44), 0, "celestium", 0)
    while state["stack"][-1]["op"]["effect"] != "mobilise":
        state = pick(state, "decline")
    state = pick(state, f"m1-{area(state, 'R1')}-{area(state, 'H')}")
    assert state["stack"][-1]["op"]["left"] == 2  # Size 1 + Wrath 1
    state = pick(state, f"t{vector}")
    state = pick(state, f"t{vector}")
    assert state["g"]["bots"][vector]["at"] is None and data(state, 0) == before + 2  # no Bot left to move


def test_athenean_raid_moves_a_bot_to_an_adjacent_command():
    # SC-REF-42 (#42 MOD), SC-BATTLE-15: the moved Bot counts in its new Command
    state = table()
    neurite = put(state, CER, 1, "R2")[0]
    put(state, KIR, 1, "R2")
    state = start(state, CER, "R2", mods={"battle.move_command": {"count": 1, "to": "adjacent_command"}})
    for token in ("pass", "pass", "strike"):
        state = pick(state, token)
    state = do(state, CER, "assign", "probe")
    state = do(state, CER, "lock")
    state = do(state, KIR, "assign", "brawl")
    state = do(state, KIR, "lock")
    assert options(state) == ["stay", f"{neurite}-bolster", f"{neurite}-brawl"]  # Probe borders Bolster and Brawl
    state = pick(state, f"{neurite}-brawl")
    assert state["g"]["battle"]["boards"][neurite] == "brawl"


def test_herculean_adds_mobilise_value_for_a_celestium():
    # ATT-OLY-1: while Mobilising (a Reinforce too), each Celestium spent adds +2
    state = table(2, {"intelligences": "olympus,entropy"})
    put(state, 0, 1, "R1")
    state["g"]["players"]["0"]["celestium"][0] = True
    state = run_effect(state, 0, "mobilise", left=1, moved=[])
    assert "herculean" in options(state)
    supply = state["g"]["supply"]["celestium"]
    state = pick(state, "herculean")
    assert state["stack"][-1]["op"]["left"] == 3 and state["g"]["supply"]["celestium"] == supply + 1
    assert not any(state["g"]["players"]["0"]["celestium"]) and "herculean" not in options(state)


def test_precise_incision_doubles_crush_damage_on_stunned_bots():
    # Kirurgeon's Precise Incision: 1 point of Crush Damage on a Stunned enemy counts as 2
    state = table()
    blade = put(state, KIR, 2, "R2")[0]
    axon = put(state, CER, 2, "R2", stunned=True)[0]  # Strength 3
    state = run_effect(state, KIR, "crush", kind="crush", k=0, bot=blade, left=2, damage={})
    assert "1 Damage to a Cerebrum Axon (Stunned) (2/3)" in [ENGINE.label(state, KIR, a)
                                                            for a in ENGINE.legal_actions(state, KIR)]
    state["g"]["players"]["2"]["weapons"] = []
    state = pick(state, f"t{axon}")
    state = pick(state, f"t{axon}")
    assert state["g"]["bots"][axon]["at"] == "errorful"
    assert state["g"]["players"]["2"]["weapons"] == ["B"]  # Dissect: a Stunned enemy Destroyed gives a Basic Weapon


def test_bombardment_adds_a_discarded_weapon_to_the_crush():
    # Vulkanos' Bombardment: when its Bot Crushes it may discard 1 Weapon to add its Strength (once)
    state = table(2, {"intelligences": "vulkanos,cerebrum"})
    flame = put(state, 0, 2, "R2")[0]
    put(state, 1, 2, "R2")
    state["g"]["players"]["0"]["weapons"] = ["A"]
    state = run_effect(state, 0, "crush", kind="crush", k=0, bot=flame, left=2, damage={})
    assert "wA" in options(state)
    state = pick(state, "wA")
    assert state["stack"][-1]["op"]["left"] == 4 and "wA" not in options(state)
    assert state["g"]["players"]["0"]["weapons"] == []
