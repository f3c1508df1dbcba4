"""Replays recorded under an older rules version import and play on under that version (the engine keeps
it, ``Engine.oldest_version``); a version the engine does not play is refused with a clear message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engines
from bot.service.replay_check import ReplayRefused, parse_replay, run_replay
from engines.core import export_replay, state_hash
from engines.core.replay import replay

GOLDEN = Path(__file__).resolve().parent.parent / "robo_rescue" / "golden" / "2p_bot.jsonl"


def _v1_document() -> dict:
    rows = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines() if line]
    header, steps = rows[0], rows[1:-1]
    assert header["engine_version"] == 1
    actions = [(r["seat"], r["action"]) for r in steps]
    engine = engines.get("robo_rescue")
    final = replay(engine, header["seats"], header["seed"], header["options"], actions, version=1)
    return export_replay(final, actions)


def test_a_version_1_robo_rescue_replay_imports_under_version_1() -> None:
    document = _v1_document()
    assert document["engine_version"] == 1
    parsed = parse_replay(document, engines.get)
    state, rows = run_replay(parsed)
    assert state["engine_version"] == 1 and state_hash(state) == document["final_hash"]
    assert len(rows) == len(document["actions"])


@pytest.mark.parametrize("version", [0, 99, "2", True])
def test_a_rules_version_the_engine_does_not_play_is_refused(version: object) -> None:
    document = dict(_v1_document(), engine_version=version)
    with pytest.raises(ReplayRefused, match="engine_version"):
        parse_replay(document, engines.get)
