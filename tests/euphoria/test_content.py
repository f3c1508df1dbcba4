"""Content files: shape, counts, cross-references, sources."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engines.euphoria.content import DATA, FILES, ContentError, load, validate
from engines.euphoria.recruits import ALIASES, IMPLEMENTED

from .helpers import E


def test_every_file_names_its_source():
    for name in FILES:
        body = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
        assert "RECONSTRUCTED" in body["source"] or "Rules text" in body["source"]


def test_counts_match_the_rules():
    c = E.data
    assert len(c.markets) == 34 and len(c.sites) == 6 and len(c.recruits) == 102
    assert c.c["knowledge_threshold"] == 16 and c.c["stars"] == 10 and c.c["final_trigger_stars"] == 9
    assert c.tiers == (2, 5, 8, 11) and c.bazaar_costs == (2, 1, 1, 0)
    assert len(c.artifact_types) * c.artifact_copies == 36
    assert sorted(r.name.split(" ")[0] for r in c.recruits.values() if r.automa_excluded) == [
        "Amanda", "Ben", "Josiah", "Khaleef", "Lee", "Maxime", "Phil", "Rebecca"]
    assert {m.id for m in c.markets.values() if m.automa_excluded} == {"fountain", "dilemmas_prison"}
    assert [lv["name"] for lv in c.automa["levels"]][1] == "Medium"


def test_difficulty_table_totals():
    totals = {lv["level"]: sum(lv["deck"].values()) + 2 * sum(lv["pile"].values()) for lv in E.data.automa["levels"]}
    assert totals == {1: 18, 2: 16, 3: 15, 4: 12, 5: 14, 6: 12}


def test_market_penalties_are_known():
    penalties = {m.penalty for m in E.data.markets.values()}
    assert len(penalties) == 34 and "no_self_bump" in penalties


def test_recruit_effects_named_and_partly_implemented():
    effects = {r.effect for r in E.data.recruits.values()}
    parts = {part for names in ALIASES.values() for part in names}
    assert set(ALIASES) <= effects and IMPLEMENTED - parts <= effects
    assert effects <= IMPLEMENTED | E.abilities.effects()  # every recruit does something
    assert not set(ALIASES) & IMPLEMENTED - set(ALIASES)  # an alias names parts, not itself an ASK entry
    assert all(r.effect for r in E.data.recruits.values())


def test_op_kinds_registered():
    assert {"pay", "artifact", "hand_limit", "lose_item", "reward", "tunnel_reward", "artpay"} <= set(E.effects.names())


def test_validation_rejects_broken_data(tmp_path: Path):
    for name in FILES:
        (tmp_path / f"{name}.json").write_text((DATA / f"{name}.json").read_text(encoding="utf-8"))
    load(tmp_path)
    markets = json.loads((tmp_path / "markets.json").read_text())
    markets["markets"].pop()
    (tmp_path / "markets.json").write_text(json.dumps(markets))
    with pytest.raises(ContentError):
        load(tmp_path)
    board = json.loads((DATA / "board.json").read_text())
    board["source"] = ""
    (tmp_path / "markets.json").write_text((DATA / "markets.json").read_text())
    (tmp_path / "board.json").write_text(json.dumps(board))
    with pytest.raises(ContentError):
        load(tmp_path)
    validate(E.data)
