"""Game end: winners and the Ultimate Survivor (RR-END-04/05); ``turn.end_of_turn`` decides when."""

from __future__ import annotations

from itertools import groupby

from engines.core import Game

from .player_board import complete, player, survivor_score


def ultimate_survivors(g: Game, seats: list[int]) -> list[int]:
    """RR-END-05: the highest resource score among ``seats`` (ties share the title)."""
    scores = {s: survivor_score(g, s) for s in seats}
    best = max(scores.values())
    return [s for s, v in scores.items() if v == best]


def _names(seats: list[int]) -> str:
    """``{seat0}``, ``{seat0} and {seat2}``, ``{seat0}, {seat1} and {seat2}``."""
    names = [f"{{seat{s}}}" for s in sorted(seats)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def finish(g: Game) -> None:
    """RR-END-04/05 (and the optional round cap of §6.6: most engines, then the survivor score).

    When several players complete the spacecraft, the Ultimate Survivor breaks the tie: only they win
    and are placed first (ties in survivor score share the title); everyone else follows by engines,
    then survivor score.
    """
    order = g.g["order"]
    engines = {s: player(g, s)["engines"] for s in order}
    score = {s: survivor_score(g, s) for s in order}
    contenders = [s for s in order if complete(g, s)]
    if contenders:
        reason = f"{_names(contenders)} completed the spacecraft"
    else:
        most = max(engines.values())
        contenders = [s for s in order if engines[s] == most]
        reason = f"Round cap reached: most engines ({most}) for {_names(contenders)}"
    winners = contenders
    if len(contenders) > 1:
        winners = ultimate_survivors(g, contenders)
        g.g["ultimate_survivors"] = sorted(winners)
        title = "is the Ultimate Survivor" if len(winners) == 1 else "share the Ultimate Survivor title"
        reason += f"; {_names(winners)} {title} with survivor score {score[winners[0]]}"
    first = sorted(winners)
    rest = sorted((s for s in order if s not in first), key=lambda s: (-engines[s], -score[s], s))
    placings = [[str(s) for s in first]] + [[str(s) for s in group]
                                            for _, group in groupby(rest, key=lambda s: (engines[s], score[s]))]
    survivors = g.g.get("ultimate_survivors") or []
    score_text = {str(s): f"{engines[s]} engine{'s' * (engines[s] != 1)} · survivor score {score[s]}"
                  + (" · Ultimate Survivor" if s in survivors else "") for s in order}
    head = "Winner" if len(winners) == 1 else "Winners"
    g.log(f"The game ends. {head}: {_names(winners)}. {reason}.")
    g.finish(winners, {str(s): engines[s] for s in order}, reason + ".", placings=placings, score_text=score_text)
