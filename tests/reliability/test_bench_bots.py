"""``python -m bench.bots``: the bot's record against random-legal seats, per game and player count."""

from __future__ import annotations

from bench.bots import bench_bot, play_one


def test_a_bot_game_reports_a_win_or_a_loss_for_the_bot_seat() -> None:
    row = play_one(("robo_rescue", 2, 3, 1))
    assert row["finished"] and isinstance(row["won"], bool) and row["steps"] > 0
    assert row["shared"] is False or row["won"]


def test_the_record_counts_every_game_and_rotates_the_bot_seat() -> None:
    row = bench_bot("euphoria", 2, 2, 5, workers=1)
    assert row["games"] == 2 and 0 <= row["bot_wins"] <= 2 and row["unfinished"] == 0
    assert row["win_share"] == round(row["bot_wins"] / 2, 3)
