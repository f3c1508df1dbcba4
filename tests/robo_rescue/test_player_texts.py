"""Every text a player reads — labels, prompts, log lines, the private /hand text — is plain words.

Seeded random and bot playouts visit many decisions; at each one the labels are distinct, at most 80
characters, and no text carries JSON or internal codes (card ids, rule ids, P1–P5, M:cells, type codes).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from engines.robo_rescue import ENGINE
from tests.textcheck import decisions, first_code

CODES = re.compile(
    r"CMD-|BN\d|\bMC-|\b[A-Z]{2}-\d\b|\b(RR|AMB|REC)-|\bP[1-5]\b|\bM:|[{}\[\]]|\"|\b[A-Z]+_[A-Z_]+\b|"
    r"\b(FORWARD|LEFT|RIGHT|COMBI|ROT90|ROT180|ONESTEP|TURBO|LEVITATE|BLAST|PORTAL|STRAIGHT|BEND|WILD|"
    r"CARDS|TOKENS|DICE|BONUS|POWER|COMMAND|MODIFIER|CABLE|SUPPLY)\b"
)
def bad(text: str) -> str | None:
    """The first internal code or JSON mark in a text (seat placeholders are the host's)."""
    return first_code(CODES, text)


def playout(players: int, seed: int, bots: bool, steps: int = 500) -> Any:
    """(state, seat, events of the last action) at each decision of one seeded playout."""
    return decisions(ENGINE, players, seed, bots, {"round_cap": 8}, steps)


CASES = [(p, seed, bots) for p in (2, 3, 4) for seed in range(3) for bots in (True, False)]


@pytest.mark.parametrize(("players", "seed", "bots"), CASES)
def test_labels_prompts_log_and_hand_text_are_plain_words(players: int, seed: int, bots: bool) -> None:
    for state, seat, events in playout(players, seed, bots):
        for event in events:
            assert not bad(event["text"]), (bad(event["text"]), event["text"])
        if seat is None:
            result = state["result"]
            assert not bad(result["reason"]), result["reason"]
            assert all(not bad(t) for t in result["score_text"].values()), result["score_text"]
            continue
        prompt = ENGINE.prompt(state, seat)
        assert not bad(prompt) and len(prompt) <= 240, prompt
        labels = [ENGINE.label(state, seat, a) for a in ENGINE.legal_actions(state, seat)]
        assert len(set(labels)) == len(labels), labels
        for label in labels:
            assert len(label) <= 80 and not bad(label), label
        for line in ENGINE.view(state, seat)["table"]["private_text"]:
            assert not bad(line), line


def test_the_checker_catches_codes_and_json() -> None:
    for text in ("Hand: CMD-F-01", "No token at P1", "cable at M:A1", '{"id": 1}', "FORWARD card",
                 "has no room (RR-BOARD-05)", "Combi from MC-1", "Bonus card BN07", "use UR-2"):
        assert bad(text), text
    assert not bad("{seat0} places a Straight cable in matrix cell A1 (west–east).")


def test_the_private_draw_line_comes_right_after_the_draw() -> None:
    seen = 0
    for players, seed, bots in CASES[:6]:
        for _state, _seat, events in playout(players, seed, bots, steps=300):
            for i, event in enumerate(events):
                if event["text"].startswith("You drew"):
                    seen += 1
                    before = events[i - 1]
                    assert i > 0 and " draws " in before["text"] and before["to"] is None, events
                    assert before["text"].startswith(f"{{seat{event['to'][0]}}}"), events
    assert seen > 20
