"""Results in words: placings with non-seat actors by name, score words, the old-result fallback,
and ratings that rank humans among the actors."""

from __future__ import annotations

import re

import pytest

from bot.service.leagues.ratings import placings
from bot.service.outcome import result_text
from bot.service.service import GameService

from ._actor_duel import register
from ._support import name_of, play_to_end

PLACEHOLDER = re.compile(r"[{}]|seat\d")


@pytest.fixture(autouse=True)
def actor_duel() -> None:
    register()


def named_once(text: str, names: list[str]) -> bool:
    return all(len(re.findall(rf"\b{re.escape(n)}\b", text)) == 1 for n in names)


async def finished_actor_game(service: GameService) -> int:
    lobby = await service.new_game(guild_id="g1", channel_id="c1", user_id="alice", user_name=name_of("alice"),
                                   engine_id="actor_duel", options={"rounds": 1, "dice": False}, seed=3)
    await service.join("c1", "bob", name_of("bob"))
    await service.start("c1", "alice")
    await play_to_end(service, lobby.game_id)
    return lobby.game_id


async def test_running_status_shows_every_participants_score_by_name(service: GameService) -> None:
    await service.new_game(guild_id="g1", channel_id="c1", user_id="alice", user_name=name_of("alice"),
                           engine_id="actor_duel", options={"rounds": 1, "dice": False}, seed=3)
    await service.join("c1", "bob", name_of("bob"))
    await service.start("c1", "alice")
    status = await service.status("c1")
    assert not status.finished
    assert sorted(status.scores.split(" · ")) == ["Alice 0", "Black Automa 99", "Bob 0"], status.scores


async def test_status_names_the_actor_that_won_and_every_player_once(service: GameService) -> None:
    await finished_actor_game(service)
    status = await service.status("c1")
    assert status.finished
    text = status.result_text
    assert text.startswith("Winner: Black Automa — 99 stars; 2nd")
    assert "No player wins" not in text and not PLACEHOLDER.search(text), text
    assert named_once(text.split(" (")[0], ["Alice", "Bob", "Black Automa"]), text  # the reason may name more
    assert "points" in text or "point" in text  # the seats' scores in the game's words
    assert text.endswith("(the Black Automa outran Alice)") or text.endswith("(the Black Automa outran Bob)")
    view = service.view_for(await service.game_by_id(status.game_id), None)
    assert [a["name"] for a in view["actors"]] == ["Black Automa"]


def test_placings_with_ties_and_score_words() -> None:
    names = {0: "Alice", 1: "Bob", 2: "Carol"}
    result = {"winners": [], "placings": [["automa:black"], ["0", "2"], ["1"]],
              "scores": {"0": 7, "1": 3, "2": 7, "automa:black": 9},
              "score_text": {"0": "7 stars · morale 3", "1": "3 stars", "2": "7 stars · morale 3",
                             "automa:black": "9 stars"}, "reason": "stars, then morale; {seat1} last"}
    actors = [{"key": "automa:black", "name": "Black Automa", "color": "#2b2b2b"}]
    text = result_text(result, names, actors)
    assert text == ("Winner: Black Automa — 9 stars; joint 2nd Alice — 7 stars · morale 3 & Carol — 7 stars · "
                    "morale 3; 4th Bob — 3 stars (stars, then morale; Bob last)")


def test_an_old_result_without_placings_still_reads() -> None:
    names = {0: "Alice", 1: "Bob"}
    assert result_text({"winners": [0], "scores": {"0": 5, "1": 3}}, names) == "Winner: Alice — 5; 2nd Bob — 3"
    old_automa = {"winners": [], "scores": {"0": 2, "Automa black": 9}, "reason": "the final round is over"}
    text = result_text(old_automa, {0: "Alice"})
    assert text == "Winner: Automa black — 9; 2nd Alice — 2 (the final round is over)"
    assert result_text({"winners": [1], "scores": {}}, names) == "Winner: Bob; 2nd Alice"


def test_ratings_rank_a_human_behind_an_actor_by_the_place_they_got() -> None:
    outcome = {"winners": [], "placings": [["automa:black"], ["1"], ["0"]], "scores": {}}
    assert placings(outcome, 2) == {1: 2, 0: 3}
    tied = {"winners": [0], "placings": [["0", "automa:black"], ["1"]], "scores": {}}
    assert placings(tied, 2) == {0: 1, 1: 3}
    assert placings(outcome, 2, forfeits=[1]) == {0: 2, 1: 3}  # a forfeit comes after everyone who played on
    old = {"winners": [1], "scores": {"0": 3, "1": 5}}
    assert placings(old, 2) == {1: 1, 0: 2}
