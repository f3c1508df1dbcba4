"""Stress Botics: Odyssey (2–4 players): BetaBots mine a hostile planet, program Action cards in secret and
deliver cargo to three ships while AlphaBot walks its vaults; from rules version 2 the Cylindroids spawn and
attack and AlphaBot turns aggressive (issue 16, stage 3). The Elite, INTERACT, items and solo come later."""

import engines

from .game import StressBotics

ENGINE = engines.register(StressBotics())
