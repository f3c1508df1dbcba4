"""A bot process of the reliability tests (``tests.reliability.botproc`` against the fake Discord): started,
SIGKILLed and stopped by the crash and two-process tests."""

from __future__ import annotations

import asyncio
import random
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from bot.service.service import GameService
from tests.fakediscord import FakeDiscord

from ._support import is_refusal, pick

ROOT = Path(__file__).resolve().parents[2]


@dataclass(kw_only=True)
class ChildBot:
    """The process; ``up`` is set while it is connected; its stderr goes to ``err``."""

    fake: FakeDiscord
    err: Path
    proc: asyncio.subprocess.Process | None = None
    up: asyncio.Event = field(default_factory=asyncio.Event)

    async def spawn(self, args: list[str], connected: Callable[[], bool], timeout: float, name: str = "the bot",
                    settle: float = 0.3) -> None:
        """Start ``botproc`` with ``args`` (after the fake's port) and wait until ``connected()``; then
        ``settle`` seconds for READY and GUILD_CREATE to be processed."""
        with self.err.open("a") as err:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tests.reliability.botproc", str(self.fake.port), *args, cwd=ROOT,
                stdout=asyncio.subprocess.DEVNULL, stderr=err)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not connected():
            assert self.proc.returncode is None, f"{name} exited: {self.err.read_text()[-2000:]}"
            assert loop.time() < deadline, f"{name} did not connect: {self.err.read_text()[-2000:]}"
            await asyncio.sleep(0.05)
        await asyncio.sleep(settle)
        self.up.set()

    async def kill(self) -> None:
        """SIGKILL: no shutdown of any kind."""
        self.up.clear()
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()

    async def stop(self) -> None:
        """Terminate (kill after 10 s)."""
        if self.proc is not None and self.proc.returncode is None:
            self.proc.terminate()
            try:
                await asyncio.wait_for(self.proc.wait(), 10)
            except TimeoutError:
                self.proc.kill()
                await self.proc.wait()


async def drive(fake: FakeDiscord, bot: ChildBot, service: GameService, channel: str, game_id: int,
                stop: asyncio.Event, acked: set[str], refused: set[str], rnd: random.Random,
                times: list[float] | None = None) -> None:
    """Random legal /play moves until told to stop, whenever ``bot`` is up; a move in flight when the bot
    dies stays unknown to the user (neither acked nor refused). ``times`` gets each answer's time."""
    while not stop.is_set():
        await bot.up.wait()
        chosen = await pick(service, game_id, rnd)
        if chosen is None:
            return
        user, action, _ = chosen
        try:
            ix = await fake.slash(user, channel, "play", options={"action": action}, timeout=3)
            [answer] = await ix.wait_followups(1, timeout=5)
        except AssertionError:  # the bot died before answering
            await asyncio.sleep(0.1)
            continue
        text = answer["content"]
        assert text.startswith("Move made.") or is_refusal(text), text
        (acked if text.startswith("Move made.") else refused).add(ix.id)
        if times is not None:
            times.append(time.monotonic())
