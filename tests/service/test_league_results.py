"""League results that replace or end a match (LG-RES-*): awards, timeout strikes, withdrawals."""

from __future__ import annotations

from bot.discord.league_text import match_line
from bot.service.sqlite import SQLiteStorage

from ._league_support import ORGANISER, LeagueKit, make_league, open_matches
from ._support import bid_and_lock, play_to_end


async def test_lg_res_01_award_replaces_a_forfeit_entirely(storage: SQLiteStorage) -> None:
    """LG-RES-01: a duel forfeited by Bob, then awarded to Bob by an organiser: Bob is 1st with a
    win and no forfeit mark ("1", not "1F"), Alice 2nd."""
    kit = LeagueKit(storage)
    league = await make_league(kit.leagues)
    await kit.leagues.start_season(league, ORGANISER)
    [match] = await open_matches(kit.leagues, league)
    await kit.leagues.forfeit_seat(match.game_id or 0, "bob", "timeout strikes")
    await kit.leagues.award(league, ORGANISER, match.id, [["bob"], ["alice"]], "the clock was wrong")
    _, [done] = await kit.leagues.schedule(league)
    bob, alice = done.seat("bob"), done.seat("alice")
    assert bob is not None and alice is not None
    assert (bob.placing, bob.forfeit, bob.points) == (1, False, 1) and (alice.placing, alice.forfeit) == (2, False)
    assert "Bob 1," in match_line(done) and "1F" not in match_line(done)
    _, table = await kit.leagues.standings(league)
    row = next(s for s in table if s.user_id == "bob")
    assert (row.wins, row.forfeits, row.rank) == (1, 0, 1)


async def test_lg_res_02_duel_lost_to_timeout_strikes_ends_at_once(storage: SQLiteStorage) -> None:
    """LG-RES-02: Bob never moves; his timeout strikes hand his seat to a bot. With one player left
    the match ends there as a forfeit: Alice wins, the game is cancelled, the table is told."""
    kit = LeagueKit(storage)
    league = await make_league(kit.leagues)
    await kit.leagues.start_season(league, ORGANISER)
    [match] = await open_matches(kit.leagues, league)
    thread = match.thread_id or ""
    await kit.scheduler.deadlines.set_policy(thread, "boss", True, "skip", strikes=1)
    await bid_and_lock(kit.games, thread, "alice")
    kit.advance(5)
    notices = [n.text for n in await kit.scheduler.sweep(kit.now)]
    notices += [n.text for n in await kit.scheduler.sweep(kit.now)]
    forfeits = [t for t in notices if "forfeits" in t]
    assert forfeits and all("The game ends here." in t and "A bot plays" not in t for t in forfeits), notices
    _, [done] = await kit.leagues.schedule(league)
    assert done.status == "finished" and done.note == "forfeit: timeout strikes"
    bob, alice = done.seat("bob"), done.seat("alice")
    assert bob is not None and alice is not None
    assert (bob.placing, bob.forfeit) == (2, True) and (alice.placing, alice.points) == (1, 1)
    assert (await kit.games.game_by_id(match.game_id or 0)).status == "cancelled"
    told = [text for channel, text in kit.host.said if channel == thread]
    assert any("Bob forfeited on timeouts" in text and "Alice wins by forfeit" in text for text in told)
    season, _ = await kit.leagues.schedule(league)
    assert season.status == "closed" and kit.said("is complete")  # the one-round season is over


async def test_lg_res_03_strikes_at_a_bigger_table_mark_the_forfeit_and_play_on(storage: SQLiteStorage) -> None:
    """LG-RES-03: at a 3-player table the seat lost to strikes is marked forfeited at once; the two
    players left finish with a bot in the seat, which places last."""
    kit = LeagueKit(storage)
    league = await make_league(kit.leagues, players=3, users=("alice", "bob", "carol"), rounds=1)
    await kit.leagues.start_season(league, ORGANISER)
    [match] = await open_matches(kit.leagues, league)
    thread = match.thread_id or ""
    await kit.scheduler.deadlines.set_policy(thread, "boss", True, "skip", strikes=1)
    await bid_and_lock(kit.games, thread, "alice")
    await bid_and_lock(kit.games, thread, "carol")
    kit.advance(5)
    await kit.scheduler.sweep(kit.now)
    [running] = await open_matches(kit.leagues, league)
    assert running.seat("bob").forfeit  # type: ignore[union-attr]
    await play_to_end(kit.games, match.game_id or 0)
    _, [done] = await kit.leagues.schedule(league)
    assert done.status == "finished" and done.seat("bob").placing == 3  # type: ignore[union-attr]


async def test_lg_res_04_a_pending_duel_whose_opponent_withdrew_is_settled_not_played(
        storage: SQLiteStorage) -> None:
    """LG-RES-04: a match that could not open yet, whose opponent then left the season, is recorded
    as a forfeit instead of opening a game against a bot."""
    kit = LeagueKit(storage)

    async def broken(channel_id: str, name: str) -> str:
        raise RuntimeError("no permission to create threads")

    kit.host.open_thread = broken  # type: ignore[method-assign]
    league = await make_league(kit.leagues)
    await kit.leagues.start_season(league, ORGANISER)
    await kit.leagues.leave(league, "bob")
    del kit.host.open_thread
    await kit.leagues.advance_due()
    _, [done] = await kit.leagues.schedule(league)
    assert done.status == "finished" and done.game_id is None
    assert done.seat("alice").placing == 1 and done.seat("bob").forfeit  # type: ignore[union-attr]
