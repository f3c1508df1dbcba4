"""The public message of a game's state: its text, its board image (drawn off the event loop), and the
decision whether a board still needs posting at all (one post per turn, never the same image twice)."""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from typing import Any

from engines.core import Engine
from engines.core.moments import BOARD
from render import render_images

from .games import Games
from .models import GameRow
from .naming import fill, seat_names, visible
from .outcome import result_text, scores_text
from .results import Post

Images = list[tuple[str, bytes]]
Renderer = Callable[[str, dict[str, Any]], bytes | Images]
"""``renderer(engine_id, view)``: the board's PNG, or every image of the post (the board first) with titles."""
SUMMARY_LINES = 24
"""Most lines of a turn a board post lists, the newest (a longer turn says how many earlier lines `/log` has)."""


def default_renderer(engine_id: str, view: dict[str, Any]) -> Images:
    """Draw a view with the game's renderer (the generic one if it has none), and the images that go with
    it (the robots' boards of Stress Botics)."""
    return render_images(engine_id, view)


class Posts:
    """Builds posts and views; draws boards with ``renderer`` (None: no images) in ``executor``."""

    def __init__(self, games: Games, renderer: Renderer | None = default_renderer,
                 executor: Executor | None = None) -> None:
        self.games = games
        self.renderer = renderer
        self.executor = executor
        self._last_image: dict[int, str] = {}
        """Game → digest of the last board image posted (an identical board is not attached again)."""
        self._publishing: dict[int, int] = {}
        """Game → the board version the adapter is sending (``outgoing`` returned it; ``posted`` not yet)."""
        self._quiet_behind: dict[int, int] = {}
        """Game → the latest quiet version committed while that board was still being published."""

    async def images(self, engine_id: str, view: dict[str, Any]) -> Images:
        """Every image of a view, the board first, rendered off the event loop (CPU-heavy work never blocks
        it); none without a renderer."""
        if self.renderer is None:
            return []
        loop = asyncio.get_running_loop()
        drawn = await loop.run_in_executor(self.executor, self.renderer, engine_id, view)
        return [("", bytes(drawn))] if isinstance(drawn, bytes | bytearray) else list(drawn)

    async def render(self, engine_id: str, view: dict[str, Any]) -> bytes | None:
        """The view's main image (see :meth:`images`)."""
        drawn = await self.images(engine_id, view)
        return drawn[0][1] if drawn else None

    async def _draw(self, post: Post, engine_id: str, view: dict[str, Any]) -> None:
        """Attach the board and the images that go with it to ``post``."""
        drawn = await self.images(engine_id, view)
        post.image = drawn[0][1] if drawn else None
        post.more_images = drawn[1:]

    async def _since_board(self, game: GameRow) -> list[Any]:
        """The log rows after the last board post: the log's tail, not the whole log (a long game would
        read every row again for every post)."""
        storage, after = self.games.storage, game.board_version
        limit = max(1, game.version - after) + 8
        recent = await storage.recent_actions(game.id, limit)
        if len(recent) == limit and recent[0].n > after + 1:  # rows may lie before the tail: read them all
            recent = await storage.actions(game.id)
        return [r for r in recent if r.n > after]

    def view_for(self, game: GameRow, seat: int | None) -> dict[str, Any]:
        """The engine's view for ``seat`` plus the players' names (public host information)."""
        assert game.state is not None
        names = seat_names(game)
        view = self.games.engine(game.engine).view(game.state, seat)
        view["seat_names"] = [names.get(s, f"Seat {s + 1}") for s in range(game.state["seats"])]
        return view

    async def make_post(self, game: GameRow, events: list[dict[str, Any]], *, image: bool = True,
                        mover: str | None = None, kind: str = BOARD, history: bool = True) -> Post:
        """The public message for a game's current state.

        ``events`` are those of the change just made; with ``history`` the summary lists every public
        event since the last board message instead (the whole turn). ``mover`` (the user who just
        acted) is never pinged; a ``kind`` other than ``board`` is a status edit or nothing public."""
        assert game.state is not None
        engine = self.games.engine(game.engine)
        names = seat_names(game)
        state = game.state
        if history and game.version > 0:
            rows = await self._since_board(game)
            events = [e for r in rows for e in r.events] or events
        active = engine.active(state)
        users = [p.user_id for s in active if (p := game.player_at(s)) and p.user_id and not p.is_bot]
        public = [fill(e["text"], names) for e in events if visible(e, None)]
        result = engine.outcome(state)
        actors = engine.actors(state)
        finished = result is not None
        view = self.view_for(game, None)
        seated = [p.user_id for p in game.players if p.seat is not None and p.user_id and not p.is_bot]
        post = Post(
            game_id=game.id, channel_id=game.channel_id, title=engine.title,
            summary="\n".join(_summary(public)), prompt=fill(engine.prompt(state, None), names),
            version=game.version, active_users=users, finished=finished,
            result_text=result_text(result, names, actors) if result else "",
            scores="" if result else scores_text(engine.scores(state), names, actors),
            kind=kind, mentions=list(dict.fromkeys(seated)) if finished else [u for u in users if u != mover],
            waiting="" if finished else waiting_line(engine, state, active, names),
            footer=footer_text(view, active, names, game.turns + (kind == BOARD), finished),
        )
        post.alt_text = alt_text(post, public)
        await self.games.hooks.decorate(game, post)
        if image and kind == BOARD:
            await self._draw(post, game.engine, view)
        return post

    async def outgoing(self, post: Post) -> Post | None:
        """``post`` ready to send, or None when it need not be sent: that version (or a newer one) is
        already posted, or its image was left to draw and a newer move has since replaced the board
        (that move's own post shows it). A missing image is drawn here; an image identical to the last
        one posted is dropped (the post goes out as text)."""
        game = await self.games.game_by_id(post.game_id)
        if game.board_message_id is not None and game.posted_version >= post.version:
            return None
        if post.image is None and self.renderer is not None:
            if game.version != post.version:
                return None
            await self._draw(post, game.engine, self.view_for(game, None))
        if post.image is not None and self._last_image.get(post.game_id) == _digest(post):
            post.image, post.more_images = None, []
        self._publishing[post.game_id] = post.version
        return post

    async def posted(self, post: Post, message_id: str | None) -> None:
        """The adapter sent ``post`` (as a new board message when ``message_id`` is given); quiet moves
        made while it was on its way are public with it."""
        if post.image is not None:
            self._last_image[post.game_id] = _digest(post)
        await self.games.storage.mark_posted(post.game_id, post.version, message_id)
        if self._publishing.get(post.game_id) == post.version:
            del self._publishing[post.game_id]
            if (quiet := self._quiet_behind.pop(post.game_id, None)) is not None:
                await self.games.storage.mark_posted(post.game_id, quiet, None)

    def publishing(self, game_id: int) -> int | None:
        """The board version of ``game_id`` on its way to the channel, if any."""
        return self._publishing.get(game_id)

    async def settle_quiet(self, game: GameRow, published: bool) -> None:
        """A quiet move (nothing new for the channel) was committed as ``game.version``: it counts as posted
        now when every earlier change is public (``published``), else once the board on its way lands."""
        if published:
            await self.games.storage.mark_posted(game.id, game.version, None)
        else:
            self._quiet_behind[game.id] = game.version


def waiting_line(engine: Engine, state: dict[str, Any], active: list[int], names: Mapping[int, str]) -> str:
    """"Waiting for Alice: program your command" — the seat's own prompt only when it is public."""
    if not active:
        return ""
    who = and_list([names.get(s, f"Seat {s + 1}") for s in active])
    prompts = {engine.public_prompt(state, s) for s in active}
    if len(prompts) == 1 and (prompt := prompts.pop()):
        return f"Waiting for {who}: {fill(prompt, dict(names))}"
    return f"Waiting for {who}."


def footer_text(view: dict[str, Any], active: list[int], names: Mapping[int, str], turn: int,
                finished: bool) -> str:
    """"Round 3 · Alice's turn": the view's round when it has one, else the turn (board posts) count."""
    table = view.get("table") or {}
    rnd = table.get("round")
    count = f"Round {rnd}" if isinstance(rnd, int) and not isinstance(rnd, bool) else f"Turn {max(turn, 1)}"
    if finished:
        return f"{count} · game over"
    who = [names.get(s, f"Seat {s + 1}") for s in active]
    whose = f"{who[0]}'s turn" if len(who) == 1 else f"{and_list(who)} to move" if who else "waiting"
    return f"{count} · {whose}"


def alt_text(post: Post, public: list[str]) -> str:
    """The board image's description, in a sentence or three: whose turn, scores, the last move."""
    parts = [f"{post.title} board, {post.footer.replace(' · ', ', ')}."]
    if post.finished:
        parts.append(f"Game over. {post.result_text}.")
    else:
        if post.waiting:
            parts.append(post.waiting.rstrip(".") + ".")
        if post.scores:
            parts.append(f"Scores: {post.scores}.")
    if public:
        parts.append(f"Last move: {public[-1].rstrip('.')}.")
    return " ".join(parts)[:1000]


def and_list(items: list[str]) -> str:
    """"Alice", "Alice and Bob", "Alice, Bob and Carol"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1] if items else ""


def _digest(post: Post) -> str:
    """One digest of a post's images (the board and those that go with it)."""
    h = hashlib.sha256(post.image or b"")
    for title, data in post.more_images:
        h.update(title.encode() + b"\0" + hashlib.sha256(data).digest())
    return h.hexdigest()


def _summary(lines: list[str]) -> list[str]:
    """The turn's public lines for its post: all of them, or the latest with a note of the rest."""
    if len(lines) <= SUMMARY_LINES:
        return lines
    earlier = len(lines) - SUMMARY_LINES + 1
    return [f"… {earlier} earlier lines of this turn are in `/log`.", *lines[earlier:]]
