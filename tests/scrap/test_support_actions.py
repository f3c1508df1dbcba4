"""Support actions and the phases run from the data's effect trees (SC-ACT-*, SC-RUN/CALL/LOAD/END)."""

from __future__ import annotations

from engines.core import Game, act
from engines.scrap import board
from engines.scrap.content import load

from .helpers import ENGINE, through_setup

C = load()
CEREBRUM_KIRURGEON = {"intelligences": "cerebrum,kirurgeon"}


def at(step: dict, tweak=None, seed: int = 5):
    """The first player (Cerebrum, seat 0) on a hand-set prompt in their Call/Run Phase."""
    state = through_setup(2, seed, CEREBRUM_KIRURGEON)
    state["g"]["turn"]["phase"] = "call"
    p = state["g"]["players"]["0"]
    p["active"] = 5
    p["hand"].remove(5)
    if tweak:
        tweak(state["g"], p)
    state["stack"][-1] = {"seat": 0, **step}
    return state


def row(dom: str, n: int, tweak=None, seed: int = 5):
    def both(g, p):
        p["knowledge"][dom] = 10
        if tweak:
            tweak(g, p)
    state = at({"step": "subroutine", "domain": dom}, both, seed)
    return ENGINE.apply(state, 0, act("row", n))[0]


def labels(state):
    return [ENGINE.label(state, 0, a) for a in ENGINE.legal_actions(state, 0)]


def test_energy_is_capped_at_nine():
    # SC-ACT-ENERGY-01: I1 Energy 2 at 8 Energy gives 9
    state = row("I", 1, lambda g, p: p.update(energy=8))
    assert state["g"]["players"]["0"]["energy"] == 9
    assert state["stack"][-1]["step"] == "load_return"  # the Call Phase is over (SC-LOAD-01)
    assert state["g"]["players"]["0"]["discard"] == [5]


def test_weapons_with_full_slots():
    # SC-ACT-WEAPONS-01, SC-ACT-WEAPONS-02: T1 Basic Weapon 1; full slots: discard an old Weapon or decline
    state = row("T", 1)
    assert state["g"]["players"]["0"]["weapons"] == ["B"] and state["g"]["supply"]["weapons"] == 19
    state = row("T", 1, lambda g, p: p.update(weapons=["A", "A", "A"]))
    assert labels(state) == ["Keep your Weapons (no new Basic Weapon)",
                             "Discard an Advanced Weapon to take the Basic one"]
    state, _ = ENGINE.apply(state, 0, act("pick", 0))
    assert sorted(state["g"]["players"]["0"]["weapons"]) == ["A", "A", "B"]


def test_expend_then_celestium_and_its_slot():
    # SC-ACT-EXPEND-01, SC-ACT-EXPEND-02 (the Reboot is never offered), SC-ACTGEN-05, SC-ACT-CELESTIUM-01
    state = row("I", 2)
    legal = [a.args[0] for a in ENGINE.legal_actions(state, 0)]
    hand = state["g"]["players"]["0"]["hand"]
    assert legal[0] == "decline" and set(legal[1:]) == {r for r in hand if not C.functions[r].no_expend}
    assert any(C.functions[r].no_expend for r in hand)
    assert ENGINE.visible_state(state, 1)["stack"][-1]["options"] == [None] * len(legal)  # nor the hand's cards
    assert ENGINE.visible_state(state, 0)["stack"][-1]["options"] == legal
    state, _ = ENGINE.apply(state, 0, act("pick", legal[1]))
    assert legal[1] in state["g"]["players"]["0"]["discard"]
    assert labels(state)[:2] == ["Slot 1 (Progress 1)", "Slot 2 (Energy 2)"]
    state, _ = ENGINE.apply(state, 0, act("pick", 1))
    assert state["g"]["players"]["0"]["celestium"] == [False, True, False] and state["g"]["supply"]["celestium"] == 15
    energy = state["g"]["players"]["0"]["energy"]
    state, _ = ENGINE.apply(state, 0, act("pick", "use"))
    assert state["g"]["players"]["0"]["energy"] == energy + 2


def test_declining_a_cost_skips_its_actions():
    # SC-ACTGEN-05
    state = row("I", 2)
    state, _ = ENGINE.apply(state, 0, act("pick", "decline"))
    assert state["g"]["players"]["0"]["celestium"] == [False, False, False]
    assert state["stack"][-1]["step"] == "load_return"


def test_progress_passes_bonuses():
    # SC-ACT-PROGRESS-01, SC-CALL-07, SC-CALL-09: I3 Expend 1 → Progress 2 (the same marker twice);
    # passing 6-7 takes the Level-2 Function
    state = row("I", 3, lambda g, p: p["knowledge"].update(C=5))
    state, _ = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[1])
    state, _ = ENGINE.apply(state, 0, act("pick", "C"))
    state, _ = ENGINE.apply(state, 0, act("pick", "C"))
    p = state["g"]["players"]["0"]
    assert p["knowledge"]["C"] == 7
    level2 = [r for r in C.intelligences["cerebrum"].functions
              if (C.functions[r].level, C.functions[r].domain) == ("2", "C")]
    assert all(r in p["hand"] for r in level2)


def test_refresh_from_the_discard_pile_and_the_active_function():
    # SC-ACT-REFRESH-01, SC-ACT-REFRESH-02, SC-ACT-REFRESH-03: I4 Celestium 1 + Refresh 2
    state = row("I", 4, lambda g, p: p.update(discard=[3]))
    state, _ = ENGINE.apply(state, 0, act("pick", 0))  # the Celestium's slot
    state, _ = ENGINE.apply(state, 0, act("pick", "skip"))
    assert labels(state) == ["Stop refreshing", f"Refresh {C.functions[3].name} from your Discard Pile",
                             f"Refresh {C.functions[5].name} (the Active Function)"]
    state, _ = ENGINE.apply(state, 0, act("pick", "d3"))
    state, _ = ENGINE.apply(state, 0, act("pick", "active"))
    p = state["g"]["players"]["0"]
    assert 3 in p["hand"] and 5 in p["hand"] and 5 not in p["discard"] and p["active"] is None


def test_create_at_the_ship():
    # SC-ACT-CREATE-01, SC-ACT-CREATE-02, SC-ACT-CREATE-04: C1 Create 2 into an Area beside the Ship, paid with Energy
    # then Weapons
    state = row("C", 1, lambda g, p: (p.update(energy=1, weapons=["B"]), g["supply"].update(weapons=19)))
    opts = [a.args[0] for a in ENGINE.legal_actions(state, 0)]
    assert opts == ["done", "s1a", "s1b", "s2a", "s2b"]  # an Axon costs 2: 1 Energy + a Basic Weapon
    state, _ = ENGINE.apply(state, 0, act("pick", "s2b"))
    p = state["g"]["players"]["0"]
    assert p["energy"] == 0 and p["weapons"] == [] and state["g"]["supply"]["weapons"] == 20
    placed = [b for b in state["g"]["bots"].values() if b["owner"] == 0 and b["size"] == 2 and b["at"]]
    assert len(placed) == 2
    assert state["stack"][-1]["step"] == "load_return"  # Size 2 used the whole Value


def test_fragment_bonus_and_the_empty_deck():
    # SC-CALL-08, SC-ACT-FRAGMENT-01, SC-ACT-FRAGMENT-02: passing 9-10 draws a Fragment; from an empty deck, 1 Data
    # instead
    def tweak(g, p):
        p["knowledge"]["T"] = 9
    state = at({"step": "call_domain"}, tweak)
    state, _ = ENGINE.apply(state, 0, act("domain", "T"))
    assert len(state["g"]["players"]["0"]["fragments"]) == 1 and len(state["g"]["fragments"]) == 47

    def empty(g, p):
        tweak(g, p)
        g["fragments"] = []
    state = at({"step": "call_domain"}, empty)
    data = state["g"]["players"]["0"]["data"]
    state, _ = ENGINE.apply(state, 0, act("domain", "T"))
    assert state["g"]["players"]["0"]["data"] == data + 1


def test_call_reset_with_celestium():
    # SC-CALL-04, SC-ACT-CELESTIUM-03b/04
    state = at({"step": "call_domain"}, lambda g, p: (p.update(mode="C", celestium=[True, False, False]),
                                                           g["supply"].update(celestium=15)))
    assert {a.args[0] for a in ENGINE.legal_actions(state, 0) if a.verb == "domain"} == {"I", "T"}
    state, _ = ENGINE.apply(state, 0, act("reset", 0))
    assert {a.args[0] for a in ENGINE.legal_actions(state, 0) if a.verb == "domain"} == set("CITE")
    assert state["g"]["supply"]["celestium"] == 16


def test_power_up_payments():
    # SC-RUN-06: a same-Domain card, a Celestium, or a same-Domain Energiser (+1 Data)
    state = through_setup(2, 5, CEREBRUM_KIRURGEON)
    p = state["g"]["players"]["0"]
    p["celestium"][2] = True
    p["hand"].append("EN-" + C.functions[1].domain + "1")
    state, _ = ENGINE.apply(state, 0, act("play", 1))
    verbs = [a.verb for a in ENGINE.legal_actions(state, 0)]
    assert verbs[0] == "no" and "celestium" in verbs and "energiser" in verbs
    assert all(C.functions[a.args[0]].domain == C.functions[1].domain
               for a in ENGINE.legal_actions(state, 0) if a.verb == "discard")
    assert ENGINE.default_action(state, 0) == act("no")  # §6.7
    data = p["data"]
    state, _ = ENGINE.apply(state, 0, next(a for a in ENGINE.legal_actions(state, 0) if a.verb == "energiser"))
    assert state["g"]["players"]["0"]["data"] == data + 1  # SC-ENERGISER-03


def test_load_take_back_and_refill():
    # SC-LOAD-02, SC-LOAD-03
    state = at({"step": "load_return"}, lambda g, p: p.update(queue=[2], celestium=[True, False, False]))
    state, _ = ENGINE.apply(state, 0, act("take_back", 0))
    p = state["g"]["players"]["0"]
    assert 2 in p["hand"] and p["queue"] == [] and state["stack"][-1]["step"] == "load_fill"


def test_reboot_safety_valve():
    # SC-RUN-13
    state = at({"step": "load_fill"}, lambda g, p: p.update(
        hand=[], queue=[], discard=[r for r in C.intelligences["cerebrum"].start_hand if r != 5]))
    state["g"]["players"]["1"]["hand"] = []
    state["g"]["players"]["1"]["discard"] = [r for r in C.intelligences["kirurgeon"].start_hand]
    state["stack"][-1] = {"step": "load_return", "seat": 0}
    state, _ = ENGINE.apply(state, 0, act("keep"))
    reboot = next(r for r in C.intelligences["kirurgeon"].functions if C.functions[r].family == "reboot")
    assert state["g"]["players"]["1"]["active"] == reboot
    assert state["stack"][-1] == {"step": "power_up", "seat": 1}


def test_end_at_fifty_data_with_fragments_and_power_ties():
    # SC-END-02, SC-END-03, SC-END-04, SC-TIE-01
    def tweak(g, p):
        p.update(data=50, fragments=[])
        g["players"]["1"].update(data=47, fragments=[3])
    state = at({"step": "load_return"}, tweak)
    state, _ = ENGINE.apply(state, 0, act("keep"))
    while state["result"] is None:
        assert state["stack"][-1]["step"] == "load_fill"
        state, _ = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0])
    result = state["result"]
    assert result["scores"] == {"1": 50, "0": 50}
    assert result["placings"] == [["1"], ["0"]] and result["winners"] == [1]  # Kirurgeon's higher POWER


def _ship(state, seat=0):
    return next(lk for lk, st in state["g"]["links"].items() if f"ship:{seat}" in st)


def test_fly_anywhere_but_onto_an_enemy_ship():
    # SC-ACT-FLY-01, SC-ACT-FLY-02, SC-EX-27: E1 Fly 1 + Mobilise 1
    state = row("E", 1)
    here, enemy = _ship(state), _ship(state, 1)
    links = [a.args[0] for a in ENGINE.legal_actions(state, 0)]
    assert links[-1] == "pause"  # SC-ACTGEN-03: the Fly may wait for the Mobilise it is joined to
    links = links[:-1]
    assert here not in links and enemy not in links and len(links) == len(state["g"]["links"]) - 2
    ruined = next(lk for lk in links if state["g"]["links"][lk] == ["ruins"])
    state, _ = ENGINE.apply(state, 0, act("pick", ruined))
    assert state["g"]["links"][ruined] == ["ruins", "ship:0"] and "ship:0" not in state["g"]["links"][here]
    assert state["stack"][-1]["op"]["effect"] == "mobilise"  # then the Mobilise 1


def test_mobilise_through_links_and_recover():
    # SC-ACT-MOBILISE-01, SC-ACT-MOBILISE-02, SC-ACT-MOBILISE-03, SC-ACT-MOBILISE-04: E2 Expend 1 → Mobilise 4; only
    # Linked Areas; a Stunned Bot Recovers using its Size
    state = row("E", 2)
    state, _ = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[1])
    g = state["g"]
    options = [a.args[0] for a in ENGINE.legal_actions(state, 0)]
    assert options[0] == "done"
    for token in options[1:]:
        _, src, dst = token[1:].split("-")
        assert dst in board.linked(Game(ENGINE, state, None), src, 0)
    bid = next(b for b, bot in g["bots"].items() if bot["owner"] == 0 and bot["at"] and bot["size"] == 2)
    state["g"]["bots"][bid]["stunned"] = True
    state = ENGINE.apply(state, 0, act("pick", "done"))[0]
    state = row("E", 2, lambda g, p: g["bots"][next(b for b, x in g["bots"].items() if x["owner"] == 0 and x["at"]
                                                    and x["size"] == 2)].update(stunned=True))
    state, _ = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[1])
    recover = next(a for a in ENGINE.legal_actions(state, 0) if str(a.args[0]).startswith("r2-"))
    state, _ = ENGINE.apply(state, 0, recover)
    assert not any(b["stunned"] for b in state["g"]["bots"].values())
    assert state["stack"][-1]["op"]["left"] == 2


def test_search_in_controlled_areas_only():
    # SC-ACT-SEARCH-01, SC-ACT-SEARCH-02, SC-ACT-SEARCH-03, SC-ACT-SEARCH-04, SC-REWARD-01: E3 Expend 1 → Search 2
    def away(g, p):  # Kirurgeon's Bots back to the Reserve: Cerebrum Controls where it stands
        for b in g["bots"].values():
            if b["owner"] == 1:
                b["at"] = None
    state = row("E", 3, away)
    state, _ = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[1])
    g = state["g"]
    options = [a.args[0] for a in ENGINE.legal_actions(state, 0)]
    mine = {aid for aid in g["areas"].values()
            if any(b["owner"] == 0 and b["at"] == aid for b in g["bots"].values())}
    assert options[0] == "done" and len(options) > 1
    for rid in options[1:]:
        aid = rid.split(".")[0]
        assert aid in mine
        assert not (rid.endswith(".d") and aid in g["relics"])  # covered by its Relic
    cheap = next(r for r in options[1:] if C.areas[r.split(".")[0]].rewards["abcd".index(r[-1])].cost == 1
                 and r.endswith(".a"))
    state, _ = ENGINE.apply(state, 0, act("pick", cheap))
    assert cheap not in [a.args[0] for a in ENGINE.legal_actions(state, 0)]
    data = state["g"]["players"]["0"]["data"]
    state, _ = ENGINE.apply(state, 0, act("pick", "done"))
    assert state["g"]["players"]["0"]["data"] == data + 1  # every '.a' Reward is Data 1
    assert state["g"]["turn"]["used_rewards"] == [cheap]  # SC-ACT-SEARCH-03


def test_control_needs_an_active_bot_and_ties_go_to_power():
    # SC-ACT-SEARCH-02, SC-TIE-01, SC-ACT-DISABLE-03
    state = through_setup(2, 5, CEREBRUM_KIRURGEON)
    g = state["g"]
    for b in g["bots"].values():
        b["at"] = None
    area = g["areas"]["H"]
    neurite, needle = "0.1.1", "1.1.1"  # Strength 1 each
    g["bots"][neurite]["at"] = g["bots"][needle]["at"] = area
    game = Game(ENGINE, state, None)
    assert board.controller(game, area) == 1  # Kirurgeon 3141 beats Cerebrum 1337
    g["bots"][needle]["stunned"] = True
    assert board.controller(game, area) == 0  # a Stunned Bot adds no Strength
    g["bots"][neurite]["stunned"] = True
    assert board.controller(game, area) is None


def test_upgrade_keeps_the_state():
    # SC-TERM-01, SC-EX-30: C4 Create 3 + Upgrade 1; the new Bot keeps the old one's state, the old goes back
    def tweak(g, p):
        bid = next(b for b, x in g["bots"].items() if x["owner"] == 0 and x["at"] and x["size"] == 1)
        g["bots"][bid]["stunned"] = True
    state = row("C", 4, tweak)
    state, _ = ENGINE.apply(state, 0, act("pick", "done"))  # Create nothing
    options = [a.args[0] for a in ENGINE.legal_actions(state, 0)]
    stunned = next(t for t in options if t.startswith("u1-") and t.endswith("-s"))
    area = stunned.split("-")[1]
    label = ENGINE.label(state, 0, act("pick", stunned))
    assert label == f"Upgrade a Neurite (Stunned) in {C.areas[area].name} to an Axon"
    state, _ = ENGINE.apply(state, 0, act("pick", stunned))
    bots = state["g"]["bots"]
    assert [b["size"] for b in bots.values() if b["owner"] == 0 and b["stunned"]] == [2]
    assert sum(1 for b in bots.values() if b["owner"] == 0 and b["at"] is None and b["size"] == 1) == 8


def test_chronoflux_pays_energy_for_phase_celestium():
    # ATT-TAC-1 (Tachyon): 2 Energy instead of 1 Celestium on a Power-Up, a Reset or a Load return
    state = through_setup(2, 5, {"intelligences": "tachyon,kirurgeon"})
    assert state["g"]["order"][0] == 0
    p = state["g"]["players"]["0"]
    p["energy"] = 2
    ref = ENGINE.legal_actions(state, 0)[0].args[0]
    state, _ = ENGINE.apply(state, 0, act("play", ref))
    assert act("chronoflux") in ENGINE.legal_actions(state, 0)
    assert ENGINE.label(state, 0, act("chronoflux")) == "Power-Up: pay 2 Energy (Chronoflux)"
    state["g"]["players"]["0"]["energy"] = 1
    assert act("chronoflux") not in ENGINE.legal_actions(state, 0)
    state = at({"step": "call_domain"}, lambda g, q: q.update(mode="C", energy=3), seed=5)
    assert act("flux_reset") not in ENGINE.legal_actions(state, 0)  # Cerebrum has no Chronoflux


def _duel(g, p):
    """Cerebrum's Axon and Kirurgeon's Needle and Blade in the Heart, nobody else on the map."""
    for b in g["bots"].values():
        b["at"] = None
    heart = g["areas"]["H"]
    for bid in ("0.2.1", "1.1.1", "1.2.1"):
        g["bots"][bid]["at"] = heart


def test_crush_destroys_for_data():
    # SC-ACT-CRUSH-01, SC-ACT-CRUSH-02, SC-ACT-CRUSH-03, SC-ACT-CRUSH-04: T2 Expend 1 → Crush (Size): the Axon deals
    # 2; a Needle (Strength 1) dies, 1 Data
    state = row("T", 2, _duel)
    state, _ = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[1])
    assert [a.args[0] for a in ENGINE.legal_actions(state, 0)] == [f"b2-{state['g']['areas']['H']}"]
    state, _ = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0])
    targets = labels(state)
    assert targets == ["1 Damage to a Kirurgeon Blade (1/3)", "1 Damage to a Kirurgeon Needle (1/1)",
                       "Stop assigning Damage"]
    data = state["g"]["players"]["0"]["data"]
    state, _ = ENGINE.apply(state, 0, act("pick", "t1.1.1"))
    state, _ = ENGINE.apply(state, 0, act("pick", "t1.2.1"))  # 1 of 3: no effect, cleared afterwards
    g = state["g"]
    assert g["bots"]["1.1.1"]["at"] is None and g["bots"]["1.2.1"]["at"] == g["areas"]["H"]
    assert g["players"]["0"]["data"] == data + 1


def test_disable_stuns_without_data():
    # SC-ACT-DISABLE-01, SC-ACT-DISABLE-06: T3 Expend 1 → Advanced Weapon 1 + Disable (Size+1)
    state = row("T", 3, _duel)
    state, _ = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[1])
    state, _ = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0])  # the Axon: Disable 3
    data = state["g"]["players"]["0"]["data"]
    for _ in range(3):
        state, _ = ENGINE.apply(state, 0, act("pick", "t1.2.1"))
    g = state["g"]
    assert g["bots"]["1.2.1"]["stunned"] and g["bots"]["1.2.1"]["at"] == g["areas"]["H"]
    assert g["players"]["0"]["data"] == data


def test_scavenge_names_its_value():
    # SC-ACTGEN-06, SC-CORE-05, SC-EX-16: '−? Energy → ?+1 Search'; ? = 3 pays 3 and Searches 4; ? = 0 Searches 1
    state = through_setup(2, 5, CEREBRUM_KIRURGEON)
    state["g"]["players"]["0"]["energy"] = 3
    for b in state["g"]["bots"].values():
        if b["owner"] == 1:
            b["at"] = None  # Cerebrum Controls where its Bots stand
    state, _ = ENGINE.apply(state, 0, act("play", 4))
    state, _ = ENGINE.apply(state, 0, act("no"))
    assert [a.args[0] for a in ENGINE.legal_actions(state, 0)] == [0, 1, 2, 3]
    assert ENGINE.label(state, 0, act("pick", 3)) == "Pay 3 Energy: Search 4"
    assert ENGINE.default_action(state, 0) == act("pick", 0)  # §6.7: ? = 0
    after, _ = ENGINE.apply(state, 0, act("pick", 3))
    assert after["g"]["players"]["0"]["energy"] == 0
    assert after["stack"][-1]["op"] == {**after["stack"][-1]["op"], "effect": "search", "left": 4}
    after, _ = ENGINE.apply(state, 0, act("pick", 0))
    assert after["stack"][-1]["op"] == {**after["stack"][-1]["op"], "effect": "search", "left": 1}


def test_errorful_learning_holds_destroyed_bots_then_gives_xp():
    # ATT-CER-1: Cerebrum's Destroyed Bots wait on the card; at the end of its Load Phase XP +1 and back to Reserve
    state = through_setup(2, 5, {"intelligences": "kirurgeon,cerebrum"})
    g = state["g"]
    assert g["order"] == [1, 0]
    for b in g["bots"].values():
        b["at"] = None
    heart = g["areas"]["H"]
    g["bots"]["0.2.1"]["at"] = g["bots"]["1.1.1"]["at"] = heart  # Kirurgeon's Blade, Cerebrum's Neurite
    g["players"]["0"]["knowledge"]["T"] = 10
    g["turn"] = {"seat": 0, "number": 2, "phase": "call", "first": True}
    ref = C.intelligences["kirurgeon"].start_hand[0]
    g["players"]["0"]["active"] = ref
    g["players"]["0"]["hand"].remove(ref)
    state["stack"][-1] = {"step": "subroutine", "seat": 0, "domain": "T"}
    state, _ = ENGINE.apply(state, 0, act("row", 4))  # Crush (Size+1) + Advanced Weapon 1
    state, _ = ENGINE.apply(state, 0, ENGINE.legal_actions(state, 0)[0])
    state, _ = ENGINE.apply(state, 0, act("pick", "t1.1.1"))
    state, _ = ENGINE.apply(state, 0, act("pick", "done"))
    assert state["g"]["bots"]["1.1.1"]["at"] == "errorful"
    assert ENGINE.view(state, None)["table"]["players"]["1"]["errorful"] == 1
    state["g"]["turn"]["seat"] = 1
    state["stack"][-1] = {"step": "load_return", "seat": 1}
    state["g"]["players"]["1"]["hand"] = []
    state, _ = ENGINE.apply(state, 1, act("keep"))
    assert state["g"]["bots"]["1.1.1"]["at"] is None and state["g"]["players"]["1"]["unique"]["xp"] == 5


def test_score_fragments_in_the_load_phase_to_reach_the_end():
    # SC-ACT-FRAGMENT-04, SC-END-05, SC-END-02: Scoring in your Load Phase can trigger the end check
    state = at({"step": "load_return"}, lambda g, p: p.update(data=47, fragments=[4, 1], queue=[1, 2]))
    assert ENGINE.label(state, 0, act("score_fragment", 4)) == "Score your 4-Data Fragment (Data 47 → 51)"
    state, _ = ENGINE.apply(state, 0, act("score_fragment", 4))
    assert state["g"]["players"]["0"]["data"] == 51 and state["g"]["players"]["0"]["fragments"] == [1]
    state, _ = ENGINE.apply(state, 0, act("keep"))
    assert state["result"] is not None and state["result"]["scores"]["0"] == 52

