"""Game end: winners and the Ultimate Survivor (RR-END-04/05); ``turn.end_of_turn`` decides when."""

from __future__ import annotations

from engines.core import Game

from .player_board import complete, player, survivor_score


def ultimate_survivors(g: Game, seats: list[int]) -> list[int]:
    """RR-END-05: the highest resource score among ``seats`` (ties share the title)."""
    scores = {s: survivor_score(g, s) for s in seats}
    best = max(scores.values())
    return [s for s, v in scores.items() if v == best]


def finish(g: Game) -> None:
    """RR-END-04/05 (and the optional round cap of §6.6: most engines, then the survivor score)."""
    order = g.g["order"]
    winners = [s for s in order if complete(g, s)]
    reason = "spacecraft complete"
    if not winners:
        most = max(player(g, s)["engines"] for s in order)
        winners = ultimate_survivors(g, [s for s in order if player(g, s)["engines"] == most])
        reason = f"round cap reached: most engines ({most})"
    scores = {str(s): {"engines": player(g, s)["engines"], "survivor_score": survivor_score(g, s)} for s in order}
    if len(winners) > 1:
        survivors = ultimate_survivors(g, winners)
        g.g["ultimate_survivors"] = sorted(survivors)
        names = ", ".join(f"{{seat{s}}}" for s in sorted(survivors))
        reason += f"; Ultimate Survivor: {names}"
    g.log(f"The game ends. Winners: {', '.join(f'{{seat{s}}}' for s in sorted(winners))}.")
    g.finish(winners, scores, reason)
