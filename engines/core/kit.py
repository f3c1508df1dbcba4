"""The testing kit every game's tests call: random legal playouts with the contract's checks.

Per playout it reports crashes, dead ends (an active seat with no legal action), runaways (step
limit), replay mismatches, non-JSON states, mutation of the input state, leaks (perturbing what a
seat cannot see changes that seat's view, or a part of ``state["g"]`` is missing from the game's
``zones`` declaration), undo crossing a reveal (re-playing a seat's undoable actions on a perturbed
past gives that seat a different view) and a pending-effect queue holding an effect without a handler
or an owner that is neither a seat nor an actor.
"""

from __future__ import annotations

import pickle
import random
import time
import traceback
from dataclasses import asdict, dataclass, field
from typing import Any

from . import effects
from .action import UNDO, Action
from .engine import Engine
from .errors import IllegalAction
from .jsonstate import State, dumps, get_path, is_plain_json, replace_paths
from .replay import first_difference, replay

JSON_CHECK_EVERY = 7
"""Steps between full plain-JSON checks of the state (and always at the end)."""
MUTATION_CHECK_EVERY = 3
"""Default steps between checks that ``apply`` left its input untouched and that ``allows`` agrees with
``legal_actions`` (``check_every``)."""


DENSE_SAMPLING = {"leak_every": 5, "check_every": MUTATION_CHECK_EVERY, "undo_perturbations": 2}
"""The default density of the per-step checks (``Playout``'s defaults)."""
SCALE_SAMPLING = {"leak_every": 10, "check_every": 10, "undo_perturbations": 1}
"""The sampling of a run over thousands of games: every game still gets every kind of check, on fewer of its
steps, at about 60 % of the dense cost per game (tests/core/test_kit.py shows it still catches every kind of
broken engine)."""


@dataclass
class PlayoutReport:
    """What one random playout found."""

    game: str
    players: int
    seed: int
    steps: int = 0
    completed: bool = False
    truncated: bool = False
    """Stopped at the playout's ``horizon`` (every check still ran on the steps played)."""
    crash: str | None = None
    dead_end: str | None = None
    runaway: bool = False
    replay_mismatch: str | None = None
    not_json: str | None = None
    mutation: str | None = None
    leak: str | None = None
    undo_violation: str | None = None
    legality: str | None = None
    effects: str | None = None
    """The pending-effect queue holds an unknown effect or an owner that is neither seat nor actor."""
    undos: int = 0
    winners: list[int] | None = None
    step_ms: list[float] = field(default_factory=list, repr=False)

    @property
    def clean(self) -> bool:
        """No problem of any kind (a runaway counts as a problem)."""
        return not (self.crash or self.dead_end or self.runaway or self.replay_mismatch
                    or self.not_json or self.mutation or self.leak or self.undo_violation or self.legality
                    or self.effects)

    def summary(self) -> dict[str, Any]:
        """JSON line for the CLI (without per-step timings)."""
        row = asdict(self)
        row.pop("step_ms")
        return row


def perturb_hidden(engine: Engine, state: State, seat: int | None, rnd: random.Random) -> State:
    """A state like ``state`` where everything hidden from ``seat`` is reshuffled (untouched parts
    are shared with ``state``: treat both as read-only).

    Hidden lists are grouped by their path with numbers wildcarded (``g.hands.*``); each group is
    pooled, shuffled and dealt back with the original lengths, so an opponent's hand may swap cards
    with another opponent's and a deck changes order. Games whose hidden zones have invariants
    across groups override ``perturb_hidden(state, seat, rnd)`` on the engine.
    """
    custom = getattr(engine, "perturb_hidden", None)
    if custom is not None:
        return custom(state, seat, rnd)
    groups: dict[str, list[tuple[str, list[Any]]]] = {}
    for root in engine.all_hidden_paths(state, seat):
        for path, pile in _piles(get_path(state, root), root):
            groups.setdefault(_wildcard(path), []).append((path, pile))
    replaced: dict[str, Any] = {}
    for piles in groups.values():
        pool = [item for _path, pile in piles for item in pile]
        rnd.shuffle(pool)
        for path, pile in piles:
            replaced[path] = pool[:len(pile)]
            del pool[:len(pile)]
    return replace_paths(state, replaced)


def _wildcard(path: str) -> str:
    return ".".join("*" if part.lstrip("-").isdigit() else part for part in path.split("."))


def _piles(value: Any, path: str) -> list[tuple[str, list[Any]]]:
    """(path, list) of every list inside ``value`` that holds no containers (the shufflable piles)."""
    if isinstance(value, dict):
        return [p for key, item in value.items() for p in _piles(item, f"{path}.{key}")]
    if isinstance(value, list):
        if any(isinstance(item, (dict, list)) for item in value):
            return [p for i, item in enumerate(value) for p in _piles(item, f"{path}.{i}")]
        return [(path, value)]
    return []


def _without_step(view: dict[str, Any]) -> dict[str, Any]:
    """A view minus the step counter (an undo advances it)."""
    return {k: v for k, v in view.items() if k != "step"}


class Playout:
    """One random game with every check; call :meth:`run`.

    How densely the per-step checks sample a game: leaks every ``leak_every`` steps, ``allows`` and input
    mutation every ``check_every`` steps (the plain-JSON check proportionally, and always at the end),
    and each closed run of undoable actions replayed on ``undo_perturbations`` perturbed pasts. The
    defaults are dense; a scale run over thousands of games may sample more sparsely (every game still
    gets every kind of check).
    """

    def __init__(self, engine: Engine, players: int, seed: int, options: dict[str, Any] | None = None,
                 *, max_steps: int = 20000, leak_every: int = 5, undo_chance: float = 0.15,
                 bots: bool = False, horizon: int | None = None, check_every: int = MUTATION_CHECK_EVERY,
                 undo_perturbations: int = 2, free_chance: float = 0.04) -> None:
        self.engine = engine
        self.rnd = random.Random(seed)
        self.options = options or {}
        self.max_steps = max_steps
        self.leak_every = leak_every
        self.undo_chance = undo_chance
        self.bots = bots
        self.horizon = horizon
        self.check_every = check_every
        self.undo_perturbations = undo_perturbations
        self.free_chance = free_chance
        self.json_every = max(1, JSON_CHECK_EVERY * check_every // MUTATION_CHECK_EVERY)
        self.report = PlayoutReport(engine.id, players, seed)
        self.log: list[tuple[int, str]] = []
        self.undo_trail: list[tuple[State, int, str]] = []
        self._known: tuple[State | None, int, list[Action]] = (None, -1, [])
        """The legal actions computed (and timed) after the last step: (state, seat, actions)."""

    def run(self) -> PlayoutReport:
        """Play to the end or the first problem; always returns the report."""
        report = self.report
        try:
            state = self.engine.setup(report.players, report.seed, self.options)
            self._check_state(state)
            while not self._stopped(state):
                state = self._one_step(state)
            if report.clean and (report.completed or report.truncated):
                self._check_replay(state)
                report.winners = state["result"]["winners"] if report.completed else None
        except Exception:  # noqa: BLE001 - the kit reports every crash
            report.crash = traceback.format_exc(limit=6)[-1500:]
        return report

    def _stopped(self, state: State) -> bool:
        report = self.report
        if not report.clean:
            return True
        if state["result"] is not None:
            report.completed = True
            return True
        if self.horizon is not None and report.steps >= self.horizon:
            report.truncated = True
            return True
        if report.steps >= self.max_steps:
            report.runaway = True
            return True
        return False

    def _one_step(self, state: State) -> State:
        engine, report = self.engine, self.report
        active = engine.active(state)
        if not active:
            report.dead_end = "no active seat but no result"
            return state
        seat = self.rnd.choice(active)
        check_mutation = report.steps % self.check_every == 0
        known_state, known_seat, known = self._known
        # The mover's actions every step, every active seat's on checked steps: a seat left with no action
        # is found when it is picked or at the next checked step, whichever comes first.
        legal = {s: known if known_state is state and s == known_seat else engine.legal_actions(state, s)
                 for s in (active if check_mutation else [seat])}
        for s, actions in legal.items():
            if not actions:
                report.dead_end = f"seat {s} active with no legal action at step {state['step']}"
                return state
        if report.steps % self.leak_every == 0:
            self._check_leaks(state)
        free = self._free_move(state)
        if free is not None:
            seat, action = free
        elif engine.can_undo(state, seat) and self.rnd.random() < self.undo_chance:
            action = UNDO
        elif self.bots:
            asked = pickle.dumps(state, pickle.HIGHEST_PROTOCOL) if check_mutation else b""
            action = engine.bot_action(state, seat)
            if check_mutation and pickle.dumps(state, pickle.HIGHEST_PROTOCOL) != asked:
                report.mutation = f"the bot's choice ({action}) changed the state it read"
        else:
            action = self.rnd.choice(legal[seat])
        if check_mutation and free is None:
            self._check_allows(state, seat, legal[seat])
            self._check_default(state, seat, legal[seat])
        before = pickle.dumps(state, pickle.HIGHEST_PROTOCOL) if check_mutation else b""
        started = time.perf_counter()
        new, events = engine.apply(state, seat, action)
        self._known = (new, seat, engine.legal_actions(new, seat))
        report.step_ms.append((time.perf_counter() - started) * 1000)
        if check_mutation and pickle.dumps(state, pickle.HIGHEST_PROTOCOL) != before:
            report.mutation = f"apply({action}) changed its input state"
        if events:
            engine.label(state, seat, action)
        for event in events:
            if not isinstance(event.get("text"), str):
                report.crash = f"bad event {event!r}"
        self._track_undo(state, new, seat, action)
        self.log.append((seat, str(action)))
        report.steps += 1
        if report.steps % self.json_every == 0 or new["result"] is not None:
            self._check_state(new)
        return new

    def _free_move(self, state: State) -> tuple[int, Action] | None:
        """Now and then (``free_chance``) a seat that may make a free action (``Engine.free_actions``) makes
        one, whoever's decision it is; its label must be words."""
        if type(self.engine).free_actions is Engine.free_actions:  # no free actions: the random stream is as before
            return None
        if not self.free_chance or self.rnd.random() >= self.free_chance:
            return None
        offers = [(s, a) for s in range(state["seats"]) for a in self.engine.free_actions(state, s)]
        if not offers:
            return None
        seat, action = self.rnd.choice(offers)
        if not self.engine.is_free(state, seat, action) or not self.engine.label(state, seat, action).strip():
            self.report.legality = f"free action {action} of seat {seat} is not free or has no label"
        return seat, action

    def _check_default(self, state: State, seat: int, legal: list[Action]) -> None:
        """The timeout default (what the host plays when a deadline passes) must be one of the legal actions;
        a default that raises is a crash."""
        default = self.engine.default_action(state, seat)
        if default not in legal:
            self.report.legality = f"default action {default} is not legal for seat {seat} at step {state['step']}"

    def _check_allows(self, state: State, seat: int, legal: list[Action]) -> None:
        """``Engine.allows`` must agree with ``legal_actions``: on every legal action, and on near misses
        made by changing one argument (to one of another legal action of the verb, any argument seen, or
        a number off by one)."""
        legal_set = set(legal)
        sample = legal if len(legal) <= 12 else self.rnd.sample(legal, 12)
        seen = sorted({str(arg) for a in legal for arg in a.args})
        candidates = list(sample)
        for action in sample:
            peers = [a for a in legal if a.verb == action.verb and len(a.args) == len(action.args)]
            for i, arg in enumerate(action.args):
                other = [self.rnd.choice(peers).args[i]]
                other += [arg + 1, arg - 1] if isinstance(arg, int) else [t for t in seen[:1] + seen[-1:]
                                                                            if not t.lstrip("-").isdigit()]
                for value in other:
                    try:
                        candidates.append(Action(action.verb, *action.args[:i], value, *action.args[i + 1:]))
                    except ValueError:  # not a well-formed action (too long): nothing to compare
                        continue
        for candidate in candidates:
            if self.engine.allows(state, seat, candidate) != (candidate in legal_set):
                self.report.legality = (f"allows({candidate}) disagrees with legal_actions at step {state['step']}"
                                        f" (in legal_actions: {candidate in legal_set})")
                return

    def _check_state(self, state: State) -> None:
        if not is_plain_json(state):
            self.report.not_json = f"state is not plain JSON at step {state['step']}"
        if self.engine.effects is not None:
            problem = effects.problems(self.engine.effects.names(), state)
            if problem:
                self.report.effects = f"{problem} at step {state['step']}"
        undeclared = self.engine.undeclared_paths(state)
        if undeclared and not self.report.leak:
            self.report.leak = (f"state path {undeclared[0]} is in no declared zone at step {state['step']} "
                                "(declare it public or secret in the game's zones)")

    def _track_undo(self, old: State, new: State, seat: int, action: Action) -> None:
        """Follow the undo history; each run of undoable actions is checked once, when it closes
        (``old`` is then the state after its last action), so the cost stays linear."""
        if action == UNDO:
            self.report.undos += 1
            self._check_undo_reveal(old, seat)
            expected, _, _ = self.undo_trail.pop()
            restored = {k: v for k, v in new.items() if k not in ("undo", "step")}
            wanted = {k: v for k, v in expected.items() if k not in ("undo", "step")}
            if restored != wanted:
                self.report.undo_violation = f"undo did not restore the state ({first_difference(restored, wanted)})"
            return
        if self.undo_trail and len(new["undo"]) <= 1:
            self._check_undo_reveal(old, self.undo_trail[-1][1])
            self.undo_trail = []
        if new["undo"]:
            self.undo_trail.append((old, seat, str(action)))

    def _check_undo_reveal(self, state: State, seat: int) -> None:
        """Undoable actions must not have told ``seat`` anything hidden from it at their start."""
        if not self.undo_trail:
            return
        origin = self.undo_trail[0][0]
        for _ in range(self.undo_perturbations):
            other = perturb_hidden(self.engine, origin, seat, self.rnd)
            try:
                for _old, s, action in self.undo_trail:
                    other, _ = self.engine.apply(other, s, action)
            except IllegalAction:
                self.report.undo_violation = (
                    f"undoable actions of seat {seat} depend on information hidden from it"
                )
                return
            except Exception as err:  # noqa: BLE001 - a perturbed state the game cannot handle
                self.report.crash = (
                    f"{type(err).__name__}: {err} while replaying on a perturbed state; the game's "
                    "hidden zones have invariants: override Engine.perturb_hidden"
                )
                return
            if _without_step(self.engine.view(other, seat)) != _without_step(self.engine.view(state, seat)):
                self.report.undo_violation = (
                    f"seat {seat} can undo across a reveal (step {state['step']}, "
                    f"actions {[a for _o, _s, a in self.undo_trail]})"
                )
                return

    def _check_leaks(self, state: State) -> None:
        for seat in [None, *range(state["seats"])]:
            view = self.engine.view(state, seat)
            other = perturb_hidden(self.engine, state, seat, self.rnd)
            if self.engine.view(other, seat) != view:
                where = first_difference(self.engine.view(other, seat), view)
                self.report.leak = f"view of seat {seat} shows hidden information at {where}"
                return

    def _check_replay(self, state: State) -> None:
        try:
            rebuilt = replay(self.engine, state["seats"], state["seed"], state["options"], self.log,
                             state["engine_version"])
        except IllegalAction as err:
            self.report.replay_mismatch = f"replaying the log hit an illegal action: {err}"
            return
        if dumps(rebuilt) != dumps(state):
            self.report.replay_mismatch = first_difference(rebuilt, state)


def playout(engine: Engine, players: int, seed: int, options: dict[str, Any] | None = None,
            **kwargs: Any) -> PlayoutReport:
    """One random legal playout with all checks."""
    return Playout(engine, players, seed, options, **kwargs).run()


def fuzz(engine: Engine, players: list[int] | tuple[int, ...], games: int, seed: int = 0,
         options: dict[str, Any] | None = None, **kwargs: Any) -> list[PlayoutReport]:
    """``games`` playouts spread over the player counts, seeds ``seed, seed+1, …``."""
    return [playout(engine, players[i % len(players)], seed + i, options, **kwargs) for i in range(games)]


def assert_clean(reports: list[PlayoutReport]) -> None:
    """Fail (AssertionError) with the first problem found, naming seed and player count (a playout stopped at
    its horizon counts as finished)."""
    for report in reports:
        if not report.clean or not (report.completed or report.truncated):
            raise AssertionError(f"{report.game} {report.players}p seed {report.seed}: {report.summary()}")
