"""Content files: counts against the component list, sources, reconstructed geometry (REC-01..16)."""

from __future__ import annotations

import json

import pytest

from engines.robo_rescue import content
from engines.robo_rescue.board import name, xy
from tests.robo_rescue.helpers import C


def test_every_file_states_its_source():
    for path in content.DATA_DIR.glob("*.json"):
        doc = json.loads(path.read_text(encoding="utf-8"))
        assert isinstance(doc.get("source"), str) and "L" in doc["source"], path.name


def test_component_counts():
    # §1.2: 60 command (16/14/14/16), 32 bonus, 32 ability, 68 modifiers, 68 cables, 56 action tokens
    kinds = [C.card_type(x) for x in C.command_cards]
    assert len(kinds) == 60 and [kinds.count(k) for k in ("FORWARD", "LEFT", "RIGHT", "COMBI")] == [16, 14, 14, 16]
    assert len(C.bonus_cards) == 32 and len({b.design for b in C.bonus_cards.values()}) == 16
    assert len(C.abilities) == 32 and sum(a.ability == "MASTER_CODER" for a in C.abilities.values()) == 8
    assert C.modifier_counts == {"ONESTEP": 10, "TURBO": 12, "LEVITATE": 8, "ROT90": 12, "ROT180": 10, "BLAST": 8,
                                 "PORTAL": 8}
    assert sum(C.cable_counts.values()) == 68
    assert {k: len(v) for k, v in C.action_tokens.items()} == {"OIL": 24, "DICE": 16, "BONUS": 16}


def test_rec_01_board_is_rotation_symmetric():
    def rot(space):
        x, y = xy(space)
        return name(9 - y, x)
    for spaces in [C.corners, C.box_starts, C.power_tokens, tuple(C.switches), *C.action_tokens.values()]:
        assert {rot(s) for s in spaces} == set(spaces)


def test_rec_02_each_switch_controls_three_tokens_in_its_row_or_column():
    # RR-SWITCH-01
    for switch, tokens in C.switches.items():
        assert len(tokens) == 3
        sx, sy = xy(switch)
        assert all(xy(t)[0] == sx or xy(t)[1] == sy for t in tokens)
        others = [t for t in C.power_tokens if (xy(t)[0] == sx or xy(t)[1] == sy)]
        assert sorted(others) == sorted(tokens)


def test_rec_05_programs_and_rec_10_die():
    assert C.programs["FORWARD"] == ("STEP", "STEP") and C.programs["LEFT"] == ("STEP", "TURN_L", "STEP")
    assert sorted(C.cable_die) == ["BEND", "BEND", "STRAIGHT", "STRAIGHT", "STRAIGHT", "WILD"]


def test_rec_06_positions():
    # RR-PROG-08, RR-PROG-10
    assert [p.accepts for p in C.positions["single"]] == [
        ("ROT90", "ROT180", "BLAST", "PORTAL"), ("ONESTEP", "TURBO", "LEVITATE"), ("ROT90", "ROT180", "BLAST")]
    assert len(C.positions["combi"]) == 5


def test_rec_12_bonus_never_blast_and_rec_13_abilities():
    # RR-BONUS-02, RR-MOD-10
    items = [it for b in C.bonus_cards.values() for it in b.top + b.bottom]
    assert not [it for it in items if it.type == "BLAST"]
    assert {it.kind for it in items} == {"OIL", "COMMAND", "MODIFIER", "CABLE"}
    per = {}
    for a in C.abilities.values():
        per.setdefault(a.ability, []).append(a.die)
    assert per["ANTIGRAVITY"] == [2, 3, 4] and per["MASTER_CODER"] == [2] * 8


def test_rules_constants_come_from_data():
    r = C.rules
    assert (r["hand_limit"], r["oil_tank_size"]) == (10, 9)
    assert (r["max_modifiers_per_command"], r["max_ability_cards"]) == (3, 3)
    assert r["starting_engines"] == {"2": 0, "3": 1, "4": 1}


def test_validation_rejects_inconsistent_data(monkeypatch):
    broken = content.load()
    object.__setattr__(broken, "box_starts", ("E2",))
    with pytest.raises(content.ContentError):
        content.validate(broken)
