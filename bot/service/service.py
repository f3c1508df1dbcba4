"""The game service: lobby, turns, views and replays over a Storage, with no Discord in sight.

Adapters (Discord, the terminal sandbox, tests) pass plain ids and names and receive the plain
results of ``results.py``. Every state change is committed before anything is returned, so an
adapter that fails to post loses nothing (``posted_version`` tells what still needs posting).

:class:`GameService` is a facade over composed parts, each built from what it needs:
:class:`~.games.Games` (storage, clock, hooks, locks, look-ups), :class:`~.turns.Turns` (committing
actions, bot seats), :class:`~.posts.Posts` (posts, views, drawing), :class:`~.lobby.Lobbies`,
:class:`~.moves.Moves`, :class:`~.reading.Reading`, :class:`~.rules_now.RulesNow` and
:class:`~.reachability.Reachability`.
``bot/service/host.py`` builds it with the rest of the host.
"""

from __future__ import annotations

import time
from concurrent.futures import Executor

from engines.core import Action, IllegalAction

from . import choices
from .errors import IllegalMove
from .games import Clock, Games
from .hooks import GameHooks
from .lobby import Lobbies
from .models import GameRow
from .moves import Moves
from .post_messages import PostMessages
from .posts import Posts, Renderer, default_renderer
from .reachability import Reachability
from .reading import Reading
from .replays import Replays
from .results import Choice
from .rules_now import RulesNow
from .shards import Shards
from .stats import Stats
from .storage import Storage
from .turns import Turns


class GameService:
    """Every game operation the adapters need, each delegated to the part that does it."""

    def __init__(self, storage: Storage, *, renderer: Renderer | None = default_renderer,
                 clock: Clock = time.time, executor: Executor | None = None, max_bot_moves: int = 2000,
                 hooks: GameHooks | None = None, shards: Shards | None = None) -> None:
        self.games = games = Games(storage, clock=clock, hooks=hooks, shards=shards)
        self.turns = turns = Turns(games, max_bot_moves)
        self.posts = posts = Posts(games, renderer, executor)
        self.lobbies = lobbies = Lobbies(games, turns, posts)
        self.moves = moves = Moves(games, turns, posts)
        self.reading = reading = Reading(games, posts)
        self.reachability = reachability = Reachability(games)
        self.rules_now = rules_now = RulesNow(games)
        self.replays = Replays(games, posts)
        self.stats = Stats(games)
        self.post_messages = PostMessages(storage)
        self.storage, self.clock, self.hooks = storage, clock, games.hooks
        # look-ups and locks
        self.lock = games.lock
        self.engine = games.engine
        self.new_seed = games.new_seed
        self.open_game = games.open_game
        self.running_game = games.running_game
        self.running_or_last = games.running_or_last
        self.game_by_id = games.game_by_id
        self.seat_of = games.seat_of
        # posts and drawing
        self.render = posts.render
        self.view_for = posts.view_for
        self.make_post = posts.make_post
        self.outgoing = posts.outgoing
        self.posted = posts.posted
        # the lobby
        self.new_game = lobbies.new_game
        self.lobby = lobbies.lobby
        self.join = lobbies.join
        self.leave = lobbies.leave
        self.add_bot = lobbies.add_bot
        self.remove_bot = lobbies.remove_bot
        self.set_option = lobbies.set_option
        self.start = lobbies.start
        self.cancel = lobbies.cancel
        self.import_replay = lobbies.import_replay
        # turns
        self.choices = moves.choices
        self.panel = moves.panel
        self.play = moves.play
        self.undo = moves.undo
        self.advance_bots = moves.advance_bots
        self.visible_events = moves.visible_events
        # bot seats
        self.commit = turns.commit
        self.run_bots = turns.run_bots
        # reading
        self.status = reading.status
        self.board = reading.board
        self.board_of = reading.board_of
        self.board_text = reading.board_text
        self.hand = reading.hand
        self.log = reading.log
        self.export = reading.export
        self.rebuild = reading.rebuild
        # the rule behind the choice
        self.rules = rules_now.in_channel
        self.rules_of_game = rules_now.of_game
        self.rules_engine = rules_now.channel_engine
        self.unposted = reachability.unposted
        self.mark_posted = reading.mark_posted
        # channels the bot cannot post in
        self.channel_lost = reachability.lost
        self.channel_found = reachability.found
        self.channel_is_lost = reachability.is_lost
        # watchable replays
        self.replay = self.replays.replay
        self.player_stats = self.stats.player

    @property
    def renderer(self) -> Renderer | None:
        """The board renderer (None: no images)."""
        return self.posts.renderer

    @renderer.setter
    def renderer(self, renderer: Renderer | None) -> None:
        self.posts.renderer = renderer

    def choices_for(self, game: GameRow, seat: int) -> list[Choice]:
        """The seat's legal actions with their labels (names filled in)."""
        return choices.choices_for(self.engine(game.engine), game, seat)

    def resolve_action(self, game: GameRow, seat: int, text: str) -> Action:
        """Turn typed text (an action id or a label) into a legal action, or explain."""
        return choices.resolve_action(self.engine(game.engine), game, seat, text)

    def illegal(self, game: GameRow, seat: int, err: IllegalAction) -> IllegalMove:
        """An engine refusal as a user-facing error with labelled alternatives."""
        return choices.illegal(self.engine(game.engine), game, seat, err)
