"""The kit's contract checks on random and bot-driven playouts (crashes, dead ends, leaks, undo, replay)."""

from __future__ import annotations

from engines.core.kit import assert_clean, fuzz
from engines.robo_rescue import ENGINE
from tests.sizes import scaled


def test_fuzz_random_short_games():
    assert_clean(fuzz(ENGINE, (2, 3, 4), scaled(15, 600), seed=11, options={"round_cap": 4}))


def test_fuzz_a_few_hundred_games_to_their_end():
    # 300 complete games (3 rounds each) over 2, 3 and 4 players, every check of the kit
    reports = fuzz(ENGINE, (2, 3, 4), scaled(300, 3000), seed=5000, options={"round_cap": 3})
    assert_clean(reports)
    assert all(r.completed for r in reports) and len(reports) >= scaled(300, 3000)


def test_fuzz_random_longer_games():
    assert_clean(fuzz(ENGINE, (2, 3, 4), scaled(2, 60), seed=500, options={"round_cap": 15}))


def test_fuzz_bots():
    assert_clean(fuzz(ENGINE, (2, 3, 4), scaled(3, 150), seed=900, bots=True))
