"""``python -m bot copy-db`` (issue 18, item 7): a SQLite database copied to PostgreSQL loads and replays there."""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest
import pytest_asyncio

from bot.__main__ import main
from bot.service.host import build_host
from bot.service.postgres import PostgresStorage
from bot.service.sqlite import SQLiteStorage
from tests.service._league_support import ORGANISER, make_league, open_matches
from tests.service._support import play_to_end, start_game
from tests.service.conftest import pg_server


@pytest_asyncio.fixture
async def target() -> AsyncIterator[str]:
    """An empty schema on the test server, as a ``postgresql://…?search_path=`` address."""
    dsn, why = await pg_server()
    if dsn is None:
        pytest.skip(why)
    schema = f"t_{uuid.uuid4().hex}"
    admin = await asyncpg.connect(dsn)
    await admin.execute(f"CREATE SCHEMA {schema}")
    try:
        yield f"{dsn}{'&' if '?' in dsn else '?'}search_path={schema}"
    finally:
        await admin.execute(f"DROP SCHEMA {schema} CASCADE")
        await admin.close()


async def filled(path: Path) -> dict[str, int]:
    """A SQLite database with games (one finished, one running), a league and its matches, notices;
    returns each table's row count."""
    storage = SQLiteStorage(path)
    await storage.open()
    try:
        host = build_host(storage, renderer=None)
        finished = await start_game(host.service, "c1")
        await play_to_end(host.service, finished.id)
        await start_game(host.service, "c2", humans=("carol", "dave"))
        league = await make_league(host.leagues, users=("erin", "frank"))
        await host.leagues.start_season(league, ORGANISER)
        assert await open_matches(host.leagues, league)
        await host.scheduler.store.add_notices([host.scheduler.store.notice_statement("table", "hi", 1.0,
                                                                                      channel_id="c1")])
        names = [r[0] for r in await storage.fetch("SELECT name FROM sqlite_master WHERE type = 'table'"
                                                   " AND name NOT IN ('schema_migrations', 'sqlite_sequence')")]
        return {n: (await storage.fetch(f"SELECT count(*) FROM {n}"))[0][0] for n in names}
    finally:
        await storage.close()


async def test_a_sqlite_database_copied_to_postgres_loads_and_replays(tmp_path: Path, target: str) -> None:
    source = tmp_path / "old.sqlite3"
    counts = await filled(source)
    assert await asyncio.to_thread(main, ["copy-db", str(source), target]) == 0  # the command, as run
    storage = PostgresStorage(target)
    await storage.open()
    try:
        for table, count in counts.items():
            assert (await storage.fetch(f"SELECT count(*) FROM {table}"))[0][0] == count, table
        host = build_host(storage, renderer=None)
        games = await storage.games_with_status(("running", "finished"))
        assert len(games) == 3 and {g.status for g in games} == {"running", "finished"}
        for game in games:
            await host.service.rebuild(game.id)  # the copied log replays to the copied state
            assert len(await storage.actions(game.id)) == game.version
        # the copy goes on where SQLite left off: new ids after the copied ones, rows in insertion order
        newer = await start_game(host.service, "c9", humans=("gina", "hal"))
        assert newer.id > max(g.id for g in games)
        seats = await storage.fetch("SELECT user_id FROM league_match_seats ORDER BY rowid")
        assert [s[0] for s in seats] in (["erin", "frank"], ["frank", "erin"])
    finally:
        await storage.close()
    # a second copy into the same (no longer empty) database is refused, with a message
    assert await asyncio.to_thread(main, ["copy-db", str(source), target]) == 2


@pytest.mark.parametrize("args", [[], ["a.sqlite3"], ["postgresql://x/y", "a.sqlite3"], ["missing.sqlite3",
                                                                                          "postgresql://x/y"]])
def test_copy_db_refuses_nonsense(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["copy-db", *args]) == 2
    assert "copy-db" in capsys.readouterr().err
