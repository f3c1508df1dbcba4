"""Items on the extensions and paying for them (rules version 3 with the threats): families, equipping,
stacking, first-item bonuses, covering, storage, scoring, the payment prompt, and the view
(SB-ITEMS-01..09, SB-BASIC-17..19/21, SB-SCORE-05, SB-SETUP-20/21)."""

from engines.core import Action
from engines.stress_botics import elite, item_pay, items, scoring, view
from engines.stress_botics.content import load

from .engine_helpers import ENGINE, ctx, legal, new, p, placed, play, step_name
from .test_threats import board

KEEP = {"step": "keep", "seat": 0, "card": "CN01", "slot": "1"}
"""A CONNECT card's Keep prompt under the item prompts (what they resume when they end)."""


def under_keep(state, *frames):
    state["stack"] = [dict(KEEP), *frames]
    return state


def equip_prompt(state, seat, card):
    return under_keep(state, {"step": "equip", "seat": seat, "card": card})


def test_three_families_and_sizes():
    # SB-ITEMS-01: Advanced Items are large cards of four types, AlphaBot and Box Items small; compact counts
    data = load()["items"]
    assert [len(data[f]) for f in ("advanced", "alphabot", "box")] == [24, 16, 14]
    assert {c["size"] for c in data["advanced"]} == {"large"}
    assert {c["size"] for f in ("alphabot", "box") for c in data[f]} == {"small"}
    assert {c["type"] for c in data["advanced"]} == set(data["advanced_types"])
    assert all(not c["cost"] for c in data["box"])  # SB-ITEMS-09: Box Items have no cost


def test_setup_server_and_box_deck():
    # SB-SETUP-20: 1-2p a face-down deck of the 'all' cards and 2 slots; 3-4p four piles by type, tops up
    # SB-SETUP-21: the Box deck shuffled face down, the Common Tank empty
    g2 = new(2)["g"]["items"]
    assert len(g2["slots"]) == 2 and len(g2["deck"]) == 18
    assert not any(c.endswith("6") for c in g2["slots"] + g2["deck"])  # the 3+ cards are removed
    g4 = new(4)["g"]["items"]
    assert sorted(g4["piles"]) == ["amplifier", "container", "experimental", "transformer"]
    assert all(len(pile) == 5 and g4["tops"][k].startswith("AD-") for k, pile in g4["piles"].items())
    assert all(next(c for c in load()["items"]["advanced"] if c["id"] == top)["type"] == k
               for k, top in g4["tops"].items())
    assert sorted(new(3)["g"]["items"]["box"]) == sorted(c["id"] for c in load()["items"]["box"])
    assert sum(new(3)["g"]["common_tank"].values()) <= 1  # empty, then the first Event's auto-production
    assert new(3, seed=1)["g"]["items"]["box"] != new(3, seed=2)["g"]["items"]["box"]
    assert "items" not in new(3, threats=False)["g"] and "ext" not in p(new(3, threats=False), 0)


def test_setup_keeps_the_version_2_stream(monkeypatch):
    # the item shuffles draw from a stream of their own: without the Elite's deck (which does draw from the
    # game's stream) everything else is set up as in a version-2 game
    monkeypatch.setattr(elite, "start", lambda g: None)
    v3, v2 = new(3, seed=5), ENGINE.setup(3, 5, {"threats": True, "turn_order": "seat"}, version=2)
    assert v3["rng"] == v2["rng"] and v3["g"]["belt"] == v2["g"]["belt"]


def test_stacking_rules():
    # SB-ITEMS-03: small on empty or small, large on anything, small-only extensions X1 and X4
    state = board(3)
    g = ctx(state)
    assert items.targets(g, 0, "AD-A1") == ["X2", "X3"]
    assert items.targets(g, 0, "BX03") == ["X1", "X2", "X3", "X4"]
    items.place_on(g, 0, "AD-A1", "X2")
    assert items.targets(g, 0, "BX03") == ["X1", "X3", "X4"]  # never a small card on a large one
    items.place_on(g, 0, "BX05", "X3")
    assert "X3" in items.targets(g, 0, "AD-C2") and "X3" in items.targets(g, 0, "BX06")


def test_first_item_bonus_once_per_extension():
    # SB-ITEMS-02: an empty extension pays its printed first-item bonus once per game (spec 4.18.6)
    state = board(3)
    me = p(state, 0)
    me.update(shields=8, stress=10, track=["bC", "bTi"])
    state = play(equip_prompt(state, 0, "BX03"), 0, "ext:X2")
    assert me is not p(state, 0)
    assert p(state, 0)["shields"] == 9 and p(state, 0)["ext"]["X2"] == ["BX03"]
    state = play(equip_prompt(state, 0, "BX04"), 0, "ext:X3")
    assert p(state, 0)["stress"] == 8
    state = play(equip_prompt(state, 0, "BX06"), 0, "ext:X1")
    assert p(state, 0)["track"] == ["bC", "bTi", "bC"]
    state = play(equip_prompt(state, 0, "BX07"), 0, "ext:X4")
    assert step_name(state) == "place" and state["stack"][-1]["units"] == {"Bm": 1}
    state = placed(state, 0)
    g = ctx(state)
    shields = p(state, 0)["shields"]
    items.place_on(g, 0, "BX12", "X2")  # covering: no second bonus
    assert p(state, 0)["shields"] == shields and p(state, 0)["bonus_used"] == ["X2", "X3", "X1", "X4"]


def test_only_the_top_card_works_and_covered_storage_empties():
    # SB-ITEMS-04, SB-BASIC-21: covered cards do nothing; a covered storage item's contents go to the supply
    state = board(3)
    g = ctx(state)
    base = view.board(g, 0)["mp"]
    items.place_on(g, 0, "AB03", "X1")  # Servo Legs: +1 MP
    assert view.board(g, 0)["mp"] == base + 1 and items.passive(g, 0, "mp_bonus") == 1
    items.place_on(g, 0, "BX04", "X1")  # Small Crate on top
    assert view.board(g, 0)["mp"] == base and items.passive(g, 0, "mp_bonus") == 0
    items.store_put(g, 0, "X1", "C", 2)
    assert item_pay.pool(g, 0, ("own",))["C"] == 2 + sum(t.get("C", 0) for t in p(state, 0)["tanks"].values())
    items.place_on(g, 0, "BX10", "X1")
    assert "X1" not in p(state, 0)["store"] and p(state, 0)["ext"]["X1"] == ["AB03", "BX04", "BX10"]


def test_every_equipped_item_scores():
    # SB-ITEMS-05, SB-SCORE-05: covered items score too
    state = board(3)
    g = ctx(state)
    before = scoring.breakdown(g, 0)
    for card, ext in (("AB03", "X1"), ("BX04", "X1"), ("AD-A1", "X2"), ("AD-T1", "X2")):
        items.place_on(g, 0, card, ext)
    after = scoring.breakdown(g, 0)
    assert after["items"] == 3 + 1 + 4 + 3 and after["vp"] - before["vp"] == 11
    assert "items" not in scoring.breakdown(ctx(new(3, threats=False)), 0)


def test_on_equip_effects_and_battery_choice():
    # SB-ITEMS-06 (ON_EQUIP once when equipped), spec 4.14 BX01/BX05/BX13
    state = board(3)
    p(state, 0).update(stress=10, track=["bC"])
    items.place_on(ctx(state), 0, "AD-A1", "X3")  # X3's bonus used up first
    state = play(equip_prompt(state, 0, "BX05"), 0, "ext:X1")
    assert p(state, 0)["stress"] == 5  # X3 −2, Calm Chip −3
    state = play(equip_prompt(state, 0, "BX01"), 0, "ext:X1")
    assert step_name(state) == "item_battery" and legal(state, 0) == ["take:bC", "take:bTi", "take:bSi"]
    state = play(state, 0, "take:bSi")
    assert p(state, 0)["track"] == ["bC", "bC", "bSi"]  # X1's first-item bonus came with Calm Chip
    state = play(equip_prompt(state, 0, "BX13"), 0, "ext:X4")
    assert state["stack"][-1]["units"] == {"Bm": 1, "Ex": 1}  # X4's bonus and Exo Shard, placed together


def test_storage_takes_gains_pays_costs_but_not_keep_costs():
    # SB-ITEMS-07, SB-BASIC-09: gains may go onto storage within its types; generic costs may be paid from it;
    # the keep cost comes from the slot's tank only
    state = board(3)
    g = ctx(state)
    items.place_on(g, 0, "AD-C1", "X2")  # Nanobots: 4 units Gas/Acid
    under_keep(state, {"step": "place", "seat": 0, "slot": "1", "units": {"Acid": 2, "C": 1}, "back": False})
    moves = legal(state, 0)
    assert "put:Acid:X2" in moves and "put:C:X2" not in moves
    state = play(state, 0, "put:Acid:X2")
    assert p(state, 0)["store"]["X2"] == {"Acid": 1}
    assert "on your Nanobots" in ENGINE.label(state, 0, Action.parse("put:Acid:X2"))
    g = ctx(state)
    assert item_pay.can_pay(g, 0, {"Acid": 2})  # 1 in the DS tank + 1 on Nanobots
    item_pay.auto_pay(g, 0, {"Acid": 2})
    assert "X2" not in p(state, 0)["store"] and "Acid" not in p(state, 0)["ds"]
    p(state, 0)["tanks"]["1"] = {}
    items.place_on(g, 0, "AB07", "X1")
    items.store_put(g, 0, "X1", "C", 1)
    state["stack"] = [dict(KEEP, card="MV01")]
    assert legal(state, 0) == ["discard"]  # the Carbon on Tank Expansion cannot pay MV01's keep cost


def test_discount_of_the_payers_choice_and_track_payment():
    # SB-BASIC-19: discount N = N units of the payer's choice; SB-BASIC-18: batteries from any track space,
    # the rest shift right; never the battery inside the BetaBot
    state = board(3)
    p(state, 0).update(track=["bC", "bTi", "bSi"], inside="bSi", tanks={"1": {}, "2": {"Si": 1}, "3": {}, "4": {}})
    g = ctx(under_keep(state))
    assert not item_pay.can_pay(g, 0, {"Si": 2, "bSi": 1})
    assert item_pay.can_pay(g, 0, {"Si": 2, "bSi": 1}, discount=1)
    assert not item_pay.can_pay(g, 0, {"Si": 2, "bSi": 2}, discount=1)  # the inside battery never pays
    item_pay.pay(g, 0, {"Si": 2, "bSi": 1}, discount=1, what="Link Amplifier")
    moves = legal(state, 0)
    assert "waive:Si" in moves and "waive:bSi" not in moves  # waiving bSi would leave 2 Si unpayable
    state = play(state, 0, "unit:bSi:track3:bSi")
    assert p(state, 0)["track"] == ["bC", "bTi"]
    state = play(state, 0, "waive:Si")
    state = play(state, 0, "unit:Si:t2:Si")
    assert step_name(state) == "keep" and p(state, 0)["tanks"]["2"] == {}
    state = board(3)
    p(state, 0).update(track=["bC", "bTi", "bSi", "bC"])
    g = ctx(under_keep(state))
    item_pay.pay(g, 0, {"battery": 1})
    assert {m for m in legal(state, 0) if m.startswith("unit")} == {
        "unit:battery:track1:bC", "unit:battery:track2:bTi", "unit:battery:track3:bSi", "unit:battery:track4:bC"}
    state = play(state, 0, "unit:battery:track2:bTi")
    assert p(state, 0)["track"] == ["bC", "bSi", "bC"]  # shifted right, order kept


def test_paying_from_alphabots_tank_only():
    # SB-ITEMS-08 (paying part; the server is AlphaBot's INTERACT): Control A4 pays from AlphaBot's tank only
    state = board(3)
    state["g"]["alphabot"]["tank"] = {"bTi": 1, "Ti": 2}
    g = ctx(under_keep(state))
    assert item_pay.can_pay(g, 0, {"bTi": 1, "Ti": 2}, sources=("alphabot",))
    assert not item_pay.can_pay(g, 0, {"bTi": 1, "Ti": 3}, sources=("alphabot",))
    item_pay.pay(g, 0, {"bTi": 1, "Ti": 2}, sources=("alphabot",), then={"equip": "AB04"}, what="Hull Plating")
    state = play(state, 0, "auto")
    assert state["g"]["alphabot"]["tank"] == {} and step_name(state) == "equip"
    assert p(state, 0)["track"] == ["bC", "bTi", "bSi"]  # the BetaBot's own batteries untouched
    state = play(state, 0, "ext:X1")
    assert p(state, 0)["ext"]["X1"] == ["AB04"] and p(state, 0)["track"] == ["bC", "bTi", "bSi", "bC"]


def test_view_shows_items_but_never_deck_orders():
    # SB-SETUP-20/21 in the view: the offer, deck sizes, the Common Tank; covered cards listed for scoring
    state = new(2)
    g = ctx(state)
    items.place_on(g, 0, "BX04", "X1")
    items.place_on(g, 0, "BX06", "X1")
    v = ENGINE.table_view(state, 1)
    assert v["items"]["box_deck"] == 14 and v["items"]["deck"] == 18 and len(v["items"]["slots"]) == 2
    assert v["players"]["0"]["items"]["extensions"]["X1"]["top"]["name"] == "Pocket Drill"
    assert v["players"]["0"]["items"]["extensions"]["X1"]["covered"] == ["Small Crate"]
    assert v["players"]["0"]["items"]["vp"] == 3
    text = str(v)
    hidden = state["g"]["items"]["deck"] + [c for c in state["g"]["items"]["box"] if c not in ("BX04", "BX06")]
    assert not any(items.name(g, c) in text for c in hidden)
    four = ENGINE.table_view(new(4), 0)["items"]
    assert set(four["piles"]) == {"amplifier", "container", "experimental", "transformer"}
    assert all(pile["cards"] == 6 and pile["top"]["name"] for pile in four["piles"].values())


def test_item_texts_are_plain_words():
    # spec 6.3 for the item prompts: labels distinct, at most 80 characters, no codes; prompts at most 240
    import random

    from .test_player_texts import bad

    for players in (2, 3, 4):
        state, rnd = new(players, seed=players), random.Random(players)
        g = ctx(state)
        ids = sorted(items.cards(g))
        for seat in range(players):
            for _ in range(5):
                card = rnd.choice(ids)
                items.place_on(g, seat, card, rnd.choice(items.targets(g, seat, card)))
            p(state, seat)["tanks"]["4"] = {"Bm": 2, "C": 2}
        for _ in range(1500):
            if ENGINE.outcome(state) is not None:
                break
            seat = rnd.choice(ENGINE.active(state))
            moves = ENGINE.legal_actions(state, seat)
            labels = [ENGINE.label(state, seat, a) for a in moves]
            prompt = ENGINE.prompt(state, seat)
            assert len(set(labels)) == len(labels) and len(prompt) <= 240 and not bad(prompt), (labels, prompt)
            assert all(len(label) <= 80 and not bad(label) for label in labels), labels
            mine = [a for a in moves if str(a).split(":")[1:2] in (["items"], ["activate"], ["box"])]
            state, events = ENGINE.apply(state, seat, rnd.choice(mine) if mine and rnd.random() < 0.8
                                         else rnd.choice(moves))
            assert all(not bad(e["text"]) for e in events), events


def test_reading_storage_never_writes_the_state():
    # SB-ITEMS-07: asking how much an item holds or takes (as the bot and the prompts do) adds no record;
    # the replay from the log must find the same state (a stop-30 fuzz finding)
    state = board(3)
    g = ctx(state)
    items.place_on(g, 0, "AD-C1", "X2")  # Nanobots: 4 units Gas/Acid
    before = dict(p(state, 0)["store"])
    for res in ("C", "Acid", "Gas"):
        items.store_targets(g, 0, res)
    assert items.stored(g, 0, "X2") == {} and p(state, 0)["store"] == before
