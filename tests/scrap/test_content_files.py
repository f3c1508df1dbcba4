"""SCRAP content files: provenance marks, counts against the rulebook and spec, unique ids, references."""

from __future__ import annotations

from collections import Counter

import pytest

from .files import FILES, ITEM_MARKS, MARK_KEYS, RECONSTRUCTED, RULEBOOK, functions, intelligences, load, walk

INTS = ["cerebrum", "entropy", "kirurgeon", "olympus", "tachyon", "vulkanos"]


# ------------------------------------------------------------------------------------------- provenance
@pytest.mark.parametrize("name", FILES)
def test_every_file_carries_source_and_parts(name):
    doc = load(name)
    assert RULEBOOK.search(doc["source"]), "source must start 'Rulebook (where): ...'"
    assert RECONSTRUCTED.search(doc["source"]), "source needs a '. RECONSTRUCTED (where): ...' part"
    parts = doc["parts"]
    assert parts and set(parts) <= {"rulebook", "reconstructed"}
    marked = {key for keys in parts.values() for key in keys}
    assert marked <= set(doc) - set(MARK_KEYS)
    assert set(doc) - set(MARK_KEYS) <= marked, "every content key is marked rulebook and/or reconstructed"


@pytest.mark.parametrize("name", FILES)
def test_item_provenance_marks_use_the_vocabulary(name):
    for path, value in walk(load(name)):
        if path.endswith("provenance"):
            marks = value.values() if isinstance(value, dict) else [value]
            assert set(marks) <= set(ITEM_MARKS), path


@pytest.mark.parametrize("table,key", [("functions", "functions"), ("areas", "areas"),
                                       ("intelligences", "intelligences"), ("map", "links"), ("map", "positions")])
def test_every_record_with_invented_numbers_is_marked(table, key):
    for record in load(table)[key]:
        assert "provenance" in record, record.get("id", record.get("ref"))
        marks = record["provenance"].values() if isinstance(record["provenance"], dict) else [record["provenance"]]
        assert any(m.startswith("reconstructed") for m in marks)


# ------------------------------------------------------------------------------------------- counts
def test_function_counts_and_blocks():
    fns = functions()
    assert [f["ref"] for f in fns] == list(range(1, 79))  # SC-SETUP-25: 78 Functions
    per = Counter(f["intelligence"] for f in fns)
    assert per == {i: 13 for i in INTS}  # 13 per Intelligence
    for k, intel in enumerate(INTS):  # spec 4.8: blocks of 13 in alphabetical order
        assert {f["intelligence"] for f in fns[13 * k:13 * k + 13]} == {intel}
    assert len({f["name"] for f in fns}) == 78


def test_starting_hand_and_box():
    # SC-SETUP-17: 7 S cards in hand, 6 in the Function Box
    for intel, rec in intelligences().items():
        mine = [f for f in functions() if f["intelligence"] == intel]
        hand = [f["ref"] for f in mine if f["in_hand_at_start"]]
        assert hand == rec["start_hand"] and len(hand) == 7
        assert all(f["level"] == "S" for f in mine if f["in_hand_at_start"])
        box = [f for f in mine if not f["in_hand_at_start"]]
        assert len(box) == 6
        # spec 4.8: one Level-1 card per Domain, two Level-2 cards in different Domains
        assert sorted(f["domain"] for f in box if f["level"] == "1") == ["C", "E", "I", "T"]
        level2 = [f["domain"] for f in box if f["level"] == "2"]
        assert len(level2) == 2 and len(set(level2)) == 2
        assert rec["functions"] == [f["ref"] for f in mine]


DEAD_6_7 = {"cerebrum": {"T", "E"}, "entropy": {"C", "E"}, "kirurgeon": {"C", "I"},
            "olympus": {"C", "I"}, "tachyon": {"I", "T"}, "vulkanos": {"C", "I"}}


def test_dead_level_two_bonuses_match_the_spec():
    # SC-CALL-10: a bonus with no matching Function gives nothing
    for intel, dead in DEAD_6_7.items():
        have = {f["domain"] for f in functions() if f["intelligence"] == intel and f["level"] == "2"}
        assert set("CITE") - have == dead


def test_family_order_domains_and_no_expend():
    order = load("functions")["family_order"]
    unique = load("functions")["unique_families"]
    for f in functions():
        fam = order[(f["ref"] - 1) % 13]
        assert f["family"] == (unique[f["intelligence"]] if fam == "unique" else fam)
        assert f["name"].split()[-1].lower() == f["family"]
        fixed = {"forge": "C", "manoeuvre": "E", "raid": "T", "spark": "I"}.get(f["family"])
        assert fixed is None or f["domain"] == fixed
        assert f["no_expend"] == (f["family"] == "reboot")  # SC-ACT-EXPEND-02: every Reboot has No Expend
    assert Counter(f["intelligence"] for f in functions() if f["family"] == "reboot") == {i: 1 for i in INTS}
    assert functions()[0]["domain"] == "C"  # Run Phase Example: Endless Forge is Creation


def test_starting_hands_have_three_domains_twice():
    for intel in INTS:
        counts = Counter(f["domain"] for f in functions() if f["intelligence"] == intel and f["level"] == "S")
        assert sorted(counts.values()) == [1, 2, 2, 2]


def test_status_and_power_up_positions():
    pos = {f["ref"]: f["power_up"]["pos"] for f in functions()}
    assert set(pos.values()) <= {"before", "after", "join", "mod"}
    assert [f["ref"] for f in functions() if f["status"]] == [54, 57]  # SC-TERM-03: only Tachyon, #54 and #57
    assert all(pos[r] == "after" for r in (54, 57))
    for f in functions():
        assert ("mod" in f["power_up"]) == (pos[f["ref"]] == "mod")
        assert ("effect" in f["power_up"]) == (pos[f["ref"]] != "mod")
        assert f["dsl"]["core"] and f["dsl"]["power_up"]
        assert f["notes"] == [f"SC-REF-{f['ref']:02d}"]


def test_attributes_bots_and_unique_components():
    ints = intelligences()
    assert list(ints) == INTS
    attrs = [a for i in ints.values() for a in i["attributes"]]
    assert len(attrs) == load("intelligences")["attributes_total"] == 14  # SC-SETUP-25
    assert len({a["id"] for a in attrs}) == 14
    assert {i: len(r["attributes"]) for i, r in ints.items()} == {
        "cerebrum": 2, "entropy": 3, "kirurgeon": 2, "olympus": 3, "tachyon": 2, "vulkanos": 2}
    assert sum(b["count"] for i in ints.values() for b in i["bots"]) == 113  # SC-SETUP-25
    for rec in ints.values():
        assert [b["size"] for b in rec["bots"]] == [1, 2, 3]
        assert [b["start"] for b in rec["bots"]] == [3, 1, 0]
        assert sum(rec["start_knowledge"].values()) == 7 and max(rec["start_knowledge"].values()) <= 3
        assert rec["relic_slots"] == load("rules")["relic_slots"] == 4
    u = {i: r["unique_components"] for i, r in ints.items()}
    assert u["olympus"]["vows"]["count"] == 3 and u["olympus"]["divinity_marker"]["count"] == 1
    assert u["entropy"]["infection_markers"]["count"] == 5 and u["entropy"]["virus_tokens"]["count"] == 8
    assert u["vulkanos"]["fissures"]["count"] == 6 and u["cerebrum"]["xp_marker"]["count"] == 1
    assert len(ints["tachyon"]["celestium_slots"]) == 4  # Time Dilation's 4th slot


def test_power_and_bot_facts_from_the_text():
    ints = intelligences()
    # SC-TIE-03: POWER given in the text; Kirurgeon sits after Tachyon (Reinforcement example)
    assert (ints["cerebrum"]["power"], ints["tachyon"]["power"], ints["vulkanos"]["power"]) == (1337, 2012, 4203)
    assert len({r["power"] for r in ints.values()}) == 6 and ints["kirurgeon"]["power"] > ints["tachyon"]["power"]
    bot = {(i, b["size"]): b for i, r in ints.items() for b in r["bots"]}
    assert bot["cerebrum", 1]["strength"] == 1 and bot["cerebrum", 2]["strength"] == 3
    assert bot["kirurgeon", 1]["strength"] == 1 and bot["kirurgeon", 2]["strength"] == 3
    assert bot["tachyon", 1]["strength"] == 1
    assert bot["vulkanos", 1]["cost"] == 0 and bot["vulkanos", 2]["cost"] == 2  # Create example


def test_supplies_and_relics():
    s = load("supplies")
    # SC-SETUP-25 / SC-SETUP-07, 08, 10
    assert s["fragments"]["count"] == sum(v["count"] for v in s["fragments"]["values"]) == 48
    assert s["weapons"]["count"] == 20 and s["celestium"]["count"] == 16 and s["ruins"]["count"] == 6
    assert s["weapons"]["kinds"]["B"]["strength"] == 1 and s["weapons"]["kinds"]["A"]["strength"] == 2
    assert len(s["energisers"]["cards"]) == s["energisers"]["count"] == 12
    assert Counter(e["domain"] for e in s["energisers"]["cards"]) == {d: 3 for d in "CITE"}
    relics = load("relics")["relics"]
    assert len(relics) == 12 and Counter(r["domain"] for r in relics) == {d: 3 for d in "CITE"}
    assert [b["slot"] for b in load("relics")["bonuses"]] == [1, 2, 3, 4]
    assert [b["id"] for b in load("relics")["bonuses"]] == ["advance", "theorise", "energise", "execute"]


def test_relics_left_over_per_player_count():
    # SC-SETUP-04, 05: 1 per Domain removed with 2-3 players; 2 / 0 / 2 left over
    m = load("map")
    removed = load("relics")["removed_2_3_players"]["per_domain"] * 4
    left = {n: 12 - (removed if n < 4 else 0) - m["areas_by_players"][str(n)] for n in (2, 3, 4)}
    assert left == {2: 2, 3: 0, 4: 2}


def _in_play(n: int) -> tuple[set[str], list[dict]]:
    m = load("map")
    used = {k: set(v) for k, v in m["used_at"].items()}
    positions = {p["id"] for p in m["positions"] if n in used[p["used_at"]]}
    links = [lk for lk in m["links"] if n in used[lk["used_at"]]]
    return positions, links


@pytest.mark.parametrize("n,areas,links,ruins", [(2, 7, 12, 3), (3, 9, 16, 4), (4, 11, 20, 5)])
def test_map_per_player_count(n, areas, links, ruins):
    # SC-SETUP-02 (Heart + 6/8/10), SC-SETUP-03 (3/4/5 Ruins), spec 4.1 Link counts
    m = load("map")
    used = {k: set(v) for k, v in m["used_at"].items()}
    positions, in_play = _in_play(n)
    assert len(positions) == areas == m["areas_by_players"][str(n)] + 1
    assert m["placement_order"][: areas - 1] == [p for p in m["placement_order"] if p in positions]
    assert len(in_play) == links
    assert all({lk["a"], lk["b"]} <= positions for lk in in_play)  # a Link exists only with both Areas
    placed = sum(1 for lk in in_play if "ruins" in lk and n in used[lk["ruins"]])
    assert placed == ruins == m["ruins_by_players"][str(n)]
    assert ruins <= load("supplies")["ruins"]["count"]


def test_areas_and_rewards():
    areas = load("areas")["areas"]
    assert len(areas) == 12 and sum(a["heart"] for a in areas) == 1  # SC-SETUP-01, 25
    assert load("map")["heart"]["area"] == next(a["id"] for a in areas if a["heart"])
    assert max(load("map")["areas_by_players"].values()) < 12 - 1  # spec 5 A-36: one tile always stays out
    for a in areas:
        assert [r["id"] for r in a["rewards"]] == [f"{a['id']}.{x}" for x in "abcd"]
        assert all(r["cost"] in (1, 2) for r in a["rewards"])  # SC-ACT-SEARCH-01
        assert [r["right_hand"] for r in a["rewards"]] == [False, False, False, True]  # SC-SETUP-05


def test_rules_numbers():
    r = load("rules")
    assert r["end"]["data"] == 50 and r["energy"]["max"] == 9 and r["energy"]["min"] == 0  # SC-END-02, SC-ACT-ENERGY-01
    assert (r["queue"]["limit"], r["queue"]["casual_limit"]) == (2, 1)  # SC-TERM-08
    assert (r["hand"]["start"], r["hand"]["function_box"]) == (7, 6)  # SC-SETUP-17
    assert [(s["energy"], s["data"]) for s in r["seats"]] == [(2, 0), (3, 0), (3, 1), (3, 2)]  # SC-SETUP-22
    assert [b["gap"] for b in r["knowledge_track"]["bonuses"]] == [[3, 4], [6, 7], [9, 10]]
    # SC-CALL-06, SC-CALL-07, SC-CALL-08
    assert r["knowledge_track"]["spaces"] == load("domains")["track"]["spaces"] == 10  # SC-CALL-14
    assert r["first_turn_forbidden_family"] == "raid"  # SC-RUN-03
    assert [c["id"] for c in r["commands"]] == ["probe", "bolster", "lead", "fire", "brawl"]  # SC-BATTLE-14
    adj = r["command_adjacency"]
    assert "fire" in adj["bolster"] and adj["lead"] == []  # SC-REF-23
    assert all(a in adj[b] for a, bs in adj.items() for b in bs)
    assert r["flags"]["search_total"]["default"] == "equal"  # rulebook 'Search': total Cost equal to the Value


def test_domains_and_mode_board():
    doms = load("domains")["domains"]
    assert [d["id"] for d in doms] == ["C", "I", "T", "E"]
    for d in doms:
        rows = d["subroutines"]
        assert [r["unlock"] for r in rows] == sorted(r["unlock"] for r in rows) and rows[0]["unlock"] == 1
        assert "cost" not in rows[0]["effect"]  # SC-CALL-13: row 1 is free
        assert all("cost" in r["effect"] for r in rows[1:3])  # Call Phase Example: the others cost a Function
    mb = load("mode_board")
    adj = {k: set(v) for k, v in mb["adjacency"].items()}
    assert adj["C"] == {"I", "T"}  # SC-CALL-02 (Call Phase Example)
    assert adj["CENTRE"] == set("CITE")  # SC-CALL-01
    for a, opp in mb["opposite"].items():
        assert opp not in adj[a] and all(a in adj[b] for b in adj[a] if b != "CENTRE")


def test_vows():
    vows = {v["id"]: v for v in load("vows")["vows"]}
    assert len(vows) == 3  # SC-SETUP-25: 3 Vows, 3 varieties
    assert (vows["peace"]["vow"]["name"], vows["peace"]["broken"]["name"]) == ("Vow of Peace", "Wrath")  # SC-REF-44


# ------------------------------------------------------------------------------------------- ids, references
def test_ids_are_unique():
    ids: list[str] = []
    ids += [p["id"] for p in load("map")["positions"]] + [lk["id"] for lk in load("map")["links"]]
    ids += [a["id"] for a in load("areas")["areas"]] + [r["id"] for a in load("areas")["areas"] for r in a["rewards"]]
    ids += [r["id"] for r in load("relics")["relics"]] + [e["id"] for e in load("supplies")["energisers"]["cards"]]
    ids += [a["id"] for i in intelligences().values() for a in i["attributes"]]
    ids += [s["id"] for d in load("domains")["domains"] for s in d["subroutines"]]
    assert len(ids) == len(set(ids)), [k for k, n in Counter(ids).items() if n > 1]


def test_references_resolve():
    cores = load("functions")["cores"]
    for f in functions():
        if set(f["core"]) == {"ref"}:
            assert f["core"]["ref"] in cores
        assert f["intelligence"] in intelligences()
    assert {f["core"]["ref"] for f in functions() if "ref" in f["core"]} == set(cores)  # no unused Core
    positions = {p["id"] for p in load("map")["positions"]}
    assert load("map")["heart"]["position"] in positions
    assert set(load("map")["placement_order"]) == positions - {load("map")["heart"]["position"]}
    assert all({lk["a"], lk["b"]} <= positions for lk in load("map")["links"])
    for intel in intelligences().values():
        owned = {f["ref"] for f in functions() if f["intelligence"] == intel["id"]}
        assert set(intel["functions"]) == owned
    olympus = intelligences()["olympus"]["unique_components"]["vows"]
    assert len(load(olympus["file"])["vows"]) == olympus["count"]
