"""Both storages (SQLite files, PostgreSQL schemas): migrations, the one-open-game rule, atomic commits,
the log; SQLite's pragmas."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import asyncpg
import pytest

import bot.service.sql_storage as sqlite_module
from bot.service.postgres import PostgresStorage
from bot.service.sqlite import SQLiteStorage, migrations
from bot.service.storage import ChannelBusy, DuplicateInteraction, StaleVersion, StorageIntegrityError
from tests.fixtures.tiny import TinyDuel
from tests.service.conftest import Backend

NOW = 1_700_000_000.0


async def new_game(storage: SQLiteStorage, channel: str = "c1", host: str = "alice") -> int:
    return await storage.create_game(guild_id="g1", channel_id=channel, engine="tiny", engine_version=1,
                                     options={"rounds": 2}, seed=42, host_id=host, host_name=host.capitalize(),
                                     now=NOW)


async def running_game(storage: SQLiteStorage, tiny: TinyDuel, channel: str = "c1") -> int:
    game_id = await new_game(storage, channel)
    await storage.add_player(game_id, "bob", "Bob", False, NOW)
    await storage.start_game(game_id, {0: 1, 1: 0}, tiny.setup(2, 42), NOW)
    return game_id


async def commit(storage: SQLiteStorage, game_id: int, expected: int, *, state: dict[str, Any] | None = None,
                 seat: int = 0, action: str = "mark:1", user: str | None = "alice", interaction: str | None = None,
                 events: list[dict[str, Any]] | None = None, result: dict[str, Any] | None = None) -> int:
    return await storage.commit_action(
        game_id, expected_version=expected, state=state or {"v": expected + 1}, seat=seat, action=action,
        user_id=user, interaction_id=interaction, events=events or [], result=result, now=NOW + expected)


async def pragma(storage: SQLiteStorage, name: str) -> Any:
    async with storage.db.execute(f"PRAGMA {name}") as cursor:
        row = await cursor.fetchone()
    assert row is not None
    return row[0]


async def scalar(storage: SQLiteStorage, sql: str, params: tuple[Any, ...] = ()) -> Any:
    rows = await storage.fetch(sql, params)
    assert rows
    return rows[0][0]


async def schema_objects(storage: SQLiteStorage) -> set[tuple[str, str]]:
    """``(type, name)`` of every table and index, from the backend's own catalogue."""
    if isinstance(storage, PostgresStorage):
        rows = [*await storage.fetch("SELECT 'table', table_name FROM information_schema.tables"
                                     " WHERE table_schema = current_schema()"),
                *await storage.fetch("SELECT 'index', indexname FROM pg_indexes WHERE schemaname = current_schema()")]
    else:
        rows = await storage.fetch("SELECT type, name FROM sqlite_master")
    return {(row[0], row[1]) for row in rows}

async def commit_on_started(storage: SQLiteStorage, game_id: int) -> None:
    await storage.start_game(game_id, {0: 0}, {"seats": 1}, NOW)
    await commit(storage, game_id, 0)


# -- migrations ------------------------------------------------------------------------------
async def test_migrations_create_the_schema_and_are_recorded(storage: SQLiteStorage) -> None:
    objects = await schema_objects(storage)
    for table in ("games", "players", "actions", "schema_migrations"):
        assert ("table", table) in objects
    for index in ("games_one_open_per_channel", "players_one_seat_per_user", "actions_idempotency"):
        assert ("index", index) in objects
    shipped = [number for number, _ in migrations()]
    assert shipped and shipped[0] == 1 and shipped == sorted(set(shipped))
    assert [row[0] for row in await storage.fetch("SELECT number FROM schema_migrations ORDER BY number")] == shipped
    assert await storage.schema_version() == shipped[-1]


async def test_reopening_keeps_the_data_and_does_not_reapply_migrations(backend: Backend) -> None:
    first = backend.make()
    await first.open()
    game_id = await new_game(first)
    version = await first.schema_version()
    await first.close()

    again = backend.make()
    await again.open()  # a re-applied CREATE TABLE would fail here
    try:
        assert await again.schema_version() == version
        assert await scalar(again, "SELECT count(*) FROM schema_migrations") == len(migrations())
        game = await again.game(game_id)
        assert game is not None and game.host_id == "alice" and game.players[0].name == "Alice"
    finally:
        await again.close()


async def test_only_new_migrations_are_applied_on_open(backend: Backend, monkeypatch: pytest.MonkeyPatch) -> None:
    first = backend.make()
    await first.open()
    game_id = await new_game(first)
    await first.close()

    shipped = migrations()
    extra = shipped[-1][0] + 1
    monkeypatch.setattr(sqlite_module, "migrations",
                        lambda: [*shipped, (extra, "-- a later migration\nCREATE TABLE notes (text TEXT);")])
    for _ in range(2):  # the second open must not run the new migration again
        store = backend.make()
        await store.open()
        try:
            assert await store.schema_version() == extra
            assert ("table", "notes") in await schema_objects(store)
            assert (await store.game(game_id)) is not None
        finally:
            await store.close()


async def test_a_failing_migration_is_rolled_back_entirely(backend: Backend, monkeypatch: pytest.MonkeyPatch) -> None:
    shipped = migrations()
    broken = shipped[-1][0] + 1
    monkeypatch.setattr(sqlite_module, "migrations", lambda: [
        *shipped, (broken, "CREATE TABLE half_done (x INTEGER);\nINSERT INTO no_such_table VALUES (1);")])
    store = backend.make()
    try:
        with pytest.raises((sqlite3.OperationalError, asyncpg.UndefinedTableError)):
            await store.open()
        assert await store.schema_version() == shipped[-1][0]
        assert ("table", "half_done") not in await schema_objects(store)
    finally:
        await store.close()


# -- connection settings ---------------------------------------------------------------------
async def test_wal_journal_and_foreign_keys_are_on(db_path: Path) -> None:
    storage = SQLiteStorage(db_path)  # SQLite only
    await storage.open()
    try:
        assert str(await pragma(storage, "journal_mode")).lower() == "wal"
        assert await pragma(storage, "foreign_keys") == 1
    finally:
        await storage.close()
    other = sqlite3.connect(db_path)  # WAL is a property of the file, seen by every connection
    try:
        assert other.execute("PRAGMA journal_mode").fetchone()[0].lower() == "wal"
    finally:
        other.close()


async def test_foreign_keys_are_enforced(storage: SQLiteStorage) -> None:
    with pytest.raises(StorageIntegrityError):
        await storage.add_player(999, "bob", "Bob", False, NOW)
    assert await scalar(storage, "SELECT count(*) FROM players") == 0
    game_id = await new_game(storage)
    await commit_on_started(storage, game_id)
    await storage.write([("DELETE FROM games WHERE id = ?", (game_id,))])  # cascades
    assert await scalar(storage, "SELECT count(*) FROM players") == 0
    assert await scalar(storage, "SELECT count(*) FROM actions") == 0


# -- one open game per channel ---------------------------------------------------------------
async def test_one_open_game_per_channel_is_enforced_by_the_database(storage: SQLiteStorage) -> None:
    first = await new_game(storage, "c1")
    with pytest.raises(ChannelBusy):
        await new_game(storage, "c1", host="bob")
    assert await scalar(storage, "SELECT count(*) FROM games") == 1
    assert await scalar(storage, "SELECT count(*) FROM players") == 1  # the refused lobby left no host row
    other = await new_game(storage, "c2", host="bob")
    assert other != first

    # not only the storage method: the schema itself refuses a second open game
    with pytest.raises(StorageIntegrityError):  # the same neutral error on both backends
        await storage.write([(
            "INSERT INTO games (channel_id, engine, engine_version, options, seed, status, host_id, created_at,"
            " updated_at) VALUES ('c1', 'tiny', 1, '{}', 1, 'running', 'x', 0, 0)", ())])

    await storage.set_status(first, "cancelled", NOW)
    third = await new_game(storage, "c1", host="carol")
    await storage.start_game(third, {0: 0}, {"seats": 1}, NOW)
    await storage.set_status(third, "finished", NOW)
    fourth = await new_game(storage, "c1", host="dave")
    game = await storage.open_game_in_channel("c1")
    assert game is not None and game.id == fourth and game.status == "lobby"


async def test_concurrent_creates_in_one_channel_let_exactly_one_through(storage: SQLiteStorage) -> None:
    results = await asyncio.gather(*(new_game(storage, "c1", host=f"u{i}") for i in range(5)),
                                   return_exceptions=True)
    created = [r for r in results if isinstance(r, int)]
    assert len(created) == 1
    assert all(isinstance(r, ChannelBusy) for r in results if not isinstance(r, int))
    assert await scalar(storage, "SELECT count(*) FROM games") == 1


async def test_a_user_holds_at_most_one_place_per_game(storage: SQLiteStorage) -> None:
    game_id = await new_game(storage)
    with pytest.raises(StorageIntegrityError):
        await storage.add_player(game_id, "alice", "Alice again", False, NOW)
    await storage.add_player(game_id, None, "Bot 1", True, NOW)
    await storage.add_player(game_id, None, "Bot 2", True, NOW)  # bots have no user id: no clash
    game = await storage.game(game_id)
    assert game is not None
    assert [(p.position, p.user_id, p.is_bot) for p in game.players] == [
        (0, "alice", False), (1, None, True), (2, None, True)]


# -- commits -----------------------------------------------------------------------------------
async def test_commit_action_stores_the_state_and_appends_to_the_log(storage: SQLiteStorage, tiny: TinyDuel) -> None:
    game_id = await running_game(storage, tiny)
    events = [{"text": "{seat0} marks.", "to": None}, {"text": "secret", "to": [0]}]
    assert await commit(storage, game_id, 0, state={"x": 1}, events=events, interaction="i-1") == 1
    game = await storage.game(game_id)
    assert game is not None and game.version == 1 and game.state == {"x": 1} and game.status == "running"
    rows = await storage.actions(game_id)
    assert [(r.n, r.seat, r.action, r.user_id, r.interaction_id, r.events) for r in rows] == [
        (1, 0, "mark:1", "alice", "i-1", events)]
    found = await storage.action_by_interaction("i-1")
    assert found is not None and found[0] == game_id and found[1] == rows[0]
    assert await storage.action_by_interaction("i-2") is None

    result = {"winners": [1], "scores": {"0": 1, "1": 2}, "reason": "most points"}
    assert await commit(storage, game_id, 1, state={"x": 2}, result=result) == 2
    game = await storage.game(game_id)
    assert game is not None and game.status == "finished" and game.result == result
    assert await scalar(storage, "SELECT finished_at FROM games WHERE id = ?", (game_id,)) is not None
    with pytest.raises(StaleVersion):  # nothing is appended to a finished game
        await commit(storage, game_id, 2)


async def test_a_stale_version_leaves_state_and_log_untouched(storage: SQLiteStorage, tiny: TinyDuel) -> None:
    game_id = await running_game(storage, tiny)
    await commit(storage, game_id, 0, state={"x": 1})
    before = await storage.game(game_id)
    for expected in (0, 2, -1):
        with pytest.raises(StaleVersion):
            await commit(storage, game_id, expected, state={"x": "lost"}, interaction=f"stale-{expected}")
    after = await storage.game(game_id)
    assert after == before
    assert [r.n for r in await storage.actions(game_id)] == [1]
    assert await storage.action_by_interaction("stale-0") is None
    assert await commit(storage, game_id, 1, state={"x": 2}) == 2  # the connection is usable afterwards


async def test_a_duplicate_interaction_leaves_everything_untouched(storage: SQLiteStorage, tiny: TinyDuel) -> None:
    game_id = await running_game(storage, tiny)
    other_id = await running_game(storage, tiny, channel="c2")
    await commit(storage, game_id, 0, state={"x": 1}, interaction="click-1")
    before, other_before = await storage.game(game_id), await storage.game(other_id)
    with pytest.raises(DuplicateInteraction):
        await commit(storage, game_id, 1, state={"x": "twice"}, interaction="click-1")
    with pytest.raises(DuplicateInteraction):  # interaction ids are unique across games
        await commit(storage, other_id, 0, state={"x": "elsewhere"}, interaction="click-1")
    assert await storage.game(game_id) == before
    assert await storage.game(other_id) == other_before
    assert [r.interaction_id for r in await storage.actions(game_id)] == ["click-1"]
    assert await storage.actions(other_id) == []
    assert await commit(storage, game_id, 1, state={"x": 2}, interaction="click-2") == 2


async def test_concurrent_commits_at_one_version_apply_exactly_one(storage: SQLiteStorage, tiny: TinyDuel) -> None:
    game_id = await running_game(storage, tiny)
    results = await asyncio.gather(*(commit(storage, game_id, 0, state={"by": i}, seat=i % 2) for i in range(4)),
                                   return_exceptions=True)
    assert results.count(1) == 1
    assert all(isinstance(r, StaleVersion) for r in results if r != 1)
    game = await storage.game(game_id)
    assert game is not None and game.version == 1
    winner = results.index(1)
    assert game.state == {"by": winner}
    assert [(r.n, r.seat) for r in await storage.actions(game_id)] == [(1, winner % 2)]


async def test_actions_come_back_in_order(storage: SQLiteStorage, tiny: TinyDuel) -> None:
    game_id = await running_game(storage, tiny)
    other_id = await running_game(storage, tiny, channel="c2")
    script = [(0, "bid:3", "alice"), (1, "bid:5", "bob"), (0, "lock", "alice"), (1, "lock", None),
              (0, "mark:2", "alice"), (0, "undo", "alice"), (0, "done", "alice")]
    for n, (seat, action, user) in enumerate(script):
        await commit(storage, game_id, n, seat=seat, action=action, user=user,
                     events=[{"text": f"event {n}", "to": [seat] if n % 2 else None}])
        if n % 3 == 0:
            await commit(storage, other_id, n // 3, action="noise")
    rows = await storage.actions(game_id)
    assert [(r.n, r.seat, r.action, r.user_id) for r in rows] == [
        (n + 1, seat, action, user) for n, (seat, action, user) in enumerate(script)]
    assert [r.events for r in rows] == [[{"text": f"event {n}", "to": [s] if n % 2 else None}]
                                        for n, (s, _, _) in enumerate(script)]
    assert [r.action for r in await storage.actions(other_id)] == ["noise"] * 3


async def test_mark_posted_never_moves_backwards(storage: SQLiteStorage, tiny: TinyDuel) -> None:
    game_id = await running_game(storage, tiny)

    async def posted() -> tuple[int, str | None]:
        game = await storage.game(game_id)
        assert game is not None
        return game.posted_version, game.board_message_id

    assert await posted() == (-1, None)
    await storage.mark_posted(game_id, 3, "m3")
    assert await posted() == (3, "m3")
    await storage.mark_posted(game_id, 1, None)
    assert await posted() == (3, "m3")
    await storage.mark_posted(game_id, 2, "m2")
    assert (await posted())[0] == 3
    await storage.mark_posted(game_id, 5, None)
    assert (await posted())[0] == 5
    await storage.mark_posted(game_id, 6, "m6")
    assert await posted() == (6, "m6")


# -- seats and listings ------------------------------------------------------------------------
async def test_claim_seat_only_takes_a_vacant_seat(storage: SQLiteStorage, tiny: TinyDuel) -> None:
    state = tiny.setup(2, 5)
    game_id = await storage.import_game(guild_id="g1", channel_id="c9", host_id="alice", state=state,
                                        names=["Ann", "Ben"], actions=[], now=NOW)
    await storage.claim_seat(game_id, 0, "carol", "Carol")
    await storage.claim_seat(game_id, 0, "dave", "Dave")  # already taken: no effect
    game = await storage.game(game_id)
    assert game is not None
    assert [(p.seat, p.user_id, p.name) for p in game.players] == [(0, "carol", "Carol"), (1, None, "Ben")]
    with pytest.raises(ChannelBusy):
        await storage.import_game(guild_id="g1", channel_id="c9", host_id="x", state=state, names=[],
                                  actions=[], now=NOW)
    assert len(await storage.games_with_status(("running",))) == 1


async def test_games_of_user_and_by_status(storage: SQLiteStorage, tiny: TinyDuel) -> None:
    lobby = await new_game(storage, "c1")
    running = await running_game(storage, tiny, channel="c2")
    elsewhere = await new_game(storage, "c3", host="carol")
    assert [g.id for g in await storage.games_of_user("bob", ("running",))] == [running]
    assert {g.id for g in await storage.games_of_user("alice", ("lobby", "running"))} == {lobby, running}
    assert await storage.games_of_user("nobody", ("lobby", "running")) == []
    assert [g.id for g in await storage.games_with_status(("lobby",))] == [lobby, elsewhere]
    latest = await storage.latest_game_in_channel("c2")
    assert latest is not None and latest.id == running
    assert await storage.latest_game_in_channel("c1") is None  # a lobby has not started


async def test_a_read_reuses_the_decoded_state_until_the_stored_text_changes(storage: SQLiteStorage,
                                                                              tiny: TinyDuel) -> None:
    game_id = await running_game(storage, tiny)
    first = await storage.game(game_id)
    again = await storage.game(game_id)
    assert first is not None and again is not None and again.state is first.state  # decoded once
    await commit(storage, game_id, 0, state={"v": 1, "deep": [1, 2]})
    moved = await storage.game(game_id)
    assert moved is not None and moved.state == {"v": 1, "deep": [1, 2]} and moved.state is not first.state
    # A write that bypasses commit_action (here: by hand) is seen: the text differs, so it is decoded afresh.
    await storage.write([("UPDATE games SET state = ? WHERE id = ?", ('{"v": 9}', game_id))])
    assert (await storage.game(game_id)).state == {"v": 9}  # type: ignore[union-attr]


def test_the_state_cache_keeps_the_most_recently_used_games() -> None:
    cache = sqlite_module.StateCache(size=2)
    a = cache.decode(1, '{"a": 1}')
    cache.decode(2, '{"b": 2}')
    assert cache.decode(1, '{"a": 1}') is a  # 1 is now the most recent
    cache.decode(3, '{"c": 3}')  # evicts 2
    assert cache.decode(1, '{"a": 1}') is a
    assert cache.decode(2, '{"b": 2}') == {"b": 2} and len(cache._items) == 2


async def test_unposted_games_lists_only_boards_behind_their_version(storage: SQLiteStorage, tiny: TinyDuel) -> None:
    game_id = await running_game(storage, tiny)
    other = await running_game(storage, tiny, channel="c2")
    await storage.mark_posted(other, 0, "m1")
    assert [g.id for g in await storage.unposted_games()] == [game_id]
    await storage.mark_posted(game_id, 0, "m2")
    assert await storage.unposted_games() == []
    await commit(storage, other, 0)
    assert [g.id for g in await storage.unposted_games()] == [other]


def test_the_backends_share_a_neutral_base_and_error() -> None:
    # neither backend is the other: PostgreSQL no longer inherits SQLite, nor its errors from sqlite3
    from bot.service import postgres
    from bot.service.sql_storage import SqlStorage

    assert issubclass(postgres.PostgresStorage, SqlStorage) and issubclass(SQLiteStorage, SqlStorage)
    assert not issubclass(postgres.PostgresStorage, SQLiteStorage)
    assert not issubclass(StorageIntegrityError, sqlite3.Error)
