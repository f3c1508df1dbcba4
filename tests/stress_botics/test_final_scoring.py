"""Final scoring with the items and AlphaBot's delivery (rules version 3): the rulebook's Final Scoring
example and the "delivered AlphaBot" tie-break (SB-EX-18, SB-SCORE-01..08)."""

from engines.stress_botics import scoring

from .engine_helpers import ENGINE, ctx, new, p


def ex18():
    """Purple, yellow and red of the Final Scoring example as seats 0, 1, 2 (first-game Main Objectives)."""
    state = new(3, first_game_layout=True)
    g = state["g"]
    p(state, 0).update(
        shields=3, stress=28, markers=1,
        cargo={"A": None, "B": {"ship": "scout", "demand": "D-S1", "load": {"C": 4, "Bm": 3}},
               "C": {"ship": "freighter", "demand": "D-F1", "load": {"Ex": 3, "Lv": 2, "Acid": 1, "Gas": 1}}},
        ext={"X1": ["AB05"], "X2": ["AD-A1"], "X3": ["AD-T1"], "X4": []})
    p(state, 1).update(
        shields=5, stress=29, markers=1,
        cargo={"A": None, "B": None, "C": {"ship": "scout", "demand": "D-S2", "load": {"C": 4, "Bm": 6}}},
        ext={"X1": ["AB03"], "X2": [], "X3": [], "X4": ["AB04"]},
        alphabot={"ship": "freighter", "reward": "freighter_a", "vp": 5})
    p(state, 2).update(
        shields=11, stress=37, markers=2,
        cargo={"A": {"ship": "probe", "demand": "D-P1", "load": {"Acid": 4, "Gas": 3, "Bm": 3}}, "B": None, "C": None},
        ext={"X1": ["BX01"], "X2": [], "X3": [], "X4": ["BX06"]})
    g["secondary"].update({"0": "SO07", "1": "SO08", "2": "SO01"})
    g["alphabot"].update(mv=None, square=None, delivered=True, delivered_by=1)
    return state


def test_ex18_final_scoring():
    # SB-EX-18, SB-SCORE-01, SB-SCORE-02, SB-SCORE-03, SB-SCORE-04, SB-SCORE-05, SB-SCORE-06, SB-SCORE-07
    state = ex18()
    g = ctx(state)
    assert scoring.breakdown(g, 0) == {"main": 21, "secondary": 0, "shields": 1, "items": 9, "vp": 31,
                                       "stress": 28, "final": 3}
    assert scoring.breakdown(g, 1) == {"main": 14, "secondary": 6, "shields": 2, "items": 6, "alphabot": 5,
                                       "vp": 33, "stress": 29, "final": 4}
    assert scoring.breakdown(g, 2) == {"main": 17, "secondary": 14, "shields": 5, "items": 3, "vp": 39,
                                       "stress": 37, "final": 2}
    scoring.finish(g)
    assert ENGINE.outcome(state)["winners"] == [1]  # yellow wins


def test_delivered_alphabot_breaks_a_tie_first():
    # SB-SCORE-08 (delivered AlphaBot, then shields, then fewer markers), SB-SCORE-04
    state = new(2)
    p(state, 0).update(shields=12, stress=5, markers=1)
    p(state, 1).update(shields=0, stress=9, markers=2, alphabot={"ship": "scout", "reward": "scout_a", "vp": 10})
    state["g"]["secondary"].update({"0": "SO07", "1": "SO07"})
    g = ctx(state)
    assert scoring.breakdown(g, 0)["final"] == scoring.breakdown(g, 1)["final"] == 8
    scoring.finish(g)
    assert ENGINE.outcome(state)["winners"] == [1]
