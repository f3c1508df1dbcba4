"""The host with its storage backend and process count: ``python -m bench --backend postgres``.

The fake Discord and the simulated players run in this process; the bot runs in its own process(es)
(``tests/reliability/botproc.py``), so the figures measure the bot alone. The fake has two shards, with
the channels split between a guild on each; one bot process runs both shards, or two processes run one
each on the same database. Each configuration plays the same closed-loop load (every player moves the
moment it is answered): a SQLite file, and with ``--backend postgres`` also a fresh schema of the
PostgreSQL server (``TURNKEEPER_TEST_PG``, default ``postgresql://postgres@127.0.0.1:5432/test``).
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import sys
import tempfile
import time
import uuid
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import asyncpg

from bot.service.postgres import PostgresStorage
from bot.service.service import GameService
from bot.service.shards import shard_of
from bot.service.sql_storage import SqlStorage
from bot.service.sqlite import SQLiteStorage
from tests.fakediscord import FakeDiscord

from .host_bench import HostStats, open_game, play_channel
from .report import pct

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_PG = "postgresql://postgres@127.0.0.1:5432/test"


def guild_on(fake: FakeDiscord, shard: int) -> str:
    """A guild whose id falls on ``shard`` of 2."""
    while True:
        guild = fake.add_guild(f"Bench shard {shard}")
        if shard_of(guild, 2) == shard:
            return guild
        time.sleep(0.002)


async def start_bots(fake: FakeDiscord, db: str, processes: int, log: Path) -> list[asyncio.subprocess.Process]:
    """``processes`` bot processes on ``db``: one running shards 0-1, or one per shard."""
    shards = ["0-1"] if processes == 1 else ["0", "1"]
    procs = []
    with log.open("a") as err:
        for ids in shards:
            procs.append(await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tests.reliability.botproc", str(fake.port), db, "2", ids, "30", cwd=ROOT,
                stdout=asyncio.subprocess.DEVNULL, stderr=err))
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 60
    while not all(s in fake.gateway.current and fake.gateway.current[s].conn for s in (0, 1)) \
            or not fake.registered_commands():
        if any(p.returncode is not None for p in procs) or loop.time() > deadline:
            raise RuntimeError(f"the bot did not start: {log.read_text()[-2000:]}")
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.5)
    return procs


async def run_scale(backend: str, processes: int, channels: int, moves: int, game: str = "tiny",
                    seed: int = 1, pg: str | None = None) -> dict[str, Any]:
    """One configuration: ``channels`` games played ``moves`` moves each at saturation."""
    from tests.fixtures.tiny import register

    register()
    logging.getLogger("discord").setLevel(logging.ERROR)
    rnd = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        schema = f"bench_{uuid.uuid4().hex[:12]}"
        dsn = pg or os.environ.get("TURNKEEPER_TEST_PG", "").strip() or DEFAULT_PG
        admin = None
        if backend == "postgres":
            admin = await asyncpg.connect(dsn)
            await admin.execute(f"CREATE SCHEMA {schema}")
            db = f"{dsn}{'&' if '?' in dsn else '?'}search_path={schema}"
            reader: SqlStorage = PostgresStorage(dsn, schema=schema, pool_size=4)
        else:
            db = str(Path(tmp) / "bench.sqlite3")
            reader = SQLiteStorage(db)
        fake = FakeDiscord(shard_count=2)
        await fake.start()
        procs: list[asyncio.subprocess.Process] = []
        stats = HostStats()
        try:
            guilds = [guild_on(fake, 0), guild_on(fake, 1)]
            chans = [fake.add_channel(guilds[i % 2], f"table-{i}") for i in range(channels)]
            seats = [[fake.add_user(f"u{i}-{j}", guild_id=guilds[i % 2]) for j in range(2)] for i in range(channels)]
            procs = await start_bots(fake, db, processes, Path(tmp) / "bots.stderr")
            await reader.open()
            view = SimpleNamespace(service=GameService(reader, renderer=None))
            gate = asyncio.Semaphore(8)

            async def opened(channel: str, users: list[str]) -> int:
                async with gate:
                    return await open_game(fake, channel, users, game)

            ids = await asyncio.gather(*(opened(c, u) for c, u in zip(chans, seats, strict=True)))
            started = time.perf_counter()
            await asyncio.gather(*(play_channel(fake, view, c, g, moves, random.Random(rnd.random()), stats)  # type: ignore[arg-type]
                                   for c, g in zip(chans, ids, strict=True)))
            wall = time.perf_counter() - started
        finally:
            for proc in procs:
                if proc.returncode is None:
                    proc.terminate()
            for proc in procs:
                try:
                    await asyncio.wait_for(proc.wait(), 15)
                except TimeoutError:
                    proc.kill()
            await reader.close()
            await fake.stop()
            if admin is not None:
                await admin.execute(f"DROP SCHEMA {schema} CASCADE")
                await admin.close()
    return {
        "bench": "scale", "backend": backend, "bot_processes": processes, "game": game, "channels": channels,
        "moves_per_channel": moves, "moves": stats.moves, "refused": stats.refused, "unanswered": len(stats.failed),
        "wall_s": round(wall, 2), "moves_per_s": round(stats.moves / max(wall, 1e-9), 1),
        "e2e_ms_p50": round(pct(stats.e2e, 50), 1), "e2e_ms_p99": round(pct(stats.e2e, 99), 1),
        "autocomplete_e2e_ms_p99": round(pct(stats.auto, 99), 1), "errors": stats.failed[:3],
    }


def configurations(backend: str) -> list[tuple[str, int]]:
    """SQLite always (the reference), PostgreSQL beside it when asked; one and two bot processes each."""
    backends = ["sqlite"] + (["postgres"] if backend == "postgres" else [])
    return [(b, n) for b in backends for n in (1, 2)]
