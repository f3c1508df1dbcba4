"""Where boards are drawn: worker processes by default (off the GIL, so answers never wait for drawing),
or threads. A process pool that breaks (a worker killed by the OS) is replaced at the next board."""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

log = logging.getLogger("turnkeeper.render")
WORKER_NICENESS = 10
"""Drawing workers yield the CPU to the bot's own process: answers before pictures."""
PARENT_CHECK_SECONDS = 2.0


def _start_worker(bot_pid: int) -> None:
    """Lower the worker's priority and make it exit when the bot's process is gone (even SIGKILLed)."""
    with contextlib.suppress(OSError):  # not allowed here: draw at normal priority
        os.nice(WORKER_NICENESS)
    threading.Thread(target=_exit_with, args=(bot_pid,), name="render-watch", daemon=True).start()


def _exit_with(bot_pid: int) -> None:
    while True:
        time.sleep(PARENT_CHECK_SECONDS)
        if not alive(bot_pid):
            os._exit(0)


def alive(pid: int) -> bool:
    """Is process ``pid`` running? A killed process its parent has not reaped yet (a zombie) is not."""
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, PermissionError):  # gone, or the pid now belongs to another user
        return False
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            return stat.read().rpartition(") ")[2][:1] != "Z"
    except OSError:  # no /proc here: trust kill()
        return True


class RenderProcesses(Executor):
    """A process pool that replaces itself when broken; each submit goes to the current pool."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool = self._new()

    def _new(self) -> ProcessPoolExecutor:
        method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
        return ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context(method),
                                   initializer=_start_worker, initargs=(os.getpid(),))

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        """Run ``fn`` in a worker; a broken pool is replaced first."""
        try:
            return self._pool.submit(fn, *args, **kwargs)
        except BrokenProcessPool:
            log.warning("the render processes broke; starting new ones")
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = self._new()
            return self._pool.submit(fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop the workers."""
        self._pool.shutdown(wait=wait, cancel_futures=cancel_futures)


def render_executor(processes: int, threads: int) -> Executor:
    """``processes`` drawing processes, or (0) ``threads`` drawing threads."""
    if processes > 0:
        return RenderProcesses(processes)
    return ThreadPoolExecutor(threads, thread_name_prefix="render")
