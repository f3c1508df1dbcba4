"""Relic installation with cumulative slot bonuses (SC-RELIC-*, SC-EX-21, SC-EX-32, SC-ENERGISER-01/02)."""

from __future__ import annotations

from .battles import data, options, pick, run_effect, table
from .helpers import ENGINE

CER = 0


def test_relic_installation_example():
    # SC-EX-21, SC-RELIC-01, SC-RELIC-02, SC-RELIC-03, SC-RELIC-04, SC-RELIC-07, SC-RELIC-08, SC-ENERGISER-01,
    # SC-ENERGISER-04 (a Termination Energiser in hand cannot pay Theorise)
    state = table()
    p = state["g"]["players"]["0"]
    p.update(data=10, hand=[1, 4, "EN-T2"], relics=[{"id": "RL-C1", "slot": 1, "domain": "C"},
                                           {"id": "RL-I1", "slot": 2, "domain": "I"}])
    p["knowledge"]["T"] = 2
    state = run_effect(state, CER, "relic_install", relic="RL-T1", slot=None)
    assert options(state) == [3, 4]
    state = pick(state, 3)
    assert options(state) == [1, 2, 3]  # SC-RELIC-08: the player orders the bonuses
    state = pick(state, 1)
    p = state["g"]["players"]["0"]
    assert p["knowledge"]["T"] == 4 and 10 in p["hand"]  # 2 → 3 → 4: the Level-1 Termination Function
    assert data(state, CER) == 12
    assert options(state) == [2, 3]
    state = pick(state, 2)
    assert options(state) == ["decline", 4, 10]  # Theorise: Termination cards only, never an Energiser
    state = pick(state, 4)
    p = state["g"]["players"]["0"]
    assert data(state, CER) == 16 and sum(isinstance(c, str) for c in p["hand"]) == 2  # + a Termination Energiser
    assert [r["slot"] for r in p["relics"]] == [1, 2, 3]


def test_fifth_relic():
    # SC-EX-32, SC-RELIC-05
    state = table()
    p = state["g"]["players"]["0"]
    p.update(data=20, hand=[5, 1], relics=[{"id": f"RL-{d}1", "slot": i + 1, "domain": d}
                                           for i, d in enumerate("CITE")])
    p["knowledge"]["I"] = 8
    state = run_effect(state, CER, "relic_install", relic="RL-I2", slot=None)
    assert options(state) == [1, 2, 3, 4]  # SC-RELIC-08: the order of the four bonuses
    state = pick(state, 1)
    state = pick(state, 2)
    assert options(state) == ["decline", 5]  # no slot question: straight to the bonuses
    state = pick(state, 5)
    p = state["g"]["players"]["0"]
    assert p["knowledge"]["I"] == 10 and len(p["fragments"]) == 1 and data(state, CER) == 26
    state = pick(state, 3)  # Energise; Execute is the last one left and resolves without asking the order
    assert options(state) == [1, 2, 3, 4]  # Execute: any Innovation row
    state = pick(state, 1)
    assert len(state["g"]["players"]["0"]["relics"]) == 4


def test_no_energiser_left_gives_nothing():
    # SC-ENERGISER-02: the Energise bonus with the Domain's Energisers gone
    state = table()
    state["g"]["supply"]["energisers"]["C"] = []
    p = state["g"]["players"]["0"]
    p.update(hand=[2], relics=[{"id": "RL-I1", "slot": 3, "domain": "I"}])
    state = run_effect(state, CER, "relic_install", relic="RL-C1", slot=None)
    state = pick(state, 1)
    state = pick(state, 1)  # slot order
    assert state["stack"][-1]["step"] == "call_domain"  # Advance (slot 1) and Energise (slot 3) resolved
    assert not any(isinstance(c, str) for c in state["g"]["players"]["0"]["hand"])


def test_energiser_power_up():
    # SC-EX-22, SC-ENERGISER-03, SC-ENERGISER-04: only the same Domain's Energiser; +1 Data; it can be Refreshed
    state = table()
    p = state["g"]["players"]["0"]
    p.update(data=10, active=3, hand=[1, "EN-T1", "EN-C1"])  # Analytic Raid is a Termination Function
    legal = [a for a in ENGINE.legal_actions(state, CER) if a.verb == "energiser"]
    assert [a.args[0] for a in legal] == ["EN-T1"]
    state, _ = ENGINE.apply(state, CER, legal[0])
    p = state["g"]["players"]["0"]
    assert p["data"] == 11 and "EN-T1" in p["discard"] and "EN-C1" in p["hand"]


def test_the_installing_player_orders_the_bonuses():
    # SC-RELIC-08, A-48: Execute before Advance; readable labels; the default is slot order
    from .battles import labels
    state = table()
    p = state["g"]["players"]["0"]
    p.update(data=0, hand=[], relics=[{"id": "RL-I1", "slot": 4, "domain": "I"}])
    p["knowledge"]["T"] = 2
    state = run_effect(state, CER, "relic_install", relic="RL-T1", slot=None)
    state = pick(state, 1)  # the new Relic into slot 1 (Advance)
    assert options(state) == [1, 4]
    assert labels(state) == ["Advance next (slot 1): Progress in Termination and 1 Data",
                             "Execute next (slot 4): resolve a Termination Subroutine row"]
    handler = ENGINE.effects["relic_order"]
    assert handler.choose_default(None, state["effects"][0], [4, 1]) == 1
    state = pick(state, 4)
    assert options(state) == [1, 2, 3, 4]  # Execute's row first; Advance still waits
    assert state["g"]["players"]["0"]["knowledge"]["T"] == 3 and data(state, CER) == 1  # basic reward only
