"""The one async storage interface the service uses, and the errors every backend raises alike
(``bot/service/sql_storage.py`` implements it for SQLite and PostgreSQL)."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from .models import ActionRow, GameRow


class StorageIntegrityError(Exception):
    """A constraint (unique, foreign key, check, not null) refused a statement — raised alike by every
    backend (SQLite's ``sqlite3.IntegrityError`` and asyncpg's integrity violations become this)."""


class StaleVersion(Exception):
    """Another writer moved the game on first (optimistic concurrency)."""


class DuplicateInteraction(Exception):
    """This interaction id has already been recorded (an idempotent retry)."""


class Cursor(Protocol):
    """What a statement run inside a transaction reports."""

    rowcount: int
    lastrowid: int | None

    async def fetchall(self) -> Sequence[Sequence[Any]]:
        """The rows a query returned."""


class Transaction(Protocol):
    """One open write transaction (``Storage.transaction``): statements run in it commit together."""

    async def execute(self, sql: str, params: Sequence[Any] = ...) -> Any:
        """Run one statement; awaiting gives a :class:`Cursor`."""


class Storage(Protocol):
    """Durable state of every game. Every method is one transaction.

    The features' own stores (pace, reminders, vacations, leagues, ratings, channel trouble) use the three
    generic methods at the end — ``fetch``, ``write`` and ``transaction`` — with ``?`` placeholders, and
    never anything private to a backend."""

    async def open(self) -> None:
        """Connect and apply pending migrations."""

    async def close(self) -> None:
        """Release the connection."""

    async def create_game(self, *, guild_id: str | None, channel_id: str, engine: str, engine_version: int,
                          options: dict[str, Any], seed: int, host_id: str, host_name: str,
                          now: float) -> int:
        """A new lobby with its host as the first player; raises ``ChannelBusy`` if the channel already has
        an open game."""

    async def game(self, game_id: int) -> GameRow | None:
        """One game with its players."""

    async def open_game_in_channel(self, channel_id: str) -> GameRow | None:
        """The lobby or running game of a channel."""

    async def latest_game_in_channel(self, channel_id: str) -> GameRow | None:
        """The newest started (running or finished) game of a channel."""

    async def claim_seat(self, game_id: int, position: int, user_id: str, name: str) -> None:
        """A user takes a vacant seat of a running game."""

    async def set_host(self, game_id: int, user_id: str) -> None:
        """Hand a lobby to another player."""

    async def set_options(self, game_id: int, options: dict[str, Any]) -> None:
        """Replace a lobby's options."""

    async def import_game(self, *, guild_id: str | None, channel_id: str, host_id: str, state: dict[str, Any],
                          names: list[str], actions: list[tuple[int, str, list[dict[str, Any]]]],
                          now: float) -> int:
        """Store a replayed game with vacant seats and its log in one transaction."""

    async def add_player(self, game_id: int, user_id: str | None, name: str, is_bot: bool, now: float) -> None:
        """Append a lobby member."""

    async def remove_player(self, game_id: int, position: int) -> None:
        """Remove a lobby member."""

    async def start_game(self, game_id: int, seats: dict[int, int], state: dict[str, Any], now: float) -> None:
        """Assign seats (position → seat) and store the initial state; status becomes running."""

    async def set_status(self, game_id: int, status: str, now: float) -> None:
        """Change the status (e.g. cancelled)."""

    async def commit_action(self, game_id: int, *, expected_version: int, state: dict[str, Any], seat: int,
                            action: str, user_id: str | None, interaction_id: str | None,
                            events: list[dict[str, Any]], result: dict[str, Any] | None, now: float) -> int:
        """Append one action and store the new state in ONE transaction; returns the new version.
        Raises ``StaleVersion`` or ``DuplicateInteraction``."""

    async def action_by_interaction(self, interaction_id: str) -> tuple[int, ActionRow] | None:
        """``(game_id, row)`` for an already recorded interaction id."""

    async def actions(self, game_id: int) -> list[ActionRow]:
        """The whole action log of a game, in order."""

    async def recent_actions(self, game_id: int, limit: int, before: int | None = None) -> list[ActionRow]:
        """The last ``limit`` rows of the log (those numbered below ``before``, if given), in order."""

    async def mark_posted(self, game_id: int, version: int, message_id: str | None) -> None:
        """Remember that the board of ``version`` was posted."""

    async def games_of_user(self, user_id: str, statuses: tuple[str, ...]) -> list[GameRow]:
        """Games a user is seated in, by status."""

    async def games_with_status(self, statuses: tuple[str, ...]) -> list[GameRow]:
        """Every game in those statuses (startup reconciliation)."""

    async def unposted_games(self) -> list[GameRow]:
        """Running or finished games whose latest version's board is not posted yet."""

    async def fetch(self, sql: str, params: tuple[Any, ...] = ()) -> list[Sequence[Any]]:
        """All rows of one query."""

    async def write(self, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        """Run ``(sql, params)`` statements in one transaction."""

    def transaction(self) -> AbstractAsyncContextManager[Transaction]:
        """One write transaction: committed on success, rolled back on any error."""


class ChannelBusy(Exception):
    """The channel already has an open game."""
