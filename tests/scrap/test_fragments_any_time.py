"""Scoring Fragments at any time (SC-END-05, SC-ACT-FRAGMENT-04, ruling A-35): a free action — during another
player's turn and inside a Battle too; it resolves at once and publicly, and the end check still waits for
the end of a turn (SC-EX-24)."""

from __future__ import annotations

from engines.core import act

from .helpers import ENGINE, through_setup

TACHYON_VULKANOS_CEREBRUM = {"intelligences": "tachyon,vulkanos,cerebrum"}


def _seat_of(state, intel: str) -> int:
    return next(int(s) for s, p in state["g"]["players"].items() if p["intel"] == intel)


def _on_load_return(state, seat: int):
    state["g"]["turn"].update(seat=seat, phase="load")
    state["stack"][-1] = {"step": "load_return", "seat": seat}
    state["g"]["players"][str(seat)]["hand"] = []
    return state


def test_a_fragment_is_scored_during_another_players_turn():
    # SC-END-05, SC-ACT-FRAGMENT-04, SC-ACT-FRAGMENT-03: any time, publicly; the turn stays where it was
    state = through_setup(2, 5, {"intelligences": "cerebrum,kirurgeon"})
    mover = ENGINE.active(state)[0]
    other = 1 - mover
    state["g"]["players"][str(other)].update(data=12, fragments=[2, 3, 3])
    assert ENGINE.free_actions(state, other) == [act("score_fragment", 3), act("score_fragment", 2)]
    assert ENGINE.label(state, other, act("score_fragment", 3)) == "Score your 3-Data Fragment (Data 12 → 15)"
    frame = dict(state["stack"][-1])
    new, events = ENGINE.apply(state, other, act("score_fragment", 3))
    p = new["g"]["players"][str(other)]
    assert (p["data"], p["fragments"]) == (15, [2, 3]) and new["stack"][-1] == frame
    assert [(e["text"], e["to"]) for e in events] == [(f"{{seat{other}}} Scores a Fragment worth 3 Data (now 15).",
                                                       None)]
    spectator = ENGINE.view(new, None)["table"]["players"][str(other)]
    assert spectator["fragment_count"] == 2 and "fragments" not in ENGINE.view(new, None)["table"]
    assert ENGINE.view(new, mover)["table"]["fragments"] == new["g"]["players"][str(mover)]["fragments"]


def test_sc_ex_24_reaching_fifty_mid_turn_ends_the_game_only_after_the_turn():
    # SC-EX-24, SC-END-02, SC-END-03, SC-END-04, SC-END-05, SC-TIE-01
    state = through_setup(3, 2, TACHYON_VULKANOS_CEREBRUM)
    tachyon, vulkanos, cerebrum = (_seat_of(state, i) for i in ("tachyon", "vulkanos", "cerebrum"))
    players = state["g"]["players"]
    players[str(tachyon)].update(data=46, fragments=[4, 3])
    players[str(vulkanos)].update(data=49, fragments=[4])
    players[str(cerebrum)].update(data=30, fragments=[2])
    state = _on_load_return(state, vulkanos)
    state, _ = ENGINE.apply(state, tachyon, act("score_fragment", 4))
    assert state["g"]["players"][str(tachyon)]["data"] == 50 and state["result"] is None, "not earlier"
    state, _ = ENGINE.apply(state, vulkanos, act("keep"))
    while state["result"] is None:
        assert ENGINE.active(state) == [vulkanos] and state["stack"][-1]["step"] == "load_fill"
        state, _ = ENGINE.apply(state, vulkanos, ENGINE.legal_actions(state, vulkanos)[0])
    result = state["result"]
    assert result["scores"] == {str(tachyon): 53, str(vulkanos): 53, str(cerebrum): 32}
    assert result["winners"] == [vulkanos], "the tie goes to the higher POWER (Vulkanos 4203 > Tachyon 2012)"


def test_no_free_scoring_while_a_card_asks_which_fragment_to_score():
    # SC-REF-33, SC-ACT-FRAGMENT-04: the card's own choice is the way to Score then (its effect counts the Score)
    state = through_setup(2, 5, {"intelligences": "cerebrum,kirurgeon"})
    seat = ENGINE.active(state)[0]
    state["g"]["players"][str(seat)]["fragments"] = [2]
    state["g"]["players"][str(1 - seat)]["fragments"] = [1]
    state["stack"].append({"step": "choose", "seat": seat, "op": {"effect": "score", "owner": seat, "left": 1},
                           "options": [2, "done"]})
    assert ENGINE.free_actions(state, seat) == []
    assert ENGINE.free_actions(state, 1 - seat) == [act("score_fragment", 1)], "the others still may"


def test_nothing_is_offered_once_the_game_is_over():
    # SC-END-03: at the end every Fragment is Scored anyway; nothing is offered once the game is over
    state = through_setup(2, 5, {"intelligences": "cerebrum,kirurgeon"})
    state["g"]["players"]["0"]["fragments"] = [2]
    state["result"] = {"winners": [0]}
    assert ENGINE.free_actions(state, 0) == []
