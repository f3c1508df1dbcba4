"""Vulkanos' Fissures placed and counted by the Functions (SC-REF-67, 69, 70, 72–74, 78)."""

from __future__ import annotations

from .battles import area, options, put, ship, table
from .ref_support import ENT, EVC, VUL, eff, link_ends, p
from .test_rules_refs2 import clean, play


def evc_table():
    """Entropy, Vulkanos, Cerebrum with no Fissure on the map (setup placed one)."""
    state = table(3, EVC)
    for stack in state["g"]["links"].values():
        stack[:] = [x for x in stack if not x.startswith("fissure:")]
    return state


def fissure(state, seat, *links):
    for lk in links:
        state["g"]["links"][lk].append(f"fissure:{seat}")
        p(state, seat)["unique"]["fissures"] -= 1


def test_geothermal_scavenge_energy_per_fissure_link_the_ship_counting():
    # SC-REF-69: n = Links holding your Fissure (your Ship's Link counts), at most 4
    state = evc_table()
    fissure(state, VUL, "L03", "L03", "L05")
    ship(state, VUL, "L09")
    p(state, VUL)["energy"] = 0
    state, texts = play(state, VUL, 69, True, policy=lambda s: "done" if eff(s) == "search" else None)
    assert p(state, VUL)["energy"] == 3 and clean(texts)  # L03 once, L05, the Ship's L09


def test_terraforming_spark_places_three_fissures_stacked_or_spread():
    # SC-REF-70, ATT-VUL-1: never on Ruins or an enemy Ship
    state = evc_table()
    ship(state, ENT, "L07")
    picks = iter(["L01", "L01", "L08"])
    seen = []

    def policy(s):
        if eff(s) == "fissure":
            seen.append(options(s))
            return next(picks)
        return None
    state, texts = play(state, VUL, 70, True, policy=policy)
    links = state["g"]["links"]
    assert links["L01"] == ["fissure:1", "fissure:1"] and links["L08"] == ["fissure:1"] and clean(texts)
    assert "L07" not in seen[0] and "L02" not in seen[0] and p(state, VUL)["unique"]["fissures"] == 2


def test_reigniting_reboot_deploys_size_1_beside_each_fissure_link():
    # SC-REF-72: into each different Area bordering a Link with your Fissure (the Ship counts), at most 3
    state = evc_table()
    fissure(state, VUL, "L10")  # R4-R5
    ship(state, VUL, "L07")  # R1-R2
    seen = []

    def policy(s):
        if eff(s) == "for_each":
            seen.append(sorted(t for t in options(s) if t != "done"))
            return next(t for t in options(s) if t != "done")
        return None
    state, texts = play(state, VUL, 72, True, policy=policy)
    assert seen[0] == sorted(area(state, a) for a in ("R1", "R2", "R4", "R5"))
    ones = [b for b in state["g"]["bots"].values() if b["owner"] == VUL and b["at"] and b["size"] == 1]
    assert len(ones) == 3 and len({b["at"] for b in ones}) == 3 and clean(texts)


def test_infernal_forge_also_deploys_beside_its_fissures():
    # SC-REF-73: the Ship counts as a Fissure; any Area bordering a Link with your Fissure too
    state = evc_table()
    fissure(state, VUL, "L10")
    ship(state, VUL, "L07")
    seen = []

    def policy(s):
        if eff(s) == "create":
            seen.append({t.split("-")[1] for t in options(s) if "-" in t})
            return "done"
        return None
    state, texts = play(state, VUL, 73, True, policy=policy)
    assert seen[0] == {area(state, a) for a in ("R1", "R2", "R4", "R5")} and clean(texts)


def test_spouting_manoeuvre_disables_beside_up_to_three_fissure_links_each_once():
    # SC-REF-74: the Ship counts as a Fissure; a Link with several Fissures is picked only once
    state = evc_table()
    fissure(state, VUL, "L10", "L10")
    ship(state, VUL, "L07")
    foe = put(state, ENT, 1, "R4")[0]
    put(state, VUL, 1, "R1")
    seen = []

    def policy(s):
        e = eff(s)
        if e == "for_each":
            seen.append(options(s))
            return "L10" if "L10" in options(s) else "done"
        if e == "choose_area":
            return area(s, "R4")
        if e == "crush":
            return f"t{foe}" if f"t{foe}" in options(s) else "done"
        if e == "mobilise":
            return "done"
        if e == "fly":
            return "L12"
        return None
    state, texts = play(state, VUL, 74, True, policy=policy)
    assert sorted(seen[0]) == sorted(["L12", "L10", "done"]) and "L10" not in seen[1]  # the Ship's new Link
    assert state["g"]["bots"][foe]["stunned"] and clean(texts)


def test_seeking_barrage_moves_crushes_places_fissures_beside_the_damaged_area():
    # SC-REF-78: b may Move once; Crush S+1; 2 Fissures into Links bordering the damaged Area; Power-Up: a
    # second Active Bot Crushes S
    state = evc_table()
    b = put(state, VUL, 2, "R1")[0]
    c = put(state, VUL, 1, "R3")[0]
    put(state, ENT, 1, "R2", 2)
    third = put(state, ENT, 1, "R3")[0]
    seen = []

    def policy(s):
        e = eff(s)
        if e == "choose_bot":
            seen.append(("bot", options(s)))
            return b if b in options(s) else options(s)[0]
        if e == "mobilise":
            return f"o{b}-{area(s, 'R2')}" if f"o{b}-{area(s, 'R2')}" in options(s) else "done"
        if e == "crush":
            return next((t for t in options(s) if t.startswith("t")), "done")
        if e == "fissure":
            seen.append(("links", options(s)))
            return options(s)[0]
        return None
    state, texts = play(state, VUL, 78, True, policy=policy)
    g = state["g"]
    assert g["bots"][b]["at"] == area(state, "R2")
    links = [lk for lk, (x, y) in link_ends().items() if "R2" in (x, y) and lk in g["links"]]
    assert all(t in [*links, "done"] for t in seen[1][1]) and clean(texts)
    assert len([x for x in seen if x[0] == "bot"]) == 1  # the second Bot is never b: c, chosen at once
    assert g["bots"][third]["at"] is None and g["bots"][c]["at"] == area(state, "R3")  # c's Crush 1 in R3
    assert sum(x.startswith("fissure:") for st in g["links"].values() for x in st) == 2
