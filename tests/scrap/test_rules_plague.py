"""Entropy's Plagues and the Control they change (SC-REF-19, 24, 26, 56; SC-GOLDEN-03, SC-ATTR-04)."""

from __future__ import annotations

from .battles import area, labels, options, put, ship, table
from .ref_support import CER3, ENT, EVC, KIR, TAC, VUL, eff, p
from .test_rules_refs2 import clean, play


def infect(state, seat, *bids):
    p(state, seat)["unique"].setdefault("infected", []).extend(bids)
    p(state, seat)["unique"]["virus"] -= len(bids)


def test_chronic_plague_infected_bots_count_for_you_and_give_data_at_the_end_of_the_run_phase():
    # SC-REF-19 (spec 4.10 PLAGUE): in the chosen Area, Infected enemy Bots count for your Strength, not their
    # owner's; at the end of the Run Phase you gain 1 Data if you Control it
    from engines.core import Game
    from engines.scrap import board

    from .helpers import ENGINE
    state = table(3, EVC)
    put(state, ENT, 1, "R2")
    big = put(state, VUL, 3, "R2")[0]  # Strength 5 against Entropy's 1
    infect(state, ENT, big)
    p(state, ENT)["unique"]["virus"] = 0  # no Infection at the end of the Run Phase
    assert board.controller(Game(ENGINE, state, ENT), area(state, "R2")) == VUL
    before = p(state, ENT)["data"]
    state, texts = play(state, ENT, 19, False, policy=lambda s: "done" if eff(s) == "search" else None)
    assert any("Controls the Plague Area" in t for t in texts) and clean(texts)
    assert p(state, ENT)["data"] == before + 1
    g = Game(ENGINE, state, ENT)
    assert state["g"]["turn"]["phase"] == "call" and not g.g["turn"].get("control")  # the Core's ends here
    assert board.controller(g, area(state, "R2")) == VUL


def test_chronic_plague_powered_lasts_the_turn_and_triggers_twice_more():
    # SC-REF-19: the Power-Up extends it to the end of your turn: Call and Load Phases trigger too
    from .helpers import ENGINE
    state = table(3, EVC)
    put(state, ENT, 1, "R2")
    big = put(state, VUL, 3, "R2")[0]
    infect(state, ENT, big)
    p(state, ENT)["unique"]["virus"] = 0
    before = p(state, ENT)["data"]
    state, _texts = play(state, ENT, 19, True, policy=lambda s: "done" if eff(s) == "search" else None)
    assert p(state, ENT)["data"] == before + 1 and state["g"]["turn"]["control"][0]["until"] == "end_of_turn"
    for _ in range(40):  # the rest of the turn, first choices
        if state["g"]["turn"]["seat"] != ENT:
            break
        seat = ENGINE.active(state)[0]
        state, _ = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    gained = state["g"]["players"][str(ENT)]["data"] - before
    assert gained >= 3  # Run, Call and Load Phase ends (the Call Phase's row may add more)


def test_infection_and_the_plague_check_together_the_current_player_orders_them():
    # SC-GOLDEN-03, SC-ATTR-04: at the end of the Run Phase Infection and the Plague trigger coincide; the
    # Infection could swing Control of the Plague Area, so Entropy chooses the order
    for first in ("infection", "plague"):
        state = table(3, EVC)
        put(state, ENT, 1, "R2")
        put(state, VUL, 2, "R2")  # Strength 3 against 1: Entropy does not Control R2 yet
        p(state, ENT)["unique"]["virus"] = 1
        seen = []

        def policy(s, first=first, seen=seen):
            if eff(s) == "search":
                return "done"
            if eff(s) == "trigger_order":
                seen.append(labels(s))
                return first
            if eff(s) == "virus":
                return next(t for t in options(s) if t != "done")
            return None
        before = p(state, ENT)["data"]
        state, texts = play(state, ENT, 19, False, policy=policy)
        assert seen == [["Infection first, then the Plague's Data check",
                         "The Plague's Data check first, then Infection"]]
        assert p(state, ENT)["data"] == before + (1 if first == "infection" else 0), (first, texts)


def test_without_a_conflict_the_attribute_comes_first_without_asking():
    # SC-GOLDEN-03 (spec 6.5): asked only when the two triggers conflict; otherwise Attributes first
    state = table(3, EVC)
    put(state, ENT, 1, "R2")
    put(state, ENT, 1, "R4")
    put(state, VUL, 1, "R4")  # the only Infection target, far from the Plague Area
    p(state, ENT)["unique"]["virus"] = 1
    effects_seen = []

    def policy(s):
        effects_seen.append(eff(s))
        if eff(s) == "search":
            return "done"
        if eff(s) == "choose_area":
            return area(s, "R2")
        return None
    state, texts = play(state, ENT, 19, False, policy=policy)
    assert "trigger_order" not in effects_seen and "virus" in effects_seen
    assert texts.index(next(t for t in texts if "Infects" in t)) < texts.index(
        next(t for t in texts if "Controls the Plague Area" in t))


def test_maddening_plague_new_infected_bots_move_and_crush_for_you():
    # SC-REF-26 (ruling): Virus 2 on enemy Bots beside yours; those Bots Move by their owner's Links and each may
    # Crush for you before or after its Move; the Plague then counts them for you
    state = table(3, EVC)
    put(state, ENT, 1, "R2")
    puppet = put(state, VUL, 2, "R2")[0]
    victim = put(state, CER3, 1, "R1")[0]
    order = []

    def policy(s):
        e = eff(s)
        order.append(e)
        if e == "virus":
            return next(t for t in options(s) if t != "done")
        if e == "mobilise" and f"o{puppet}-{area(s, 'R1')}" in options(s):
            return f"o{puppet}-{area(s, 'R1')}"
        if e == "mobilise":
            return "pause" if "pause" in options(s) else "done"
        if e == "each_bot":
            return puppet if puppet in options(s) else "done"
        if e == "crush":
            return next((t for t in options(s) if t == f"t{victim}"), "done")
        if e == "search":
            return "done"
        return None
    before = p(state, ENT)["data"]
    state, texts = play(state, ENT, 26, True, policy=policy)
    g = state["g"]
    assert g["bots"][puppet]["at"] == area(state, "R1") and g["bots"][victim]["at"] == "errorful"
    assert puppet in p(state, ENT)["unique"]["infected"] and clean(texts)  # the token stays (ruling)
    assert p(state, ENT)["data"] >= before + 1  # the Cerebrum Bot's Strength 1


def test_metastatic_scavenge_infected_bots_give_control_even_without_your_bots():
    # SC-REF-24: for its Search, Infected enemy Bots count as your Active Bots in every Area, no Bot of yours
    state = table(3, EVC)
    puppet = put(state, VUL, 1, "R4")[0]  # Rust Flats (A01), no Entropy Bot there
    infect(state, ENT, puppet)
    p(state, ENT)["energy"] = 0
    seen = []

    def policy(s):
        if eff(s) == "search":
            seen.append(options(s))
            return "done"
        return None
    play(state, ENT, 24, True, policy=policy)
    assert any(t.startswith("A01.") for t in seen[0])
    state = table(3, EVC)
    puppet = put(state, VUL, 1, "R4")[0]
    infect(state, ENT, puppet)
    p(state, ENT)["energy"] = 0
    seen.clear()
    play(state, ENT, 24, False, policy=policy)
    assert not seen or not any(t.startswith("A01.") for t in seen[0])  # unpowered: Vulkanos Controls it


def test_swooping_scavenge_controls_the_areas_beside_the_ship_with_an_active_bot():
    # SC-REF-56: Fly 1, then for the rest of the Function you Control each Area beside your Ship holding your
    # Active Bot
    state = table()
    put(state, TAC, 1, "R4")
    put(state, KIR, 3, "R4")
    ship(state, TAC, "L07")
    p(state, TAC)["energy"] = 0
    seen = []

    def policy(s):
        if eff(s) == "fly":
            return "L10"  # R4-R5
        if eff(s) == "search":
            seen.append(options(s))
            return "done"
        return None
    state, texts = play(state, TAC, 56, True, policy=policy)
    assert any(t.startswith("A01.") for t in seen[0]) and clean(texts)
    assert not state["g"]["turn"].get("control")  # it ended with the Function
