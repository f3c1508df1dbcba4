"""``python -m bench.import_bench [--moves N]``: the event-loop lag while a maximal ``/game import`` runs.

Builds the longest replay the host accepts (``MAX_IMPORT_MOVES`` moves of Robo Rescue with no round cap,
Standby whenever it is legal), then imports it through the service while a ticker measures how late a
20 ms sleep wakes up. For comparison it also times the same replay re-run on the event loop (what the host
did before issue 19). Prints one JSON line; a figure to read, not an assertion.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path
from typing import Any

import engines
from bot.service.host import build_host
from bot.service.replay_check import MAX_IMPORT_MOVES, parse_replay, run_replay
from bot.service.sqlite import SQLiteStorage
from engines.core import Action, export_replay

from .report import emit, pct

TICK = 0.02
GAME = "robo_rescue"


def maximal_replay(moves: int, seed: int = 1) -> dict[str, Any]:
    """A Robo Rescue replay of ``moves`` moves (Standby when legal, else the first legal action)."""
    engine = engines.get(GAME)
    state = engine.setup(2, seed, {"round_cap": 0})
    log: list[tuple[int, str]] = []
    while len(log) < moves and engine.outcome(state) is None:
        seat = engine.active(state)[0]
        legal = engine.legal_actions(state, seat)
        action = Action("standby") if Action("standby") in legal else legal[0]
        state, _ = engine.apply(state, seat, action)
        log.append((seat, str(action)))
    return export_replay(state, log, players=["A", "B"])


async def _lag_while(work: Any) -> tuple[float, list[float]]:
    """Seconds ``work`` took and the ticker's lateness samples meanwhile."""
    loop = asyncio.get_running_loop()
    lag: list[float] = []
    done = asyncio.Event()

    async def ticker() -> None:
        while not done.is_set():
            start = loop.time()
            await asyncio.sleep(TICK)
            lag.append(max(0.0, loop.time() - start - TICK))

    task = asyncio.create_task(ticker())
    start = time.perf_counter()
    await work()
    took = time.perf_counter() - start
    done.set()
    await task
    return took, lag


async def run(moves: int) -> dict[str, Any]:
    """Import a maximal replay off the loop, and re-run it on the loop; the lag figures of both."""
    document = maximal_replay(moves)
    with tempfile.TemporaryDirectory() as folder:
        storage = SQLiteStorage(Path(folder) / "bench.sqlite3")
        await storage.open()
        try:
            service = build_host(storage, renderer=None).service

            async def off_loop() -> None:
                await service.import_replay(guild_id=None, channel_id="bench", user_id="1", user_name="Bench",
                                            document=document)

            async def on_loop() -> None:  # the old behaviour: the whole replay on the event loop
                await asyncio.sleep(0)
                run_replay(parse_replay(document, service.engine))

            took, lag = await _lag_while(off_loop)
            blocked, old_lag = await _lag_while(on_loop)
        finally:
            await storage.close()
    return {"bench": "import", "game": GAME, "moves": len(document["actions"]), "import_s": round(took, 3),
            "lag_ms_p50": round(pct(lag, 50) * 1000, 1), "lag_ms_p99": round(pct(lag, 99) * 1000, 1),
            "lag_ms_max": round(max(lag, default=0.0) * 1000, 1), "on_loop_s": round(blocked, 3),
            "on_loop_lag_ms_max": round(max(old_lag, default=0.0) * 1000, 1)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.import_bench", description=__doc__)
    parser.add_argument("--moves", type=int, default=MAX_IMPORT_MOVES, help="replay length (default: the cap)")
    emit(asyncio.run(run(parser.parse_args(argv).moves)))


if __name__ == "__main__":
    main()
