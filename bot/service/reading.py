"""Read-only requests: status, board, private view, log, export, rebuild."""

from __future__ import annotations

import asyncio
from typing import Any

from engines.core import export_replay, verify

from .boardtext import board_text
from .errors import NotAllowed
from .games import Games
from .models import GameRow
from .naming import fill, seat_names, visible
from .posts import Posts
from .results import Post, PrivateView


class Reading:
    """Everything that reads a game without changing it."""

    def __init__(self, games: Games, posts: Posts) -> None:
        self.games = games
        self.posts = posts
        self.storage = games.storage

    async def status(self, channel_id: str) -> Post:
        """Where the channel's running game stands (no image)."""
        game = await self.games.running_or_last(channel_id)
        return await self.posts.make_post(game, [], image=False)

    async def board(self, channel_id: str) -> Post:
        """The public board image and status of the channel's game."""
        game = await self.games.running_or_last(channel_id)
        return await self.posts.make_post(game, [])

    async def board_text(self, channel_id: str) -> str:
        """The position of the channel's game as text (``/board text``)."""
        game = await self.games.running_or_last(channel_id)
        post = await self.posts.make_post(game, [], image=False)
        return board_text(post, self.posts.view_for(game, None))

    async def board_of(self, game_id: int) -> Post:
        """The public board of a game by id (posting and reconciliation)."""
        game = await self.games.game_by_id(game_id)
        actions = await self.storage.recent_actions(game.id, 1)
        return await self.posts.make_post(game, actions[-1].events if actions else [])

    async def hand(self, channel_id: str, user_id: str) -> PrivateView:
        """Everything only the caller's seat may see, as text and an image."""
        game = await self.games.running_game(channel_id)
        seat = self.games.seat_of(game, user_id)
        engine = self.games.engine(game.engine)
        assert game.state is not None
        view = self.posts.view_for(game, seat)
        names = seat_names(game)
        lines = await self._log_lines(game, seat, 10, private_only=True)
        text = f"**{engine.title}** — you are {names.get(seat, seat)}.\n{fill(view['prompt'], names)}"
        secrets = private_lines(view["table"], engine.view(game.state, None)["table"])
        if secrets:
            text += "\n" + "\n".join(secrets)
        return PrivateView(game.id, seat, text, await self.posts.render(game.engine, view), lines)

    async def log(self, channel_id: str, user_id: str, count: int = 20) -> list[str]:
        """The last ``count`` log lines the caller may read (spectators get the public log)."""
        game = await self.games.running_or_last(channel_id)
        return await self._log_lines(game, game.seat_of(user_id), max(1, min(count, 200)))

    async def _log_lines(self, game: GameRow, seat: int | None, count: int, private_only: bool = False) -> list[str]:
        """The last ``count`` lines ``seat`` may read, reading the log backwards page by page (only as
        much of a long game's log as the answer shows)."""
        names = seat_names(game)
        lines: list[str] = []
        page, before = max(count, 20), None
        while len(lines) < count:
            rows = await self.storage.recent_actions(game.id, page, before)
            batch = [(row.n, row.events) for row in rows]
            started = len(rows) < page
            if started:
                batch.insert(0, (0, (game.state or {}).get("setup_events", [])))
            lines = [f"`{n:>3}` {fill(event['text'], names)}" for n, events in batch for event in events
                     if visible(event, seat) and (not private_only or event.get("to"))] + lines
            if started:
                break
            before, page = rows[0].n, page * 2
        return lines[-count:]

    async def export(self, *, channel_id: str | None = None, game_id: int | None = None) -> dict[str, Any]:
        """A replay document of the game (seed + action log), safe to share after the game."""
        games = self.games
        game = await games.game_by_id(game_id) if game_id is not None else await games.running_or_last(channel_id or "")
        if game.status != "finished":
            raise NotAllowed("The replay can be exported once the game has ended: it contains the seed, which "
                             "would reveal hidden cards and future draws.")
        assert game.state is not None
        actions = [(row.seat, row.action) for row in await self.storage.actions(game.id)]
        names = seat_names(game)
        return export_replay(game.state, actions, players=[names.get(s, f"Seat {s + 1}")
                                                           for s in range(game.state["seats"])],
                             title=self.games.engine(game.engine).title, game_id=game.id)

    async def rebuild(self, game_id: int) -> dict[str, Any]:
        """Replay a stored game from its log and check it equals the stored state."""
        game = await self.games.game_by_id(game_id)
        assert game.state is not None
        actions = [(row.seat, row.action) for row in await self.storage.actions(game.id)]
        return await asyncio.to_thread(verify, self.games.engine(game.engine), game.state, actions)  # CPU-bound

    async def mark_posted(self, game_id: int, version: int, message_id: str | None = None) -> None:
        """The adapter posted the board of ``version``."""
        await self.storage.mark_posted(game_id, version, message_id)


def private_lines(mine: dict[str, Any], public: dict[str, Any], limit: int = 12) -> list[str]:
    """What only this seat sees, in the game's words (text for /hand): the engine's ``private_text``
    sentences when the view has them, else each private part of the view as a plain line."""
    if isinstance(mine.get("private_text"), list):
        return [str(line) for line in mine["private_text"]][:limit]
    lines = []
    for key, value in mine.items():
        if key in public and public[key] == value:
            continue
        shown = plain_value(value)
        lines.append(f"{key.replace('_', ' ').capitalize()}: {shown if len(shown) <= 300 else shown[:299] + '…'}")
    return lines[:limit]


def plain_value(value: Any) -> str:
    """A view value without JSON punctuation: lists joined by commas, dicts as ``name value`` pairs."""
    if isinstance(value, dict):
        return ", ".join(f"{str(k).replace('_', ' ')} {plain_value(v)}" for k, v in value.items()) or "none"
    if isinstance(value, list):
        return ", ".join(plain_value(v) for v in value) or "none"
    if value is None:
        return "hidden"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
