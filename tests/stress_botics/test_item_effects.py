"""What items do (rules version 3 with the threats): CONNECT → Activate an Item with every ACTIVATE op, boosted
twice (SB-EX-10), and the PASSIVE ops wired into the rules (SB-CONNECT-08, SB-ITEMS-06, SB-BASIC-01; spec
4.11-4.14)."""

from engines.stress_botics import combat, cylindroids, extract, items, planet, programming, status
from engines.stress_botics.stress import change_stress

from .engine_helpers import ctx, legal, new, p, placed, play, step_name
from .test_advanced_items import at_vault, connect
from .test_threats import board

EMPTY = {"1": {}, "2": {}, "3": {}, "4": {}}


def equipped(players=2, **cards):
    """A board with ``X1="AB03"``-style cards equipped."""
    state = board(players)
    for ext, card in cards.items():
        items.place_on(ctx(state), 0, card, ext)
    return state


def test_ex10_boosted_activation_twice_with_pushes():
    # SB-EX-10, SB-CONNECT-08, SB-STRESS-02: Carbon Processor activated twice; each +1 stress pushes yellow
    state = equipped(X2="AD-T1")
    p(state, 0).update(stress=11, tanks={"1": {}, "2": {}, "3": {}, "4": {"Bm": 2}}, inside="bSi")
    p(state, 1)["stress"] = 12
    moves = legal(connect(state), 0)
    assert "do:activate:none:X2" in moves and "do:activate:inside:X2" in moves
    state = play(connect(state), 0, "do:activate:inside:X2")
    assert step_name(state) == "use_item" and legal(state, 0) == ["op:0"]
    state = play(state, 0, "op:0")
    state = play(state, 0, "unit:Bm:t4:Bm")
    assert step_name(state) == "place" and state["stack"][-1]["units"] == {"C": 2}
    assert (p(state, 0)["stress"], p(state, 1)["stress"]) == (12, 13)
    state = placed(state, 0)
    state = play(state, 0, "op:0")
    state = play(state, 0, "auto")
    state = placed(state, 0)
    assert (p(state, 0)["stress"], p(state, 1)["stress"]) == (13, 14)
    assert step_name(state) == "keep" and "Bm" not in str(p(state, 0)["tanks"])
    assert sum(t.get("C", 0) for t in p(state, 0)["tanks"].values()) == 4


def test_no_activation_without_input_or_item():
    # SB-ITEMS-06: ACTIVATE needs the sub-action and a possible effect; v2 games never see it
    state = equipped(X2="AD-T1")
    p(state, 0)["tanks"] = dict(EMPTY)
    assert not any(m.startswith("do:activate") for m in legal(connect(state), 0))
    assert not any(m.startswith("do:activate") for m in legal(connect(new(2, threats=False)), 0))


def test_stress_valve_once_per_round_and_repair_drone():
    # spec 4.13 AB08 (−2 stress, once per round) and AB10 (repair 2)
    state = equipped(X1="AB08", X4="AB10")
    p(state, 0).update(stress=20, shields=5, inside="bSi")
    state = play(connect(state), 0, "do:activate:inside:X1")
    state = play(state, 0, "op:0")
    assert p(state, 0)["stress"] == 18 and legal(state, 0) == ["done"]  # no second use this round
    state = play(state, 0, "done")
    assert not any(m == "do:activate:none:X1" for m in legal(connect(state), 0))
    state["g"]["round"] += 1
    assert "do:activate:none:X1" in legal(connect(state), 0)
    state = play(connect(state), 0, "do:activate:none:X4")
    state = play(state, 0, "op:0")
    assert p(state, 0)["shields"] == 7 and step_name(state) == "keep"


def test_gain_pressure_and_lava_items():
    # spec 4.14 BX06, BX12; 4.12 AD-X5, AD-T4; 4.13 AB14
    state = equipped(X1="BX06", X2="AD-X5")
    state = play(connect(state), 0, "do:activate:none:X1")
    state = play(state, 0, "op:0")
    assert state["stack"][-1]["units"] == {"Ti": 1}
    state = equipped(X2="AD-X5")
    state["g"]["pressure"] = 4
    state = play(connect(state), 0, "do:activate:none:X2")
    assert legal(state, 0) == ["op:0:-1"]  # never above 4
    state = play(state, 0, "op:0:-1")
    assert state["g"]["pressure"] == 3
    state = equipped(X2="AD-T4", X1="AB14", X4="BX12")
    p(state, 0)["tanks"] = {"1": {"Lv": 2}, "2": {"Lv": 4}, "3": {}, "4": {}}
    state = play(connect(state), 0, "do:activate:none:X2")
    assert legal(state, 0) == ["op:0:1", "op:0:2"]
    state = play(state, 0, "op:0:1")
    assert p(state, 0)["tanks"]["1"] == {"Bm": 1}
    state = play(connect(state), 0, "do:activate:none:X1")
    assert "op:0:2:3:2" in legal(state, 0) and "op:0:2:1:1" in legal(state, 0)
    state = play(state, 0, "op:0:2:3:2")
    assert p(state, 0)["tanks"]["2"] == {"Lv": 2} and p(state, 0)["tanks"]["3"] == {"Lv": 2}
    state = play(connect(state), 0, "do:activate:none:X4")
    state = play(state, 0, "op:0:3:2")
    assert p(state, 0)["tanks"]["3"] == {}


def test_melting_furnace_stores_lava_and_makes_exomatter():
    # spec 4.13 AB01: STORAGE 4 Lava (never liquefies); ACTIVATE 2 Lava here → 1 Ex
    state = equipped(X1="AB01")
    g = ctx(state)
    assert items.store_targets(g, 0, "Lv") == ["X1"] and items.store_targets(g, 0, "C") == []
    assert not any(m.startswith("do:activate") for m in legal(connect(state), 0))
    items.store_put(g, 0, "X1", "Lv", 2)
    state = play(connect(state), 0, "do:activate:none:X1")
    state = play(state, 0, "op:0")
    assert "X1" not in p(state, 0)["store"] and state["stack"][-1]["units"] == {"Ex": 1}


def test_acid_neutralizer_one_of():
    # spec 4.12 AD-T6: 1 Acid → 1 Si or 1 Gas → 1 Ti
    state = equipped(players=3, X2="AD-T6")
    p(state, 0)["ds"] = {"Gas": 1}
    state = play(connect(state), 0, "do:activate:none:X2")
    assert legal(state, 0) == ["op:1"]
    state = play(state, 0, "op:1")
    state = play(state, 0, "auto")
    assert p(state, 0)["ds"] == {} and state["stack"][-1]["units"] == {"Ti": 1}


def test_cylindroid_lure_and_cage():
    # spec 4.12 AD-X4 (capture what you could attack, no boost), AD-C5/BX11 storage of captured Cylindroids
    state = equipped(players=3, X2="AD-X4", X1="BX11")
    state["g"]["cyl"]["A2"] = ["MIN"]
    p(state, 0).update(mini="MV1", square="A2", container=["MIN", "LAS", "EXP"], stress=10)
    state = play(connect(state), 0, "do:activate:none:X2")
    assert legal(state, 0) == ["op:0:A2.MIN.capture"]
    state = play(state, 0, "op:0:A2.MIN.capture")
    assert p(state, 0)["store"]["X1"] == {"MIN": 1} and p(state, 0)["stress"] == 9
    assert state["g"]["cyl"]["A2"] == []


def test_boost_with_any_battery():
    # SB-BASIC-01 (the item wins over "CONNECT boosts with bSi"): Link Amplifier
    state = equipped(X1="BX06")
    p(state, 0)["inside"] = "bC"
    assert "do:activate:inside:X1" not in legal(connect(state), 0)
    items.place_on(ctx(state), 0, "AD-A3", "X3")
    assert "do:activate:inside:X1" in legal(connect(state), 0)


def test_passive_numbers():
    # spec 4.12-4.14 passives: hand limit, Phase 2 draw, replicate limit, Delivery Base stress, load limit
    state = equipped(players=3)
    g = ctx(state)
    limit = status.hand_limit(g, 0)
    draws = programming.entitlement(g, 0)
    items.place_on(g, 0, "BX03", "X1")
    assert status.hand_limit(g, 0) == limit + 1
    items.place_on(g, 0, "AD-A4", "X2")
    assert [pt["n"] for pt in programming.entitlement(g, 0)] == [pt["n"] + 1 for pt in draws]
    assert programming.fits(["MOVE", "MINE"], {"n": 2, "types": "same", "extra": 1})
    assert not programming.fits(["MOVE", "MINE", "INTERACT"], {"n": 3, "types": "same", "extra": 1})
    assert items.passive(g, 0, "replicate_limit") == 0
    items.place_on(g, 0, "AB12", "X4")
    from engines.stress_botics.item_cards import best

    assert best(g, 0, "replicate_limit") == 3


def test_extraction_passives():
    # spec 4.12 AD-A2 (one more unit of a type given, the player's pick), 4.13 AB16 (extract as at the pressure
    # 1 lower or higher, the player's pick), 4.12 AD-A5 (+1 shield in the Shields Vault)
    state = equipped(players=3)
    at_vault(state, 0, "04")  # Gas + Titanium
    state["g"]["pressure"] = 2
    g = ctx(state)
    base = extract.extract_yield(g, 0)
    assert set(base) == {"Gas", "Ti"} and "do:extract:none" in legal(connect(state, card="MN01"), 0)
    items.place_on(g, 0, "AD-A2", "X2")
    moves = [m for m in legal(connect(state, card="MN01"), 0) if m.startswith("do:extract:none")]
    assert sorted(moves) == ["do:extract:none:2.Gas", "do:extract:none:2.Ti"]
    state = play(connect(state, card="MN01"), 0, "do:extract:none:2.Gas")
    assert state["stack"][-1]["units"] == base | {"Gas": base["Gas"] + 1}
    state = placed(state, 0)
    state = equipped(players=3, X1="AB16")
    at_vault(state, 0, "01")
    state["g"]["pressure"] = 4
    moves = [m for m in legal(connect(state, card="MN01"), 0) if m.startswith("do:extract:none")]
    assert sorted(moves) == ["do:extract:none:3.", "do:extract:none:4."]  # never beyond the track
    tile = ctx(state).data.vaults["01"]["side_a"]["yield"]
    state = play(connect(state, card="MN01"), 0, "do:extract:none:3.")
    assert state["stack"][-1]["units"] == tile[3]
    state = equipped(players=3)
    g = ctx(state)
    at_vault(state, 0, "06")
    p(state, 0)["shields"] = 5
    gained = extract.production(g, 0)["shields"]
    items.place_on(g, 0, "AD-A5", "X3")
    extract.produce_shields(g, 0)
    assert p(state, 0)["shields"] == 5 + gained + 1


def test_stress_dampener_once_per_round():
    # spec 4.12 AD-X2: the first stress gain each round is 1 less
    state = equipped(X2="AD-X2")
    g = ctx(state)
    p(state, 0)["stress"] = 5
    change_stress(g, 0, 3)
    change_stress(g, 0, 3)
    assert p(state, 0)["stress"] == 5 + 2 + 3
    state["g"]["round"] += 1
    change_stress(g, 0, 1)
    assert p(state, 0)["stress"] == 10


def test_core_exit_discount():
    # spec 4.12 AD-X3 / 4.13 AB15: leaving the Core without a tunnel costs fewer shields
    state = equipped(players=3)
    p(state, 0).update(mini="CORE", square=None)
    g = ctx(state)
    before = {k: v[0] for k, v in planet.destinations(g, 0, 1).items()}
    items.place_on(g, 0, "AD-X3", "X2")
    after = {k: v[0] for k, v in planet.destinations(g, 0, 1).items()}
    costly = [k for k, v in before.items() if v > 0]
    assert costly and all(after[k] == before[k] - 1 for k in costly)


def test_phase5_damage_items():
    # spec 4.13 AB04 (ignore the first damage in Phase 5), 4.14 BX14 (a Laser's damage once per round)
    state = equipped(players=3, X1="BX14")
    g = ctx(state)
    assert cylindroids.phase5_ignored(g, 0, "LAS", 1) == 1 and cylindroids.phase5_ignored(g, 0, "LAS", 1) == 0
    items.place_on(g, 0, "AB04", "X4")
    assert cylindroids.phase5_ignored(g, 0, "MIN", 2) == 1 and cylindroids.phase5_ignored(g, 0, "MIN", 2) == 0


def test_capture_net_and_diagonal_attacks():
    # SB-BASIC-01, SB-BASIC-04: an armed Explosive can be captured with Capture Net; Phase Shifter adds diagonals
    state = equipped(players=3)
    state["g"]["cyl"]["A2"] = ["EXP!"]
    p(state, 0).update(mini="MV1", square="A2")
    g = ctx(state)
    assert "A2.EXPA.capture" not in combat.attack_options(g, 0)
    items.place_on(g, 0, "AB09", "X1")
    assert "A2.EXPA.capture" in combat.attack_options(g, 0)
    state["g"]["cyl"]["A2"] = []
    state["g"]["cyl"]["A1"] = ["MIN"]  # diagonal to A2 on the grid (spec 4.3.1)
    assert not any(t.startswith("A1.") for t in combat.attack_options(g, 0))
    items.place_on(g, 0, "AD-X1", "X2")
    assert "A1.MIN.scrap" in combat.attack_options(g, 0)


def test_battery_rack_takes_batteries_off_a_full_track():
    # spec 4.12 AD-C4: 2 batteries off the track; they can pay costs
    from engines.stress_botics import item_pay
    from engines.stress_botics.batteries import add_battery

    state = equipped(X2="AD-C4")
    me = p(state, 0)
    me.update(shields=2, track=["bC"])  # the cap is 1 space at 2 shields
    g = ctx(state)
    assert add_battery(g, me, "bTi") and me["track"] == ["bC"] and me["store"]["X2"] == {"bTi": 1}
    assert item_pay.can_pay(g, 0, {"battery": 2})


def test_vault_map_first_square_change_free():
    # spec 4.14 BX09: the first square change in the Main Vault each turn costs 0 MP
    state = equipped(players=3)
    p(state, 0).update(mini="MV1", square="CORNER_A", track=[])
    g = ctx(state)
    one = planet.destinations(g, 0, 1)
    items.place_on(g, 0, "BX09", "X1")
    two = planet.destinations(g, 0, 1)
    assert one[("MV1", "HATCH")] == (0, 1) and two[("MV1", "HATCH")] == (0, 0)
    assert set(one) <= set(two)
    assert planet.destinations(g, 0, 1, free=False) == one
    p(state, 0)["free_step"] = planet.turn_key(g, 0)
    assert planet.destinations(g, 0, 1) == one


def test_stored_cylindroids_give_extra_actions_and_go_to_the_bag_when_covered():
    # SB-P3-ACT-09 with a Cylindroid storage item; SB-ITEMS-04 (covered: a Cylindroid goes back to the bag)
    state = equipped(players=3, X1="BX11")
    g = ctx(state)
    items.store_put(g, 0, "X1", "MIN")
    assert ("MIN", "extract") in combat.extras(g, 0, lambda sub: True)
    combat.spend_captured(g, 0, "MIN")
    assert "X1" not in p(state, 0)["store"]
    bag = state["g"]["bag"]["LAS"]
    items.store_put(g, 0, "X1", "LAS")
    items.place_on(g, 0, "BX03", "X1")
    assert state["g"]["bag"]["LAS"] == bag + 1 and "X1" not in p(state, 0)["store"]
