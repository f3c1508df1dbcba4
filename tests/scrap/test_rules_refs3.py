"""The last Card Reference notes (SC-REF-*): each Function resolved from its data, Core and Power-Up."""

from __future__ import annotations

from .battles import area, labels, options, put, ship, table
from .ref_support import CER, CER3, ENT, EVC, KIR, OL, OLY, TA, TAC, VUL, eff, p
from .test_rules_refs2 import clean, play


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
    from .helpers import ENGINE
    other = ENGINE.visible_state(state, KIR)["g"]["players"][str(CER)]
    assert other["drawn"] == [None] and other["fragments"] == [None, None]  # the drawn values stay secret
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
            assert labels(s)[options(s).index("L07")].endswith(", onto Vulkanos's Ship")
            return "L07"
        return None
    state, texts = play(state, ENT, 15, True, policy=policy)
    assert "L07" in seen[0] and state["g"]["links"]["L07"] == ["ship:1", "ship:0"]
    assert p(state, ENT)["unique"]["infected"] == [foe] and clean(texts)  # the R6 Bot is not beside L07
    g = Game(ENGINE, state, VUL)
    assert area(state, "R2") not in board.linked(g, area(state, "R1"), VUL)  # blocked for Vulkanos
    assert area(state, "R2") not in board.linked(g, area(state, "R1"), CER3)  # and for every other enemy
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




def oly_table():
    """Olympus with every Vow broken (Peace would forbid the Crushes, Humility some Sizes)."""
    state = table(3, OLY)
    p(state, OL)["unique"]["vows"] = {"peace": "broken", "temperance": "broken", "humility": "broken"}
    return state


def test_apex_scavenge_every_bot_that_moves_or_recovers_ends_in_one_area_with_enemy_bots():
    # SC-REF-37
    state = table()
    put(state, KIR, 1, "R1")
    put(state, KIR, 1, "R3", stunned=True)
    put(state, CER, 1, "R2")
    seen = []

    def policy(s):
        if eff(s) == "choose_area":
            seen.append(("areas", options(s)))
            return area(s, "R2")
        if eff(s) == "mobilise":
            seen.append(("moves", options(s)))
            return "done"
        return None
    state, texts = play(state, KIR, 37, True, policy=policy)
    assert seen[0][0] == "moves"  # only one Area holds enemy Bots: chosen at once
    moves = [t for t in seen[0][1] if t not in ("done", "pause")]
    assert moves and all(t.endswith(area(state, "R2")) for t in moves)  # R1 -> R2 only; no Recover in R3
    assert clean(texts)


def test_aphrodesian_manoeuvre_its_celestium_may_pay_herculean_at_once():
    # SC-REF-41: the Celestium gained may be spent through Herculean to raise the Mobilise or Fly Value
    state = oly_table()
    put(state, OL, 1, "R1")
    ship(state, OL, "L07")
    p(state, OL)["celestium"] = [False] * len(p(state, OL)["celestium"])
    seen = []

    def policy(s):
        if eff(s) == "celestium":
            return 0
        if eff(s) == "slot_action":
            return "skip"
        if eff(s) == "mobilise" and not seen:
            seen.append(s["stack"][-1]["op"]["left"])
            assert "herculean" in options(s)
            return "herculean"
        if eff(s) == "mobilise":
            seen.append(s["stack"][-1]["op"]["left"])
            return "done"
        return None
    state, texts = play(state, OL, 41, True, policy=policy)
    assert seen[1] > seen[0] == 7 and sum(p(state, OL)["celestium"]) == 0 and clean(texts)


def test_apollonian_smite_upgrades_first_then_crushes_and_pushes_the_damaged_survivor():
    # SC-REF-45: the Upgrade before the Crush (its Value uses the new Size); Stunned survivors pushed into a
    # Linked Area of your choice, Obstacles ignored
    state = oly_table()
    put(state, OL, 1, "R2")
    big = put(state, TA, 3, "R2")[0]  # Strength 4
    seen = []

    def policy(s):
        if eff(s) == "crush":
            seen.append(s["stack"][-1]["op"]["left"])
            return f"t{big}" if f"t{big}" in options(s) else "done"
        if eff(s) == "smite_push":
            seen.append(options(s))
            return area(s, "R1")
        return None
    from engines.core import Game
    from engines.scrap.combat import crush_value

    from .helpers import ENGINE
    state, texts = play(state, OL, 45, True, policy=policy)
    g = state["g"]
    olympus = [b["size"] for b in g["bots"].values() if b["owner"] == OL and b["at"]]
    assert olympus == [2] and seen[0] == crush_value(Game(ENGINE, state, OL), OL, "crush", 2, 0)  # the new Size
    assert sorted(seen[-1]) == sorted([area(state, a) for a in ("H", "R1", "R3", "O7")])  # all adjacent Areas
    assert g["bots"][big]["at"] == area(state, "R1") and g["bots"][big]["stunned"] and clean(texts)


def test_dionysian_smite_pushes_every_stunned_enemy_and_gives_data_per_push():
    # SC-REF-52: Disable S+1; every enemy Bot there now Stunned goes to an adjacent Area (chosen per Bot);
    # Power-Up: 1 Data per Bot pushed, at most 3
    state = oly_table()
    put(state, OL, 1, "R2")
    a, b = put(state, TA, 1, "R2", 2)
    choices = iter([area(state, "H"), area(state, "R3")])

    def policy(s):
        if eff(s) == "crush":
            return next((t for t in options(s) if t.startswith("t")), "done")
        if eff(s) == "smite_push":
            return next(choices)
        return None
    before = p(state, OL)["data"]
    state, texts = play(state, OL, 52, True, policy=policy)
    g = state["g"]
    assert sorted([g["bots"][a]["at"], g["bots"][b]["at"]]) == sorted([area(state, "H"), area(state, "R3")])
    assert g["bots"][a]["stunned"] and g["bots"][b]["stunned"] and p(state, OL)["data"] == before + 2
    assert clean(texts)


def test_heran_spark_deploys_any_size_anywhere_for_free():
    # SC-REF-51
    state = oly_table()
    p(state, OL)["energy"] = 0
    seen = []

    def policy(s):
        if eff(s) == "deploy_any":
            seen.append(options(s))
            return f"d3-{area(s, 'O8')}"
        return None
    state, texts = play(state, OL, 51, True, policy=policy)
    assert len(seen[0]) == 3 * len(state["g"]["areas"]) + 1
    bots = [(b["size"], b["at"]) for b in state["g"]["bots"].values() if b["owner"] == OL and b["at"]]
    assert bots == [(3, area(state, "O8"))] and p(state, OL)["energy"] >= 2 and clean(texts)


def test_coalescent_scavenge_creates_where_your_bots_are_and_not_without_bots():
    # SC-REF-63: the Deploys go to Areas holding your Bots, not beside the Ship; no Bots in play: no Deploy
    state = table()
    put(state, TAC, 1, "R3")
    ship(state, TAC, "L01")
    seen = []

    def policy(s):
        if eff(s) == "create":
            seen.append(options(s))
            return f"s1-{area(s, 'R3')}" if len(seen) == 1 else "done"
        return None
    state, texts = play(state, TAC, 63, True, policy=policy)
    assert {t.split("-")[1] for t in seen[0] if "-" in t} == {area(state, "R3")} and clean(texts)
    state = table()
    ship(state, TAC, "L01")
    seen.clear()
    state, texts = play(state, TAC, 63, True, policy=policy)
    assert seen == [] and clean(texts)


def pay_two_celestium_then(seen: list, effect: str):
    """A policy: pay 2 Celestium (noting the labels offered), then stop ``effect`` (noting what it had left)."""
    def policy(s):
        if eff(s) == "pay_c_any":
            seen.append(labels(s))
            return 2
        if eff(s) == effect:
            seen.append(s["stack"][-1]["op"]["left"])
            return "done"
        return None
    return policy


def test_erasing_spark_names_its_celestium_before_the_crush():
    # SC-REF-64: pick k >= 0 Celestium first; the Crush is S + 2k
    state = table()
    put(state, TAC, 1, "R2")
    put(state, KIR, 3, "R2")
    p(state, TAC)["celestium"] = [True, True, True, True]
    seen: list = []
    policy = pay_two_celestium_then(seen, "crush")
    state, texts = play(state, TAC, 64, True, policy=policy)
    assert seen[0][-1].startswith("Pay nothing") and seen[0][1].startswith("Pay 2 Celestium")
    assert seen[1] == 1 + 4 and sum(p(state, TAC)["celestium"]) == 1 and clean(texts)


def test_rekindling_manoeuvre_slot_action_resolves_before_the_search():
    # SC-REF-67: Vulkanos' slot Action (Fissure 1) before the Manoeuvre's Search 1
    state = table(3, EVC)
    put(state, VUL, 1, "R2")
    ship(state, VUL, "L07")
    p(state, VUL)["celestium"] = [False] * len(p(state, VUL)["celestium"])
    order = []

    def policy(s):
        order.append(eff(s))
        if eff(s) == "celestium":
            return 0
        if eff(s) == "slot_action":
            return "use"
        if eff(s) == "mobilise":
            return "done"
        return None
    state, texts = play(state, VUL, 67, True, policy=policy)
    assert order[:3] == ["celestium", "slot_action", "fissure"] and order[-1] == "search"
    assert any("places a Fissure" in t for t in texts) and clean(texts)


def test_apocalyptic_scavenge_resolves_the_reward_under_a_relic_without_control():
    # SC-REF-76: an Area with a Relic and >= 1 of your Active Bots; Control not needed; the Relic stays
    state = table()
    put(state, TAC, 1, "R1")  # Glass Dunes (A02), Relic RL-E1; A02.d Data 4 is under it
    put(state, KIR, 3, "R1")
    p(state, TAC)["energy"] = 0

    def policy(s):
        if eff(s) == "reward":
            return "A02.d" if "A02.d" in options(s) else options(s)[0]
        return "done" if eff(s) == "search" else None
    before = p(state, TAC)["data"]
    state, texts = play(state, TAC, 76, True, policy=policy)
    assert p(state, TAC)["data"] == before + 4 and state["g"]["relics"]["A02"] == "RL-E1" and clean(texts)


def test_everlasting_spark_creates_twice_the_celestium_paid():
    # SC-REF-77: 1/2/3 Celestium give Create 2/4/6
    state = table()
    ship(state, TAC, "L10")
    p(state, TAC)["celestium"] = [True, True, True, True]
    seen: list = []
    policy = pay_two_celestium_then(seen, "create")
    state, texts = play(state, TAC, 77, True, policy=policy)
    assert [lab.split(":")[1].strip() for lab in seen[0][:3]] == ["Create 2", "Create 4", "Create 6"]
    assert seen[1] == 4 and sum(p(state, TAC)["celestium"]) == 1 and clean(texts)


BOT_CASES = ((EVC, ENT, 14), (EVC, ENT, 15), (EVC, ENT, 19), (EVC, ENT, 25), (EVC, ENT, 26), (None, CER, 5),
             (None, CER, 13), (None, CER, 21), (None, KIR, 35), (None, KIR, 37), (None, TAC, 63), (None, TAC, 64),
             (None, TAC, 77), (EVC, VUL, 70), (EVC, VUL, 74), (EVC, VUL, 78), (OLY, OL, 45), (OLY, OL, 51),
             (OLY, OL, 52), (None, CER, 2))


def test_the_bot_plays_legal_choices_at_every_new_prompt():
    # The bot (engines/scrap/bot.py) answers the new prompts (plus, trigger_order, name_player, choice_side,
    # peek, fissure, smite_push, each_bot, deploy_any, deploy_sizes, pay_c_any, reward) with legal actions
    from .helpers import ENGINE
    met = set()
    for opts, seat, ref in BOT_CASES:
        state = table(3, opts)
        if opts == OLY:
            p(state, OL)["unique"]["vows"] = {"peace": "broken", "temperance": "broken", "humility": "broken"}
        for s in range(3):
            put(state, s, 1, "R2")
            put(state, s, 2, ("R1", "R3", "R4")[s])
            ship(state, s, ("L07", "L10", "L12")[s])
        p(state, seat)["celestium"] = [True, True, True, False]
        state["g"]["players"][str((seat + 1) % 3)]["queue"] = [ref % 13 + 1]
        p(state, seat)["active"] = ref
        state["g"]["turn"]["seat"] = seat
        state["stack"] = [{"step": "power_up", "seat": seat}]
        for _ in range(80):
            if state["g"]["turn"]["phase"] != "run" and state["stack"][-1]["step"] != "choose":
                break
            who_ = ENGINE.active(state)[0]
            action = ENGINE.bot_action(state, who_)
            assert action in ENGINE.legal_actions(state, who_), (ref, action)
            if state["stack"][-1]["step"] == "choose":
                met.add(eff(state))
            state, _ = ENGINE.apply(state, who_, action)
    assert {"name_player", "choice_side", "fissure", "deploy_any", "pay_c_any"} <= met, met
