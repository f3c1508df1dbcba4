"""AlphaBot's item server (rules version 3): the deck, Available row and Standby at setup, Access the Server's
equip with its refresh and the Silicon-track discount, Control A4's Standby paid from AlphaBot's tank, the
Items and Shields hatches under AlphaBot and the Items hatch's produce (SB-SETUP-11/12, SB-ITEMS-08,
SB-INTERACT-06, SB-INTERACT-11, SB-ALPHA-13, SB-ALPHA-15, SB-P1-EVENT-26, SB-CONNECT-12)."""

import render.stress_botics as image
from engines.stress_botics import alpha_items, alphabot
from engines.stress_botics.game import StressBotics

from .engine_helpers import ctx, legal, new, p, play, step_name
from .test_interact import interacting, near

CONNECT = "CN01"


def equip_through(state, seat=0):
    """Pay automatically, equip on the first extension offered, place or choose what its bonus gives."""
    assert step_name(state) == "pay_item"
    state = play(state, seat, "auto")
    assert step_name(state) == "equip"
    state = play(state, seat, legal(state, seat)[0])
    while step_name(state) in ("place", "item_battery"):
        state = play(state, seat, legal(state, seat)[0])
    return state


def equipped(state, seat=0):
    return [c for stack in p(state, seat)["ext"].values() for c in stack]


def test_setup_of_the_item_server():
    # SB-SETUP-11, SB-SETUP-12
    for players, furnaces, shown in ((2, ["AB01"], 1), (3, ["AB01", "AB02"], 2)):
        state = new(players)
        s = state["g"]["ab_items"]
        assert s["available"][:len(furnaces)] == furnaces and len(s["available"]) == len(furnaces) + shown
        everything = s["available"] + [s["standby"]] + s["deck"]
        assert len(everything) == len(set(everything)) and ("AB12" in everything) == (players > 2)
        assert ("AB02" in s["available"][:len(furnaces)]) == (players > 2)  # 1-2p: shuffled into the deck
        battery = alpha_items.battery_of(ctx(state), s["standby"])
        assert state["g"]["alphabot"]["tank"] == {battery: 1}


def server_state(**alphabot):
    state = near()
    state["g"]["ab_items"].update(available=["AB07", "AB01"], standby="AB03", deck=["AB10", "AB11", "AB13"])
    state["g"]["alphabot"].update(alphabot)
    p(state, 0).update(track=["bC", "bTi", "bSi"], tanks={"1": {"Bm": 1}, "2": {"C": 1}, "3": {}, "4": {}})
    return state


def test_server_a1_equips_an_available_item():
    # SB-INTERACT-11, SB-ITEMS-08, SB-BASIC-18
    state = play(interacting(server_state()), 0, "do:server:none")
    assert "opt:A1:AB07" in legal(state, 0) and "opt:A1:AB01" not in legal(state, 0)  # no Lava to pay a Furnace
    state = equip_through(play(state, 0, "opt:A1:AB07"))
    s = state["g"]["ab_items"]
    assert equipped(state) == ["AB07"] and s["available"] == ["AB01", "AB03"] and s["standby"] == "AB10"
    assert p(state, 0)["track"] == ["bTi", "bSi", "bC"] and p(state, 0)["tanks"]["1"] == {}  # X1's bonus: bC
    assert step_name(state) == "keep"


def test_server_refresh_and_silicon_discount():
    # SB-INTERACT-11 (refresh, AMB-04), SB-ALPHA-15
    state = play(interacting(server_state()), 0, "do:server:none")
    state = play(state, 0, "refresh")
    s = state["g"]["ab_items"]
    assert s["available"] == ["AB10", "AB11"] and s["standby"] == "AB03" and s["discard"] == ["AB07", "AB01"]
    assert p(state, 0)["stress"] == 8 and "refresh" not in legal(state, 0)
    assert not any(m.startswith("opt:A1") for m in legal(state, 0))  # Magnet Arm needs 2 Carbon
    state = server_state(si_track=4)
    state["g"]["ab_items"]["available"] = ["AB11"]
    state = play(interacting(state), 0, "do:server:none")
    assert "opt:A1:AB11" in legal(state, 0)  # 1 unit of your choice less while the Si track is full
    state = equip_through(play(state, 0, "opt:A1:AB11"))
    assert equipped(state) == ["AB11"]


def test_control_a4_pays_the_standby_from_alphabots_tank():
    # SB-INTERACT-06 (A4), SB-ALPHA-13 (2nd Ti battery discount)
    state = server_state(tank={"bC": 1, "C": 1})
    state = play(interacting(state), 0, "do:control:none")
    assert not any(m.startswith("opt:A4") for m in legal(state, 0))  # Servo Legs: 1 bC + 1 C + 1 Ti
    state = server_state(tank={"bC": 1, "C": 1}, ti_track=2)
    state = play(interacting(state), 0, "do:control:none")
    assert "opt:A4:AB03" in legal(state, 0)
    state = equip_through(play(state, 0, "opt:A4:AB03"))
    assert equipped(state) == ["AB03"] and state["g"]["alphabot"]["tank"] == {}
    assert state["g"]["ab_items"]["standby"] == "AB10" and p(state, 0)["track"] == ["bC", "bTi", "bSi", "bC"]


def test_items_and_shields_hatches_under_alphabot():
    # SB-P1-EVENT-26, SB-ALPHA-25
    state = server_state()
    state["g"]["alphabot"]["square"] = "HATCH"
    state["g"]["hatch"].update(token="H08", closed=False)
    g = ctx(state)
    assert alpha_items.base_cost(g, "AB03", "server") == {"Ti": 1}  # 1 battery and 1 basic resource less
    assert alpha_items.base_cost(g, "AB03", "hatch") == {"bC": 1, "C": 1, "Ti": 1}
    state["g"]["hatch"]["closed"] = True
    assert alpha_items.base_cost(ctx(state), "AB03", "server") == {"bC": 1, "C": 1, "Ti": 1}
    state = server_state(shields=6, tank={})
    state["g"]["alphabot"].update(square="A2", direction="U")
    state["g"]["hatch"].update(token="H10", closed=False)
    g = ctx(state)
    alphabot.step(g)
    assert g.g["alphabot"]["square"] == "HATCH" and g.g["alphabot"]["shields"] == 8 and g.g["alphabot"]["tank"] == {}


def test_produce_in_the_items_hatch():
    # SB-CONNECT-12 (Items token)
    state = server_state()
    state["g"]["hatch"].update(token="H08", closed=False)
    p(state, 0)["square"] = "A2"
    state["stack"] = [{"step": "subaction", "seat": 0, "card": CONNECT, "slot": "1"}]
    assert "do:hatch:none" in legal(state, 0)
    state = play(state, 0, "do:hatch:none")
    assert step_name(state) == "hatch_item" and legal(state, 0) == ["item:AB07", "done"]
    state = equip_through(play(state, 0, "item:AB07"))
    assert equipped(state) == ["AB07"] and step_name(state) == "keep"
    state = server_state()
    state["g"]["hatch"].update(token="H08", closed=False)
    p(state, 0).update(square="A2", track=["bTi"], tanks={"1": {}, "2": {}, "3": {}, "4": {}})
    state["stack"] = [{"step": "subaction", "seat": 0, "card": CONNECT, "slot": "1"}]
    assert not any(m.startswith("do:hatch") for m in legal(state, 0))  # nothing Available is affordable


def test_hull_board_in_the_view_and_image():
    # SB-SETUP-11 (the deck stays hidden), SB-INTERACT-01, SB-ALPHA-13..15 (shown), spec 4.19
    state = server_state(ti_track=2, c_track=4)
    p(state, 0).update(square="HULL", hull="control")
    view = StressBotics().view(state, 1)
    hull = view["table"]["hull"]
    assert hull["spaces"]["control"]["who"] == [0] and hull["spaces"]["server"]["who"] == []
    assert hull["tracks"]["Ti"] == {"filled": 2, "spaces": 4} and hull["tracks"]["C"] == {"filled": 4, "spaces": 4}
    assert hull["standby"]["name"] == "Servo Legs" and hull["item_deck"] == 3 and hull["shuttle"] is None
    assert StressBotics().visible_state(state, 1)["g"]["ab_items"]["deck"] == [None, None, None]
    assert image.draw(view)[:4] == b"\x89PNG"
    state["g"]["alphabot"].update(mv=None, square=None, delivered=True, delivered_by=0)
    p(state, 0)["alphabot"] = {"ship": "scout", "reward": "scout_a", "vp": 10}
    view = StressBotics().view(state, None)
    assert view["table"]["hull"]["spaces"] is None and view["table"]["hull"]["delivered"] == {"by": 0, "ship": "Scout"}
    assert image.draw(view)[:4] == b"\x89PNG"


def test_control_key_and_server_uplink():
    # SB-INTERACT-01 (Control Key: from any square), SB-INTERACT-11 (Server Uplink: 1 more card), spec 4.13
    state = near(square="EXIT")
    assert not any(m.startswith("do:") for m in legal(interacting(state), 0))
    p(state, 0)["ext"]["X1"] = ["AB05"]
    assert "do:control:none" in legal(interacting(state), 0)
    p(state, 0)["ext"]["X1"] = ["AB06"]
    p(state, 0)["square"] = "A2"
    state = play(interacting(state), 0, "do:server:none")
    assert "opt:A2:MINE+MOVE" in legal(state, 0) and "opt:A2:MINE" not in legal(state, 0)
    state = play(state, 0, "opt:A2:MINE+MOVE")
    assert sorted(ctx(state).data.cards[c]["type"] for c in state["g"]["hands"]["0"]) == ["MINE", "MOVE"]
