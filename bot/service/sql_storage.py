"""The SQL storage both backends share: every game method, written on three primitives only.

:class:`SqlStorage` implements the whole :class:`~bot.service.storage.Storage` interface on ``fetch``,
``write`` and ``transaction`` (SQLite's dialect, ``?`` placeholders); a backend subclasses it and provides
those three (plus ``open``/``close``), raising :class:`~bot.service.storage.StorageIntegrityError` when a
constraint refuses a statement. :class:`~bot.service.sqlite.SQLiteStorage` and
:class:`~bot.service.postgres.PostgresStorage` are the two.
"""

from __future__ import annotations

import json
import re
from collections import OrderedDict
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from importlib import resources
from typing import Any

from .models import ActionRow, GameRow, PlayerRow
from .storage import ChannelBusy, DuplicateInteraction, StaleVersion, StorageIntegrityError, Transaction

_GAME_COLUMNS = (
    "id, guild_id, channel_id, engine, engine_version, options, seed, status, host_id, version, state, "
    "result, posted_version, board_message_id, created_at, updated_at, imported, board_version, turns"
)


def migrations() -> list[tuple[int, str]]:
    """``(number, sql)`` of every migration file shipped in ``bot/service/migrations``."""
    folder = resources.files("bot.service") / "migrations"
    found = []
    for entry in folder.iterdir():
        if entry.name.endswith(".sql"):
            found.append((int(entry.name.split("_", 1)[0]), entry.read_text(encoding="utf-8")))
    return sorted(found)


def statements(sql: str) -> list[str]:
    """Split a migration file into statements (comments dropped; no ``;`` inside string literals)."""
    without_comments = re.sub(r"--[^\n]*", "", sql)
    return [s.strip() for s in without_comments.split(";") if s.strip()]


class SqlStorage:
    """Every game method of the storage interface, over a backend's ``fetch``/``write``/``transaction``."""

    dialect = "sqlite"
    """Which SQL the backend speaks natively (``sqlite`` or ``postgres``)."""

    def __init__(self) -> None:
        self._states = StateCache()

    async def open(self) -> None:
        """Connect and apply pending migrations."""
        raise NotImplementedError

    async def close(self) -> None:
        """Release the connections."""
        raise NotImplementedError

    async def schema_version(self) -> int:
        """The highest applied migration number."""
        rows = await self.fetch("SELECT max(number) FROM schema_migrations")
        return int(rows[0][0] or 0)

    def transaction(self) -> AbstractAsyncContextManager[Transaction]:
        """One write transaction: committed on success, rolled back on any error."""
        raise NotImplementedError

    async def write(self, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        """Run ``(sql, params)`` statements in one transaction."""
        async with self.transaction() as db:
            for sql, params in statements:
                await db.execute(sql, params)

    async def fetch(self, sql: str, params: tuple[Any, ...] = ()) -> list[Sequence[Any]]:
        """All rows of one query."""
        raise NotImplementedError

    # -- games --------------------------------------------------------------------------------
    async def create_game(self, *, guild_id: str | None, channel_id: str, engine: str, engine_version: int,
                          options: dict[str, Any], seed: int, host_id: str, host_name: str,
                          now: float) -> int:
        """Insert a lobby and its host in one transaction."""
        try:
            async with self.transaction() as db:
                cursor = await db.execute(
                    "INSERT INTO games (guild_id, channel_id, engine, engine_version, options, seed, status,"
                    " host_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?)",
                    (guild_id, channel_id, engine, engine_version, json.dumps(options), seed, host_id, now, now),
                )
                game_id = int(cursor.lastrowid or 0)
                await db.execute(
                    "INSERT INTO players (game_id, position, user_id, name, is_bot, joined_at)"
                    " VALUES (?, 0, ?, ?, 0, ?)", (game_id, host_id, host_name, now))
        except StorageIntegrityError:
            raise ChannelBusy(channel_id) from None
        return game_id

    async def game(self, game_id: int) -> GameRow | None:
        """One game with its players."""
        rows = await self.fetch(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
        return (await self._with_players(rows))[0] if rows else None

    async def open_game_in_channel(self, channel_id: str) -> GameRow | None:
        """The lobby or running game of a channel."""
        rows = await self.fetch(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? AND status IN ('lobby', 'running')",
            (channel_id,))
        return (await self._with_players(rows))[0] if rows else None

    async def latest_game_in_channel(self, channel_id: str) -> GameRow | None:
        """The newest game of a channel that has started (running or finished)."""
        rows = await self.fetch(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? AND status IN ('running', 'finished')"
            " ORDER BY id DESC LIMIT 1", (channel_id,))
        return (await self._with_players(rows))[0] if rows else None

    async def games_of_user(self, user_id: str, statuses: tuple[str, ...]) -> list[GameRow]:
        """Games a user plays in, newest first."""
        marks = ",".join("?" * len(statuses))
        rows = await self.fetch(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN ({marks}) AND id IN "
            "(SELECT game_id FROM players WHERE user_id = ?) ORDER BY updated_at DESC", (*statuses, user_id))
        return await self._with_players(rows)

    async def games_with_status(self, statuses: tuple[str, ...]) -> list[GameRow]:
        """Every game in those statuses."""
        marks = ",".join("?" * len(statuses))
        rows = await self.fetch(f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN ({marks}) ORDER BY id",
                                 statuses)
        return await self._with_players(rows)

    async def unposted_games(self) -> list[GameRow]:
        """Running or finished games whose latest version's board is not posted yet."""
        rows = await self.fetch(f"SELECT {_GAME_COLUMNS} FROM games WHERE status IN ('running', 'finished')"
                                 " AND posted_version < version ORDER BY id")
        return await self._with_players(rows)

    async def _with_players(self, rows: Sequence[Sequence[Any]]) -> list[GameRow]:
        if not rows:
            return []
        ids = [row[0] for row in rows]
        seated: dict[int, list[PlayerRow]] = {game_id: [] for game_id in ids}
        for chunk in range(0, len(ids), 500):  # SQLite allows 999 parameters by default
            part = ids[chunk:chunk + 500]
            for p in await self.fetch(
                    "SELECT game_id, position, user_id, name, is_bot, seat FROM players WHERE game_id IN "
                    f"({','.join('?' * len(part))}) ORDER BY game_id, position", tuple(part)):
                seated[p[0]].append(PlayerRow(p[1], p[2], p[3], bool(p[4]), p[5]))
        return [_game_row(row, tuple(seated[row[0]]), self._states) for row in rows]

    async def add_player(self, game_id: int, user_id: str | None, name: str, is_bot: bool, now: float) -> None:
        """Append a lobby member at the next position."""
        await self.write([
            ("INSERT INTO players (game_id, position, user_id, name, is_bot, joined_at) VALUES (?, "
             "(SELECT coalesce(max(position), -1) + 1 FROM players WHERE game_id = ?), ?, ?, ?, ?)",
             (game_id, game_id, user_id, name, int(is_bot), now)),
            ("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id)),
        ])

    async def remove_player(self, game_id: int, position: int) -> None:
        """Remove a lobby member."""
        await self.write([("DELETE FROM players WHERE game_id = ? AND position = ?", (game_id, position))])

    async def start_game(self, game_id: int, seats: dict[int, int], state: dict[str, Any], now: float) -> None:
        """Seat everyone and store the first state."""
        statements = [("UPDATE players SET seat = ? WHERE game_id = ? AND position = ?", (seat, game_id, pos))
                      for pos, seat in seats.items()]
        statements.append(("UPDATE games SET status = 'running', state = ?, version = 0, updated_at = ? "
                           "WHERE id = ? AND status = 'lobby'", (json.dumps(state), now, game_id)))
        await self.write(statements)

    async def set_status(self, game_id: int, status: str, now: float) -> None:
        """Change a game's status."""
        await self.write([("UPDATE games SET status = ?, updated_at = ? WHERE id = ?", (status, now, game_id))])

    async def commit_action(self, game_id: int, *, expected_version: int, state: dict[str, Any], seat: int,
                            action: str, user_id: str | None, interaction_id: str | None,
                            events: list[dict[str, Any]], result: dict[str, Any] | None, now: float) -> int:
        """Action row + new state in one transaction, guarded by the version."""
        version = expected_version + 1
        status = "finished" if result is not None else "running"
        text = json.dumps(state)
        try:
            async with self.transaction() as db:
                cursor = await db.execute(
                    "UPDATE games SET state = ?, version = ?, status = ?, result = ?, updated_at = ?,"
                    " finished_at = CASE WHEN ? = 'finished' THEN ? ELSE finished_at END"
                    " WHERE id = ? AND version = ? AND status = 'running'",
                    (text, version, status, json.dumps(result) if result else None, now,
                     status, now, game_id, expected_version))
                if cursor.rowcount != 1:
                    raise StaleVersion(game_id)
                await db.execute(
                    "INSERT INTO actions (game_id, n, seat, action, user_id, interaction_id, events, created_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (game_id, version, seat, action, user_id, interaction_id, json.dumps(events), now))
        except StorageIntegrityError:
            raise DuplicateInteraction(interaction_id) from None
        self._states.put(game_id, text, state)
        return version

    async def action_by_interaction(self, interaction_id: str) -> tuple[int, ActionRow] | None:
        """The recorded action of an interaction id."""
        rows = await self.fetch(
            "SELECT game_id, n, seat, action, user_id, interaction_id, events, created_at FROM actions"
            " WHERE interaction_id = ?", (interaction_id,))
        return (rows[0][0], _action_row(rows[0][1:])) if rows else None

    async def actions(self, game_id: int) -> list[ActionRow]:
        """The whole log."""
        rows = await self.fetch(
            "SELECT n, seat, action, user_id, interaction_id, events, created_at FROM actions"
            " WHERE game_id = ? ORDER BY n", (game_id,))
        return [_action_row(r) for r in rows]

    async def recent_actions(self, game_id: int, limit: int, before: int | None = None) -> list[ActionRow]:
        """The last ``limit`` rows of the log (those numbered below ``before``, if given), in order."""
        rows = await self.fetch(
            "SELECT n, seat, action, user_id, interaction_id, events, created_at FROM actions"
            " WHERE game_id = ? AND n < ? ORDER BY n DESC LIMIT ?",
            (game_id, before if before is not None else 2**62, limit))
        return [_action_row(r) for r in reversed(rows)]

    async def claim_seat(self, game_id: int, position: int, user_id: str, name: str) -> None:
        """A user takes a vacant seat of a running game."""
        await self.write([("UPDATE players SET user_id = ?, name = ?, is_bot = 0 WHERE game_id = ? AND "
                            "position = ? AND user_id IS NULL", (user_id, name, game_id, position))])

    async def set_host(self, game_id: int, user_id: str) -> None:
        """Hand the lobby to another player."""
        await self.write([("UPDATE games SET host_id = ? WHERE id = ?", (user_id, game_id))])

    async def set_options(self, game_id: int, options: dict[str, Any]) -> None:
        """Replace a lobby's options."""
        await self.write([("UPDATE games SET options = ? WHERE id = ? AND status = 'lobby'",
                            (json.dumps(options), game_id))])

    async def import_game(self, *, guild_id: str | None, channel_id: str, host_id: str, state: dict[str, Any],
                          names: list[str], actions: list[tuple[int, str, list[dict[str, Any]]]],
                          now: float) -> int:
        """Store a replayed game with vacant seats and its whole log, in one transaction."""
        status = "finished" if state["result"] is not None else "running"
        try:
            async with self.transaction() as db:
                cursor = await db.execute(
                    "INSERT INTO games (guild_id, channel_id, engine, engine_version, options, seed, status,"
                    " host_id, version, state, result, created_at, updated_at, imported)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)",
                    (guild_id, channel_id, state["engine"], state["engine_version"], json.dumps(state["options"]),
                     state["seed"], status, host_id, len(actions), json.dumps(state),
                     json.dumps(state["result"]) if state["result"] else None, now, now))
                game_id = int(cursor.lastrowid or 0)
                for seat, name in enumerate(names):
                    await db.execute(
                        "INSERT INTO players (game_id, position, user_id, name, is_bot, seat, joined_at)"
                        " VALUES (?, ?, NULL, ?, 0, ?, ?)", (game_id, seat, name, seat, now))
                for n, (seat, action, events) in enumerate(actions, start=1):
                    await db.execute(
                        "INSERT INTO actions (game_id, n, seat, action, events, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                        (game_id, n, seat, action, json.dumps(events), now))
        except StorageIntegrityError:
            raise ChannelBusy(channel_id) from None
        return game_id

    async def mark_posted(self, game_id: int, version: int, message_id: str | None) -> None:
        """Record the last posted version (never moves backwards); with a ``message_id`` it was a new board
        message, which also counts a turn post."""
        await self.write([(
            "UPDATE games SET posted_version = max(posted_version, ?),"
            " turns = turns + (CASE WHEN ? IS NOT NULL AND ? > board_version THEN 1 ELSE 0 END),"
            " board_version = CASE WHEN ? IS NOT NULL THEN max(board_version, ?) ELSE board_version END,"
            " board_message_id = coalesce(?, board_message_id) WHERE id = ?",
            (version, message_id, version, message_id, version, message_id, game_id))])



class StateCache:
    """The decoded state of the games read most recently, each kept with its stored JSON text.

    Reading a game decodes its state only when the stored text differs from the cached one, so the
    several reads of one move share one decoded state (callers treat states as read-only: engines never
    change their input, which the fuzz kit checks). Bounded to ``size`` games, least recently used first
    out."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._items: OrderedDict[int, tuple[str, Any]] = OrderedDict()

    def decode(self, game_id: int, text: str) -> Any:
        """``json.loads(text)``, reusing the cached object when the text is the same."""
        cached = self._items.get(game_id)
        if cached is not None and cached[0] == text:
            self._items.move_to_end(game_id)
            return cached[1]
        value = json.loads(text)
        self.put(game_id, text, value)
        return value

    def put(self, game_id: int, text: str, value: Any) -> None:
        """Remember ``value`` as the decoding of ``text`` (a plain-JSON state just stored)."""
        self._items[game_id] = (text, value)
        self._items.move_to_end(game_id)
        while len(self._items) > self.size:
            self._items.popitem(last=False)


def _game_row(row: Sequence[Any], players: tuple[PlayerRow, ...], states: StateCache) -> GameRow:
    return GameRow(
        id=row[0], guild_id=row[1], channel_id=row[2], engine=row[3], engine_version=row[4],
        options=json.loads(row[5]), seed=row[6], status=row[7], host_id=row[8], version=row[9],
        state=states.decode(row[0], row[10]) if row[10] else None, result=json.loads(row[11]) if row[11] else None,
        posted_version=row[12], board_message_id=row[13], created_at=row[14], updated_at=row[15],
        players=players, imported=bool(row[16]), board_version=row[17], turns=row[18])


def _action_row(row: Any) -> ActionRow:
    return ActionRow(n=row[0], seat=row[1], action=row[2], user_id=row[3], interaction_id=row[4],
                     events=json.loads(row[5]), created_at=row[6])
