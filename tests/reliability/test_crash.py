"""Crashes: the bot runs as its own process against the fake Discord on a real SQLite file and is SIGKILLed
at random moments while moves are in flight; it restarts and play goes on. Afterwards no acknowledged move is
lost or duplicated, no refused move was applied, every game replays exactly and every board is posted once."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bench.host_bench import open_game
from bot.service.pace_store import PaceStore
from bot.service.service import GameService
from bot.service.sqlite import SQLiteStorage
from tests.e2e._support import board_version
from tests.fakediscord import FakeDiscord
from tests.sizes import scaled

from ._support import game_params
from .child_bot import ChildBot, drive

KILLS = scaled(3, 12)
GAMES = scaled(3, 8)


@dataclass(kw_only=True)
class BotProcess(ChildBot):
    """The bot's process on the SQLite file ``db``."""

    db: Path
    starts: int = 0

    def identifies(self) -> int:
        return sum(1 for entry in self.fake.gateway.log if isinstance(entry, tuple) and entry[0] == "IDENTIFY")

    async def start(self) -> None:
        before = self.identifies()
        await self.spawn([str(self.db)], lambda: self.identifies() > before and bool(self.fake.registered_commands()),
                         30)
        self.starts += 1


@contextlib.asynccontextmanager
async def reader(db: Path) -> AsyncIterator[GameService]:
    """A read-only view of the bot's database from the test process."""
    storage = SQLiteStorage(db)
    await storage.open()
    try:
        yield GameService(storage, renderer=None)
    finally:
        await storage.close()


@pytest.mark.parametrize("game", game_params())
async def test_sigkill_loses_and_duplicates_nothing(fake: FakeDiscord, tmp_path: Path, game: str) -> None:
    rnd = random.Random(11)
    guild = fake.add_guild("Crashes")
    bot = BotProcess(fake=fake, db=tmp_path / "bot.sqlite3", err=tmp_path / "bot.stderr")
    await bot.start()
    games: dict[str, int] = {}
    for i in range(GAMES):
        channel = fake.add_channel(guild, f"crash-{i}")
        users = [fake.add_user(f"c{i}-{j}", guild_id=guild) for j in range(2)]
        games[channel] = await open_game(fake, channel, users, game)
    acked: set[str] = set()
    refused: set[str] = set()
    stop = asyncio.Event()
    try:
        async with reader(bot.db) as service:
            drivers = [asyncio.create_task(drive(fake, bot, service, c, g, stop, acked, refused,
                                                 random.Random(rnd.random()))) for c, g in games.items()]
            for _ in range(KILLS):
                await asyncio.sleep(rnd.uniform(0.4, 1.5))
                await bot.kill()
                await bot.start()
            await asyncio.sleep(1.0)
            stop.set()
            await asyncio.gather(*drivers)
            loop = asyncio.get_running_loop()
            deadline = loop.time() + 30
            while await service.unposted():  # the restarted bot reconciles every second
                assert loop.time() < deadline, "boards left unposted after the restarts"
                await asyncio.sleep(0.2)
            await bot.stop()
            logged: list[str] = []
            for channel, game_id in games.items():
                await service.rebuild(game_id)
                rows = await service.storage.actions(game_id)
                assert [r.n for r in rows] == list(range(1, len(rows) + 1))
                logged += [r.interaction_id for r in rows if r.interaction_id]
                versions = [v for m in fake.messages(channel) if (v := board_version(m)) is not None]
                assert len(versions) == len(set(versions)), f"a board was posted twice: {versions}"
                stored = await service.game_by_id(game_id)
                assert versions[-1] == stored.board_version and stored.posted_version == stored.version
    finally:
        await bot.stop()
    assert bot.starts == KILLS + 1
    assert len(logged) == len(set(logged)), "a move was applied twice"
    assert not acked - set(logged), "an acknowledged move was lost"
    assert not refused & set(logged), "a move the user was told failed was applied"
    print(f"crash[{game}]: {bot.starts - 1} kills, {len(logged)} moves logged, {len(acked)} acknowledged, "
          f"{len(refused)} refused, {len(logged) - len(acked)} applied while the bot died")
    assert len(acked) >= KILLS, (len(acked), len(refused))


NOTICES = scaled(24, 60)


async def test_sigkill_while_delivering_reminders_delivers_each_once(fake: FakeDiscord, tmp_path: Path) -> None:
    """Reminders and table notices wait in the outbox; a kill between Discord storing a message and the
    notice being marked sent must not make a second copy when the restarted bot delivers it again."""
    rnd = random.Random(5)
    guild = fake.add_guild("Outbox")
    channel = fake.add_channel(guild, "table")
    users = [fake.add_user(f"r{j}", guild_id=guild) for j in range(3)]
    bot = BotProcess(fake=fake, db=tmp_path / "bot.sqlite3", err=tmp_path / "bot.stderr")
    async with reader(bot.db) as service:
        store = PaceStore(service.storage)
        texts = [f"⏰ reminder {i}" for i in range(NOTICES)]
        await store.add_notices([
            store.notice_statement("reminder" if i % 3 else "table", text, 0.0, channel_id=channel,
                                   user_id=users[i % 3] if i % 3 else None, dm=bool(i % 3))
            for i, text in enumerate(texts)])
        # Every message is stored at once but answered 0.25 s later: most kills land in that window.
        fake.delay_next("POST", r"^/channels/\d+/messages$", 0.25, count=10 * NOTICES, after=True)
        try:
            await bot.start()
            for _ in range(KILLS):
                await asyncio.sleep(rnd.uniform(0.6, 1.6))
                await bot.kill()
                await bot.start()
            loop = asyncio.get_running_loop()
            deadline = loop.time() + 60
            while await store.unsent():
                assert loop.time() < deadline, "notices left undelivered after the restarts"
                await asyncio.sleep(0.2)
        finally:
            await bot.stop()
    seen = [m["content"] for m in fake.messages(channel)] + [m["content"] for u in users for m in fake.dms(u)]
    for text in texts:
        assert sum(1 for s in seen if s.endswith(text)) == 1, f"{text!r} delivered {seen.count(text)} times"
    posts = sum(1 for method, path in fake.requests if method == "POST" and path.endswith("/messages"))
    print(f"outbox crash: {KILLS} kills, {NOTICES} notices, {posts} message posts")
    assert posts > NOTICES, "no kill landed between a message being stored and marked sent"
