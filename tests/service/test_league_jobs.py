"""League work off the players' path (issue 18, item 5): with the job worker running, a season's start and
the next round's matches are database jobs done in the background, resumable after a crash, done by the
process running the league's guild; the organiser sees the progress."""

from __future__ import annotations

from bot.service.host import build_host
from bot.service.jobs import Jobs
from bot.service.shards import Shards
from bot.service.sql_storage import SqlStorage
from tests.service.conftest import Backend

from ._league_support import ORGANISER, LeagueKit, finish_round, make_league, open_matches

FOUR = ("alice", "bob", "carol", "dave")


def background(kit: LeagueKit) -> Jobs:
    jobs = kit.leagues.ctx.jobs
    assert jobs is not None
    jobs.background = True  # as the bot's worker loop sets it
    kit.leagues.ctx.reply_wait = 0.0  # no worker runs here: answer at once
    return jobs


async def test_lg_jobs_season_start_answers_at_once_and_a_job_opens_the_matches(storage: SqlStorage) -> None:
    kit = LeagueKit(storage)
    jobs = background(kit)
    league = await make_league(kit.leagues, users=FOUR, rounds=1)
    reply = await kit.leagues.start_season(league, ORGANISER)
    assert "has started: 4 players" in reply and "in the background" in reply and "`/league info`" in reply
    assert kit.host.threads == [] and await open_matches(kit.leagues, league) == []  # nothing done yet
    assert "starting the season" in await kit.leagues.progress(league)
    assert await jobs.run_due() == 1
    assert len(kit.host.threads) == 2 and len(await open_matches(kit.leagues, league)) == 2
    assert await kit.leagues.progress(league) == ""
    rows = await storage.fetch("SELECT state, progress, attempts FROM jobs")
    assert [tuple(r) for r in rows] == [("done", "2 of 2 matches opened", 1)]
    assert await jobs.run_due() == 0  # done once


async def test_lg_jobs_the_next_round_opens_in_the_background_after_the_last_result(storage: SqlStorage) -> None:
    kit = LeagueKit(storage)
    jobs = background(kit)
    league = await make_league(kit.leagues, users=FOUR, fmt="swiss", rounds=2, scoring="1,0")
    await kit.leagues.start_season(league, ORGANISER)
    await jobs.run_due()
    await finish_round(kit.leagues, league)  # the moves that end round 1 are answered without opening round 2
    _, matches = await kit.leagues.schedule(league)
    assert sorted(m.status for m in matches if m.round == 2) == ["pending", "pending"]
    assert "opening the next matches" in await kit.leagues.progress(league)
    assert await jobs.run_due() == 1
    _, matches = await kit.leagues.schedule(league)
    assert sorted(m.status for m in matches if m.round == 2) == ["running", "running"]
    assert len(kit.host.threads) == 4


async def test_lg_jobs_a_job_of_a_crashed_process_is_taken_over_when_its_lease_runs_out(backend: Backend) -> None:
    first, second = backend.make(), backend.make()
    await first.open()
    await second.open()
    try:
        kit = LeagueKit(first)
        background(kit)
        league = await make_league(kit.leagues, users=FOUR, rounds=1)
        await kit.leagues.start_season(league, ORGANISER)
        dead = kit.leagues.ctx.jobs
        assert dead is not None
        claimed = await dead.store.claim("crashed process", kit.now, 60, Shards())  # then it dies
        assert claimed is not None
        other = LeagueKit(second, now=kit.now)
        jobs = background(other)
        jobs.owner = "another process"
        assert await jobs.run_due() == 0  # still leased
        other.advance(61 / 86400)
        assert await jobs.run_due() == 1
        assert len(await open_matches(other.leagues, league)) == 2
        rows = await second.fetch("SELECT state, attempts FROM jobs")
        assert [tuple(r) for r in rows] == [("done", 2)]
    finally:
        await first.close()
        await second.close()


async def test_lg_jobs_only_the_process_running_the_guild_does_its_jobs(storage: SqlStorage) -> None:
    guild = str(3 << 22)  # shard 1 of 2
    hosts = [build_host(storage, renderer=None, shards=Shards(2, frozenset({n}))) for n in (0, 1)]
    await hosts[0].jobs.store.enqueue("nothing", guild, {}, 0.0)  # type: ignore[union-attr]
    ran: list[int] = []
    for n, host in enumerate(hosts):
        assert host.jobs is not None
        host.jobs.owner = f"process {n}"

        async def handler(job: object, n: int = n) -> None:
            ran.append(n)

        host.jobs.handlers["nothing"] = handler
        await host.jobs.run_due()
    assert ran == [1]


async def test_lg_jobs_a_failing_job_is_retried_then_given_up(storage: SqlStorage) -> None:
    host = build_host(storage, renderer=None, clock=lambda: clock[0])
    clock = [1000.0]
    assert host.jobs is not None
    calls: list[int] = []

    async def broken(job: object) -> None:
        calls.append(1)
        raise RuntimeError("Discord is down")

    host.jobs.handlers["broken"] = broken
    await host.jobs.store.enqueue("broken", None, {}, clock[0])
    for _ in range(7):
        await host.jobs.run_due()
        clock[0] += 31
    assert len(calls) == 5
    rows = await storage.fetch("SELECT state, error FROM jobs")
    assert [tuple(r) for r in rows] == [("failed", "RuntimeError: Discord is down")]


async def test_lg_jobs_a_retry_after_a_crash_reuses_the_thread_and_the_lobby(storage: SqlStorage) -> None:
    # nothing done twice: a match whose opening broke off after its thread and lobby were made is resumed
    kit = LeagueKit(storage)
    jobs = background(kit)
    league = await make_league(kit.leagues, users=FOUR, rounds=1)
    await kit.leagues.start_season(league, ORGANISER)
    games = kit.leagues.ctx.games
    real_start, broken = games.start, [True]

    async def start_once_broken(*args: object, **kwargs: object) -> object:
        if broken.pop() if broken else False:
            raise RuntimeError("the process dies here")
        return await real_start(*args, **kwargs)

    games.start = start_once_broken  # type: ignore[method-assign]
    await jobs.run_due()  # the first match's thread and lobby exist, then its opening breaks off
    rows = await storage.fetch("SELECT status FROM games ORDER BY id")
    assert len(kit.host.threads) == 2 and sorted(r[0] for r in rows) == ["lobby", "running"]
    await kit.leagues.advance_due()  # the scheduler's sweep retries the matches that could not open
    threads = [t for t, _channel, _name in kit.host.threads]
    assert len(threads) == 2 == len(set(threads)), "one thread per match, the first one reused"
    assert len(await open_matches(kit.leagues, league)) == 2
    assert [r[0] for r in await storage.fetch("SELECT status FROM games")] == ["running", "running"]
    rows = await storage.fetch("SELECT channel_id, COUNT(*) FROM games GROUP BY channel_id")
    assert sorted(channel for channel, count in rows if count == 1) == sorted(threads)
