"""The testing kit: Tiny Duel fuzzes clean, and deliberately broken engines are caught."""

from __future__ import annotations

import random
import time
from typing import Any, ClassVar

import pytest

from bench.fuzz import SCALE_FLAGS
from engines.core import Action, Engine, Game, State, Step, dumps
from engines.core.kit import SCALE_SAMPLING, Playout, PlayoutReport, assert_clean, fuzz, perturb_hidden, playout
from tests.core._play import to_turn
from tests.fixtures.tiny import Bid, ChooseTarget, TinyDuel, Turn, register
from tests.sizes import scaled

PROBLEMS = ("crash", "dead_end", "runaway", "replay_mismatch", "not_json", "mutation", "leak",
            "undo_violation")


def problems(report: PlayoutReport) -> set[str]:
    return {name for name in PROBLEMS if getattr(report, name)}


# -- Tiny Duel is clean -----------------------------------------------------------------------------

def test_fuzz_tiny_duel_120_games_over_1_to_4_players() -> None:
    reports = fuzz(register(), [1, 2, 3, 4], scaled(120, 3000), seed=0)
    assert_clean(reports)
    assert len(reports) == 120
    assert [r.players for r in reports[:8]] == [1, 2, 3, 4, 1, 2, 3, 4]
    assert [r.seed for r in reports] == list(range(120))
    assert all(r.completed and r.clean and r.winners for r in reports)
    assert all(len(r.step_ms) == r.steps > 0 for r in reports)
    assert sum(r.undos for r in reports) > 100


def test_fuzz_with_options_and_bots_is_clean() -> None:
    assert_clean(fuzz(register(), [2, 3], 10, seed=500, options={"rounds": 4, "dice": False}))
    assert_clean(fuzz(register(), [1, 4], 10, seed=900, bots=True))


def test_playout_is_deterministic_per_seed() -> None:
    first, second = playout(register(), 3, 17), playout(register(), 3, 17)
    assert first.summary() == second.summary()
    assert first.steps == second.steps and first.winners == second.winners


def test_summary_is_a_json_row_without_timings() -> None:
    row = playout(register(), 2, 1).summary()
    assert "step_ms" not in row
    assert {"game", "players", "seed", "steps", "completed", "winners", "undos", *PROBLEMS} <= set(row)


def test_a_horizon_stops_a_playout_early_with_every_check_run() -> None:
    report = playout(register(), 3, 2, horizon=6)
    assert report.truncated and not report.completed and report.steps == 6 and report.clean
    assert report.winners is None
    assert_clean([report])  # an opening checked up to its horizon counts as finished
    assert playout(CrashingDuel(), 2, 0, horizon=500).crash  # problems before the horizon are still found


def test_assert_clean_names_the_first_problem() -> None:
    good = PlayoutReport("tiny", 2, 1, completed=True)
    assert_clean([good])
    with pytest.raises(AssertionError, match="tiny 3p seed 7"):
        assert_clean([good, PlayoutReport("tiny", 3, 7, completed=True, leak="somewhere")])
    with pytest.raises(AssertionError, match="tiny 2p seed 4"):
        assert_clean([PlayoutReport("tiny", 2, 4, completed=False)])


def test_perturb_hidden_keeps_what_the_seat_sees() -> None:
    eng = register()
    state = to_turn(eng, players=3, seed=2)
    changed = False
    for seed in range(10):
        other = perturb_hidden(eng, state, 0, random.Random(seed))
        assert other["g"]["hands"]["0"] == state["g"]["hands"]["0"]
        assert sorted(other["g"]["deck"]) == sorted(state["g"]["deck"])
        assert sorted(other["g"]["hands"]["1"] + other["g"]["hands"]["2"]) == sorted(
            state["g"]["hands"]["1"] + state["g"]["hands"]["2"])
        assert dumps(eng.view(other, 0)) == dumps(eng.view(state, 0))
        changed |= dumps(other) != dumps(state)
    assert changed
    assert dumps(state) == dumps(to_turn(eng, players=3, seed=2))


# -- broken engines ---------------------------------------------------------------------------------

class LeakyDuel(TinyDuel):
    """(a) Shows every hand on the table."""

    id = "broken_leak"

    def table_view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {**super().table_view(state, seat), "hands": state["g"]["hands"]}


class TopCardDuel(TinyDuel):
    """(a') Shows the top card of the hidden deck."""

    id = "broken_top_card"

    def table_view(self, state: State, seat: int | None) -> dict[str, Any]:
        deck = state["g"]["deck"]
        return {**super().table_view(state, seat), "next": deck[0] if deck else None}


@pytest.mark.parametrize("engine", [LeakyDuel(), TopCardDuel()], ids=lambda e: e.id)
def test_kit_catches_a_leak(engine: TinyDuel) -> None:
    report = playout(engine, 2, 0)
    assert report.leak and report.leak.startswith("view of seat")
    assert not report.completed and not report.clean


class Stuck(Step):
    name = "stuck"

    def actions(self, g: Game, seat: int) -> list[Action]:
        return []

    def act(self, g: Game, seat: int, action: Action) -> None:
        raise AssertionError("unreachable")


class Nobody(Step):
    name = "nobody"

    def active(self, g: Game) -> list[int]:
        return []

    def actions(self, g: Game, seat: int) -> list[Action]:
        return [Action("go")]

    def act(self, g: Game, seat: int, action: Action) -> None:
        raise AssertionError("unreachable")


class Wait(Step):
    name = "wait"

    def actions(self, g: Game, seat: int) -> list[Action]:
        return [Action("wait")]

    def act(self, g: Game, seat: int, action: Action) -> None:
        g.g["waited"] += 1
        g.goto("wait", seat=(seat + 1) % g.seats)


class Minimal(Engine):
    """A one-step game that starts on ``first``."""

    title = "Minimal"
    min_players = 1
    max_players = 4
    first = ""

    def start(self, g: Game) -> None:
        g.g["waited"] = 0
        g.goto(self.first, seat=0)

    def table_view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"waited": state["g"]["waited"]}


class DeadEnd(Minimal):
    """(b) The active seat has no legal action."""

    id = "broken_dead_end"
    steps = (Stuck,)
    first = "stuck"


class NobodyActs(Minimal):
    """(b') Nobody is active but there is no result."""

    id = "broken_nobody"
    steps = (Nobody,)
    first = "nobody"


class Forever(Minimal):
    """(c) Never ends."""

    id = "broken_forever"
    steps = (Wait,)
    first = "wait"


class NoTargetSolo(ChooseTarget):
    """Solo gift has no target and no way back."""

    def actions(self, g: Game, seat: int) -> list[Action]:
        return [Action("target", s) for s in range(g.seats) if s != seat]


class GiftTrapDuel(TinyDuel):
    """(b'') A dead end deep in a game: a solo gift strands the player."""

    id = "broken_gift_trap"
    steps = (Bid, Turn, NoTargetSolo)


def test_kit_catches_a_dead_end() -> None:
    report = playout(DeadEnd(), 2, 0)
    assert report.dead_end == "seat 0 active with no legal action at step 0"
    assert not report.completed and report.steps == 0
    report = playout(NobodyActs(), 1, 0)
    assert report.dead_end == "no active seat but no result"


def test_kit_catches_a_dead_end_mid_game() -> None:
    flagged = 0
    for seed in range(6):
        run = Playout(GiftTrapDuel(), 1, seed)
        report = run.run()
        gifted = "gift" in [action for _, action in run.log]
        assert bool(report.dead_end) is gifted
        if gifted:
            flagged += 1
            assert run.log[-1][1] == "gift"
            assert report.dead_end == f"seat 0 active with no legal action at step {report.steps}"
    assert flagged >= 4
    assert_clean(fuzz(GiftTrapDuel(), [2], 5))


def test_kit_catches_a_runaway() -> None:
    report = playout(Forever(), 3, 0, max_steps=50)
    assert report.runaway is True
    assert report.steps == 50 and not report.completed and not report.clean
    assert problems(report) == {"runaway"}


class PeekingBid(Bid):
    """(d) Listing actions writes into the state it was given."""

    def actions(self, g: Game, seat: int) -> list[Action]:
        g.g["peeks"] = g.g.get("peeks", 0) + 1
        return super().actions(g, seat)


class MutatingDuel(TinyDuel):
    id = "broken_mutation"
    steps = (PeekingBid, Turn, ChooseTarget)


def test_kit_catches_mutation_of_the_input_state() -> None:
    report = playout(MutatingDuel(), 2, 0)
    assert report.mutation and report.mutation.startswith("apply(")
    assert "changed its input state" in report.mutation
    assert not report.completed


class NosyBotDuel(TinyDuel):
    """(d') The bot's choice writes into the state it reads (the Stress Botics storage bug of stop 30)."""

    id = "broken_bot_mutation"

    def bot_action(self, state: State, seat: int) -> Action:
        state.setdefault("g", {})["asked"] = state["step"]
        return super().bot_action(state, seat)


def test_kit_catches_a_bot_that_changes_the_state_it_reads() -> None:
    report = playout(NosyBotDuel(), 2, 0, bots=True)
    assert report.mutation and "the bot's choice" in report.mutation
    assert not playout(TinyDuel(), 2, 0, bots=True).mutation


class LaxBid(Bid):
    """(i) A fast ``allows`` that accepts any bid, even of a card not in hand."""

    def allows(self, g: Game, seat: int, action: Action) -> bool:
        return action.verb == "bid" or action in self.actions(g, seat)


class LaxDuel(TinyDuel):
    id = "broken_allows"
    steps = (LaxBid, Turn, ChooseTarget)


def test_kit_catches_allows_disagreeing_with_legal_actions() -> None:
    report = playout(LaxDuel(), 3, 1)
    assert report.legality and report.legality.startswith("allows(bid:")
    assert "(in legal_actions: False)" in report.legality
    assert not report.clean
    assert playout(TinyDuel(), 3, 1).legality is None


class BadDefaultBid(Bid):
    """(j) A timeout default that is not a legal action (bids a card the seat does not hold)."""

    def default(self, g: Game, seat: int) -> Action:
        return Action("bid", 99)


class BadDefaultDuel(TinyDuel):
    id = "broken_default"
    steps = (BadDefaultBid, Turn, ChooseTarget)


class CrashingDefaultBid(Bid):
    """(k) A timeout default that raises (as Euphoria's did on a one-argument trade action)."""

    def default(self, g: Game, seat: int) -> Action:
        return self.actions(g, seat)[0].args[5]


class CrashingDefaultDuel(TinyDuel):
    id = "broken_default_crash"
    steps = (CrashingDefaultBid, Turn, ChooseTarget)


def test_kit_catches_a_timeout_default_that_is_illegal_or_raises() -> None:
    report = playout(BadDefaultDuel(), 2, 1)
    assert report.legality and report.legality.startswith("default action bid:99 is not legal")
    crashed = playout(CrashingDefaultDuel(), 2, 1)
    assert crashed.crash and "IndexError" in crashed.crash
    assert playout(TinyDuel(), 2, 1).clean


class NotJsonDuel(TinyDuel):
    """(e) Puts a non-JSON value in the state."""

    id = "broken_not_json"
    value: Any = None

    def start(self, g: Game) -> None:
        super().start(g)
        g.g["extra"] = self.value


class TupleDuel(NotJsonDuel):
    value = (1, 2)


class SetDuel(NotJsonDuel):
    value: ClassVar[set[int]] = {1, 2}


class IntKeyDuel(NotJsonDuel):
    value: ClassVar[dict[int, str]] = {1: "one"}


class NanDuel(NotJsonDuel):
    value = float("nan")


@pytest.mark.parametrize("engine", [TupleDuel(), SetDuel(), IntKeyDuel(), NanDuel()],
                         ids=["tuple", "set", "int_key", "nan"])
def test_kit_catches_non_json_state(engine: NotJsonDuel) -> None:
    report = playout(engine, 2, 0)
    assert report.not_json == "state is not plain JSON at step 0"
    assert not report.completed and report.steps == 0


class TupleMarkTurn(Turn):
    def act(self, g: Game, seat: int, action: Action) -> None:
        super().act(g, seat, action)
        if action.verb == "mark":
            g.g["marks"][str(seat)] = (action.args[0],)


class LateTupleDuel(TinyDuel):
    """(e') A tuple appears mid-game."""

    id = "broken_late_tuple"
    steps = (Bid, TupleMarkTurn, ChooseTarget)


def test_kit_catches_non_json_state_mid_game() -> None:
    reports = fuzz(LateTupleDuel(), [2], 6)
    flagged = [r for r in reports if r.not_json]
    assert len(flagged) >= 4
    assert all(r.not_json.startswith("state is not plain JSON at step ") for r in flagged)
    assert all(r.not_json != "state is not plain JSON at step 0" for r in flagged)


class HandDrawTurn(Turn):
    """(f) Draws by popping the hidden deck by hand, so the core never hears of the reveal."""

    def act(self, g: Game, seat: int, action: Action) -> None:
        if action.verb != "draw":
            super().act(g, seat, action)
            return
        g.g["hands"][str(seat)].append(g.g["deck"].pop(0))
        g.log(f"{{seat{seat}}} draws a card.")


class HandDrawDuel(TinyDuel):
    id = "broken_hand_draw"
    steps = (Bid, HandDrawTurn, ChooseTarget)


def test_kit_catches_undo_across_a_hidden_draw() -> None:
    engine = HandDrawDuel()
    state = to_turn(engine)
    drawn, _ = engine.apply(state, 0, "draw")
    assert engine.can_undo(drawn, 0), "the broken engine should keep its undo history"
    flagged = 0
    for seed in range(12):
        run = Playout(engine, 2, seed)
        report = run.run()
        if report.undo_violation:
            flagged += 1
            assert "can undo across a reveal" in report.undo_violation
            assert "'draw'" in report.undo_violation
            assert problems(report) == {"undo_violation"}
        else:
            assert "draw" not in [action for _, action in run.log]
    assert flagged >= 10


class BadUndoDuel(TinyDuel):
    """(f') An undo that does not restore the game's part of the state."""

    id = "broken_undo"

    def _undo(self, state: State, seat: int) -> tuple[State, list]:
        restored, events = super()._undo(state, seat)
        restored["g"] = state["g"]
        return restored, events


def test_kit_catches_an_undo_that_does_not_restore() -> None:
    reports = fuzz(BadUndoDuel(), [2], 10)
    flagged = [r for r in reports if r.undo_violation]
    assert flagged and all(r.undo_violation.startswith("undo did not restore the state") for r in flagged)


class CrashingTurn(Turn):
    """(g) Raises on roll."""

    def act(self, g: Game, seat: int, action: Action) -> None:
        if action.verb == "roll":
            raise ZeroDivisionError("boom in roll")
        super().act(g, seat, action)


class CrashingDuel(TinyDuel):
    id = "broken_crash"
    steps = (Bid, CrashingTurn, ChooseTarget)


class CrashOnStart(TinyDuel):
    id = "broken_crash_start"

    def start(self, g: Game) -> None:
        raise KeyError("missing data")


def test_kit_catches_a_crash() -> None:
    reports = fuzz(CrashingDuel(), [2, 3], 6)
    assert all(r.crash and "ZeroDivisionError: boom in roll" in r.crash for r in reports)
    assert not any(r.completed for r in reports)
    report = playout(CrashOnStart(), 2, 0)
    assert report.crash and "KeyError: 'missing data'" in report.crash


class SaltedDuel(TinyDuel):
    """(h) Uses the random module at setup."""

    id = "broken_random_salt"

    def start(self, g: Game) -> None:
        super().start(g)
        g.g["salt"] = random.random()


class ClockTurn(Turn):
    def act(self, g: Game, seat: int, action: Action) -> None:
        g.g["clock"] = time.perf_counter_ns()
        super().act(g, seat, action)


class ClockDuel(TinyDuel):
    """(h') Stamps the wall clock on every turn action."""

    id = "broken_clock"
    steps = (Bid, ClockTurn, ChooseTarget)


class ShuffledDuel(TinyDuel):
    """(h'') Shuffles the deck with the random module: a replay soon hits an illegal move."""

    id = "broken_random_deck"

    def start(self, g: Game) -> None:
        super().start(g)
        everything = g.g["deck"] + [c for h in g.g["hands"].values() for c in h]
        random.shuffle(everything)
        for seat in g.g["hands"]:
            g.g["hands"][seat] = [everything.pop() for _ in range(3)]
        g.g["deck"] = everything


@pytest.mark.parametrize(("engine", "where"), [(SaltedDuel(), "g.salt"), (ClockDuel(), "g.clock")],
                         ids=["random", "clock"])
def test_kit_catches_a_replay_mismatch(engine: TinyDuel, where: str) -> None:
    for seed in range(3):
        report = playout(engine, 2, seed)
        assert report.completed
        assert report.replay_mismatch == where
        assert problems(report) == {"replay_mismatch"}


def test_kit_reports_an_unreplayable_log_as_a_replay_mismatch() -> None:
    reports = fuzz(ShuffledDuel(), [2, 3], 8)
    assert all(r.completed and problems(r) == {"replay_mismatch"} for r in reports)
    assert sum(r.replay_mismatch.startswith("replaying the log hit an illegal action: ") for r in reports) >= 4


SCALE = SCALE_SAMPLING
"""The sparser sampling of a long run (``python -m bench.fuzz``, a playout CLI run beyond 300 games)."""


@pytest.mark.parametrize(("engine", "problem"), [
    (LeakyDuel(), "leak"), (TopCardDuel(), "leak"), (MutatingDuel(), "mutation"), (LaxDuel(), "legality"),
    (HandDrawDuel(), "undo_violation"), (BadUndoDuel(), "undo_violation"),
], ids=lambda p: getattr(p, "id", p))
def test_scale_sampling_still_catches_every_broken_engine(engine: TinyDuel, problem: str) -> None:
    reports = fuzz(engine, [2, 3], 12, **SCALE)
    assert any(getattr(r, problem) for r in reports), f"no {problem} found with {SCALE}"


def test_scale_sampling_keeps_clean_games_clean() -> None:
    assert_clean(fuzz(TinyDuel(), [1, 2, 3, 4], 40, **SCALE))


def test_scale_sampling_matches_the_fuzz_cli() -> None:
    flags = dict(zip(SCALE_FLAGS[::2], SCALE_FLAGS[1::2], strict=True))
    assert {k.lstrip("-").replace("-", "_"): int(v) for k, v in flags.items()} == SCALE
