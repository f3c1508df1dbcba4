"""The public message of a game's state: its text, its board image (drawn off the event loop), and the
decision whether a board still needs posting at all."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

from render import render_view

from .games import Games
from .models import GameRow
from .naming import fill, seat_names, visible
from .outcome import result_text, scores_text
from .results import Post

Renderer = Callable[[str, dict[str, Any]], bytes]


def default_renderer(engine_id: str, view: dict[str, Any]) -> bytes:
    """Draw a view with the game's renderer (the generic one if it has none)."""
    return render_view(engine_id, view)


class Posts:
    """Builds posts and views; draws boards with ``renderer`` (None: no images) in ``executor``."""

    def __init__(self, games: Games, renderer: Renderer | None = default_renderer,
                 executor: Executor | None = None) -> None:
        self.games = games
        self.renderer = renderer
        self.executor = executor

    async def render(self, engine_id: str, view: dict[str, Any]) -> bytes | None:
        """Render off the event loop (CPU-heavy work never blocks it)."""
        if self.renderer is None:
            return None
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, self.renderer, engine_id, view)

    def view_for(self, game: GameRow, seat: int | None) -> dict[str, Any]:
        """The engine's view for ``seat`` plus the players' names (public host information)."""
        assert game.state is not None
        names = seat_names(game)
        view = self.games.engine(game.engine).view(game.state, seat)
        view["seat_names"] = [names.get(s, f"Seat {s + 1}") for s in range(game.state["seats"])]
        return view

    async def make_post(self, game: GameRow, events: list[dict[str, Any]], *, image: bool = True) -> Post:
        """The public message for a game's current state."""
        assert game.state is not None
        engine = self.games.engine(game.engine)
        names = seat_names(game)
        state = game.state
        users = [p.user_id for s in engine.active(state) if (p := game.player_at(s)) and p.user_id]
        public = [fill(e["text"], names) for e in events if visible(e, None)]
        result = engine.outcome(state)
        actors = engine.actors(state)
        post = Post(
            game_id=game.id, channel_id=game.channel_id, title=engine.title,
            summary="\n".join(public[-12:]), prompt=fill(engine.prompt(state, None), names),
            version=game.version, active_users=users, finished=result is not None,
            result_text=result_text(result, names, actors) if result else "",
            scores="" if result else scores_text(engine.scores(state), names, actors),
        )
        await self.games.hooks.decorate(game, post)
        if image:
            post.image = await self.render(game.engine, self.view_for(game, None))
        return post

    async def outgoing(self, post: Post) -> Post | None:
        """``post`` ready to send, or None when it need not be sent: that version (or a newer one) is
        already posted, or its image was left to draw and a newer move has since replaced the board
        (that move's own post shows it). A missing image is drawn here."""
        game = await self.games.game_by_id(post.game_id)
        if game.board_message_id is not None and game.posted_version >= post.version:
            return None
        if post.image is None and self.renderer is not None:
            if game.version != post.version:
                return None
            post.image = await self.render(game.engine, self.view_for(game, None))
        return post
