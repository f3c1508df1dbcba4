"""Robo Rescue as a new player reads it: one name per card, positions and prices in words, reasons."""

from __future__ import annotations

from engines.core import Action
from engines.robo_rescue import ENGINE
from engines.robo_rescue.game import fit
from tests.robo_rescue.helpers import C, me, play, put, ready, set_hand


def label(state, text: str, seat: int = 0) -> str:
    return ENGINE.label(state, seat, Action.parse(text))


def prompt(state, seat: int = 0) -> str:
    return ENGINE.prompt(state, seat)


def test_a_card_has_one_name_in_hand_text_labels_log_and_image_names():
    s = ready(3)
    set_hand(s, 0, ["LEFT", "LEFT", "COMBI", "FORWARD"])
    table = ENGINE.view(s, 0)["table"]
    assert table["private_text"] == ["Your hand (4 cards): Forward, 2 × Forward-left, Combi."]
    assert [c["name"] for c in table["hand"]] == ["Forward-left", "Forward-left", "Combi", "Forward"]
    assert all("id" not in c for c in table["hand"])  # no card ids in the view a player's text is built from
    assert table["geometry"]["names"]["cards"]["LEFT"] == "Forward-left"
    s = play(s, "single")
    assert label(s, "card:LEFT") == "Movement card: Forward-left"
    put(s, 0, "E5:N")
    _, events = ENGINE.apply(play(s, "card:LEFT"), 0, "confirm")
    assert "programs a Single Move: Forward-left." in events[0]["text"]


def test_the_combi_prompt_says_first_and_second_card():
    s = ready(3)
    set_hand(s, 0, ["FORWARD", "FORWARD", "COMBI"])
    put(s, 0, "E9:N")
    s = play(s, "combi:COMBI")
    assert prompt(s) == "Choose the first card (it resolves first)."
    assert label(s, "card:FORWARD") == "First card: Forward"
    s = play(s, "card:FORWARD")
    assert prompt(s) == "Choose the second card."
    assert label(s, "card:FORWARD") == "Second card: Forward"
    assert "left" not in prompt(s)


def test_modifier_prompts_say_where_the_token_goes_in_words():
    # RR-PROG-08: P1 before card 1 … P5 after card 2, as on the programming board
    s = ready(3)
    set_hand(s, 0, ["FORWARD", "FORWARD", "COMBI"])
    me(s)["modifiers"] = {"ROT90": 1, "TURBO": 1}
    put(s, 0, "E9:N")
    s = play(s, "combi:COMBI", "card:FORWARD", "card:FORWARD")
    assert prompt(s) == "Add a modifier token before the first card (or none), or confirm the Command."
    assert label(s, "skip:1") == "No token before the first card"
    assert label(s, "mod:1:ROT90:L:own") == "90° turn before the first card (turn left)"
    s = play(s, "skip:1")
    assert label(s, "mod:2:TURBO:x:own") == "Turbo on the first card"
    s = play(s, "skip:2")
    assert "between the cards" in prompt(s)
    s = play(s, "mod:3:ROT90:R:own")
    assert "on the second card" in prompt(s)
    s = play(s, "skip:4")
    assert "after the second card" in prompt(s)
    _, events = ENGINE.apply(s, 0, "confirm")
    assert "Forward then Forward, 90° turn between the cards turning right" in events[0]["text"]
    assert all("P3" not in e["text"] for e in events)


def test_cards_that_cannot_be_played_are_named_with_the_reason():
    # RR-PROG-13: only completable choices are offered; the prompt says what is missing and why
    s = ready(3)
    set_hand(s, 0, ["FORWARD", "RIGHT", "LEFT"])
    put(s, 0, "A5:N")  # on the west edge: a left turn would leave the board
    s = play(s, "single")
    offered = {a.args[0] for a in ENGINE.legal_actions(s, 0) if a.verb == "card"}
    assert "LEFT" not in offered and "FORWARD" in offered
    assert "Not playable now: Forward-left (no legal path with it from here)." in prompt(s)


def test_the_turn_prompt_says_why_a_combi_move_is_missing():
    s = ready(3)
    set_hand(s, 0, ["FORWARD", "LEFT"])
    assert "No Combi-Move: you hold no Combi card." in prompt(s)
    set_hand(s, 0, ["FORWARD", "COMBI"])
    assert "No Combi-Move: it needs 2 Movement cards." in prompt(s)
    set_hand(s, 0, ["COMBI"])
    assert "You hold no Movement card" in prompt(s)


def test_conversion_labels_name_the_goods():
    # RR-CONV-01..04
    s = ready(3)
    me(s)["tanks"] = [4, 0]
    s = play(s, "standby")
    labels = {str(a): ENGINE.label(s, 0, a) for a in ENGINE.legal_actions(s, 0)}
    assert labels["buy:2:MODIFIER:ROT90"] == "Pay 2 cards, tokens or oil → a 90° turn token"
    assert all(not text.startswith("Convert") for text in labels.values())


def test_the_standby_label_says_how_many_cards_it_really_draws():
    # RR-STANDBY-01/02: 2, but never past the hand limit
    s = ready(3)
    limit = C.rules["hand_limit"]
    set_hand(s, 0, ["FORWARD"] * (limit - 1))
    assert label(s, "standby") == "Standby: draw 1 Command card"
    set_hand(s, 0, ["FORWARD"] * limit)
    assert label(s, "standby") == "Standby: draw nothing (your hand is full)"
    set_hand(s, 0, ["FORWARD"])
    assert label(s, "standby") == "Standby: draw 2 Command cards"


def test_labels_are_cut_to_80_characters_with_an_ellipsis():
    assert fit("x" * 80) == "x" * 80
    assert fit("x" * 100) == "x" * 79 + "…"
