"""``python -m bench.pace``: Stress Botics' pace against the targets of spec 4.4 / stage 8 (issue 17).

Plays N games per player count with every seat the bot and/or every seat random-legal, then prints one JSON
line per (chooser, players): rounds, ship deliveries by BetaBots and AlphaBot deliveries, the round AlphaBot
boards its Shuttle, the round each ship leaves orbit, steps and CPU seconds per game; then a summary line with
the targets beside the measured figures. Facts are read from the state (``state["g"]``); nothing is changed.

    python -m bench.pace [--games N] [--players 2,3,4] [--seed S] [--chooser bot|random|both]
                         [--options JSON] [--jobs J]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from typing import Any

import engines
from engines.cli import in_processes

from .bots import MAX_STEPS
from .report import emit, note

GAME = "stress_botics"
TARGET_ROUNDS = 16
"""Spec 4.4: "roughly a 16-round game"."""
TARGET_SHUTTLE = (12, 14)
"""Spec 4.4 / stage 8: AlphaBot on its Shuttle around rounds 12–14."""
ROUNDS_SLACK = 2
"""A mean within TARGET_ROUNDS ± this counts as on target ("about 16 rounds")."""
SHIPS = ("probe", "scout", "freighter")
CHOOSERS = ("bot", "random")
DEFAULT_GAMES = 20

Job = tuple[str, int, int, str]
"""(chooser, players, seed, options as JSON)."""


def _demands(g: dict[str, Any]) -> int:
    return sum(len(s["demands"]) for s in g["ships"].values())


def _alphabot_targets(engine: Any) -> dict[str, int]:
    """The ships AlphaBot may be delivered to, and the space each must be exactly on (SB-ALPHADELIVER-03)."""
    rule = engine.data["boards"]["delivery_board"]["alphabot_delivery"]
    return {s: engine.data.ships[s]["reception"][rule["sector"]] for s in rule["ships"]}


def play_one(job: Job) -> dict[str, Any]:
    """One game with every seat played by ``chooser``; what its pace was.

    Rounds: AlphaBot boards its Shuttle and is delivered before a round ends (Phase 3–5), so those take the
    round number before the action; ships leave orbit in Phase 1, after the round number went up, so they take
    the one after it. ``window_rounds`` counts rounds in which AlphaBot waited on its Shuttle while the Scout
    or the Freighter stood on its sector-C reception space (a delivery was possible for a BetaBot there);
    ``skipped_c`` lists those ships that left orbit without ever standing on that space."""
    chooser, players, seed, options = job
    engine = engines.get(GAME)
    rnd = random.Random(f"pace:{chooser}:{players}:{seed}")
    started = time.process_time()
    state = engine.setup(players, seed, json.loads(options))
    demands = _demands(state["g"])
    shuttle: int | None = None
    delivered: int | None = None
    left: dict[str, int | None] = {s: None for s in SHIPS}
    targets = _alphabot_targets(engine)
    on_c: set[str] = set()
    window: set[int] = set()
    steps = 0
    while engine.outcome(state) is None and steps < MAX_STEPS:
        seat = engine.active(state)[0]
        action = engine.bot_action(state, seat) if chooser == "bot" else rnd.choice(engine.legal_actions(state, seat))
        before = state["g"]["round"]
        state, _ = engine.apply(state, seat, action)
        steps += 1
        g = state["g"]
        a = g["alphabot"]
        if shuttle is None and a["mv"] is None:
            shuttle = before
        if delivered is None and a.get("delivered"):
            delivered = before
        for ship in SHIPS:
            if left[ship] is None and g["ships"][ship]["left"]:
                left[ship] = g["round"]
        for ship, space in targets.items():
            if g["ships"][ship]["pos"] == space:
                on_c.add(ship)
                if a["mv"] is None and not a.get("delivered"):
                    window.add(g["round"])
    g = state["g"]
    return {"finished": engine.outcome(state) is not None, "rounds": g["round"],
            "ship_deliveries": demands - _demands(g), "alphabot_delivered": delivered is not None,
            "shuttle_round": shuttle, "delivered_round": delivered, "left_round": left,
            "window_rounds": len(window), "skipped_c": sorted(s for s in targets if s not in on_c and left[s]),
            "steps": steps,
            "cpu_s": time.process_time() - started}


def _mean(values: list[float | int | None]) -> float | None:
    known = [v for v in values if v is not None]
    return round(statistics.mean(known), 1) if known else None


def summarise(chooser: str, players: int, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """One (chooser, players) line from its games."""
    rounds = [r["rounds"] for r in rows]
    n = max(1, len(rows))
    return {"game": GAME, "chooser": chooser, "players": players, "games": len(rows),
            "unfinished": sum(not r["finished"] for r in rows),
            "rounds": {"mean": _mean(rounds), "min": min(rounds, default=None), "max": max(rounds, default=None)},
            "ship_deliveries_per_game": round(sum(r["ship_deliveries"] for r in rows) / n, 2),
            "alphabot_deliveries_per_game": round(sum(r["alphabot_delivered"] for r in rows) / n, 2),
            "shuttle_round": {"mean": _mean([r["shuttle_round"] for r in rows]),
                              "never": sum(r["shuttle_round"] is None for r in rows)},
            "delivered_round_mean": _mean([r["delivered_round"] for r in rows]),
            "alphabot_window_rounds_per_game": round(sum(r["window_rounds"] for r in rows) / n, 2),
            "games_without_window": sum(r["window_rounds"] == 0 for r in rows),
            "c_space_skipped": {s: sum(s in r["skipped_c"] for r in rows) for s in SHIPS if any(
                s in r["skipped_c"] for r in rows)},
            "left_orbit_round_mean": {s: _mean([r["left_round"][s] for r in rows]) for s in SHIPS},
            "steps_per_game": _mean([r["steps"] for r in rows]),
            "cpu_s_per_game": round(sum(r["cpu_s"] for r in rows) / n, 2)}


def bench_pace(chooser: str, players: int, games: int, seed: int, options: dict[str, Any],
               workers: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The line for one (chooser, players), and its games."""
    text = json.dumps(options, sort_keys=True)
    rows = list(in_processes(play_one, [(chooser, players, seed + i, text) for i in range(games)], workers))
    return summarise(chooser, players, rows), rows


def verdict(chooser: str, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """A chooser's figures over every table size, beside the targets."""
    rounds = _mean([r["rounds"] for r in rows])
    shuttle = _mean([r["shuttle_round"] for r in rows])
    reached = sum(r["shuttle_round"] is not None for r in rows)
    low, high = TARGET_SHUTTLE
    return {"games": len(rows), "rounds_mean": rounds, "shuttle_round_mean": shuttle,
            "shuttle_reached": f"{reached}/{len(rows)}",
            "shuttle_in_target": sum(r["shuttle_round"] is not None and low <= r["shuttle_round"] <= high
                                     for r in rows),
            "alphabot_delivered": f"{sum(r['alphabot_delivered'] for r in rows)}/{len(rows)}",
            "rounds_on_target": rounds is not None and abs(rounds - TARGET_ROUNDS) <= ROUNDS_SLACK,
            "shuttle_on_target": shuttle is not None and low <= shuttle <= high and reached * 2 > len(rows)}


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.pace", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=DEFAULT_GAMES, help=f"games per player count ({DEFAULT_GAMES})")
    parser.add_argument("--players", default="2,3,4", help="player counts (default 2,3,4)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (games use seed, seed+1, ...)")
    parser.add_argument("--chooser", choices=("bot", "random", "both"), default="both")
    parser.add_argument("--options", default="{}", help="game options as JSON (default: the whole game)")
    parser.add_argument("--jobs", type=int, default=0, help="worker processes (default: one per CPU)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    try:
        options = json.loads(args.options)
        counts = [int(c) for c in args.players.split(",") if c.strip()]
    except ValueError as exc:
        note(f"bad --options or --players: {exc}")
        return 2
    if not isinstance(options, dict):
        note("--options must be a JSON object")
        return 2
    workers = args.jobs or os.cpu_count() or 1
    choosers = CHOOSERS if args.chooser == "both" else (args.chooser,)
    summary: dict[str, Any] = {"summary": True, "game": GAME,
                               "targets": {"rounds": TARGET_ROUNDS, "shuttle_rounds": list(TARGET_SHUTTLE)}}
    for chooser in choosers:
        every: list[dict[str, Any]] = []
        for players in counts:
            note(f"pace {chooser}: {players} players, {args.games} games")
            line, rows = bench_pace(chooser, players, args.games, args.seed, options, workers)
            emit(line)
            every += rows
        summary[chooser] = verdict(chooser, every)
    emit(summary)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
