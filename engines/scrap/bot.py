"""A first, simple SCRAP bot: it acts rather than passes, and Searches whenever it can.

Not yet strategic (issue 14 asks for a strong bot); it exists so seeded games run to their end and the
end rules are exercised. Deterministic per state: the PRNG is seeded from the game seed and step."""

from __future__ import annotations

import random

from engines.core import Action, State

PASSIVE = frozenset({"done", "decline", "skip"})
"""Choice tokens that decline something."""
PASSIVE_VERBS = frozenset({"no", "keep"})


def is_reward(action: Action) -> bool:
    """A Search Reward pick (its token is '<Area id>.<letter>')."""
    token = action.args[0] if action.verb == "pick" and action.args else None
    return isinstance(token, str) and len(token) == 5 and token[3] == "."


def choose(state: State, seat: int, legal: list[Action]) -> Action:
    """Prefer a Search Reward, then anything that is not a pass; ties broken by a seeded PRNG."""
    rnd = random.Random(f"{state['seed']}:{state['step']}:{seat}")
    rewards = [a for a in legal if is_reward(a)]
    acting = [a for a in legal if a.verb not in PASSIVE_VERBS
              and not (a.verb == "pick" and a.args and a.args[0] in PASSIVE)]
    return rnd.choice(rewards or acting or legal)
