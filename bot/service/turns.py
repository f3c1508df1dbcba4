"""Committing actions (with the change hooks) and letting bot seats act.

Each commit also records whether it completed its mover's *decision* (:func:`ends_decision`), for the
change hooks that run right after it: the deadlines restart a seat's clock and a timeout stops playing
for a seat exactly there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.core import Action, Engine
from engines.core.moments import QUIET, simultaneous, turn_kind

from .errors import StaleRequest
from .games import Games
from .models import GameRow
from .storage import DuplicateInteraction, StaleVersion


def ends_decision(engine: Engine, before: dict[str, Any], after: dict[str, Any], seat: int, action: Action,
                  events: list[dict[str, Any]]) -> bool:
    """Is ``seat``'s decision complete once it played ``action``? Yes unless the action is a quiet step of its
    own turn (``engines.core.moments.turn_kind``: a sub-prompt, an undoable or self-revealing step); entering a
    simultaneous phase is a new decision too (a solo game's next round)."""
    if turn_kind(engine, before, after, seat, action, events) != QUIET:
        return True
    old = (before.get("stack") or [{}])[-1].get("step")
    new = (after.get("stack") or [{}])[-1].get("step")
    return new is not None and new != old and simultaneous(engine, new)


@dataclass(frozen=True)
class Commit:
    """The last action committed in a game, as the change hooks that follow it see it."""

    version: int
    """The game's version after the action."""
    seat: int
    ended: bool
    """The action completed its mover's decision (:func:`ends_decision`)."""


class Turns:
    """Every action reaches the storage here; bots play up to ``max_bot_moves`` in a row."""

    def __init__(self, games: Games, max_bot_moves: int = 2000) -> None:
        self.games = games
        self.max_bot_moves = max_bot_moves
        self._last: dict[int, Commit] = {}

    def last_commit(self, game: GameRow) -> Commit | None:
        """The commit that made ``game``'s current version in this process (None: none seen since start)."""
        commit = self._last.get(game.id)
        return commit if commit is not None and commit.version == game.version else None

    async def commit(self, game: GameRow, seat: int, action: Action, state: dict[str, Any],
                     events: list[dict[str, Any]], user_id: str | None, interaction_id: str | None) -> GameRow:
        """Store one applied action (the caller holds the game lock), run the change hooks and return
        the fresh game; a concurrent or repeated request is refused."""
        try:
            await self.games.storage.commit_action(
                game.id, expected_version=game.version, state=state, seat=seat, action=str(action),
                user_id=user_id, interaction_id=interaction_id, events=events,
                result=state["result"], now=self.games.clock())
        except StaleVersion:
            raise StaleRequest("Someone else moved first; look at the new board and try again.") from None
        except DuplicateInteraction:
            raise StaleRequest("This request was already handled.") from None
        fresh = await self.games.game_by_id(game.id)
        engine = self.games.engine(game.engine)
        ended = ends_decision(engine, game.state or {}, state, seat, action, events)
        self._last[game.id] = Commit(fresh.version, seat, ended)
        if await self.games.hooks.changed(fresh):  # a hook ended the game (bots stop here)
            fresh = await self.games.game_by_id(game.id)
        return fresh

    async def run_bots(self, game: GameRow) -> tuple[GameRow, list[dict[str, Any]], int]:
        """Let bot seats act while they are active (the caller holds the game lock)."""
        engine = self.games.engine(game.engine)
        events: list[dict[str, Any]] = []
        moves = 0
        while game.status == "running" and moves < self.max_bot_moves:
            assert game.state is not None
            bots = [s for s in engine.active(game.state) if (p := game.player_at(s)) and p.is_bot]
            if not bots:
                break
            seat = bots[0]
            action = engine.bot_action(game.state, seat)
            state, new_events = engine.apply(game.state, seat, action)
            game = await self.commit(game, seat, action, state, new_events, None, None)
            events += new_events
            moves += 1
        return game, events, moves
