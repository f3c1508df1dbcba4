"""Memory: RSS growth of a running service per 10,000 stored finished games (SQLite on disk)."""

from __future__ import annotations

import asyncio
import gc
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import engines
from bot.service.host import build_host
from bot.service.service import GameService
from bot.service.sqlite import SQLiteStorage

from .report import rss_mb

MEMORY_OPTIONS: dict[str, dict[str, Any]] = {"tiny": {"rounds": 1, "dice": False}}


async def finish_one(service: GameService, engine_id: str, n: int, rnd: random.Random, max_moves: int = 5000) -> None:
    """A game from lobby to end through the service: a player against a bot, random legal moves."""
    channel, user = f"mem-{n}", f"user-{n}"
    await service.new_game(guild_id="1", channel_id=channel, user_id=user, user_name="Player",
                           engine_id=engine_id, options=MEMORY_OPTIONS.get(engine_id))
    await service.add_bot(channel, user)
    await service.start(channel, user)
    engine = engines.get(engine_id)
    for _ in range(max_moves):
        game = await service.storage.open_game_in_channel(channel)
        if game is None or game.status != "running":
            return
        seat = game.seat_of(user)
        assert game.state is not None and seat is not None
        action = rnd.choice(engine.legal_actions(game.state, seat))
        await service.play(user, str(action), game_id=game.id)
    raise RuntimeError(f"{engine_id} game {n} did not finish in {max_moves} moves")


async def run_memory(engine_id: str, games: int, warmup: int = 30, seed: int = 3) -> dict[str, Any]:
    """Store ``games`` finished games after a warm-up; extrapolate the RSS growth to 10,000."""
    rnd = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "memory.sqlite3"
        storage = SQLiteStorage(db)
        await storage.open()
        service = build_host(storage, renderer=None).service
        try:
            for n in range(warmup):
                await finish_one(service, engine_id, n, rnd)
            gc.collect()
            before = rss_mb()
            started = time.perf_counter()
            for n in range(warmup, warmup + games):
                await finish_one(service, engine_id, n, rnd)
            seconds = time.perf_counter() - started
            gc.collect()
            after = rss_mb()
        finally:
            await storage.close()
        db_mb = os.path.getsize(db) / 2**20
    return {
        "bench": "memory", "game": engine_id, "games": games, "seconds": round(seconds, 1),
        "rss_mb_before": round(before, 1), "rss_mb_after": round(after, 1),
        "rss_mb_per_10k_games": round((after - before) / games * 10_000, 1), "locks_held": service.games.lock_count,
        "db_mb_per_10k_games": round(db_mb / (warmup + games) * 10_000, 1),
    }


def measure_in_fresh_process(engine_id: str, games: int) -> dict[str, Any]:
    """Run :func:`run_memory` in a new interpreter, so memory freed by earlier benchmarks cannot hide growth."""
    out = subprocess.run([sys.executable, "-m", "bench.memory_bench", engine_id, str(games)],
                         cwd=Path(__file__).resolve().parents[1], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.splitlines()[-1])


def main() -> None:
    """``python -m bench.memory_bench GAME COUNT``: one JSON line."""
    engine_id, count = sys.argv[1], int(sys.argv[2])
    if engine_id == "tiny":
        from tests.fixtures.tiny import register

        register()
    print(json.dumps(asyncio.run(run_memory(engine_id, count))))


if __name__ == "__main__":
    main()
