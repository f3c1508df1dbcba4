"""The game service: lobby, turns, views and replays over a Storage, with no Discord in sight.

Adapters (Discord, the terminal sandbox, tests) pass plain ids and names and receive the plain
results of ``results.py``. Every state change is committed before anything is returned, so an
adapter that fails to post loses nothing (``posted_version`` tells what still needs posting).
"""

from __future__ import annotations

import asyncio
import difflib
import secrets
import time
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

import engines
from engines.core import Action, Engine, IllegalAction

from .errors import IllegalMove, NoGame, NotAllowed
from .hooks import GameHooks
from .lobby import LobbyMixin
from .models import GameRow
from .moves import MovesMixin
from .naming import fill, seat_names, visible
from .reading import ReadingMixin
from .results import Choice, Post
from .storage import Storage

Renderer = Callable[[str, dict[str, Any]], bytes]


def default_renderer(engine_id: str, view: dict[str, Any]) -> bytes:
    """Draw a view with the game's renderer (the generic one if it has none)."""
    from render import render_view

    return render_view(engine_id, view)


class GameService(LobbyMixin, MovesMixin, ReadingMixin):
    """Every game operation the adapters need."""

    def __init__(self, storage: Storage, *, renderer: Renderer | None = default_renderer,
                 clock: Callable[[], float] = time.time, executor: Executor | None = None,
                 max_bot_moves: int = 2000) -> None:
        self.storage = storage
        self.renderer = renderer
        self.clock = clock
        self.executor = executor
        self.max_bot_moves = max_bot_moves
        self._locks: dict[int, asyncio.Lock] = {}
        self.hooks = GameHooks()

    # -- shared helpers ---------------------------------------------------------------------
    def lock(self, game_id: int) -> asyncio.Lock:
        """The per-game lock every state change takes."""
        return self._locks.setdefault(game_id, asyncio.Lock())

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

    async def render(self, engine_id: str, view: dict[str, Any]) -> bytes | None:
        """Render off the event loop (CPU-heavy work never blocks it)."""
        if self.renderer is None:
            return None
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, self.renderer, engine_id, view)

    def choices_for(self, game: GameRow, seat: int) -> list[Choice]:
        """The seat's legal actions with their labels (names filled in)."""
        assert game.state is not None
        engine = self.engine(game.engine)
        names = seat_names(game)
        return [Choice(str(a), fill(engine.label(game.state, seat, a), names))
                for a in engine.legal_actions(game.state, seat)]

    def resolve_action(self, game: GameRow, seat: int, text: str) -> Action:
        """Turn typed text (an action id or a label) into a legal action, or explain."""
        choices = self.choices_for(game, seat)
        wanted = text.strip()
        for choice in choices:
            if wanted == choice.action:
                return Action.parse(choice.action)
        folded = wanted.casefold()
        exact = [c for c in choices if c.label.casefold() == folded]
        partial = exact or [c for c in choices if folded and folded in c.label.casefold()]
        if len(partial) == 1:
            return Action.parse(partial[0].action)
        close = difflib.get_close_matches(folded, [c.label.casefold() for c in choices], n=5, cutoff=0.3)
        hints = [c for c in choices if c.label.casefold() in close] or partial[:5] or choices[:5]
        reason = "matches several moves" if len(partial) > 1 else "is not a legal move now"
        raise IllegalMove(f"“{_clip(wanted)}” {reason}.", alternatives=[(c.action, c.label) for c in hints])

    def illegal(self, game: GameRow, seat: int, err: IllegalAction) -> IllegalMove:
        """An engine refusal as a user-facing error with labelled alternatives."""
        names = seat_names(game)
        labels = {c.action: c.label for c in self.choices_for(game, seat)}
        alternatives = [(a, labels.get(a, a)) for a in err.alternatives[:5]]
        return IllegalMove(fill(err.message, names), alternatives=alternatives)

    async def make_post(self, game: GameRow, events: list[dict[str, Any]], *, image: bool = True) -> Post:
        """The public message for a game's current state."""
        assert game.state is not None
        engine = self.engine(game.engine)
        names = seat_names(game)
        state = game.state
        active = engine.active(state)
        users = [p.user_id for s in active if (p := game.player_at(s)) and p.user_id]
        public = [fill(e["text"], names) for e in events if visible(e, None)]
        result = engine.outcome(state)
        post = Post(
            game_id=game.id, channel_id=game.channel_id, title=engine.title,
            summary="\n".join(public[-12:]), prompt=fill(engine.prompt(state, None), names),
            version=game.version, active_users=users, finished=result is not None,
            result_text=result_text(result, names) if result else "",
        )
        await self.hooks.decorate(game, post)
        if image:
            post.image = await self.render(game.engine, self.view_for(game, None))
        return post

    def view_for(self, game: GameRow, seat: int | None) -> dict[str, Any]:
        """The engine's view for ``seat`` plus the players' names (public host information)."""
        assert game.state is not None
        names = seat_names(game)
        view = self.engine(game.engine).view(game.state, seat)
        view["seat_names"] = [names.get(s, f"Seat {s + 1}") for s in range(game.state["seats"])]
        return view


def result_text(result: dict[str, Any], names: dict[int, str]) -> str:
    """"Winner: Alice — Alice 12, Bob 9 (most points)". Score keys that are not seats (e.g. an Automa
    opponent) are shown by their own name; with no seated winner, no player won."""
    winners = [names.get(s, f"Seat {s + 1}") for s in result.get("winners", [])]
    head = ("Winner: " if len(winners) == 1 else "Winners: ") + " & ".join(winners) if winners \
        else "No player wins"
    scores = result.get("scores") or {}
    if scores:
        head += " — " + ", ".join(f"{_scorer(s, names)} {v}" for s, v in scores.items())
    reason = result.get("reason")
    return f"{head} ({reason})" if reason else head


def _scorer(key: Any, names: dict[int, str]) -> str:
    """A score key's display name: a seat's player, else the engine's own name (e.g. "Automa black")."""
    text = str(key)
    if text.lstrip("-").isdigit():
        return names.get(int(text), f"Seat {int(text) + 1}")
    return text


def _clip(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
