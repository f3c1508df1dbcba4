"""Lobby operations: new, join, leave, bots, options, start, cancel, import."""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from engines.core import OptionError

from .errors import LobbyError, NotAllowed
from .games import Games
from .models import OPEN_STATUSES, GameRow
from .naming import MAX_NAME, clean_name, host_mention
from .posts import Posts
from .replay_check import check_options, parse_replay, run_replay
from .results import Lobby, Post
from .storage import ChannelBusy
from .turns import Turns

__all__ = ["MAX_NAME", "Lobbies", "clean_name"]
IMPORTED_NOTE = "Imported replay: not rated, not part of any league."


class Lobbies:
    """Opening, filling, starting and cancelling games, and importing replays."""

    def __init__(self, games: Games, turns: Turns, posts: Posts) -> None:
        self.games = games
        self.turns = turns
        self.posts = posts
        self.storage = games.storage
        self.checker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="replay-check")
        """Re-runs imported replays one at a time, off the event loop (a second import waits its turn)."""

    async def new_game(self, *, guild_id: str | None, channel_id: str, user_id: str,
                       user_name: str, engine_id: str, options: dict[str, Any] | None = None,
                       seed: int | None = None) -> Lobby:
        """Open a lobby in a channel (one open game per channel)."""
        engine = self.games.engine(engine_id)
        try:
            valid = engine.options_schema.validate(check_options(options))
        except OptionError as err:
            raise LobbyError(str(err)) from None
        try:
            game_id = await self.storage.create_game(
                guild_id=guild_id, channel_id=channel_id, engine=engine.id, engine_version=engine.version,
                options=valid, seed=self.games.new_seed() if seed is None else seed, host_id=user_id,
                host_name=clean_name(user_name), now=self.games.clock())
        except ChannelBusy:
            current = await self.games.open_game(channel_id)
            title = self.games.engine(current.engine).title
            raise LobbyError(
                f"This channel already has a game of {title} (#{current.id}, {current.status}). "
                "Finish or `/game cancel` it first, or open a new thread for another game.") from None
        return await self.lobby(channel_id, message=f"New {engine.title} lobby opened.", game_id=game_id)

    async def lobby(self, channel_id: str, *, message: str = "", game_id: int | None = None) -> Lobby:
        """The lobby (or running game) of a channel as plain data."""
        game = await self.games.game_by_id(game_id) if game_id is not None else await self.games.open_game(channel_id)
        engine = self.games.engine(game.engine)
        names = [p.name + (" (bot)" if p.is_bot else "") for p in game.players]
        if game.imported:
            message = f"{message} {IMPORTED_NOTE}".strip()
        lobby = Lobby(game.id, game.channel_id, engine.id, engine.title, game.host_id, names,
                      engine.min_players, engine.max_players, game.options, game.status, message)
        seats = max(len(game.players), engine.min_players)
        try:
            lobby.plays = engine.setup_text(seats, engine.validate_options(seats, game.options))
        except OptionError:
            lobby.plays = []  # not a valid table yet (too few players, options that do not fit): nothing to say
        await self.games.hooks.describe_lobby(game, lobby)
        return lobby

    async def _lobby_game(self, channel_id: str) -> GameRow:
        game = await self.games.open_game(channel_id)
        if game.status != "lobby":
            raise LobbyError("The game in this channel has already started.")
        return game

    @staticmethod
    def _still_lobby(game: GameRow) -> None:
        """Re-checked under the game lock: a start or cancel may have come first."""
        if game.status == "running":
            raise LobbyError("The game in this channel has already started.")
        if game.status != "lobby":
            raise LobbyError("This lobby has been closed.")

    @staticmethod
    def _check_host(game: GameRow, user_id: str, is_admin: bool, what: str) -> None:
        if user_id != game.host_id and not is_admin:
            raise NotAllowed(f"Only the host ({host_mention(game.host_id)}) or a server admin can {what}.")

    async def join(self, channel_id: str, user_id: str, name: str) -> Lobby:
        """Join a lobby, or take a vacant seat of a running game."""
        game = await self.games.open_game(channel_id)
        async with self.games.lock(game.id):
            game = await self.games.game_by_id(game.id)
            if game.status not in OPEN_STATUSES:
                raise LobbyError("This game has been closed.")
            if game.seat_of(user_id) is not None or any(p.user_id == user_id for p in game.players):
                raise LobbyError("You are already in this game.")
            if game.status == "running":
                return await self._claim_vacant_seat(game, user_id, name)
            engine = self.games.engine(game.engine)
            if len(game.players) >= engine.max_players:
                raise LobbyError(f"The lobby is full ({engine.max_players} players).")
            await self.storage.add_player(game.id, user_id, clean_name(name), False, self.games.clock())
        return await self.lobby(channel_id, message=f"{clean_name(name)} joined.")

    async def _claim_vacant_seat(self, game: GameRow, user_id: str, name: str) -> Lobby:
        vacant = [p for p in game.players if p.user_id is None and not p.is_bot]
        if not vacant:
            raise LobbyError("This game is already running and has no free seat.")
        await self.storage.claim_seat(game.id, vacant[0].position, user_id, clean_name(name))
        return await self.lobby(game.channel_id, message=f"{clean_name(name)} takes over {vacant[0].name}'s seat.")

    async def leave(self, channel_id: str, user_id: str) -> Lobby | None:
        """Leave a lobby; a host who leaves hands the lobby on (or it closes when empty)."""
        game = await self._lobby_game(channel_id)
        async with self.games.lock(game.id):
            game = await self.games.game_by_id(game.id)
            self._still_lobby(game)
            mine = [p for p in game.players if p.user_id == user_id]
            if not mine:
                raise LobbyError("You are not in this lobby.")
            await self.storage.remove_player(game.id, mine[0].position)
            humans = [p for p in game.players if p.user_id and p.user_id != user_id]
            if not humans:
                await self.storage.set_status(game.id, "cancelled", self.games.clock())
                return None
            if user_id == game.host_id:
                await self.storage.set_host(game.id, humans[0].user_id or "")
        return await self.lobby(channel_id, message=f"{mine[0].name} left.")

    async def add_bot(self, channel_id: str, user_id: str, is_admin: bool = False) -> Lobby:
        """Add a bot seat (host or admin)."""
        game = await self._lobby_game(channel_id)
        self._check_host(game, user_id, is_admin, "add bots")
        engine = self.games.engine(game.engine)
        async with self.games.lock(game.id):
            game = await self.games.game_by_id(game.id)
            self._still_lobby(game)
            if len(game.players) >= engine.max_players:
                raise LobbyError(f"The lobby is full ({engine.max_players} players).")
            number = 1 + sum(p.is_bot for p in game.players)
            await self.storage.add_player(game.id, None, f"Bot {number}", True, self.games.clock())
        return await self.lobby(channel_id, message=f"Bot {number} joined.")

    async def remove_bot(self, channel_id: str, user_id: str, is_admin: bool = False) -> Lobby:
        """Remove the last bot seat (host or admin)."""
        game = await self._lobby_game(channel_id)
        self._check_host(game, user_id, is_admin, "remove bots")
        async with self.games.lock(game.id):
            game = await self.games.game_by_id(game.id)
            self._still_lobby(game)
            bots = [p for p in game.players if p.is_bot]
            if not bots:
                raise LobbyError("There is no bot in this lobby.")
            await self.storage.remove_player(game.id, bots[-1].position)
        return await self.lobby(channel_id, message=f"{bots[-1].name} left.")

    async def set_option(self, channel_id: str, user_id: str, name: str, value: Any,
                         is_admin: bool = False) -> Lobby:
        """Change one lobby option (host or admin)."""
        game = await self._lobby_game(channel_id)
        self._check_host(game, user_id, is_admin, "change options")
        engine = self.games.engine(game.engine)
        async with self.games.lock(game.id):
            game = await self.games.game_by_id(game.id)
            self._still_lobby(game)
            try:
                options = engine.options_schema.validate(check_options({**game.options, name: value}))
            except OptionError as err:
                raise LobbyError(str(err)) from None
            await self.storage.set_options(game.id, options)
        label = engine.options_schema.get(name).label
        return await self.lobby(channel_id, message=f"{label} set to {options[name]}.")

    async def start(self, channel_id: str, user_id: str, is_admin: bool = False) -> Post:
        """Seat the lobby in random order, set the game up and play any opening bot moves."""
        game = await self._lobby_game(channel_id)
        self._check_host(game, user_id, is_admin, "start the game")
        engine = self.games.engine(game.engine)
        async with self.games.lock(game.id):
            game = await self.games.game_by_id(game.id)
            self._still_lobby(game)
            count = len(game.players)
            try:
                state = engine.setup(count, game.seed, game.options)
            except OptionError as err:
                raise LobbyError(str(err)) from None
            order = list(range(count))
            random.Random(game.seed).shuffle(order)
            seats = {p.position: order[i] for i, p in enumerate(game.players)}
            await self.storage.start_game(game.id, seats, state, self.games.clock())
            events = list(state.get("setup_events", []))
            started = await self.games.game_by_id(game.id)
            await self.games.hooks.changed(started)
            game, bot_events, _ = await self.turns.run_bots(started)
        return await self.posts.make_post(game, events + bot_events)

    async def cancel(self, channel_id: str, user_id: str, is_admin: bool = False) -> str:
        """Cancel the open game of a channel (host or admin)."""
        game = await self.games.open_game(channel_id)
        self._check_host(game, user_id, is_admin, "cancel the game")
        async with self.games.lock(game.id):
            if (await self.games.game_by_id(game.id)).status not in OPEN_STATUSES:
                raise LobbyError("This game is already over.")
            await self.storage.set_status(game.id, "cancelled", self.games.clock())
        return f"{self.games.engine(game.engine).title} #{game.id} was cancelled."

    async def import_replay(self, *, guild_id: str | None, channel_id: str, user_id: str,
                            user_name: str, document: dict[str, Any]) -> Post:
        """Open a game from an exported replay; its seats are vacant until players `/game join`."""
        replay = parse_replay(document, self.games.engine)
        busy = "This channel already has a game. Import into another channel or thread."
        if await self.storage.open_game_in_channel(channel_id) is not None:
            raise LobbyError(busy)
        state, rows = await asyncio.get_running_loop().run_in_executor(self.checker, run_replay, replay)
        if await self.storage.open_game_in_channel(channel_id) is not None:
            raise LobbyError(busy)
        names = [clean_name(n) for n in replay.players]
        names += [f"Seat {i + 1}" for i in range(len(names), state["seats"])]
        try:
            game_id = await self.storage.import_game(
                guild_id=guild_id, channel_id=channel_id, host_id=user_id, state=state, names=names,
                actions=rows, now=self.games.clock())
        except ChannelBusy:  # a game was opened here since the check above
            raise LobbyError(busy) from None
        game = await self.games.game_by_id(game_id)
        note = f"Replay imported by {clean_name(user_name)}. {IMPORTED_NOTE}"
        return await self.posts.make_post(game, [{"text": note, "to": None}], history=False)
