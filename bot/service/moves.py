"""Moves: play (by id or label), undo, waiting bots after a restart, the turn panel and autocomplete choices."""

from __future__ import annotations

from typing import Any

from engines.core import UNDO, Action, Engine, IllegalAction
from engines.core.moments import BOARD, turn_kind

from .choices import choices_for, illegal, resolve_action
from .errors import IllegalMove, NotAllowed, StaleRequest
from .games import Games
from .models import GameRow
from .naming import fill, seat_names, visible
from .posts import Posts
from .results import Choice, MoveResult, Panel
from .turns import Turns

AUTOCOMPLETE_LIMIT = 25
UNDO_LABEL = "Undo your last action"


class Moves:
    """A player's moves and what they see of their turn."""

    def __init__(self, games: Games, turns: Turns, posts: Posts) -> None:
        self.games = games
        self.turns = turns
        self.posts = posts

    async def choices(self, channel_id: str, user_id: str, query: str = "") -> list[Choice]:
        """Autocomplete: the caller's legal actions whose label or id contains ``query`` (≤ 25)."""
        game = await self.games.storage.open_game_in_channel(channel_id)
        if game is None or game.status != "running" or (seat := game.seat_of(user_id)) is None:
            return []
        folded = query.strip().casefold()
        found = [c for c in choices_for(self.games.engine(game.engine), game, seat)
                 if not folded or folded in c.label.casefold() or folded in c.action.casefold()]
        if self.games.engine(game.engine).can_undo(game.state or {}, seat) and (
                not folded or folded in UNDO_LABEL.casefold() or folded in str(UNDO)):
            found.append(Choice(str(UNDO), UNDO_LABEL))
        return found[:AUTOCOMPLETE_LIMIT]

    async def panel(self, game_id: int, user_id: str) -> Panel:
        """The caller's turn panel for a game (prompt, choices, undo)."""
        game = await self.games.game_by_id(game_id)
        if game.status != "running":
            raise StaleRequest("This game is not running any more.")
        seat = self.games.seat_of(game, user_id)
        engine = self.games.engine(game.engine)
        assert game.state is not None
        names = seat_names(game)
        if seat not in engine.active(game.state):
            waiting = f"It is not your turn. {fill(engine.prompt(game.state, seat), names)}"
            if not engine.free_actions(game.state, seat):
                raise NotAllowed(waiting)
            return Panel(game.id, game.version, seat, f"{waiting} At any time you may:",
                         choices_for(engine, game, seat), False)
        return Panel(game.id, game.version, seat, fill(engine.prompt(game.state, seat), names),
                     choices_for(engine, game, seat), engine.can_undo(game.state, seat))

    async def play(self, user_id: str, text: str, *, channel_id: str | None = None,
                   game_id: int | None = None, interaction_id: str | None = None,
                   version: int | None = None, image: bool = True) -> MoveResult:
        """Apply the caller's move (an action id or its label) and any bot moves that follow.

        ``image=False`` returns the post without its board image, so an adapter can answer the mover
        first and draw the board afterwards (see the Discord adapter's ``publish``).

        ``interaction_id`` makes a retried request a no-op; ``version`` rejects stale buttons.
        """
        games = self.games
        game = await games.game_by_id(game_id) if game_id is not None else await games.running_game(channel_id or "")
        async with self.games.lock(game.id):
            if interaction_id and (done := await self.games.storage.action_by_interaction(interaction_id)):
                return await self._duplicate(done[0])
            game = await self.games.game_by_id(game.id)
            if game.status != "running":
                raise StaleRequest("This game is over; nothing more can be played.")
            if version is not None and version != game.version:
                raise StaleRequest("That button is from an earlier turn. Use the latest message or `/play`.")
            seat = self.games.seat_of(game, user_id)
            engine = self.games.engine(game.engine)
            assert game.state is not None
            wants_undo = text.strip().casefold() in (str(UNDO), UNDO_LABEL.casefold())
            action = UNDO if wants_undo else self._resolve(engine, game, seat, text)
            try:
                state, events = engine.apply(game.state, seat, action)
            except IllegalAction as err:
                raise illegal(engine, game, seat, err) from None
            kind = turn_kind(engine, game.state, state, seat, action, events)
            published = game.posted_version >= game.version  # every earlier change is already public
            # ... or is about to be: the last board is on its way to the channel (a quick sub-decision).
            settled = published or self.posts.publishing(game.id) == game.version
            game = await self.turns.commit(game, seat, action, state, events, user_id, interaction_id)
            await self.games.hooks.moved(game, seat)
            game, bot_events, bot_moves = await self.turns.run_bots(game)
            if bot_moves or not settled:
                kind = BOARD
            if kind != BOARD:  # a sub-decision or a lock-in: nothing new for the channel's board
                await self.posts.settle_quiet(game, published)
        names = seat_names(game)
        private = [fill(e["text"], names) for e in events if e.get("to") and seat in e["to"]]
        story = [(fill(e["text"], names), bool(e.get("to"))) for e in events + bot_events if visible(e, seat)]
        post = await self.posts.make_post(game, events + bot_events, image=image, mover=user_id, kind=kind)
        return MoveResult(post=post, private=private, story=story, moves=1 + bot_moves)

    async def undo(self, channel_id: str, user_id: str, interaction_id: str | None = None,
                   image: bool = True) -> MoveResult:
        """Take back the caller's last action while no new information has appeared."""
        game = await self.games.running_game(channel_id)
        seat = self.games.seat_of(game, user_id)
        assert game.state is not None
        if not self.games.engine(game.engine).can_undo(game.state, seat):
            raise NotAllowed("Nothing to undo: new information has appeared since, or it was not your move.")
        return await self.play(user_id, str(UNDO), game_id=game.id, interaction_id=interaction_id, image=image)

    async def advance_bots(self) -> list[MoveResult]:
        """Let waiting bot seats move in every running game (after a crash between a move and the
        bots' replies); returns one result per game that moved."""
        results = []
        for game in await self.games.storage.games_with_status(("running",)):
            if not self.games.shards.owns(game.guild_id):  # another process's guild
                continue
            async with self.games.lock(game.id):
                fresh = await self.games.game_by_id(game.id)
                moved, events, count = await self.turns.run_bots(fresh)
            if count:
                results.append(MoveResult(post=await self.posts.make_post(moved, events), moves=count))
        return results

    @staticmethod
    def _resolve(engine: Engine, game: GameRow, seat: int, text: str) -> Action:
        """The move ``text`` names: any legal one on the seat's turn; off its turn only a free action (one
        it may make at any time), else "not your turn" with what it may still do."""
        assert game.state is not None
        if seat in engine.active(game.state):
            return resolve_action(engine, game, seat, text)
        names = seat_names(game)
        waiting = f"It is not your turn. {fill(engine.prompt(game.state, None), names)}"
        if not engine.free_actions(game.state, seat):
            raise NotAllowed(waiting)
        try:
            return resolve_action(engine, game, seat, text)
        except IllegalMove as err:
            free = "; ".join(f"“{label}”" for _action, label in err.alternatives)
            raise NotAllowed(f"{waiting} At any time you may: {free}.") from None

    async def _duplicate(self, game_id: int) -> MoveResult:
        game = await self.games.game_by_id(game_id)
        post = await self.posts.make_post(game, [], image=False)
        return MoveResult(post=post, duplicate=True, moves=0)

    @staticmethod
    def visible_events(events: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
        """Events a seat may read."""
        return [e for e in events if visible(e, seat)]
