"""Reliability fixtures: the fake Discord, and a server with channels and players for the in-process bot."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio

from tests.fakediscord import FakeDiscord, patch_discord
from tests.fixtures.tiny import register
from tests.logcapture import warnings_logged

from ._support import Host, make_bot


@pytest.fixture
def bot_log() -> Iterator[list[logging.LogRecord]]:
    """Warnings and errors logged while the test runs."""
    with warnings_logged() as records:
        yield records


@pytest_asyncio.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """A started fake Discord with discord.py pointed at it; the fake itself must not fail."""
    register()
    server = FakeDiscord()
    await server.start()
    with patch_discord(server):
        yield server
        await server.stop()
    assert server.unknown_routes == []
    assert server.internal_errors == []


@pytest_asyncio.fixture
async def host(fake: FakeDiscord, tmp_path: Path, bot_log: list[logging.LogRecord]) -> AsyncIterator[Host]:
    """The bot connected to the fake on a SQLite file. On teardown: every interaction answered, no error logged."""
    guild = fake.add_guild("Reliability")
    h = Host(fake, make_bot(fake, tmp_path / "bot.sqlite3"), guild, tmp_path / "bot.sqlite3", bot_log)
    await fake.connect_bot(h.bot, timeout=15)
    yield h
    await fake.close_bot(h.bot)
    unanswered = [r.label for r in fake.interactions.by_id.values()
                  if r.response_type is None and not (h.expect_errors and r.error)]  # a deliberately late answer
    assert unanswered == [], f"interactions left unanswered: {unanswered}"
    errors = [f"{r.name}: {r.getMessage()}" for r in bot_log if r.levelno >= logging.ERROR]
    assert errors[:len(errors) if not h.expect_errors else 0] == [], f"the bot logged errors: {errors}"
