"""Every text a Euphoria player reads — labels, prompts, log lines, the private /hand text — is plain words.

Seeded random and bot playouts visit many decisions; at each one the labels are distinct, at most 80
characters, and no text carries JSON or internal codes (Automa card symbols, space and site ids, recruit
ids, penalty keys, rule ids).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from engines.euphoria import ENGINE
from tests.textcheck import decisions, first_code

CODES = re.compile(
    r"\b(PROD|ART|BUILD|TUN_BB|TUN_SL)\b|\b[A-Z]+_[A-Z_]+\b|\b[a-z]+_[a-z_]+\b|\b(ic|eu|wa|su|tank)\.[a-z_]+|"
    r"\bsite_|\bmarket_[a-z]\b|\b(IC|EU|WA|SU|FL)\d\d\b|\b[SBWG]\d\d\b|[{}\[\]]|\"|\bEU-[A-Z]+-\d|\bR-\d"
)
def bad(text: str) -> str | None:
    """The first internal code or JSON mark in a text (seat placeholders are the host's)."""
    return first_code(CODES, text)


def playout(players: int, seed: int, bots: bool, steps: int = 1500, **options: Any) -> Any:
    """(state, seat, events of the last action) at each decision of one seeded playout."""
    return decisions(ENGINE, players, seed, bots, options, steps)


CASES = [(p, seed, bots) for p in (1, 2, 3, 4, 6) for seed in range(3) for bots in (True, False)]


@pytest.mark.parametrize(("players", "seed", "bots"), CASES)
def test_labels_prompts_log_and_hand_text_are_plain_words(players: int, seed: int, bots: bool) -> None:
    for state, seat, events in playout(players, seed, bots, automa=players == 2 and seed == 1):
        for event in events:
            assert not bad(event["text"]), (bad(event["text"]), event["text"])
        if seat is None:
            result = state["result"]
            assert not bad(result["reason"]), result["reason"]
            continue
        prompt = ENGINE.prompt(state, seat)
        assert not bad(prompt) and len(prompt) <= 240, prompt
        labels = [ENGINE.label(state, seat, a) for a in ENGINE.legal_actions(state, seat)]
        assert len(set(labels)) == len(labels), labels
        for label in labels:
            assert len(label) <= 80 and not bad(label), label
        lines = ENGINE.view(state, seat)["table"]["private_text"]
        assert lines and all(not bad(line) for line in lines), lines


def test_the_checker_catches_codes_and_json() -> None:
    for text in ("Black Automa: PROD / wastelands", "Cards say: TUN_SL", "no place with six" + " no_place_with_six",
                 "The market at eu.site_a is complete", "(cost {'food': 4})", "Place 2 on wa.farm", "SU08",
                 "action card S01", "see EU-TANK-04"):
        assert bad(text), text
    assert not bad("{seat0} places a worker on the Farm (Wastelands site A space 2).")


def test_private_text_shows_both_recruits() -> None:
    state = ENGINE.setup(2, 1, {})
    while state["stack"][-1]["step"] == "draft":
        seat = ENGINE.active(state)[0]
        state, _ = ENGINE.apply(state, seat, ENGINE.default_action(state, seat))
    p = state["g"]["players"][0]
    lines = ENGINE.view(state, 0)["table"]["private_text"]
    for rid in (*p["active"], *p["hidden"]):
        r = ENGINE.data.recruits[rid]
        assert any(r.name in line and r.text[1:20] in line for line in lines), (r.name, lines)
    assert "private_text" not in ENGINE.view(state, None)["table"]
    other = ENGINE.view(state, 1)["table"]["private_text"]
    assert not any(ENGINE.data.recruits[p["hidden"][0]].name in line for line in other)


def test_the_lobby_says_what_will_happen() -> None:
    defaults = ENGINE.options_schema.defaults()
    solo = ENGINE.setup_text(1, defaults)
    assert "against the Black and White Automas" in solo[0] and "difficulty 2 (Medium)" in solo[0]
    assert "no Automas" in ENGINE.setup_text(2, defaults)[0]
    assert "Automas" in ENGINE.setup_text(2, {**defaults, "automa": True})[0]
    automa = ENGINE.options_schema.get("automa")
    assert "solo game always plays against" in automa.help
    for option in ENGINE.options_schema.options:
        assert option.help and not bad(option.label) and "R-" not in option.help, option
