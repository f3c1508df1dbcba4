"""Game end (EU-END-*), stars (EU-END-02, EU-END-04) and Automa ties (A-09)."""

from __future__ import annotations

from engines.euphoria.endgame import winners

from .helpers import dice, pl, play, star, table, turn


# EU-END-01
def test_eu_end_01_ninth_star_triggers_last_turns():
    state = table(2)
    for _ in range(8):
        star(state, 0, "nimbus_loft")
    dice(state, 0, (2, "avail"))
    pl(state, 0)["goods"]["gold"] = 3
    state, texts = play(turn(state, 0), 0, "place:2:ic.nimbus_loft")
    assert state["g"]["final"]["triggered"] and state["g"]["final"]["remaining"] == [1, 0]
    assert any("9th star" in t for t in texts)


# EU-END-02
def test_eu_end_02_at_most_ten_stars():
    state = table(2)
    for _ in range(10):
        star(state, 0, "nimbus_loft")
    dice(state, 0, (2, "avail"))
    pl(state, 0)["goods"]["gold"] = 3
    state, texts = play(turn(state, 0), 0, "place:2:ic.nimbus_loft")
    assert pl(state, 0)["stars"] == 10 and any("no star left" in t for t in texts)


# EU-END-03
def test_eu_end_03_ties_and_automa():
    human = {"kind": "human", "stars": 9, "morale": 1, "knowledge": 6}
    automa = {"kind": "automa", "stars": 9}
    assert winners([human, automa]) == [0]
    assert winners([automa, dict(automa)]) == [0, 1]


# EU-END-04
def test_eu_end_04_result_and_scores():
    state = table(2)
    for _ in range(9):
        star(state, 1, "nimbus_loft")
    state["g"]["final"]["triggered"] = True
    state["g"]["final"]["remaining"] = [0]
    dice(state, 0, (2, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:wa.farm")
    assert state["result"]["winners"] == [1] and state["result"]["scores"] == {"0": 0, "1": 9}
