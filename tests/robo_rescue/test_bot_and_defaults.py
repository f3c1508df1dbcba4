"""The bot plays purposefully, and every pending decision has a safe timeout default (§6.4)."""

from __future__ import annotations

from engines.robo_rescue import ENGINE
from tests.robo_rescue.helpers import legal, me, play, put, ready, set_hand, step


def bot(s):
    seat = ENGINE.active(s)[0]
    return str(ENGINE.bot_action(s, seat))


def test_bot_heads_for_rewards():
    # from A1:S the bot's Single Move ends on a space with action tokens and takes one of them
    s = ready(3)
    set_hand(s, 0, ["FORWARD", "LEFT", "RIGHT"])
    put(s, 0, "A1:S")
    while step(s) in ("turn_start", "program"):
        s = play(s, bot(s))
    at = s["g"]["robots"]["0"]["at"]
    assert at in ("A3", "B2") and s["g"]["tokens"][at]
    assert bot(s) in {f"act:{k}" for k in s["g"]["tokens"][at]}


def test_bot_blasts_a_box_in_front():
    s = ready(3)
    set_hand(s, 0, ["FORWARD"])
    me(s)["modifiers"] = {"BLAST": 1}
    put(s, 0, "F2:W")  # Forward alone is blocked by the E2 box
    s = play(s, bot(s))
    s = play(s, bot(s))
    assert bot(s) == "mod:1:BLAST:x:own"


def test_bot_buys_a_turn_token_when_stuck():
    s = ready(3)
    set_hand(s, 0, ["FORWARD", "FORWARD", "FORWARD"])
    put(s, 0, "J4:E")
    assert bot(s) == "standby"
    s = play(s, "standby")
    assert bot(s).startswith("buy:2:MODIFIER:ROT")


def test_timeout_defaults():
    # §6.4: unconfirmed Command → Back then Standby; Board Actions → Done; D-OIL → fuller tank; D-09 → newest card
    s = ready(3)
    set_hand(s, 0, ["FORWARD"] * 12)
    put(s, 0, "B3:N")
    assert str(ENGINE.default_action(s, 0)) == "standby"
    s = play(s, "single", "card:FORWARD")
    assert str(ENGINE.default_action(s, 0)) == "back"
    s = play(s, "confirm")
    assert str(ENGINE.default_action(s, 0)) == "done"
    me(s)["tanks"] = [3, 5]
    s = play(s, "act:OIL")
    assert step(s) == "gain" and str(ENGINE.default_action(s, 0)) == "oil:0"
    s = play(s, "oil:0")  # no action left at B1 with 11 cards in hand: on to Conversions
    assert step(s) == "conversions" and str(ENGINE.default_action(s, 0)) == "done"
    s = play(s, "done")
    assert step(s) == "discard_down" and str(ENGINE.default_action(s, 0)) == "discard:FORWARD"
    assert legal(s) == ["discard:FORWARD"]


def test_cable_timeout_default_keeps_connections_feasible(dice):
    # §6.4 H-CABLE: with the G1 loop built and B under way, a Bend must not go to M:G3 (it would cut B off)
    dice(["BEND", "BEND"])
    s = ready(3)
    p = me(s)
    p["matrix"] = {"F1": "ES", "F2": "NE", "G2": "WE", "H2": "WN", "H1": "SW", "D3": "ES", "E3": "WE", "F3": "WE"}
    p["connections"], p["built"]["CABLE"] = ["G1"], 1
    set_hand(s, 0, ["FORWARD"])
    put(s, 0, "B4:N")
    s = play(s, "single", "card:FORWARD", "confirm", "act:DICE")
    choice = str(ENGINE.default_action(s, 0))
    assert choice.startswith("place:BEND:") and ":G3:" not in choice
