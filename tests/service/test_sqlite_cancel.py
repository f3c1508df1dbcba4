"""SQLite transactions survive a cancelled task: a task cancelled while its BEGIN waits for the database thread
leaves no transaction open behind it (seen once under load in the e2e restart test as "cannot start a
transaction within a transaction")."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.service.sqlite import SQLiteStorage


async def test_a_transaction_cancelled_during_begin_leaves_nothing_open(tmp_path: Path) -> None:
    storage = SQLiteStorage(tmp_path / "db.sqlite3")
    await storage.open()
    try:
        for _ in range(20):  # the cancel lands at different points of BEGIN's trip to the thread
            async def write() -> None:
                async with storage.transaction() as db:
                    await db.execute("CREATE TABLE IF NOT EXISTS t (x INTEGER)")
                    await asyncio.sleep(1)

            task = asyncio.create_task(write())
            await asyncio.sleep(0)
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
            async with storage.transaction() as db:  # would raise if the cancelled one were still open
                await db.execute("CREATE TABLE IF NOT EXISTS t (x INTEGER)")
            assert not storage.db.in_transaction
    finally:
        await storage.close()
