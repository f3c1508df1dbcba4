"""The last Card Reference notes (SC-REF-*): each Function resolved from its data, Core and Power-Up."""

from __future__ import annotations

from .battles import area, labels, options, put, ship, table
from .test_rules_refs2 import clean, play

CER, TAC, KIR = 0, 1, 2
ENT, VUL, CER3 = 0, 1, 2
EVC = {"intelligences": "entropy,vulkanos,cerebrum"}
OLY = {"intelligences": "olympus,tachyon,kirurgeon"}


def eff(state):
    return state["stack"][-1]["op"]["effect"] if state["stack"][-1]["step"] == "choose" else None


def by_label(state, text):
    return next(t for t, lab in zip(options(state), labels(state), strict=True) if text in lab)


def p(state, seat):
    return state["g"]["players"][str(seat)]


def test_autothytic_spark_costs_the_bots_size_and_destroys_it():
    # SC-REF-12, SC-ACT-CRUSH-05: the Cost "-S Energy" is the performing Bot's Size; the Bot then goes to
    # Errorful Learning (Cerebrum)
    for size in (1, 2, 3):
        state = table()
        mine = put(state, CER, size, "R2")[0]
        foe = put(state, KIR, 1, "R2")[0]
        p(state, CER).update(energy=5, hand=[])
        seen = []

        def policy(s, seen=seen):
            if eff(s) == "pay":
                seen.append(labels(s)[0])
                return "pay"
            return None
        state, texts = play(state, CER, 12, True, policy=policy)
        assert seen and seen[0].startswith(f"Pay {size} Energy")
        assert p(state, CER)["energy"] == 5 + 2 - size and clean(texts)
        assert state["g"]["bots"][mine]["at"] == "errorful" and state["g"]["bots"][foe]["at"] is None


def test_synthesising_spark_scores_one_just_drawn_fragment_back_into_the_deck():
    # SC-REF-05: Fragment 2, then Score one of those two; it is shuffled back into the deck
    state = table()
    p(state, CER).update(fragments=[9], hand=[])
    state["g"]["fragments"] = [2, 3, 4, 4]
    seen = []

    def policy(s):
        if eff(s) == "score":
            seen.append(options(s))
            return 3
        return None
    state, texts = play(state, CER, 5, True, policy=policy)
    assert seen == [[3, 2, "done"]]  # never the 9 held before
    assert sorted(p(state, CER)["fragments"]) == [2, 9] and sorted(state["g"]["fragments"]) == [3, 4, 4]
    assert clean(texts)


def test_spelunking_manoeuvre_draws_one_fragment_per_ruins_link_crossed():
    # SC-REF-09: Ruins under your Ship count when your Bots Move through that Link, each Ruins once
    state = table()
    put(state, CER, 1, "H", 2)
    ship(state, CER, "L02")  # Heart of Seratus - R2, on Ruins
    state["g"]["fragments"] = [2, 3, 4, 4]
    p(state, CER)["fragments"] = []
    moves = iter([f"m1-{area(state, 'H')}-{area(state, 'R2')}"] * 2)

    def policy(s):
        if eff(s) == "mobilise":
            return next((m for m in moves if m in options(s)), "done")
        if eff(s) == "fly":
            return "L10"
        if eff(s) == "score":
            return options(s)[0]
        return None
    state, texts = play(state, CER, 9, True, policy=policy)
    assert any("draws 1 Fragment." in t for t in texts)  # two Bots through one Ruins Link: one Fragment
    assert p(state, CER)["data"] >= 2 and len(state["g"]["fragments"]) == 4  # Scored, shuffled back


def test_replicating_study_deploys_one_bot_per_enemy_size_in_the_chosen_area():
    # SC-REF-13: the chosen Area need not be one you Moved into; enemy Sizes 1 and 3 there: total Size <= 3
    state = table()
    put(state, CER, 1, "R3")
    put(state, KIR, 1, "R3")
    put(state, KIR, 3, "R3")
    seen = []

    def policy(s):
        if eff(s) == "mobilise":
            return "done"
        if eff(s) == "deploy_sizes":
            seen.append(options(s))
        return None
    state, texts = play(state, CER, 13, True, policy=policy)
    mine = sorted(b["size"] for b in state["g"]["bots"].values() if b["owner"] == CER and b["at"] == area(state, "R3"))
    assert seen[0] == [1, 3, "done"] and mine == [1, 1]  # a Size 1 first leaves 2: the Size 3 no longer fits
    assert p(state, CER)["data"] >= 2 and clean(texts)  # the Core: 2 enemy Bots there, 2 Data


def test_replicating_study_area_without_enemy_bots_gives_no_data():
    # SC-REF-13: an Area with no enemy Bots gives 0 Data
    state = table()
    put(state, CER, 1, "R3")
    before = p(state, CER)["data"]
    state, texts = play(state, CER, 13, False, policy=lambda s: "done" if eff(s) == "mobilise" else None)
    assert p(state, CER)["data"] == before and clean(texts)


def test_faustian_forge_the_named_opponent_chooses_succumb_or_resist():
    # SC-REF-14: the opponent picks; Succumb: they gain 2 Energy and you Infect one of their Bots; Resist: 2 Data
    for side in ("succumb", "resist"):
        state = table(3, EVC)
        ship(state, ENT, "L07")
        foe = put(state, VUL, 2, "R5")[0]
        p(state, VUL)["energy"] = 1
        asked = []

        def policy(s, side=side, asked=asked):
            if eff(s) == "name_player":
                return VUL
            if eff(s) == "choice_side":
                asked.append(s["stack"][-1]["seat"])
                return side
            if eff(s) == "create":
                return "done"
            return None
        before = p(state, ENT)["data"]
        state, texts = play(state, ENT, 14, True, policy=policy)
        assert asked == [VUL] and clean(texts)
        if side == "succumb":
            assert p(state, VUL)["energy"] == 3 and foe in p(state, ENT)["unique"]["infected"]
        else:
            assert p(state, ENT)["data"] == before + 2 and p(state, VUL)["energy"] == 1


def test_seductive_spark_succumbing_player_uses_the_celestium_slot_first():
    # SC-REF-25: the target places the Celestium and resolves that slot's Action at once, before your Core
    state = table(3, EVC)
    put(state, VUL, 1, "R5")
    p(state, VUL)["celestium"] = [False] * len(p(state, VUL)["celestium"])
    order = []

    def policy(s):
        e = eff(s)
        order.append((e, s["stack"][-1]["seat"]))
        if e == "name_player":
            return VUL
        if e == "choice_side":
            assert labels(s) == ["Succumb: you gain Celestium 1; Entropy Infects one of your Bots",
                                 "Resist: Entropy gains Celestium 1"]
            return "succumb"
        if e == "slot_action":
            return "use" if s["stack"][-1]["seat"] == VUL else "skip"
        return None
    state, texts = play(state, ENT, 25, True, policy=policy)
    assert sum(p(state, VUL)["celestium"]) == 1 and clean(texts)
    assert ("slot_action", VUL) in order and ("celestium", VUL) in order
    at = [next(i for i, t in enumerate(texts) if text in t) for text in
          ("chooses Succumb", "{seat1} puts a Celestium", "Fissure between", "{seat0} gains 2 Energy")]
    assert at == sorted(at)  # the slot's Action (Vulkanos: Fissure 1) before the Core


def test_infectious_manoeuvre_lands_on_an_enemy_ship_and_infects_beside_it():
    # SC-REF-15, SC-ACT-FLY-04: the Ship lands on top; Virus on one of that player's Bots beside the Link; their
    # Bots may no longer cross it, the covered Ship may still Fly away and Deploy
    from engines.core import Game
    from engines.scrap import board

    from .helpers import ENGINE
    state = table(3, EVC)
    ship(state, ENT, "L01")
    ship(state, VUL, "L07")  # R1-R2
    foe = put(state, VUL, 1, "R1")[0]
    put(state, VUL, 1, "R6")
    put(state, ENT, 1, "R3")
    seen = []

    def policy(s):
        if eff(s) == "mobilise":
            return "done"
        if eff(s) == "fly":
            seen.append(options(s))
            return "L07"
        return None
    state, texts = play(state, ENT, 15, True, policy=policy)
    assert "L07" in seen[0] and state["g"]["links"]["L07"] == ["ship:1", "ship:0"]
    assert p(state, ENT)["unique"]["infected"] == [foe] and clean(texts)  # the R6 Bot is not beside L07
    g = Game(ENGINE, state, VUL)
    assert area(state, "R2") not in board.linked(g, area(state, "R1"), VUL)  # blocked for Vulkanos
    assert area(state, "R2") in board.linked(g, area(state, "R1"), ENT)
    assert board.ship_areas(g, VUL) == (area(state, "R1"), area(state, "R2"))  # still Deploys there


def test_a_plain_fly_never_lands_on_an_enemy_ship():
    # SC-ACT-FLY-04: only these Functions allow it; Surgical Manoeuvre's landing peeks at a Queue
    state = table(3, EVC)
    ship(state, ENT, "L01")
    ship(state, VUL, "L07")
    seen = []

    def policy(s):
        if eff(s) == "fly":
            seen.append(options(s))
            return options(s)[0]
        return "done" if eff(s) == "mobilise" else None
    play(state, ENT, 15, False, policy=policy)
    assert "L07" not in seen[0]


def test_surgical_manoeuvre_peeks_at_the_topmost_covered_ship_owners_queue():
    # SC-REF-35: Ship-stacking as in #15; only the topmost Ship under yours is affected; the look is private
    from engines.core import Game
    from engines.scrap import landing

    from .helpers import ENGINE
    state = table()
    ship(state, KIR, "L07")
    ship(state, CER, "L01")
    ship(state, TAC, "L01")  # Tachyon's Ship on top of Cerebrum's
    p(state, TAC)["queue"] = [60, 61]
    p(state, CER)["queue"] = [2]
    seen = []

    def policy(s):
        if eff(s) == "fly":
            return "L01"
        if eff(s) == "peek":
            seen.append(labels(s))
            return 1
        return "done" if eff(s) == "mobilise" else None
    state, texts = play(state, KIR, 35, True, policy=policy)
    assert state["g"]["links"]["L01"] == ["ship:0", "ship:1", "ship:2"] and clean(texts)
    assert seen == [["Look at the leftmost face-down Function", "Look at the rightmost face-down Function"]]
    assert f"It is {ENGINE.data.functions[61].name} (#61)." in texts
    g = Game(ENGINE, state, KIR)
    landing._look(g, KIR, TAC, 0)
    assert g.events[-1]["to"] == [KIR] and "looks at" in g.events[-2]["text"] and g.events[-2]["to"] is None


def test_hosted_forge_deploys_from_the_named_players_ship_and_peeks_leftmost():
    # SC-REF-21: Deploy from the chosen player's Ship as if it were yours; look at the leftmost queued Function
    state = table()
    ship(state, CER, "L07")
    ship(state, KIR, "L10")  # R4-R5
    p(state, KIR)["queue"] = [30, 31]
    p(state, CER)["energy"] = 0

    def policy(s):
        if eff(s) == "name_player":
            return KIR
        if eff(s) == "create":
            return "s1-" + area(s, "R5") if "s1-" + area(s, "R5") in options(s) else "done"
        return None
    state, texts = play(state, CER, 21, True, policy=policy)
    mine = [b["at"] for b in state["g"]["bots"].values() if b["owner"] == CER and b["at"]]
    assert area(state, "R5") in mine and clean(texts)
    from .helpers import ENGINE
    assert f"It is {ENGINE.data.functions[30].name} (#30)." in texts


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


def test_experimental_forge_weapons_pay_double_and_give_data():
    # SC-REF-27: a Basic Weapon pays 2 Energy and gives 1 Data; an Advanced one pays 4 and gives 2
    state = table()
    ship(state, KIR, "L10")
    p(state, KIR).update(energy=0, weapons=["B", "A"])
    picks = iter(["s2a", "s3a"])

    def policy(s):
        if eff(s) == "create":
            return next((t for t in picks if t in options(s)), "done")
        if eff(s) == "weapon":
            return options(s)[-1]
        return None
    before = p(state, KIR)["data"]
    state, texts = play(state, KIR, 27, True, policy=policy)
    sizes = sorted(b["size"] for b in state["g"]["bots"].values() if b["owner"] == KIR and b["at"])
    assert sizes == [2, 3] and clean(texts)  # the Basic (2) pays the Size 2, the Advanced (4) the Size 3
    assert p(state, KIR)["data"] == before + 1 + 2
    state = table()
    ship(state, KIR, "L10")
    p(state, KIR).update(energy=0, weapons=["A"])
    state, texts = play(state, KIR, 27, True, policy=lambda s: ("s3a" if "s3a" in options(s) else "done")
                        if eff(s) == "create" else None)
    sizes = sorted(b["size"] for b in state["g"]["bots"].values() if b["owner"] == KIR and b["at"])
    assert sizes == [3] and p(state, KIR)["data"] >= 2  # the Advanced pays 4: Kirurgeon's Size 3 (cost 4)


def test_assimilating_harvest_upgrades_after_destroying_enough_stunned_size():
    # SC-REF-32: a Size 1 Bot must Destroy Stunned Bots of total Size >= 1 to Upgrade (Size 2: >= 2)
    for stunned, grows in ((True, True), (False, False)):
        state = table()
        mine = put(state, KIR, 1, "R2")[0]
        foe = put(state, CER, 1, "R2", stunned=stunned)[0]

        def policy(s, foe=foe):
            if eff(s) == "crush":
                return f"t{foe}" if f"t{foe}" in options(s) else "done"
            if eff(s) == "weapon":
                return options(s)[-1]
            return None
        state, texts = play(state, KIR, 32, True, policy=policy)
        sizes = [b["size"] for b in state["g"]["bots"].values() if b["owner"] == KIR and b["at"]]
        assert sizes == ([2] if grows else [1]) and clean(texts), (stunned, texts)
        assert state["g"]["bots"][mine]["at"] == (None if grows else area(state, "R2"))


def test_culling_harvest_powered_gains_an_advanced_weapon_per_bot_destroyed_none_if_none():
    # SC-REF-39
    for foes, want in ((2, ["A", "A"]), (0, [])):
        state = table()
        put(state, KIR, 2, "R2")
        put(state, CER, 1, "R2", foes)
        put(state, CER, 3, "R2")
        p(state, KIR)["weapons"] = []
        state, texts = play(state, KIR, 39, True, policy=lambda s: (next(
            (t for t in options(s) if t.startswith("t") and state_size(s, t) == 1), "done")
            if eff(s) == "crush" else None))
        assert p(state, KIR)["weapons"] == want and clean(texts), texts


def state_size(state, token):
    return state["g"]["bots"][token[1:]]["size"]
