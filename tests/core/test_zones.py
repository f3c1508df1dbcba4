"""The zones declaration: patterns, owners, reveal flags, frames, redaction and the coverage check."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import Engine, EngineBug, State
from engines.core.zones import Zones, frame, nobody, owner, public
from tests.fixtures.tiny import TinyDuel


def a_state() -> State:
    return {"seats": 2, "stack": [
        {"step": "peek", "seat": 1, "cards": ["x", "y"]},
        {"step": "other", "seat": 0, "cards": ["z"]},
        {"step": "pick", "op": {"pid": 0, "cards": ["c1"]}, "options": ["c1", "pass"]},
        {"step": "pick", "op": {"pid": 1}, "options": ["food", "gold"]},
    ], "g": {
        "round": 3, "deck": ["a", "b", "c"], "piles": [["p", "q"], ["r"]],
        "hands": {"0": ["h1", "h2"], "1": ["h3"]},
        "players": [{"score": 1, "secret": {"plan": "x"}, "shown": False, "tile": "t0"},
                    {"score": 2, "secret": {"plan": "y"}, "shown": True, "tile": "t1"},
                    {"score": 0, "secret": {"plan": "z"}, "shown": False, "tile": "t2"}],
        "notes": None,
    }}


ZONES = Zones(
    public("g.round", "g.players.*.score", "g.players.*.shown", "g.notes.text"),
    nobody("g.deck", "g.piles"),
    owner("g.hands.{seat}"),
    owner("g.players.{seat}.secret", until="shown"),
    owner("g.players.*.tile", seat="score"),  # owner read from a sibling key
    frame("peek", owner("cards", seat="seat")),
    frame("pick", owner("op.cards", seat="pid"), owner("options", seat="op.pid", when="op.cards")),
)


def test_hidden_paths_follow_owners_reveal_flags_and_frames() -> None:
    state = a_state()
    assert ZONES.hidden(state, 0) == [
        "g.deck", "g.piles", "g.hands.1", "g.players.2.secret", "g.players.0.tile", "g.players.1.tile",
        "stack.0.cards"]
    assert ZONES.hidden(state, 1) == [
        "g.deck", "g.piles", "g.hands.0", "g.players.0.secret", "g.players.2.secret", "g.players.1.tile",
        "g.players.2.tile", "stack.2.op.cards", "stack.2.options"]
    spectator = ZONES.hidden(state, None)
    assert "g.players.1.secret" not in spectator  # revealed: players.1.shown is true
    assert {"g.hands.0", "g.hands.1", "g.players.1.tile", "stack.0.cards", "stack.2.options"} <= set(spectator)
    assert "stack.3.options" not in spectator and "stack.1.cards" not in spectator  # no cards; another step


def test_redaction_keeps_shapes_and_counts_only() -> None:
    state = a_state()
    seen = ZONES.redact(state, 0)
    assert seen["g"]["deck"] == [None, None, None] and seen["g"]["piles"] == [[None, None], [None]]
    assert seen["g"]["hands"] == {"0": ["h1", "h2"], "1": [None]}
    assert seen["g"]["players"][2]["secret"] == {} and seen["g"]["players"][1]["secret"] == {"plan": "y"}
    assert seen["g"]["players"][1]["tile"] is None and seen["g"]["players"][2]["tile"] == "t2"  # owner: score
    assert seen["stack"][0]["cards"] == [None, None] and seen["stack"][1]["cards"] == ["z"]
    assert state == a_state()  # the input is untouched
    assert seen["g"]["round"] == 3 and seen["g"]["hands"]["0"] is state["g"]["hands"]["0"]  # shared, not copied


def test_every_part_of_g_must_be_declared() -> None:
    state = a_state()
    assert ZONES.undeclared(state) == []  # g.notes is None: an absent optional part is fine
    state["g"]["extra"] = []
    state["g"]["players"][0]["bag"] = {"gold": 1}
    state["g"]["notes"] = 5  # a scalar where only notes.text is declared
    assert ZONES.undeclared(state) == ["g.players.0.bag", "g.notes", "g.extra"]
    state["stack"][0]["anything"] = 1  # frames are not classified
    assert "stack" not in " ".join(ZONES.undeclared(state))


def test_a_secret_zone_wins_over_a_public_pattern_covering_it() -> None:
    zones = Zones(public("g"), nobody("g.deck"))
    assert zones.hidden(a_state(), 0) == ["g.deck"] and zones.undeclared(a_state()) == []


def test_bad_declarations_are_refused() -> None:
    with pytest.raises(EngineBug, match="name the owner"):
        owner("g.hands.*")
    with pytest.raises(EngineBug, match="name the owner"):
        owner("g.hands.{seat}", seat="pid")
    with pytest.raises(EngineBug, match=r"start with 'g\.'"):
        Zones(public("stack.0.x"))


class DoubleDeclared(TinyDuel):
    id = "double_declared"
    zones = Zones(public("g"), nobody("g.deck"))


def test_an_engine_declares_its_secrets_once() -> None:
    with pytest.raises(EngineBug, match="declare hidden parts once"):
        DoubleDeclared()


class Zoned(TinyDuel):
    id = "zoned_plain"
    zones = Zones(public("g"), nobody("g.deck"), owner("g.hands.{seat}"))
    hidden_paths = Engine.hidden_paths

    def table_view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {"private": [f.get("private") for f in state["stack"]], "deck": state["g"]["deck"]}


def test_the_core_adds_the_private_part_of_simultaneous_frames() -> None:
    engine = Zoned()
    state = engine.setup(3, 4)
    assert engine.all_hidden_paths(state, 1) == [
        "g.deck", "g.hands.0", "g.hands.2", "stack.0.private.0", "stack.0.private.2"]
    assert engine.hidden_paths(state, 1) == engine.all_hidden_paths(state, 1)
    state, _ = engine.apply(state, 1, f"bid:{state['g']['hands']['1'][0]}")
    table = engine.view(state, 2)["table"]
    assert table["private"] == [{"0": {}, "1": {}, "2": {}}] and set(table["deck"]) == {None}
    assert engine.view(state, 1)["table"]["private"][0]["1"] == state["stack"][0]["private"]["1"]
