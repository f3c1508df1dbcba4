"""Extension points: other parts of the host (deadlines, reminders, leagues) react to game changes
without the move path knowing them."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from .models import GameRow
from .results import Lobby, Post

log = logging.getLogger("turnkeeper.service")
Hook = Callable[[GameRow], Awaitable[object]]
PostHook = Callable[[GameRow, Post], Awaitable[None]]
MoveHook = Callable[[GameRow, int], Awaitable[object]]
LobbyHook = Callable[[GameRow, Lobby], Awaitable[None]]


@dataclass
class GameHooks:
    """Async callbacks run after a state change is committed (inside the game's lock).

    ``on_change`` runs after the game starts and after every committed action (bots included);
    ``on_finish`` runs once when a game ends; ``on_post`` may add to every public post (e.g. deadlines);
    ``on_move`` runs after a player's own move with their seat (e.g. to end a stand-in bot's turn);
    ``on_lobby`` may add lines to the lobby message (e.g. the pace).
    An ``on_change`` hook that ends the game itself (a league duel lost to timeout strikes) returns True.
    A failing hook is logged and never undoes the move.
    """

    on_change: list[Hook] = field(default_factory=list)
    on_finish: list[Hook] = field(default_factory=list)
    on_post: list[PostHook] = field(default_factory=list)
    on_move: list[MoveHook] = field(default_factory=list)
    on_lobby: list[LobbyHook] = field(default_factory=list)

    async def describe_lobby(self, game: GameRow, lobby: Lobby) -> None:
        """Let the lobby hooks add their lines (``lobby.notes``)."""
        for hook in self.on_lobby:
            try:
                await hook(game, lobby)
            except Exception:  # the lobby shows without the extra line
                log.exception("lobby hook %s failed for game %s", getattr(hook, "__name__", hook), game.id)

    async def moved(self, game: GameRow, seat: int) -> None:
        """Run the hooks for a move a player made themselves."""
        for hook in self.on_move:
            try:
                await hook(game, seat)
            except Exception:  # the move is committed; a hook must not break it
                log.exception("move hook %s failed for game %s", getattr(hook, "__name__", hook), game.id)

    async def decorate(self, game: GameRow, post: Post) -> None:
        """Let the post hooks add to a public post."""
        for hook in self.on_post:
            try:
                await hook(game, post)
            except Exception:  # a post must go out even if a decoration fails
                log.exception("post hook %s failed for game %s", getattr(hook, "__name__", hook), game.id)

    async def changed(self, game: GameRow) -> bool:
        """Run the hooks for a committed change of ``game``; True when a hook ended the game."""
        ended = False
        for hook in self.on_change:
            ended |= await _safely(hook, game) is True
        if game.status == "finished":
            for hook in self.on_finish:
                await _safely(hook, game)
        return ended


async def _safely(hook: Hook, game: GameRow) -> object:
    try:
        return await hook(game)
    except Exception:  # the move is committed; a hook must not break it
        log.exception("hook %s failed for game %s", getattr(hook, "__name__", hook), game.id)
        return None
