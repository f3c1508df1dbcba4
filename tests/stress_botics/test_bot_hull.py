"""The bot with the hull (rules version 3): it draws and programs an INTERACT by AlphaBot, takes the option
worth most, and delivers AlphaBot for its VP reward (bot_hull.py)."""

from engines.core import act
from engines.stress_botics import bot_hull

from .engine_helpers import ENGINE, ctx, p, play
from .test_alphabot_delivery import shuttle
from .test_interact import interacting, near


def choose(state, seat=0):
    return str(ENGINE.bot_action(state, seat))


def test_bot_draws_and_programs_interact_by_alphabot():
    # SB-INTERACT-01, SB-P2-PROG-02
    state = near()
    g = ctx(state)
    assert bot_hull.draw_types(g, 0) == ("INTERACT",)
    state["g"]["hands"]["0"] = ["IN01", "MV01"]
    assert bot_hull.draw_types(g, 0) == ()
    state["g"]["ab_items"].update(standby="AB07")
    state["g"]["alphabot"]["tank"] = {"bC": 1, "Bm": 1}  # Control A4 is affordable: worth programming
    slots = {c: act("slot", c) for c in ("IN01", "MV01")}
    assert str(bot_hull.program_first(g, 0, slots, [])) == "slot:IN01"
    p(state, 0)["square"] = "EXIT"
    assert bot_hull.program_first(g, 0, slots, []) is None


def test_bot_picks_the_valuable_option():
    # SB-INTERACT-06, SB-INTERACT-11
    state = near()
    state["g"]["ab_items"].update(standby="AB07")
    state["g"]["alphabot"]["tank"] = {"bC": 1, "Bm": 1}
    assert choose(interacting(state)).startswith("do:control")
    state = play(interacting(state), 0, "do:control:none")
    assert choose(state) == "opt:A4:AB07"
    assert choose(near() | {"stack": [{"step": "interact", "seat": 0, "card": "IN01", "slot": "1", "sub": "control",
                                        "side": "A", "left": 0, "done": ["A1"], "free": True}]}) == "done"


def test_bot_delivers_alphabot_for_its_vp():
    # SB-ALPHADELIVER-03, SB-ALPHADELIVER-05
    state = shuttle()
    assert bot_hull.alpha_bases(ctx(state), 0, manual=False) == {"DBA_C": bot_hull.ALPHA_DELIVERY_WORTH}
    state["stack"] = [{"step": "keep", "seat": 0, "card": "CN01", "slot": "1"},
                      {"step": "deliver", "seat": 0, "auto": True, "ship": None}]
    assert choose(state) == "alphabot:scout"
    state = play(state, 0, "alphabot:scout")
    assert choose(state) == "reward:scout_a"


def test_hull_texts_are_plain_words():
    # spec 6.3: labels distinct, at most 80 characters, no codes; prompts at most 240 (every hull prompt, 3 deep)
    from .test_player_texts import bad

    starts = [interacting(near(2)), interacting(near(3), card="IN10"), shuttle() | {"stack": [
        {"step": "keep", "seat": 0, "card": "CN01", "slot": "1"}, {"step": "deliver", "seat": 0, "auto": True,
                                                                  "ship": None}]}]
    b = near(3)
    b["g"]["alphabot"].update(control="B", server="B", shields=4, tank={"Ti": 3, "C": 2}, ti_track=3, c_track=4)
    starts.append(interacting(b, card="IN10"))
    frontier = [(s, 0) for s in starts]
    seen = 0
    while frontier:
        state, depth = frontier.pop()
        seat = ENGINE.active(state)[0]
        moves = ENGINE.legal_actions(state, seat)
        labels = [ENGINE.label(state, seat, a) for a in moves]
        prompt = ENGINE.prompt(state, seat)
        assert len(set(labels)) == len(labels) and len(prompt) <= 240 and not bad(prompt), (labels, prompt)
        assert all(len(label) <= 80 and not bad(label) for label in labels), labels
        seen += 1
        if depth < 3:
            for a in moves[:8]:
                new_state, events = ENGINE.apply(state, seat, a)
                assert all(not bad(e["text"]) for e in events), events
                if ENGINE.outcome(new_state) is None and new_state["stack"]:
                    frontier.append((new_state, depth + 1))
    assert seen > 50
