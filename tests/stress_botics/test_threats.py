"""The Cylindroid belt, spawns and pushes, Phase 5 Cylindroids and AlphaBot under threat (rules version 2:
SB-SETUP-16, SB-P1-EVENT-13..19, SB-P5-CYL-*, SB-ALPHA-02..12, 21..23, 27/28, SB-EX-15, SB-EX-30)."""

from engines.core import effects
from engines.stress_botics import aggression, aggressive_cards, alphabot, cylindroids, elite, threats, waves

from .engine_helpers import ENGINE, ctx, new, p


def board(players=3, **options):
    """A v2 game with an empty belt, bag full, AlphaBot on MV1's Entry, every BetaBot off the Main Vault."""
    state = new(players, **options)
    g = state["g"]
    g["bag"] = {"MIN": 8, "LAS": 8, "EXP": 8}
    g["belt"] = [None] * 6
    g["cyl"] = {sq: [] for sq in threats.COMBAT}
    g["boxes"] = {}
    g["alphabot"].update(mv=1, square="ENTRY", shields=10, ai=0, tank={}, direction="U")
    g.update(phase="actions", last_turn=0)
    for seat in range(players):
        p(state, seat).update(mini="CORE", square=None)
    return state


def test_setup_fills_the_belt_by_player_count():
    # SB-SETUP-16, SB-SETUP-17 (the Elite's 7th segment is stage 5), SB-ALPHA-04 (Aggressive deck)
    for players, cyls, boxes in ((2, 12, 3), (4, 17, 4)):
        g = new(players)["g"]
        assert sum(len(s["cyl"]) for s in g["belt"]) == cyls and sum(s["boxes"] for s in g["belt"]) == boxes
        assert sum(g["bag"].values()) == 24 - cyls
        assert all(c in ("MIN", "LAS", "EXP") for s in g["belt"] for c in s["cyl"])  # Explosives disarmed
        assert sorted(g["aggressive"]["deck"]) == [f"G{i:02d}" for i in range(1, 11)]
        assert [len(s["cyl"]) for s in g["belt"]] == ([1, 2, 2, 2, 2, 3] if players == 2 else [2, 2, 3, 3, 3, 4])


def test_spawns_push_forward_from_the_far_end():
    # SB-P1-EVENT-14, SB-P1-EVENT-15, SB-P1-EVENT-16, SB-P1-EVENT-19
    state = board()
    g, gg = ctx(state), state["g"]
    gg["belt"][0] = {"cyl": ["MIN"], "boxes": 1}
    gg["belt"][2] = {"cyl": ["LAS", "EXP"], "boxes": 0}
    gg["belt"][3] = {"cyl": ["MIN", "MIN", "LAS"], "boxes": 1}
    waves.spawn(g, "A")
    assert gg["cyl"]["A1"] == ["MIN"] and gg["boxes"] == {"A1": 1} and gg["belt"][0] is None
    waves.spawn(g, "A+B")  # the first wave to A1 (pushing A1 → A2), the next to B1
    assert gg["cyl"]["A1"] == ["LAS", "EXP"] and gg["cyl"]["A2"] == ["MIN"] and gg["cyl"]["B1"] == ["MIN", "MIN", "LAS"]
    assert gg["boxes"] == {"CORNER_A": 1, "B1": 1}  # A1's Box went to Corner-A
    gg["belt"][4] = {"cyl": ["LAS", "LAS", "MIN"], "boxes": 1}
    target = threats.vault_target(g, "A2")
    gg["vaults"][target]["cylindroids"] = []
    waves.spawn(g, "A")  # A2 → its vault, A1 → A2, the wave → A1; a second Box to Corner-A is lost
    cap = ENGINE.data.vaults[gg["vaults"][target]["tile"]]["cylindroid_capacity"]
    assert gg["vaults"][target]["cylindroids"] == ["MIN"][:cap]
    assert gg["cyl"]["A2"] == ["LAS", "EXP"] and gg["boxes"]["CORNER_A"] == 1
    threats.into_vault(g, target, ["LAS", "EXP", "MIN"])  # Miners, then Explosives, then Lasers
    assert gg["vaults"][target]["cylindroids"][:2] == (["MIN", "MIN"] if cap == 2 else ["MIN"])[:2]


def test_alphabot_blocks_a_spawn_and_waves_push_betabots():
    # SB-P1-EVENT-17, SB-P1-EVENT-18 (AMB-38), SB-MOVE-16, SB-P1-EVENT-13
    state = board()
    g, gg = ctx(state), state["g"]
    gg["belt"][0] = {"cyl": ["MIN"], "boxes": 0}
    gg["alphabot"]["square"] = "A1"
    waves.spawn(g, "A")
    assert gg["belt"][0] == {"cyl": ["MIN"], "boxes": 0} and gg["cyl"]["A1"] == []
    gg["alphabot"]["square"] = "ENTRY"
    p(state, 1).update(mini="MV1", square="B1")
    waves.spawn(g, "B")
    assert effects.pending(g) == [{"effect": "cyl_push", "owner": 1, "square": "B1"}]
    gg["alphabot"]["mv"] = None
    gg["belt"][1] = {"cyl": ["LAS"], "boxes": 0}
    waves.spawn(g, "A")  # nothing spawns once AlphaBot has left MV6
    assert gg["belt"][1] is not None


def test_phase5_lasers_miners_explosives_and_movement():
    # SB-P5-CYL-02, SB-P5-CYL-04 (Laser), SB-P5-CYL-05 (Miner), SB-P5-CYL-06, SB-P5-CYL-07 (explosion),
    # SB-P5-CYL-09, SB-P5-CYL-10 (marker 0: no reaction), SB-ALPHA-09 (Ti into the tank)
    state = board()
    g, gg = ctx(state), state["g"]
    gg["cyl"].update(A1=["MIN", "EXP"], B1=["MIN", "LAS"], A2=["LAS"], B2=["MIN", "EXP!"])
    gg["boxes"] = {"CORNER_B": 1}
    p(state, 0).update(mini="MV1", square="A2", shields=9)
    for kind in ("LAS", "MIN", "EXP"):
        cylindroids.attack_type(g, kind)
    assert p(state, 0)["shields"] == 7 and gg["alphabot"]["shields"] == 6 and gg["alphabot"]["tank"] == {"Ti": 4}
    assert gg["cyl"] == {"A1": ["MIN", "EXP!"], "B1": ["MIN", "LAS"], "A2": ["LAS"], "B2": []}
    assert gg["boxes"] == {} and gg["bag"] == {"MIN": 9, "LAS": 8, "EXP": 9}
    cylindroids.move_all(g)
    assert gg["cyl"] == {"A1": ["EXP!"], "B1": ["LAS"], "A2": ["LAS", "MIN"], "B2": ["MIN"]}
    assert p(state, 0)["square"] == "A2"  # moving Cylindroids push nobody (AMB-54)


def test_cylindroids_in_a_vault_attack_only_betabots_there():
    # SB-P5-CYL-08, SB-P5-CYL-06
    state = board()
    g, gg = ctx(state), state["g"]
    node = next(iter(sorted(gg["vaults"])))
    gg["vaults"][node]["cylindroids"] = ["LAS", "EXP"]
    cylindroids.attack_type(g, "LAS")
    cylindroids.attack_type(g, "EXP")
    assert gg["vaults"][node]["cylindroids"] == ["LAS", "EXP!"] and gg["alphabot"]["shields"] == 10
    p(state, 2).update(mini=node, square=None, shields=10)
    cylindroids.attack_type(g, "EXP")  # armed, a BetaBot there: −2, everything in the vault to the bag
    assert p(state, 2)["shields"] == 8 and gg["vaults"][node]["cylindroids"] == []


def test_alphabot_runs_over_cylindroids():
    # SB-ALPHA-21, SB-ALPHA-22, SB-ALPHA-23, SB-ALPHA-02 (the reveal deferred while a Standard card resolves)
    state = board()
    g, gg = ctx(state), state["g"]
    gg["cyl"]["A2"] = ["LAS", "MIN", "EXP"]
    gg["boxes"]["A2"] = 1
    gg["alphabot"]["direction"] = "L"
    alphabot.step(g)
    assert gg["alphabot"]["square"] == "A2" and gg["cyl"]["A2"] == [] and "A2" not in gg["boxes"]
    assert gg["alphabot"]["tank"] == {"Ex": 1, "Si": 1, "C": 1, "Ti": 1, "Acid": 1, "bTi": 1}
    gg["alphabot"].update(square="ENTRY", ai=1, deferred=True)
    gg["cyl"]["A2"] = ["EXP!"]
    p(state, 0).update(mini="MV1", square="A2", shields=10)
    alphabot.step(g, queue=True)
    assert gg["alphabot"]["shields"] == 8 and p(state, 0)["shields"] == 9
    assert gg["alphabot"]["deferred_hit"] and [e["effect"] for e in effects.pending(g)] == ["push"]


def test_aggressive_loop_and_last_shield():
    # SB-ALPHA-03, SB-ALPHA-04, SB-ALPHA-05, SB-ALPHA-06, SB-ALPHA-10, SB-ALPHA-11, SB-ALPHA-07
    state = board()
    g, gg = ctx(state), state["g"]
    gg["alphabot"].update(shields=7, ai=2)
    gg["aggressive"] = {"deck": ["G07", "G01"], "discard": []}
    p(state, 0).update(mini="MV1", square="A2", shields=10, stress=0)
    effects.push(g, effects.effect("alphabot_loop", "alphabot"))
    effects.run(g)
    assert gg["alphabot"]["ai"] == 0 and gg["aggressive"]["discard"] == ["G07", "G01"]
    assert p(state, 0)["stress"] == 2 and p(state, 0)["shields"] == 8  # Tantrum, then Strike (A2 adjacent)
    assert aggression.reveal(g) is None  # marker 0: no Aggressive card for any reason
    gg["alphabot"]["shields"] = 1
    for seat, stress in enumerate((10, 20, 30)):
        p(state, seat)["stress"] = stress
    stress = [p(state, s)["stress"] for s in range(3)]
    aggression.lose(g, 1, "test")
    assert gg["alphabot"]["shields"] == 4 and [p(state, s)["stress"] for s in range(3)] == [x + 5 for x in stress]
    aggression.status(g)
    assert (gg["alphabot"]["control"], gg["alphabot"]["server"]) == ("B", "A")
    gg["alphabot"]["shields"] = 1
    aggression.status(g)
    assert (gg["alphabot"]["control"], gg["alphabot"]["server"]) == ("B", "B")


def test_ex30_returning_waves():
    # SB-EX-30, SB-ALPHA-27, SB-ALPHA-28 (AMB-30)
    state = board(3)
    g, gg = ctx(state), state["g"]
    gg["belt"] = [None, None, None, None, {"cyl": ["MIN"], "boxes": 0}, {"cyl": ["LAS"], "boxes": 0}]
    gg["cyl"].update(B1=["MIN", "LAS"], A1=["EXP!"], A2=["LAS"])
    gg["boxes"] = {"CORNER_A": 1}
    for seat, stress in enumerate((10, 20, 30)):
        p(state, seat)["stress"] = stress
    before = [p(state, s)["stress"] for s in range(3)]
    waves.return_waves(g)
    assert gg["belt"][3] == {"cyl": ["MIN", "LAS"], "boxes": 0} and gg["belt"][2] == {"cyl": ["EXP"], "boxes": 0}
    assert [p(state, s)["stress"] for s in range(3)] == [x + 4 for x in before]
    assert gg["cyl"] == {sq: [] for sq in threats.COMBAT} and gg["boxes"] == {}
    assert gg["vaults"][threats.vault_target(g, "A2", 1)]["cylindroids"] or gg["bag"]["LAS"] == 9


def test_ex15_full_phase5_with_the_elite():
    # SB-EX-15 in full, SB-P5-CYL-01, SB-ALPHA-01, SB-ALPHA-17, SB-ALPHA-20, SB-ELITE-01, SB-ELITE-02, SB-ELITE-08
    state = board(3)
    g, gg = ctx(state), state["g"]
    gg["alphabot"].update(direction="L", ai=0)
    gg["cyl"].update(A1=["MIN", "EXP"], B1=["MIN", "LAS"], A2=["LAS"], B2=["MIN", "EXP!"])
    gg["boxes"] = {"CORNER_B": 1}
    p(state, 0).update(mini="MV1", square="A2", shields=9)  # purple
    p(state, 1).update(mini="MV1", square="TOP", shields=10)  # yellow on top of AlphaBot
    p(state, 2).update(mini="MV1", square="HULL", shields=10)  # red in the hull
    gg["standard"]["deck"] = ["S01", *[c for c in gg["standard"]["deck"] if c != "S01"]]
    gg["aggressive"]["deck"] = ["G03", *[c for c in gg["aggressive"]["deck"] if c != "G03"]]
    elite.spawn(g)  # the Miner Elite (4 shields, AI mode) on the Hatch; its next card is EM-1 "Sawing attack"
    gg["elite"]["decks"]["miner"] = ["EM-1", "EM-2", "EM-3", "EM-4", "EM-E"]
    state["stack"] = [{"step": "activation", "seat": 0}]
    cylindroids.queue_phase5(g)
    effects.run(g)  # pauses: purple picks where AlphaBot pushes it
    assert gg["alphabot"]["square"] == "A2" and gg["alphabot"]["shields"] == 6
    state, _ = ENGINE.apply(state, 0, "pick:CORNER_A")
    gg = state["g"]
    assert gg["alphabot"]["tank"] == {"Ti": 5, "C": 1, "Si": 1, "Ex": 1}
    assert gg["cyl"] == {"A1": ["EXP!"], "B1": ["LAS"], "A2": [], "B2": ["MIN"]}
    assert p(state, 0)["square"] == "CORNER_A" and p(state, 0)["shields"] == 5
    assert p(state, 1)["shields"] == 10 and p(state, 2)["shields"] == 7 and p(state, 2)["square"] == "HULL"
    assert gg["alphabot"]["ai"] == 0 and (gg["alphabot"]["control"], gg["alphabot"]["server"]) == ("A", "A")
    assert gg["elite"]["shields"] == 3 and gg["elite"]["discard"] == ["EM-1"] and gg["elite"]["at"] == "HATCH"


def test_one_reaction_per_type_and_explosives_under_alphabot():
    # SB-P5-CYL-10 (one Aggressive card per type, not per shield), SB-P5-CYL-03 (riders are no targets),
    # SB-P5-CYL-11 (AlphaBot's attack sets off an armed Explosive), SB-ALPHA-08, SB-ALPHA-34
    state = board()
    g, gg = ctx(state), state["g"]
    gg["alphabot"]["ai"] = 2
    gg["cyl"].update(B1=["LAS"], A2=["LAS"])
    p(state, 1).update(mini="MV1", square="TOP", shields=10)
    cylindroids.attack_type(g, "LAS")
    assert gg["alphabot"]["shields"] == 8 and gg["alphabot"]["tank"] == {"Ti": 2} and p(state, 1)["shields"] == 10
    assert [e["effect"] for e in effects.pending(g)] == ["aggressive"]
    effects.pending(g).clear()
    gg["cyl"].update(B1=[], A2=["EXP!"])
    gg["alphabot"]["ai"] = 0
    aggression.attack(g)  # A2 is next to the Entry: the Explosive goes to the bag and costs AlphaBot 1
    assert gg["alphabot"]["shields"] == 7 and gg["cyl"]["A2"] == [] and p(state, 1)["shields"] == 8


def test_retreat_jumps_back_to_the_entry_or_attacks():
    # SB-ALPHA-33 (Retreat is the only backward move, inside the vault), SB-ALPHA-20
    state = board()
    g, gg = ctx(state), state["g"]
    gg["alphabot"]["square"] = "HATCH"
    p(state, 0).update(mini="MV1", square="ENTRY", shields=10)
    aggressive_cards.resolve(g, "G05")
    assert gg["alphabot"]["square"] == "ENTRY" and gg["alphabot"]["mv"] == 1
    assert effects.pending(g) == [{"effect": "push", "owner": 0, "square": "ENTRY"}]
    effects.pending(g).clear()
    p(state, 0)["square"] = "A2"
    aggressive_cards.resolve(g, "G05")  # already on the Entry: it attacks instead
    assert p(state, 0)["shields"] == 8


def test_leaving_main_vault_6_ends_the_waves():
    # SB-ALPHA-31, SB-ALPHA-32 (the Cylindroids follow steps 6-7), SB-P1-EVENT-13
    state = board()
    g, gg = ctx(state), state["g"]
    gg["alphabot"].update(mv=6, square="EXIT")
    gg["cyl"]["B1"] = ["MIN"]
    gg["belt"][0] = {"cyl": ["LAS"], "boxes": 0}
    alphabot.leave_vault(g)
    # segment 1 is occupied: no empty segment before it, so B1's wave goes to the bag (SB-ALPHA-28)
    assert gg["alphabot"]["mv"] is None and gg["belt"][0] == {"cyl": ["LAS"], "boxes": 0}
    assert gg["bag"]["MIN"] == 9
    waves.spawn(g, "A+B")
    assert gg["cyl"] == {sq: [] for sq in threats.COMBAT}


def test_a2_and_b2_share_a_crust_vault_by_type_order():
    # SB-P5-CYL-09 (type order settles room), SB-P1-EVENT-19; MV4's A2 and B2 both lead to EPCi_A
    state = board()
    g, gg = ctx(state), state["g"]
    gg["alphabot"].update(mv=4, square="EXIT")
    node = threats.vault_target(g, "A2")
    assert node == threats.vault_target(g, "B2")
    gg["vaults"][node]["cylindroids"] = []
    room = ENGINE.data.vaults[gg["vaults"][node]["tile"]]["cylindroid_capacity"]
    gg["cyl"].update(A2=["EXP!"], B2=["MIN", "MIN"])
    cylindroids.move_all(g)
    assert sorted(gg["vaults"][node]["cylindroids"]) == sorted(["MIN", "MIN", "EXP!"][:room])
    assert len(gg["cyl"]["A2"]) + len(gg["cyl"]["B2"]) == 3 - room  # the rest stay where they were


def test_boxes_alone_go_to_the_corner_even_beside_alphabot():
    # SB-P1-EVENT-16, SB-P1-EVENT-18: only Cylindroids are stopped by AlphaBot's square
    state = board()
    g, gg = ctx(state), state["g"]
    gg["alphabot"]["square"] = "A2"
    gg["boxes"] = {"A1": 1}
    gg["belt"][0] = {"cyl": ["LAS"], "boxes": 0}
    waves.spawn(g, "A")
    assert gg["cyl"]["A1"] == ["LAS"] and gg["boxes"] == {"CORNER_A": 1}
