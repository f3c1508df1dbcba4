"""Every text a player reads — labels, prompts, log lines, the private /hand text — is plain words
(spec 6.3: each decision one small choice; labels distinct and at most 80 characters)."""

from __future__ import annotations

import re

import pytest

from tests.textcheck import decisions, first_code

from .engine_helpers import ENGINE

CODES = re.compile(
    r"\b(MV|MN|CN|IN)\d\d\b|\bE\d\d[a-c]?\b|\bH\d\d\b|\bSO\d\d\b|\b[A-Z]{2}-\d\b|\bD-[PSF]\d\b|"
    r"\b(EPM|EPCi|EPCo|DBM|DBA)_[ABC]\b|\bMV\d\b|\bCORE\b|\b[A-Z]+_[A-Z_]+\b|\b(SB|AMB)-|[{}\[\]]|\"|"
    r"\b(comp|coop)\b|\bb(C|Ti|Si)\b|\b(Lv|Bm|Ex)\b"
)


def bad(text: str) -> str | None:
    return first_code(CODES, text)


CASES = [(p, seed) for p in (2, 3, 4) for seed in range(2)]


@pytest.mark.parametrize(("players", "seed"), CASES)
def test_labels_prompts_log_and_hand_text_are_plain_words(players: int, seed: int) -> None:
    for state, seat, events in decisions(ENGINE, players, seed, False, {}, 700):
        for event in events:
            assert not bad(event["text"]), (bad(event["text"]), event["text"])
        if seat is None:
            result = state["result"]
            assert not bad(result["reason"]) and all(not bad(t) for t in result["score_text"].values())
            continue
        prompt = ENGINE.prompt(state, seat)
        assert not bad(prompt) and len(prompt) <= 240, prompt
        labels = [ENGINE.label(state, seat, a) for a in ENGINE.legal_actions(state, seat)]
        assert len(set(labels)) == len(labels), labels
        for label in labels:
            assert len(label) <= 80 and not bad(label), label
        for line in ENGINE.view(state, seat)["table"]["private_text"]:
            assert not bad(line), line


def test_the_checker_catches_codes() -> None:
    for text in ("Hand: MV01", "Event E00a", "at EPM_C", "Main Objective PR-1", "token H03", "(comp)", "1 bTi"):
        assert bad(text), text
    assert not bad("{seat0} moves to vault 01 Carbon (Mantle C) (1 MP).")
