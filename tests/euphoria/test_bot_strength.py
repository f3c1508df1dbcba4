"""The Euphoria bot beats random-legal opponents at every table size (issue 13; ``python -m bench.bots`` measures it
over more games)."""

from __future__ import annotations

import pytest

from bench.bots import bench_bot


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_bot_wins_most_games_against_random_players(players: int) -> None:
    row = bench_bot("euphoria", players, games=10, seed=500, workers=1)
    assert row["unfinished"] == 0
    assert row["bot_wins"] >= 8, row  # 95-100 % over 60 games per size in the benchmark
