"""Stress Botics content files: provenance marks, unique ids, references, op vocabulary, counts."""

import pytest

from engines.core.content import ITEM_MARKS, check_marks
from tests.stress_botics.helpers import BATTERIES, CYLINDROIDS, FILES, RESOURCES, SEED, load, ops_in, records, walk

EXPECTED_FILES = {
    "action_cards.json", "alphabot.json", "boards.json", "cylindroids.json", "deltabot.json", "demands.json",
    "elite.json", "events.json", "hatches.json", "items.json", "main_vault.json", "objectives.json", "ops.json",
    "planet.json", "rules.json", "ships.json", "vaults.json",
}


def test_every_concern_has_its_file():
    assert set(FILES) >= EXPECTED_FILES


@pytest.mark.parametrize("name", FILES)
def test_every_file_carries_the_uniform_provenance_marks(name):
    doc = load(name)
    check_marks(name, doc)  # the project's strict check: 'source' string, 'parts' for every key, item marks
    assert SEED in doc["source"] and "RECONSTRUCTED (" in doc["source"], name


@pytest.mark.parametrize("name", FILES)
def test_every_record_says_whether_it_is_reconstructed(name):
    for rec in records(load(name)):
        assert rec.get("provenance") in ITEM_MARKS, (name, rec["id"])


@pytest.mark.parametrize("name", FILES)
def test_ids_are_unique_within_each_file(name):
    seen: dict[str, int] = {}
    for rec in records(load(name)):
        seen[rec["id"]] = seen.get(rec["id"], 0) + 1
    assert [i for i, n in seen.items() if n > 1] == [], name


def test_ids_are_unique_across_card_files():
    ids: list[str] = []
    for name in ("action_cards.json", "events.json", "hatches.json", "items.json", "objectives.json",
                 "demands.json", "alphabot.json", "elite.json"):
        ids += [r["id"] for r in records(load(name))]
    assert sorted({i for i in ids if ids.count(i) > 1}) == []


# --- op vocabulary -------------------------------------------------------------------------------

def _vocabulary():
    ops = load("ops.json")
    table = {o["op"]: o for o in ops["ops"] + ops["structure"]}
    hooks = {h["name"]: h for h in ops["hooks"]}
    return table, hooks


def test_ops_json_holds_the_spec_vocabulary():
    table, _ = _vocabulary()
    spec_411 = {
        "gain", "gain_battery", "repair", "stress", "mp_bonus", "boost_any_battery", "phase2_extra_draw",
        "hand_limit_bonus", "extract_bonus_unit", "shield_vault_bonus", "diagonal_adjacent",
        "reduce_stress_gain_once_per_round", "core_exit_shield_discount", "core_entry_anywhere",
        "sector_counts_as_vault_for_draw", "replicate_limit", "delivery_base_stress_discount", "load_limit_bonus",
        "hull_entry_anywhere", "server_draw_bonus", "ignore_first_damage_phase5", "capture_armed_explosive",
        "extract_pressure_shift", "laser_damage_ignore_once_per_round", "free_first_vault_step", "convert",
        "pressure_shift", "capture_eligible", "lava_move", "lava_dump", "on_equip", "passive", "activate", "storage",
    }
    assert set(table) == spec_411 | {"one_of", "hook"}
    for entry in table.values():
        assert entry["meaning"] and isinstance(entry["args"], dict)


@pytest.mark.parametrize("name", FILES)
def test_every_op_is_in_the_vocabulary_with_known_arguments(name):
    table, hooks = _vocabulary()
    for op in ops_in(load(name)):
        if name == "ops.json":
            continue
        assert op["op"] in table, (name, op)
        extra = set(op) - {"op"} - set(table[op["op"]]["args"])
        assert not extra, (name, op)
        if op["op"] == "hook":
            assert op["name"] in hooks, (name, op["name"])
            assert set(op["params"]) <= set(hooks[op["name"]]["params"]), (name, op)


def test_every_hook_in_the_table_is_used_and_explained():
    _, hooks = _vocabulary()
    used = {op["name"] for name in FILES if name != "ops.json" for op in ops_in(load(name)) if op["op"] == "hook"}
    assert used == set(hooks)
    assert all(h["meaning"] for h in hooks.values())


def test_item_effects_use_family_wrappers():
    families = {"on_equip", "passive", "activate", "storage"}
    for family in ("advanced", "alphabot", "box"):
        for item in load("items.json")[family]:
            assert item["effects"] and item["text"], item["id"]
            assert {e["op"] for e in item["effects"]} <= families, item["id"]


def test_resource_codes_in_ops_are_known():
    codes = RESOURCES | BATTERIES
    for name in FILES:
        for op in ops_in(load(name)):
            for key in ("res", "in", "out"):
                if key in op:
                    assert set(op[key]) <= codes, (name, op)
            if op["op"] == "storage" and "allowed" in op:
                assert set(op["allowed"]) <= RESOURCES, (name, op)


# --- references ------------------------------------------------------------------------------------

def test_planet_references_resolve():
    planet = load("planet.json")
    nodes = {n["id"] for n in planet["nodes"]}
    vaults = {v["id"] for v in load("vaults.json")["vaults"]}
    padlocks = {p["id"]: p for p in planet["padlocks"]}
    edges = {e["id"]: e for e in planet["edges"]}
    for edge in edges.values():
        assert edge["a"] in nodes and edge["b"] in nodes, edge["id"]
        assert edge["padlock"] is None or edge["padlock"] in padlocks, edge["id"]
    for lock in padlocks.values():
        assert lock["edge"] is None or edges[lock["edge"]]["padlock"] == lock["id"], lock["id"]
    slots = [v for tile in planet["section_tiles"] for v in tile["ep_slots"].values()]
    assert sorted(slots) == sorted(vaults)  # each of the 9 vault tiles printed on exactly one section tile
    tiles = {t["id"]: t for t in planet["section_tiles"]}
    layout = planet["first_game_layout"]
    assert {tiles[t]["ring"] for t in layout["mantle"].values()} == {"mantle"}
    assert {tiles[t]["ring"] for t in layout["crust"].values()} == {"crust"}
    for row in planet["cylindroid_destinations"]:
        assert {row["main_vault"], row["A2"], row["B2"]} <= nodes
    for tunnel in planet["tunnels"]:
        assert tunnel["node"] in nodes and tunnel["padlock"] in padlocks and set(tunnel["joins"]) <= nodes


def test_main_vault_references_resolve():
    mv = load("main_vault.json")
    squares = {s["id"] for s in mv["squares"]}
    assert {s for row in mv["grid"] for s in row} == squares
    for s in mv["squares"]:
        assert set(s["adjacent"]) <= squares and s["type"] in {t["id"] for t in mv["square_types"]}
    assert {a["square"] for a in mv["arrival"]} <= squares
    for row in mv["alphabot_moves"]:
        assert set(row["from"]) <= squares and set(row["from"].values()) <= squares | {"NEXT_ENTRY"}
    assert set(mv["push_choice_order"]) == squares


def test_card_references_resolve():
    ships = {s["id"] for s in load("ships.json")["ships"]}
    assert {m["ship"] for m in load("objectives.json")["main"]} == ships
    assert {d["ship"] for d in load("demands.json")["cards"]} == ships
    hatches = load("hatches.json")
    tokens = {t["id"] for t in hatches["tokens"]}
    assert sorted(t for card in hatches["reminder_cards"] for t in card["tokens"]) == sorted(tokens)
    elite = load("elite.json")
    cards = {c["id"]: c for c in elite["cards"]}
    for deck in ("miner", "laser"):
        d = elite["decks"][deck]
        for cid in [d["starting"], d["ending"], *d["ai"]]:
            assert cards[cid]["deck"] == deck
    vaults = load("vaults.json")
    icons = {v["flip_icon"] for v in vaults["vaults"] if "flip_icon" in v}
    codes = RESOURCES | BATTERIES
    for ev in load("events.json")["cards"]:
        assert ev["autoproduce"] is None or ev["autoproduce"] in codes | icons, ev["id"]


def test_item_costs_and_objective_values_use_known_codes():
    codes = RESOURCES | BATTERIES | {"battery"}
    items = load("items.json")
    for family in ("advanced", "alphabot", "box"):
        for item in items[family]:
            assert set(item["cost"]) <= codes and all(n > 0 for n in item["cost"].values()), item["id"]
    for card in load("objectives.json")["main"]:
        assert set(card["vp"]) <= codes | CYLINDROIDS, card["id"]


def test_objective_predicates_are_in_the_vocabulary():
    objectives = load("objectives.json")
    vocab = {p["pred"]: p for p in objectives["predicates"]}
    used = []
    for card in objectives["secondary"] + objectives["solo_secondary"] + objectives["solo_final"]:
        for item in walk(card):
            if isinstance(item, dict) and "pred" in item and isinstance(item["pred"], str):
                name = item["pred"]
                assert name in vocab, (card["id"], name)
                assert set(item) - {"pred"} <= set(vocab[name]["args"]), (card["id"], item)
                used.append(name)
    assert set(used) == set(vocab)


def test_action_keep_costs_use_known_codes():
    for card in load("action_cards.json")["cards"]:
        for option in card["keep_cost"]:
            assert set(option) <= RESOURCES, card["id"]


@pytest.mark.parametrize("name", FILES)
def test_every_effect_keeps_its_text_beside_it(name):
    for item in walk(load(name)):
        if isinstance(item, dict) and ("effect" in item or "effects" in item) and "id" in item:
            assert isinstance(item.get("text"), str) and item["text"], (name, item["id"])
