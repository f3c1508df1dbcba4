"""The SCRAP engine for tests and a helper that answers the setup prompts."""

from __future__ import annotations

from typing import Any

from engines.core import State
from engines.scrap import ENGINE

SETUP = ("draft", "setup_fissure", "setup_celestium", "place_ship", "place_bots")


def through_setup(players: int, seed: int, options: dict[str, Any] | None = None, version: int | None = None) -> State:
    """A new game (under rules ``version``, default the current one) with every setup prompt answered by its
    first legal action."""
    state = ENGINE.setup(players, seed, options, version)
    while state["stack"][-1]["step"] in SETUP or (state["stack"][-1]["step"] == "choose"
                                                  and state["g"]["turn"] is None):
        seat = ENGINE.active(state)[0]
        state, _ = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    return state
