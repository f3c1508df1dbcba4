"""The texts of whole recorded games (tests/stress_botics/golden): what players read says 'an INTERACT card',
never 'a INTERACT card' (labels, prompts and log lines of four whole games)."""

from __future__ import annotations

import re
from pathlib import Path

GOLDEN = Path(__file__).resolve().parent / "golden"


def test_an_article_before_a_vowel_in_every_recorded_text():
    files = sorted(GOLDEN.glob("*.jsonl"))
    assert len(files) >= 3
    for golden in files:
        text = golden.read_text(encoding="utf-8")
        found = re.search(r"\ba [AEIOU][A-Za-z]+", text)
        assert found is None, f"{golden.name}: {found and found.group()}"
    assert any("Draw an INTERACT card" in f.read_text(encoding="utf-8") for f in files)
