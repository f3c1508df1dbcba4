"""The Elite Cylindroid on the board (rules version 3 with the threats): setup, spawn and pushes, the Hatch it
fills, AlphaBot and explosions against it, elimination, return, view (SB-SETUP-17..19, SB-P1-EVENT-20..22,
SB-ELITE-08..13, SB-ALPHA-07/24/27/28, SB-EX-27, SB-EX-28)."""

import copy
import json

from engines.core import effects
from engines.stress_botics import (
    aggression,
    aggressive_cards,
    alphabot,
    combat,
    cylindroids,
    elite,
    flow,
    threats,
    waves,
)
from engines.stress_botics.events import flip_hatch
from engines.stress_botics.extract import extract_yield
from engines.stress_botics.planet import can_end, destinations
from engines.stress_botics.view import ZONES

from .engine_helpers import ENGINE, ctx, new, p
from .test_threats import board

ADJACENT = ["A1", "B1", "A2", "B2"]


def with_elite(players=3, shields=4, side="miner", **options):
    """A v3 board with the Elite on MV1's Hatch, the regular token (open H01) set aside."""
    state = board(players, **options)
    g = ctx(state)
    state["g"]["hatch"].update(token="H01", closed=False)
    elite.spawn(g)
    state["g"]["elite"].update(shields=shields, side=side)
    return state, g


def test_setup_the_elite_on_the_belt_with_its_decks_and_reward_cards():
    # SB-SETUP-17, SB-SETUP-18, SB-SETUP-19
    for players, reward in ((2, "RW-MINER-12"), (4, "RW-MINER-34")):
        state = new(players)
        g, e = ctx(state), state["g"]["elite"]
        assert (e["at"], e["side"], e["shields"], e["aside"]) == ("belt", "miner", 4, None)
        for side, first in (("miner", "EM"), ("laser", "EL")):
            deck = e["decks"][side]
            assert deck[0] == f"{first}-S" and deck[-1] == f"{first}-E"  # Starting on top, Ending at the bottom
            assert sorted(deck[1:-1]) == [f"{first}-{i}" for i in range(1, 5)]
        assert list(e["decks"]) == ["laser", "miner"]  # the Laser deck laid first, the Miner deck on it
        assert elite.reward_card(g)["id"] == reward and elite.next_reward(g) == elite.reward_card(g)["spaces"][0]
    assert ctx(new(3, elite_classic_mode=True)).g["elite"]["decks"] == {}  # classic mode: no AI cards
    assert "elite" not in ENGINE.setup(3, 1, {"threats": True}, version=2)["g"]  # never before version 3
    assert "elite" not in new(3, threats=False)["g"]


def test_lobby_options_for_the_elite():
    # SB-ELITE-04 (classic mode), AMB-05 (elite_spawn_on_x)
    defaults = ENGINE.options_schema.defaults()
    assert defaults["elite_classic_mode"] is False and defaults["elite_spawn_on_x"] is True
    helps = {o.name: o.help for o in ENGINE.options_schema.options}
    assert "Elite" in helps["elite_classic_mode"] and "X" in helps["elite_spawn_on_x"]


def test_the_elite_spawns_when_no_wave_is_left():
    # SB-P1-EVENT-20 (A, B, X with the flag; a wave left: no spawn), AMB-05
    for letter in ("A", "B", "A+B", "X"):
        state = board()
        waves.spawn(ctx(state), letter)
        assert state["g"]["elite"]["at"] == "HATCH", letter
    state = board(elite_spawn_on_x=False)
    waves.spawn(ctx(state), "X")
    assert state["g"]["elite"]["at"] == "belt"  # the earlier reading: X never brings it
    state = board()
    state["g"]["belt"][3] = {"cyl": ["MIN"], "boxes": 0}
    waves.spawn(ctx(state), "X")
    waves.spawn(ctx(state), "A+B")  # one wave to A1, then the Elite
    assert state["g"]["cyl"]["A1"] == ["MIN"] and state["g"]["elite"]["at"] == "HATCH"
    state = board()
    state["g"]["belt"][4] = {"cyl": ["LAS"], "boxes": 0}
    state["g"]["belt"][5] = {"cyl": ["MIN"], "boxes": 0}
    waves.spawn(ctx(state), "A+B")  # two waves: no Elite
    assert state["g"]["elite"]["at"] == "belt" and state["g"]["cyl"]["B1"] == ["MIN"]


def test_ex27_elite_spawn_on_a_plus_b_with_one_wave_left():
    # SB-EX-27, SB-P1-EVENT-20, SB-P1-EVENT-21, SB-MOVE-16
    state = board(3)
    g, gg = ctx(state), state["g"]
    gg["belt"][5] = {"cyl": ["MIN"], "boxes": 0}
    gg["hatch"].update(token="H02", closed=False)
    p(state, 0).update(mini="MV1", square="HATCH")  # purple
    waves.spawn(g, "A+B")
    assert gg["cyl"]["A1"] == ["MIN"] and gg["belt"] == [None] * 6
    assert gg["elite"]["at"] == "HATCH" and gg["elite"]["aside"] == {"token": "H02", "closed": False}
    assert gg["hatch"]["token"] is None and ENGINE.view(state, None)["table"]["hatch"].startswith("the Miner Elite")
    assert effects.pending(g) == [{"effect": "cyl_push", "owner": 0, "square": "HATCH"}]
    state["stack"] = [{"step": "activation", "seat": 0}]
    effects.run(g)
    assert sorted(state["stack"][-1]["options"]) == sorted(ADJACENT)
    state, _ = ENGINE.apply(state, 0, "pick:B2")
    assert p(state, 0)["square"] == "B2"


def test_the_spawn_pushes_alphabot_to_the_entry_and_leaves_cylindroids():
    # SB-P1-EVENT-21 (AlphaBot to the Entry, BetaBots there pushed), AMB-06, SB-P1-EVENT-22
    state = board(3)
    g, gg = ctx(state), state["g"]
    gg["alphabot"]["square"] = "HATCH"
    gg["cyl"].update(A2=["LAS"], B1=["MIN"])
    p(state, 1).update(mini="MV1", square="ENTRY")
    p(state, 2).update(mini="MV1", square="TOP")
    elite.spawn(g)
    assert gg["alphabot"]["square"] == "ENTRY" and p(state, 2)["square"] == "TOP"  # the rider goes along
    assert gg["cyl"]["A2"] == ["LAS"] and gg["cyl"]["B1"] == ["MIN"]
    assert effects.pending(g) == [{"effect": "push", "owner": 1, "square": "ENTRY"}]


def test_the_elite_fills_the_hatch():
    # SB-ELITE-13, SB-P1-EVENT-22, SB-MOVE-15, SB-MINE-09 (no extract), SB-CONNECT-12 (no produce)
    state, g = with_elite()
    p(state, 0).update(mini="MV1", square="A1")
    assert not can_end(g, 0, ("MV1", "HATCH"))
    assert ("MV1", "HATCH") not in destinations(g, 0, 3) and ("MV1", "B2") in destinations(g, 0, 3)
    assert extract_yield(g, 0) is None  # H01 is an open extract token, but it is set aside
    flip_hatch(g, "close")  # the Elite's token is never affected
    assert state["g"]["elite"]["aside"] == {"token": "H01", "closed": False} and state["g"]["hatch"]["token"] is None
    state["g"]["alphabot"]["direction"] = "U"  # Entry → Hatch
    alphabot.step(g)
    assert state["g"]["alphabot"]["square"] == "ENTRY" and state["g"]["elite"]["shields"] == 3  # never onto it


def test_ex28_the_elite_blocks_alphabot():
    # SB-EX-28, SB-ALPHA-24, SB-ELITE-06, SB-ELITE-08
    state, g = with_elite(3)
    gg = state["g"]
    gg["alphabot"].update(square="ENTRY", direction="U", tank={})
    before = [p(state, s)["stress"] for s in range(3)]
    alphabot.move(g, 2)  # "move 2": both steps hit the Elite
    assert gg["alphabot"]["square"] == "ENTRY" and gg["elite"]["shields"] == 2
    assert gg["alphabot"]["tank"] == {"Ti": 2, "Si": 1, "Bm": 1, "Gas": 1, "bSi": 1}
    assert [p(state, s)["stress"] for s in range(3)] == before  # the stress parts are ignored


def test_alphabot_attack_and_hatch_slam_hit_the_elite():
    # SB-ALPHA-07 (the Elite −1 when its Hatch is next to AlphaBot), SB-ELITE-08, G09 Hatch slam
    state, g = with_elite(4)
    gg = state["g"]
    aggression.attack(g)  # AlphaBot on the Entry: the Hatch is not next to it
    assert gg["elite"]["shields"] == 4
    gg["alphabot"]["square"] = "A2"
    aggression.attack(g)
    assert gg["elite"]["shields"] == 3 and gg["alphabot"]["tank"] == {"Ti": 1, "Si": 1, "Bm": 1}
    aggressive_cards.resolve(g, "G09")  # the Elite on the Hatch takes the slam
    assert gg["elite"]["shields"] == 2 and gg["alphabot"]["tank"]["bSi"] == 1
    assert gg["elite"]["aside"] == {"token": "H01", "closed": False}  # the set-aside token is not closed


def test_an_explosion_next_to_the_hatch_costs_the_elite_a_shield_without_reward():
    # SB-ELITE-08, SB-P5-CYL-07, SB-MINE-12 (an attacked armed Explosive next to the Hatch)
    state, g = with_elite(3)
    gg = state["g"]
    gg["alphabot"]["square"] = "EXIT"
    cylindroids.explode(g, "B2")
    assert gg["elite"]["shields"] == 3 and gg["alphabot"]["tank"] == {}
    p(state, 0).update(mini="MV1", square="A1")
    gg["alphabot"]["square"] = "CORNER_B"
    gg["cyl"]["A1"] = ["EXP!"]
    gains = combat.attack(g, 0, "A1.EXPA.scrap")
    assert gg["elite"]["shields"] == 2 and gains == {"Acid": 1} and gg["alphabot"]["tank"] == {}


def test_miner_elite_eliminated_turns_laser_and_refills_the_belt():
    # SB-ELITE-09, SB-ELITE-10 (1-2p: the B segments; 3-4p: every empty segment)
    for players, refilled in ((2, [1, 3, 5]), (4, [0, 1, 2, 3, 4, 5])):
        state, g = with_elite(players, shields=1)
        gg = state["g"]
        gg["bag"] = {"MIN": 8, "LAS": 8, "EXP": 8}
        gg["cyl"].update(A1=["MIN", "EXP!"], B2=["LAS"])
        gg["belt"][3] = {"cyl": ["LAS", "LAS"], "boxes": 1}
        gg["elite"]["discard"] = ["EM-S"]
        elite.hurt(g, None)
        e = gg["elite"]
        assert (e["at"], e["side"], e["shields"], e["discard"]) == ("belt", "laser", 4, [])
        assert list(e["decks"]) == ["laser"] and e["decks"]["laser"][0] == "EL-S"
        assert gg["cyl"] == {sq: [] for sq in threats.COMBAT} and gg["hatch"]["token"] == "H01"
        segments = threats.belt_side(g)
        for i, seg in enumerate(gg["belt"]):
            if i == 3:
                assert seg == {"cyl": ["LAS", "LAS"], "boxes": 1}  # a full segment keeps its wave
            elif i in refilled:
                assert len(seg["cyl"]) == segments[i]["cylindroids"] and seg["boxes"] == 0
            else:
                assert seg is None
        drawn = sum(len(s["cyl"]) for i, s in enumerate(gg["belt"]) if s and i != 3)
        assert sum(gg["bag"].values()) == 24 + 3 - drawn  # the Main Vault's 3 went back to the bag first
        assert elite.reward_card(g)["elite"] == "laser"


def test_the_refill_stops_when_the_bag_runs_out():
    # SB-ELITE-10 (stopping if the bag runs out)
    state, g = with_elite(4, shields=1)
    state["g"]["bag"] = {"MIN": 3, "LAS": 0, "EXP": 0}
    elite.hurt(g, None)
    assert [len(s["cyl"]) if s else 0 for s in state["g"]["belt"]] == [2, 1, 0, 0, 0, 0]


def test_laser_elite_eliminated_leaves_the_game():
    # SB-ELITE-11
    state, g = with_elite(3, shields=1, side="laser")
    gg = state["g"]
    gg["cyl"]["B1"] = ["MIN"]
    elite.hurt(g, 0)
    assert gg["elite"]["at"] is None and gg["hatch"]["token"] == "H01" and gg["cyl"]["B1"] == []
    waves.spawn(g, "A")  # no wave and no Elite: nothing comes
    assert gg["elite"]["at"] is None
    assert ENGINE.view(state, None)["table"]["threats"]["elite"]["at"] == "out of the game"


def test_the_elite_goes_back_before_the_waves_when_alphabot_leaves():
    # SB-ELITE-12, SB-ALPHA-27 step 5, SB-ALPHA-28 (the Elite's segment counts as occupied), AMB-27
    state, g = with_elite(3, shields=2)
    gg = state["g"]
    e = gg["elite"]
    e["decks"]["miner"] = ["EM-3", "EM-4", "EM-E"]
    e["discard"] = ["EM-S", "EM-1", "EM-2"]
    gg["cyl"]["B1"] = ["MIN", "LAS"]
    gg["alphabot"]["square"] = "EXIT"
    alphabot.leave_vault(g)
    assert (e["at"], e["side"], e["shields"], e["discard"]) == ("belt", "miner", 2, [])
    deck = e["decks"]["miner"]
    assert deck[0] == "EM-S" and deck[-1] == "EM-E" and sorted(deck[1:-1]) == ["EM-1", "EM-2", "EM-3", "EM-4"]
    assert e["hatch_side"] == {"miner": True} and e["decks"]["laser"][0] == "EL-S"
    assert gg["belt"][5] == {"cyl": ["MIN", "LAS"], "boxes": 0}  # just before the Elite's segment
    assert "H01" in gg["hatch"]["removed"] and gg["alphabot"]["mv"] == 2  # the regular token came back first


def test_the_view_shows_the_elite_never_its_deck():
    # SB-ELITE-06 (the reward card in use), spec 6.2 (the Elite AI deck's order is hidden)
    state, _ = with_elite(3, shields=3)
    table = ENGINE.view(state, 0)["table"]
    view = table["threats"]["elite"]
    assert view["at"] == "on the Hatch" and view["side"] == "Miner Elite" and view["shields"] == 3
    assert view["next_reward"] == "-1 stress, 1 Titanium + 1 Gas + 1 Silicon Battery" and view["deck"] == 6
    text = json.dumps(table)
    assert "EM-" not in text and "EL-" not in text
    assert {"g.elite.decks.miner", "g.elite.decks.laser"} <= set(ZONES.hidden(state, 0))
    state["g"]["elite"]["aside"]["closed"] = True  # a closed token set aside stays unknown
    assert "g.elite.aside.token" in ZONES.hidden(state, None)


def test_a_round_brings_the_elite_and_asks_the_pushed_owner():
    # SB-P1-EVENT-20 (an X card with the belt empty), SB-P1-EVENT-21 (the owner picks in Phase 1), SB-P1-EVENT-24
    state = board(3)
    g, gg = ctx(state), state["g"]
    gg["events"]["deck"] = ["E05", *[c for c in gg["events"]["deck"] if c != "E05"]]  # X, red hatch icon
    gg["hatch"].update(token="H03", closed=False)
    p(state, 1).update(mini="MV1", square="HATCH")
    state["stack"] = []
    flow.begin_round(g)
    assert gg["elite"]["at"] == "HATCH" and state["stack"][-1]["step"] == "choose"
    assert state["stack"][-1]["seat"] == 1 and sorted(state["stack"][-1]["options"]) == sorted(ADJACENT)
    state, _ = ENGINE.apply(state, 1, "pick:A1")
    assert p(state, 1)["square"] == "A1" and state["g"]["phase"] == "programming"
    assert state["g"]["elite"]["aside"] == {"token": "H03", "closed": False}  # the red icon finds no token


def test_the_image_shows_the_elite_strip_on_the_hatch_and_on_the_belt():
    # spec 6.6 (the renderer draws from the view only): the Elite strip, its badge on the Hatch or the belt
    from render.stress_botics import draw
    from render.stress_botics.elite import elite_of, short
    from tests.render._support import decode

    state, g = with_elite(3, shields=2)
    elite.hurt(g, 0)
    on_hatch = ENGINE.view(state, None)
    assert elite_of(on_hatch)["on_hatch"] and short(elite_of(on_hatch)["rewards"][0]) == ("-1 stress", "Ti, Si, Bm")
    without = copy.deepcopy(on_hatch)
    without["table"]["threats"]["elite"] = "on the belt's last segment"  # as a version-2 view: no strip
    from tests.stress_botics.test_render_boards import drawn_texts

    with drawn_texts() as seen:
        draw(on_hatch)
    with drawn_texts() as unseen:
        draw(without)
    titles = ("Elite Cylindroid", "Miner Elite rewards (3-4 players, side A)")
    assert all(any(t == title for t, _ in seen) for title in titles)  # its strip beside AlphaBot's hull
    assert not any(t in titles for t, _ in unseen)
    alphabot.leave_vault(g)
    assert not elite_of(ENGINE.view(state, None))["on_hatch"] and decode(draw(ENGINE.view(state, None))).height
