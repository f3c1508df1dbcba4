"""The sandbox shell's plumbing: the session state, service calls on one event loop, plain-text output."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TextIO, TypeVar

from bot.service.errors import ServiceError
from bot.service.models import GameRow, PlayerRow
from bot.service.naming import fill, seat_names
from bot.service.outcome import game_result_text
from bot.service.results import MoveResult, Post, image_slug
from bot.service.service import GameService
from engines.core import Engine

T = TypeVar("T")
CHANNEL = "sandbox"
"""The one fake channel every sandbox game lives in."""

_MENTION = re.compile(r"<@!?([^>]+)>")


def plain(text: str) -> str:
    """Discord markdown to plain text (no bold, mentions as @user; `command` ticks stay readable)."""
    return _MENTION.sub(r"@\1", text.replace("**", ""))


class ShellBase:
    """One sandbox session: the game, the acting user, and helpers every command uses."""

    def __init__(self, service: GameService, runner: asyncio.Runner, game_id: int, *, out: TextIO, err: TextIO,
                 images: Path) -> None:
        self.service = service
        self.runner = runner
        self.game_id = game_id
        self.out = out
        self.err = err
        self.images = images
        self.user = ""
        """The user id every command acts as."""
        self.listed: tuple[int, str, list[str]] | None = None
        """``(version, user, actions)`` of the last `moves` list, for `play N`."""

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        """Await a service call on the session's event loop."""
        return self.runner.run(coro)

    def say(self, text: str = "") -> None:
        """Print one or more lines."""
        print(text, file=self.out, flush=True)

    def game(self) -> GameRow:
        """The game as stored now."""
        return self.run(self.service.game_by_id(self.game_id))

    def engine(self, game: GameRow) -> Engine:
        """The game's engine."""
        return self.service.engine(game.engine)

    def error(self, err: ServiceError) -> None:
        """A refusal as ``! message`` plus ``try:`` lines."""
        self.say(f"! {plain(err.message)}")
        for action, label in err.alternatives:
            self.say(f"  try: {plain(label)} ({action})")

    def save(self, name: str, image: bytes | None) -> Path | None:
        """Write an image into the output folder (nothing when images are off)."""
        if image is None:
            return None
        self.images.mkdir(parents=True, exist_ok=True)
        path = self.images / name
        path.write_bytes(image)
        return path

    def save_post(self, post: Post) -> Path | None:
        """Write a post's board (``board-V.png``) and the images that go with it (``robots-boards-V.png``)."""
        for title, data in post.more_images:
            self.save(f"{image_slug(title)}-{post.version}.png", data)
        return self.save(f"board-{post.version}.png", post.image)

    def player(self, game: GameRow, user_id: str) -> PlayerRow | None:
        """The seated player who is ``user_id``."""
        return next((p for p in game.players if p.user_id == user_id), None)

    def name(self, game: GameRow, user_id: str) -> str:
        """A user's display name in this game."""
        player = self.player(game, user_id)
        return player.name if player else user_id

    def describe(self, game: GameRow, user_id: str) -> str:
        """"Player 2 (p2, seat 1)"."""
        player = self.player(game, user_id)
        if player is None or player.seat is None:
            return user_id
        return f"{player.name} ({user_id}, seat {player.seat + 1})"

    def active_humans(self, game: GameRow) -> list[str]:
        """User ids that must act now, in seat order."""
        if game.status != "running" or game.state is None:
            return []
        found = [p.user_id for s in self.engine(game).active(game.state) if (p := game.player_at(s))]
        return [u for u in found if u]

    # -- turn helpers ---------------------------------------------------------------------------
    def where(self, game: GameRow | None = None) -> None:
        """One line: the result, or what the acting user is asked, or whom the table waits for."""
        game = game or self.game()
        engine = self.engine(game)
        names = seat_names(game)
        if game.status == "finished" and game.state is not None:
            self.say("Game over. " + plain(game_result_text(game, engine)))
            return
        if game.status != "running" or game.state is None:
            self.say(f"The game is {game.status}.")
            return
        seat = game.seat_of(self.user)
        name = self.name(game, self.user)
        if seat is not None and seat in engine.active(game.state):
            self.say(f"{name}, your turn: {plain(fill(engine.prompt(game.state, seat), names))}")
        else:
            self.say(f"{plain(fill(engine.prompt(game.state, None), names))} (you are {name})")

    def follow_turn(self, game: GameRow) -> None:
        """Switch to an active human when the acting user has nothing to do, and say so."""
        active = self.active_humans(game)
        if active and self.user not in active:
            self.user = active[0]
            self.say(f"-> now acting as {self.describe(game, self.user)}")

    def switch_hint(self, game: GameRow) -> None:
        """After "not your turn": whom to switch to."""
        others = [u for u in self.active_humans(game) if u != self.user]
        if others:
            player = self.player(game, others[0])
            seat = f" (seat {player.seat + 1})" if player and player.seat is not None else ""
            self.say(f"  type `as {others[0]}` to act for {self.name(game, others[0])}{seat}")

    def report(self, result: MoveResult, actor: str, label: str) -> GameRow:
        """Print a committed move (its public events and the actor's private ones), save the board."""
        game = self.game()
        self.say(f"{actor}: {plain(label)}")
        for line, private in result.story:  # in the order it happened: "You drew …" where the draw was
            self.say(f"  {'(only you) ' if private else ''}{plain(line)}")
        self.save_post(result.post)
        return game
