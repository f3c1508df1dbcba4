"""The registry (`engines.get`, register/unregister) and the `python -m engines` command line."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import engines
from engines.cli import check_density, main
from engines.core import Action, Game, export_replay
from engines.core.kit import DENSE_SAMPLING, SCALE_SAMPLING
from tests.core._play import random_game
from tests.fixtures.tiny import TinyDuel, Turn, register

ROOT = Path(__file__).resolve().parents[2]
SUMMARY_KEYS = {"game", "games", "completed", "crashes", "dead_ends", "runaways", "replay_mismatches",
                "leaks", "step_ms_p50", "step_ms_p99"}


@pytest.fixture(autouse=True)
def only_fixture_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Keep the shipped games out: these tests are about the registry, not about any game."""
    monkeypatch.setattr(engines, "KNOWN_GAMES", ())
    register()
    yield


class Sprint(TinyDuel):
    id = "core_test_sprint"
    title = "A Sprint"


class RollCrashTurn(Turn):
    def act(self, g: Game, seat: int, action: Action) -> None:
        if action.verb in ("roll", "done"):
            raise RuntimeError("broken on purpose")
        super().act(g, seat, action)


class BrokenDuel(TinyDuel):
    id = "core_test_broken"
    title = "Broken Duel"
    steps = (TinyDuel.steps[0], RollCrashTurn, TinyDuel.steps[2])


@pytest.fixture
def temporary() -> Iterator[list[str]]:
    ids: list[str] = []
    yield ids
    for engine_id in ids:
        engines.unregister(engine_id)


# -- registry ---------------------------------------------------------------------------------------

def test_get_unknown_id_names_the_known_ids() -> None:
    with pytest.raises(KeyError) as err:
        engines.get("no_such_game")
    message = err.value.args[0]
    assert message.startswith("unknown game 'no_such_game' (known: ")
    assert "tiny" in message


def test_get_returns_the_registered_instance() -> None:
    assert engines.get("tiny") is register()
    assert register() is register()


def test_register_and_unregister(temporary: list[str]) -> None:
    sprint = Sprint()
    assert engines.register(sprint) is sprint
    temporary.append(sprint.id)
    assert engines.get("core_test_sprint") is sprint
    assert sprint in engines.all()
    titles = [e.title for e in engines.all()]
    assert titles == sorted(titles) and titles.index("A Sprint") < titles.index("Tiny Duel")
    again = Sprint()
    engines.register(again)
    assert engines.get("core_test_sprint") is again
    assert [e.id for e in engines.all()].count("core_test_sprint") == 1
    engines.unregister("core_test_sprint")
    with pytest.raises(KeyError, match="core_test_sprint"):
        engines.get("core_test_sprint")
    assert all(e.id != "core_test_sprint" for e in engines.all())
    engines.unregister("core_test_sprint")
    engines.unregister("never_registered")


def test_an_engine_needs_an_id() -> None:
    nameless = type("Nameless", (TinyDuel,), {"id": ""})()
    with pytest.raises(ValueError, match="needs an id"):
        engines.register(nameless)


def test_a_known_game_that_is_not_installed_is_unknown(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engines, "KNOWN_GAMES", ("core_test_absent_game",))
    with pytest.raises(KeyError, match="unknown game 'core_test_absent_game'"):
        engines.get("core_test_absent_game")
    assert "tiny" in [e.id for e in engines.all()]


# -- CLI: list ----------------------------------------------------------------------------------------

def test_list_prints_one_json_line_per_engine(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    tiny = [row for row in rows if row["id"] == "tiny"]
    assert tiny == [{"id": "tiny", "title": "Tiny Duel", "version": 1, "players": [1, 4],
                     "options": register().options_schema.describe()}]
    assert len(rows) == len(engines.all())


# -- CLI: playout -------------------------------------------------------------------------------------

def test_playout_prints_games_then_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["playout", "tiny", "--players", "2,3", "--games", "6", "--seed", "3", "--jobs", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert code == 0
    assert len(lines) == 7
    games = [json.loads(line) for line in lines[:6]]
    assert [g["players"] for g in games] == [2, 3, 2, 3, 2, 3]
    assert [g["seed"] for g in games] == [3, 4, 5, 6, 7, 8]
    assert all(g["game"] == "tiny" and g["completed"] and g["crash"] is None for g in games)
    summary = json.loads(lines[-1])
    assert set(summary) >= SUMMARY_KEYS
    assert summary["game"] == "tiny" and summary["games"] == 6 and summary["completed"] == 6
    for key in ("crashes", "dead_ends", "runaways", "replay_mismatches", "leaks", "undo_violations",
                "not_json", "mutations"):
        assert summary[key] == 0, key
    assert 0 < summary["step_ms_p50"] <= summary["step_ms_p99"]


def test_a_long_run_samples_its_checks_at_the_scale_density() -> None:
    # every game of a run of thousands still gets every kind of check, on fewer of its steps
    parse = _playout_args
    assert check_density(parse("--games", "300")) == DENSE_SAMPLING
    assert check_density(parse("--games", "2000")) == SCALE_SAMPLING
    assert check_density(parse("--games", "2000", "--leak-every", "3")) == {**SCALE_SAMPLING, "leak_every": 3}
    assert check_density(parse("--games", "5", "--undo-perturbations", "4"))["undo_perturbations"] == 4


def _playout_args(*extra: str) -> argparse.Namespace:
    return argparse.Namespace(**{"games": 100, "leak_every": None, "check_every": None, "undo_perturbations": None,
                                 **{a.lstrip("-").replace("-", "_"): int(v) for a, v in zip(extra[::2], extra[1::2],
                                                                                          strict=True)}})


def test_playout_options_and_quiet(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["playout", "tiny", "--games", "3", "--options", '{"rounds": 1, "dice": "no"}', "--quiet",
                 "--jobs", "1", "--bots"])
    lines = capsys.readouterr().out.splitlines()
    assert code == 0 and len(lines) == 1
    assert json.loads(lines[0])["completed"] == 3


def test_playout_of_a_broken_engine_fails(capsys: pytest.CaptureFixture[str], temporary: list[str]) -> None:
    engines.register(BrokenDuel())
    temporary.append(BrokenDuel.id)
    code = main(["playout", BrokenDuel.id, "--games", "4", "--quiet", "--jobs", "1"])
    lines = capsys.readouterr().out.splitlines()
    assert code == 1
    summary = json.loads(lines[-1])
    assert summary["crashes"] == 4 and summary["completed"] == 0
    assert len(lines) == 5
    assert all("broken on purpose" in json.loads(line)["crash"] for line in lines[:4])


def test_playout_runaway_fails(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["playout", "tiny", "--games", "2", "--max-steps", "3", "--jobs", "1"]) == 1
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["runaways"] == 2


def test_playout_in_worker_processes_reports_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["playout", "tiny", "--players", "2,3", "--games", "5", "--seed", "11"]
    assert main([*args, "--jobs", "1"]) == 0
    alone = capsys.readouterr().out.splitlines()
    assert main([*args, "--jobs", "2"]) == 0
    shared = capsys.readouterr().out.splitlines()
    assert len(alone) == len(shared) == 6
    assert alone[:5] == shared[:5]  # every game, in seed order; only the timings in the summary differ
    summary = json.loads(shared[-1])
    assert summary["games"] == summary["completed"] == 5


def test_unknown_game_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["playout", "no_such_game"]) == 2
    err = capsys.readouterr().err
    assert "unknown game 'no_such_game'" in err and "tiny" in err


# -- CLI: replay --------------------------------------------------------------------------------------

def write_replay(tmp_path: Path, name: str = "game.json", **changes: object) -> Path:
    eng = register()
    final, log = random_game(eng, 3, 12)
    assert any(action == "undo" for _, action in log)
    document = {**export_replay(final, log), **changes}
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def test_replay_of_an_exported_game_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_replay(tmp_path)
    document = json.loads(path.read_text(encoding="utf-8"))
    assert main(["replay", str(path)]) == 0
    row = json.loads(capsys.readouterr().out.strip())
    assert row["ok"] is True and row["engine"] == "tiny"
    assert row["actions"] == len(document["actions"])
    assert row["result"]["reason"] == "most points"


def test_replay_of_a_tampered_game_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(write_replay(tmp_path, final_hash="0123456789abcdef"))]) == 1
    assert "replay FAILED" in capsys.readouterr().err
    path = write_replay(tmp_path, "short.json")
    document = json.loads(path.read_text(encoding="utf-8"))
    document["actions"] = document["actions"][:-1]
    path.write_text(json.dumps(document), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    assert "final state hash" in capsys.readouterr().err
    document["actions"] = [[1, "done"], *document["actions"]]
    path.write_text(json.dumps(document), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    assert "replay FAILED" in capsys.readouterr().err


def test_replay_for_an_unknown_engine_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(write_replay(tmp_path, engine="no_such_game"))]) == 1
    assert "unknown game 'no_such_game'" in capsys.readouterr().err


def test_module_entry_point() -> None:
    done = subprocess.run([sys.executable, "-m", "engines", "playout", "no_such_game"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert "unknown game 'no_such_game'" in done.stderr
