"""Card Reference notes (SC-REF-*) that need a table: each Function resolved from its data."""

from __future__ import annotations

from .battles import area, assign, data, do, options, pick, put, table, who

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
