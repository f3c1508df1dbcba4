"""Round-robin seasons planned as a whole (LG-RR-*): unmet and repeated pairs over whole seasons
against the lower bound, for 9–16 players at 3- and 4-player tables."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.discord.league_text import schedule_text
from bot.service.leagues.pairing import default_rounds
from bot.service.leagues.planner import bounds, coverage, plan_season
from bot.service.leagues.season_plan import decode_plan
from bot.service.sqlite import SQLiteStorage

from ._league_support import ORGANISER, LeagueKit, finish_round, make_league

# (players, table size) -> (unmet pairs, repeat meetings) the seeded plan may have at most. Measured
# with the service's first seed (1001); the lower bounds are beside them in the assertion messages.
# Planned round by round (before), 10 at 3 left 2 pairs unmet and 12 at 4 left 12 unmet with 18 repeats.
CEILING = {
    (9, 3): (0, 0), (10, 3): (0, 9), (11, 3): (3, 2), (12, 3): (1, 7), (13, 3): (0, 6), (14, 3): (1, 6),
    (15, 3): (0, 0), (16, 3): (0, 15),
    (9, 4): (3, 15), (10, 4): (6, 9), (11, 4): (5, 10), (12, 4): (7, 13), (13, 4): (5, 17), (14, 4): (2, 19),
    (15, 4): (6, 9), (16, 4): (0, 0),
}


def roster(n: int) -> list[str]:
    return [f"p{i}" for i in range(n)]


@pytest.mark.parametrize(("n", "size"), sorted(CEILING))
def test_lg_rr_01_whole_season_unmet_and_repeats_against_the_bound(n: int, size: int) -> None:
    """LG-RR-01: every round seats everyone once at full tables, byes stay even, and the season's
    unmet pairs and repeat meetings stay within the measured ceiling, never below the bound."""
    players = roster(n)
    rounds = default_rounds("round-robin", n, size)
    season = plan_season(players, size, rounds, seed=1001)
    assert len(season) == rounds
    byes: Counter[str] = Counter()
    for paired in season:
        placed = [p for t in paired.tables for p in t] + paired.byes
        assert sorted(placed) == sorted(players) and all(len(t) == size for t in paired.tables)
        byes.update(paired.byes)
    assert max(byes.values(), default=0) - min((byes[p] for p in players), default=0) <= 1
    cov = coverage(players, [t for paired in season for t in paired.tables])
    unmet, repeats = CEILING[(n, size)]
    figures = f"{cov.unmet} unmet (bound {cov.unmet_bound}), {cov.repeats} repeats (bound {cov.repeats_bound})"
    assert cov.unmet_bound <= cov.unmet <= unmet, figures
    assert cov.repeats_bound <= cov.repeats <= repeats, figures


@pytest.mark.parametrize(("n", "size", "rounds"), [(9, 3, 4), (10, 3, 6), (15, 3, 7), (16, 4, 5)])
def test_lg_rr_02_a_season_where_everyone_meets_everyone_is_found(n: int, size: int, rounds: int) -> None:
    """LG-RR-02: when the bound says everyone can meet everyone (a resolvable design: 9 at 3, Kirkman's
    15, the affine plane of 16 at 4; 10 at 3 with 9 unavoidable repeats), the plan reaches it."""
    players = roster(n)
    season = plan_season(players, size, rounds, seed=1001)
    cov = coverage(players, [t for paired in season for t in paired.tables])
    assert cov.unmet == 0 and cov.at_bound


def test_lg_rr_03_the_plan_is_seeded() -> None:
    """LG-RR-03: the same seed gives the same season; the search has no clock."""
    assert plan_season(roster(12), 4, 4, seed=7) == plan_season(roster(12), 4, 4, seed=7)


def test_lg_rr_04_replanning_after_a_departure_keeps_the_history() -> None:
    """LG-RR-04: the rest of a season is planned around what was played: someone left after two
    rounds, and the remaining rounds avoid the pairs that already met as far as the numbers allow."""
    players = roster(10)
    first = plan_season(players, 3, 6, seed=1)
    played = [t for paired in first[:2] for t in paired.tables]
    left = [p for p in players if p != "p3"]
    byes = Counter(p for paired in first[:2] for p in paired.byes)
    rest = plan_season(left, 3, 4, played, byes, seed=2)
    for paired in rest:
        assert sorted([p for t in paired.tables for p in t] + paired.byes) == sorted(left)
    cov = coverage(left, played + [t for paired in rest for t in paired.tables])
    assert cov.unmet <= cov.unmet_bound + 1, cov


def test_lg_rr_05_bounds() -> None:
    """LG-RR-05: the bound counts what tables can hold: 12 players at 4 over 4 rounds meet 72 times
    for 66 pairs (0 unmet, 6 repeats at least); 3 rounds leave at least 12 unmet."""
    assert bounds(12, [12] * 12) == (0, 6)
    assert bounds(12, [9] * 12) == (12, 0)


async def test_lg_rr_06_service_plans_the_season_and_reports_it(storage: SQLiteStorage) -> None:
    """LG-RR-06: 12 players at 4-player tables through the service: the whole season is planned at
    the start (at most 7 unmet pairs, where round-by-round pairing left 12 and 18 repeats), the
    rounds follow the stored plan, and `/league schedule` reports the figures beside the bound."""
    kit = LeagueKit(storage)
    users = tuple(f"u{i:02}" for i in range(12))
    league = await make_league(kit.leagues, players=4, users=users, name="Quads")
    await kit.leagues.start_season(league, ORGANISER)
    cov = await kit.leagues.meetings(league)
    assert cov is not None and cov.unmet <= 7 and cov.unmet_bound == 0 and cov.repeats_bound == 6
    season, matches = await kit.leagues.schedule(league)
    text = schedule_text(league, season, matches, cov)
    assert f"{cov.unmet} of 66 pairs never meet" in text and "at least 0 unmet pairs and 6 repeat meetings" in text
    planned = decode_plan(season.plan)
    assert sorted(planned) == [2, 3, 4]
    await finish_round(kit.leagues, league)
    season, matches = await kit.leagues.schedule(league)
    assert season.round == 2
    assert {frozenset(s.user_id for s in m.seats) for m in matches if m.round == 2} == {
        frozenset(t) for t in planned[2].tables}
    assert await kit.leagues.meetings(league) == cov  # still the same season


async def test_lg_rr_07_a_departure_replans_the_rest(storage: SQLiteStorage) -> None:
    """LG-RR-07: a player who leaves mid-season is planned out of the remaining rounds (3-player
    tables, 10 players, one leaves once round 2 is paired; that seat forfeits): every round paired
    after that seats each remaining player once."""
    kit = LeagueKit(storage)
    users = tuple(f"u{i}" for i in range(10))
    league = await make_league(kit.leagues, players=3, users=users, name="Trios")
    await kit.leagues.start_season(league, ORGANISER)
    await finish_round(kit.leagues, league)
    await kit.leagues.leave(league, "u3")
    for _ in range(5):
        await finish_round(kit.leagues, league)
    season, matches = await kit.leagues.schedule(league)
    assert season.status == "closed"
    assert all(m.seat("u3").forfeit for m in matches if m.round == 2 and m.seat("u3"))  # type: ignore[union-attr]
    for number in range(3, 7):
        placed = sorted(s.user_id for m in matches if m.round == number for s in m.seats)
        assert placed == sorted(u for u in users if u != "u3"), number
    cov = await kit.leagues.meetings(league)
    assert cov is not None and cov.unmet <= cov.unmet_bound + 1


def test_lg_rr_08_no_single_trade_improves_the_plan() -> None:
    """LG-RR-08: "repeats only when unavoidable" in the sense the planner guarantees: no trade of two
    players within a round (or of a player and one sitting out) gives fewer unmet pairs plus repeats."""
    players = roster(11)
    season = plan_season(players, 3, 6, seed=1001)

    def score(rounds: list[list[tuple[str, ...]]]) -> int:
        cov = coverage(players, [t for tables in rounds for t in tables])
        return cov.unmet + cov.repeats

    tables = [list(paired.tables) for paired in season]
    best = score(tables)
    for r, paired in enumerate(season):
        for i, a in enumerate(paired.tables):
            for j, b in enumerate(paired.tables[i + 1:], start=i + 1):
                for x in range(3):
                    for y in range(3):
                        ta, tb = list(a), list(b)
                        ta[x], tb[y] = tb[y], ta[x]
                        trial = [list(t) for t in tables]
                        trial[r][i], trial[r][j] = tuple(ta), tuple(tb)
                        assert score(trial) >= best
