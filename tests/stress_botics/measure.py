"""Figures for the Stress Botics engine beyond ``python -m engines playout`` and ``python -m bench.bots``:
random-legal games at 2–4 players (rounds, steps, CPU per step and per game) and the bot's win share against
random-legal players, with the whole game (the default) or without the threats.

    python -m tests.stress_botics.measure [--games N] [--bot-games N] [--seed FIRST] [--no-threats]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from .engine_helpers import ENGINE


def random_games(games: int, first: int = 0, options: dict | None = None) -> dict[str, float]:
    step_ms: list[float] = []
    game_s: list[float] = []
    rounds: list[int] = []
    steps: list[int] = []
    for players in (2, 3, 4):
        for seed in range(first, first + games):
            state, rnd = ENGINE.setup(players, seed, options), random.Random(seed)
            start, n = time.process_time(), 0
            while ENGINE.outcome(state) is None:
                seat = rnd.choice(ENGINE.active(state))
                t = time.thread_time()
                state, _ = ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_actions(state, seat)))
                if ENGINE.outcome(state) is None:
                    ENGINE.legal_actions(state, ENGINE.active(state)[0])
                step_ms.append((time.thread_time() - t) * 1000)
                n += 1
            game_s.append(time.process_time() - start)
            rounds.append(state["g"]["round"])
            steps.append(n)
    step_ms.sort()
    return {"step_cpu_ms_p50": round(step_ms[len(step_ms) // 2], 3),
            "step_cpu_ms_p99": round(step_ms[int(len(step_ms) * 0.99)], 3),
            "game_cpu_s_max": round(max(game_s), 3), "rounds_min": min(rounds), "rounds_max": max(rounds),
            "rounds_mean": round(statistics.mean(rounds), 1), "steps_mean": round(statistics.mean(steps))}


def bot_share(games: int, first: int = 0, options: dict | None = None) -> dict[str, str]:
    out = {}
    for players in (2, 3, 4):
        wins = 0
        for seed in range(first, first + games):
            state, rnd, bot = ENGINE.setup(players, seed, options), random.Random(seed), seed % players
            while ENGINE.outcome(state) is None:
                seat = rnd.choice(ENGINE.active(state))
                legal = ENGINE.legal_actions(state, seat)
                action = ENGINE.bot_action(state, seat) if seat == bot else rnd.choice(legal)
                state, _ = ENGINE.apply(state, seat, action)
            wins += bot in ENGINE.outcome(state)["winners"]
        out[f"bot_wins_{players}p"] = f"{wins}/{games}"
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10, help="random games per table size")
    parser.add_argument("--bot-games", type=int, default=20, help="bot games per table size")
    parser.add_argument("--seed", type=int, default=0, help="first seed (games use seed, seed+1, ...)")
    parser.add_argument("--no-threats", action="store_true", help="the gentler game without the threats option")
    args = parser.parse_args()
    options = {"threats": not args.no_threats}
    print(random_games(args.games, args.seed, options))
    print(bot_share(args.bot_games, args.seed, options))


if __name__ == "__main__":
    main()
