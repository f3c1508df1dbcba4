"""``python -m bot copy-db SQLITE_PATH postgresql://…``: move an existing SQLite database to PostgreSQL.

Both databases are opened (so both carry every migration), the target must hold no games yet, and every
table is copied in the order the migrations created it (parents before children), in one PostgreSQL
transaction: each row with its ids, SQLite's ``rowid`` into the PostgreSQL tables that keep it as their
insertion order, and each value converted to its column's type. The generated-id sequences then continue
after the copied ids. Nothing is written to the SQLite file except its own pending migrations.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .postgres import PostgresStorage
from .sql_dialect import ROWID
from .sqlite import SQLiteStorage

SKIPPED = ("schema_migrations", "sqlite_sequence")
"""Bookkeeping tables: each database has its own."""


class CopyError(Exception):
    """The copy cannot be made (the message says why)."""


@dataclass(frozen=True)
class Copied:
    """What was copied: rows per table, in copy order."""

    rows: dict[str, int]

    def text(self) -> str:
        """One line per table and a total."""
        lines = [f"{table}: {count}" for table, count in self.rows.items()]
        return "\n".join([*lines, f"copied {sum(self.rows.values())} rows in {len(self.rows)} tables"])


async def copy_database(source_path: str, target_dsn: str, *, schema: str | None = None) -> Copied:
    """Copy the SQLite database at ``source_path`` into the (empty) PostgreSQL database ``target_dsn``."""
    source = SQLiteStorage(source_path)
    target = PostgresStorage(target_dsn, schema=schema, pool_size=2)
    await source.open()
    try:
        await target.open()
    except Exception:
        await source.close()
        raise
    try:
        return await _copy(source, target)
    finally:
        await target.close()
        await source.close()


async def _copy(source: SQLiteStorage, target: PostgresStorage) -> Copied:
    tables = [r[0] for r in await source.fetch(
        "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid") if r[0] not in SKIPPED]
    copied: dict[str, int] = {}
    async with target.pool.acquire() as connection, connection.transaction():
        if await connection.fetchval("SELECT count(*) FROM games"):
            raise CopyError("the PostgreSQL database already holds games; copy into an empty database")
        types = {(r[0], r[1]): r[2] for r in await connection.fetch(
            "SELECT table_name, column_name, data_type FROM information_schema.columns"
            " WHERE table_schema = current_schema()")}
        for table in tables:
            names = [r[1] for r in await source.fetch(f"PRAGMA table_info({table})")]
            wanted = [n for n in names if (table, n) in types]
            keeps_rowid = (table, ROWID) in types and ROWID not in names
            select = ", ".join([*wanted, *(["rowid"] if keeps_rowid else [])])
            columns = [*wanted, *([ROWID] if keeps_rowid else [])]
            rows = await source.fetch(f"SELECT {select} FROM {table} ORDER BY rowid")
            records = [tuple(_convert(v, types[(table, c)]) for v, c in zip(row, columns, strict=True))
                       for row in rows]
            if records:
                await connection.copy_records_to_table(table, records=records, columns=columns,
                                                       schema_name=await connection.fetchval("SELECT current_schema()"))
            copied[table] = len(records)
            for column in ("id", ROWID):
                if (table, column) in types and records:
                    await connection.execute(
                        f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
                        f" (SELECT max({column}) FROM {table}))")
    return Copied(copied)


def _convert(value: Any, data_type: str) -> Any:
    """A SQLite value as its PostgreSQL column's type wants it."""
    if value is None:
        return None
    if data_type == "bigint":
        return int(value)
    if data_type == "double precision":
        return float(value)
    if data_type == "text":
        return value if isinstance(value, str) else str(value)
    return value
