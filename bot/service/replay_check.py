"""Checking an uploaded replay file before it becomes a game: every field validated with a message
naming it, then the replay re-run once, off the event loop, bounded by moves and by time."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engines.core import MAX_ACTION_LEN, Engine, IllegalAction, OptionError, State, state_hash
from engines.core.replay import REPLAY_FORMAT

from .errors import LobbyError
from .models import GameRow
from .results import Post

MAX_IMPORT_MOVES = 20_000
"""Longest replay ``/game import`` checks (real games stay far below; Robo Rescue with no round cap
could otherwise pack ~137,000 Standby moves into the 2 MB upload limit)."""
MAX_IMPORT_SECONDS = 15.0
"""Longest time one import may spend re-running its moves (in a worker thread) before it is refused."""
MAX_SEED = 2**63 - 1
"""Seeds are stored as SQLite integers (signed 64-bit)."""
IMPORTED_MARK = " (imported replay)"
"""Added to the title of every post of an imported game."""
LogRow = tuple[int, str, list[dict[str, Any]]]


class ReplayRefused(LobbyError):
    """A replay file that cannot become a game; the message names the field or the limit."""


def refused(detail: str) -> ReplayRefused:
    """The refusal users see, always starting the same way."""
    return ReplayRefused(f"That replay file cannot be loaded: {detail}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_options(options: Any, where: str = "options") -> dict[str, Any]:
    """Option values as users or files give them: a mapping of names to text, whole numbers or yes/no;
    anything else (lists, nested objects, floats, null) is refused naming the option. Names and text
    values are then checked by the game's option schema."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise LobbyError(f"`{where}` must be a set of `name: value` pairs, not {type(options).__name__}.")
    for name, value in options.items():
        if not isinstance(name, str):
            raise LobbyError(f"`{where}` has an option name that is not text.")
        if not (isinstance(value, (str, bool)) or _is_int(value)):
            raise LobbyError(f"Option `{name[:40]}` must be text, a whole number or yes/no, "
                             f"not {type(value).__name__}.")
        if _is_int(value) and abs(value) > MAX_SEED:
            raise LobbyError(f"Option `{name[:40]}` is far too large a number.")
    return options


@dataclass(frozen=True)
class Replay:
    """A replay file's fields, each checked for type and range (not yet re-run)."""

    engine: Engine
    seats: int
    seed: int
    options: dict[str, Any]
    actions: list[tuple[int, str]]
    players: list[str]
    final_hash: str | None
    version: int | None = None
    """The rules version the game was recorded under (``None``: the current one)."""


def parse_replay(document: Any, engine_of: Callable[[str], Engine]) -> Replay:
    """Validate every field of a replay document; raises :class:`ReplayRefused` naming the first bad one.
    ``engine_of`` looks a game up by id (raising the service's own error for an unknown one)."""
    if not isinstance(document, dict):
        raise refused("it is not a Turnkeeper replay (JSON from `/game export`).")
    if document.get("format") != REPLAY_FORMAT:
        raise refused("not a Turnkeeper replay file (`format` is missing or wrong).")
    engine_id = document.get("engine")
    if not isinstance(engine_id, str) or not engine_id or len(engine_id) > 40:
        raise refused("`engine` must be a game id (text).")
    engine = engine_of(engine_id)
    seats = document.get("seats")
    if not _is_int(seats):
        raise refused(f"`seats` must be a whole number of players, not {type(seats).__name__}.")
    if not engine.min_players <= seats <= engine.max_players:
        raise refused(f"`seats` must be {engine.min_players}–{engine.max_players} for {engine.title}, not {seats}.")
    seed = document.get("seed")
    if not _is_int(seed) or not 0 <= seed <= MAX_SEED:
        raise refused("`seed` must be a whole number from 0 to 2⁶³−1.")
    try:
        options = check_options(document.get("options", {}))
    except LobbyError as err:
        raise refused(err.message) from None
    actions = _actions(document.get("actions"), seats)
    players = document.get("players", [])
    if players is None:
        players = []
    if not isinstance(players, list) or not all(isinstance(p, str) and len(p) <= 200 for p in players):
        raise refused("`players` must be a list of names (text).")
    final_hash = document.get("final_hash")
    if final_hash is not None and not isinstance(final_hash, str):
        raise refused("`final_hash` must be text.")
    version = document.get("engine_version")
    if version is not None and (not _is_int(version) or not engine.oldest_version <= version <= engine.version):
        raise refused(f"`engine_version` must be a rules version from {engine.oldest_version} to {engine.version} "
                      f"of {engine.title}.")
    return Replay(engine, seats, seed, options, actions, players[:seats], final_hash or None, version)


def _actions(rows: Any, seats: int) -> list[tuple[int, str]]:
    if not isinstance(rows, list):
        raise refused("`actions` must be a list of `[seat, move]` pairs.")
    if len(rows) > MAX_IMPORT_MOVES:
        raise refused(f"it has {len(rows):,} moves; the host checks replays of at most {MAX_IMPORT_MOVES:,} "
                      "moves.")
    actions = []
    for n, row in enumerate(rows, start=1):
        if not (isinstance(row, list) and len(row) == 2 and _is_int(row[0]) and isinstance(row[1], str)):
            raise refused(f"`actions` entry {n} must be a `[seat, move]` pair.")
        if not 0 <= row[0] < seats or not row[1] or len(row[1]) > MAX_ACTION_LEN:
            raise refused(f"`actions` entry {n} has a seat or a move out of range.")
        actions.append((row[0], row[1]))
    return actions


def run_replay(replay: Replay, *, limit_seconds: float = MAX_IMPORT_SECONDS,
               clock: Callable[[], float] = time.monotonic) -> tuple[State, list[LogRow]]:
    """Set the game up and play every move once, checking the recorded final hash; returns the state and
    the log rows with their events. Synchronous and CPU-bound: call it in a worker thread. Raises
    :class:`ReplayRefused` for an illegal move, a wrong hash or when it runs past ``limit_seconds``."""
    engine = replay.engine
    deadline = clock() + limit_seconds
    try:
        state = engine.setup(replay.seats, replay.seed, replay.options, replay.version)
    except (OptionError, ValueError, TypeError) as err:
        raise refused(f"its `options` or `seats` do not fit {engine.title}: {err}") from None
    rows: list[LogRow] = []
    for n, (seat, action) in enumerate(replay.actions, start=1):
        if clock() > deadline:
            raise refused(f"it is too long to check (more than {limit_seconds:g} s); it was not imported.")
        try:
            state, events = engine.apply(state, seat, action)
        except (IllegalAction, ValueError) as err:
            raise refused(f"move {n} (`{action[:40]}` by seat {seat + 1}) is not legal there: {err}") from None
        rows.append((seat, action, events))
    if replay.final_hash and state_hash(state) != replay.final_hash:
        raise refused("its moves do not reproduce its recorded final state (`final_hash`).")
    return state, rows


async def mark_imported(game: GameRow, post: Post) -> None:
    """The ``on_post`` hook: an imported game's posts (board, status) say so in their title."""
    if game.imported and not post.title.endswith(IMPORTED_MARK):
        post.title += IMPORTED_MARK
