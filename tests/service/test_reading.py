"""Read-only requests: status, board, hand, log, export / import of replays, rebuild."""

from __future__ import annotations

import asyncio
import copy
import json
import random
from typing import Any

import pytest

from bot.service.errors import LobbyError, NoGame, NotAllowed
from bot.service.models import GameRow
from bot.service.reading import private_lines
from bot.service.service import GameService
from bot.service.sqlite import SQLiteStorage
from engines.core import ReplayMismatch, check_replay, dumps, export_replay
from tests.service._support import (
    bid_and_lock,
    play_to_end,
    random_pick,
    start_game,
    to_turn_phase,
    user_at,
)

PNG = b"\x89PNG\r\n\x1a\n"


class Recorder:
    """A fake renderer that remembers every view it was asked to draw."""

    def __init__(self) -> None:
        self.views: list[dict[str, Any]] = []

    def __call__(self, engine_id: str, view: dict[str, Any]) -> bytes:
        self.views.append(copy.deepcopy(view))
        return b"PNG..."


async def drawn_turns(service: GameService, channel: str = "c1") -> tuple[GameRow, str, str]:
    """A two-player game where both seats have drawn a card (so both have private events)."""
    game = await start_game(service, channel, options={"rounds": 3})
    game = await to_turn_phase(service, game.id)
    first, second = user_at(game, 0), user_at(game, 1)
    assert first is not None and second is not None
    await service.play(first, "draw", channel_id=channel)
    await service.play(first, "done", channel_id=channel)
    await service.play(second, "draw", channel_id=channel)
    return await service.game_by_id(game.id), first, second


def drew(line: str) -> bool:
    return "You drew" in line


# -- status and board ---------------------------------------------------------------------------------
async def test_status_and_board_of_a_running_game(drawn_service: GameService) -> None:
    service = drawn_service
    with pytest.raises(NoGame):
        await service.status("c1")
    game = await start_game(service)
    with pytest.raises(NoGame):
        await service.board("nowhere")
    status = await service.status("c1")
    assert (status.game_id, status.version, status.finished, status.image) == (game.id, 0, False, None)
    first, second = user_at(game, 0), user_at(game, 1)
    assert status.prompt == f"Waiting for {first.capitalize()}, {second.capitalize()}."  # type: ignore[union-attr]
    assert sorted(status.active_users) == ["alice", "bob"] and status.title == "Tiny Duel"
    board = await service.board("c1")
    assert board.image == b"PNG..." and board.version == 0 and board.channel_id == "c1"

    await bid_and_lock(service, "c1", "alice")
    latest = await service.board_of(game.id)
    assert latest.version == 2 and latest.active_users == ["bob"]
    assert latest.summary == "Alice is locked in." and latest.image == b"PNG..."


async def test_status_and_board_after_the_game_ends(drawn_service: GameService) -> None:
    service = drawn_service
    game = await start_game(service, humans=("alice",), bots=1, options={"rounds": 1})
    finished = await play_to_end(service, game.id)
    status = await service.status("c1")
    assert status.finished and status.game_id == game.id and status.version == finished.version
    assert status.prompt == "The game is over." and status.active_users == []
    assert finished.result is not None
    assert status.result_text.startswith("Winner") and "most points" in status.result_text
    assert ("Alice" in status.result_text) or ("Bot 1" in status.result_text)
    board = await service.board("c1")
    assert board.finished and board.image == b"PNG..."
    # a new lobby in the channel does not hide the last finished board
    await service.new_game(guild_id=None, channel_id="c1", user_id="bob", user_name="Bob", engine_id="tiny")
    assert (await service.board("c1")).game_id == game.id


async def test_the_default_renderer_draws_a_png(storage: SQLiteStorage) -> None:
    service = GameService(storage)
    game = await start_game(service)
    board = await service.board("c1")
    assert board.image is not None and board.image.startswith(PNG)
    status = await service.status("c1")
    assert status.image is None and status.game_id == game.id


# -- hand --------------------------------------------------------------------------------------------
async def test_hand_shows_only_the_callers_own_cards(storage: SQLiteStorage) -> None:
    recorder = Recorder()
    service = GameService(storage, renderer=recorder)
    game, first, second = await drawn_turns(service)
    assert game.state is not None
    for user, seat in ((first, 0), (second, 1)):
        recorder.views.clear()
        view = await service.hand("c1", user)
        assert (view.game_id, view.seat, view.image) == (game.id, seat, b"PNG...")
        assert f"you are {user.capitalize()}" in view.text
        (drawn,) = recorder.views
        assert drawn["seat"] == seat
        assert drawn["table"]["hand"] == game.state["g"]["hands"][str(seat)]
        assert all(drew(line) for line in view.private_log) and len(view.private_log) == 1
        assert view.private_log[0].endswith(f"You drew {game.state['g']['hands'][str(seat)][-1]}.")

    # what the other seat holds cannot change anything the caller is shown
    recorder.views.clear()
    before = await service.hand("c1", first)
    tampered = copy.deepcopy(game.state)
    other_hand, deck = tampered["g"]["hands"]["1"], tampered["g"]["deck"]
    assert len(deck) >= len(other_hand)
    tampered["g"]["hands"]["1"], tampered["g"]["deck"] = deck[:len(other_hand)], other_hand + deck[len(other_hand):]
    await storage.write([("UPDATE games SET state = ? WHERE id = ?", (json.dumps(tampered), game.id))])
    after = await service.hand("c1", first)
    assert (after.text, after.private_log) == (before.text, before.private_log)
    assert dumps(recorder.views[0]) == dumps(recorder.views[1])


async def test_hand_is_for_players_only(service: GameService) -> None:
    await start_game(service)
    with pytest.raises(NotAllowed):
        await service.hand("c1", "mallory")
    view = await service.hand("c1", "alice")
    assert view.image is None and view.private_log == []


# -- log ---------------------------------------------------------------------------------------------
async def test_log_hides_other_seats_private_events(service: GameService) -> None:
    game, first, second = await drawn_turns(service)
    assert game.state is not None
    hands = game.state["g"]["hands"]
    mine, theirs = f"You drew {hands['0'][-1]}.", f"You drew {hands['1'][-1]}."
    first_log = await service.log("c1", first, count=200)
    second_log = await service.log("c1", second, count=200)
    public_log = await service.log("c1", "mallory", count=200)
    assert [line for line in first_log if drew(line)] == [line for line in first_log if line.endswith(mine)]
    assert len([line for line in first_log if drew(line)]) == 1
    assert [line for line in second_log if drew(line)] == [line for line in second_log if line.endswith(theirs)]
    assert len([line for line in second_log if drew(line)]) == 1
    assert not any(drew(line) for line in public_log)
    assert [line for line in first_log if not drew(line)] == public_log == [
        line for line in second_log if not drew(line)]
    assert sum(f"{name.capitalize()} draws a card." in " ".join(public_log) for name in (first, second)) == 2
    assert len(await service.log("c1", first, count=3)) == 3
    assert (await service.log("c1", first, count=3)) == first_log[-3:]


async def test_the_log_stays_readable_after_the_end(service: GameService) -> None:
    game = await start_game(service, humans=("alice",), options={"rounds": 1})
    await play_to_end(service, game.id)
    lines = await service.log("c1", "mallory")
    assert any("is locked in" in line for line in lines)


# -- export and import ---------------------------------------------------------------------------------
async def test_export_is_a_replay_the_core_accepts(service: GameService) -> None:
    game = await start_game(service, humans=("alice", "bob"), bots=1, options={"rounds": 1})
    finished = await play_to_end(service, game.id)
    document = await service.export(channel_id="c1")
    assert json.loads(json.dumps(document)) == document
    assert document["engine"] == "tiny" and document["seats"] == 3 and document["game_id"] == game.id
    rows = await service.storage.actions(game.id)
    assert document["actions"] == [[r.seat, r.action] for r in rows]
    assert sorted(document["players"]) == ["Alice", "Bob", "Bot 1"]
    assert finished.state is not None
    assert dumps(check_replay(service.engine("tiny"), document)) == dumps(finished.state)
    assert await service.export(game_id=game.id) == document


async def test_a_running_game_is_not_exported(service: GameService) -> None:
    game = await start_game(service)
    with pytest.raises(NotAllowed, match="seed"):  # the seed would reveal every hidden card
        await service.export(channel_id="c1")
    with pytest.raises(NotAllowed):
        await service.export(game_id=game.id)


async def unfinished_replay(service: GameService, game: GameRow) -> dict[str, Any]:
    """A replay of a game still in progress, written by the core as the service writes it after the end."""
    assert game.state is not None
    rows = await service.storage.actions(game.id)
    names = [p.name for p in sorted(game.players, key=lambda p: p.seat or 0)]
    return export_replay(game.state, [(r.seat, r.action) for r in rows], players=names, title="Tiny Duel")


async def test_import_recreates_the_game_with_vacant_seats(service: GameService) -> None:
    game, first, second = await drawn_turns(service)
    assert game.state is not None
    document = await unfinished_replay(service, game)
    post = await service.import_replay(guild_id="g1", channel_id="c2", user_id="carol", user_name="Carol",
                                       document=document)
    assert "Replay imported by Carol." in post.summary and post.channel_id == "c2"
    imported = await service.game_by_id(post.game_id)
    assert imported.id != game.id and imported.status == "running" and imported.version == game.version
    assert imported.state is not None and game.state is not None
    assert dumps(imported.state) == dumps(game.state)
    assert [(p.seat, p.user_id, p.is_bot, p.name) for p in imported.players] == [
        (0, None, False, first.capitalize()), (1, None, False, second.capitalize())]
    assert [(r.seat, r.action) for r in await service.storage.actions(imported.id)] == [
        (r.seat, r.action) for r in await service.storage.actions(game.id)]
    await service.rebuild(imported.id)

    lobby = await service.join("c2", "dave", "Dave")
    assert "takes over" in lobby.message
    await service.join("c2", "erin", "Erin")
    with pytest.raises(LobbyError, match="no free seat"):
        await service.join("c2", "frank", "Frank")
    seated = await service.game_by_id(imported.id)
    assert {p.seat: p.user_id for p in seated.players} == {0: "dave", 1: "erin"}
    await service.play("erin", "done", channel_id="c2")  # seat 1 was on turn in the original
    with pytest.raises(LobbyError, match="already has a game"):
        await service.import_replay(guild_id="g1", channel_id="c2", user_id="carol", user_name="Carol",
                                    document=document)


async def test_importing_a_finished_game_keeps_it_finished(service: GameService) -> None:
    game = await start_game(service, humans=("alice",), bots=1, options={"rounds": 1})
    finished = await play_to_end(service, game.id)
    post = await service.import_replay(guild_id=None, channel_id="c2", user_id="carol", user_name="Carol",
                                       document=await service.export(game_id=game.id))
    assert post.finished and post.result_text == (await service.status("c1")).result_text
    imported = await service.game_by_id(post.game_id)
    assert imported.status == "finished" and imported.result == finished.result
    assert (await service.board("c2")).game_id == imported.id


def _tampered(document: dict[str, Any], how: str) -> dict[str, Any]:
    bad = copy.deepcopy(document)
    if how == "hash":
        bad["final_hash"] = "0" * 16
    elif how == "action":
        bad["actions"][-1] = [bad["actions"][-1][0], "mark:7"]
    elif how == "order":
        bad["actions"].reverse()
    elif how == "seed":
        bad["seed"] += 1
    elif how == "format":
        bad["format"] = "something-else"
    elif how == "seats":
        bad["seats"] = 9
    elif how == "missing":
        del bad["actions"]
    return bad


@pytest.mark.parametrize("how", ["hash", "action", "order", "seed", "format", "seats", "missing"])
async def test_a_tampered_replay_is_refused(service: GameService, how: str) -> None:
    game = await start_game(service, options={"rounds": 1})
    await play_to_end(service, game.id)
    document = await service.export(channel_id="c1")
    assert check_replay(service.engine("tiny"), document)  # untampered, it loads
    with pytest.raises(LobbyError, match="cannot be loaded"):
        await service.import_replay(guild_id=None, channel_id="c2", user_id="carol", user_name="Carol",
                                    document=_tampered(document, how))
    assert await service.storage.open_game_in_channel("c2") is None
    assert len(await service.storage.games_with_status(("running", "finished"))) == 1


# -- rebuild ------------------------------------------------------------------------------------------
async def test_rebuild_reproduces_a_long_random_game_with_bots_and_undos(service: GameService) -> None:
    game = await start_game(service, humans=("alice", "bob"), bots=2, seed=21, options={"rounds": 6})
    finished = await play_to_end(service, game.id, random_pick(random.Random(4)))
    rows = await service.storage.actions(game.id)
    assert len(rows) > 80 and sum(r.action == "undo" for r in rows) >= 5
    assert any(r.user_id is None for r in rows) and any(r.user_id for r in rows)
    assert [r.n for r in rows] == list(range(1, finished.version + 1))
    assert finished.state is not None
    rebuilt = await service.rebuild(game.id)
    assert dumps(rebuilt) == dumps(finished.state)

    cheated = copy.deepcopy(finished.state)
    cheated["g"]["scores"]["0"] += 5
    await service.storage.write([("UPDATE games SET state = ? WHERE id = ?", (json.dumps(cheated), game.id))])
    with pytest.raises(ReplayMismatch):
        await service.rebuild(game.id)


async def test_an_import_racing_a_new_game_for_the_channel_is_refused_cleanly(service: GameService) -> None:
    game, _, _ = await drawn_turns(service)
    document = await unfinished_replay(service, game)
    results = await asyncio.gather(
        service.import_replay(guild_id=None, channel_id="c2", user_id="carol", user_name="Carol", document=document),
        service.new_game(guild_id=None, channel_id="c2", user_id="dave", user_name="Dave", engine_id="tiny"),
        return_exceptions=True)
    failed = [r for r in results if isinstance(r, BaseException)]
    assert len(failed) == 1 and isinstance(failed[0], LobbyError), results
    open_game = await service.storage.open_game_in_channel("c2")
    assert open_game is not None


def test_hand_text_uses_the_engines_sentences_and_never_json() -> None:  # issue 13: /hand in words
    mine = {"private_text": ["Your hand (2 cards): Forward, Combi."], "hand": [{"type": "F", "name": "Forward"}]}
    assert private_lines(mine, {}) == ["Your hand (2 cards): Forward, Combi."]
    lines = private_lines({"hand": [3, 5], "bid": {"card": 4, "locked": True}, "deck": None}, {})
    assert lines == ["Hand: 3, 5", "Bid: card 4, locked yes", "Deck: hidden"]
    assert not any(ch in "".join(lines) for ch in "[]{}\"")
