"""PostgreSQL storage via asyncpg: a connection pool, the same numbered migrations, the same SQL.

:class:`PostgresStorage` inherits every game method of :class:`~bot.service.sql_storage.SqlStorage`
(written on ``fetch``/``write``/``transaction`` only) and provides those three primitives: each
statement passes through :mod:`bot.service.sql_dialect`, each transaction holds one pooled connection,
and an integrity violation surfaces as :class:`~bot.service.storage.StorageIntegrityError` (what the
stores catch, with either backend). A move is one transaction: the versioned ``UPDATE games`` (which waits on a
concurrent writer's row lock and then finds the version moved on) and the action-log row whose unique
interaction id makes a retry a :class:`~bot.service.storage.DuplicateInteraction`.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import asyncpg

from . import sql_storage
from .sql_dialect import ROWID, Schema, ddl, query
from .sql_storage import SqlStorage, statements
from .storage import StorageIntegrityError

POOL_SIZE = 10
"""Connections the pool opens at most (one per concurrent transaction)."""

_MIGRATION_LOCK = "hashtext(current_schema() || '.turnkeeper.migrations')"
"""The advisory lock key (an SQL expression) held while migrating: one per schema."""
_ROWS = re.compile(r"^\s*(SELECT|WITH|VALUES)\b|\bRETURNING\b", re.I)


IntegrityError = StorageIntegrityError
"""A PostgreSQL constraint refused a statement (the neutral error every backend raises)."""


@dataclass
class PgCursor:
    """What one statement reported: its rows (queries and ``RETURNING``), the rows it touched and the
    generated ``id`` of an insert."""

    rows: list[asyncpg.Record] = field(default_factory=list)
    rowcount: int = -1
    lastrowid: int | None = None

    async def fetchall(self) -> list[asyncpg.Record]:
        """The rows the statement returned."""
        return self.rows


class PgTransaction:
    """Statements on the one connection of an open transaction."""

    def __init__(self, connection: asyncpg.Connection, schema: Schema) -> None:
        self.connection = connection
        self.schema = schema

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> PgCursor:
        """Run one SQLite-dialect statement."""
        return await _run(self.connection, self.schema, sql, params)


class PostgresStorage(SqlStorage):
    """The shared storage for bigger communities: a PostgreSQL database (optionally one schema of it)."""

    dialect = "postgres"

    def __init__(self, dsn: str, *, schema: str | None = None, pool_size: int = POOL_SIZE) -> None:
        super().__init__()
        self.path = dsn
        self.dsn = dsn
        self.schema_name = schema
        self.pool_size = pool_size
        self._pool: asyncpg.Pool | None = None
        self._schema = Schema()

    @property
    def pool(self) -> asyncpg.Pool:
        """The open pool."""
        if self._pool is None:
            raise RuntimeError("storage is not open")
        return self._pool

    async def open(self) -> None:
        """Open the pool and apply pending migrations."""
        settings = {"search_path": self.schema_name} if self.schema_name else {}
        self._pool = await asyncpg.create_pool(self.dsn, min_size=1, max_size=self.pool_size,
                                               server_settings=settings, reset=_no_session_state)
        await self._migrate()

    async def close(self) -> None:
        """Close the pool (idempotent)."""
        if self._pool is not None:
            await self._pool.close()
            self._pool = None

    async def _migrate(self) -> None:
        async with self.pool.acquire() as connection:
            # Processes starting together queue here: CREATE TABLE IF NOT EXISTS is not safe run concurrently
            # (both may find no table and one fails on the catalog's unique index).
            await connection.execute(f"SELECT pg_advisory_lock({_MIGRATION_LOCK})")
            try:
                await self._apply(connection)
            finally:
                await connection.execute(f"SELECT pg_advisory_unlock({_MIGRATION_LOCK})")
            self._schema = await _read_schema(connection)

    async def _apply(self, connection: asyncpg.Connection) -> None:
        """Apply every migration not yet recorded, each in its own transaction."""
        await connection.execute("CREATE TABLE IF NOT EXISTS schema_migrations (number BIGINT PRIMARY KEY)")
        for number, sql in sql_storage.migrations():
            async with connection.transaction():  # one migration each; several processes queue here
                await connection.execute("LOCK TABLE schema_migrations IN EXCLUSIVE MODE")
                if await connection.fetchval("SELECT 1 FROM schema_migrations WHERE number = $1", number):
                    continue
                for statement in statements(sql):
                    await connection.execute(ddl(statement))
                await connection.execute("INSERT INTO schema_migrations (number) VALUES ($1)", number)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PgTransaction]:  # type: ignore[override]
        """One write transaction on a pooled connection: committed on success, rolled back on any error."""
        async with self.pool.acquire() as connection:
            try:
                async with connection.transaction():
                    yield PgTransaction(connection, self._schema)
            except asyncpg.IntegrityConstraintViolationError as error:
                raise IntegrityError(str(error)) from error

    async def write(self, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        """Run ``(sql, params)`` statements in one transaction; a single statement is atomic on its own, so it
        goes without BEGIN and COMMIT (two round trips fewer)."""
        if len(statements) != 1:
            return await super().write(statements)
        sql, params = statements[0]
        async with self.pool.acquire() as connection:
            await _run(connection, self._schema, sql, params)

    async def fetch(self, sql: str, params: tuple[Any, ...] = ()) -> list[asyncpg.Record]:  # type: ignore[override]
        """All rows of one query."""
        async with self.pool.acquire() as connection:
            return (await _run(connection, self._schema, sql, params)).rows


async def _no_session_state(connection: asyncpg.Connection) -> None:
    """What a connection must undo before it goes back to the pool: nothing beyond what asyncpg always does
    (roll back an open transaction). We never SET, LISTEN, open cursors or keep advisory locks past the
    migration (which unlocks its own), so asyncpg's default reset query — one more round trip on every
    release, about as many as the queries themselves — is skipped."""


async def _run(connection: asyncpg.Connection, schema: Schema, sql: str, params: Sequence[Any]) -> PgCursor:
    text, args = query(sql, params, schema)
    try:
        if _ROWS.search(text):
            rows = await connection.fetch(text, *args)
            returned = rows[0]["id"] if rows and " RETURNING id" in text and "id" in rows[0] else None
            return PgCursor(rows=list(rows), rowcount=len(rows), lastrowid=returned)
        status = await connection.execute(text, *args)
    except asyncpg.IntegrityConstraintViolationError as error:
        raise IntegrityError(str(error)) from error
    count = status.rsplit(" ", 1)[-1]
    return PgCursor(rowcount=int(count) if count.isdigit() else -1)


async def _read_schema(connection: asyncpg.Connection) -> Schema:
    """Every table's columns (in order) and primary key, of the schema in the search path."""
    schema = Schema()
    for row in await connection.fetch(
            "SELECT table_name, column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position"):
        if row[1] != ROWID:
            schema.columns.setdefault(row[0], []).append(row[1])
    for row in await connection.fetch(
            "SELECT tc.table_name, kcu.column_name FROM information_schema.table_constraints tc"
            " JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = tc.constraint_name"
            " AND kcu.table_schema = tc.table_schema AND kcu.table_name = tc.table_name"
            " WHERE tc.constraint_type = 'PRIMARY KEY' AND tc.table_schema = current_schema()"
            " ORDER BY tc.table_name, kcu.ordinal_position"):
        schema.keys.setdefault(row[0], []).append(row[1])
    return schema
