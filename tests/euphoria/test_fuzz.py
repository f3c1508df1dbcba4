"""Random and bot playouts with every contract check of the kit."""

from __future__ import annotations

from engines.core.kit import assert_clean, fuzz
from engines.euphoria import ENGINE
from tests.sizes import scaled


def test_fuzz_all_player_counts():
    # leak checks every 15th step keep this file fast; the CLI playout runs them every 5th
    assert_clean(fuzz(ENGINE, (1, 2, 3, 4, 5, 6), scaled(6, 600), seed=11, leak_every=15))


def test_fuzz_a_few_hundred_openings():
    # 300 games over 1-6 players and every Automa difficulty, each checked (every kit check) for its first
    # 120 steps: setup, the recruit draft and the opening rounds; the tests around it play games to the end
    reports = []
    for level in (1, 2, 3, 4, 5, 6):
        reports += fuzz(ENGINE, (1, 2), scaled(20, 200), seed=2000 + 1000 * level, horizon=120,
                        options={"automa": True, "difficulty": level})
    reports += fuzz(ENGINE, (1, 2, 3, 4, 5, 6), scaled(180, 1800), seed=9000, horizon=120)
    assert_clean(reports)
    assert len(reports) >= 300


def test_fuzz_automa_difficulties():
    for level in (1, 2, 3, 4, 5, 6):
        assert_clean(fuzz(ENGINE, (1, 2), scaled(2, 50), seed=100 + level,
                          options={"automa": True, "difficulty": level, "automa_free_factions": level == 3}))


def test_fuzz_bots():
    assert_clean(fuzz(ENGINE, (1, 2, 3, 4, 5, 6), scaled(6, 300), seed=500, bots=True))


def test_fuzz_options():
    assert_clean(fuzz(ENGINE, (3,), scaled(1, 100), seed=900, leak_every=10,
                      options={"roll_penalty_scope": "rolled", "recruit_pool": "base"}))
