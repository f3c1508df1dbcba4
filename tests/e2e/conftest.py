"""End-to-end fixtures: the real bot (discord.py) against the local fake Discord, on a temp SQLite file."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import pytest_asyncio

from bot.config import Settings
from bot.discord.client import TurnkeeperBot
from tests.fakediscord import FakeDiscord, patch_discord
from tests.fixtures.tiny import register
from tests.logcapture import warnings_logged

from .wide import register as register_wide


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
    expect_http_errors: bool = False
    """Set by tests that inject faults: Discord answering 4xx/5xx is then expected."""
    log: list[logging.LogRecord] = field(default_factory=list)

    async def restart(self) -> TurnkeeperBot:
        """Stop the bot and start a new process-equivalent bot on the same database."""
        await self.fake.close_bot(self.bot)
        self.bot = make_bot(self.fake, self.db)
        await self.fake.connect_bot(self.bot)
        return self.bot

    def add_channel(self, name: str) -> str:
        """Another text channel in the same server."""
        return self.fake.add_channel(self.guild, name)


def make_bot(fake: FakeDiscord, db: Path, render_processes: int = 0) -> TurnkeeperBot:
    """The bot as ``python -m bot`` builds it, on ``db``; no periodic reposting (tests call it), and no 2 s
    wait for more guilds after READY (the fake sends them all at once). Boards are drawn in threads, so tests
    can spy on the renderer; ``tests/e2e/test_render_processes.py`` covers the default, processes."""
    return TurnkeeperBot(Settings(token=fake.token, db_path=str(db), repost_seconds=3600,
                                  render_processes=render_processes), guild_ready_timeout=0.05)


@pytest.fixture
def bot_log() -> Iterator[list[logging.LogRecord]]:
    """Warnings and errors logged while the test runs (the bot logs unexpected errors, never shows them)."""
    with warnings_logged() as records:
        yield records


@pytest_asyncio.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """A started fake Discord with discord.py pointed at it."""
    register()
    register_wide()
    server = FakeDiscord()
    await server.start()
    with patch_discord(server):
        yield server
        await server.stop()
    assert server.unknown_routes == []
    assert server.internal_errors == []


@pytest.fixture
def render_processes() -> int:
    """Processes drawing the boards of the ``table`` fixture's bot (0: threads); a module may override it."""
    return 0


@pytest_asyncio.fixture
async def table(fake: FakeDiscord, tmp_path: Path, bot_log: list[logging.LogRecord],
                render_processes: int) -> AsyncIterator[Table]:
    """The bot connected, commands synced, people in a server.

    On teardown: every interaction was answered, Discord never answered an error (unless the test
    injected faults) and nothing was logged at ERROR level (an unexpected exception in the bot).
    """
    guild = fake.add_guild("Board Gamers")
    channel = fake.add_channel(guild, "tiny-duel")
    people = {name: fake.add_user(name, guild_id=guild, global_name=name.title())
              for name in ("alice", "bob", "carol")}
    admin = fake.add_user("mod", guild_id=guild, global_name="Mod", admin=True)
    db = tmp_path / "bot.sqlite3"
    bot = make_bot(fake, db, render_processes)
    await fake.connect_bot(bot)
    t = Table(fake, bot, guild, channel, people["alice"], people["bob"], people["carol"], admin, db, log=bot_log)
    yield t
    await fake.close_bot(t.bot)
    unanswered = [r.label for r in fake.interactions.by_id.values() if r.response_type is None]
    assert unanswered == [], f"interactions left unanswered: {unanswered}"
    if not t.expect_http_errors:
        assert fake.errors == [], f"Discord answered errors: {fake.errors}"
    errors = [f"{r.name}: {r.getMessage()}" for r in bot_log if r.levelno >= logging.ERROR]
    assert errors == [], f"the bot logged errors: {errors}"
