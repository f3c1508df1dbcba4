"""The rulebook's worked examples (SC-EX-*) as scenarios on hand-set tables."""

from __future__ import annotations

from engines.core import Game, act
from engines.scrap import board, phases

from .battles import area, data, do, options, pick, put, run_effect, ship, table
from .helpers import ENGINE

CER, TAC, KIR = 0, 1, 2


def test_call_phase_example():
    # SC-EX-02, SC-CALL-01, SC-CALL-02, SC-CALL-04, SC-CALL-05, SC-CALL-12
    state = table()
    p = state["g"]["players"]["0"]
    p.update(mode="C", energy=3, celestium=[True, False, False])
    p["knowledge"]["I"] = 4
    state["stack"] = [{"step": "call_domain", "seat": CER}]
    legal = ENGINE.legal_actions(state, CER)
    assert act("reset", 0) in legal  # offered, declined below
    assert sorted(a.args[0] for a in legal if a.verb == "domain") == ["I", "T"]  # not E, opposite C
    hand = list(p["hand"])
    state = do(state, CER, "domain", "I")
    p = state["g"]["players"]["0"]
    assert p["knowledge"]["I"] == 5 and p["hand"] == hand  # no bonus between 4 and 5
    assert [a.args[0] for a in ENGINE.legal_actions(state, CER)] == [1, 2, 3]
    state = do(state, CER, "row", 1)
    p = state["g"]["players"]["0"]
    assert p["energy"] == 5 and sum(p["celestium"]) == 1 and p["mode"] == "I"


def test_load_phase_example():
    # SC-EX-03, SC-LOAD-01, SC-LOAD-02, SC-LOAD-03, SC-LOAD-06
    state = table()
    p = state["g"]["players"]["0"]
    p.update(active=1, queue=[9], hand=[2, 5], celestium=[True, False, False], discard=[])
    g = Game(ENGINE, state, CER)
    from engines.scrap import flow
    flow.after_call(g, CER)
    assert state["stack"][-1]["step"] == "load_return" and state["g"]["players"]["0"]["discard"] == [1]
    state = do(state, CER, "keep")
    state = do(state, CER, "queue", 5)
    p = state["g"]["players"]["0"]
    assert p["queue"] == [5, 9] and p["hand"] == [2]  # F2 rightmost (next Active), F3 to its left
    assert state["g"]["turn"]["seat"] != CER  # the turn is over


def test_create_example_vulkanos():
    # SC-EX-04, SC-ACT-CREATE-01, SC-ACT-CREATE-02, SC-ACT-WEAPONS-03
    state = table(3, {"intelligences": "cerebrum,vulkanos,tachyon"})
    vul = next(int(s) for s, p in state["g"]["players"].items() if p["intel"] == "vulkanos")
    state["g"]["turn"]["seat"] = vul
    ship(state, vul, "L07")
    a, b = area(state, "R1"), area(state, "R2")
    state["g"]["players"][str(vul)].update(energy=1, weapons=["B"])
    supply = state["g"]["supply"]["weapons"]
    state = run_effect(state, vul, "node", node={"op": "create", "v": 5})
    assert all(t == "done" or t[1] in "12" for t in options(state))  # no Inferno: 4 Energy is out of reach
    for token in ("s1a", "s1a", "s1b", "s2b"):
        state = pick(state, token)
        state = _pay_if_asked(state, vul)
    g = state["g"]
    placed = [x for x in g["bots"].values() if x["owner"] == vul and board.in_play(x)]
    assert sorted((x["size"], x["at"] == a) for x in placed) == [(1, False), (1, True), (1, True), (2, False)]
    assert not any(x["stunned"] for x in placed) and {x["at"] for x in placed} <= {a, b}
    assert g["players"][str(vul)]["energy"] == 0 and g["players"][str(vul)]["weapons"] == []
    assert g["supply"]["weapons"] == supply + 1
    assert state["stack"][-1]["step"] == "call_domain"  # Size 5 used up: no 6th point


def _pay_if_asked(state, seat):
    while state["stack"][-1]["step"] == "choose" and state["stack"][-1]["op"]["effect"] != "create":
        state = pick(state, options(state)[-1] if "weapon" in str(options(state)) else options(state)[0])
    return state


def test_mobilise_examples_a_b_c():
    # SC-EX-05 (empty Link: legal for both), SC-EX-06 (Ruins on top: illegal for all), SC-EX-07 (Cerebrum's
    # Ship on top, with and without Ruins under it: legal for Cerebrum only)
    state = table()
    g = Game(ENGINE, state, CER)
    p, q = area(state, "R1"), area(state, "R2")
    links = state["g"]["links"]
    assert links["L07"] == []
    assert q in board.linked(g, p, CER) and q in board.linked(g, p, TAC)
    links["L07"][:] = ["ruins"]
    assert q not in board.linked(g, p, CER) and q not in board.linked(g, p, TAC)
    for under in ([], ["ruins"]):
        links["L07"][:] = [*under, "ship:0"]
        assert q in board.linked(g, p, CER) and q not in board.linked(g, p, TAC)


def test_fragment_deck_empty():
    # SC-EX-23, A-7: one card left, Fragment 2: draw it and 1 Data for the missing one
    state = table()
    state["g"]["fragments"] = [3]
    state["g"]["players"]["0"].update(fragments=[], data=0)
    state = run_effect(state, CER, "node", node={"op": "fragment", "v": 2})
    assert state["g"]["players"]["0"]["fragments"] == [3] and data(state, CER) == 1


def test_end_of_game_with_fragments_and_a_tie():
    # SC-EX-24, SC-END-02, SC-END-03, SC-END-04, SC-END-05: the check waits for the end of the turn; every
    # Fragment is Scored; the tie goes to the higher POWER
    state = table(3, {"intelligences": "cerebrum,tachyon,vulkanos"})
    seat = {p["intel"]: int(s) for s, p in state["g"]["players"].items()}
    players = state["g"]["players"]
    players[str(seat["tachyon"])].update(data=50, fragments=[3])
    players[str(seat["vulkanos"])].update(data=49, fragments=[4])
    players[str(seat["cerebrum"])].update(data=30, fragments=[2])
    assert ENGINE.outcome(state) is None  # Tachyon reached 50 mid-turn: no end yet
    g = Game(ENGINE, state, seat["vulkanos"])
    state["g"]["turn"]["seat"] = seat["vulkanos"]
    phases.next_turn(g, seat["vulkanos"])
    out = ENGINE.outcome(state)
    assert out is not None
    assert {s: players[str(x)]["data"] for s, x in seat.items()} == {"tachyon": 53, "vulkanos": 53, "cerebrum": 32}
    assert out["winners"] == [seat["vulkanos"]]  # 4203 > 2012


def test_search_example():
    # SC-EX-26, SC-REWARD-02 (all picks committed, then resolved together), SC-ACT-SEARCH-03
    state = table(2, {"intelligences": "cerebrum,vulkanos"})
    vul = 1 - CER if state["g"]["players"]["1"]["intel"] == "vulkanos" else CER
    cer = 1 - vul
    r1, r2 = area(state, "R1"), area(state, "R2")
    put(state, cer, 2, "R1")
    put(state, vul, 2, "R1")
    put(state, cer, 1, "R2")
    put(state, cer, 2, "R2", stunned=True)
    put(state, vul, 3, "R2", stunned=True)
    g = Game(ENGINE, state, cer)
    assert board.controller(g, r1) == vul and board.controller(g, r2) == cer
    state["g"]["players"][str(cer)].update(energy=4, data=10)
    state["g"]["turn"]["seat"] = cer
    state = run_effect(state, cer, "node", node={"op": "search", "v": 4})
    offered = [t for t in options(state) if t != "done"]
    assert offered and all(t.startswith(r2 + ".") for t in offered)
    assert not any(t.startswith(r1) for t in offered)
    covered = [r.id for r in ENGINE.data.areas[r2].rewards if r.right_hand]
    assert r2 not in state["g"]["relics"] or not set(covered) & set(offered)
    first = offered[0]
    state = pick(state, first)
    assert first not in options(state)  # never twice
    state = pick(state, "done")
    assert first in state["g"]["turn"]["used_rewards"]


def test_mobilise_example_recover_one_move_per_bot_obstacles():
    # SC-EX-28, SC-ACT-MOBILISE-01..04, A-18 (a Recovery uses the Bot's Size)
    state = table(2, {"intelligences": "cerebrum,tachyon"})
    cer = next(int(s) for s, p in state["g"]["players"].items() if p["intel"] == "cerebrum")
    tac = 1 - cer
    axon = put(state, cer, 2, "R1")[0]
    n1 = put(state, cer, 1, "R1", stunned=True)[0]
    n2 = put(state, cer, 1, "R2")[0]
    ship(state, tac, "L01")
    r1, r2, h = area(state, "R1"), area(state, "R2"), area(state, "H")
    state["g"]["turn"]["seat"] = cer
    state = run_effect(state, cer, "node", node={"op": "mobilise", "v": 4})
    assert not any(t.endswith(f"-{h}") for t in options(state))  # Tachyon's Ship tops L01
    state = pick(state, f"m2-{r1}-{r2}")
    state = pick(state, f"r1-{r1}")
    assert not any(t.startswith(f"m2-{r2}") for t in options(state))  # the Axon has Moved
    assert not any(t.startswith(f"m1-{r1}") or t.startswith(f"r1-{r1}") for t in options(state))  # N1 done
    state = pick(state, f"m1-{r2}-{r1}")
    g = state["g"]["bots"]
    assert g[axon]["at"] == r2 and g[n1]["at"] == r1 and not g[n1]["stunned"] and g[n2]["at"] == r1
    assert state["stack"][-1]["step"] == "call_domain"  # 2 + 1 + 1 = 4: the Value is spent


def test_progress_passes_a_bonus_then_the_marker_must_move():
    # SC-EX-33, SC-ACT-PROGRESS-01..03, SC-CALL-01..06
    state = table()
    p = state["g"]["players"]["0"]
    p.update(mode="I", celestium=[True, False, False])
    p["knowledge"]["I"] = 3
    assert 12 in p["box"]
    state = run_effect(state, CER, "node", node={"op": "progress", "v": 1})
    assert "I" in options(state)
    state = pick(state, "I")
    p = state["g"]["players"]["0"]
    assert p["knowledge"]["I"] == 4 and 12 in p["hand"] and 12 not in p["box"]
    assert state["stack"][-1]["step"] == "call_domain"  # no Subroutine
    assert sorted(a.args[0] for a in ENGINE.legal_actions(state, CER) if a.verb == "domain") == ["C", "E"]
    state = do(state, CER, "reset", 0)
    assert sorted(a.args[0] for a in ENGINE.legal_actions(state, CER) if a.verb == "domain") == ["C", "E", "I", "T"]


def test_refresh_takes_back_the_active_function_and_casual_queue_limit():
    # SC-EX-34, SC-ACT-REFRESH-01..03, SC-LOAD-01, SC-LOAD-03, SC-VARIANT-03, SC-ACT-ENERGY-01 (the cap of 9)
    for casual in (False, True):
        state = table()
        p = state["g"]["players"]["0"]
        p.update(active=7, queue=[2], discard=[3, 4], hand=[5], energy=8, queue_limit=1 if casual else 2)
        from .test_atoms import run_as
        state = do(run_as(state, CER, 7), CER, "no")
        for token in ("active", "d3", "d4"):
            state = pick(state, token)
        if state["stack"][-1]["step"] == "choose":
            state = pick(state, "done")
        p = state["g"]["players"]["0"]
        assert p["energy"] == 9 and sorted(c for c in p["hand"] if isinstance(c, int)) == [3, 4, 5]
        while state["stack"][-1]["step"] not in ("load_return", "load_fill"):
            state = ENGINE.apply(state, CER, ENGINE.default_action(state, CER))[0]
        assert 7 in state["g"]["players"]["0"]["hand"] and 7 not in state["g"]["players"]["0"]["discard"]
        state = do(state, CER, "keep") if state["stack"][-1]["step"] == "load_return" else state
        if casual:
            assert state["g"]["players"]["0"]["queue"] == [2]
        else:
            assert state["stack"][-1]["step"] == "load_fill"
