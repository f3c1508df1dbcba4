"""Pairings, standings and placings as pure functions."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from bot.service.leagues.models import Match, MatchSeat
from bot.service.leagues.pairing import (
    circle_round,
    default_rounds,
    meetings,
    swiss_round,
)
from bot.service.leagues.planner import plan_season
from bot.service.leagues.ratings import placings
from bot.service.leagues.standings import compute_standings, standings_text


def players(n: int) -> list[str]:
    return [f"p{i}" for i in range(n)]


def play_rounds(n: int, size: int, rounds: int) -> tuple[list[tuple[str, ...]], Counter[str]]:
    roster = players(n)
    history: list[tuple[str, ...]] = []
    byes: Counter[str] = Counter()
    for done in plan_season(roster, size, rounds, seed=1):
        seated = [p for t in done.tables for p in t]
        assert sorted(seated + done.byes) == sorted(roster), "everyone sits or has a bye, once"
        assert all(len(t) == size for t in done.tables)
        history += done.tables
        byes.update(done.byes)
    return history, byes


@pytest.mark.parametrize("n", [2, 4, 6, 8])
def test_round_robin_even_two_player_everyone_meets_everyone_once(n: int) -> None:
    history, byes = play_rounds(n, 2, default_rounds("round-robin", n, 2))
    met = meetings(history)
    assert all(met[frozenset(pair)] == 1 for pair in combinations(players(n), 2))
    assert not byes


@pytest.mark.parametrize("n", [3, 5, 7])
def test_round_robin_odd_two_player_one_bye_each(n: int) -> None:
    history, byes = play_rounds(n, 2, default_rounds("round-robin", n, 2))
    met = meetings(history)
    assert all(met[frozenset(pair)] == 1 for pair in combinations(players(n), 2))
    assert byes == Counter({p: 1 for p in players(n)})


def test_circle_method_rounds_are_distinct() -> None:
    rounds = [frozenset(frozenset(p) for p in circle_round(players(6), r)) for r in range(1, 6)]
    assert len(set(rounds)) == 5


def test_multiplayer_round_robin_no_repeats_while_avoidable() -> None:
    """9 players at tables of 3: 4 rounds can be a perfect resolvable design (each pair meets once)."""
    history, _ = play_rounds(9, 3, 4)
    met = meetings(history)
    assert max(met.values()) == 1
    assert len(met) == 36  # every pair met


def test_multiplayer_byes_rotate() -> None:
    history, byes = play_rounds(7, 3, 7)
    assert sum(byes.values()) == 7 and max(byes.values()) == 1  # one bye per round, never twice
    assert all(len(t) == 3 for t in history)


def test_swiss_pairs_by_standing_and_avoids_rematches() -> None:
    ranked = players(6)
    first = swiss_round(ranked, 2, [], Counter())
    assert first.tables == [("p0", "p1"), ("p2", "p3"), ("p4", "p5")] and first.byes == []
    second = swiss_round(["p0", "p2", "p1", "p3", "p4", "p5"], 2, first.tables, Counter())
    assert not set(map(frozenset, second.tables)) & set(map(frozenset, first.tables))
    assert second.tables[0] == ("p0", "p2")  # the leaders meet when they have not met yet


def test_swiss_bye_goes_to_the_lowest_without_one() -> None:
    ranked = players(5)
    done = swiss_round(ranked, 2, [], Counter())
    assert done.byes == ["p4"]
    again = swiss_round(ranked, 2, done.tables, Counter({"p4": 1}))
    assert again.byes == ["p3"]


def seat(user: str, placing: int, points: float, forfeit: bool = False) -> MatchSeat:
    return MatchSeat(user, user.upper(), placing, points, forfeit)


def match(n: int, *seats: MatchSeat, status: str = "finished") -> Match:
    return Match(n, 1, n, 1, status, None, None, "", tuple(seats))


def test_standings_points_then_head_to_head_then_sonneborn_berger() -> None:
    # a beats b; b beats c; c beats a -> all on 1 point; h2h is 1 each, SB decides.
    # d loses to a, so a's SB counts d (0 points) and b's counts c...
    games = [match(1, seat("a", 1, 1), seat("b", 2, 0)), match(2, seat("b", 1, 1), seat("c", 2, 0)),
             match(3, seat("c", 1, 1), seat("a", 2, 0)), match(4, seat("d", 1, 1), seat("e", 2, 0)),
             match(5, seat("d", 1, 1), seat("a", 2, 0))]
    table = compute_standings([(u, u.upper()) for u in "abcde"], games)
    assert [s.user_id for s in table][:1] == ["d"] and table[0].points == 2
    tied = {s.user_id: s for s in table if s.points == 1}
    assert set(tied) == {"a", "b", "c"}
    assert all(s.h2h == 1 for s in tied.values())
    assert tied["c"].sb == 1 and tied["b"].sb == 1 and tied["a"].sb == 1  # each beat someone with 1 point
    assert "D" in standings_text(table)


def test_head_to_head_breaks_a_two_way_tie() -> None:
    games = [match(1, seat("a", 1, 1), seat("b", 2, 0)), match(2, seat("b", 1, 1), seat("c", 2, 0)),
             match(3, seat("c", 1, 1), seat("d", 2, 0)), match(4, seat("b", 1, 1), seat("d", 2, 0)),
             match(5, seat("a", 1, 1), seat("d", 2, 0)), match(6, seat("c", 1, 1), seat("a", 2, 0))]
    table = compute_standings([(u, u) for u in "abcd"], games)
    # a, b and c have 2 points; a beat b, b beat c, c beat a: h2h tie, so SB: equal too -> shared rank
    assert [s.points for s in table] == [2, 2, 2, 0]
    two = compute_standings([(u, u) for u in "ab"], [match(1, seat("a", 1, 1), seat("b", 2, 0)),
                                                     match(2, seat("b", 1, 1), seat("a", 2, 0)),
                                                     match(3, seat("a", 1, 1), seat("b", 2, 0)),
                                                     match(4, seat("b", 1, 1), seat("a", 2, 0))])
    assert two[0].rank == two[1].rank == 1  # equal on everything: shared rank
    third = compute_standings([(u, u) for u in "abc"], [match(1, seat("a", 1, 1), seat("b", 2, 0)),
                                                        match(2, seat("c", 1, 1), seat("c2", 2, 0)),
                                                        match(3, seat("b", 1, 1), seat("c2", 2, 0))])
    top = [s.user_id for s in third if s.points == 1]
    assert top[0] == "a" and third[0].h2h == 1  # a beat b head-to-head


def test_byes_and_forfeits_are_counted() -> None:
    games = [match(1, seat("a", 1, 1), status="bye"), match(2, seat("b", 1, 1), seat("c", 2, 0, True))]
    table = {s.user_id: s for s in compute_standings([(u, u) for u in "abc"], games)}
    assert table["a"].byes == 1 and table["a"].games == 0 and table["a"].points == 1
    assert table["c"].forfeits == 1 and table["b"].wins == 1


def test_placings_from_outcome_share_ties() -> None:
    outcome = {"winners": [2], "scores": {"0": 5, "1": 9, "2": 9, "3": 5}}
    assert placings(outcome, 4) == {2: 1, 1: 2, 0: 3, 3: 3}
    assert placings({"winners": [0, 1], "scores": {}}, 3) == {0: 1, 1: 1, 2: 3}
    assert placings({"winners": [1], "scores": {"0": 3, "1": 1}}, 2, forfeits=[0]) == {1: 1, 0: 2}


def test_swiss_multiplayer_groups_neighbours_then_new_opponents() -> None:
    ranked = players(6)
    first = swiss_round(ranked, 3, [], Counter())
    assert first.tables == [("p0", "p1", "p2"), ("p3", "p4", "p5")]
    second = swiss_round(ranked, 3, first.tables, Counter())
    met = meetings(first.tables + second.tables)
    assert max(met.values()) == 2 and sum(v == 2 for v in met.values()) == 2  # 2 repeats: the least possible
    assert "p0" in second.tables[0]
