"""A fixture engine with a non-seat actor: Tiny Duel against the "Black Automa", which places first
with 99 stars, under the engine contract's ``actors`` and ``outcome`` (placings, score words)."""

from __future__ import annotations

from typing import Any

import engines
from engines.core.engine import State
from tests.fixtures.tiny import TinyDuel

AUTOMA = {"key": "automa:black", "name": "Black Automa", "color": "#2b2b2b"}


class ActorDuel(TinyDuel):
    """Tiny Duel whose outcome puts the Black Automa first and the seats behind it by score."""

    id = "actor_duel"
    title = "Actor Duel"

    def actors(self, state: State) -> list[dict[str, Any]]:
        return [dict(AUTOMA)]

    def scores(self, state: State) -> dict[str, Any]:
        return {**super().scores(state), AUTOMA["key"]: 99}

    def outcome(self, state: State) -> dict[str, Any] | None:
        base = super().outcome(state)
        if base is None:
            return None
        scores = {str(s): v for s, v in state["g"]["scores"].items()}
        seats = sorted(scores, key=lambda s: -scores[s])
        groups: list[list[str]] = []
        for seat in seats:
            if groups and scores[groups[-1][0]] == scores[seat]:
                groups[-1].append(seat)
            else:
                groups.append([seat])
        words = {s: f"{v} point" + ("" if v == 1 else "s") for s, v in scores.items()}
        return {"winners": [], "placings": [[AUTOMA["key"]], *groups], "scores": {**scores, AUTOMA["key"]: 99},
                "score_text": {**words, AUTOMA["key"]: "99 stars"},
                "reason": "the Black Automa outran {seat0}"}


ACTOR_DUEL = ActorDuel()


def register() -> ActorDuel:
    """Put Actor Duel in the registry (tests only)."""
    engines.register(ACTOR_DUEL)
    return ACTOR_DUEL
