"""The round: which prompt comes next between phases (1 → 2 → 3 → 4 → 5 → 6, spec 1.2).

Procedures only; steps name the next prompt by its step name, so no step module imports another.
"""

from __future__ import annotations

from engines.core import Game, Simultaneous, effects

from . import alphabot, cylindroids, events, scoring, status, threats
from .robots import DELTA, called, delta, hand_key, hand_of
from .stress import player


def begin_round(g: Game) -> None:
    """A new round: Phase 1, then the Phase 2 draw (or the end, SB-END-01)."""
    g.g["round"] += 1
    g.g["phase"] = "events"
    if events.resolve(g):
        scoring.finish(g)
        return
    if threats.on(g) and effects.pending(g):
        g.goto("activation", seat=g.g["order"][0], then="programming")  # pushes and reveals of Phase 1
        if not effects.run(g):
            return
    start_programming(g)


def start_programming(g: Game) -> None:
    """Phase 2: everyone draws at once."""
    g.g["phase"] = "programming"
    g.goto("draw", **Simultaneous.frame_for(list(g.g["order"])))


def start_actions(g: Game) -> None:
    """Phase 3 starts with the first player in turn order (SB-P3-ACT-01)."""
    g.g["phase"] = "actions"
    g.g["last_turn"] = None
    next_turn(g)


def next_turn(g: Game) -> None:
    """The next player in turn order with a programmed card, round-robin; Phase 4 when none is left.
    A player whose battery count became exactly 5 chooses their AI first (SB-MOVE-19)."""
    if pending_choice(g, "turn"):
        return
    order = g.g["order"]
    last = g.g["last_turn"]
    start = 0 if last is None else order.index(last) + 1
    for i in range(len(order)):
        seat = order[(start + i) % len(order)]
        if g.g["programmed"][str(seat)]:
            g.g["last_turn"] = seat
            g.goto("turn", seat=seat)
            return
    g.g["phase"] = "maintenance"
    g.goto("maintain", **Simultaneous.frame_for(list(order)))


def pending_choice(g: Game, then: str) -> bool:
    """Ask the next player whose count reached exactly 5 batteries (turn order); False when none waits."""
    choice_at = g.data["rules"]["ai"]["choice_at"]
    pending = g.g["ai_pending"]
    waiting = [s for s in g.g["order"] if s in pending and len(player(g, s)["track"]) == choice_at]
    pending.clear()
    if waiting:
        g.goto("ai_choice", seat=waiting[0], queue=waiting[1:], then=then)
    return bool(waiting)


def ai_choices(g: Game, queue: list[int], then: str = "phase5") -> None:
    """Players with exactly 5 batteries choose in turn order (4.1.5, SB-P4-MAINT-11, or mid-phase), then the
    game goes on: Phase 5 after maintenance, the next turn in Phase 3."""
    choice_at = g.data["rules"]["ai"]["choice_at"]
    waiting = [s for s in queue if len(player(g, s)["track"]) == choice_at]
    if waiting:
        g.goto("ai_choice", seat=waiting[0], queue=waiting[1:], then=then)
    elif then == "turn":
        next_turn(g)
    else:
        g.g["ai_pending"].clear()
        sync_ai_tile(g)
        phase5(g)


def sync_ai_tile(g: Game) -> None:
    """Solo: at the end of BetaBot's AI step DeltaBot's AI tile turns to match BetaBot's AI (SB-SOLO-14)."""
    d = delta(g)
    if d is not None and not d["exploded"] and d["ai"] != player(g, 0)["ai"]:
        d["ai"] = player(g, 0)["ai"]
        g.log(f"{called(g, DELTA)}'s AI tile turns to {'Cooperative' if d['ai'] == 'coop' else 'Competitive'}.")


def phase5(g: Game) -> None:
    """Phase 5 on the effect queue — version 2: the Cylindroids, the Elite's hook, AlphaBot with its aggression;
    version 1: AlphaBot's Standard card only — then Phase 6.
    The ``activation`` frame holds the place while a pushed BetaBot's owner chooses."""
    g.g["phase"] = "activation"
    g.goto("activation", seat=g.g["order"][0])
    if threats.on(g):
        cylindroids.queue_phase5(g)
    else:
        alphabot.queue_activation(g)
    if effects.run(g):
        phase6(g)


def phase6(g: Game) -> None:
    """Phase 6: stress for distance, then discards down to the hand limit (SB-P6-STATUS-01..03)."""
    g.g["phase"] = "status"
    status.distance_stress(g)
    over = [s for s in g.g["order"] if len(hand_of(g, s)) > status.hand_limit(g, s) and hand_key(g, s) == str(s)]
    if over:
        g.goto("discard", **Simultaneous.frame_for(over))
        return
    end_round(g)


def end_round(g: Game) -> None:
    """The new turn order; the end check for ``end_of_round``; the next round (SB-P6-STATUS-04/05)."""
    status.new_turn_order(g)
    if events.all_left(g):
        scoring.finish(g)
        return
    begin_round(g)
