"""Leagues through the service: sign-ups, seasons, match games, automatic results, forfeits, tools."""

from __future__ import annotations

import pytest

from bot.service.errors import NotAllowed
from bot.service.host import Host, build_host
from bot.service.leagues import Actor, League, LeagueError, LeagueService
from bot.service.service import GameService
from bot.service.sqlite import SQLiteStorage

from ._league_support import ORGANISER, RecordingHost, finish, finish_round, make_league, open_matches
from ._support import name_of, play_to_end

PLAYER = Actor("alice", "Alice")


@pytest.fixture
def host() -> RecordingHost:
    return RecordingHost()


@pytest.fixture
def built(storage: SQLiteStorage, host: RecordingHost) -> Host:
    """The host as ``bot/service/host.py`` wires it, posting through the recording host."""
    return build_host(storage, renderer=None, league_host=host)


@pytest.fixture
def service(built: Host) -> GameService:
    return built.service


@pytest.fixture
def leagues(built: Host) -> LeagueService:
    return built.leagues


async def test_non_organisers_are_refused(leagues: LeagueService) -> None:
    with pytest.raises(NotAllowed):
        await leagues.create(guild_id="g1", channel_id="c", actor=PLAYER, name="L", engine="tiny", players=2)
    league = await make_league(leagues)
    for call in (leagues.start_season(league, PLAYER), leagues.close_season(league, PLAYER),
                 leagues.remove(league, PLAYER, "bob", "x"), leagues.award(league, PLAYER, 1, [["alice"]], "x"),
                 leagues.replace(league, PLAYER, 1, "alice", "carol", "Carol", "x"),
                 leagues.audit_log(league, PLAYER)):
        with pytest.raises(NotAllowed):
            await call
    with pytest.raises(NotAllowed):
        await leagues.configure("g1", Actor("alice", roles=("r1",)), organiser_role="r1")


async def test_organiser_role_grants_league_tools(leagues: LeagueService) -> None:
    await leagues.configure("g1", ORGANISER, organiser_role="r9")
    runner = Actor("dave", "Dave", roles=("r9",))
    league = await leagues.create(guild_id="g1", channel_id="c", actor=runner, name="Role League", engine="tiny",
                                  players=2)
    assert league.created_by == "dave"
    assert not await leagues.is_organiser("g1", Actor("erin", roles=("r1",)))


async def test_create_validates_and_defaults(leagues: LeagueService) -> None:
    league = await make_league(leagues, players=3, users=())
    assert league.scoring == [2.0, 1.0, 0.0] and league.format == "round-robin"
    with pytest.raises(LeagueError, match="already has a league"):
        await make_league(leagues, users=())
    with pytest.raises(LeagueError, match="1–4 players"):
        await make_league(leagues, players=5, users=(), name="Big")
    with pytest.raises(LeagueError, match="Scoring needs 2"):
        await make_league(leagues, users=(), name="S", scoring="3,2,1")
    with pytest.raises(LeagueError, match="format"):
        await make_league(leagues, users=(), name="F", fmt="knockout")


async def test_signup_cap_waitlist_and_promotion(leagues: LeagueService) -> None:
    league = await make_league(leagues, users=("alice", "bob"), cap=2)
    assert "waitlist" in await leagues.join(league, "carol", "Carol")
    with pytest.raises(LeagueError, match="already signed up"):
        await leagues.join(league, "carol", "Carol")
    assert "Carol moves up" in await leagues.leave(league, "bob")
    _, active, waiting = await leagues.signups(league)
    assert active == ["Alice", "Carol"] and waiting == []


async def test_start_season_opens_threads_and_starts_games(leagues: LeagueService, host: RecordingHost,
                                                           service: GameService) -> None:
    league = await make_league(leagues, users=("alice", "bob", "carol", "dave"))
    assert "4 players, 3 rounds" in await leagues.start_season(league, ORGANISER)
    matches = await open_matches(leagues, league)
    assert len(matches) == 2 and len(host.threads) == 2 and len(host.posts) == 2
    for match in matches:
        game = await service.game_by_id(match.game_id or 0)
        assert game.status == "running" and game.channel_id == match.thread_id
        assert {p.user_id for p in game.players} == {s.user_id for s in match.seats}
    assert all("<@" in intro and "has started" in intro for _, intro in host.posts)
    with pytest.raises(LeagueError, match="Sign-ups are closed"):
        await leagues.join(league, "erin", "Erin")


async def test_results_are_recorded_and_next_round_paired(leagues: LeagueService, service: GameService) -> None:
    league = await make_league(leagues, users=("alice", "bob", "carol", "dave"))
    await leagues.start_season(league, ORGANISER)
    [first, second] = await open_matches(leagues, league)
    await finish(service, first)
    season, matches = await leagues.schedule(league)
    recorded = next(m for m in matches if m.id == first.id)
    assert recorded.status == "finished" and season.round == 1  # the other table still plays
    game = await service.game_by_id(first.game_id or 0)
    assert game.result is not None
    winners = {game.player_at(s).user_id for s in game.result["winners"]}  # type: ignore[union-attr]
    for s in recorded.seats:
        assert (s.placing == 1) == (s.user_id in winners)
        assert s.points == league.points_for(s.placing or 0, len(winners) if s.user_id in winners else 1)
    await finish(service, second)
    season, matches = await leagues.schedule(league)
    assert season.round == 2 and len([m for m in matches if m.round == 2 and m.status == "running"]) == 2
    round_one = {frozenset(s.user_id for s in m.seats) for m in matches if m.round == 1}
    round_two = {frozenset(s.user_id for s in m.seats) for m in matches if m.round == 2}
    assert not round_one & round_two
    _, table = await leagues.standings(league)
    assert sum(s.games for s in table) == 4 and table[0].points >= table[-1].points


async def test_full_season_with_odd_players_byes_and_completion(leagues: LeagueService, host: RecordingHost) -> None:
    league = await make_league(leagues, users=("alice", "bob", "carol"))
    await leagues.start_season(league, ORGANISER)
    for _ in range(3):
        await finish_round(leagues, league)
    season, matches = await leagues.schedule(league)
    assert season.status == "closed" and season.round == 3
    byes = [m.seats[0].user_id for m in matches if m.status == "bye"]
    assert sorted(byes) == ["alice", "bob", "carol"]
    assert any("is complete" in text for _, text in host.said)
    _, table = await leagues.standings(league)
    assert all(s.games == 2 and s.byes == 1 for s in table)


async def test_swiss_pairs_winners_together(leagues: LeagueService, service: GameService) -> None:
    league = await make_league(leagues, users=("alice", "bob", "carol", "dave"), fmt="swiss", rounds=2,
                               scoring="1,0", name="Swiss")
    await leagues.start_season(league, ORGANISER)
    await finish_round(leagues, league)
    _, table = await leagues.standings(league)
    _, matches = await leagues.schedule(league)
    top = table[0].user_id
    [mine] = [m for m in matches if m.round == 2 and m.seat(top)]
    other = next(s.user_id for s in mine.seats if s.user_id != top)
    points = {s.user_id: s.points for s in table}
    assert points[other] == max(p for u, p in points.items() if u != top and not
                                any(m.round == 1 and m.seat(u) and m.seat(top) for m in matches))


async def test_forfeit_two_player_match_ends_it(leagues: LeagueService, service: GameService) -> None:
    league = await make_league(leagues)
    await leagues.start_season(league, ORGANISER)
    [match] = await open_matches(leagues, league)
    await leagues.forfeit_seat(match.game_id or 0, "bob", "timeout strikes")
    _, [done] = await leagues.schedule(league)
    assert done.status == "finished" and "forfeit" in done.note
    assert done.seat("bob").forfeit and done.seat("bob").placing == 2  # type: ignore[union-attr]
    assert done.seat("alice").placing == 1 and done.seat("alice").points == 1  # type: ignore[union-attr]
    assert (await service.game_by_id(match.game_id or 0)).status == "cancelled"


async def test_forfeit_at_a_bigger_table_hands_the_seat_to_a_bot(leagues: LeagueService,
                                                                 service: GameService) -> None:
    league = await make_league(leagues, players=3, users=("alice", "bob", "carol"), rounds=1)
    await leagues.start_season(league, ORGANISER)
    [match] = await open_matches(leagues, league)
    await leagues.leave(league, "carol")
    game = await service.game_by_id(match.game_id or 0)
    assert game.status == "running" and any(p.is_bot for p in game.players)
    await play_to_end(service, game.id)
    _, [done] = await leagues.schedule(league)
    assert done.status == "finished"
    assert done.seat("carol").placing == 3 and done.seat("carol").forfeit  # type: ignore[union-attr]
    assert {done.seat(u).placing for u in ("alice", "bob")} <= {1, 2}  # type: ignore[union-attr]


async def test_award_replace_remove_are_audited(leagues: LeagueService, service: GameService) -> None:
    league = await make_league(leagues, users=("alice", "bob", "carol", "dave"))
    await leagues.start_season(league, ORGANISER)
    [first, second] = await open_matches(leagues, league)
    a, b = (s.user_id for s in first.seats)
    await leagues.replace(league, ORGANISER, first.id, a, "erin", "Erin", "moved away")
    game = await service.game_by_id(first.game_id or 0)
    assert game.seat_of("erin") is not None and game.seat_of(a) is None
    with pytest.raises(LeagueError, match="reason"):
        await leagues.award(league, ORGANISER, first.id, [[b], ["erin"]], " ")
    with pytest.raises(LeagueError, match="exactly once"):
        await leagues.award(league, ORGANISER, first.id, [[b]], "no show")
    await leagues.award(league, ORGANISER, first.id, [[b], ["erin"]], "no show")
    assert (await service.game_by_id(first.game_id or 0)).status == "cancelled"
    c = second.seats[0].user_id
    assert "removed" in await leagues.remove(league, ORGANISER, c, "conduct")
    _, matches = await leagues.schedule(league)
    assert next(m for m in matches if m.id == second.id).seat(c).forfeit  # type: ignore[union-attr]
    log = await leagues.audit_log(league, ORGANISER)
    assert [row.action for row in log][:3] == ["remove", "award", "replace"]
    assert log[1].reason == "no show" and "erin" in log[2].detail
    season, matches = await leagues.schedule(league)
    assert season.round == 2 and c not in {s.user_id for m in matches if m.round == 2 for s in m.seats}


async def test_close_and_open_next_season(leagues: LeagueService) -> None:
    league = await make_league(leagues)
    with pytest.raises(LeagueError, match="close it first"):
        await leagues.open_season(league, ORGANISER)
    await leagues.close_season(league, ORGANISER, "cancelled")
    assert "season 2" in await leagues.open_season(league, ORGANISER)
    assert "season 2" in await leagues.join(league, "alice", name_of("alice"))


async def test_round_deadline_pairs_the_next_round(storage: SQLiteStorage, host: RecordingHost) -> None:
    now = [1000.0]
    leagues = build_host(storage, renderer=None, clock=lambda: now[0], league_host=host).leagues
    league = await make_league(leagues, users=("alice", "bob", "carol", "dave"), round_days=2)
    await leagues.start_season(league, ORGANISER)
    assert await leagues.advance_due() == 0
    now[0] += 2 * 86400 + 1
    assert await leagues.advance_due() == 1
    season, matches = await leagues.schedule(league)
    assert season.round == 2 and len([m for m in matches if m.status == "running"]) == 4


async def test_find_league_by_name_channel_or_only_one(leagues: LeagueService) -> None:
    league = await make_league(leagues, users=())
    assert (await leagues.find("g1", "elsewhere")).id == league.id
    other = await make_league(leagues, users=(), name="Second")
    assert (await leagues.find("g1", "league", "second")).id == other.id
    with pytest.raises(Exception, match="Which league"):
        await leagues.find("g1", "elsewhere")


async def test_seat_forfeited_by_timeouts_counts_as_a_forfeit(leagues: LeagueService, service: GameService) -> None:
    """The deadlines feature forfeits a seat by handing it to a bot; the league records a loss for it."""
    league = await make_league(leagues, players=3, users=("alice", "bob", "carol"), rounds=1)
    await leagues.start_season(league, ORGANISER)
    [match] = await open_matches(leagues, league)
    await leagues.store.seat_to_bot(match.game_id or 0, "bob", "Bob (forfeited)")  # what timeouts does
    game = await service.game_by_id(match.game_id or 0)
    async with service.lock(game.id):
        await service.run_bots(game)
    await play_to_end(service, game.id)
    _, [done] = await leagues.schedule(league)
    bob = done.seat("bob")
    assert bob is not None and bob.forfeit and bob.placing == 3 and bob.points == 0
    _, table = await leagues.standings(league)
    assert next(s for s in table if s.user_id == "bob").forfeits == 1


async def test_match_started_hook_gets_league_settings(leagues: LeagueService) -> None:
    seen: list[tuple[str, str, int]] = []

    async def apply_pace(league: League, game_id: int) -> None:
        seen.append((league.pace, league.timeout_policy, game_id))

    leagues.on_match_ready.append(apply_pace)
    league = await make_league(leagues, pace="fast", timeout_policy="bot")
    await leagues.start_season(league, ORGANISER)
    [match] = await open_matches(leagues, league)
    assert seen == [("fast", "bot", match.game_id)]


async def test_players_cannot_cancel_a_league_match(leagues: LeagueService, service: GameService) -> None:
    league = await make_league(leagues)
    await leagues.start_season(league, ORGANISER)
    [match] = await open_matches(leagues, league)
    for user in ("alice", "bob"):
        with pytest.raises(NotAllowed):
            await service.cancel(match.thread_id or "", user)


async def test_start_reports_matches_that_could_not_open(leagues: LeagueService, host: RecordingHost) -> None:
    async def broken(channel_id: str, name: str) -> str:
        raise RuntimeError("no permission to create threads")

    host.open_thread = broken  # type: ignore[method-assign]
    league = await make_league(leagues)
    text = await leagues.start_season(league, ORGANISER)
    assert "0 matches opened" in text and "1 could not be opened yet" in text
    del host.open_thread  # Discord is fine again: the periodic check opens it
    await leagues.advance_due()
    assert len(await open_matches(leagues, league)) == 1
