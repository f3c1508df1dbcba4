"""``python -m bench.bots``: how often each game's bot beats random-legal opponents, per player count.

One bot seat (rotating through the seats game by game) plays against seats that pick uniformly among
their legal actions. A game counts as a bot win when the bot's seat is placed first (a shared first place
counts, and is also reported apart as ``shared``). Non-seat actors (Euphoria's Automas) are not used:
every seat is a player. JSON lines per game and player count, then a summary line.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from typing import Any

import engines
from engines.cli import in_processes

from .report import emit, note

MAX_STEPS = 30000
"""A game still running after this many actions counts as unfinished (reported, never as a win)."""
DEFAULT_GAMES = 40

Job = tuple[str, int, int, int]
"""(game id, players, seed, bot seat)."""


def play_one(job: Job) -> dict[str, Any]:
    """Play one game: the bot at ``bot_seat``, random-legal players elsewhere. Returns what happened."""
    game_id, players, seed, bot_seat = job
    engine = engines.get(game_id)
    chooser = random.Random(f"bots:{game_id}:{players}:{seed}")
    started = time.process_time()
    state = engine.setup(players, seed, {})
    steps = 0
    while engine.outcome(state) is None and steps < MAX_STEPS:
        seat = engine.active(state)[0]
        if seat == bot_seat:
            action = engine.bot_action(state, seat)
        else:
            action = chooser.choice(engine.legal_actions(state, seat))
        state, _ = engine.apply(state, seat, action)
        steps += 1
    outcome = engine.outcome(state)
    first = (outcome.get("placings") or [[str(w) for w in outcome["winners"]]])[0] if outcome else []
    return {"finished": outcome is not None, "won": str(bot_seat) in first,
            "shared": str(bot_seat) in first and len(first) > 1, "steps": steps,
            "cpu_s": time.process_time() - started}


def bench_bot(game_id: str, players: int, games: int, seed: int, workers: int) -> dict[str, Any]:
    """The bot's record at one table size."""
    jobs = [(game_id, players, seed + i, i % players) for i in range(games)]
    rows = list(in_processes(play_one, jobs, workers))
    wins = sum(r["won"] for r in rows)
    return {"game": game_id, "players": players, "games": games, "bot_wins": wins,
            "shared": sum(r["shared"] for r in rows), "unfinished": sum(not r["finished"] for r in rows),
            "win_share": round(wins / games, 3) if games else 0.0,
            "cpu_s_per_game": round(sum(r["cpu_s"] for r in rows) / max(1, games), 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bots", description=__doc__)
    parser.add_argument("--only", default="", help="comma-separated game ids (default: every game)")
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, help=f"games per player count ({DEFAULT_GAMES})")
    parser.add_argument("--players", default="", help="player counts, e.g. 2,3 (default: every count from 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=0, help="worker processes (default: one per CPU)")
    args = parser.parse_args(argv)
    wanted = {w.strip() for w in args.only.split(",") if w.strip()}
    workers = args.jobs or os.cpu_count() or 1
    summary: dict[str, Any] = {"summary": True, "min_win_share": None}
    for engine in engines.all():
        if wanted and engine.id not in wanted:
            continue
        counts = [int(c) for c in args.players.split(",") if c.strip()] or \
            list(range(max(2, engine.min_players), engine.max_players + 1))
        for players in counts:
            note(f"{engine.id}: {players} players, {args.games} games")
            row = bench_bot(engine.id, players, args.games, args.seed, workers)
            emit(row)
            share = row["win_share"]
            summary[f"{engine.id}_{players}p"] = share
            if summary["min_win_share"] is None or share < summary["min_win_share"]:
                summary["min_win_share"] = share
    emit(summary)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
