"""Stress Botics content against the rulebook/spec counts and tables (tagged with the SB-* rules they check)."""

from collections import Counter

import pytest

from tests.stress_botics.helpers import distances, load


def _by_id(rows):
    return {r["id"]: r for r in rows}


# --- decks and components ------------------------------------------------------------------------

# SB-SETUP-02, SB-SOLO-02
def test_thirty_event_cards_with_deck_sizes_per_player_count():
    events = load("events.json")
    cards = events["cards"]
    assert len(cards) == 30 == load("rules.json")["components"]["event_cards"]
    assert sum(c["start"] for c in cards) == 3
    for n in (1, 2, 3, 4):
        assert sum(n in c["players"] for c in cards) == events["deck_sizes"][str(n)]
    assert [events["deck_sizes"][k] for k in "1234"] == [21, 21, 24, 27]
    assert all(c["players"] == [1] for c in cards if c["solo_only"])


# SB-P1-EVENT-02, SB-P1-EVENT-06, SB-P1-EVENT-07, SB-P1-EVENT-14, SB-P1-EVENT-24
def test_event_values_are_legal_and_the_two_player_pace_matches_the_spec():
    cards = load("events.json")["cards"]
    for c in cards:
        assert set(c["ships"].values()) <= {0, 1, 2} and c["core"] in {"CW", "CCW"}
        assert c["pressure"] in {-1, 0, 1} and c["spawn"] in {"A", "B", "A+B", "X"}
        assert c["hatch"] in {None, "open", "close"}
    two = [c for c in cards if 2 in c["players"]]
    assert [sum(c["ships"][s] for c in two) for s in ("probe", "scout", "freighter")] == [23, 20, 21]


# SB-P1-EVENT-08, SB-P1-EVENT-09, SB-P1-EVENT-11
def test_every_auto_producible_type_appears_on_an_event():
    icons = {c["autoproduce"] for c in load("events.json")["cards"]}
    vaults = load("vaults.json")["vaults"]
    depicted = {r for v in vaults for r in v["tank"]} | set(load("boards.json")["items_board"]["common_tank"]["max"])
    assert depicted | {"item_lower", "item_upper"} <= icons


# SB-SETUP-23, SB-SOLO-03
def test_forty_eight_action_cards_and_solo_decks():
    cards = load("action_cards.json")["cards"]
    assert Counter(c["type"] for c in cards) == {"MOVE": 12, "MINE": 12, "CONNECT": 12, "INTERACT": 12}
    for typ in ("MOVE", "MINE", "CONNECT", "INTERACT"):
        deck = [c for c in cards if c["type"] == typ]
        assert sum(c["solo"] for c in deck) == 8 and sum(c["solo"] and c["free_boost"] for c in deck) == 1
        assert sum(c["solo_hard"] for c in deck) == 7 and sum(c["solo_hard"] and c["free_boost"] for c in deck) == 1
        assert all(c["solo"] for c in deck if c["solo_hard"])
        assert sum(c["free_boost"] for c in deck) == 3


# SB-EX-09 (Capturing example: MOVE card kept for 1 Carbon), SB-P3-ACT-10
def test_a_move_card_can_be_kept_for_one_carbon():
    assert {"C": 1} in _by_id(load("action_cards.json")["cards"])["MV01"]["keep_cost"]


# SB-P2-PROG-10
def test_deck_end_events_cover_the_four_decks():
    assert [e["deck"] for e in load("action_cards.json")["deck_end_events"]] == ["MOVE", "MINE", "CONNECT", "INTERACT"]


# SB-SETUP-14
def test_twelve_main_objectives_four_per_ship():
    cards = load("objectives.json")["main"]
    assert len(cards) == 12 and Counter(c["ship"] for c in cards) == {"probe": 4, "scout": 4, "freighter": 4}
    assert sorted(c["id"] for c in cards if c["first_game"]) == ["FR-1", "PR-1", "SC-1"]


# SB-SETUP-15
def test_seven_demand_cards_and_pile_sizes():
    demands = load("demands.json")
    assert len(demands["cards"]) == 7 == load("rules.json")["components"]["demand_cards"]
    for ship, sizes in demands["pile_sizes"].items():
        for n in "1234":
            assert sum(c["ship"] == ship and c["number"] <= int(n) for c in demands["cards"]) == sizes[n]


# SB-SETUP-37, SB-SOLO-01
def test_secondary_and_solo_objective_cards():
    objectives = load("objectives.json")
    assert len(objectives["secondary"]) == 16 and len(objectives["solo_secondary"]) == 5
    assert len(objectives["solo_final"]) == 5
    assert {c["bonus"] for c in objectives["secondary"]} == {2}
    assert {c["bonus"] for c in objectives["solo_secondary"]} == {3}


# SB-ITEMS-01
def test_item_counts_24_16_14():
    items = load("items.json")
    assert (len(items["advanced"]), len(items["alphabot"]), len(items["box"])) == (24, 16, 14)
    assert {i["size"] for i in items["advanced"]} == {"large"}
    assert {i["size"] for i in items["alphabot"] + items["box"]} == {"small"}
    assert all(i["cost"] == {} for i in items["box"])  # SB-ITEMS-09


# SB-SETUP-20
def test_advanced_item_decks_per_player_count():
    advanced = load("items.json")["advanced"]
    assert sum(i["players"] == "all" for i in advanced) == 20
    types = ("amplifier", "container", "experimental", "transformer")
    assert Counter(i["type"] for i in advanced) == dict.fromkeys(types, 6)


# SB-SETUP-11, SB-SETUP-12
def test_alphabot_items_furnaces_and_one_battery_each():
    items = load("items.json")["alphabot"]
    furnaces = [i for i in items if i["name"] == "Melting Furnace"]
    assert sum("1-2" in i["set_aside_in"] for i in furnaces) == 1
    assert sum("3-4" in i["set_aside_in"] for i in furnaces) == 2
    for item in items:
        assert sum(n for k, n in item["cost"].items() if k in {"bC", "bTi", "bSi"}) == 1, item["id"]


# SB-SETUP-04
def test_ten_hatch_tokens_and_setup_split():
    hatches = load("hatches.json")
    assert len(hatches["tokens"]) == 10
    s = hatches["setup"]
    assert s["removed_unseen"] + s["first_open"] + s["pile"] == 10 and s["pile"] == 5
    assert Counter(t["kind"] for t in hatches["tokens"]) == {"extract": 6, "produce": 4}
    for t in hatches["tokens"]:
        assert t["shield_protection"] == (t["damage"] == 0)


# SB-SETUP-09
def test_alphabot_ai_decks_ten_and_ten():
    alphabot = load("alphabot.json")
    assert len(alphabot["standard_ai"]) == 10 and len(alphabot["aggressive_ai"]) == 10
    compress = [c for c in alphabot["aggressive_ai"] if c["name"] == "Compress"]
    assert compress[0]["effect"][0]["params"]["shields"] == 3  # SB-EX-15 step 8


# SB-SETUP-18, SB-SETUP-19
def test_twelve_elite_ai_cards_and_four_rewards():
    elite = load("elite.json")
    assert Counter(c["role"] for c in elite["cards"]) == {"starting": 2, "ending": 2, "ai": 8}
    assert len(elite["rewards"]) == 4 and elite["shield_track"]["spaces"] == 4
    assert all(len(r["spaces"]) == 4 for r in elite["rewards"])


# SB-ELITE-06, SB-EX-28
def test_elite_reward_tables_match_the_rulebook():
    rewards = _by_id(load("elite.json")["rewards"])
    miner34 = rewards["RW-MINER-34"]["spaces"]
    assert miner34[0] == [{"op": "stress", "n": -1}, {"op": "gain", "res": {"Ti": 1, "Si": 1, "Bm": 1}}]
    assert miner34[1][1]["res"] == {"Ti": 1, "Gas": 1, "bSi": 1}
    assert rewards["RW-LASER-34"]["spaces"][3][0] == {"op": "stress", "n": -3}
    for rid in ("RW-MINER-12", "RW-LASER-12"):
        assert rewards[rid]["spaces"][2][0]["name"] == "resolve_elite_ai_cards"  # SB-ELITE-07


# SB-SETUP-16, SB-SETUP-17, SB-SETUP-22
def test_cylindroids_and_belt_totals():
    cyl = load("cylindroids.json")
    assert {t["id"]: t["count"] for t in cyl["types"]} == {"MIN": 8, "LAS": 8, "EXP": 8}
    for side, segs in cyl["belt"].items():
        waves = [s for s in segs if not s.get("elite")]
        assert sum(s["cylindroids"] for s in waves) == cyl["belt_totals"][side]["cylindroids"] <= cyl["bag_total"]
        assert sum(s["boxes"] for s in waves) == cyl["belt_totals"][side]["boxes"] <= cyl["boxes_total"]
        assert segs[-1].get("elite") is True
    assert [s["segment"] for s in cyl["belt"]["1-2"] if s.get("refill_after_miner_elite") == "B"] == [2, 4, 6]


# SB-EX-30, SB-ALPHA-28
def test_returning_wave_stress_example():
    for side in ("1-2", "3-4"):
        segs = {s["segment"]: s for s in load("cylindroids.json")["belt"][side]}
        assert segs[4]["return_stress"] + segs[3]["return_stress"] == 4


# --- tables from the rulebook ------------------------------------------------------------------

# SB-DELIVER-03, SB-DELIVER-06
def test_reception_limits_and_post_delivery_table():
    limits = load("ships.json")["reception_stress_limits"]
    got = [limits[s][x] for s in ("probe", "scout", "freighter") for x in "ABC"]
    assert got == [10, 15, 20, 26, 25, 21, 27, 30, 40]
    table = load("boards.json")["delivery_board"]["post_delivery_stress"]["multiplayer"]
    assert table["probe"]["B"] == {"targets": "others", "n": 5} and table["freighter"]["C"]["targets"] is None


# SB-P1-EVENT-04, SB-EX-01, SB-EX-02
def test_orbit_stress_table():
    cols = load("ships.json")["orbit_stress"]["columns"]
    assert cols["4"]["probe"] == {"delivered": -5, "pending": 5}
    assert cols["4"]["freighter"] == {"delivered": -15, "pending": 10}
    assert cols["2"]["scout"] == {"delivered": -5, "pending": 10}
    assert cols["2_aggressive"]["freighter"] == {"delivered": -5, "pending": 10}


# SB-P1-EVENT-03, SB-DELIVER-02
def test_ship_trajectories_pass_a_b_c_in_order():
    for ship in load("ships.json")["ships"]:
        r = ship["reception"]
        assert 0 < r["A"] < r["B"] < r["C"] == ship["spaces"]


# SB-MOVE-01, SB-BATTRACK-02, SB-P2-PROG-06, SB-EX-05, SB-EX-06
def test_movement_points_and_battery_bonuses():
    sides = load("boards.json")["player_board"]["sides"]

    def mp(side, n):
        return max(r["mp"] for r in sides[side]["mp"] if n >= r["min"])
    assert [mp("2-3", n) for n in (8, 5, 2)] == [3, 2, 1]
    assert [mp("4", n) for n in (8, 5, 2)] == [3, 3, 1]
    b23 = {r["batteries"]: r["bonus"] for r in sides["2-3"]["battery_bonuses"]}
    b4 = {r["batteries"]: r["bonus"] for r in sides["4"]["battery_bonuses"]}
    assert (b23[4], b23[6], b23[8]) == ("slot_3", "spend_track_space_1", "slot_4")
    assert (b4[4], b4[6], b4[7], b4[8]) == ("spend_track_space_1", "slot_3", "captured_actions_boosted", None)


# SB-SHIELD-06, SB-EX-29
@pytest.mark.parametrize("x", range(13))
def test_placement_cap_follows_the_interlace_rule(x):
    track = load("boards.json")["player_board"]["shield_track"]
    shared = set(track["shared_spaces"])
    expect = min(8, max([k for k in range(1, 9) if k <= x and not (k == x and x in shared)], default=0))
    assert track["placement_cap"][str(x)] == expect


# SB-SETUP-05, SB-SETUP-06, SB-SETUP-26..33
def test_starting_position():
    rules = load("rules.json")["setup"]
    assert rules["pressure"] == 2 == load("vaults.json")["pressure"]["start"]
    assert load("vaults.json")["core"]["side_a"]["lava_setup"] == {"1": 6, "2": 8, "3": 10, "4": 12}
    assert rules["start_tanks"]["2"]["3"] == {"Lv": 4} and rules["start_tanks"]["4"]["3"] == {"Bm": 2}
    assert rules["start_track"] == ["bC", "bTi", "bSi"] and rules["start_battery_inside"] == "bC"
    assert rules["start_locations"]["3"] == "EPM_C" and rules["start_shields"] == 10


# SB-BASIC-07, SB-SETUP-27
def test_tank_capacities_hold_the_starting_lava():
    board = load("boards.json")["player_board"]
    size = board["square_size"]
    for tanks in load("rules.json")["setup"]["start_tanks"].values():
        for tank, content in tanks.items():
            assert sum(size[r] * n for r, n in content.items()) <= board["sides"]["2-3"]["tanks"][tank]


# SB-ALPHA-04, SB-ALPHA-08, SB-ALPHA-13, SB-BASIC-11
def test_alphabot_tracks():
    ab = load("alphabot.json")
    assert ab["ai_track"]["max"] == {"1-2": 3, "3-4": 2} and ab["ai_track"]["start"] == 1
    spaces = sorted(s for z in ab["shield_track"]["zones"] for s in z["spaces"])
    assert spaces == list(range(1, 11))
    assert ab["battery_tracks"]["Ti"]["beside_zone"] == {"1": "Z4", "2": "Z3", "3": "Z2", "4": "Z1"}
    assert ab["tank_limits"]["Bm"] == 3 and ab["tank_limits"]["bTi"] == 1


# SB-EX-18, SB-SCORE-02, SB-SCORE-05
def test_final_scoring_example_from_the_data():
    items = {i["id"]: i for fam in ("advanced", "alphabot", "box") for i in load("items.json")[fam]}
    main = _by_id(load("objectives.json")["main"])

    def vp(card, load_):
        return sum(main[card]["vp"][k] * n for k, n in load_.items())
    assert vp("SC-1", {"C": 4, "Bm": 3}) + vp("FR-1", {"Ex": 3, "Lv": 2, "Acid": 1, "Gas": 1}) == 21
    assert vp("SC-1", {"C": 4, "Bm": 6}) == 14 and vp("PR-1", {"Acid": 4, "Gas": 3, "Bm": 3}) == 17
    assert items["AD-A1"]["vp"] + items["AD-T1"]["vp"] == 7 and items["AB05"]["vp"] == 2
    assert items["AB03"]["vp"] + items["AB04"]["vp"] == 6 and items["BX01"]["vp"] + items["BX06"]["vp"] == 3


# SB-EX-11, SB-DELIVER-05
def test_probe_delivery_example_fits_pr1():
    pr1 = _by_id(load("objectives.json")["main"])["PR-1"]
    cargo = {"Bm": 2, "Gas": 3, "Acid": 7}
    assert sum(cargo.values()) <= pr1["load"] and sum(pr1["vp"][k] * n for k, n in cargo.items()) == 22


# --- geometry --------------------------------------------------------------------------------------

# SB-BASIC-04, SB-EX-15
def test_main_vault_adjacency_fits_the_phase5_example():
    adj = {s["id"]: set(s["adjacent"]) for s in load("main_vault.json")["squares"]}
    for a, near in adj.items():
        assert all(a in adj[b] for b in near)
    assert {"A2", "B2"} <= adj["HATCH"] and "B2" in adj["ENTRY"] and "HATCH" not in adj["ENTRY"]
    assert not {"A2", "ENTRY"} & adj["A1"] and "B2" not in adj["B1"] and "B2" not in adj["A2"]
    assert adj["CORNER_A"] == {"A1", "A2"} and adj["CORNER_B"] == {"B1", "B2"}


# SB-ALPHA-17, SB-ALPHA-18, SB-EX-26
def test_alphabot_paths():
    rows = {r["direction"]: r["from"] for r in load("main_vault.json")["alphabot_moves"]}
    for direction, expect in (("U", ["HATCH", "EXIT", "NEXT_ENTRY"]), ("L", ["A2", "A1", "EXIT", "NEXT_ENTRY"]),
                              ("R", ["B2", "B1", "EXIT", "NEXT_ENTRY"])):
        here, path = "ENTRY", []
        while here != "NEXT_ENTRY":
            here = rows[direction][here]
            path.append(here)
        assert path == expect
    for table in rows.values():
        assert not {"CORNER_A", "CORNER_B"} & set(table.values())
        for a, b in table.items():
            assert not ({a[0], b[0]} == {"A", "B"} and a[1:].isdigit() and b[1:].isdigit())


# SB-MOVE-03, SB-MOVE-04 (spec 4.1.6 sample distances; crust padlocks never cut a delivery base off)
def test_sample_distances_and_open_routes():
    assert distances("CORE")["DBM_A"] == 4
    assert distances("EPM_C")["DBM_C"] == 2 and distances("MV1")["MV3"] == 2
    locked = distances("CORE", locked=True)
    assert all(f"{k}_{s}" in locked for k in ("DBM", "DBA") for s in "ABC")
    assert "CORE" not in distances("EPM_B", dial=2)  # SB-EX-33: no way into the Core at s=2


# SB-P1-EVENT-15, SB-P5-CYL-09
def test_cylindroid_destinations_are_the_closest_vaults():
    nodes = {n["id"]: n for n in load("planet.json")["nodes"]}
    ep = [n for n, v in nodes.items() if v["kind"] == "ep_vault"]
    for row in load("planet.json")["cylindroid_destinations"]:
        d = distances(row["main_vault"], players=2)
        assert d[row["A2"]] == min(d[v] for v in ep)
        assert d[row["B2"]] == min(d[v] for v in ep if nodes[v]["ring"] == "crust")


# SB-P6-STATUS-01, SB-P6-STATUS-02, SB-EX-16
def test_exploration_index_example():
    idx = {n["id"]: n["tile_index"] for n in load("planet.json")["nodes"]}
    alpha = load("planet.json")["alphabot_tile_index"]["MV3"]
    gains = [max(0, idx[loc] - alpha) for loc in ("EPM_B", "EPCi_B", "DBM_A", "MV6")]
    assert gains == [0, 0, 1, 3] and idx["CORE"] == 0


# SB-P2-PROG-02, SB-EX-04
def test_draw_sectors_example():
    sector = {n["id"]: n["draw_sector"] for n in load("planet.json")["nodes"]}
    assert sector["MV4"] == sector["EPM_A"] == "A" and sector["MV2"] == "B" and sector["DBM_C"] == "C"
    assert sector["CORE"] == "core" and sector["MT"] == "A" and sector["ST"] == "C"


# SB-P3-ACT-06, SB-P3-ACT-08, SB-MOVE-02, SB-MINE-02, SB-MINE-10, SB-CONNECT-02, SB-CONNECT-11, SB-CONNECT-13
def test_every_sub_action_has_its_boost_effect():
    cards = load("action_cards.json")
    subs = {s for name, lst in cards["sub_actions"].items() if isinstance(lst, list) for s in lst} | {"move"}
    boosts = {b["id"]: b for b in cards["boost_effects"]}
    assert set(boosts) == subs
    assert {b for b, rec in boosts.items() if rec["effect"] == "once_required"} == set(cards["must_boost"])
