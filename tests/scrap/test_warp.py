"""Tachyon's WARP Core and Tampering Warp's MOD (SC-REF-58, ATT-TAC-2; spec 4.10 WARP, SC-EX-25o)."""

from __future__ import annotations

import json

from engines.core import Game
from engines.scrap import interpreter, warp

from .battles import area, labels, options, pick, put, ship, table, who
from .helpers import ENGINE
from .test_atoms import run_as

CER, TAC, KIR = 0, 1, 2
TAMPERING = 58


def warp_table(queue_left: int | None):
    state = table()
    p = state["g"]["players"][str(TAC)]
    p["celestium"] = [True, True, False, False]
    p["queue"] = [queue_left] if queue_left else []
    return state


def first_forge():
    return next(r for r, f in sorted(ENGINE.data.functions.items()) if f.family == "forge")


def test_warp_pays_size_minus_1_celestium_relocates_and_runs_the_function_left_of_it():
    # SC-REF-58, ATT-TAC-2 (Time Dilation: Size - 1, min 1), spec 4.10 WARP steps 1-4
    forge = first_forge()
    state = warp_table(forge)
    pulse = put(state, TAC, 2, "R1")[0]
    state = run_as(state, TAC, TAMPERING)
    state = ENGINE.apply(state, TAC, next(a for a in ENGINE.legal_actions(state, TAC) if a.verb == "no"))[0]
    assert labels(state)[0] == "Pay 1 Celestium"  # a Size-2 Bot: 2 - 1 (Time Dilation)
    state = pick(state, "pay")
    assert sum(state["g"]["players"][str(TAC)]["celestium"]) == 1
    to = options(state)[0]
    assert labels(state)[0].startswith("Relocate it to")
    state = pick(state, to)
    assert state["g"]["bots"][pulse]["at"] == to and to != area(state, "R1")
    p = state["g"]["players"][str(TAC)]
    assert p["queue"] == [] and state["g"]["turn"]["extra"] == [forge]
    assert who(state) == TAC


def test_tampering_warp_mod_adds_1_to_action_values_but_not_costs():
    # SC-REF-58 (#58 MOD: every Action Value +1, not Costs; a Warp there gets nothing), SC-EX-25o
    tree = {"seq": [{"op": "create", "v": 5}, {"cost": {"op": "pay_e", "v": 2}, "then": {"op": "search", "v": 3}},
                    {"op": "refresh", "v": "*"}]}
    out = warp.bump(tree, 1)
    assert out["seq"][0]["v"] == 6 and out["seq"][1]["cost"]["v"] == 2 and out["seq"][1]["then"]["v"] == 4
    assert out["seq"][2]["v"] == "*"
    g = Game(ENGINE, table(), TAC)
    assert '"warp_plus": 1' in json.dumps(interpreter.build(g, TAMPERING, True))  # Powered-Up: the MOD
    assert "warp_plus" not in json.dumps(interpreter.build(g, TAMPERING, False))


def test_the_extra_function_may_be_powered_up_paying_again():
    # spec §4.10 WARP step 3 ("You may Power-Up it, paying again"), A-13: the extra step is its own Run Step;
    # SC-RUN-06 (the payments); declining is the default
    forge = first_forge()
    state = warp_table(forge)
    put(state, TAC, 2, "R1")
    ship(state, TAC, "L11")
    p = state["g"]["players"][str(TAC)]
    p.update(celestium=[True, True, True, False], energy=9)
    same = sorted(c for c in p["hand"] if isinstance(c, int)
                  and ENGINE.data.functions[c].domain == ENGINE.data.functions[forge].domain)
    state = run_as(state, TAC, TAMPERING)
    state = ENGINE.apply(state, TAC, next(a for a in ENGINE.legal_actions(state, TAC) if a.verb == "no"))[0]
    state = pick(state, "pay")
    state = pick(state, options(state)[0])
    name = ENGINE.data.functions[forge].name
    assert state["stack"][-1]["op"]["effect"] == "extra_power_up"
    assert labels(state)[0] == f"No Power-Up for {name}"
    assert f"Power-Up {name}: spend the Celestium in slot 2" in labels(state)  # slot 1 paid the Warp
    assert [t for t in options(state) if t.startswith("d")] == [f"d{c}" for c in same]
    assert ENGINE.effects["extra_power_up"].choose_default(None, state["stack"][-1]["op"], options(state)) == "no"
    before = state["g"]["supply"]["celestium"]
    state = pick(state, "c1")
    p = state["g"]["players"][str(TAC)]
    assert not p["celestium"][1] and state["g"]["supply"]["celestium"] == before + 1
    creates = [e for e in [state["stack"][-1].get("op", {}), *state["effects"]] if e.get("effect") == "create"]
    assert creates and creates[0]["left"] == 7  # SC-EX-25 (EX-25a): Endless Forge Powered-Up is Create 7


def test_lightspeed_warp_power_up_crushes_with_the_relocated_bot_only():
    # SC-REF-65: "the first" is the Bot the Core relocated; none relocated: the Power-Up does nothing
    from engines.scrap.content import thaw
    tree = thaw(ENGINE.data.functions[65].power_up["effect"])
    state = warp_table(None)
    pulse = put(state, TAC, 2, "R2")[0]
    put(state, KIR, 1, "R2")
    state["g"]["turn"]["seat"] = TAC
    from .battles import run_effect
    idle = run_effect(state, TAC, "node", node=tree)
    assert idle["stack"][-1]["step"] == "call_domain"  # nothing relocated
    state = warp_table(None)
    pulse = put(state, TAC, 2, "R2")[0]
    put(state, KIR, 1, "R2")
    state["g"]["turn"].update(seat=TAC, relocated=pulse)
    state = run_effect(state, TAC, "node", node=tree)
    crush = state["stack"][-1]["op"]
    assert crush["effect"] == "crush" and crush["bot"] == pulse and crush["left"] == 3  # Size 2 + 1
