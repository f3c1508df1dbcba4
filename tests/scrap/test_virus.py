"""Entropy's Virus tokens: Infection, Hijack, Contagion, Hypnotic Raid (ATT-ENT-1, ATT-ENT-2, ATT-ENT-3, SC-REF-16)."""

from __future__ import annotations

from engines.core import Game, effects
from engines.scrap import combat, virus

from .battles import area, data, do, labels, options, pick, put, run_effect, start, table
from .helpers import ENGINE

ENT = {"intelligences": "entropy,kirurgeon"}


def seats(state):
    ent = next(int(s) for s, p in state["g"]["players"].items() if p["intel"] == "entropy")
    return ent, 1 - ent


def infected(state, seat):
    return state["g"]["players"][str(seat)]["unique"]["infected"]


def test_virus_slot_infects_an_enemy_bot_sharing_an_area_one_token_per_bot():
    # ATT-ENT-2 (8 tokens, at most 1 per Bot, target shares an Area with your Active Bot), SC-ACT-CELESTIUM-03
    state = table(2, ENT)
    ent, foe = seats(state)
    put(state, ent, 1, "R1")
    near = put(state, foe, 2, "R1")[0]
    put(state, foe, 1, "R3")  # no Entropy Bot there
    state = run_effect(state, ent, "node", node={"op": "virus", "v": 2,
                                                  "target": "enemy_bot_sharing_area_with_own_active"})
    assert options(state) == [near]
    assert labels(state)[0].startswith("Infect Kirurgeon's")
    state = pick(state, near)
    assert infected(state, ent) == [near] and state["g"]["players"][str(ent)]["unique"]["virus"] == 7
    assert state["stack"][-1]["step"] != "choose"  # the second token has no Bot left to go on (1 per Bot)


def test_infection_is_offered_at_the_end_of_the_run_phase_and_may_be_declined():
    # ATT-ENT-2: end of your Run Phase, you may place 1 Virus token
    state = table(2, ENT)
    ent, foe = seats(state)
    put(state, ent, 1, "R1")
    near = put(state, foe, 1, "R1")[0]
    state["g"]["turn"]["seat"] = ent
    state = run_effect(state, ent, "node", node={"op": "data", "v": 1})
    assert options(state) == [near, "done"]
    after = pick(state, "done")
    assert infected(after, ent) == [] and after["g"]["turn"]["phase"] == "call"
    after = pick(state, near)
    assert infected(after, ent) == [near] and after["g"]["turn"]["phase"] == "call"


def test_token_follows_an_upgrade_and_returns_with_contagion_when_destroyed():
    # ATT-ENT-2 (follows an Upgrade, returns when its Bot leaves play), ATT-ENT-3 (Contagion: 1 Data)
    state = table(2, ENT)
    ent, foe = seats(state)
    put(state, ent, 1, "R1")
    small = put(state, foe, 1, "R1")[0]
    state["g"]["players"][str(ent)]["unique"].update(infected=[small], virus=7)
    state = run_effect(state, foe, "node", node={"op": "upgrade", "v": 1})
    if state["stack"][-1]["step"] == "choose":
        state = pick(state, options(state)[0])
    big = next(bid for bid, b in state["g"]["bots"].items() if b["owner"] == foe and b["at"] == area(state, "R1"))
    assert big != small and infected(state, ent) == [big]
    before = data(state, ent)
    g = Game(ENGINE, state, ent)
    combat.destroy(g, g.g["bots"][big])
    effects.run(g)
    assert infected(state, ent) == [] and state["g"]["players"][str(ent)]["unique"]["virus"] == 8
    assert data(state, ent) == before + 1


def test_hijack_removes_tokens_where_entropy_has_no_active_bot_at_its_turn_end():
    # ATT-ENT-1: end of each of your turns, tokens come off Infected Bots in Areas without your Active Bot
    state = table(2, ENT)
    ent, foe = seats(state)
    put(state, ent, 1, "R1")
    kept = put(state, foe, 1, "R1")[0]
    lost = put(state, foe, 1, "R3")[0]
    state["g"]["players"][str(ent)]["unique"].update(infected=[kept, lost], virus=6)
    g = Game(ENGINE, state, ent)
    virus.end_of_turn(g, ent)
    assert infected(state, ent) == [kept] and state["g"]["players"][str(ent)]["unique"]["virus"] == 7


def test_hijack_moves_an_infected_enemy_bot_through_its_owners_links_then_its_token_comes_off():
    # ATT-ENT-1: in your turn, beside your Active Bot, an Active Infected Bot Moves for you (uses its Size)
    state = table(2, ENT)
    ent, foe = seats(state)
    put(state, ent, 1, "R1")
    thrall = put(state, foe, 2, "R1")[0]
    put(state, foe, 1, "R3")
    state["g"]["players"][str(ent)]["unique"].update(infected=[thrall], virus=7)
    state["g"]["turn"]["seat"] = ent
    state = run_effect(state, ent, "mobilise", left=2, moved=[])
    hijacks = [t for t in options(state) if str(t).startswith("j")]
    assert hijacks and all(t.startswith(f"j{thrall}-") for t in hijacks)
    assert any(label.startswith("Hijack Kirurgeon's") for label in labels(state))
    state = pick(state, hijacks[0])
    assert state["g"]["bots"][thrall]["at"] == hijacks[0].split("-")[1]
    assert infected(state, ent) == [] and state["g"]["players"][str(ent)]["unique"]["virus"] == 8


def test_hypnotic_raid_sends_an_infected_enemy_bot_to_probe_at_the_start_of_resolution():
    # SC-REF-16 (#16 MOD battle.move_to_probe), ATT-ENT-1 (Infected)
    state = table(2, ENT)
    ent, foe = seats(state)
    put(state, ent, 2, "R2")
    thrall = put(state, foe, 1, "R2")[0]
    state["g"]["players"][str(ent)]["unique"].update(infected=[thrall], virus=7)
    state["g"]["turn"]["seat"] = ent
    state = start(state, ent, "R2", mods={"battle.move_to_probe": {"count": 1, "sel": "infected_enemy_in_battle",
                                                                   "at": "resolution_start"}})
    for token in ("pass", "strike"):
        state = pick(state, token)
    state = do(state, ent, "assign", "brawl")
    state = do(state, ent, "lock")
    state = do(state, foe, "assign", "fire")
    state = do(state, foe, "lock")  # the only Infected Bot goes at once, before Probe resolves
    assert state["g"]["battle"]["boards"][thrall] == "probe"


def test_hijacked_bot_crushes_for_entropy_outside_mobilise():
    # ATT-ENT-1 Hijack outside Mobilise: an Active Infected Bot where Entropy has an Active Bot performs a Crush
    # for Entropy; it never targets itself; Entropy gains the Data; its token then comes off
    state = table(2, ENT)
    ent, foe = seats(state)
    state["g"]["turn"]["seat"] = ent
    put(state, ent, 1, "R1", stunned=True)  # Entropy's own Bot cannot Crush (Stunned) …
    put(state, ent, 1, "R3")  # … so the Active one in R3 makes the Hijack possible there
    brute = put(state, foe, 3, "R3")[0]
    victim = put(state, foe, 1, "R3")[0]
    state["g"]["players"][str(ent)]["unique"].update(infected=[brute], virus=7)
    state["g"]["players"][str(ent)]["data"] = 0
    state = run_effect(state, ent, "node", node={"op": "crush", "k": 0})
    assert f"h{brute}" in options(state)
    hijack = labels(state)[options(state).index(f"h{brute}")]
    assert hijack.startswith("Hijack Kirurgeon's") and "Crush 3" in hijack
    state = pick(state, f"h{brute}")
    assert infected(state, ent) == []  # the token comes off once the Bot performs for Entropy
    assert f"t{brute}" not in options(state) and f"t{victim}" in options(state)
    state = pick(state, f"t{victim}")
    state = pick(state, "done")
    assert state["g"]["bots"][victim]["at"] is None and state["g"]["bots"][brute]["at"] == area(state, "R3")
    assert data(state, ent) == 1  # the Needle's Strength, to Entropy


def test_incubating_reboot_tokens_ignore_hijack_removal_this_turn():
    # SC-REF-20, SC-GOLDEN-04 (1): an effect naming the rule it overrides wins; no Entropy Bot needed
    state = table(2, ENT)
    ent, foe = seats(state)
    far = put(state, foe, 1, "R3")[0]  # no Entropy Bot anywhere near
    state["g"]["turn"]["seat"] = ent
    tree = ENGINE.data.functions[20].power_up["effect"]
    from engines.scrap.content import thaw
    state = run_effect(state, ent, "node", node=thaw(tree))
    assert far in options(state)
    state = pick(state, far)
    assert infected(state, ent) == [far]
    g = Game(ENGINE, state, ent)
    virus.end_of_turn(g, ent)
    assert infected(state, ent) == [far]  # kept through this turn's clean-up …
    virus.end_of_turn(g, ent)
    assert infected(state, ent) == []  # … and removed by the next one


def test_epidemic_scavenge_infects_in_areas_linked_to_controlled_ones():
    # SC-REF-17: "Linked" as usual — an empty Link, or Entropy's own piece on top
    state = table(2, ENT)
    ent, foe = seats(state)
    put(state, ent, 2, "R1")
    near = put(state, foe, 1, "R2")[0]  # R1–R2 share L07 (empty)
    state["g"]["links"]["L07"][:] = ["ruins"]
    node = {"op": "virus", "v": 1, "target": "enemy_bot_in_area_linked_to", "area": area(state, "R1")}
    g = Game(ENGINE, state, ent)
    assert near not in virus.targets(g, ent, node)  # Ruins on top: not Linked
    state["g"]["links"]["L07"][:] = ["ruins", f"ship:{ent}"]
    assert near in virus.targets(g, ent, node)  # Entropy's Ship on top: Linked for Entropy


def test_traitorous_spark_makes_an_active_infected_bot_crush_for_entropy():
    # SC-REF-18: the Infected Bot must be Active (as for any red-burst Action), where Entropy has an Active Bot;
    # it may target any Bot there that is not Entropy's, except itself; Entropy gains the Data; token removed
    from engines.scrap.content import thaw
    state = table(2, ENT)
    ent, foe = seats(state)
    state["g"]["turn"]["seat"] = ent
    put(state, ent, 1, "R3")
    brute = put(state, foe, 3, "R3")[0]
    victim = put(state, foe, 1, "R3")[0]
    sleeper = put(state, foe, 2, "R3", stunned=True)[0]
    state["g"]["players"][str(ent)]["unique"].update(infected=[brute, sleeper], virus=6)
    state["g"]["players"][str(ent)]["data"] = 0
    tree = thaw(ENGINE.data.functions[18].power_up["effect"])
    state = run_effect(state, ent, "node", node=tree)  # only the Active one can be chosen: no question
    assert state["stack"][-1]["op"]["effect"] == "crush" and state["stack"][-1]["op"]["bot"] == brute
    assert brute not in infected(state, ent) and sleeper in infected(state, ent)
    assert f"t{brute}" not in options(state) and f"t{victim}" in options(state)
    state = pick(state, f"t{victim}")
    state = pick(state, "done")
    assert state["g"]["bots"][victim]["at"] is None and data(state, ent) == 1
