"""D-06 preview warnings ("Blast! has no target", "Portal unused", "Turbo push will fail at step N") and the
Blast! target in the movement trace (RR-MOD-04/05)."""

from __future__ import annotations

from typing import Any

import pytest

from engines.robo_rescue import ENGINE
from engines.robo_rescue.program import draft_preview, preview, preview_warnings
from tests.robo_rescue.helpers import game, me, play, put, ready, set_hand


@pytest.fixture
def s() -> dict[str, Any]:
    return ready(3)


def frame(state: dict[str, Any]) -> dict[str, Any]:
    return state["stack"][-1]


def warnings(state: dict[str, Any]) -> list[str]:
    return preview_warnings(game(state), 0, frame(state))


def confirm_label(state: dict[str, Any]) -> str:
    confirm = next(a for a in ENGINE.legal_actions(state, 0) if a.verb == "confirm")
    return ENGINE.label(state, 0, confirm)


def test_no_warnings_for_a_plain_move_or_before_the_cards(s):
    # D-06: nothing to warn about; no preview while a card is missing
    set_hand(s, 0, ["FORWARD", "FORWARD", "COMBI"])
    put(s, 0, "E7:N")
    s = play(s, "single")
    assert warnings(s) == [] and draft_preview(game(s), 0, frame(s)) == {"path": None, "warnings": []}
    s = play(s, "card:FORWARD")
    assert warnings(s) == []
    assert confirm_label(s) == "Confirm the Command"
    assert "Warning" not in ENGINE.prompt(s, 0)


def test_d06_blast_without_target_is_warned(s):
    # D-06, RR-MOD-04, RR-MOD-05: after E6→E4 facing north there is no box ahead and E4 is no corner
    set_hand(s, 0, ["FORWARD"])
    me(s)["modifiers"] = {"BLAST": 1}
    put(s, 0, "E6:N")
    s = play(s, "single", "card:FORWARD", "skip:1", "skip:2", "mod:3:BLAST:x:own")
    assert warnings(s) == ["Blast! has no target"]
    assert ENGINE.prompt(s, 0) == "Confirm the Command. Warning: Blast! has no target."
    assert confirm_label(s) == "Confirm the Command (warning: Blast! has no target)"
    assert ENGINE.view(s, 0)["table"]["draft"]["warnings"] == ["Blast! has no target"]  # drawn on /hand
    assert "draft" not in ENGINE.view(s, 1)["table"]
    s = play(s, "confirm")
    while s["stack"][-1]["step"] == "board_actions":
        s = play(s, "done")
    assert s["g"]["turn"]["trace"][-1] == {"blast": "none"}


def test_d06_blast_with_a_target_is_not_warned(s):
    # D-06, RR-MOD-04: H2 facing west, after the card the box on E2 is ahead
    set_hand(s, 0, ["FORWARD"])
    me(s)["modifiers"] = {"BLAST": 1}
    put(s, 0, "H2:W")
    s = play(s, "single", "card:FORWARD", "skip:1", "skip:2", "mod:3:BLAST:x:own")
    assert warnings(s) == []


def test_d06_portal_unused_and_used(s):
    # D-06, RR-MOD-08, RR-MOVE-11: a Portal only matters if the next card leaves the board
    set_hand(s, 0, ["FORWARD"])
    me(s)["modifiers"] = {"PORTAL": 1}
    put(s, 0, "E6:N")
    t = play(s, "single", "card:FORWARD", "mod:1:PORTAL:x:own")
    assert warnings(t) == ["Portal unused"]
    assert "Portal unused" in ENGINE.prompt(t, 0) and "Portal unused" in confirm_label(t)
    put(s, 0, "D2:N")
    u = play(s, "single", "card:FORWARD", "mod:1:PORTAL:x:own")
    assert preview(game(u), 0, frame(u))[0]["path"] == ["D2", "D1", "D10"]
    assert warnings(u) == []


def test_d06_portal_between_cards_is_judged_on_card_two(s):
    # D-06, RR-MOD-08: a Portal at P3 affects only card 2 (here E5→E3 then E3→E1, never off the board)
    set_hand(s, 0, ["FORWARD", "FORWARD", "COMBI"])
    me(s)["modifiers"] = {"PORTAL": 1}
    s["g"]["boxes"] = ["A5", "I5", "F9", "B6"]
    put(s, 0, "E7:N")
    s = play(s, "combi:COMBI", "card:FORWARD", "card:FORWARD", "skip:1", "skip:2", "mod:3:PORTAL:x:own")
    assert warnings(s) == ["Portal unused"]


def test_d06_turbo_push_that_will_fail(s):
    # D-06, RR-MOVE-08: E3 facing north, the box on E2 goes to E1, then cannot be pushed off the board
    set_hand(s, 0, ["FORWARD"])
    me(s)["modifiers"] = {"TURBO": 1}
    put(s, 0, "E3:N")
    s = play(s, "single", "card:FORWARD", "skip:1", "mod:2:TURBO:x:own")
    assert warnings(s) == ["Turbo push will fail at step 2"]
    assert draft_preview(game(s), 0, frame(s))["path"][0]["stopped"] is True
    assert confirm_label(s) == "Confirm the Command (warning: Turbo push will fail at step 2)"


def test_d06_turbo_failure_in_a_combi_names_the_card(s):
    # D-06, RR-MOVE-08: card 1 E5→E3, card 2 pushes the box E2→E1 and fails at its second step
    set_hand(s, 0, ["FORWARD", "FORWARD", "COMBI"])
    me(s)["modifiers"] = {"TURBO": 1}
    put(s, 0, "E5:N")
    s = play(s, "combi:COMBI", "card:FORWARD", "card:FORWARD", "skip:1", "skip:2", "skip:3", "mod:4:TURBO:x:own")
    assert warnings(s) == ["Turbo push will fail at step 2 (card 2)"]


def test_d06_several_warnings_together(s):
    # D-06: Portal unused and Blast! without target at once, in resolution order
    set_hand(s, 0, ["FORWARD"])
    me(s)["modifiers"] = {"PORTAL": 1, "BLAST": 1}
    put(s, 0, "E6:N")
    s = play(s, "single", "card:FORWARD", "mod:1:PORTAL:x:own", "skip:2", "mod:3:BLAST:x:own")
    assert warnings(s) == ["Portal unused", "Blast! has no target"]
    assert ENGINE.prompt(s, 0).endswith("Warning: Portal unused; Blast! has no target.")


def test_rr_mod_04_blast_box_trace_names_the_target_space(s):
    # RR-MOD-04: the trace entry of a Blast! on a box carries the box's space, like a card's path
    set_hand(s, 0, ["FORWARD"])
    me(s)["modifiers"] = {"BLAST": 1}
    put(s, 0, "H2:W")
    s = play(s, "single", "card:FORWARD", "skip:1", "skip:2", "mod:3:BLAST:x:own", "confirm")
    while s["stack"][-1]["step"] == "board_actions":
        s = play(s, "done")
    trace = s["g"]["turn"]["trace"]
    assert trace[0]["path"] == ["H2", "G2", "F2"]
    assert trace[1] == {"blast": "box", "at": "E2"}


def test_rr_mod_05_blast_energy_trace_names_the_corner(s):
    # RR-MOD-05: the energy Blast! is recorded at the robot's corner
    set_hand(s, 0, ["FORWARD"])
    me(s)["modifiers"] = {"BLAST": 1}
    put(s, 0, "A1:E")
    s = play(s, "single", "card:FORWARD", "mod:1:BLAST:x:own", "confirm")
    assert s["g"]["turn"]["trace"][0] == {"blast": "energy", "at": "A1"}
    assert s["g"]["turn"]["trace"][1]["path"] == ["A1", "B1", "C1"]
