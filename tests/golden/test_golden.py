"""Golden playthroughs: fixed games of every game with golden cases replay exactly as recorded.

Each file under ``tests/<game>/golden/`` is a game played once (cases in ``cases.json``): per step the
prompt, the labels offered, undo, the timeout default, a hash of every seat's view and the spectator's, the
action and its events, then the outcome. A replay that differs fails naming the first differing step and
field. After a deliberate rules or text change, regenerate and review the diff::

    python -m tests.golden --write [game ...]
    git diff --stat tests/*/golden
"""

from __future__ import annotations

import copy

import pytest

from tests.golden.__main__ import main
from tests.golden.record import Case, cases, check, games, load

CASES = cases()


def test_every_game_with_goldens_has_cases_and_no_stray_files() -> None:
    assert {"robo_rescue", "euphoria"} <= set(games())
    for game in games():
        listed = {c.path for c in CASES if c.game == game}
        assert listed, game
        folder = next(iter(listed)).parent
        assert set(folder.glob("*.jsonl")) == listed, "golden files without a case in cases.json"


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_golden_playthrough_replays_exactly(case: Case) -> None:
    assert case.path.exists(), f"{case.id}: no golden file; run python -m tests.golden --write {case.game}"
    rows = load(case)
    assert rows[0]["seats"] == case.players and rows[0]["seed"] == case.seed, "cases.json changed: --write"
    assert len(rows) > 3 and rows[-1]["outcome"] is not None
    problem = check(rows)
    assert problem is None, f"{case.id}: {problem} (python -m tests.golden --write {case.game} if deliberate)"


@pytest.fixture(scope="module")
def rows() -> list[dict]:
    return load(next(c for c in CASES if c.id == "robo_rescue/2p_bot"))


def corrupted(rows: list[dict], step: int, field: str, value: object) -> list[dict]:
    bad = copy.deepcopy(rows)
    bad[step + 1][field] = value
    return bad


def test_a_difference_names_the_first_step_and_field(rows: list[dict]) -> None:
    labels = copy.deepcopy(rows[6]["labels"])
    labels[-1][1] = "Something else"
    problem = check(corrupted(rows, 5, "labels", labels))
    assert problem.startswith(f"step 5 (seat {rows[6]['seat']} plays {rows[6]['action']!r}): "
                              f"labels.{len(labels) - 1}.1 differs: golden ")
    assert '"Something else"' in problem
    views = {**rows[4]["views"], "1": "0" * 16}
    assert check(corrupted(rows, 3, "views", views)).startswith("step 3 (seat ")
    assert "views.1 differs" in check(corrupted(rows, 3, "views", views))
    assert "prompt differs" in check(corrupted(rows, 9, "prompt", "?"))
    talky = next(row["step"] for row in rows[1:-1] if row["events"])
    assert check(corrupted(rows, talky, "events", [])).startswith(f"step {talky} ")
    assert ": events (length " in check(corrupted(rows, talky, "events", []))


def test_a_changed_outcome_setup_or_unplayable_log_is_named(rows: list[dict]) -> None:
    bad = copy.deepcopy(rows)
    bad[-1]["outcome"]["winners"] = [9]
    assert check(bad).startswith(f"end after step {len(rows) - 3}: outcome.winners")
    bad = copy.deepcopy(rows)
    bad[0]["setup_events"] = []
    assert check(bad).startswith("setup: setup_events")
    assert "no longer legal" in check(corrupted(rows, 0, "action", "face:Q"))
    assert check(rows) is None


def test_the_command_checks_and_reports_each_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["robo_rescue"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [f"{c.id}: ok" for c in CASES if c.game == "robo_rescue"]
