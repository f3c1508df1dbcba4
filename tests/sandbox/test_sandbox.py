"""The terminal sandbox (`python -m bot.sandbox`) driving the real GameService with Tiny Duel."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import engines
from bot.sandbox import main
from bot.sandbox.reading import ReadingCommands
from engines.core import check_replay
from tests.fixtures.tiny import register

ROOT = Path(__file__).resolve().parents[2]
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(autouse=True)
def only_tiny(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Only the fixture game: the sandbox must work with whatever engine is registered."""
    monkeypatch.setattr(engines, "KNOWN_GAMES", ())
    register()
    yield


def sandbox(tmp_path: Path, script: str, *args: str, images: bool = False) -> tuple[int, str, str]:
    """Run ``main`` on a script; returns (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    argv = ["tiny", "--players", "2", "--seed", "7", "--db", str(tmp_path / "sandbox.db"),
            "--out", str(tmp_path / "out"), *args, *([] if images else ["--no-images"])]
    code = main(argv, stdin=io.StringIO(script), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def error_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("! ")]


def test_scripted_full_game_ends_writes_boards_and_replays(tmp_path: Path) -> None:
    replay_file = tmp_path / "replay.json"
    code, out, err = sandbox(tmp_path, f"auto 500\nstatus\nexport {replay_file}\nquit\n", images=True)
    assert code == 0, err
    assert "Game over. Winner" in out
    assert "(most points)" in out
    assert out.rstrip().endswith("Bye.")
    document = json.loads(replay_file.read_text(encoding="utf-8"))
    state = check_replay(engines.get("tiny"), document)
    assert state["result"] is not None
    assert sorted(document["players"]) == ["Player 1", "Player 2"]
    final = len(document["actions"])
    boards = {p.name for p in (tmp_path / "out").glob("board-*.png")}
    assert boards == {f"board-{v}.png" for v in range(final + 1)}
    assert (tmp_path / "out" / f"board-{final}.png").read_bytes().startswith(PNG)
    assert not error_lines(out)


def test_bad_commands_print_errors_and_hints_without_crashing(tmp_path: Path) -> None:
    script = "\n".join([
        "frobnicate", "staus", "play", "play not-a-move-at-all", "play lock", "7", "moves", "play 99",
        "as nobody", "log x", "auto x", "bid:99", "# a comment", "", "status",
    ]) + "\n"
    code, out, err = sandbox(tmp_path, script)
    assert code == 0, err
    assert "? Unknown command 'frobnicate'. Type `help` for the list." in out
    assert "did you mean: status?" in out
    errors = error_lines(out)
    assert any("Play what?" in e for e in errors)
    assert any("not a legal move now" in e for e in errors)
    assert any(e == "! “lock” is not a legal move now." for e in errors)
    assert any("Numbers refer to the `moves` list" in e for e in errors)
    assert any("Choose a number from 1 to 3" in e for e in errors)
    assert any("No player 'nobody' here" in e for e in errors)
    assert any(e.startswith("! Usage: log") for e in errors)
    assert any(e.startswith("! Usage: auto") for e in errors)
    assert re.search(r"^  try: Bid card \d+ \(bid:\d+\)$", out, re.M)
    assert "Tiny Duel #1: running, version 0" in out
    assert not err


def test_moves_play_by_number_label_and_id_then_undo(tmp_path: Path) -> None:
    code, out, _ = sandbox(tmp_path, "moves\nplay 1\nmoves\nplay 2\nundo\nplay Lock in my bid\nlog\n")
    assert code == 0
    assert re.search(r"^   1\. Bid card \d+  \(bid:\d+\)$", out, re.M)
    assert re.search(r"^   4\. Undo your last action  \(undo\)$", out, re.M)
    assert "took back an action." in out
    assert re.search(r"^Player \d: Lock in my bid$", out, re.M)
    assert "-> now acting as" in out
    assert not error_lines(out)


def test_as_switches_the_acting_user_and_turns_are_enforced(tmp_path: Path) -> None:
    script = "who\nas p2\nwho\nmoves\nplay 1\nplay lock\nas p2\nplay lock\nas seat 1\nas Player 2\nas\n"
    code, out, _ = sandbox(tmp_path, script)
    assert code == 0
    assert "Now acting as Player 2 (p2, seat " in out
    assert re.search(r"^  seat \d: Player 2 \(p2\)  to act, <- you$", out, re.M)
    # p2 locked in, so the sandbox switched to the other active human (p1) and said so.
    assert "-> now acting as Player 1 (p1, seat " in out
    assert any("It is not your turn." in e for e in error_lines(out))
    assert re.search(r"^  type `as p1` to act for Player 1 \(seat \d\)$", out, re.M)
    assert out.count("Now acting as") == 4
    assert out.rstrip().splitlines()[-1].startswith("You are Player 2 (p2, seat ")


def test_bots_fill_seats_and_cannot_be_impersonated(tmp_path: Path) -> None:
    code, out, _ = sandbox(tmp_path, "as Bot 1\nauto 500\n", "--players", "3", "--bots", "1")
    assert code == 0
    assert re.search(r"^  seat \d: Bot 1 \(bot\)$", out, re.M)
    assert re.search(r"^! Seat \d is Bot 1, a bot: it plays by itself\.$", out, re.M)
    assert "Bot 1 is locked in." in out
    assert "Game over. Winner" in out


def test_images_for_hand_and_board(tmp_path: Path) -> None:
    code, out, _ = sandbox(tmp_path, "hand\nboard\n", images=True)
    assert code == 0
    hand = re.search(r"^Hand image: (.+hand-(\d)-0\.png)$", out, re.M)
    board = re.search(r"^Board: (.+board-0\.png)$", out, re.M)
    assert hand and board
    assert Path(hand.group(1)).read_bytes().startswith(PNG)
    assert Path(board.group(1)).read_bytes().startswith(PNG)
    assert re.search(r"^Hand: \d+, \d+, \d+$", out, re.M)  # words, not JSON (issue 13)


def test_replay_writes_an_animation_and_explains_bad_ranges(tmp_path: Path) -> None:  # issue 20
    code, out, _ = sandbox(tmp_path, "auto 3\nreplay\nreplay 0 1\nreplay 9 1\nreplay x\n", images=True)
    assert code == 0
    paths = re.findall(r"^Replay: (.+game-1-replay\.(?:webp|gif))$", out, re.M)
    assert len(paths) == 2 and Path(paths[0]).stat().st_size > 1000
    assert "Tiny Duel · game #1 · turns 0–1 of" in out
    assert any("Choose turns from 0 to" in line for line in error_lines(out))
    assert any("Usage: replay" in line for line in error_lines(out))


def test_resume_from_the_same_database_and_fresh(tmp_path: Path) -> None:
    sandbox(tmp_path, "moves\nplay 1\n")
    code, out, _ = sandbox(tmp_path, "status\n")
    assert code == 0
    assert "Resuming game #1" in out
    assert "version 1" in out
    code, out, _ = sandbox(tmp_path, "status\n", "--fresh")
    assert "Cancelled the unfinished tiny game #1" in out
    assert "Tiny Duel #2: running, version 0" in out


def test_internal_errors_are_reported_and_the_loop_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(self: ReadingCommands, arg: str) -> None:
        raise RuntimeError("engine bug")

    monkeypatch.setattr(ReadingCommands, "cmd_log", broken)
    code, out, err = sandbox(tmp_path, "log\nwho\n")
    assert code == 0
    assert "!! RuntimeError: engine bug" in out
    assert "Traceback" in err
    assert "<- you" in out.split("!! RuntimeError")[1]


@pytest.mark.parametrize(("args", "message"), [
    (["nope"], "unknown game 'nope'. Available: "),
    (["no-pe"], "tiny (Tiny Duel)"),
    (["tiny", "--players", "9"], "Tiny Duel takes 1–4 players, not 9."),
    (["tiny", "--options", "{rounds: 3}"], "--options is not valid JSON"),
    (["tiny", "--options", "[3]"], "--options must be a JSON object"),
    (["tiny", "--options", '{"rounds": 99}'], "Rounds: at most 9."),
    (["tiny", "--options", '{"colour": "red"}'], "Unknown option 'colour'"),
    (["tiny", "--players", "2", "--bots", "2"], "at least one seat needs a human"),
    (["tiny", "--register", "no_such_module_here"], "cannot import 'no_such_module_here'"),
    (["tiny", "--players", "two"], "invalid int value"),
])
def test_bad_command_lines_exit_2(args: list[str], message: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert main(args, stdin=io.StringIO("quit\n"), stdout=out, stderr=err) == 2
    assert message in err.getvalue()
    assert not out.getvalue()


def test_help_lists_the_commands() -> None:
    out = io.StringIO()
    assert main(["--help"], stdin=io.StringIO(), stdout=out, stderr=io.StringIO()) == 0
    text = out.getvalue()
    assert "usage: python -m bot.sandbox" in text
    assert "auto [N]" in text
    assert "--register" not in text


def test_python_dash_m_with_register(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "bot.sandbox", "tiny", "--players", "2", "--seed", "3", "--no-images",
               "--register", "tests.fixtures.tiny", "--db", str(tmp_path / "s.db"), "--out", str(tmp_path / "out")]
    done = subprocess.run(command, input="moves\nplay 1\nauto 500\nexport\n", capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert "Game over. Winner" in done.stdout
    assert list((tmp_path / "out").glob("replay-tiny-*.json"))
    unknown = subprocess.run([*command[:3], "nope"], capture_output=True, text=True, env=env, timeout=60,
                             check=False)
    assert unknown.returncode == 2
    assert "unknown game 'nope'" in unknown.stderr


def test_the_images_that_go_with_a_board_are_saved_beside_it(tmp_path: Path) -> None:
    """Issue 17: a game that posts more than one image a turn (Stress Botics' robots' boards) gets each saved
    by its title beside the board."""
    from render import registry
    from render.core.generic import render_generic

    registry.register("tiny", lambda view: render_generic(view, "Tiny"),
                      more=lambda view: [("Robots' boards", render_generic(view, "Robots"))])
    try:
        code, _, err = sandbox(tmp_path, "board\nquit\n", images=True)
    finally:
        registry.unregister("tiny")
    assert code == 0, err
    assert (tmp_path / "out" / "board-0.png").read_bytes().startswith(PNG)
    assert (tmp_path / "out" / "robots-boards-0.png").read_bytes().startswith(PNG)
