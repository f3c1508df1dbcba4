"""Watchable replays (issue 20): a game's public history as one animated image, for running games too.

Frames come from ``engines.core.history`` (replayed from seed + log, drawn from the spectator's view only, so a
replay can never show a hand); they are drawn off the event loop and cached per game version.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from engines.core.history import Frame, public_frames
from render.replay import DISCORD_LIMIT, Animation, Still, animate, stills

from .errors import NotAllowed
from .games import Games
from .models import GameRow
from .naming import seat_names
from .posts import Posts

CACHE_SIZE = 16


@dataclass(frozen=True)
class ReplayFile:
    """An animated replay ready to upload, and the message that goes with it."""

    data: bytes
    filename: str
    text: str


class Replays:
    """``/game replay`` and "Since your last turn"."""

    def __init__(self, games: Games, posts: Posts, max_bytes: int = DISCORD_LIMIT) -> None:
        self.games, self.posts, self.max_bytes = games, posts, max_bytes
        self._cache: OrderedDict[tuple[Any, ...], ReplayFile] = OrderedDict()

    async def replay(self, channel_id: str, user_id: str | None = None, start: int | None = None,
                     end: int | None = None, *, since_last: bool = False, game_id: int | None = None) -> ReplayFile:
        """Turns ``start``–``end`` (0 = the start; default: all) of the channel's game (or game ``game_id``), or
        with ``since_last`` the turns since ``user_id``'s last move."""
        game = await self.games.game_by_id(game_id) if game_id is not None else \
            await self.games.running_or_last(channel_id)
        if game.state is None or game.status not in ("running", "finished"):
            raise NotAllowed("This game has not started yet: there is nothing to replay.")
        if self.posts.renderer is None:
            raise NotAllowed("This bot draws no images, so it cannot show replays.")
        rows = await self.games.storage.actions(game.id)
        last = None
        if since_last:
            seat = self.games.seat_of(game, user_id or "")
            mine = [r.n for r in rows if r.seat == seat]
            last = mine[-1] if mine else 0
        key = (game.id, game.version, start, end, last)
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key]
        frames = await asyncio.to_thread(self._frames, game, [(r.seat, r.action) for r in rows])
        chosen = _choose(frames, start, end, last)
        names = seat_names(game)
        drawn = stills(frames, chosen, names, game.state["seats"])
        loop = asyncio.get_running_loop()
        anim: Animation = await loop.run_in_executor(self.posts.executor, _animate, game.engine, drawn,
                                                     self.max_bytes)
        title = self.games.engine(game.engine).title
        first, final = chosen[0], chosen[-1]
        span = f"turn {final}" if first == final else f"turns {first}–{final}"
        text = f"**{title}** · game #{game.id} · {span} of {len(frames) - 1}"
        if since_last:
            text += " · since your last move"
        if anim.note:
            text += f"\n{anim.note}."
        result = ReplayFile(anim.data, f"game-{game.id}-replay.{anim.format}", text)
        self._cache[key] = result
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
        return result

    def _frames(self, game: GameRow, actions: list[tuple[int, str]]) -> list[Frame]:
        assert game.state is not None
        state = game.state
        engine = self.games.engine(game.engine)
        if state["engine_version"] < engine.oldest_version:  # the game goes on, but its start cannot be rebuilt
            raise NotAllowed(f"This game began under {engine.title}'s rules version {state['engine_version']}, "
                             "which can no longer be replayed from its start; it goes on from its saved position "
                             "under the current rules.")
        return public_frames(engine, state["seats"], state["seed"], state["options"], actions,
                             state["engine_version"])


def _choose(frames: list[Frame], start: int | None, end: int | None, last: int | None) -> list[int]:
    """Indices of the frames asked for; refuses an empty or impossible range in the players' words."""
    total = len(frames) - 1
    if last is not None:
        after = [i for i, f in enumerate(frames) if f.n > last]
        if not after:
            raise NotAllowed("Nothing has happened since your last move.")
        return [after[0] - 1, *after]  # the position you left, then what changed
    lo = 0 if start is None else start
    hi = total if end is None else end
    if not 0 <= lo <= hi <= total:
        raise NotAllowed(f"Choose turns from 0 to {total} (0 is the start), with `from` not after `to`.")
    return list(range(lo, hi + 1))


def _animate(game_id: str, stills: list[Still], max_bytes: int) -> Animation:
    """Module level, so a process pool can run it."""
    return animate(game_id, stills, max_bytes=max_bytes)
