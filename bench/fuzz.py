"""Fuzz at scale (opt-in, long): ``python -m bench.fuzz [--games 10000] [--jobs 2] [--only GAME,...]``.

Runs the core playout CLI (``python -m engines playout``, every contract check) for each engine over every
player count (checks sampled as in ``SCALE_SAMPLING`` unless ``--dense``), its games spread over ``--jobs``
worker processes; prints one JSON line per engine (problems, seconds, games per hour) and exits 1 on any
problem. ``--games 20`` gives the rate to estimate a full run.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import engines
from engines.core.kit import DENSE_SAMPLING, SCALE_SAMPLING

from .report import emit, note

ROOT = Path(__file__).resolve().parents[1]
PROBLEMS = ("crashes", "dead_ends", "runaways", "replay_mismatches", "leaks", "undo_violations", "not_json",
            "mutations", "legality_mismatches")


def _flags(sampling: dict[str, int]) -> tuple[str, ...]:
    return tuple(part for key, value in sampling.items() for part in (f"--{key.replace('_', '-')}", str(value)))


SCALE_FLAGS, DENSE_FLAGS = _flags(SCALE_SAMPLING), _flags(DENSE_SAMPLING)
"""The kit's ``SCALE_SAMPLING`` as the playout CLI's flags (``--dense`` gives its ``DENSE_SAMPLING``)."""


def playout_command(game: str, players: str, games: int, seed: int, jobs: int, dense: bool = False) -> list[str]:
    """The CLI run behind one engine's fuzz (``dense``: the CLI's default check density)."""
    return [sys.executable, "-m", "engines", "playout", game, "--players", players, "--games", str(games),
            "--seed", str(seed), "--jobs", str(jobs), "--quiet", *(DENSE_FLAGS if dense else SCALE_FLAGS)]


def fuzz_engine(engine: engines.Engine, games: int, jobs: int, seed: int, dense: bool = False) -> dict[str, Any]:
    """One engine's run; the CLI's summary with the rate and the first problem games."""
    players = ",".join(str(p) for p in range(engine.min_players, engine.max_players + 1))
    started = time.perf_counter()
    done = subprocess.run(playout_command(engine.id, players, games, seed, jobs, dense), cwd=ROOT,
                          stdout=subprocess.PIPE, text=True, check=False)
    seconds = time.perf_counter() - started
    lines = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    summary = lines[-1] if lines else {}
    row: dict[str, Any] = {"bench": "fuzz", "game": engine.id, "games": games, "players": players,
                           "sampling": "dense" if dense else " ".join(SCALE_FLAGS),
                           "seeds": [seed, seed + games - 1], "completed": summary.get("completed", 0),
                           **{key: summary.get(key, 0) for key in PROBLEMS}}
    row["exit_code"] = done.returncode
    row["seconds"] = round(seconds, 1)
    row["games_per_hour"] = round(games / max(seconds, 1e-9) * 3600)
    row["problem_games"] = [json.dumps(line)[:300] for line in lines[:-1]][:5]
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.fuzz", description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="")
    parser.add_argument("--dense", action="store_true", help="the playout CLI's default (denser) check sampling")
    args = parser.parse_args(argv)
    wanted = [w.strip() for w in args.only.split(",") if w.strip()]
    chosen = [engines.get(w) for w in wanted] if wanted else engines.all()
    clean = True
    for engine in chosen:
        note(f"fuzz {engine.id}: {args.games} games in {args.jobs} jobs …")
        row = fuzz_engine(engine, args.games, args.jobs, args.seed, args.dense)
        emit(row)
        clean &= all(row[k] == 0 for k in PROBLEMS) and row["completed"] == args.games
    return 0 if clean else 1


if __name__ == "__main__":
    raise SystemExit(main())
