"""Plus-joined Actions resolved part by part in the player's order, and Rewards added together
(SC-ACTGEN-03, SC-CORE-01, SC-CORE-02, SC-REF-02, SC-REWARD-03)."""

from __future__ import annotations

from engines.core import Game
from engines.scrap import interpreter, plus

from .battles import area, labels, options, pick, put, run_effect, ship, table
from .helpers import ENGINE
from .test_rules_refs2 import play

CER, TAC, KIR = 0, 1, 2


def effect_of(state):
    return state["stack"][-1]["op"]["effect"] if state["stack"][-1]["step"] == "choose" else None


def test_forge_may_gain_the_weapon_before_the_create_and_spend_it():
    # SC-CORE-01, SC-ACTGEN-03: Create 5 + Basic Weapon 1; with no Energy, the Weapon first pays a Size-2 Bot
    state = table()
    ship(state, CER, "L10")
    p = state["g"]["players"][str(CER)]
    p.update(energy=1, weapons=[])
    seen = []

    def policy(s):
        seen.append((effect_of(s), options(s)))
        if effect_of(s) == "create" and "pause" in options(s) and len(seen) == 1:
            return "pause"
        if effect_of(s) == "plus":
            return next(t for t, lab in zip(options(s), labels(s), strict=False) if "Weapon" in lab)
        if effect_of(s) == "create":
            return "s2a" if "s2a" in options(s) else "done"
        return None
    state, texts = play(state, CER, 1, False, policy=policy)
    assert "s2a" not in seen[0][1] and "pause" in seen[0][1]  # 1 Energy: no Size-2 Bot (cost 2) at first
    assert seen[1][0] == "plus" and len(seen[1][1]) == 2  # the Weapon, or go on with the Create
    bots = [b for b in state["g"]["bots"].values() if b["owner"] == CER and b["at"] is not None]
    assert [b["size"] for b in bots] == [2]  # 1 Energy + the Basic Weapon (1) paid for it
    assert state["g"]["players"][str(CER)]["weapons"] == [] and any("pauses the Create" in t for t in texts)


def test_manoeuvre_moves_some_bots_flies_then_moves_more():
    # SC-CORE-02, SC-ACTGEN-03: Move through the Link under your Ship, Fly it away, then Move more Bots
    state = table()
    a, b = put(state, CER, 1, "H", 2)
    ship(state, CER, "L02")  # Heart of Seratus-R2, on Ruins
    steps = iter(["move", "pause", "fly", "L12", "mobilise", "move2", "done"])
    log = []

    def policy(s):
        eff, opts = effect_of(s), options(s)
        log.append(eff)
        want = next(steps, None)
        if eff == "mobilise" and want == "move":
            return f"m1-{area(s, 'H')}-{area(s, 'R2')}"
        if eff == "mobilise" and want in ("pause", "done"):
            return want
        if eff == "plus":
            kind = "Fly" if want == "fly" else "Mobilise"
            return next(t for t, lab in zip(opts, labels(s), strict=False) if kind in lab)
        if eff == "fly":
            return want
        if eff == "mobilise" and want == "move2":  # the Ruins close H-R2 now (the Ship left): go by L01 to R1
            assert f"m1-{area(s, 'H')}-{area(s, 'R2')}" not in opts
            return f"m1-{area(s, 'H')}-{area(s, 'R1')}"
        return "done" if "done" in opts else None
    state, _texts = play(state, CER, 2, False, policy=policy)
    g = state["g"]
    assert sorted([g["bots"][a]["at"], g["bots"][b]["at"]]) == sorted([area(state, "R2"), area(state, "R1")])
    assert "ship:0" in g["links"]["L12"] and log[:4] == ["mobilise", "mobilise", "plus", "fly"]


def test_guarding_manoeuvre_crush_comes_before_the_search():
    # SC-REF-02: the Power-Up's Crush may go among the Moves, but the Search 1 waits for it
    tree = interpreter.build(Game(ENGINE, table(), CER), 2, True)
    assert tree["late"] == "search"
    state = table()
    put(state, CER, 2, "R1")
    put(state, KIR, 1, "R1")
    ship(state, CER, "L07")
    order = []

    def policy(s):
        eff = effect_of(s)
        order.append(eff)
        if eff == "mobilise" and len(order) == 1:
            return "pause"
        if eff == "plus":
            labs = labels(s)
            assert not any("Search" in lab for lab in labs), labs  # never before the Crush
            return next((t for t, lab in zip(options(s), labs, strict=False) if "Crush" in lab), options(s)[0])
        return None
    state, _texts = play(state, CER, 2, True, policy=policy)
    assert "crush" in order
    crush_at = order.index("crush")
    assert all(e != "search" for e in order[:crush_at])


def test_two_create_rewards_may_become_one_create_4():
    # SC-REWARD-03, SC-REWARD-01: Rust Flats' and Iron Marsh's Create 2 added together deploy a Size-3 Bot
    for join in ("jcreate", "nojoin"):
        state = table()
        put(state, CER, 1, "R4")
        put(state, CER, 1, "R5")
        ship(state, CER, "L10")
        state["g"]["players"][str(CER)]["energy"] = 4
        state = run_effect(state, CER, "node", node={"op": "search", "v": 2})
        state = pick(state, "A01.b")
        state = pick(state, "A06.a")
        state = pick(state, "done")
        assert options(state) == ["jcreate", "nojoin"]
        assert labels(state)[0] == "Add them together: Create 4"
        state = pick(state, join)
        if join == "jcreate":
            assert "s3a" in options(state)  # Size 3 fits a Create 4
            state = pick(state, "s3a")
        else:
            assert "s3a" not in options(state)


def test_two_identical_parts_left_are_one_choice():
    # SC-ACTGEN-03: after a pause, the parts left are offered once each ("Now: Fragment 1" never twice)
    g = Game(ENGINE, table(), CER)
    fragment, energy = {"node": {"op": "fragment", "v": 1}}, {"node": {"op": "energy", "v": 2}}
    item = {"parts": [fragment, dict(fragment), energy], "ask": True, "joined": True, "owner": CER, "pid": 1}
    tokens = plus.run_plus(g, item)
    assert tokens == ["p0", "p2"]
    words = [plus.label_plus(g, item, t) for t in tokens]
    assert len(set(words)) == 2 and words[0].startswith("Now: ")
