"""Stress Botics: Odyssey (2–4 players), part 1: BetaBots mine a hostile planet, program Action cards in secret
and deliver cargo to three ships while AlphaBot walks its vaults (Cylindroids, the Elite, items and solo come in
issues 16 and 17)."""

import engines

from .game import StressBotics

ENGINE = engines.register(StressBotics())
