"""Fixtures for the service tests: real temporary SQLite files, Tiny Duel registered."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.service.host import build_host
from bot.service.service import GameService
from bot.service.sqlite import SQLiteStorage
from tests.fixtures.tiny import TinyDuel, register
from tests.service._pace_support import kit  # noqa: F401 - the keeping-games-moving fixture


@pytest.fixture(scope="session", autouse=True)
def tiny() -> TinyDuel:
    """Tiny Duel in the engine registry for every service test."""
    return register()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A fresh SQLite file for one test."""
    return tmp_path / "t.sqlite3"


@pytest_asyncio.fixture
async def storage(db_path: Path) -> AsyncIterator[SQLiteStorage]:
    """An open storage on a temporary file, closed after the test."""
    store = SQLiteStorage(db_path)
    await store.open()
    try:
        yield store
    finally:
        await store.close()


@pytest.fixture
def service(storage: SQLiteStorage) -> GameService:
    """The service as the host builds it (scheduler and leagues wired), without images (most tests)."""
    return build_host(storage, renderer=None).service


@pytest.fixture
def drawn_service(storage: SQLiteStorage) -> GameService:
    """The service as the host builds it, with a fake renderer (image presence matters)."""
    return build_host(storage, renderer=lambda engine_id, view: b"PNG...").service
