"""Two bot processes, one PostgreSQL database (issue 18, item 6): each process runs one of two shards of the
fake Discord; games in guilds on both shards, reminders and timeouts falling due, a league round ending.
Every notice is delivered once, every timeout applied once, the next league round opened once; then one
process is SIGKILLed during moves and restarted: nothing acknowledged is lost or duplicated, and the other
process's games go on meanwhile. Every game replays exactly."""

from __future__ import annotations

import asyncio
import random
import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg
import pytest
import pytest_asyncio

import engines
from bench.host_bench import is_board, open_game
from bot.discord.ids import b36
from bot.service.postgres import PostgresStorage
from bot.service.service import GameService
from bot.service.shards import shard_of
from tests.e2e._support import board_version
from tests.fakediscord import FakeDiscord
from tests.service.conftest import PG_ENV, pg_server

from ._support import is_refusal
from .child_bot import ChildBot, drive

ONE_ROUND = "rounds=1 dice=no"


@dataclass(kw_only=True)
class ShardProcess(ChildBot):
    """One bot process running ``shard`` of 2 on the database ``dsn``."""

    dsn: str
    shard: int

    async def start(self) -> None:
        before = self.fake.gateway.current.get(self.shard)

        def connected() -> bool:
            session = self.fake.gateway.current.get(self.shard)
            return (session is not None and session is not before and session.conn is not None
                    and bool(self.fake.registered_commands()))

        await self.spawn([self.dsn, "2", str(self.shard), "3"], connected, 40, f"bot {self.shard}", settle=0.5)


@pytest_asyncio.fixture
async def pg_schema() -> AsyncIterator[tuple[str, str]]:
    """``(dsn, schema)``: a fresh schema on the test server, dropped afterwards."""
    dsn, why = await pg_server()
    if dsn is None:
        import os

        if os.environ.get(PG_ENV, "").strip():
            pytest.fail(f"{PG_ENV} is set but {why}")
        pytest.skip(why)
    schema = f"t_{uuid.uuid4().hex}"
    admin = await asyncpg.connect(dsn)
    await admin.execute(f"CREATE SCHEMA {schema}")
    try:
        yield dsn, schema
    finally:
        await admin.execute(f"DROP SCHEMA {schema} CASCADE")
        await admin.close()


def guild_on(fake: FakeDiscord, shard: int, name: str) -> str:
    """A new guild whose id falls on ``shard`` of 2 (ids are time-based: try until one does)."""
    while True:
        guild = fake.add_guild(name)
        if shard_of(guild, 2) == shard:
            return guild
        time.sleep(0.002)


async def until(what: str, check: Any, timeout: float = 30) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not await check():
        assert loop.time() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.1)


async def _true(value: object) -> bool:
    return bool(value)


async def play_out(fake: FakeDiscord, service: GameService, thread: str, game_id: int) -> None:
    """The simplest move by whoever must act, through /play in the thread, until the game ends."""
    for _ in range(80):
        game = await service.game_by_id(game_id)
        if game.status != "running" or game.state is None:
            return
        engine = engines.get(game.engine)
        seat = next(s for s in engine.active(game.state) if (p := game.player_at(s)) and p.user_id)
        actions = [str(a) for a in engine.legal_actions(game.state, seat)]
        move = next((a for a in ("lock", "done", "back") if a in actions), actions[0])
        ix = await fake.slash(game.player_at(seat).user_id, thread, "play",  # type: ignore[union-attr]
                              options={"action": move}, timeout=10)
        [answer] = await ix.wait_followups(1, timeout=10)
        assert answer["content"].startswith("Move made.") or is_refusal(answer["content"]), answer
        await until("the move's version", lambda v=game.version: _moved(service, game_id, v), 10)
    raise AssertionError("the match did not finish")


async def _moved(service: GameService, game_id: int, version: int) -> bool:
    return (await service.game_by_id(game_id)).version > version


def delivered(fake: FakeDiscord, channels: list[str], users: list[str]) -> dict[str, int]:
    """How many stored messages carry each notice nonce (``tkn…``; a DM's channel fallback ends in ``c``)."""
    seen: dict[str, int] = {}
    messages = [m for c in channels for m in fake.messages(c)] + [m for u in users for m in fake.dms(u)]
    for message in messages:
        nonce = str(message.get("nonce") or "")
        if nonce.startswith("tkn"):
            key = nonce[:-1] if nonce.endswith("c") else nonce
            seen[key] = seen.get(key, 0) + 1
    return seen


async def test_two_processes_share_one_database(fake: FakeDiscord, pg_schema: tuple[str, str],
                                                tmp_path: Path) -> None:
    dsn, schema = pg_schema
    fake.shard_count = 2
    guilds = [guild_on(fake, 0, "Shard Zero"), guild_on(fake, 1, "Shard One")]
    shared = f"{dsn}{'&' if '?' in dsn else '?'}search_path={schema}"
    bots = [ShardProcess(fake=fake, dsn=shared, shard=n, err=tmp_path / f"bot{n}.stderr") for n in (0, 1)]
    storage = PostgresStorage(dsn, schema=schema, pool_size=2)
    rnd = random.Random(18)
    try:
        await asyncio.gather(*(b.start() for b in bots))  # both migrate at once: each migration runs once
        await storage.open()
        service = GameService(storage, renderer=None)

        # -- games in guilds on both shards ----------------------------------------------------------
        games: dict[str, tuple[int, int]] = {}  # channel -> (shard, game id)
        users: list[str] = []
        for shard, guild in enumerate(guilds):
            for i in range(3):
                channel = fake.add_channel(guild, f"s{shard}-table{i}")
                seated = [fake.add_user(f"s{shard}t{i}p{j}", guild_id=guild) for j in range(2)]
                users += seated
                games[channel] = (shard, await open_game(fake, channel, seated, "tiny"))
        by_shard = {s: [g for c, (sh, g) in games.items() if sh == s] for s in (0, 1)}

        # -- a league in the shard-0 guild: round 1 played out, round 2 opened by a job ---------------
        league_channel = fake.add_channel(guilds[0], "league")
        organiser = fake.add_user("organiser", guild_id=guilds[0], admin=True)
        entrants = [fake.add_user(f"lg{i}", guild_id=guilds[0]) for i in range(4)]
        users += entrants
        ix = await fake.slash(organiser, league_channel, "league", subcommand="create", timeout=10, options={
            "name": "Shard League", "game": "tiny", "players": 2, "format": "swiss", "rounds": 2,
            "options": ONE_ROUND})
        assert "League created" in ix.message["content"], ix.messages
        for entrant in entrants:
            await fake.slash(entrant, league_channel, "league", subcommand="join", timeout=10)
        start = await fake.slash(organiser, league_channel, "league", subcommand="season start", timeout=3)
        [reply] = await start.wait_followups(1, timeout=15)
        assert "has started" in reply["content"], reply

        async def threads_with_boards(n: int) -> bool:
            threads = fake.threads(league_channel)
            return len(threads) >= n and all(any(is_board(m) for m in fake.messages(t["id"])) for t in threads)

        await until("round 1's threads", lambda: threads_with_boards(2))
        for thread in fake.threads(league_channel):
            match_game = await storage.open_game_in_channel(thread["id"])
            assert match_game is not None
            await play_out(fake, service, thread["id"], match_game.id)
        await until("round 2's threads", lambda: threads_with_boards(4))

        # -- reminders and timeouts fall due in both guilds --------------------------------------------
        now = time.time()
        timed = [by_shard[0][0], by_shard[1][0]]
        reminded = [by_shard[0][1], by_shard[1][1]]
        expired = await storage.fetch("SELECT game_id, seat FROM seat_clocks WHERE deadline IS NOT NULL AND game_id IN"
                                      f" ({','.join('?' * len(timed))})", tuple(timed))
        await storage.write([(
            f"UPDATE seat_clocks SET deadline = ? WHERE deadline IS NOT NULL AND game_id IN ({','.join('?' * 2)})",
            (now - 1, *timed)), (
            "UPDATE seat_clocks SET due_since = ?, deadline = ?, reminded = NULL WHERE deadline IS NOT NULL AND"
            f" game_id IN ({','.join('?' * 2)})", (now - 36000, now + 3600, *reminded))])
        due_users = [p.user_id for g in reminded for p in (await service.game_by_id(g)).players]
        timed_channels = [c for c, (_, g) in games.items() if g in timed]

        async def timeouts_told() -> bool:
            told = sum(1 for c in timed_channels for m in fake.messages(c) if "ran out of time" in m["content"])
            return told >= len(expired) and all(
                any("waiting for you" in m["content"] for m in fake.dms(u)) for u in due_users)

        await until("the timeouts and reminders", timeouts_told)
        await asyncio.sleep(2.5)  # two more sweeps of both processes: nothing more may come
        told = sum(1 for c in timed_channels for m in fake.messages(c) if "ran out of time" in m["content"])
        assert told == len(expired) > 0, (told, expired)  # each timeout applied (and told) once
        for user in due_users:
            assert sum("waiting for you" in m["content"] for m in fake.dms(user)) == 1, user
        assert await storage.fetch("SELECT count(*) FROM notices WHERE kind = 'reminder'") == [(len(due_users),)]
        # before any kill, each notice was sent once: claimed by one process (no nonce POSTed twice)
        attempts = [n for n in fake.posted_nonces if n.startswith("tkn")]
        assert len(attempts) == len(set(attempts)) > 0, attempts

        # -- moves on both shards; the shard-1 process is SIGKILLed and restarted meanwhile -------------
        acked: set[str] = set()
        refused: set[str] = set()
        times: dict[int, list[float]] = {0: [], 1: []}
        stop = asyncio.Event()
        drivers = [asyncio.create_task(drive(fake, bots[shard], service, c, g, stop, acked, refused,
                                             random.Random(rnd.random()), times[shard]))
                   for c, (shard, g) in games.items()]
        await asyncio.sleep(1.5)
        await bots[1].kill()
        down = time.monotonic()
        await asyncio.sleep(2.0)
        await bots[1].start()
        back = time.monotonic()
        await asyncio.sleep(1.5)
        # a move sent to the dead process waits out its timeout first (3 s + 5 s)
        await until("a move of the restarted process", lambda: _true([t for t in times[1] if t > back]), 20)
        stop.set()
        await asyncio.gather(*drivers)
        moved_meanwhile = [t for t in times[0] if down < t < back]
        assert moved_meanwhile, "the shard-0 process's games stopped while the other process was down"
        assert [t for t in times[1] if t > back], "the restarted process's games did not go on"

        async def all_posted() -> bool:
            return not await storage.unposted_games()

        await until("every board posted", all_posted)
        unsent = await storage.fetch("SELECT count(*) FROM notices WHERE sent_at IS NULL")
        if unsent[0][0]:
            await until("every notice sent", lambda: _none_unsent(storage), 15)
        for bot in bots:
            await bot.stop()
        await check(fake, service, storage, games, league_channel, users, acked, refused)
    finally:
        for bot in bots:
            await bot.stop()
        await storage.close()
    print(f"two processes: {len(acked)} moves acknowledged, {len(refused)} refused, {len(moved_meanwhile)} on "
          f"shard 0 while shard 1 was down, {len(expired)} timeouts, {len(due_users)} reminders")


async def check(fake: FakeDiscord, service: GameService, storage: PostgresStorage, games: dict[str, tuple[int, int]],
                league_channel: str, users: list[str], acked: set[str], refused: set[str]) -> None:
    """Every game replays exactly; acknowledged moves logged once, refused ones never; each board posted once;
    each league match opened once; each notice delivered once."""
    logged: list[str] = []
    match_channels = [t["id"] for t in fake.threads(league_channel)]
    assert len(match_channels) == 4, "a league match was opened twice"
    all_games = dict(games)
    for thread in match_channels:
        row = await storage.latest_game_in_channel(thread)
        assert row is not None
        all_games[thread] = (0, row.id)
    for channel, (_, game_id) in all_games.items():
        await service.rebuild(game_id)  # replays exactly
        rows = await storage.actions(game_id)
        assert [r.n for r in rows] == list(range(1, len(rows) + 1)), f"game {game_id}: gaps in the log"
        logged += [r.interaction_id for r in rows if r.interaction_id]
        versions = [v for m in fake.messages(channel) if (v := board_version(m)) is not None]
        assert len(versions) == len(set(versions)), f"game {game_id}: a board was posted twice: {versions}"
        stored = await service.game_by_id(game_id)
        assert versions[-1] == stored.board_version and stored.posted_version == stored.version
    assert len(logged) == len(set(logged)), "a move was applied twice"
    assert not acked - set(logged), "an acknowledged move was lost"
    assert not refused & set(logged), "a move the user was told failed was applied"
    notices = [r[0] for r in await storage.fetch("SELECT id FROM notices")]
    seen = delivered(fake, [*all_games, league_channel], users)
    twice = {n: k for n, k in seen.items() if k > 1}
    assert not twice, f"notices delivered more than once: {twice}"
    assert all(seen.get(f"tkn{b36(n)}") == 1 for n in notices), "a notice was not delivered"


async def _none_unsent(storage: PostgresStorage) -> bool:
    return (await storage.fetch("SELECT count(*) FROM notices WHERE sent_at IS NULL"))[0][0] == 0
