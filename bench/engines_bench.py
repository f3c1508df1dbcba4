"""Engine speed: ``apply`` + ``legal_actions`` per step, whole-game time and the autocomplete answer."""

from __future__ import annotations

import random
import time
from typing import Any

from bot.service.naming import fill
from engines.core import Engine

from .report import pct

AUTOCOMPLETE_LIMIT = 25


def player_counts(engine: Engine) -> list[int]:
    """Every supported table size, largest first (max players is the heaviest case)."""
    return list(range(engine.max_players, engine.min_players - 1, -1))


def autocomplete(engine: Engine, state: dict[str, Any], seat: int, query: str, names: dict[int, str]) -> list[str]:
    """What the service computes for one autocomplete request (labels, filter, undo, ≤ 25)."""
    folded = query.casefold()
    found = []
    for action in engine.legal_actions(state, seat):
        label = fill(engine.label(state, seat, action), names)
        if not folded or folded in label.casefold() or folded in str(action).casefold():
            found.append(str(action))
    engine.can_undo(state, seat)
    return found[:AUTOCOMPLETE_LIMIT]


def play_one(engine: Engine, players: int, seed: int, *, max_steps: int = 20000,
             step_ms: list[float], auto_ms: list[float], auto_every: int = 7,
             cpu: dict[str, list[float]] | None = None) -> tuple[float, int, bool]:
    """One random legal game; appends step and autocomplete timings (wall clock; ``cpu`` collects the
    process's CPU time per step and per game, which a busy machine does not inflate). Returns
    (seconds, steps, finished)."""
    cpu_steps = cpu.setdefault("step_ms", []) if cpu is not None else []
    cpu_started = time.process_time()
    rnd = random.Random(seed)
    names = {s: f"Player {s + 1}" for s in range(players)}
    started = time.perf_counter()
    state = engine.setup(players, seed)
    steps = 0
    while state["result"] is None and steps < max_steps:
        active = engine.active(state)
        seat = rnd.choice(active)
        legal = engine.legal_actions(state, seat)
        if steps % auto_every == 0:
            label = fill(engine.label(state, seat, rnd.choice(legal)), names)
            cut = rnd.randint(0, max(0, len(label) - 3))
            query = label[cut:cut + 3] if rnd.random() < 0.7 else ""
            t0 = time.perf_counter()
            autocomplete(engine, state, seat, query, names)
            auto_ms.append((time.perf_counter() - t0) * 1000)
        action = rnd.choice(legal)
        c0, t0 = time.process_time(), time.perf_counter()
        state, _ = engine.apply(state, seat, action)
        nxt = engine.active(state)
        if nxt:
            engine.legal_actions(state, nxt[0])
        step_ms.append((time.perf_counter() - t0) * 1000)
        cpu_steps.append((time.process_time() - c0) * 1000)
        steps += 1
    if cpu is not None:
        cpu.setdefault("game_s", []).append(time.process_time() - cpu_started)
    return time.perf_counter() - started, steps, state["result"] is not None


def bench_engine(engine: Engine, games: int, seed: int = 1) -> dict[str, Any]:
    """Random playouts over every table size; one result row."""
    counts = player_counts(engine)
    step_ms: list[float] = []
    auto_ms: list[float] = []
    game_s: list[float] = []
    cpu: dict[str, list[float]] = {}
    steps_total = unfinished = 0
    for i in range(games):
        seconds, steps, finished = play_one(engine, counts[i % len(counts)], seed + i,
                                            step_ms=step_ms, auto_ms=auto_ms, cpu=cpu)
        game_s.append(seconds)
        steps_total += steps
        unfinished += not finished
    return {
        "bench": "engine", "game": engine.id, "games": games, "players": counts,
        "steps_mean": round(steps_total / max(1, games), 1), "unfinished": unfinished,
        "step_ms_p50": round(pct(step_ms, 50), 3), "step_ms_p99": round(pct(step_ms, 99), 3),
        "game_s_mean": round(sum(game_s) / max(1, len(game_s)), 3), "game_s_max": round(max(game_s, default=0), 3),
        "step_cpu_ms_p99": round(pct(cpu.get("step_ms", []), 99), 3),
        "game_cpu_s_max": round(max(cpu.get("game_s", []), default=0), 3),
        "autocomplete_ms_p50": round(pct(auto_ms, 50), 3), "autocomplete_ms_p99": round(pct(auto_ms, 99), 3),
        "seconds": round(sum(game_s), 2),
    }
