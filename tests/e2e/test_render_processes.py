"""Boards drawn in worker processes (the bot's default): posted as usual, a broken pool is replaced, and
workers never outlive a killed bot."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from bot.config import Settings, SettingsError, load_settings
from bot.service.render_pool import PARENT_CHECK_SECONDS, RenderProcesses, alive, render_executor

from ._support import boards, legal, play, start_game
from .conftest import Table

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def render_processes() -> int:
    return Settings().render_processes  # the default, as `python -m bot` runs it


def test_the_default_is_worker_processes() -> None:
    executor = render_executor(Settings().render_processes, Settings().render_threads)
    try:
        assert isinstance(executor, RenderProcesses) and executor.workers == 2
    finally:
        executor.shutdown()


async def test_boards_drawn_in_processes_are_posted(table: Table) -> None:
    assert isinstance(table.bot.service.posts.executor, RenderProcesses)
    game_id, first = await start_game(table)
    assert first["attachments"], first
    bid = (await legal(table, game_id, table.alice))[0]
    assert await play(table, table.alice, bid) == "Move made."
    assert boards(table)[-1]["attachments"]


def test_a_broken_pool_is_replaced() -> None:
    pool = RenderProcesses(1)
    try:
        with pytest.raises(BrokenProcessPool):
            pool.submit(os._exit, 3).result(timeout=60)  # the worker dies as if the OS killed it
        assert pool.submit(pow, 2, 10).result(timeout=60) == 1024
    finally:
        pool.shutdown()


WORKERS_OF_A_KILLED_BOT = """
import os, signal, sys
from bot.service.render_pool import RenderProcesses
if __name__ == "__main__":
    pool = RenderProcesses(2)
    pids = [pool.submit(os.getpid).result(timeout=60) for _ in range(4)]
    print(" ".join(map(str, set(pids))), flush=True)
    os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_exit_when_the_bot_is_killed(tmp_path: Path) -> None:
    script = tmp_path / "killed_bot.py"
    script.write_text(WORKERS_OF_A_KILLED_BOT)
    done = subprocess.run([sys.executable, str(script)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == -9, done.stderr
    pids = [int(p) for p in done.stdout.split()]
    assert pids
    deadline = time.monotonic() + 5 * PARENT_CHECK_SECONDS
    while any(alive(p) for p in pids):
        assert time.monotonic() < deadline, "render workers outlived the killed bot"
        time.sleep(0.2)


def test_the_setting_is_read_from_the_environment() -> None:
    assert load_settings({}).render_processes == 2
    assert load_settings({"TURNKEEPER_RENDER_PROCESSES": "0"}).render_processes == 0
    with pytest.raises(SettingsError, match="TURNKEEPER_RENDER_PROCESSES must be at least 0"):
        load_settings({"TURNKEEPER_RENDER_PROCESSES": "-1"})
