"""The PRNG: SplitMix64 over one int kept in the game state, version-stable by construction."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from engines.core import Rng
from engines.core import rng as rng_module
from engines.core.rng import MASK, next_u64, seed_state


def fresh(seed: int) -> tuple[dict, Rng]:
    holder = {"rng": seed_state(seed)}
    return holder, Rng(holder)


def test_next_u64_matches_the_splitmix64_reference_vectors() -> None:
    # Published SplitMix64 outputs for state 0 (Vigna's reference implementation).
    state, values = 0, []
    for _ in range(3):
        state, value = next_u64(state)
        values.append(value)
    assert values == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_seed_state_is_pinned() -> None:
    assert seed_state(0) == 0x632BE59BD9B4E019
    assert seed_state(12345) == 0x458C7C7288E70C6
    assert seed_state(-1) == (-0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK
    assert 0 <= seed_state(10**30) <= MASK


@pytest.mark.parametrize(("seed", "golden"), [
    (0, [6685036501382267578, 3047811371739217279, 18215591310788271736]),
    (12345, [2353492264205139741, 10576394785069496405, 434390047722676117]),
])
def test_first_values_are_pinned(seed: int, golden: list[int]) -> None:
    state, values = seed_state(seed), []
    for _ in range(3):
        state, value = next_u64(state)
        values.append(value)
    assert values == golden


@pytest.mark.parametrize(("seed", "below", "rolls", "shuffled", "final"), [
    (0, [78, 79, 36, 45, 28, 46, 58, 42], [5, 2, 5, 4, 3, 5, 1, 5, 6, 1],
     [7, 3, 4, 6, 9, 2, 5, 0, 1, 8], 6118055877326454977),
    (12345, [41, 5, 17, 7, 32, 15, 13, 85], [4, 6, 2, 6, 5, 6, 6, 4, 1, 5],
     [6, 2, 7, 9, 0, 4, 3, 5, 8, 1], 17731962092042473838),
])
def test_draws_are_pinned(seed: int, below: list[int], rolls: list[int], shuffled: list[int],
                          final: int) -> None:
    holder, rng = fresh(seed)
    assert [rng.below(100) for _ in range(8)] == below
    assert holder["rng"] == final
    _, rng = fresh(seed)
    assert [rng.roll() for _ in range(10)] == rolls
    _, rng = fresh(seed)
    items = list(range(10))
    rng.shuffle(items)
    assert items == shuffled


@pytest.mark.parametrize("n", [1, 2, 3, 6, 7, 52, 1000, 2**32 + 1, 2**63 + 1, 2**64])
def test_below_stays_in_range(n: int) -> None:
    _, rng = fresh(n)
    values = [rng.below(n) for _ in range(300)]
    assert all(0 <= v < n for v in values)
    if n == 1:
        assert set(values) == {0}
    else:
        assert len(set(values)) > 1


@pytest.mark.parametrize("n", [0, -1, -6, 2**64 + 1, 2**70])
def test_below_needs_a_bound_in_1_to_2_pow_64(n: int, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []

    def counted(state: int) -> tuple[int, int]:
        calls.append(state)
        if len(calls) > 100:
            raise AssertionError("below() keeps rejecting every value")
        return next_u64(state)

    monkeypatch.setattr(rng_module, "next_u64", counted)
    holder, rng = fresh(1)
    before = holder["rng"]
    with pytest.raises(ValueError):
        rng.below(n)
    assert holder["rng"] == before and not rng.used


@pytest.mark.parametrize(("seed", "n"), [(0, 6), (7, 10), (12345, 3), (99, 13)])
def test_below_is_roughly_uniform(seed: int, n: int) -> None:
    _, rng = fresh(seed)
    draws = 600 * n
    counts = Counter(rng.below(n) for _ in range(draws))
    expected = draws / n
    chi2 = sum((counts[k] - expected) ** 2 / expected for k in range(n))
    # Loose bound: for n - 1 <= 12 degrees of freedom, chi2 > 45 has p < 1e-5.
    assert chi2 < 45, (chi2, counts)


def test_randint_roll_and_choice_cover_their_ranges() -> None:
    _, rng = fresh(3)
    assert {rng.randint(3, 5) for _ in range(200)} == {3, 4, 5}
    assert {rng.randint(-2, -2) for _ in range(5)} == {-2}
    assert {rng.roll() for _ in range(300)} == set(range(1, 7))
    assert {rng.roll(20) for _ in range(2000)} == set(range(1, 21))
    assert {rng.choice(["a", "b", "c"]) for _ in range(100)} == {"a", "b", "c"}
    with pytest.raises(ValueError):
        rng.choice([])


def test_shuffle_is_a_deterministic_permutation() -> None:
    orders = []
    for seed in range(20):
        _, rng = fresh(seed)
        items = list(range(30))
        rng.shuffle(items)
        assert sorted(items) == list(range(30))
        _, again = fresh(seed)
        copy = list(range(30))
        again.shuffle(copy)
        assert copy == items
        orders.append(tuple(items))
    assert len(set(orders)) == 20
    _, rng = fresh(1)
    empty: list[int] = []
    one = ["x"]
    rng.shuffle(empty)
    rng.shuffle(one)
    assert empty == [] and one == ["x"] and not rng.used


def test_state_lives_in_the_holder_dict() -> None:
    holder = {"rng": 5, "other": 1}
    rng = Rng(holder)
    assert rng.used is False
    value = rng.below(10)
    assert rng.used is True
    new_state, raw = next_u64(5)
    assert holder == {"rng": new_state, "other": 1}
    assert value == raw % 10
    assert isinstance(holder["rng"], int) and 0 <= holder["rng"] <= MASK
    assert json.loads(json.dumps(holder)) == holder


def test_custom_key_and_two_rngs_on_one_holder_share_one_stream() -> None:
    holder = {"dice": seed_state(4)}
    first, second = Rng(holder, key="dice"), Rng(holder, key="dice")
    drawn = [first.below(1000) for _ in range(3)] + [second.below(1000) for _ in range(3)]
    assert not {"rng"} & set(holder)
    _, single = fresh(4)
    assert drawn == [single.below(1000) for _ in range(6)]
    assert first.used and second.used


def test_stream_resumes_from_a_saved_state() -> None:
    holder, rng = fresh(77)
    head = [rng.below(50) for _ in range(5)]
    saved = json.loads(json.dumps(holder))
    tail = [rng.below(50) for _ in range(5)]
    resumed = Rng(saved)
    assert [resumed.below(50) for _ in range(5)] == tail
    assert head != tail
