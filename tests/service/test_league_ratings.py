"""Ratings: openskill Plackett-Luce per game per server, for league and casual games."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from bot.service.host import Host, build_host
from bot.service.leagues import LeagueService
from bot.service.leagues.ratings import placings
from bot.service.service import GameService
from bot.service.sqlite import SQLiteStorage

from ._league_support import ORGANISER, RecordingHost, finish, make_league, open_matches
from ._support import play_to_end, start_game


@pytest.fixture
def built(storage: SQLiteStorage) -> Host:
    """The host as ``bot/service/host.py`` wires it."""
    return build_host(storage, renderer=None, league_host=RecordingHost())


@pytest.fixture
def service(built: Host) -> GameService:
    return built.service


@pytest.fixture
def leagues(built: Host) -> LeagueService:
    return built.leagues


def expected(game_result: dict, seats_to_users: dict[int, str]) -> dict[str, tuple[float, float]]:
    """What openskill itself computes for fresh players with the game's placings."""
    model = PlackettLuce()
    places = placings(game_result, len(seats_to_users))
    users = sorted(seats_to_users)
    rated = model.rate([[model.rating()] for _ in users], ranks=[float(places[s]) for s in users])
    return {seats_to_users[s]: (t[0].mu, t[0].sigma) for s, t in zip(users, rated, strict=True)}


async def test_casual_game_is_rated_like_openskill(leagues: LeagueService, service: GameService) -> None:
    game = await start_game(service, humans=("alice", "bob", "carol"), options={"rounds": 1, "dice": False})
    done = await play_to_end(service, game.id)
    assert done.result is not None
    want = expected(done.result, {p.seat: p.user_id for p in done.players})  # type: ignore[misc]
    for user, (mu, sigma) in want.items():
        rating = (await leagues.rating("g1", user))["tiny"]
        assert rating.mu == pytest.approx(mu) and rating.sigma == pytest.approx(sigma) and rating.games == 1
    _, board = await leagues.leaderboard("g1", None)
    ordinals = [r.ordinal for r in board]
    assert len(board) == 3 and ordinals == sorted(ordinals, reverse=True)


async def test_second_game_builds_on_the_first(leagues: LeagueService, service: GameService) -> None:
    await play_to_end(service, (await start_game(service, "c1", options={"rounds": 1})).id)
    before = await leagues.store.ratings("g1", "tiny", ["alice", "bob"])
    second = await play_to_end(service, (await start_game(service, "c2", seed=9, options={"rounds": 1})).id)
    assert second.result is not None
    model = PlackettLuce()
    places = placings(second.result, 2)
    users = {p.seat: p.user_id for p in second.players}
    rated = model.rate([[model.rating(before[users[s]].mu, before[users[s]].sigma)] for s in (0, 1)],
                       ranks=[float(places[0]), float(places[1])])
    after = await leagues.store.ratings("g1", "tiny", ["alice", "bob"])
    for seat in (0, 1):
        assert after[users[seat]].mu == pytest.approx(rated[seat][0].mu)
        assert after[users[seat]].sigma == pytest.approx(rated[seat][0].sigma)
        assert after[users[seat]].games == 2


async def test_casual_rating_can_be_turned_off(leagues: LeagueService, service: GameService) -> None:
    await leagues.configure("g1", ORGANISER, rate_casual=False)
    await play_to_end(service, (await start_game(service, options={"rounds": 1})).id)
    assert await leagues.rating("g1", "alice") == {}


async def test_league_games_are_rated_even_when_casual_is_off(leagues: LeagueService,
                                                              service: GameService) -> None:
    await leagues.configure("g1", ORGANISER, rate_casual=False)
    league = await make_league(leagues)
    await leagues.start_season(league, ORGANISER)
    [match] = await open_matches(leagues, league)
    await finish(service, match)
    assert (await leagues.rating("g1", "alice"))["tiny"].games == 1
    assert await leagues.store.save_ratings(match.game_id or 0, "g1", "tiny", {}, 0) is False  # rated once


async def test_bots_are_not_rated_and_solo_games_are_skipped(leagues: LeagueService, service: GameService) -> None:
    await play_to_end(service, (await start_game(service, humans=("alice",), bots=1, options={"rounds": 1})).id)
    assert await leagues.rating("g1", "alice") == {}


def test_tied_placings_rate_like_openskill_ties() -> None:
    from bot.service.leagues.ratings import rate

    model = PlackettLuce()
    a, b, c = model.rating(), model.rating(30.0, 5.0), model.rating()
    want = model.rate([[a], [b], [c]], ranks=[1.0, 1.0, 3.0])
    got = rate({"a": None, "b": (30.0, 5.0), "c": None}, {"a": 1, "b": 1, "c": 3})
    for user, team in zip("abc", want, strict=True):
        assert got[user] == (pytest.approx(team[0].mu), pytest.approx(team[0].sigma))
    assert got["a"][0] > 25 > got["c"][0]
