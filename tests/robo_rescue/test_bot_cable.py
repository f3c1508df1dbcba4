"""The bot's cable placement, heuristic H-CABLE (§6.4 D-CABLE), on constructed matrices."""

from __future__ import annotations

import random
from typing import Any

from engines.core import Action
from engines.robo_rescue import ENGINE, cables
from engines.robo_rescue.bot import CableRanker, cable_choice, canonical, remaining_route
from tests.robo_rescue.helpers import C, game, me, play, put, ready, set_hand

G1_LOOP = {"F1": "ES", "F2": "NE", "G2": "WE", "H2": "WN", "H1": "SW"}
ROUTES = C.raw["cable_matrix"]["reference_routes"]


def with_matrix(matrix: dict[str, str], done: tuple[str, ...] | list[str] = ()) -> dict[str, Any]:
    """A ready game whose seat 0 holds ``matrix`` and has completed the connections ``done``."""
    s = ready(3)
    p = me(s)
    p["matrix"] = dict(matrix)
    p["connections"] = list(done)
    p["built"]["CABLE"] = len(done)
    return s


def places(s: dict[str, Any], *kinds: str) -> list[Action]:
    """Every legal placement of tokens of ``kinds`` into seat 0's matrix, as ``place`` actions."""
    m = me(s)["matrix"]
    return [Action("place", k, cell, o) for k in kinds for cell, o in cables.legal_placements(C, m, k)]


def best(s: dict[str, Any], *kinds: str) -> str:
    a = cable_choice(game(s), 0, places(s, *kinds))
    return f"{a.args[1]} {a.args[2]}"


# -- the route measure ------------------------------------------------------------------------


def test_remaining_route_is_the_reference_route_length_on_an_empty_matrix():
    assert {k: remaining_route(C, {}, k) for k in C.connections} == {"A": 6, "B": 7, "G1": 5, "J2": 5}
    for conn, route in ROUTES.items():
        assert remaining_route(C, route, conn) == 0


def test_remaining_route_counts_tokens_still_missing_and_none_when_cut_off():
    m = {**G1_LOOP, "D3": "ES", "E3": "WE", "F3": "WE"}  # RR-EX-02's start
    assert remaining_route(C, m, "B") == 4  # G3, H3, I3, J3
    assert remaining_route(C, m, "A") is None  # RR-EX-22: the G1 loop's ┌ at M:F1 has no N end
    assert remaining_route(C, m, "J2") == 5
    assert remaining_route(C, {**m, "G3": "SW"}, "B") is None  # RR-EX-02: a bend at M:G3 cuts B off


def test_remaining_route_agrees_with_goal_feasible():
    rng = random.Random(7)
    for _ in range(60):
        m: dict[str, str] = {}
        for _ in range(rng.randint(1, 12)):
            opts = cables.legal_placements(C, m, rng.choice(["STRAIGHT", "BEND"]))
            if not opts:
                break
            cell, orient = rng.choice(opts)
            m[cell] = orient
        for conn in C.connections:
            assert (remaining_route(C, m, conn) is not None) == cables.goal_feasible(C, m, conn), (m, conn)


# -- H-CABLE ----------------------------------------------------------------------------------


def test_bot_shortens_the_route_of_the_connection_it_extends(dice):
    # RR-EX-02's matrix: step 3 alone would take M:A1 (column A first), but A is already cut off by
    # the G1 loop, so the Straight goes on the B chain at M:G3 (B needs 3 more instead of 4).
    dice(["STRAIGHT", "STRAIGHT"])
    s = with_matrix({**G1_LOOP, "D3": "ES", "E3": "WE", "F3": "WE"}, ["G1"])
    set_hand(s, 0, ["FORWARD"])
    put(s, 0, "B4:N")
    s = play(s, "single", "card:FORWARD", "confirm", "act:DICE")
    assert s["stack"][-1]["step"] == "gain"
    legal = ENGINE.legal_actions(s, 0)
    assert str(legal[0]) == "place:STRAIGHT:A1:WE"  # canonical order alone would pick this
    assert str(ENGINE.bot_action(s, 0)) == "place:STRAIGHT:G3:WE"
    s = play(s, "place:STRAIGHT:G3:WE")
    assert str(ENGINE.bot_action(s, 0)) == "place:STRAIGHT:H3:WE"  # and keeps extending B


def test_keeping_connections_feasible_comes_before_shortening():
    # B needs M:I3 and M:J3. A Straight at M:I3 would leave B one token short but cut off J2
    # (J2's S port can then only be reached through the B chain), so step 1 prefers M:A1.
    s = with_matrix({"D3": "ES", "E3": "WE", "F3": "WE", "G3": "WE", "H3": "WE"})
    rank = CableRanker(game(s), 0)
    assert rank.key("I3", "WE")[:2] == (-3, 1)
    assert rank.key("A1", "WE")[:2] == (-4, 5)
    assert best(s, "STRAIGHT") == "A1 WE"


def test_bend_avoids_the_cell_that_would_cut_b_off():
    # RR-EX-02 with a Bend: M:G3 would cut B off and M:J3 would cut B or J2 off; M:J1 ┐ keeps both
    # feasible and shortens J2 (5 -> 4).
    s = with_matrix({**G1_LOOP, "D3": "ES", "E3": "WE", "F3": "WE"}, ["G1"])
    assert best(s, "BEND") == "J1 SW"


def test_tie_break_is_column_then_row_then_orientation():
    order = ["WE", "NS", "NE", "ES", "SW", "WN"]
    cells = [("B1", "NS"), ("A3", "WE"), ("A1", "WN"), ("A1", "WE"), ("A2", "NE"), ("A1", "NS"), ("J1", "WE")]
    ranked = sorted(cells, key=lambda x: canonical(C, *x))
    assert ranked == [("A1", "WE"), ("A1", "NS"), ("A1", "WN"), ("A2", "NE"), ("A3", "WE"), ("B1", "NS"),
                      ("J1", "WE")]
    assert sorted(order, key=lambda o: canonical(C, "C2", o)) == order


def test_tie_break_decides_among_equal_placements_whatever_the_offer_order():
    # A-A and B-B are built: G1 and J2 are cut off for good, so every placement ties on steps 1-2.
    s = with_matrix({**ROUTES["A"], **ROUTES["B"]}, ["A", "B"])
    wild = places(s, "STRAIGHT", "BEND")
    assert {f"{a.args[1]} {a.args[2]}" for a in wild} == {"H1 WE", "H1 SW", "H1 WN", "J1 NS", "J1 ES", "J1 SW"}
    for offer in (wild, list(reversed(wild))):
        assert str(cable_choice(game(s), 0, offer)) == "place:STRAIGHT:H1:WE"  # Straight WE first in M:H1
    bends = places(s, "BEND")
    assert str(cable_choice(game(s), 0, list(reversed(bends)))) == "place:BEND:H1:SW"  # SW before WN


def test_completing_a_connection_beats_a_longer_extension():
    # A needs only M:A1; B needs only M:D3. A Wild completes either (remaining 0): column A first.
    a = {k: v for k, v in ROUTES["A"].items() if k != "A1"}
    b = {k: v for k, v in ROUTES["B"].items() if k != "D3"}
    s = with_matrix({**a, **b})
    assert best(s, "STRAIGHT", "BEND") == "A1 WE"
    assert best(s, "BEND") == "D3 ES"


def test_spending_keeps_tokens_on_a_route_and_gives_up_dead_ends():
    s = with_matrix({**G1_LOOP, "D3": "ES", "E3": "WE", "F3": "WE", "A1": "WE"}, ["G1"])
    rank = CableRanker(game(s), 0)
    assert rank.needed("F3")  # the open end of the B chain
    assert not rank.needed("A1")  # A is cut off by the G1 loop
    assert rank.useful("STRAIGHT") and rank.useful("BEND")
    full = CableRanker(game(with_matrix({**ROUTES["A"], **ROUTES["B"]}, ["A", "B"])), 0)
    assert not full.useful("STRAIGHT")  # two cable engines: no more to gain
