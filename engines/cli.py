"""Command line for engines: list games, fuzz them with random playouts, check replay files."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import engines

from .core import ReplayMismatch, check_replay
from .core.kit import DENSE_SAMPLING, SCALE_SAMPLING, PlayoutReport, playout

T = TypeVar("T")
R = TypeVar("R")


def _percentile(values: list[float], pct: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * pct / 100))], 3)


def cmd_list(_: argparse.Namespace) -> int:
    """One JSON line per engine."""
    for engine in engines.all():
        print(json.dumps({"id": engine.id, "title": engine.title, "version": engine.version,
                          "players": [engine.min_players, engine.max_players],
                          "options": engine.options_schema.describe()}))
    return 0


Job = tuple[str, int, int, dict[str, Any], dict[str, Any]]
"""One playout to run: game, players, seed, lobby options, playout settings."""


def _one_playout(job: Job) -> PlayoutReport:
    """One playout (a top-level function so worker processes can run it)."""
    game, players, seed, options, settings = job
    return playout(engines.get(game), players, seed, options, **settings)


def in_processes(fn: Callable[[T], R], jobs: list[T], workers: int) -> Iterator[R]:
    """``fn`` over ``jobs`` in order, in ``workers`` processes (inline for one worker or one job).

    Workers are forked where the platform allows it, so engines registered at run time (test
    fixtures) are known to them."""
    if workers <= 1 or len(jobs) <= 1:
        yield from map(fn, jobs)
        return
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    with multiprocessing.get_context(method).Pool(workers) as pool:
        yield from pool.imap(fn, jobs, chunksize=1)


def _reports(args: argparse.Namespace, jobs: list[Job]) -> Iterator[PlayoutReport]:
    """The reports in seed order, from ``--jobs`` worker processes (each game is independent)."""
    return in_processes(_one_playout, jobs, args.jobs or os.cpu_count() or 1)


SCALE_GAMES = 300
"""Runs of more games sample their checks as ``SCALE_SAMPLING`` (fewer ``DENSE_SAMPLING``)."""


def check_density(args: argparse.Namespace) -> dict[str, int]:
    """The per-step check sampling: the dense defaults, or the scale ones beyond ``SCALE_GAMES`` games;
    each setting given on the command line wins."""
    base = DENSE_SAMPLING if args.games <= SCALE_GAMES else SCALE_SAMPLING
    return {k: base[k] if getattr(args, k) is None else getattr(args, k) for k in DENSE_SAMPLING}


def cmd_playout(args: argparse.Namespace) -> int:
    """Random legal playouts; last line is the summary; non-zero exit on any problem."""
    engine = engines.get(args.game)
    counts = [int(p) for p in args.players.split(",")]
    options = json.loads(args.options) if args.options else {}
    steps: list[float] = []
    totals = {"crashes": 0, "dead_ends": 0, "runaways": 0, "replay_mismatches": 0, "leaks": 0,
              "undo_violations": 0, "not_json": 0, "mutations": 0, "legality_mismatches": 0,
              "effect_errors": 0}
    completed = 0
    started = time.perf_counter()
    settings = {"max_steps": args.max_steps, "bots": args.bots, **check_density(args)}
    jobs: list[Job] = [(engine.id, counts[i % len(counts)], args.seed + i, options, settings)
                       for i in range(args.games)]
    for report in _reports(args, jobs):
        steps += report.step_ms
        completed += report.completed
        for key, flag in (("crashes", report.crash), ("dead_ends", report.dead_end),
                          ("runaways", report.runaway), ("replay_mismatches", report.replay_mismatch),
                          ("leaks", report.leak), ("undo_violations", report.undo_violation),
                          ("not_json", report.not_json), ("mutations", report.mutation),
                          ("legality_mismatches", report.legality), ("effect_errors", report.effects)):
            totals[key] += bool(flag)
        if not args.quiet or not report.clean:
            print(json.dumps(report.summary()), flush=True)
    summary: dict[str, Any] = {
        "game": engine.id, "games": args.games, "completed": completed, **totals,
        "step_ms_p50": _percentile(steps, 50), "step_ms_p99": _percentile(steps, 99),
        "steps_mean": round(len(steps) / max(1, args.games), 1),
        "seconds": round(time.perf_counter() - started, 2),
        "mean_step_ms": round(statistics.fmean(steps), 3) if steps else 0.0,
        "checks": {k: settings[k] for k in DENSE_SAMPLING},
    }
    print(json.dumps(summary))
    return 0 if sum(totals.values()) == 0 else 1


def cmd_replay(args: argparse.Namespace) -> int:
    """Re-run an exported replay file and check it reproduces its recorded final state."""
    with open(args.file, encoding="utf-8") as handle:
        document = json.load(handle)
    try:
        engine = engines.get(document.get("engine", "?"))
        state = check_replay(engine, document)
    except (KeyError, ReplayMismatch, ValueError) as err:
        print(f"replay FAILED: {err}", file=sys.stderr)
        return 1
    print(json.dumps({"ok": True, "engine": engine.id, "actions": len(document["actions"]),
                      "result": state["result"]}))
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python -m engines``."""
    parser = argparse.ArgumentParser(prog="python -m engines", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="list the registered games").set_defaults(run=cmd_list)
    play = sub.add_parser("playout", help="random legal playouts with the core checks")
    play.add_argument("game")
    play.add_argument("--players", default="2")
    play.add_argument("--games", type=int, default=100)
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--options", default="", help="lobby options as JSON")
    play.add_argument("--max-steps", type=int, default=20000)
    play.add_argument("--bots", action="store_true", help="use the engine's bot instead of random moves")
    play.add_argument("--quiet", action="store_true", help="print only problem games and the summary")
    dense, scale = DENSE_SAMPLING, SCALE_SAMPLING
    play.add_argument("--leak-every", type=int, default=None,
                      help=f"steps between leak checks (default {dense['leak_every']}; "
                           f"{scale['leak_every']} beyond {SCALE_GAMES} games)")
    play.add_argument("--check-every", type=int, default=None,
                      help=f"steps between allows/mutation checks (default {dense['check_every']}; "
                           f"{scale['check_every']} beyond {SCALE_GAMES} games)")
    play.add_argument("--undo-perturbations", type=int, default=None,
                      help=f"perturbed pasts each run of undoable actions is replayed on (default "
                           f"{dense['undo_perturbations']}; {scale['undo_perturbations']} beyond {SCALE_GAMES} games)")
    play.add_argument("--jobs", type=int, default=0,
                      help="worker processes (default: one per CPU; results do not depend on it)")
    play.set_defaults(run=cmd_playout)
    rep = sub.add_parser("replay", help="re-run an exported replay file and check it")
    rep.add_argument("file")
    rep.set_defaults(run=cmd_replay)
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except KeyError as err:
        print(str(err).strip("'\""), file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
