"""Several bot processes on one database (issue 18, item 4): each is a storage, service and scheduler of its
own over the test's database, as a second process would be. Background work happens once, whichever
process sweeps; a game's own work is done by the process running its guild's shard."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest_asyncio

from bot.service.errors import StaleRequest
from bot.service.host import Host, build_host
from bot.service.shards import Shards, shard_of
from tests.service._pace_support import DAY, HOUR, T0, FakeClock, Kit
from tests.service._support import ENGINE, open_lobby, start_game
from tests.service.conftest import Backend

WINDOW = 96 * HOUR
GUILD_ON_0 = str(7 << 22)  # (id >> 22) % 2 == 1 ... see the assertions below
GUILD_ON_1 = str(8 << 22)


@pytest_asyncio.fixture
async def other(backend: Backend, kit: Kit) -> AsyncIterator[Host]:
    """A second process on the same database (its own storage, locks and claims), on the kit's clock."""
    storage = backend.make()
    await storage.open()
    try:
        yield build_host(storage, renderer=None, clock=kit.clock, lease_seconds=60)
    finally:
        await storage.close()


def second_owner(host: Host) -> None:
    host.scheduler.owner = "the other process"


async def count(kit: Kit, sql: str, params: tuple[object, ...] = ()) -> int:
    return int((await kit.service.storage.fetch(sql, params))[0][0])


def test_the_shard_of_a_guild_is_discords_formula() -> None:
    assert shard_of(GUILD_ON_0, 2) == 1 and shard_of(GUILD_ON_1, 2) == 0
    assert shard_of(None, 4) == 0 and shard_of("g1", 4) == 0  # DMs and non-snowflakes: shard 0
    assert shard_of(str((5 << 22) + 12345), 4) == 1
    assert Shards(4, frozenset({1, 3})).owns(str(5 << 22)) and not Shards(4, frozenset({0})).owns(str(5 << 22))
    assert Shards().owns("anything") and Shards(2, frozenset({0, 1})).all


async def test_each_notice_is_claimed_and_delivered_by_one_process(kit: Kit, other: Host) -> None:
    second_owner(other)
    statements = [kit.scheduler.store.notice_statement("table", f"n{i}", T0, channel_id="c1") for i in range(30)]
    await kit.scheduler.store.add_notices(statements)
    mine, theirs = await asyncio.gather(kit.scheduler.sweep(T0), other.scheduler.sweep(T0))
    assert sorted(n.text for n in mine + theirs) == sorted(f"n{i}" for i in range(30))  # each exactly once
    assert not {n.id for n in mine} & {n.id for n in theirs}
    for notice in mine:
        await kit.scheduler.sent(notice.id)
    # the other process "dies" before marking its notices sent: nobody takes them until the lease runs out
    assert await kit.scheduler.sweep(T0 + 30) == []
    again = await kit.scheduler.sweep(T0 + 61)
    assert sorted(n.id for n in again) == sorted(n.id for n in theirs)


async def test_a_reminder_point_is_queued_once_when_two_processes_sweep(kit: Kit, other: Host) -> None:
    second_owner(other)
    await start_game(kit.service)
    at = T0 + 0.5 * WINDOW + 1
    for user in ("alice", "bob"):
        await kit.scheduler.reminders.update(user, interval_hours=0)
    first, second = await asyncio.gather(kit.scheduler.reminders.enqueue_due(at),
                                         other.scheduler.reminders.enqueue_due(at))
    assert first + second >= 2
    assert await count(kit, "SELECT count(*) FROM notices WHERE kind = 'reminder'") == 2  # one per player
    await asyncio.gather(kit.scheduler.reminders.enqueue_due(at + 1), other.scheduler.reminders.enqueue_due(at + 1))
    assert await count(kit, "SELECT count(*) FROM notices WHERE kind = 'reminder'") == 2


async def test_a_vacation_ends_once_when_two_processes_sweep(kit: Kit, other: Host) -> None:
    await start_game(kit.service)
    await kit.scheduler.vacations.start("alice", "g1", None, T0)
    until = (await kit.scheduler.store.open_vacation("alice")).until  # type: ignore[union-attr]
    ended = await asyncio.gather(kit.scheduler.vacations.end_due(until + 1),
                                 other.scheduler.vacations.end_due(until + 1))
    assert sorted(ended) == [0, 1]
    assert await count(kit, "SELECT count(*) FROM notices WHERE text LIKE '%back from vacation%'") == 1


async def test_an_idle_game_is_archived_once(kit: Kit, other: Host) -> None:
    await open_lobby(kit.service)
    await kit.scheduler.deadlines.set_pace("c1", "alice", False, "off")
    await kit.service.start("c1", "alice")
    later = T0 + 61 * DAY
    archived = await asyncio.gather(kit.scheduler.archive_idle(later), other.scheduler.archive_idle(later))
    assert sorted(archived) == [0, 1]
    assert await count(kit, "SELECT count(*) FROM notices WHERE text LIKE '%was archived%'") == 1


async def test_a_move_in_another_process_gets_the_normal_answer(kit: Kit, other: Host) -> None:
    game = await start_game(kit.service)
    choices = await kit.service.choices("c1", "alice")
    bid = next(c for c in choices if c.action.startswith("bid:"))
    results = await asyncio.gather(kit.service.play("alice", bid.action, channel_id="c1", version=game.version),
                                   other.service.play("alice", bid.action, channel_id="c1", version=game.version),
                                   return_exceptions=True)
    refused = [r for r in results if isinstance(r, Exception)]
    assert len(refused) == 1 and isinstance(refused[0], StaleRequest)  # not a crash: "try again"
    assert (await kit.service.game_by_id(game.id)).version == game.version + 1
    assert [a.n for a in await kit.service.storage.actions(game.id)] == [1]


async def test_timeouts_archives_and_boards_are_the_business_of_the_guilds_process(backend: Backend) -> None:
    clock = FakeClock()
    stores = [backend.make(), backend.make()]
    for store in stores:
        await store.open()
    try:
        hosts = [build_host(store, renderer=None, clock=clock, shards=Shards(2, frozenset({n})))
                 for n, store in enumerate(stores)]
        games = {}
        for guild, channel in ((GUILD_ON_1, "c-shard0"), (GUILD_ON_0, "c-shard1")):
            lobby = await hosts[0].service.new_game(guild_id=guild, channel_id=channel, user_id="alice",
                                                    user_name="Alice", engine_id=ENGINE, seed=7)
            await hosts[0].service.join(channel, "bob", "Bob")
            await hosts[0].scheduler.deadlines.set_pace(channel, "alice", False, "fast")
            await hosts[0].service.start(channel, "alice")
            games[channel] = lobby.game_id
        for n, host in enumerate(hosts):  # each process reposts only the boards of its own guilds
            unposted = {g.channel_id for g in await host.service.unposted()}
            assert unposted == {f"c-shard{n}"}
        late = T0 + 2 * DAY
        expired = await asyncio.gather(*(h.scheduler.timeouts.expire_due(late) for h in hosts))
        assert list(expired) == [2, 2]  # each timed out both bidders of its own guild's game, and only those
        for channel, game_id in games.items():
            told = await hosts[0].service.storage.fetch(
                "SELECT count(*) FROM notices WHERE channel_id = ? AND text LIKE '%ran out of time%'", (channel,))
            assert told[0][0] == 2, channel  # each seat's timeout applied (and told) once
            game = await hosts[0].service.game_by_id(game_id)
            assert [r.n for r in await hosts[0].service.storage.actions(game_id)] == list(range(1, game.version + 1))
    finally:
        for store in stores:
            await store.close()


async def test_lg_round_a_league_round_is_paired_once_by_the_guilds_process(backend: Backend) -> None:
    from tests.service._league_support import ORGANISER, LeagueKit

    guild = str(3 << 22)  # shard 1 of 2
    stores = [backend.make(), backend.make()]
    for store in stores:
        await store.open()
    try:
        kits = [LeagueKit(store) for store in stores]
        for n, kit in enumerate(kits):  # each "process" runs one of the two shards
            built = build_host(stores[n], renderer=None, clock=lambda k=kit: k.now, league_host=kit.host,
                               shards=Shards(2, frozenset({n})))
            kit.leagues, kit.games = built.leagues, built.service
        league = await kits[1].leagues.create(guild_id=guild, channel_id="big", actor=ORGANISER, name="Sharded",
                                              engine="tiny", players=2, rounds=2, fmt="swiss", round_days=1,
                                              options={"rounds": 1, "dice": False})
        for user in ("alice", "bob", "carol", "dave"):
            await kits[1].leagues.join(league, user, user.title())
        await kits[1].leagues.start_season(league, ORGANISER)
        for kit in kits:
            kit.advance(2)  # round 1's deadline has passed
        paired = await asyncio.gather(*(kit.leagues.advance_due() for kit in kits))
        assert paired[0] == 0  # the other shard's process leaves the league alone
        _, matches = await kits[1].leagues.schedule(league)
        assert sorted(m.round for m in matches) == [1, 1, 2, 2]  # round 2 paired once
        # the guard in the database: pairing the same round again (a second process) writes nothing
        season = await kits[0].leagues.store.season(league.id)
        assert await kits[0].leagues.store.add_round(season.id, 2, [[("alice", "Alice"), ("bob", "Bob")]], [],
                                                     None, 0.0) is None
        _, again = await kits[1].leagues.schedule(league)
        assert len(again) == 4
    finally:
        for store in stores:
            await store.close()
