"""Phase 6: stress for being ahead of AlphaBot, the hand limit and the new turn order
(SB-P6-STATUS-01..04, AMB-31)."""

from __future__ import annotations

from engines.core import Game

from .item_cards import passive
from .planet import tile_index
from .robots import called, solo
from .stress import TOP, change_stress, player


def alphabot_index(g: Game) -> int:
    """AlphaBot's tile in exploration order; 7 on the Shuttle (spec 4.1.8)."""
    mv = g.g["alphabot"]["mv"]
    return g.data["planet"]["alphabot_tile_index"][f"MV{mv}" if mv else "SHUTTLE"]


def distance_stress(g: Game) -> None:
    """+1 stress per Section Tile a Mini is ahead of AlphaBot (SB-P6-STATUS-01/02)."""
    ab = alphabot_index(g)
    for seat in list(g.g["order"]):
        ahead = max(0, tile_index(g, player(g, seat)["mini"]) - ab)
        if ahead:
            g.log(f"{called(g, seat)} is {ahead} tile{'s' if ahead > 1 else ''} ahead of AlphaBot: +{ahead} stress.")
            change_stress(g, seat, ahead)


def hand_limit(g: Game, seat: int) -> int:
    """5 (3-4p) or 6 (1-2p) cards, 4 while stress is above 25 (SB-P6-STATUS-03)."""
    rules = g.data["rules"]["hand_limit"]
    bonus = passive(g, 0 if solo(g) else seat, "hand_limit_bonus")  # items (version 3)
    if solo(g):  # SB-SOLO-17, AMB-31: the shared hand, 4 while BetaBot's stress is 25 or more
        solo_rule = g.data["deltabot"]["hand_limit"]
        stressed = player(g, 0)["stress"] >= solo_rule["stressed_at_or_above"]
        return solo_rule["stressed" if stressed else "normal"] + bonus
    if player(g, seat)["stress"] > rules["stressed_above"]:
        return rules["stressed"] + bonus
    return rules[str(g.seats)] + bonus


def new_turn_order(g: Game) -> None:
    """Highest stress first; ties keep their previous order (SB-P6-STATUS-04, SB-STRESS-09)."""
    old = g.g["order"]
    g.g["order"] = sorted(old, key=lambda s: (-player(g, s)["stress"], old.index(s)))


def over_40(g: Game, seat: int) -> bool:
    """The Turn Order tile shows side B (SB-STRESS-04/07)."""
    return player(g, seat)["stress"] >= TOP
