"""MOVE, placement, the Core dial and AI encounters (SB-MOVE-*, SB-EX-06, SB-EX-07, SB-EX-25, SB-EX-33)."""

from engines.stress_botics import batteries
from engines.stress_botics.planet import destinations
from engines.stress_botics.tanks import holdings

from .engine_helpers import ENGINE, ctx, legal, new, p, placed, play, step_name


def moving(state, seat=0, left=1, card="MV10"):
    """Put ``seat`` in the middle of a MOVE."""
    state["stack"] = [{"step": "move", "seat": seat, "card": card, "slot": "1", "left": left, "first": True}]
    return state


def test_ex06_movement_points():
    # SB-EX-06, SB-MOVE-01, SB-MOVE-02
    for players, table in ((3, {8: 3, 5: 2, 2: 1}), (4, {8: 3, 5: 3, 2: 1})):
        state = new(players)
        g = ctx(state)
        for n, mp in table.items():
            p(state, 0)["track"] = ["bC"] * n
            assert batteries.movement_points(g, p(state, 0)) == mp
    p(state, 0)["shields"] = 0
    assert batteries.movement_points(g, p(state, 0)) == 6


def test_ex25_placing_mini_and_figure():
    # SB-EX-25, SB-MOVE-07, SB-MOVE-08, SB-MOVE-10, SB-MOVE-12
    state = new(4, first_game_layout=True)
    state["g"]["alphabot"].update(mv=4, square="ENTRY")
    state["g"]["core"]["dial"] = 0
    g = ctx(state)
    p(state, 0).update(mini="EPCi_A", square=None, track=["bC"] * 8)
    reach = destinations(g, 0, 3)
    assert ("MV4", "CORNER_B") in reach  # 1: from an E/P Vault → Corner-B
    assert ("MV4", "ENTRY") not in reach or reach[("MV4", "ENTRY")][1] >= 2
    p(state, 0).update(mini="DBM_A")
    assert ("MV4", "CORNER_A") in destinations(g, 0, 1)  # from a Delivery Base → Corner-A
    p(state, 0).update(mini="MV3", square=None)
    reach = destinations(g, 0, 3)
    assert ("CORE", None) in reach and ("MT", None) in reach and ("EPM_A", None) in reach  # 2, 4
    p(state, 0).update(mini="MV1")
    assert ("EPM_C", None) not in destinations(g, 0, 1)  # SB-MOVE-06: P3 and P4 fill vault 01's 2 spaces
    p(state, 3).update(mini="CORE")
    assert ("EPM_C", None) in destinations(g, 0, 1)  # 3: vault 01
    assert ("MV2", None) in destinations(g, 0, 1)  # 8: an inactive Main Vault (Neutral Zone)


def test_ex25_delivery_base_stress_on_arrival():
    # SB-EX-25 cases 5 and 6, SB-MOVE-08, SB-DELIVER-01
    state = new(4, first_game_layout=True)
    for seat, v in enumerate([0, 10, 20, 30]):
        p(state, seat)["stress"] = v
    p(state, 0).update(mini="EPCi_B", square=None, track=["bC"] * 8)
    state = play(moving(state), 0, "go:DBM_B")
    assert p(state, 0)["stress"] == 1 and step_name(state) == "keep"
    p(state, 0).update(mini="EPCo_B", square=None)
    state["g"]["padlocks"] = []
    state = play(moving(state), 0, "go:DBA_B")
    assert p(state, 0)["stress"] == 6 and step_name(state) == "keep"  # no ship in reach: nothing to decline


def test_ex33_leaving_the_core_without_a_tunnel():
    # SB-EX-33, SB-MOVE-04, SB-MOVE-05, AMB-37
    state = new(2)
    state["g"]["core"].update(dial=2, side="A")
    p(state, 0).update(mini="CORE", square=None, track=["bC", "bTi", "bSi"])
    g = ctx(state)
    reach = destinations(g, 0, 2)
    assert reach[("EPM_B", None)] == (2, 1) and reach[("EPCi_B", None)] == (2, 2)
    state = play(moving(state), 0, "go:EPCi_B")
    assert p(state, 0)["shields"] == 8
    state["g"]["core"]["side"] = "B"
    p(state, 0).update(mini="CORE", shields=10)
    assert destinations(ctx(state), 0, 2)[("EPM_B", None)] == (3, 1)
    p(state, 1).update(mini="EPM_B", square=None)
    assert ("CORE", None) not in destinations(ctx(state), 1, 2)  # no way in while s=2


def test_padlocks_block_edges():
    # SB-MOVE-04, spec 4.1.5
    state = new(2)
    p(state, 0).update(mini="MT", square=None)
    g = ctx(state)
    assert "PL_MT" in state["g"]["padlocks"]
    assert ("MV4", None) not in destinations(g, 0, 1)
    state["g"]["padlocks"].remove("PL_MT")
    assert ("MV4", None) in destinations(ctx(state), 0, 1)


def test_main_vault_squares_and_leaving():
    # SB-MOVE-09, SB-MOVE-11, SB-MOVE-14, SB-MOVE-15: any square for 1 MP, never AlphaBot's square
    state = new(2)
    state["g"]["alphabot"].update(mv=1, square="A2")
    p(state, 0).update(mini="MV1", square="CORNER_A")
    reach = destinations(ctx(state), 0, 1)
    squares = {sq for (node, sq) in reach if node == "MV1"}
    assert "A2" not in squares and {"EXIT", "B1", "HATCH", "TOP"} <= squares
    assert ("MV2", None) in reach  # leaving costs only the route (Exit is free)


def test_boosted_move_is_two_moves():
    # SB-MOVE-02, SB-MOVE-03
    state = new(2)
    p(state, 0).update(mini="MV1", square=None)
    state["g"]["alphabot"]["mv"] = 2
    state = play(moving(state, left=2), 0, "go:MV2:ENTRY")
    assert step_name(state) == "move" and "stop" in legal(state, 0)
    state = play(state, 0, "stop")
    assert step_name(state) == "keep"


def encounter_state(purple, yellow, pressure=1):
    state = new(2, first_game_layout=True)  # vault 01 Carbon at EPM_C
    state["g"]["pressure"] = pressure
    state["g"]["vaults"]["EPM_C"].update(side="A", res={})
    p(state, 1).update(mini="EPM_C", square=None, track=["bC"] * purple, ai="coop" if purple >= 6 else "comp")
    p(state, 0).update(mini="EPCi_C", square=None, track=["bC"] * yellow, ai="coop" if yellow >= 6 else "comp")
    return state


def test_ex07_cooperative_encounter():
    # SB-EX-07, SB-MOVE-20: Coop + Coop, each extracts at a pressure of its own choice, in turn order
    state = encounter_state(purple=7, yellow=6)
    before = [holdings(p(state, s)).get("C", 0) for s in (0, 1)]
    state = play(moving(state), 0, "go:EPM_C")
    assert step_name(state) == "encounter" and state["stack"][-1]["seat"] == 0
    assert "extract:4" in legal(state, 0)
    state = placed(play(state, 0, "extract:4"), 0)
    assert state["stack"][-1]["seat"] == 1
    state = placed(play(state, 1, "extract:4"), 1)
    after = [holdings(p(state, s)).get("C", 0) for s in (0, 1)]
    assert [a - b for a, b in zip(after, before, strict=True)] == [3, 3]
    assert p(state, 0)["shields"] == p(state, 1)["shields"] == 10 and step_name(state) == "keep"


def test_ex07b_no_encounter_with_a_cylindroid():
    # SB-EX-07 variant 07b, SB-MOVE-20
    state = encounter_state(purple=7, yellow=6)
    state["g"]["vaults"]["EPM_C"]["cylindroids"] = ["MIN"]
    state = play(moving(state), 0, "go:EPM_C")
    assert step_name(state) == "keep"


def test_ex07c_competitive_encounter():
    # SB-EX-07 variant 07c, SB-MOVE-20: Comp + Comp, each −1 shield, then extract at the current pressure
    state = encounter_state(purple=4, yellow=3)
    state = play(moving(state), 0, "go:EPM_C")
    assert p(state, 0)["shields"] == 9 and p(state, 1)["shields"] == 9
    assert legal(state, 0) == ["extract:1", "skip"]
    assert ENGINE.label(state, 0, ENGINE.legal_actions(state, 0)[0]) == "Extract 1 Carbon at pressure 1"


def test_no_encounter_at_delivery_bases_or_in_the_main_vault():
    # SB-MOVE-21, SB-BASIC-13 (the Neutral Zone never blocks), SB-BASIC-12 (the Main Vault = the active one)
    state = new(4)
    state["g"]["alphabot"].update(mv=1, square="ENTRY")
    for seat in (1, 2, 3):
        p(state, seat).update(mini="DBM_C", square=None, ai="comp")
    p(state, 0).update(mini="EPCi_C", square=None)
    state = play(moving(state), 0, "go:DBM_C")
    assert step_name(state) == "keep" and all(p(state, s)["shields"] == 10 for s in range(4))
    p(state, 1).update(mini="MV1", square="A1")
    p(state, 0).update(mini="MV1", square="CORNER_A")
    state = play(moving(state), 0, "go:MV1:A1")
    assert step_name(state) == "keep" and p(state, 0)["shields"] == 10
    assert ("MV1", None) not in destinations(ctx(state), 2, 3)  # MV1 is active: a square is needed


def test_partner_choice_and_shield_production_in_an_encounter():
    # SB-MOVE-20: with several BetaBots the mover picks one; in a Production Vault the work is Produce
    state = new(4, first_game_layout=True)
    state["g"]["core"]["dial"] = 0
    for seat in (1, 2):
        p(state, seat).update(mini="CORE", square=None, ai="comp")
    p(state, 3).update(mini="EPM_A")
    p(state, 0).update(mini="MV1", square=None, ai="comp")
    state = play(moving(state), 0, "go:CORE")
    assert step_name(state) == "partner" and legal(state, 0) == ["meet:1", "meet:2"]
    assert ENGINE.label(state, 0, ENGINE.legal_actions(state, 0)[1]) == "Meet {seat2}"
    state = play(state, 0, "meet:2")
    assert p(state, 2)["shields"] == 9 and p(state, 1)["shields"] == 10 and p(state, 0)["shields"] == 9
    shields = next(n for n, v in state["g"]["vaults"].items() if v["tile"] == "06")
    state = new(2, first_game_layout=True)
    state["g"]["pressure"] = 2
    p(state, 1).update(mini=shields, square=None, ai="coop", track=["bC"] * 6, shields=5)
    p(state, 0).update(mini="EPCo_B" if shields != "EPCo_B" else "EPCi_B", square=None, ai="coop",
                       track=["bC"] * 6, shields=5)
    state["g"]["padlocks"] = []
    state = play(moving(state), 0, f"go:{shields}")
    assert step_name(state) == "encounter" and "produce:0" in legal(state, 0)  # Coop + Coop: own pressure
    state = play(state, 0, "produce:0")
    assert p(state, 0)["shields"] == 8
