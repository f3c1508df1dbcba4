"""What every part of the game service shares: the storage, the clock, the hooks, the per-game locks,
and finding games and their engines (with user-facing errors when there are none)."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable

import engines
from engines.core import Engine

from .errors import NoGame, NotAllowed
from .hooks import GameHooks
from .models import GameRow
from .shards import Shards
from .storage import Storage

Clock = Callable[[], float]


class Games:
    """Looking games up, with the lock every state change of a game takes."""

    def __init__(self, storage: Storage, *, clock: Clock = time.time, hooks: GameHooks | None = None,
                 shards: Shards | None = None) -> None:
        self.storage = storage
        self.shards = shards or Shards()
        """The guilds this process looks after (background work takes only their games)."""
        self.clock = clock
        self.hooks = hooks if hooks is not None else GameHooks()
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, game_id: int) -> asyncio.Lock:
        """The per-game lock every state change takes."""
        return self._locks.setdefault(game_id, asyncio.Lock())

    @property
    def lock_count(self) -> int:
        """How many game locks exist (one per game touched since the start; the benches watch it)."""
        return len(self._locks)

    @staticmethod
    def engine(engine_id: str) -> Engine:
        """The engine of a game, or a user-facing error."""
        try:
            return engines.get(engine_id)
        except KeyError:
            known = ", ".join(e.id for e in engines.all()) or "none"
            raise NoGame(f"There is no game called {engine_id!r}. Games: {known}.") from None

    @staticmethod
    def new_seed() -> int:
        """A fresh random seed for a new game."""
        return secrets.randbits(62)

    async def open_game(self, channel_id: str) -> GameRow:
        """The lobby or running game of a channel, or a clear error."""
        game = await self.storage.open_game_in_channel(channel_id)
        if game is None:
            raise NoGame("There is no game in this channel. Start one with `/game new`.")
        return game

    async def running_game(self, channel_id: str) -> GameRow:
        """The running game of a channel."""
        game = await self.open_game(channel_id)
        if game.status != "running":
            raise NoGame("The game in this channel has not started yet (`/game start`).")
        return game

    async def running_or_last(self, channel_id: str) -> GameRow:
        """The running game of a channel, else its last finished one (boards and logs stay readable)."""
        game = await self.storage.latest_game_in_channel(channel_id)
        if game is None:
            return await self.running_game(channel_id)
        return game

    async def game_by_id(self, game_id: int) -> GameRow:
        """A game by id (buttons carry ids)."""
        game = await self.storage.game(game_id) if 0 < game_id < 2**63 else None  # SQLite integers are 64-bit
        if game is None:
            raise NoGame("That game no longer exists.")
        return game

    @staticmethod
    def seat_of(game: GameRow, user_id: str) -> int:
        """The caller's seat, or a polite refusal."""
        seat = game.seat_of(user_id)
        if seat is None:
            raise NotAllowed("You are not playing in this game. Spectators can use `/board` and `/log`.")
        return seat
