"""Choosing PostgreSQL by ``TURNKEEPER_DB`` and opening the host on it (a real server, as in conftest)."""

# Issue 18 items 2-3 (PostgreSQL storage); no rulebook rule IDs apply to the storage layer.

from __future__ import annotations

import asyncio
import uuid

import asyncpg
import pytest

from bot.config import load_settings
from bot.service.host import open_host
from bot.service.postgres import PostgresStorage
from bot.service.sql_storage import migrations
from tests.service import conftest
from tests.service.conftest import Backend


def test_turnkeeper_db_picks_the_backend() -> None:
    assert not load_settings({"TURNKEEPER_DB": "data/t.sqlite3"}).uses_postgres
    for url in ("postgresql://u@h:5432/d", "postgres://u@h/d"):
        assert load_settings({"TURNKEEPER_DB": url}).uses_postgres
    assert load_settings({"TURNKEEPER_DB_POOL": "3"}).db_pool == 3


async def test_the_host_opens_the_database_the_settings_name(backend: Backend) -> None:
    made = backend.make()
    env = ({"TURNKEEPER_DB": made.dsn} if isinstance(made, PostgresStorage) else {"TURNKEEPER_DB": made.path})
    host = await open_host(load_settings({**env, "TURNKEEPER_RENDER_PROCESSES": "0", "TURNKEEPER_DB_POOL": "2"}))
    try:
        assert type(host.storage) is type(made)
        assert await host.storage.schema_version() > 0
    finally:
        await host.close()


async def test_concurrent_moves_on_one_game_use_separate_connections_and_one_wins(backend: Backend) -> None:
    """Pool connections really run side by side: the version guard lets one commit of each version in."""
    store = backend.make()
    await store.open()
    try:
        game_id = await store.create_game(guild_id="g", channel_id="c", engine="tiny", engine_version=1,
                                          options={}, seed=1, host_id="a", host_name="A", now=1.0)
        await store.start_game(game_id, {0: 0}, {"v": 0}, 1.0)
        results = await asyncio.gather(*(store.commit_action(
            game_id, expected_version=0, state={"v": i}, seat=0, action=f"a{i}", user_id="a",
            interaction_id=f"i{i}", events=[], result=None, now=2.0) for i in range(4)), return_exceptions=True)
        assert results.count(1) == 1 and len(await store.actions(game_id)) == 1
    finally:
        await store.close()



async def test_processes_starting_together_each_migrate_a_new_database_once() -> None:
    """Several processes opening one new PostgreSQL schema at once: every one opens, each migration runs once
    (CREATE TABLE IF NOT EXISTS alone is not safe run concurrently)."""
    dsn, why = await conftest.pg_server()
    if dsn is None:
        pytest.skip(why)
    admin = await asyncpg.connect(dsn)
    try:
        for _ in range(3):
            schema = f"t_{uuid.uuid4().hex}"
            await admin.execute(f"CREATE SCHEMA {schema}")
            stores = [PostgresStorage(dsn, schema=schema, pool_size=1) for _ in range(4)]
            try:
                await asyncio.gather(*(s.open() for s in stores))
                applied = await stores[0].fetch("SELECT count(*), count(DISTINCT number) FROM schema_migrations")
                assert [tuple(r) for r in applied] == [(len(list(migrations())),) * 2]
                assert {await s.schema_version() for s in stores} == {max(n for n, _ in migrations())}
            finally:
                for s in stores:
                    await s.close()
                await admin.execute(f"DROP SCHEMA {schema} CASCADE")
    finally:
        await admin.close()


async def test_a_released_connection_costs_no_reset_round_trip(backend: Backend,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """asyncpg's default reset (``RESET ALL`` and friends) on every release doubled the round trips of a
    move; we keep no session state, so a released connection goes back as it is, open transactions rolled
    back (asyncpg does that in any case)."""
    if backend.name != "postgres":
        pytest.skip("a PostgreSQL pool's behaviour")
    sent: list[str] = []
    original = asyncpg.Connection.execute

    async def execute(self: asyncpg.Connection, query: str, *args: object, **kwargs: object) -> str:
        sent.append(query)
        return await original(self, query, *args, **kwargs)

    store = backend.make()
    await store.open()
    try:
        monkeypatch.setattr(asyncpg.Connection, "execute", execute)
        for _ in range(5):
            assert await store.schema_version() > 0
        async with store.pool.acquire() as connection:
            await connection.execute("BEGIN")  # left open: rolled back on release
        async with store.pool.acquire() as connection:
            assert not connection.is_in_transaction()
        assert not [q for q in sent if "RESET ALL" in q], sent
    finally:
        await store.close()


async def test_a_server_that_does_not_answer_is_reported_with_its_address(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the postgres fixture skips (variable unset) or fails (variable set) with."""
    monkeypatch.setattr(conftest, "DEFAULT_PG", "postgresql://postgres@127.0.0.1:1/none")
    monkeypatch.delenv(conftest.PG_ENV, raising=False)
    dsn, why = await conftest.pg_server()
    assert dsn is None and why.startswith("no PostgreSQL at postgresql://postgres@127.0.0.1:1/none")
