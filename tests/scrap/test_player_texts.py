"""Every text a player reads is plain words: labels distinct, at most 80 characters, no ids, codes or JSON."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engines.scrap.words import article

from .helpers import ENGINE

GOLDEN = Path(__file__).resolve().parent / "golden"

CODES = re.compile(r"\b(SC|ATT|EN|RL)-|\bA\d\d\b|\bL\d\d\b|[{}\[\]]|\"|\b[A-Z]{3,}\(|\b[A-Z]+_[A-Z_]+\b|\bCENTRE\b")
SEATS = re.compile(r"\{seat\d\}")


def bad(text: str) -> str | None:
    found = CODES.search(SEATS.sub("", text))
    return found.group(0) if found else None


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_texts_on_a_random_playout(players, seed):
    rnd = random.Random(seed)
    state = ENGINE.setup(players, seed, {"intelligences": "draft"})
    for _ in range(250):
        seat = rnd.choice(ENGINE.active(state))
        legal = ENGINE.legal_actions(state, seat)
        labels = [ENGINE.label(state, seat, a) for a in legal]
        assert len(set(labels)) == len(labels), labels
        assert all(len(text) <= 80 for text in labels), labels
        for text in [*labels, ENGINE.prompt(state, seat), *ENGINE.view(state, seat)["table"]["private_text"]]:
            assert bad(text) is None, text
        state, events = ENGINE.apply(state, seat, rnd.choice(legal))
        for event in events:
            assert bad(event["text"]) is None, event["text"]


@pytest.mark.parametrize("players,seed", [(2, 4), (3, 5), (4, 6)])
def test_texts_through_whole_games_with_battles(players, seed):
    # SC-BATTLE-11, SC-BATTLE-21 (every Battle choice labelled in words): half bot, half random moves to the end
    rnd = random.Random(seed)
    state = ENGINE.setup(players, seed, {})
    battles = 0
    while state["result"] is None:
        seat = rnd.choice(ENGINE.active(state))
        legal = ENGINE.legal_actions(state, seat)
        labels = [ENGINE.label(state, seat, a) for a in legal]
        assert len(set(labels)) == len(labels), labels
        assert all(len(text) <= 80 for text in labels), labels
        for text in [*labels, ENGINE.prompt(state, seat)]:
            assert bad(text) is None, text
        action = ENGINE.bot_action(state, seat) if rnd.random() < 0.5 else rnd.choice(legal)
        state, events = ENGINE.apply(state, seat, action)
        for event in events:
            assert bad(event["text"]) is None, event["text"]
            battles += "starts a Battle" in event["text"]
    assert battles > 0


def test_an_before_a_vowel() -> None:  # "an Axon", "a Blade": no "a Axon" in labels or the log
    assert [article(w) for w in ("Axon", "Acolyte", "Innovation", "Blade", "Exploration")] == \
        ["an Axon", "an Acolyte", "an Innovation", "a Blade", "an Exploration"]
    for golden in GOLDEN.glob("*.jsonl"):  # every label, prompt and log line of three whole games
        found = re.search(r"\ba [AEIOU][a-z]+", golden.read_text(encoding="utf-8"))
        assert found is None, f"{golden.name}: {found and found.group()}"
