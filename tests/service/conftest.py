"""Fixtures for the service tests: real storage (each test twice: on a temporary SQLite file and on a fresh
schema of a real PostgreSQL server), Tiny Duel registered.

The PostgreSQL server is ``TURNKEEPER_TEST_PG`` (default ``postgresql://postgres@127.0.0.1:5432/test``).
When that variable is set and the server does not answer, the PostgreSQL tests fail; when it is not set
and nothing answers at the default address, they are skipped with the reason.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path

import asyncpg
import pytest
import pytest_asyncio

from bot.service.host import build_host
from bot.service.postgres import PostgresStorage
from bot.service.service import GameService
from bot.service.sql_storage import SqlStorage
from bot.service.sqlite import SQLiteStorage
from tests.fixtures.tiny import TinyDuel, register
from tests.service._pace_support import kit  # noqa: F401 - the keeping-games-moving fixture

PG_ENV = "TURNKEEPER_TEST_PG"
DEFAULT_PG = "postgresql://postgres@127.0.0.1:5432/test"
SQLITE_ONLY: frozenset[str] = frozenset()
"""Test modules whose ``storage`` runs on SQLite only (every other module runs on both backends)."""


@dataclass
class Backend:
    """One test's database: ``make()`` is a new, unopened storage on it (a second process, a restart)."""

    name: str
    make: Callable[[], SqlStorage]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Run the ``backend`` fixture (and so ``storage``, ``service`` and ``kit``) over both backends."""
    if "backend" in metafunc.fixturenames:
        module = metafunc.module.__name__.rsplit(".", 1)[-1]
        names = ["sqlite"] if module in SQLITE_ONLY else ["sqlite", "postgres"]
        metafunc.parametrize("backend", names, indirect=True)


_PROBED: dict[str, str] = {}
"""The server's probe result, once per session: ``dsn → ""`` (answers) or ``dsn → why not``."""


async def pg_server() -> tuple[str | None, str]:
    """``(dsn, "")`` when the test server answers, else ``(None, why)``."""
    dsn = os.environ.get(PG_ENV, "").strip() or DEFAULT_PG
    if dsn not in _PROBED:
        try:
            connection = await asyncpg.connect(dsn, timeout=5)
            await connection.close()
            _PROBED[dsn] = ""
        except (TimeoutError, OSError, asyncpg.PostgresError) as error:
            _PROBED[dsn] = f"no PostgreSQL at {dsn} ({type(error).__name__}: {error})"
    return (None, _PROBED[dsn]) if _PROBED[dsn] else (dsn, "")


@pytest.fixture(scope="session", autouse=True)
def tiny() -> TinyDuel:
    """Tiny Duel in the engine registry for every service test."""
    return register()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A fresh SQLite file for one test."""
    return tmp_path / "t.sqlite3"


@pytest_asyncio.fixture
async def backend(request: pytest.FixtureRequest, db_path: Path) -> AsyncIterator[Backend]:
    """This test's database: a SQLite file, or a fresh schema on the PostgreSQL server (dropped after)."""
    if request.param == "sqlite":
        yield Backend("sqlite", lambda: SQLiteStorage(db_path))
        return
    dsn, why = await pg_server()
    if dsn is None:
        if os.environ.get(PG_ENV, "").strip():
            pytest.fail(f"{PG_ENV} is set but {why}")
        pytest.skip(f"{why}; set {PG_ENV} to a server to run the PostgreSQL tests")
    schema = f"t_{uuid.uuid4().hex}"
    admin = await asyncpg.connect(dsn)
    try:
        await admin.execute(f"CREATE SCHEMA {schema}")
        yield Backend("postgres", lambda: PostgresStorage(dsn, schema=schema, pool_size=4))
    finally:
        await admin.execute(f"DROP SCHEMA {schema} CASCADE")
        await admin.close()


@pytest_asyncio.fixture
async def storage(backend: Backend) -> AsyncIterator[SqlStorage]:
    """An open storage on this test's database, closed after the test."""
    store = backend.make()
    await store.open()
    try:
        yield store
    finally:
        await store.close()


@pytest.fixture
def service(storage: SqlStorage) -> GameService:
    """The service as the host builds it (scheduler and leagues wired), without images (most tests)."""
    return build_host(storage, renderer=None).service


@pytest.fixture
def drawn_service(storage: SqlStorage) -> GameService:
    """The service as the host builds it, with a fake renderer (image presence matters)."""
    return build_host(storage, renderer=lambda engine_id, view: b"PNG...").service
