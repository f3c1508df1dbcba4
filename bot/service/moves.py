"""Moves: play (by id or label), undo, bot seats, the turn panel and autocomplete choices."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engines.core import UNDO, Action, IllegalAction

from .errors import NotAllowed, StaleRequest
from .models import GameRow
from .naming import fill, seat_names, visible
from .results import Choice, MoveResult, Panel
from .storage import DuplicateInteraction, StaleVersion

if TYPE_CHECKING:
    from .service import GameService

AUTOCOMPLETE_LIMIT = 25
UNDO_LABEL = "Undo your last action"


class MovesMixin:
    """Turn half of :class:`GameService`."""

    async def choices(self: GameService, channel_id: str, user_id: str, query: str = "") -> list[Choice]:
        """Autocomplete: the caller's legal actions whose label or id contains ``query`` (≤ 25)."""
        game = await self.storage.open_game_in_channel(channel_id)
        if game is None or game.status != "running" or (seat := game.seat_of(user_id)) is None:
            return []
        folded = query.strip().casefold()
        found = [c for c in self.choices_for(game, seat)
                 if not folded or folded in c.label.casefold() or folded in c.action.casefold()]
        if self.engine(game.engine).can_undo(game.state or {}, seat) and (
                not folded or folded in UNDO_LABEL.casefold() or folded in str(UNDO)):
            found.append(Choice(str(UNDO), UNDO_LABEL))
        return found[:AUTOCOMPLETE_LIMIT]

    async def panel(self: GameService, game_id: int, user_id: str) -> Panel:
        """The caller's turn panel for a game (prompt, choices, undo)."""
        game = await self.game_by_id(game_id)
        if game.status != "running":
            raise StaleRequest("This game is not running any more.")
        seat = self.seat_of(game, user_id)
        engine = self.engine(game.engine)
        assert game.state is not None
        names = seat_names(game)
        if seat not in engine.active(game.state):
            raise NotAllowed(f"It is not your turn. {fill(engine.prompt(game.state, seat), names)}")
        return Panel(game.id, game.version, seat, fill(engine.prompt(game.state, seat), names),
                     self.choices_for(game, seat), engine.can_undo(game.state, seat))

    async def play(self: GameService, user_id: str, text: str, *, channel_id: str | None = None,
                   game_id: int | None = None, interaction_id: str | None = None,
                   version: int | None = None, image: bool = True) -> MoveResult:
        """Apply the caller's move (an action id or its label) and any bot moves that follow.

        ``image=False`` returns the post without its board image, so an adapter can answer the mover
        first and draw the board afterwards (see the Discord adapter's ``publish``).

        ``interaction_id`` makes a retried request a no-op; ``version`` rejects stale buttons.
        """
        game = await self.game_by_id(game_id) if game_id is not None else await self.running_game(channel_id or "")
        async with self.lock(game.id):
            if interaction_id and (done := await self.storage.action_by_interaction(interaction_id)):
                return await self._duplicate(done[0])
            game = await self.game_by_id(game.id)
            if game.status != "running":
                raise StaleRequest("This game is over; nothing more can be played.")
            if version is not None and version != game.version:
                raise StaleRequest("That button is from an earlier turn. Use the latest message or `/play`.")
            seat = self.seat_of(game, user_id)
            engine = self.engine(game.engine)
            assert game.state is not None
            if seat not in engine.active(game.state):
                names = seat_names(game)
                raise NotAllowed(f"It is not your turn. {fill(engine.prompt(game.state, None), names)}")
            wants_undo = text.strip().casefold() in (str(UNDO), UNDO_LABEL.casefold())
            action = UNDO if wants_undo else self.resolve_action(game, seat, text)
            try:
                state, events = engine.apply(game.state, seat, action)
            except IllegalAction as err:
                raise self.illegal(game, seat, err) from None
            game = await self._commit(game, seat, action, state, events, user_id, interaction_id)
            await self.hooks.moved(game, seat)
            game, bot_events, bot_moves = await self.run_bots(game)
        names = seat_names(game)
        private = [fill(e["text"], names) for e in events if e.get("to") and seat in e["to"]]
        post = await self.make_post(game, events + bot_events, image=image)
        return MoveResult(post=post, private=private, moves=1 + bot_moves)

    async def undo(self: GameService, channel_id: str, user_id: str, interaction_id: str | None = None,
                   image: bool = True) -> MoveResult:
        """Take back the caller's last action while no new information has appeared."""
        game = await self.running_game(channel_id)
        seat = self.seat_of(game, user_id)
        assert game.state is not None
        if not self.engine(game.engine).can_undo(game.state, seat):
            raise NotAllowed("Nothing to undo: new information has appeared since, or it was not your move.")
        return await self.play(user_id, str(UNDO), game_id=game.id, interaction_id=interaction_id, image=image)

    async def _commit(self: GameService, game: GameRow, seat: int, action: Action, state: dict[str, Any],
                      events: list[dict[str, Any]], user_id: str | None, interaction_id: str | None) -> GameRow:
        try:
            await self.storage.commit_action(
                game.id, expected_version=game.version, state=state, seat=seat, action=str(action),
                user_id=user_id, interaction_id=interaction_id, events=events,
                result=state["result"], now=self.clock())
        except StaleVersion:
            raise StaleRequest("Someone else moved first; look at the new board and try again.") from None
        except DuplicateInteraction:
            raise StaleRequest("This request was already handled.") from None
        fresh = await self.game_by_id(game.id)
        await self.hooks.changed(fresh)
        return fresh

    async def run_bots(self: GameService, game: GameRow) -> tuple[GameRow, list[dict[str, Any]], int]:
        """Let bot seats act while they are active (the caller holds the game lock)."""
        engine = self.engine(game.engine)
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
            game = await self._commit(game, seat, action, state, new_events, None, None)
            events += new_events
            moves += 1
        return game, events, moves

    async def advance_bots(self: GameService) -> list[MoveResult]:
        """Let waiting bot seats move in every running game (after a crash between a move and the
        bots' replies); returns one result per game that moved."""
        results = []
        for game in await self.storage.games_with_status(("running",)):
            async with self.lock(game.id):
                fresh = await self.game_by_id(game.id)
                moved, events, count = await self.run_bots(fresh)
            if count:
                results.append(MoveResult(post=await self.make_post(moved, events), moves=count))
        return results

    async def _duplicate(self: GameService, game_id: int) -> MoveResult:
        game = await self.game_by_id(game_id)
        post = await self.make_post(game, [], image=False)
        return MoveResult(post=post, duplicate=True, moves=0)

    @staticmethod
    def visible_events(events: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
        """Events a seat may read."""
        return [e for e in events if visible(e, seat)]
