"""The sandbox's command loop: each command calls the GameService as one fake user and prints plain text."""

from __future__ import annotations

import asyncio
import contextlib
import difflib
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from bot.service.errors import NotAllowed, ServiceError
from bot.service.models import GameRow
from bot.service.moves import UNDO_LABEL
from bot.service.results import Post
from bot.service.service import GameService

from .base import CHANNEL, plain
from .reading import ReadingCommands

__all__ = ["CHANNEL", "COMMANDS_HELP", "Shell"]

MAX_AUTO = 100_000

COMMANDS_HELP = """Commands:
  status            where the game stands
  who               seats, players and who must act
  as SEAT|USER      act as another player: `as 2` (seat 2), `as p2` or `as Player 2`
  moves             your legal moves, numbered
  play MOVE         a number from `moves`, a move id (bid:3) or its label ("Bid card 3")
  undo              take back your last action, when the game allows it
  hand              your private view (text, and the image hand-<seat>-<version>.png)
  board             save the public board image (board-<version>.png) and print its path
  log [N]           the last N log lines you may read (default 20)
  rules [TOPIC]     the rules of your decision now (or of what the table waits for); or a topic or rule ID
  export [FILE|-]   the replay JSON (default: <out>/replay-<game>-<version>.json; - prints it)
  replay [FROM [TO]] the game so far as an animation (<out>/game-<id>-replay.webp); `replay since`: since your move
  auto [N]          let the engine's bot make your next N moves (default 1), following the turn
  help              this list
  quit              leave (end of input does too)
A bare number plays that entry of the last `moves` list. Lines starting with # are ignored."""


def option_word(value: object) -> str:
    """An option value as a player reads it (yes/no for switches)."""
    return ("yes" if value else "no") if isinstance(value, bool) else str(value)


class Shell(ReadingCommands):
    """The command loop: reads lines, runs commands, prints refusals as ``!`` lines."""

    def __init__(self, service: GameService, runner: asyncio.Runner, game_id: int, *, out: TextIO, err: TextIO,
                 images: Path) -> None:
        super().__init__(service, runner, game_id, out=out, err=err, images=images)
        self.commands: dict[str, Callable[[str], bool | None]] = {
            "help": self.cmd_help, "status": self.cmd_status, "who": self.cmd_who, "as": self.cmd_as,
            "moves": self.cmd_moves, "play": self.cmd_play, "undo": self.cmd_undo, "hand": self.cmd_hand,
            "board": self.cmd_board, "log": self.cmd_log, "rules": self.cmd_rules,
            "export": self.cmd_export, "auto": self.cmd_auto, "replay": self.cmd_replay,
            "quit": self.cmd_quit, "exit": self.cmd_quit, "?": self.cmd_help,
        }

    # -- the session ----------------------------------------------------------------------------
    def intro(self, post: Post, notes: list[str]) -> None:
        """The opening lines: game, options, seats, what happened at setup, whose turn."""
        game = self.game()
        humans = [p.user_id for p in sorted(game.players, key=lambda p: p.seat or 0) if p.user_id]
        active = self.active_humans(game)
        self.user = active[0] if active else humans[0] if humans else "p1"
        engine = self.engine(game)
        labels = {o.name: o.label for o in engine.options_schema.options}
        options = "; ".join(f"{labels.get(k, k)}: {option_word(v)}" for k, v in game.options.items()) or "none"
        self.say(f"Turnkeeper sandbox: {post.title} #{game.id}, {len(game.players)} players, seed {game.seed}")
        self.say(f"Options: {options}")
        for line in engine.setup_text(len(game.players), game.options):
            self.say(line)
        for note in notes:
            self.say(note)
        self.cmd_who("")
        for line in post.summary.splitlines():
            self.say(f"  {line}")
        self.save_post(post)
        self.say(f"You are {self.describe(game, self.user)}. Type `help` for commands.")
        self.where(game)

    def loop(self, stdin: TextIO, *, interactive: bool, echo: bool = False) -> int:
        """Read and run commands until `quit` or end of input; returns the exit status."""
        while True:
            try:
                line = self.read(stdin, interactive)
                if line is None:
                    return 0
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                if echo:
                    self.say(f"> {line}")
                if self.execute(line):
                    return 0
            except KeyboardInterrupt:
                if not interactive:
                    raise
                self.say("\n(interrupted; type quit to leave)")

    def read(self, stdin: TextIO, interactive: bool) -> str | None:
        """One line of input (None at the end), with a prompt only on a terminal."""
        if not interactive:
            return stdin.readline() or None
        if stdin is sys.stdin and self.out is sys.stdout:
            with contextlib.suppress(ImportError):
                import readline  # noqa: F401 - gives input() line editing and history
            try:
                return input(f"{self.user}> ")
            except EOFError:
                self.say()
                return None
        self.out.write(f"{self.user}> ")
        self.out.flush()
        line = stdin.readline()
        if not line:
            self.say()
        return line or None

    def execute(self, line: str) -> bool:
        """Run one command line; True means quit. Service refusals print and never escape."""
        word, _, arg = line.partition(" ")
        word, arg = word.casefold(), arg.strip()
        if word.isdigit() and not arg:
            word, arg = "play", word
        command = self.commands.get(word)
        if command is None:
            self.unknown(line, word)
            return False
        try:
            return bool(command(arg))
        except ServiceError as err:
            self.error(err)
        except Exception as err:  # noqa: BLE001 - an engine bug must not end the session
            self.say(f"!! {type(err).__name__}: {err} (an internal error; traceback on stderr)")
            traceback.print_exc(file=self.err)
        return False

    def unknown(self, line: str, word: str) -> None:
        """Hints for a command that does not exist."""
        self.say(f"? Unknown command {word!r}. Type `help` for the list.")
        close = difflib.get_close_matches(word, [c for c in self.commands if c != "?"], n=2, cutoff=0.6)
        if close:
            self.say(f"  did you mean: {' or '.join(close)}?")
        game = self.game()
        seat = game.seat_of(self.user)
        if seat is not None and game.status == "running":
            choices = self.service.choices_for(game, seat)
            if any(line.casefold() in (c.action.casefold(), c.label.casefold()) for c in choices):
                self.say(f"  to play that move, type: play {line}")

    def play(self, text: str, *, auto: bool = False) -> GameRow:
        """Play ``text`` (an action id or label) as the acting user and report it."""
        game = self.game()
        engine = self.engine(game)
        seat = game.seat_of(self.user)
        label = text
        if game.status == "running" and game.state is not None and seat in engine.active(game.state):
            if text.casefold() in ("undo", UNDO_LABEL.casefold()):
                text, label = "undo", UNDO_LABEL
            else:
                action = str(self.service.resolve_action(game, seat, text))
                labels = {c.action: c.label for c in self.service.choices_for(game, seat)}
                text, label = action, labels.get(action, action)
        actor = self.name(game, self.user) + (" (auto)" if auto else "")
        result = self.run(self.service.play(self.user, text, game_id=game.id))
        return self.report(result, actor, label)

    # -- commands -------------------------------------------------------------------------------
    def cmd_help(self, arg: str) -> None:
        self.say(COMMANDS_HELP)

    def cmd_quit(self, arg: str) -> bool:
        self.say("Bye.")
        return True

    def cmd_as(self, arg: str) -> None:
        game = self.game()
        if not arg:
            self.say(f"You are {self.describe(game, self.user)}.")
            return
        wanted = arg.casefold().removeprefix("seat").strip()
        if wanted.isdigit():
            found = game.player_at(int(wanted) - 1)
        else:
            found = next((p for p in game.players if wanted in ((p.user_id or "").casefold(), p.name.casefold())), None)
        if found is None or found.seat is None:
            humans = ", ".join(p.user_id for p in game.players if p.user_id)
            raise ServiceError(f"No player {arg!r} here. Use a seat number from `who` or one of: {humans}.")
        if found.user_id is None:
            raise ServiceError(f"Seat {found.seat + 1} is {found.name}, a bot: it plays by itself.")
        self.user = found.user_id
        self.say(f"Now acting as {self.describe(game, self.user)}.")
        self.where(game)

    def cmd_moves(self, arg: str) -> None:
        game = self.game()
        try:
            panel = self.run(self.service.panel(game.id, self.user))
        except NotAllowed as err:
            self.error(err)
            self.switch_hint(game)
            return
        actions = [c.action for c in panel.choices]
        self.say(f"{plain(panel.prompt)}")
        for number, choice in enumerate(panel.choices, 1):
            self.say(f"  {number:>2}. {plain(choice.label)}  ({choice.action})")
        if panel.can_undo:
            actions.append("undo")
            self.say(f"  {len(actions):>2}. {UNDO_LABEL}  (undo)")
        self.listed = (panel.version, self.user, actions)

    def cmd_play(self, arg: str) -> None:
        if not arg:
            raise ServiceError("Play what? Type `moves`, then `play 1`, or `play <move id or label>`.")
        if arg.isdigit():
            game = self.game()
            if self.listed is None or self.listed[:2] != (game.version, self.user):
                why = "and it changed since" if self.listed else "which you have not seen yet"
                self.say(f"! Numbers refer to the `moves` list, {why}. Here it is; pick again:")
                self.cmd_moves("")
                return
            actions = self.listed[2]
            if not 1 <= int(arg) <= len(actions):
                raise ServiceError(f"Choose a number from 1 to {len(actions)} (see `moves`).")
            arg = actions[int(arg) - 1]
        try:
            game = self.play(arg)
        except NotAllowed as err:
            self.error(err)
            self.switch_hint(self.game())
            return
        self.follow_turn(game)
        self.where()

    def cmd_undo(self, arg: str) -> None:
        actor = self.name(self.game(), self.user)
        result = self.run(self.service.undo(CHANNEL, self.user))
        self.follow_turn(self.report(result, actor, UNDO_LABEL))
        self.where()

    def cmd_auto(self, arg: str) -> None:
        if arg and not arg.isdigit():
            raise ServiceError("Usage: auto [N], e.g. `auto 10` (N moves chosen by the engine's bot).")
        count = min(int(arg) if arg else 1, MAX_AUTO)
        done = 0
        for _ in range(count):
            game = self.game()
            if game.status != "running" or game.state is None:
                break
            self.follow_turn(game)
            seat = game.seat_of(self.user)
            if seat is None or seat not in self.engine(game).active(game.state):
                self.say("Nobody you can act for has a move now.")
                break
            action = self.engine(game).bot_action(game.state, seat)
            self.play(str(action), auto=True)
            done += 1
        self.say(f"auto: {done} move{'s' if done != 1 else ''} played.")
        game = self.game()
        self.follow_turn(game)
        self.where(game)
