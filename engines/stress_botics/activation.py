"""Phase 5's place on the prompt stack: AlphaBot's queued steps run here, pausing when a pushed BetaBot's
owner picks a square (SB-P5-CYL-01, SB-ALPHA-20, SB-MOVE-16)."""

from __future__ import annotations

from typing import Any

from engines.core import Game, Step, effects

from . import flow


class Activation(Step):
    """Never waited on: the queue either pauses on the core Choice above it or moves on to Phase 6."""

    name = "activation"
    verbs = ()

    def actions(self, g: Game, seat: int) -> list[Any]:
        return []

    def resume(self, g: Game, result: Any) -> None:
        if effects.run(g):
            if g.frame.get("then") == "programming":
                flow.start_programming(g)  # version 2: Phase 1's pushes are done
            else:
                flow.phase6(g)
