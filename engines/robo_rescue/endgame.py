"""Game end: finish the round after a spacecraft is complete; winners and the Ultimate Survivor (RR-END)."""

from __future__ import annotations

from engines.core import Game

from .player_board import complete, player, survivor_score


def end_of_turn(g: Game, seat: int) -> None:
    """RR-END-02/03, RR-GEN-04/05: play passes on; after the last seat of the final round the game ends."""
    from .turn import start_turn

    order = g.g["order"]
    if not g.g["final_round"] and any(complete(g, s) for s in order):
        g.g["final_round"] = True
        g.log("A spacecraft is complete: this is the final round.")
    last = seat == order[-1]
    cap = g.options.get("round_cap", 0)
    if last and (g.g["final_round"] or (cap and g.g["round"] >= cap)):
        finish(g)
        return
    if last:
        g.g["round"] += 1
    start_turn(g, order[(order.index(seat) + 1) % len(order)])


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
