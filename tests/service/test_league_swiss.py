"""Swiss pairs by standing (LG-SW-*): score groups top-down, leaders first, rematches only when
every other arrangement has more."""

from __future__ import annotations

from collections import Counter

from bot.service.leagues.pairing import meetings, swiss_round
from bot.service.leagues.standings import compute_standings
from bot.service.sqlite import SQLiteStorage

from ._league_support import ORGANISER, LeagueKit, make_league

ELEVEN = [f"p{i}" for i in range(11)]


def test_lg_sw_01_leaders_meet_when_they_have_not() -> None:
    """LG-SW-01: 11 players, round 3: #1 and #2 (both on 2 points, not met) share the top table."""
    history = [("p0", "p5"), ("p1", "p6"), ("p2", "p7"), ("p3", "p8"), ("p4", "p9"),
               ("p0", "p2"), ("p1", "p3"), ("p4", "p6"), ("p5", "p7"), ("p8", "p10")]
    ranked = ["p0", "p1", "p4", "p2", "p3", "p8", "p5", "p6", "p7", "p9", "p10"]
    done = swiss_round(ranked, 2, history, Counter({"p10": 1, "p9": 1}))
    assert done.tables[0] == ("p0", "p1")
    assert not set(map(frozenset, done.tables)) & set(meetings(history))  # no rematch anywhere


def test_lg_sw_01b_leaders_meet_where_swaps_stopped_at_good_enough() -> None:
    """LG-SW-01: 11 players after two rounds; the swap heuristic paired #1 with #4 and #2 with #3
    although #1 and #2 had not met. Top-down: #1 v #2, then #3 with the best he has not met."""
    history = [("p7", "p3"), ("p0", "p9"), ("p10", "p1"), ("p2", "p5"), ("p4", "p6"),
               ("p1", "p5"), ("p0", "p10"), ("p2", "p7"), ("p8", "p4"), ("p9", "p6")]
    ranked = ["p7", "p6", "p1", "p5", "p0", "p4", "p8", "p9", "p10", "p3", "p2"]
    done = swiss_round(ranked, 2, history, Counter())
    assert done.tables == [("p7", "p6"), ("p1", "p0"), ("p5", "p4"), ("p8", "p9"), ("p10", "p3")]
    assert done.byes == ["p2"]


def test_lg_sw_02_top_down_backtracks_only_for_rematches() -> None:
    """LG-SW-02: greedy 1v2, 3v4 would force the last two into a rematch; the pairing moves as
    little as possible from the top down: 1v2 stays, 3 and 4 swap partners with 5 and 6."""
    history = [("p4", "p5")]
    done = swiss_round(["p0", "p1", "p2", "p3", "p4", "p5"], 2, history, Counter())
    assert done.tables == [("p0", "p1"), ("p2", "p4"), ("p3", "p5")]


def test_lg_sw_03_a_rematch_only_when_every_arrangement_has_one() -> None:
    """LG-SW-03: four players who have all met: the leaders meet again (a rematch is unavoidable)."""
    history = [("a", "b"), ("c", "d"), ("a", "c"), ("b", "d"), ("a", "d"), ("b", "c")]
    done = swiss_round(["a", "b", "c", "d"], 2, history, Counter())
    assert done.tables == [("a", "b"), ("c", "d")]


def test_lg_sw_04_three_player_tables_group_the_leaders() -> None:
    """LG-SW-04: at 3-player tables the leaders' table takes the best-ranked players they have not met."""
    history = [("p0", "p3", "p6"), ("p1", "p4", "p7"), ("p2", "p5", "p8")]
    ranked = ["p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8"]
    done = swiss_round(ranked, 3, history, Counter())
    assert done.tables[0] == ("p0", "p1", "p2")
    assert max(meetings(history + done.tables).values()) == 1


async def test_lg_sw_05_service_round_three_pairs_the_leaders(storage: SQLiteStorage) -> None:
    """LG-SW-05: through the service, 11 players, results set round by round: in round 3 the two
    best in the standings (as they stood when round 3 was paired: its byes count later) sit at the same
    table whenever they have not met."""
    leagues = LeagueKit(storage).leagues
    league = await make_league(leagues, users=tuple(ELEVEN), fmt="swiss", rounds=3, scoring="1,0", name="Swiss")
    await leagues.start_season(league, ORGANISER)
    for _ in range(2):
        season, matches = await leagues.schedule(league)
        for match in [m for m in matches if m.round == season.round and m.status == "running"]:
            first, second = (s.user_id for s in match.seats)
            winner = min(first, second, key=lambda u: int(u[1:]) % 4)  # a fixed, uneven pattern
            await leagues.award(league, ORGANISER, match.id, [[winner], [first if winner == second else second]],
                                "test result")
    season, matches = await leagues.schedule(league)
    assert season.round == 3
    table = compute_standings([(u, u) for u in ELEVEN], [m for m in matches if m.round < 3])  # as paired
    one, two = table[0].user_id, table[1].user_id
    met = any(m.seat(one) and m.seat(two) for m in matches if m.round < 3)
    [top] = [m for m in matches if m.round == 3 and m.seat(one)]
    assert met or top.seat(two) is not None, [s.user_id for s in top.seats]
