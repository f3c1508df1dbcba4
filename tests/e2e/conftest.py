"""End-to-end fixtures: the real bot (discord.py) against the local fake Discord, on a temp SQLite file."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest_asyncio

from bot.config import Settings
from bot.discord.client import TurnkeeperBot
from tests.fakediscord import FakeDiscord, patch_discord
from tests.fixtures.tiny import register


@dataclass
class Table:
    """A server with one channel, three members and an admin, and the running bot."""

    fake: FakeDiscord
    bot: TurnkeeperBot
    guild: str
    channel: str
    alice: str
    bob: str
    carol: str
    admin: str
    db: Path

    async def restart(self) -> TurnkeeperBot:
        """Stop the bot and start a new process-equivalent bot on the same database."""
        await self.fake.close_bot(self.bot)
        self.bot = TurnkeeperBot(Settings(token=self.fake.token, db_path=str(self.db), repost_seconds=3600))
        await self.fake.connect_bot(self.bot)
        return self.bot


@pytest_asyncio.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """A started fake Discord with discord.py pointed at it."""
    register()
    server = FakeDiscord()
    await server.start()
    with patch_discord(server):
        yield server
        await server.stop()
    assert server.unknown_routes == []
    assert server.internal_errors == []


@pytest_asyncio.fixture
async def table(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[Table]:
    """The bot connected, commands synced, people in a server."""
    guild = fake.add_guild("Board Gamers")
    channel = fake.add_channel(guild, "tiny-duel")
    people = {name: fake.add_user(name, guild_id=guild, global_name=name.title())
              for name in ("alice", "bob", "carol")}
    admin = fake.add_user("mod", guild_id=guild, global_name="Mod", admin=True)
    db = tmp_path / "bot.sqlite3"
    bot = TurnkeeperBot(Settings(token=fake.token, db_path=str(db), repost_seconds=3600))
    await fake.connect_bot(bot)
    t = Table(fake, bot, guild, channel, people["alice"], people["bob"], people["carol"], admin, db)
    yield t
    await fake.close_bot(t.bot)
