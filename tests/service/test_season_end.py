"""Seasons end cleanly (LG-END-*): the podium waits for every result; at the last round's deadline
open matches are recorded as draws after a reminder to organisers; closing early does the same."""

from __future__ import annotations

from bot.discord.league_text import schedule_text
from bot.service.leagues import League, Match
from bot.service.sqlite import SQLiteStorage

from ._league_support import ORGANISER, LeagueKit, finish, make_league, open_matches

FOUR = ("alice", "bob", "carol", "dave")


async def last_round_with_a_straggler(kit: LeagueKit) -> tuple[League, Match]:
    """4 players, duels, 3 rounds of 2 days: round 1's second match never finishes; round 2 is paired
    by its deadline, rounds 2 and 3 are played. Returns the league and the open round-1 match."""
    league = await make_league(kit.leagues, users=FOUR, round_days=2)
    await kit.leagues.start_season(league, ORGANISER)
    first, straggler = await open_matches(kit.leagues, league)
    await finish(kit.games, first)
    kit.advance(2.01)
    assert await kit.leagues.advance_due() == 1  # the round's deadline moves the season on
    for _ in range(2):
        for match in [m for m in await open_matches(kit.leagues, league) if m.id != straggler.id]:
            await finish(kit.games, match)
    season, _ = await kit.leagues.schedule(league)
    assert season.round == 3
    return league, straggler


async def test_lg_end_01_no_podium_while_a_match_still_runs(storage: SQLiteStorage) -> None:
    """LG-END-01: the last round is done but a round-1 match still runs: no podium, the season stays
    running and the channel hears what it waits for; its result then completes the season."""
    kit = LeagueKit(storage)
    league, straggler = await last_round_with_a_straggler(kit)
    season, _ = await kit.leagues.schedule(league)
    assert season.status == "running" and not kit.said("is complete")
    assert kit.said(f"podium waits for #{straggler.id}")
    await finish(kit.games, straggler)
    season, matches = await kit.leagues.schedule(league)
    assert season.status == "closed" and all(m.status in ("finished", "bye") for m in matches)
    [podium] = kit.said("is complete")
    _, table = await kit.leagues.standings(league)
    assert table[0].name in podium and sum(s.games for s in table) == 12  # every result counted


async def test_lg_end_02_season_deadline_reminds_then_draws_open_matches(storage: SQLiteStorage) -> None:
    """LG-END-02: a day before the last round's deadline organisers are reminded (once) of the open
    match; when the deadline passes it is recorded as a draw, its game cancelled, and the podium
    announced — the season does not stay running."""
    kit = LeagueKit(storage)
    league, straggler = await last_round_with_a_straggler(kit)
    season, _ = await kit.leagues.schedule(league)
    assert season.round_deadline is not None
    kit.now = season.round_deadline - 86400 - 60
    await kit.leagues.advance_due()
    assert not kit.said("Still open")
    kit.now = season.round_deadline - 86400 + 60
    await kit.leagues.advance_due()
    await kit.leagues.advance_due()
    [reminder] = kit.said("Still open")
    assert f"#{straggler.id}" in reminder and "<@boss>" in reminder and "/league award" in reminder
    kit.now = season.round_deadline + 1
    await kit.leagues.advance_due()
    season, matches = await kit.leagues.schedule(league)
    assert season.status == "closed"
    done = next(m for m in matches if m.id == straggler.id)
    assert done.status == "finished" and done.note.startswith("unfinished")
    assert [s.placing for s in done.seats] == [1, 1] and [s.points for s in done.seats] == [0.5, 0.5]
    assert (await kit.games.game_by_id(straggler.game_id or 0)).status == "cancelled"
    assert len(kit.said("🏆")) == 1


async def test_lg_end_03_an_award_before_the_deadline_settles_it_the_organisers_way(storage: SQLiteStorage) -> None:
    """LG-END-03: the organiser awards the open match after the reminder: its result stands and the
    season completes at once with the podium."""
    kit = LeagueKit(storage)
    league, straggler = await last_round_with_a_straggler(kit)
    a, b = (s.user_id for s in straggler.seats)
    await kit.leagues.award(league, ORGANISER, straggler.id, [[b], [a]], "no show")
    season, _ = await kit.leagues.schedule(league)
    assert season.status == "closed" and kit.said("is complete")


async def test_lg_end_04_closing_early_settles_open_matches(storage: SQLiteStorage) -> None:
    """LG-END-04: `/league season close` mid-season records the open matches as draws, so no later
    result changes a closed season, and announces the standings."""
    kit = LeagueKit(storage)
    league = await make_league(kit.leagues, users=FOUR)
    await kit.leagues.start_season(league, ORGANISER)
    first, second = await open_matches(kit.leagues, league)
    await finish(kit.games, first)
    assert "1 open match recorded as a draw" in await kit.leagues.close_season(league, ORGANISER, "enough")
    season, matches = await kit.leagues.schedule(league)
    assert season.status == "closed" and not [m for m in matches if m.status in ("pending", "running")]
    assert (await kit.games.game_by_id(second.game_id or 0)).status == "cancelled"
    assert kit.said("ends (closed by an organiser)")


async def test_lg_end_05_schedule_says_when_the_season_ends(storage: SQLiteStorage) -> None:
    """LG-END-05: in the last round the schedule shows the season's deadline and its rule."""
    kit = LeagueKit(storage)
    league, _ = await last_round_with_a_straggler(kit)
    season, matches = await kit.leagues.schedule(league)
    text = schedule_text(league, season, matches, await kit.leagues.meetings(league))
    assert "the season ends <t:" in text and "recorded as draws" in text
    assert "Pairings over the season: every pair of players meets; nobody meets twice." in text
