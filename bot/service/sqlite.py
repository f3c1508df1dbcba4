"""SQLite storage via aiosqlite: WAL, foreign keys, numbered SQL migrations, one lock for writes."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from . import sql_storage
from .sql_storage import SqlStorage, StateCache, migrations, statements
from .storage import StorageIntegrityError

__all__ = ["SQLiteStorage", "StateCache", "migrations"]


class SQLiteStorage(SqlStorage):
    """The embedded default storage. All statements run on one connection under one lock, so
    concurrent coroutines never interleave inside a transaction; between processes, ``BEGIN IMMEDIATE``
    takes SQLite's one write lock, so each transaction (a claim, a guarded update) is atomic."""

    dialect = "sqlite"

    def __init__(self, path: str | Path) -> None:
        super().__init__()
        self.path = str(path)
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    @property
    def db(self) -> aiosqlite.Connection:
        """The open connection."""
        if self._db is None:
            raise RuntimeError("storage is not open")
        return self._db

    async def open(self) -> None:
        """Connect, configure SQLite and apply pending migrations."""
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        await self.db.execute("PRAGMA journal_mode=WAL")
        await self.db.execute("PRAGMA foreign_keys=ON")
        await self.db.execute("PRAGMA synchronous=NORMAL")
        await self.db.execute("PRAGMA busy_timeout=5000")
        await self._migrate()

    async def close(self) -> None:
        """Close the connection (idempotent)."""
        if self._db is not None:
            await self._db.close()
            self._db = None

    async def _migrate(self) -> None:
        await self.db.execute("CREATE TABLE IF NOT EXISTS schema_migrations (number INTEGER PRIMARY KEY)")
        async with self.db.execute("SELECT number FROM schema_migrations") as cursor:
            done = {row[0] async for row in cursor}
        for number, sql in sql_storage.migrations():
            if number in done:
                continue
            async with self.transaction() as db:
                if await (await db.execute("SELECT 1 FROM schema_migrations WHERE number = ?",
                                           (number,))).fetchall():
                    continue  # another process applied it meanwhile
                for statement in statements(sql):
                    await db.execute(statement)
                await db.execute("INSERT INTO schema_migrations (number) VALUES (?)", (number,))

    # -- transactions -------------------------------------------------------------------------
    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:  # type: ignore[override]
        """One write transaction under the lock: committed on success, rolled back on any error; a
        constraint's refusal is raised as :class:`StorageIntegrityError`."""
        async with self._lock:
            try:
                await self.db.execute("BEGIN IMMEDIATE")
                yield self.db
                await self.db.execute("COMMIT")
            except BaseException as error:
                await asyncio.shield(self._rollback())
                if isinstance(error, sqlite3.IntegrityError):
                    raise StorageIntegrityError(str(error)) from error
                raise

    async def _rollback(self) -> None:
        """Roll back whatever this connection has open. A task cancelled while its BEGIN or COMMIT waited still
        has that statement run by the database thread, so ``in_transaction`` cannot be trusted at this moment:
        the ROLLBACK is queued behind it and "no transaction is active" is not an error."""
        try:
            await self.db.execute("ROLLBACK")
        except sqlite3.OperationalError as error:
            if "no transaction is active" not in str(error):
                raise

    async def fetch(self, sql: str, params: tuple[Any, ...] = ()) -> list[sqlite3.Row]:  # type: ignore[override]
        """All rows of one query, in one trip to the database thread."""
        async with self._lock:
            return list(await self.db.execute_fetchall(sql, params))
