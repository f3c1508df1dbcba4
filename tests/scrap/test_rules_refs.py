"""Card Reference notes (SC-REF-*) that need a table: each Function resolved from its data."""

from __future__ import annotations

from engines.core import Game, effects
from engines.scrap import interpreter
from engines.scrap.content import thaw

from .battles import area, assign, data, do, labels, options, pick, put, table, who
from .helpers import ENGINE

CER, TAC, KIR = 0, 1, 2
ANALYTIC = 3


def analytic_raid(slots_full: bool = False):
    """Cerebrum Power-Ups #3 Analytic Raid with a Celestium and Raids R2 (a Kirurgeon Needle there)."""
    state = table()
    g = state["g"]
    axon = put(state, CER, 2, "R2")[0]
    put(state, KIR, 1, "R2")
    p = g["players"][str(CER)]
    p.update(active=ANALYTIC, weapons=["B", "B", "B"] if slots_full else [], energy=0, data=0)
    p["celestium"][0] = True
    g["players"][str(KIR)].update(energy=0, weapons=[])
    state = do(state, CER, "celestium", 0)
    if slots_full:
        assert options(state)[0] == "decline"
        state = pick(state, "decline")
    state = pick(state, area(state, "R2"))  # the Raid's Area X
    while state["stack"][-1]["step"] != "battle_command":
        state = pick(state, options(state)[0] if who(state) != CER else
                     ("strike" if "strike" in options(state) else options(state)[0]))
    return state, axon


def test_analytic_raid_pays_its_data_only_when_the_tagged_weapon_is_equipped():
    # SC-REF-03: the Power-Up's Advanced Weapon; 2 Data at the reveal only if it is equipped in the Command Step
    state, axon = analytic_raid()
    assert state["g"]["players"][str(CER)]["weapons"] == ["A"]
    state = assign(state, CER, "brawl", arms=(axon,))
    state = assign(state, KIR, "probe")
    assert state["g"]["battle"]["equipped"] == {axon: "A"}
    assert state["stack"][-1]["op"]["effect"] == "probe_pick"  # the reveal is over, Commands not yet fought
    assert data(state, CER) == 2  # the delayed trigger's 2 Data at the reveal


def test_analytic_raid_without_equipping_gives_no_data():
    # SC-REF-03: equipping is optional, but then no Data
    state, _ = analytic_raid()
    state = assign(state, CER, "brawl", arms=("none",))
    state = assign(state, KIR, "probe")
    assert state["g"]["battle"]["equipped"] == {} and state["stack"][-1]["op"]["effect"] == "probe_pick"
    assert data(state, CER) == 0


def test_analytic_raid_declined_weapon_never_pays():
    # SC-REF-03: the Weapon was not taken (full slots, declined): an equipped Basic Weapon earns nothing
    state, axon = analytic_raid(slots_full=True)
    assert "battle.equipped_tag_data" not in state["g"]["battle"]["mods"]
    state = assign(state, CER, "brawl", arms=(axon, "none", "none"))
    state = assign(state, KIR, "probe")
    assert state["g"]["battle"]["equipped"] == {axon: "B"} and data(state, CER) == 0


ITERATIVE = 8


def iterative_forge(state, seat=CER):
    """Resolve #8 Iterative Forge's Power-Up alone (after: SWAP with Errorful Learning; IF swapped XP 1)."""
    g = Game(ENGINE, state, seat)
    g.g["turn"]["then"] = "call"
    g.g["players"][str(seat)]["active"] = ITERATIVE
    effects.push(g, effects.effect("node", seat, node=thaw(ENGINE.data.functions[ITERATIVE].power_up["effect"])))
    interpreter.drain(g)
    return state


def test_iterative_forge_swaps_with_errorful_learning_and_gains_xp():
    # SC-REF-08: like an Upgrade, but with Errorful Learning; same state; the old Bot onto Errorful Learning; +1 XP
    state = table()
    neurite = put(state, CER, 1, "R2", stunned=True)[0]
    axon = put(state, CER, 2, "R1")[0]
    put(state, CER, 1, "R1")
    g = state["g"]
    held = next(bid for bid, b in sorted(g["bots"].items()) if b["owner"] == CER and b["size"] == 2 and b["at"] is None)
    g["bots"][held]["at"] = "errorful"
    xp = g["players"][str(CER)]["unique"]["xp"]
    state = iterative_forge(state)
    r1, r2 = (ENGINE.data.areas[area(state, pos)].name for pos in ("R1", "R2"))
    assert sorted(labels(state)) == sorted([f"Swap your Neurite (Stunned) in {r2} for an Axon from Errorful Learning",
                                            f"Swap your Neurite in {r1} for an Axon from Errorful Learning"])
    state = pick(state, next(t for t, lab in zip(options(state), labels(state), strict=True) if r2 in lab))
    g = state["g"]
    assert g["bots"][held]["at"] == area(state, "R2") and g["bots"][held]["stunned"]  # the Stunned state is kept
    assert g["bots"][neurite]["at"] == "errorful" and g["bots"][axon]["at"] == area(state, "R1")
    assert g["players"][str(CER)]["unique"]["xp"] == xp + 1


def test_iterative_forge_without_a_swap_gives_no_xp():
    # SC-REF-08: "You must perform the swap in order to gain 1 XP" (nothing one Size larger held)
    state = table()
    put(state, CER, 1, "R2")
    xp = state["g"]["players"][str(CER)]["unique"]["xp"]
    state = iterative_forge(state)
    assert state["stack"][-1]["step"] == "call_domain"
    assert state["g"]["players"][str(CER)]["unique"]["xp"] == xp


BAITING = 29


def test_baiting_raid_moves_enemy_bots_only_into_the_chosen_area():
    # SC-REF-29, A-33: the Core's Mobilise may Move enemy Bots as if Kirurgeon owned them (their owner's Links),
    # but only into X; then the Battle starts in X
    state = table()
    g = state["g"]
    g["turn"]["seat"] = KIR
    put(state, KIR, 1, "R2")
    axon = put(state, CER, 1, "R1")[0]  # R1 and R2 share the empty Link L07 (SC-EX-09)
    put(state, CER, 2, "R1")  # too big for the Mobilise 1 (R2 is not enemy-Controlled)
    g["players"][str(KIR)].update(active=BAITING, energy=0)
    g["players"][str(KIR)]["celestium"][0] = True
    state["stack"] = [{"step": "power_up", "seat": KIR}]
    state = do(state, KIR, "celestium", 0)
    state = pick(state, area(state, "R2"))
    assert f"e{axon}" in options(state)
    r1, r2 = (ENGINE.data.areas[area(state, pos)].name for pos in ("R1", "R2"))
    assert labels(state)[options(state).index(f"e{axon}")] == f"Bait Cerebrum's Neurite in {r1} into {r2}"
    assert not any(t.startswith("e") and t != f"e{axon}" for t in options(state))
    state = pick(state, f"e{axon}")
    assert state["g"]["bots"][axon]["at"] == area(state, "R2")
    assert state["g"]["battle"]["area"] == area(state, "R2")


def test_without_power_up_the_raid_cannot_move_enemy_bots():
    # SC-REF-29: only the MOD allows it
    state = table()
    g = state["g"]
    g["turn"]["seat"] = KIR
    put(state, KIR, 1, "R2")
    put(state, CER, 2, "R1")
    g["players"][str(KIR)].update(active=BAITING, energy=0)
    state["stack"] = [{"step": "power_up", "seat": KIR}]
    state = do(state, KIR, "no")
    state = pick(state, area(state, "R2"))
    assert state["stack"][-1]["op"]["effect"] == "mobilise"
    assert not any(str(t).startswith("e") for t in options(state))


PERILOUS = 4


def perilous_table(powered: bool = True):
    """Cerebrum in R2 with an Axon and two Neurites (Size 2 + 1 + 1); Kirurgeon Controls R2 with two Size-3 Bots;
    Cerebrum pays 1 Energy: Search 2."""
    state = table()
    g = state["g"]
    put(state, CER, 2, "R2")
    put(state, CER, 1, "R2", 2)
    put(state, KIR, 3, "R2", 2)
    g["players"][str(CER)].update(active=PERILOUS, energy=1, data=0)
    g["players"][str(CER)]["celestium"][0] = True
    state = do(state, CER, "celestium" if powered else "no", *((0,) if powered else ()))
    state = pick(state, 1)  # ? = 1: pay 1 Energy, Search 2
    return state


def test_perilous_scavenge_pays_a_cost_2_reward_with_4_size_of_own_bots():
    # SC-REF-04, SC-EX-25 (EX-25h), SC-ACT-CRUSH-06: 4 Size of your Bots there Destroyed; onto Errorful Learning;
    # no Data for Destroying your own Bots
    from engines.scrap import board
    state = perilous_table()
    r2 = area(state, "R2")
    assert board.controller(Game(ENGINE, state, CER), r2) == KIR
    assert options(state) == ["done", f"{r2}.a", f"{r2}.b", f"{r2}.c"]  # Data 1 (1), Celestium + Energy (2),
    state = pick(state, f"{r2}.c")  # Data 3 (cost 2); the Relic-covered right-hand Reward is not offered
    assert state["stack"][-1]["op"]["effect"] == "destroy_own"
    assert labels(state)[0].startswith("Destroy your Neurite in") and "4 Size still to pay" in labels(state)[0]
    assert options(state) == ["1a", "2a"]
    state = pick(state, "2a")  # then only Neurites are left: they go without asking (2 more Size)
    g = state["g"]
    assert [b["at"] for b in g["bots"].values() if b["owner"] == CER].count("errorful") == 3
    assert data(state, CER) == 0  # Destroying your own Bots gives no Data
    assert options(state) == ["done"]  # Search 2 is spent; no Bot of yours left there
    state = pick(state, "done")
    assert data(state, CER) == 3


def test_scavenge_without_the_power_up_offers_nothing_where_you_lack_control():
    # SC-REF-04: only the MOD opens an Area you do not Control; SC-ACT-SEARCH-01
    state = perilous_table(powered=False)
    r2 = area(state, "R2")
    assert not any(str(t).startswith(r2 + ".") for t in options(state) or [])


MORPHING = 22


def test_morphing_manoeuvre_may_swap_each_moved_bot_for_another_size_from_the_reserve():
    # SC-REF-22: after each Move, an optional swap for a Bot of a different Size from the Reserve; no Energy
    state = table(2, {"intelligences": "entropy,kirurgeon"})
    ent = next(int(s) for s, p in state["g"]["players"].items() if p["intel"] == "entropy")
    state["g"]["turn"]["seat"] = ent
    state["stack"] = [{"step": "power_up", "seat": ent}]
    mover = put(state, ent, 1, "R1")[0]
    put(state, ent, 1, "R3")  # a second Bot keeps the Mobilise open
    p = state["g"]["players"][str(ent)]
    p.update(active=MORPHING, energy=3)
    p["celestium"][0] = True
    state = do(state, ent, "celestium", 0)
    r1, r2 = area(state, "R1"), area(state, "R2")
    state = pick(state, f"m1-{r1}-{r2}")
    assert options(state)[0] == "keep" and labels(state)[0] == "Keep the Bot (no swap)"
    assert {t.split("-")[-1] for t in options(state)[1:]} == {"2", "3"}  # a different Size only
    state = pick(state, next(t for t in options(state) if t.endswith("-3")))
    g = state["g"]
    new = next(bid for bid, b in g["bots"].items() if b["owner"] == ent and b["at"] == r2)
    assert g["bots"][new]["size"] == 3 and g["bots"][mover]["at"] is None
    assert g["players"][str(ent)]["energy"] == 3  # no Energy paid or gained
    assert state["stack"][-1]["op"]["effect"] == "mobilise" and new in state["stack"][-1]["op"]["moved"]
    assert not any(t.startswith(f"m3-{r2}") for t in options(state))  # the swapped-in Bot has Moved


def test_reformulating_raid_swaps_bots_in_a_command_and_moves_them_to_an_adjacent_one():
    # SC-REF-23, A-42: pick Command X; swap up to 2 Bots there for Reserve Bots (any Size, the Weapon of a
    # swapped-out Bot is discarded); then move some of the new Bots to a Command adjacent to X (Lead never)
    from .battles import start
    state = table()
    state["g"]["players"][str(CER)].update(weapons=["B"], energy=0)
    state["g"]["players"][str(KIR)].update(weapons=[], energy=0)
    n1, n2 = put(state, CER, 1, "R2", 2)
    put(state, KIR, 1, "R2")
    state = start(state, CER, "R2", mods={"battle.reformulate": {"max_swaps": 2}})
    state = pick(state, "strike") if who(state) == CER else state
    while state["stack"][-1]["step"] != "battle_command":
        state = pick(state, "pass" if "pass" in options(state) else options(state)[0])
    state = assign(state, CER, "fire", "fire", arms=(n1,))
    state = assign(state, KIR, "probe")
    assert state["stack"][-1]["op"]["effect"] == "reformulate"
    assert options(state) == ["skip", "cfire"]
    state = pick(state, "cfire")
    assert labels(state)[0] == "Swap no more Bots"
    assert labels(state)[1:] and all(lab.startswith("Swap your Neurite") for lab in labels(state)[1:])
    armed = next(t for t in options(state) if t.startswith(f"s{n1}-") and t.endswith("-3"))
    weapons = state["g"]["supply"]["weapons"]
    state = pick(state, armed)  # the armed Neurite out, a Size-3 Bot in: its Weapon is discarded
    b = state["g"]["battle"]
    assert n1 not in b["boards"] and n1 not in b["equipped"] and state["g"]["supply"]["weapons"] == weapons + 1
    new = next(bid for bid, c in b["boards"].items() if state["g"]["bots"][bid]["size"] == 3)
    assert b["boards"][new] == "fire" and state["g"]["bots"][new]["at"] == area(state, "R2")
    state = pick(state, "done")  # no second swap
    assert sorted(options(state)) == sorted(["done", f"m{new}-bolster", f"m{new}-brawl"])  # Fire's neighbours
    state = pick(state, f"m{new}-brawl")
    assert state["g"]["battle"]["boards"][new] == "brawl" and state["g"]["battle"]["boards"][n2] == "fire"
