"""A version-stable PRNG whose whole state is one int stored in the game state.

SplitMix64: tiny, fast, and specified here, so a seed gives the same stream on every Python
version and machine (never the `random` module, never the clock).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

MASK = (1 << 64) - 1
T = TypeVar("T")


def seed_state(seed: int) -> int:
    """The initial PRNG state for a game seed (any int)."""
    return (seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & MASK


def next_u64(state: int) -> tuple[int, int]:
    """Return ``(new_state, value)``."""
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


class Rng:
    """Draws from the PRNG int kept at ``holder[key]`` and writes the advanced state back."""

    def __init__(self, holder: dict[str, Any], key: str = "rng") -> None:
        self._holder = holder
        self._key = key
        self.used = False

    def below(self, n: int) -> int:
        """Uniform int in ``[0, n)`` without modulo bias (``0 < n <= 2**64``)."""
        if not 0 < n <= MASK + 1:
            raise ValueError("below() needs 0 < n <= 2**64")
        limit = (MASK + 1) - ((MASK + 1) % n)
        while True:
            state, value = next_u64(self._holder[self._key])
            self._holder[self._key] = state
            self.used = True
            if value < limit:
                return value % n

    def randint(self, low: int, high: int) -> int:
        """Uniform int in ``[low, high]`` inclusive."""
        return low + self.below(high - low + 1)

    def roll(self, sides: int = 6) -> int:
        """One die roll, 1..sides."""
        return self.randint(1, sides)

    def choice(self, items: list[T]) -> T:
        """One element of a non-empty list."""
        return items[self.below(len(items))]

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle a list in place (Fisher–Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


@contextmanager
def rng_script(*rolls: int) -> Iterator[list[int]]:
    """Tests only: the next ``Rng.roll`` calls return ``rolls`` in order, then the PRNG takes over again.

    Replaces ``Rng.roll`` for the duration of the ``with`` block (the production path is untouched); a
    scripted roll counts as PRNG use, as a real one would. Yields the list of rolls still unused.
    """
    queue = list(rolls)
    real = Rng.roll

    def scripted(self: Rng, sides: int = 6) -> int:
        if not queue:
            return real(self, sides)
        value = queue.pop(0)
        if not 1 <= value <= sides:
            raise ValueError(f"scripted roll {value} is not a face of a d{sides}")
        self.used = True
        return value

    Rng.roll = scripted  # type: ignore[method-assign]
    try:
        yield queue
    finally:
        Rng.roll = real  # type: ignore[method-assign]
