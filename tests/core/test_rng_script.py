"""The scripted PRNG for tests: ``rng_script`` fixes the next die rolls, then the real stream resumes."""

from __future__ import annotations

import pytest

from engines.core import Rng
from engines.core.rng import rng_script, seed_state


def test_scripted_rolls_come_first_then_the_prng_resumes_unchanged() -> None:
    plain = {"rng": seed_state(7)}
    expected = [Rng(plain).roll(6) for _ in range(3)]
    holder = {"rng": seed_state(7)}
    rng = Rng(holder)
    with rng_script(6, 1) as left:
        assert [rng.roll(6), rng.roll(6)] == [6, 1]
        assert left == [] and rng.used
        assert [rng.roll(6) for _ in range(3)] == expected  # the stream did not advance for scripted rolls


def test_script_ends_with_the_block_and_leaves_other_draws_alone() -> None:
    holder, real = {"rng": seed_state(3)}, Rng.roll
    with rng_script(2, 2, 2):
        items = [1, 2, 3, 4]
        Rng(holder).shuffle(items)  # shuffles are not scripted
        assert sorted(items) == [1, 2, 3, 4]
    assert Rng.roll is real and holder["rng"] != seed_state(3)
    again = {"rng": seed_state(9)}
    assert Rng(again).roll(6) == Rng({"rng": seed_state(9)}).roll(6)


def test_scripted_roll_must_be_a_face() -> None:
    with rng_script(7), pytest.raises(ValueError):
        Rng({"rng": 0}).roll(6)
