"""``python -m bench [--quick] [--only GAME,...] [--games N] [--channels N] [--backend sqlite|postgres]``: JSON
lines, then a summary line. ``--backend`` runs only the scale-out part: the host with the bot in its own
process(es), one and two bot processes, on SQLite and (``postgres``) beside it on PostgreSQL.

Run from the repository root (the host benchmark drives the bot through ``tests.fakediscord``).
"""

from __future__ import annotations

import argparse
import asyncio
import time
from typing import Any

import engines

from .engines_bench import bench_engine
from .host_bench import run_host
from .memory_bench import measure_in_fresh_process
from .render_bench import bench_render
from .report import emit, note
from .scale_bench import configurations, run_scale
from .table_bench import bench_table

FIXTURES = {"tiny"}
DEFAULT_THINK = 1.0
"""Mean think time of the host bench's main run: 100 channels then offer 70–100 moves a second."""
SUMMARY_WORST = {"render_ratio": "render", "render_ms_p99": "render", "step_ms_p99": "engine",
                 "game_s_max": "engine", "step_cpu_ms_p99": "engine", "game_cpu_s_max": "engine",
                 "autocomplete_ms_p99": "engine"}


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="small sizes (< 60 s)")
    parser.add_argument("--only", default="", help="comma-separated game ids (tiny = the test fixture)")
    parser.add_argument("--games", type=int, default=None, help="random games per engine (default 20, quick 2)")
    parser.add_argument("--channels", type=int, default=None, help="simultaneous channels (default 100, quick 10)")
    parser.add_argument("--moves", type=int, default=None, help="moves per channel (default 12, quick 4)")
    parser.add_argument("--host-game", default=None, help="game played by the host bench (default: first selected)")
    parser.add_argument("--render-procs", type=int, default=None,
                        help="host bench: draw boards in N processes, 0 = in threads (default: the bot's default, "
                             "2 processes)")
    parser.add_argument("--think", type=float, default=DEFAULT_THINK,
                        help="host bench, main run: mean seconds a player takes before each move, drawn uniformly "
                             f"from 0 to twice this (default {DEFAULT_THINK:g})")
    parser.add_argument("--no-saturation", action="store_true",
                        help="host bench: skip the run where every player moves the moment it is answered")
    parser.add_argument("--paced-think", type=float, default=None,
                        help="host bench: a run at a human pace, each channel moving every ~S seconds (default 10, "
                             "quick 2; 0 = skip it)")
    parser.add_argument("--no-images", action="store_true",
                        help="host bench: boards without images (shows what rendering costs the answers)")
    parser.add_argument("--memory-games", type=int, default=None, help="finished games stored (default 2000)")
    parser.add_argument("--memory-game", default="tiny", help="game stored by the memory bench (default tiny)")
    parser.add_argument("--backend", choices=("sqlite", "postgres"), default=None,
                        help="only the scale-out bench: bot processes against the fake Discord in this process, "
                             "SQLite and (postgres) PostgreSQL, one and two bot processes")
    parser.add_argument("--skip", default="", help="comma-separated parts to skip: engine,render,table,host,memory")
    return parser.parse_args(argv)


def selected(only: str) -> list[engines.Engine]:
    """The engines to bench: every registered one, or those named."""
    wanted = [w.strip() for w in only.split(",") if w.strip()]
    if any(w in FIXTURES for w in wanted):
        from tests.fixtures.tiny import register

        register()
    return [engines.get(w) for w in wanted] if wanted else engines.all()


def summarise(rows: list[dict[str, Any]], seconds: float) -> dict[str, Any]:
    """The last line: the worst game for per-game figures, the host and memory figures."""
    summary: dict[str, Any] = {"summary": True}
    for key, kind in SUMMARY_WORST.items():
        values = [r[key] for r in rows if r.get("bench") == kind]
        summary[key] = max(values) if values else None
    host = next((r for r in rows if r.get("bench") == "host"), {})
    for key in ("e2e_ms_p50", "e2e_ms_p99", "moves_per_s", "loop_lag_ms_p99", "autocomplete_e2e_ms_p99", "think_s"):
        summary[key] = host.get(key)
    for kind in ("saturation", "paced"):
        run = next((r for r in rows if r.get("bench") == f"host_{kind}"), {})
        for key in ("e2e_ms_p50", "e2e_ms_p99", "moves_per_s", "loop_lag_ms_p99", "think_s"):
            summary[f"{kind}_{key}"] = run.get(key)
    memory = next((r for r in rows if r.get("bench") == "memory"), {})
    summary["rss_mb_per_10k_games"] = memory.get("rss_mb_per_10k_games")
    summary["games"] = sorted({r["game"] for r in rows if r.get("bench") in ("engine", "render")})
    summary["host_game"] = host.get("game")
    summary["seconds"] = round(seconds, 1)
    return summary


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    if args.backend is not None:
        return scale(args)
    quick = args.quick
    games = args.games or (2 if quick else 20)
    skip = {s.strip() for s in args.skip.split(",") if s.strip()}
    chosen = selected(args.only)
    started = time.perf_counter()
    rows: list[dict[str, Any]] = []

    def out(row: dict[str, Any]) -> None:
        rows.append(row)
        emit(row)

    for engine in chosen:
        if "engine" not in skip:
            note(f"engine {engine.id} …")
            out(bench_engine(engine, games))
        if "render" not in skip:
            note(f"render {engine.id} …")
            out(bench_render(engine, states=3 if quick else 5, reps=2 if quick else 3))
        if "table" not in skip:
            note(f"table {engine.id} …")
            out(bench_table(engine))
    if "host" not in skip:
        ids = [e.id for e in chosen]
        host_game = args.host_game or ("robo_rescue" if "robo_rescue" in ids else ids[0] if ids else "tiny")
        if host_game in FIXTURES:
            selected(host_game)
        channels = args.channels or (10 if quick else 100)
        moves = args.moves or (4 if quick else 12)
        runs = [("host", args.think, moves)]
        if not args.no_saturation:
            runs.append(("host_saturation", 0.0, moves))
        paced = args.paced_think if args.paced_think is not None else (2.0 if quick else 10.0)
        if paced > 0:
            runs.append(("host_paced", paced, 4))
        for kind, think, count in runs:
            note(f"{kind} {host_game}: {channels} channels × {count} moves, think ~{think:g} s …")
            row = asyncio.run(run_host(host_game, channels, count, render_procs=args.render_procs,
                                       images=not args.no_images, think=think))
            out({**row, "bench": kind})
    if "memory" not in skip:
        count = args.memory_games or (150 if quick else 2000)
        note(f"memory {args.memory_game}: {count} finished games …")
        out(measure_in_fresh_process(args.memory_game, count))
    emit(summarise(rows, time.perf_counter() - started))
    return 0


def scale(args: argparse.Namespace) -> int:
    """``--backend``: the scale-out configurations, one JSON line each, then a summary of them."""
    channels = args.channels or (6 if args.quick else 20)
    moves = args.moves or (4 if args.quick else 10)
    started = time.perf_counter()
    rows = []
    for backend, processes in configurations(args.backend):
        note(f"scale {backend}, {processes} bot process(es): {channels} channels × {moves} moves at saturation …")
        rows.append(asyncio.run(run_scale(backend, processes, channels, moves)))
        emit(rows[-1])
    emit({"summary": True, "scale": {f"{r['backend']}_{r['bot_processes']}p": {
        k: r[k] for k in ("moves_per_s", "e2e_ms_p50", "e2e_ms_p99", "unanswered")} for r in rows},
        "seconds": round(time.perf_counter() - started, 1)})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
