"""Fixtures for the fake Discord's own tests."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from tests.fakediscord import FakeDiscord, patch_discord


@pytest_asyncio.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    """A started fake with discord.py patched to use it; asserts no unknown route and no crash in the fake."""
    server = FakeDiscord()
    await server.start()
    with patch_discord(server):
        yield server
        await server.stop()
    assert server.unknown_routes == []
    assert server.internal_errors == []
