"""Golden playthroughs: record a game through the engines' public contract, and check a replay against it.

A golden file (``tests/<game>/golden/<name>.jsonl``) holds one JSON line per row: a header (game, engine
version, seats, seed, options, setup events), one line per step — who was active, the mover's prompt, the
labels of its legal actions, whether it could undo, its timeout default, a hash of every seat's view and
the spectator's, then the action taken and the events it produced — and a last line with the outcome and
the final views. The cases to record are listed in ``tests/<game>/golden/cases.json``. Moves are chosen once,
when recording, by the case's chooser (``bot``: ``Engine.bot_action``; ``random``: a seeded pick among the
legal actions, undoing now and then); a replay applies the recorded actions, so a golden never depends on
the chooser again.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import engines
from engines.core import UNDO, Action, Engine, IllegalAction, OptionError, State, dumps, state_hash
from engines.core.replay import first_difference

FORMAT = "turnkeeper-golden"
TESTS = Path(__file__).resolve().parent.parent
MAX_STEPS = 3000
"""A recording longer than this is a runaway (choose a smaller game)."""
UNDO_CHANCE = 0.1
"""How often the random chooser takes back an action when it may."""
STEP_FIELDS = ("seat", "active", "prompt", "labels", "undo", "default", "views")
"""Per-step fields observed before the action, in the order they are compared."""

Row = dict[str, Any]


@dataclass(frozen=True)
class Case:
    """One recorded game: which game, how many players, seed, lobby options and how moves were chosen."""

    game: str
    name: str
    players: int
    seed: int
    options: dict[str, Any]
    chooser: str = "bot"
    version: int | None = None
    """The rules version to play under (``None``: the engine's current one). A case pinned to an older
    version checks that games recorded before a rules change still play exactly as they did."""

    @property
    def id(self) -> str:
        """``game/name``, as tests and messages show it."""
        return f"{self.game}/{self.name}"

    @property
    def path(self) -> Path:
        """The golden file."""
        return TESTS / self.game / "golden" / f"{self.name}.jsonl"


def games() -> list[str]:
    """Games with golden cases (a ``tests/<game>/golden/cases.json``)."""
    return sorted(p.parent.parent.name for p in TESTS.glob("*/golden/cases.json"))


def cases(game: str | None = None) -> list[Case]:
    """The cases of ``game`` (or of every game) in file order."""
    found = []
    for name in [game] if game else games():
        listed = json.loads((TESTS / name / "golden" / "cases.json").read_text(encoding="utf-8"))
        found += [Case(game=name, **entry) for entry in listed]
    return found


# -- observing ----------------------------------------------------------------------------------------------
def view_hashes(engine: Engine, state: State) -> dict[str, str]:
    """A short hash of the spectator's view (``"-"``) and of every seat's."""
    seats = [None, *range(state["seats"])]
    return {"-" if s is None else str(s): state_hash(engine.view(state, s)) for s in seats}


def observe(engine: Engine, state: State, seat: int) -> Row:
    """What the contract shows before ``seat`` moves (every field of :data:`STEP_FIELDS`)."""
    legal = engine.legal_actions(state, seat)
    return {
        "seat": seat, "active": engine.active(state), "prompt": engine.prompt(state, seat),
        "labels": [[str(a), engine.label(state, seat, a)] for a in legal],
        "undo": engine.can_undo(state, seat), "default": _default(engine, state, seat),
        "views": view_hashes(engine, state),
    }


def _default(engine: Engine, state: State, seat: int) -> str:
    """The timeout action, or ``"!Error: text"`` when the engine raises (a bug the golden keeps visible)."""
    try:
        return str(engine.default_action(state, seat))
    except Exception as err:  # noqa: BLE001 - recorded, so that fixing it shows as a deliberate change
        return f"!{type(err).__name__}: {err}"


def _events(events: list[dict[str, Any]]) -> list[list[Any]]:
    return [[e["text"], e["to"]] for e in events]


def _header(engine: Engine, state: State, chooser: str) -> Row:
    return {"format": FORMAT, "format_version": 1, "game": engine.id, "engine_version": state["engine_version"],
            "seats": state["seats"], "seed": state["seed"], "options": state["options"],
            "chooser": chooser, "setup_events": _events(state.get("setup_events", []))}


def _final(engine: Engine, state: State, steps: int) -> Row:
    return {"steps": steps, "outcome": engine.outcome(state), "views": view_hashes(engine, state)}


# -- recording ----------------------------------------------------------------------------------------------
def _choose(engine: Engine, state: State, seat: int, chooser: str, rnd: random.Random) -> Action:
    if chooser == "bot":
        return engine.bot_action(state, seat)
    if chooser == "random":
        if engine.can_undo(state, seat) and rnd.random() < UNDO_CHANCE:
            return UNDO
        return rnd.choice(engine.legal_actions(state, seat))
    raise ValueError(f"unknown chooser {chooser!r} (bot or random)")


def record(case: Case) -> list[Row]:
    """Play ``case`` to its end and return its golden rows."""
    engine = engines.get(case.game)
    state = engine.setup(case.players, case.seed, case.options, case.version)
    rnd = random.Random(f"golden:{case.id}:{case.seed}")
    rows = [_header(engine, state, case.chooser)]
    while state["result"] is None:
        if len(rows) > MAX_STEPS:
            raise RuntimeError(f"{case.id}: no result after {MAX_STEPS} steps")
        seat = rnd.choice(engine.active(state))
        row = observe(engine, state, seat)
        action = _choose(engine, state, seat, case.chooser, rnd)
        state, events = engine.apply(state, seat, action)
        rows.append({"step": len(rows) - 1, **row, "action": str(action), "events": _events(events)})
    rows.append(_final(engine, state, len(rows) - 1))
    return rows


def write(case: Case) -> Path:
    """Record ``case`` into its golden file (one JSON line per row)."""
    case.path.parent.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps(row, ensure_ascii=False, separators=(",", ":")) for row in record(case)]
    case.path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return case.path


def load(case: Case) -> list[Row]:
    """The stored rows of ``case``."""
    return [json.loads(line) for line in case.path.read_text(encoding="utf-8").splitlines() if line]


# -- checking -----------------------------------------------------------------------------------------------
def _short(value: Any, limit: int = 160) -> str:
    text = dumps(value)
    return text if len(text) <= limit else text[:limit] + "…"


def _field_difference(field: str, want: Any, got: Any) -> str:
    where = first_difference(got, want)
    path = field + where[len("<root>"):] if where.startswith("<root>") else f"{field}.{where}"
    return f"{path} differs: golden {_short(want)}, now {_short(got)}"


def check(rows: list[Row]) -> str | None:
    """Replay golden ``rows``; None when everything matches, else the first differing step and field."""
    header, steps, final = rows[0], rows[1:-1], rows[-1]
    engine = engines.get(header["game"])
    try:
        state = engine.setup(header["seats"], header["seed"], header["options"], header["engine_version"])
    except OptionError as err:
        return f"setup: {err}"
    now = _header(engine, state, header["chooser"])
    for field in ("options", "setup_events"):
        if now[field] != header[field]:
            return f"setup: {_field_difference(field, header[field], now[field])}"
    for row in steps:
        seat, where = row["seat"], f"step {row['step']} (seat {row['seat']} plays {row['action']!r})"
        if state["result"] is not None:
            return f"{where}: the game is already over: {_short(state['result'])}"
        if seat not in engine.active(state):
            return f"{where}: active differs: golden {row['active']}, now {engine.active(state)}"
        got = observe(engine, state, seat)
        for field in STEP_FIELDS:
            if got[field] != row[field]:
                return f"{where}: {_field_difference(field, row[field], got[field])}"
        try:
            state, events = engine.apply(state, seat, row["action"])
        except IllegalAction as err:
            return f"{where}: action is no longer legal: {err}"
        if _events(events) != row["events"]:
            return f"{where}: {_field_difference('events', row['events'], _events(events))}"
    got_final = _final(engine, state, len(steps))
    for field in ("outcome", "views"):
        if got_final[field] != final[field]:
            return f"end after step {len(steps) - 1}: {_field_difference(field, final[field], got_final[field])}"
    return None
