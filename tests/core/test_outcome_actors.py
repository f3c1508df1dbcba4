"""Outcomes place every participant (seats and non-seat actors such as Automas) in words (issue 12, item 5)."""

from __future__ import annotations

import pytest

from engines.core import EngineBug, Game, copy_state
from engines.euphoria import ENGINE as EUPHORIA
from engines.euphoria.endgame import finish_game
from tests.euphoria.helpers import drafted
from tests.fixtures.tiny import TinyDuel


def _finish(state: dict, **kwargs) -> dict:
    new = copy_state(state)
    g = Game(TinyDuel(), new, None)
    g.finish(**kwargs)
    return new["result"]


def test_default_placings_are_winners_then_everyone_else() -> None:
    state = TinyDuel().setup(3, 1, {})
    result = _finish(state, winners=[1], scores={"0": 1, "1": 5, "2": 2})
    assert result["placings"] == [["1"], ["0", "2"]]
    assert result["score_text"] == {}


def test_placings_must_name_every_seat_once_and_agree_with_the_winners() -> None:
    state = TinyDuel().setup(2, 1, {})
    with pytest.raises(EngineBug):
        _finish(state, winners=[0], placings=[["0"]])  # seat 1 missing
    with pytest.raises(EngineBug):
        _finish(state, winners=[0], placings=[["1"], ["0"]])  # the winner is not placed first
    result = _finish(state, winners=[1], placings=[["1"], ["0"]], score_text={"0": "2 points", "1": "3 points"})
    assert result["placings"] == [["1"], ["0"]] and result["score_text"]["1"] == "3 points"


def test_euphoria_names_its_automas_as_actors_in_every_view() -> None:
    state = EUPHORIA.setup(1, 5, {})
    actors = EUPHORIA.actors(state)
    assert [a["name"] for a in actors] == ["Black Automa", "White Automa"]
    assert all(not a["key"].isdigit() and a["color"].startswith("#") for a in actors)
    assert EUPHORIA.view(state, 0)["actors"] == EUPHORIA.view(state, None)["actors"] == actors
    assert EUPHORIA.actors(EUPHORIA.setup(3, 5, {})) == []


def test_an_automa_that_wins_is_placed_first_and_no_seat_wins() -> None:  # EU-END-01, A-09
    state = drafted(1, 3)
    new = copy_state(state)
    g = Game(EUPHORIA, new, None)
    players = g.g["players"]
    black = next(pid for pid, p in enumerate(players) if p.get("colour") == "black" and p["kind"] == "automa")
    players[black]["stars"] = 9
    human = next(pid for pid, p in enumerate(players) if p["kind"] == "human")
    players[human]["stars"] = 7
    finish_game(g, "the final round is over")
    result = EUPHORIA.outcome(new)
    assert result["winners"] == []
    assert result["placings"][0] == ["automa:black"]
    assert result["scores"]["automa:black"] == 9 and result["scores"][str(human)] == 7
    assert result["score_text"]["automa:black"] == "9 stars"
    assert result["score_text"][str(human)].startswith("7 stars · morale")
    placed = [k for group in result["placings"] for k in group]
    assert sorted(placed) == sorted([str(human), "automa:black", "automa:white"])


def test_tied_human_beats_tied_automa_and_a_shared_first_place_shares_the_win() -> None:  # A-09, EU-END-03
    new = copy_state(drafted(1, 3))
    g = Game(EUPHORIA, new, None)
    for p in g.g["players"]:
        p["stars"] = 8
    finish_game(g, "the final round is over")
    result = EUPHORIA.outcome(new)
    human = next(pid for pid, p in enumerate(new["g"]["players"]) if p["kind"] == "human")
    assert result["winners"] == [human] and result["placings"][0] == [str(human)]
    assert result["placings"][1] == ["automa:black", "automa:white"]
