"""Setup and the recruit draft (EU-SETUP-*), turn order (EU-TURN-*)."""

from __future__ import annotations

import itertools

import pytest

from engines.core import OptionError
from engines.euphoria.setup import keep_options

from .helpers import E, dice, drafted, edit, legal, pl, play, table, turn


# EU-SETUP-01, EU-SETUP-02, EU-SETUP-03, EU-SETUP-04, EU-SETUP-05, EU-SETUP-06
def test_eu_setup_01_02_03_04_05_06_board_layout():
    state = E.setup(3, 5)
    t = state["g"]
    assert all(v == 0 for v in t["goods"].values()) if "goods" in t else True
    assert len(t["site_tiles"]) == 6 and all(len(x) == 1 for x in t["site_tiles"])  # EU-SETUP-02
    assert len(t["tile_box"]) == 28 and not t["built"]
    assert all(m < E.data.tunnel_track["end"] for m in t["miners"].values())  # EU-SETUP-03: exclusive locked
    assert t["tracks"] == {"icarus": 0, "euphoria": 0, "wastelands": 0, "subterra": 0}  # EU-SETUP-04
    assert set(t["miners"].values()) == {E.data.tunnel_track["start_by_players"]["3"]}  # EU-SETUP-05
    assert len(t["bazaar"]) == 4 and all(t["bazaar"]) and len(t["art_deck"]) == 32  # EU-SETUP-06
    solo = E.setup(1, 5)
    assert len(solo["g"]["tile_box"]) == 26  # EU-SETUP-02 with Automa (EU-AUTOMA-02)
    assert solo["g"]["miners"]["euphoria"] == E.data.tunnel_track["start_by_players"]["3"]


# EU-SETUP-07, EU-SETUP-08
def test_eu_setup_07_08_player_boards():
    state = E.setup(4, 2)
    for p in state["g"]["players"]:
        assert len(p["dice"]) == 2 and p["stars"] == 0  # EU-SETUP-07
        assert p["morale"] == 1 and p["knowledge"] == 3  # EU-SETUP-08
        assert sum(p["goods"].values()) == 0  # EU-SETUP-01: supply, nobody starts with goods


# EU-SETUP-09
def test_eu_setup_09_draft_is_simultaneous_and_secret():
    state = E.setup(3, 4)
    assert E.active(state) == [0, 1, 2]
    assert all(len(p["dealt"]) == 4 for p in state["g"]["players"])
    view = E.view(state, 1)["table"]
    assert "dealt" not in view["players"][0] and len(view["players"][1]["dealt"]) == 4
    seat0 = E.legal_actions(state, 0)[0]
    state, events = E.apply(state, 0, seat0)
    assert E.active(state) == [1, 2]
    assert not any("reveals" in e["text"] for e in events)
    for seat in (1, 2):
        state, events = E.apply(state, seat, E.default_action(state, seat))
    assert sum("reveals" in e["text"] for e in events) == 3  # all actives revealed together
    for p in state["g"]["players"]:
        assert len(p["active"]) == 1 and len(p["hidden"]) == 1 and p["dealt"] == []
    assert len(state["g"]["recruit_box"]) == 6
    assert "hidden" not in E.view(state, 0)["table"]["players"][1]


# EU-SETUP-10
def test_eu_setup_10_factionless_never_hidden():
    state = E.setup(2, 3)
    state["g"]["players"][0]["dealt"] = ["FL01", "FL02", "EU01", "WA01"]
    from engines.core import Game
    options = keep_options(Game(E, state, None), 0)
    assert all(E.data.recruits[h].faction for _, h in options)
    assert ("FL01", "EU01") in options and ("EU01", "FL01") not in options
    assert not any(a.startswith("FL") and h.startswith("FL") for a, h in options)


# EU-SETUP-10
def test_eu_setup_10_r28_all_factionless_hand_is_redealt():
    from engines.core import Game
    from engines.euphoria.setup import deal

    state = E.setup(2, 3)
    g = Game(E, state, None)
    g.g["recruit_deck"][0:0] = ["FL01", "FL02", "FL03", "FL04"]
    deal(g, 0)
    assert any(E.data.recruits[r].faction for r in g.g["players"][0]["dealt"])
    assert any("a new deal" in e["text"] for e in g.events)


# EU-SETUP-11
def test_eu_setup_11_reference_is_rules_summary():
    assert E.guide.summary and "16" in E.guide.summary and E.guide.topics and E.guide.lookup(["draft"])


# EU-SETUP-12
def test_eu_setup_12_first_player_highest_roll():
    state = drafted(4, 9)
    sums = [sum(d["pips"] for d in p["dice"]) for p in state["g"]["players"]]
    first = state["g"]["turn_pid"]
    assert sums[first] == max(sums)
    assert all(d["at"] == "avail" and 1 <= d["pips"] <= 6 for p in state["g"]["players"] for d in p["dice"])


# EU-SETUP-13
def test_eu_setup_13_automa_setup_included():
    state = drafted(1, 3)
    assert len(state["g"]["players"]) == 3 and state["g"]["automa"] is not None
    assert {pl(state, 1)["faction"], pl(state, 2)["faction"]} <= set(E.data.areas)


# EU-TURN-01
def test_eu_turn_01_seat_order_never_changes():
    state = table(3)
    seen = []
    for _ in range(6):
        pid = state["g"]["turn_pid"]
        seen.append(pid)
        move = next(m for m in legal(state, pid) if m.startswith("place:"))
        state, _ = play(state, pid, move)
        while state["stack"][-1]["step"] != "turn":
            seat = E.active(state)[0]
            state, _ = play(state, seat, str(E.default_action(state, seat)))
    assert all((b - a) % 3 == 1 for a, b in itertools.pairwise(seen))


# EU-TURN-02
def test_eu_turn_02_place_or_retrieve_no_pass():
    state = table(2)
    dice(state, 0, (2, "avail"), (3, "wa.farm"))
    moves = legal(turn(state, 0), 0)
    assert "retrieve" in moves and any(m.startswith("place:") for m in moves)
    assert not any(m in ("pass", "end") for m in moves)


# EU-TURN-03
def test_eu_turn_03_automas_sit_after_humans():
    state = drafted(2, 4, automa=True)
    kinds = [p["kind"] for p in state["g"]["players"]]
    colours = [p["colour"] for p in state["g"]["players"]]
    assert kinds == ["human", "human", "automa", "automa"] and colours[2:] == ["black", "white"]
    with pytest.raises(OptionError):
        E.validate_options(3, {"automa": True})


# EU-TURN-04
def test_eu_turn_04_stuck_player_is_skipped():
    state = table(2)
    dice(state, 0, (3, "runaway"), (4, "runaway"))
    after = turn(state, 0)
    assert after["g"]["turn_pid"] == 1
    stuck = edit(state, lambda g: None)
    dice(stuck, 1, (3, "runaway"))
    stuck = turn(stuck, 0)
    assert stuck["result"] is not None  # nobody can ever move again: the game ends
