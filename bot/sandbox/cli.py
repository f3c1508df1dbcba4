"""Command line of the sandbox: arguments, the fake lobby, then the command shell."""

from __future__ import annotations

import argparse
import asyncio
import importlib
import importlib.util
import inspect
import json
import sys
import tempfile
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn, TextIO

import engines
from bot.service.errors import ServiceError
from bot.service.host import build_host
from bot.service.posts import default_renderer
from bot.service.results import Post
from bot.service.service import GameService
from bot.service.sqlite import SQLiteStorage
from engines.core import Engine, OptionError

from .shell import CHANNEL, COMMANDS_HELP, Shell

DESCRIPTION = "Play a Turnkeeper game in the terminal through the real game service (no Discord)."
EPILOG = COMMANDS_HELP + """
Players are the fake users p1..pN ("Player 1".."Player N"); with --bots K, K of them are
bots ("Bot 1".."Bot K"). The seed shuffles the seats; `who` shows them.
Commands come from stdin, so scripts work: printf 'moves\\nplay 1\\nauto 50\\n' | python -m bot.sandbox GAME
"""


class Usage(Exception):
    """A bad command line: printed and exit status 2."""


class _Exit(Exception):
    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class _Parser(argparse.ArgumentParser):
    """argparse writing to injectable streams and raising instead of calling ``sys.exit``."""

    def __init__(self, out: TextIO, err: TextIO, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.out, self.err = out, err

    def print_help(self, file: Any = None) -> None:
        self.out.write(self.format_help())

    def print_usage(self, file: Any = None) -> None:
        self.err.write(self.format_usage())

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            self.err.write(message)
        raise _Exit(status)

    def error(self, message: str) -> NoReturn:
        self.print_usage()
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser(out: TextIO, err: TextIO) -> _Parser:
    """The argument parser (``python -m bot.sandbox --help``)."""
    parser = _Parser(out, err, prog="python -m bot.sandbox", description=DESCRIPTION, epilog=EPILOG,
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", metavar="GAME", help="game id, e.g. robo_rescue")
    parser.add_argument("--players", type=int, metavar="N", help="number of seats (default: 2 if the game allows)")
    parser.add_argument("--seed", type=int, metavar="S", help="game seed (default: random, printed at start)")
    parser.add_argument("--options", metavar="JSON", default="", help="lobby options, e.g. '{\"rounds\": 3}'")
    parser.add_argument("--bots", type=int, default=0, metavar="K", help="how many of the N seats are bots")
    parser.add_argument("--db", metavar="PATH", help="SQLite file (default: a temporary one); "
                        "an unfinished game of the same GAME in it is resumed")
    parser.add_argument("--fresh", action="store_true", help="with --db: cancel an unfinished game, start anew")
    parser.add_argument("--out", metavar="DIR", default="sandbox-out", help="where images go (default: ./sandbox-out)")
    parser.add_argument("--no-images", action="store_true", help="do not render images (faster)")
    parser.add_argument("--echo", action="store_true", help="repeat each command read (readable transcripts)")
    parser.add_argument("--register", action="append", default=[], metavar="MODULE", help=argparse.SUPPRESS)
    return parser


@dataclass
class Plan:
    """A checked command line."""

    engine: Engine
    players: int
    bots: int
    seed: int | None
    options: dict[str, Any]
    fresh: bool


def register_modules(names: list[str]) -> None:
    """Import modules (or ``.py`` files) that register extra engines; call their ``register()`` if any."""
    for name in names:
        try:
            if name.endswith(".py") and Path(name).is_file():
                spec = importlib.util.spec_from_file_location(Path(name).stem, name)
                assert spec is not None and spec.loader is not None
                module = importlib.util.module_from_spec(spec)
                spec.loader.exec_module(module)
            else:
                module = importlib.import_module(name)
        except Exception as err:  # noqa: BLE001 - any import failure is a usage problem here
            raise Usage(f"cannot import {name!r} for --register: {type(err).__name__}: {err}") from None
        hook = getattr(module, "register", None)
        if callable(hook) and getattr(hook, "__module__", None) == module.__name__:
            try:
                inspect.signature(hook).bind()
            except (TypeError, ValueError):
                continue
            hook()


def find_engine(name: str) -> Engine:
    """The engine called ``name`` (id, case-insensitive, ``-`` for ``_``, or its title)."""
    wanted = name.strip().casefold()
    try:
        return engines.get(wanted.replace("-", "_"))
    except KeyError:
        pass
    available = engines.all()
    for engine in available:
        if wanted in (engine.id.casefold(), engine.title.casefold()):
            return engine
    known = ", ".join(f"{e.id} ({e.title})" for e in available)
    if not known:
        raise Usage(f"unknown game {name!r}: no games are installed yet (--register MODULE adds one).")
    raise Usage(f"unknown game {name!r}. Available: {known}.")


def parse_options(text: str) -> dict[str, Any]:
    """``--options`` as a dict."""
    if not text.strip():
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError as err:
        raise Usage(f"--options is not valid JSON ({err.msg}); e.g. --options '{{\"rounds\": 3}}'.") from None
    if not isinstance(value, dict):
        raise Usage("--options must be a JSON object, e.g. --options '{\"rounds\": 3}'.")
    return value


def make_plan(args: argparse.Namespace) -> Plan:
    """Check the command line before touching any storage."""
    register_modules(args.register)
    engine = find_engine(args.game)
    players = args.players
    if players is None:
        players = max(engine.min_players, min(2, engine.max_players))
    options = parse_options(args.options)
    try:
        options = engine.validate_options(players, options)
    except OptionError as err:
        raise Usage(str(err)) from None
    if not 0 <= args.bots < players:
        raise Usage(f"--bots must be between 0 and {players - 1}: at least one seat needs a human.")
    return Plan(engine, players, args.bots, args.seed, options, args.fresh)


async def open_table(service: GameService, plan: Plan) -> tuple[Post, list[str]]:
    """Resume the sandbox channel's game, or open a lobby, seat everyone and start."""
    notes: list[str] = []
    existing = await service.storage.open_game_in_channel(CHANNEL)
    if existing is not None:
        if existing.status == "running" and existing.engine == plan.engine.id and not plan.fresh:
            notes.append(f"Resuming game #{existing.id} from the database (--fresh starts a new one); "
                         "--players, --seed, --options and --bots are ignored.")
            return await service.board_of(existing.id), notes
        await service.cancel(CHANNEL, existing.host_id, is_admin=True)
        notes.append(f"Cancelled the unfinished {existing.engine} game #{existing.id} found in the database.")
    humans = plan.players - plan.bots
    await service.new_game(guild_id=None, channel_id=CHANNEL, user_id="p1", user_name="Player 1",
                           engine_id=plan.engine.id, options=plan.options, seed=plan.seed)
    for number in range(2, humans + 1):
        await service.join(CHANNEL, f"p{number}", f"Player {number}")
    for _ in range(plan.bots):
        await service.add_bot(CHANNEL, "p1")
    return await service.start(CHANNEL, "p1"), notes


def main(argv: list[str] | None = None, *, stdin: TextIO | None = None, stdout: TextIO | None = None,
         stderr: TextIO | None = None) -> int:
    """Run the sandbox; returns the exit status (0 at ``quit`` or end of input, 2 for a bad command line)."""
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    try:
        args = build_parser(stdout, stderr).parse_args(argv)
        plan = make_plan(args)
    except _Exit as done:
        return done.status
    except Usage as err:
        stderr.write(f"sandbox: {err}\n")
        return 2
    with ExitStack() as stack:
        if args.db:
            db, db_label = Path(args.db), args.db
        else:
            folder = stack.enter_context(tempfile.TemporaryDirectory(prefix="turnkeeper-sandbox-",
                                                                     ignore_cleanup_errors=True))
            db, db_label = Path(folder) / "sandbox.db", "temporary"
        runner = stack.enter_context(asyncio.Runner())
        storage = SQLiteStorage(db)
        runner.run(storage.open())
        stack.callback(lambda: runner.run(storage.close()))
        service = build_host(storage, renderer=None if args.no_images else default_renderer).service
        try:
            post, notes = runner.run(open_table(service, plan))
        except ServiceError as err:
            stderr.write(f"sandbox: {err.message}\n")
            return 2
        shell = Shell(service, runner, post.game_id, out=stdout, err=stderr, images=Path(args.out))
        shell.intro(post, [*notes, f"Database: {db_label}. Images: {args.out}/ (board-<version>.png after each move)."])
        interactive = bool(getattr(stdin, "isatty", lambda: False)())
        return shell.loop(stdin, interactive=interactive, echo=args.echo)
    return 0  # pragma: no cover - the with block always returns
