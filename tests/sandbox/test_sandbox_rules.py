"""The sandbox's ``rules`` command prints what ``/rules`` answers, without Discord's markup (RR-SETUP-07,
RR-CONV-08: the decision's entries and one rule by ID)."""

from __future__ import annotations

import io
from pathlib import Path

from bot.sandbox import main


def run(tmp_path: Path, game: str, players: str, script: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    argv = [game, "--players", players, "--seed", "3", "--db", str(tmp_path / "rules.db"), "--out",
            str(tmp_path / "out"), "--no-images"]
    assert main(argv, stdin=io.StringIO(script), stdout=out, stderr=err) == 0, err.getvalue()
    return out.getvalue()


def test_rules_prints_the_decision_a_topic_and_a_rule(tmp_path: Path) -> None:
    text = run(tmp_path, "robo_rescue", "2", "rules\nrules conversions\nrules rr-conv-08\nas 1\nrules\nrules chess\n")
    assert "Robo Rescue — the rules for your decision: Choose which way your robot faces" in text
    assert "Starting facing (RR-SETUP-07): Your robot starts on your corner space." in text
    assert "More: rules TOPIC — topics turn, actions, modifiers, engines, conversions, end or a rule ID." in text
    assert "Robo Rescue — conversions" in text and "Paying (RR-CONV-02):" in text
    assert "Loose cables only (RR-CONV-08): A cable token can be spent only" in text
    assert "Robo Rescue — the rules for what the table decides now. Waiting for Player 1" in text
    assert "! No rules topic 'chess' for Robo Rescue." in text
    assert "**" not in text and "`" not in text.split("Type `help`")[-1]


def test_rules_is_in_the_help(tmp_path: Path) -> None:
    text = run(tmp_path, "euphoria", "1", "help\nrules\n")
    assert "rules [TOPIC]" in text
    assert "Choosing recruits (EU-SETUP-09)" in text
