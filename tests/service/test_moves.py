"""Moves through the GameService: play, errors, idempotency, concurrency, bots, private events, undo, panels."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import pytest

import engines
from bot.service.errors import IllegalMove, NoGame, NotAllowed, StaleRequest
from bot.service.models import GameRow
from bot.service.moves import AUTOCOMPLETE_LIMIT, UNDO_LABEL
from bot.service.results import MoveResult
from bot.service.service import GameService
from engines.core import Action, Game
from tests.fixtures.tiny import TinyDuel, Turn
from tests.service._support import bid_and_lock, open_lobby, simple_choice, start_game, strip, to_turn_phase, user_at
from tests.service.conftest import Backend


class WideTurn(Turn):
    """A turn with forty marks to choose from (more than autocomplete may show)."""

    def actions(self, g: Game, seat: int) -> list[Action]:
        return [Action("mark", n) for n in range(1, 41)] + [Action("done")]


class TinyWide(TinyDuel):
    id = "tiny_wide"
    title = "Tiny Wide"
    steps = (TinyDuel.steps[0], WideTurn, TinyDuel.steps[2])


@pytest.fixture
def wide() -> Iterator[TinyWide]:
    engine = engines.register(TinyWide())
    yield engine
    engines.unregister(engine.id)


async def log_of(service: GameService, game_id: int) -> list[tuple[int, int, str, str | None]]:
    return [(r.n, r.seat, r.action, r.user_id) for r in await service.storage.actions(game_id)]


async def turn_game(service: GameService, channel: str = "c1", **options: Any) -> tuple[GameRow, str, str]:
    """A two-player game at seat 0's first turn, with the users of seat 0 and seat 1."""
    game = await start_game(service, channel, options=options or None)
    game = await to_turn_phase(service, game.id)
    first, second = user_at(game, 0), user_at(game, 1)
    assert first is not None and second is not None
    return game, first, second


def bid_of(game: GameRow, seat: int) -> list[int]:
    """The card a seat has put down in the current bid (hidden from the others)."""
    assert game.state is not None
    return game.state["stack"][-1]["private"][str(seat)].get("card", [])


def hand_of(game: GameRow, seat: int) -> list[int]:
    assert game.state is not None
    return game.state["g"]["hands"][str(seat)]


# -- playing by id and by label ------------------------------------------------------------------------
async def test_play_by_action_id_commits_the_move(service: GameService) -> None:
    game = await start_game(service)
    seat = game.seat_of("alice")
    assert seat is not None
    card = hand_of(game, seat)[1]
    result = await service.play("alice", f"bid:{card}", channel_id="c1")
    assert (result.post.version, result.moves, result.duplicate, result.private) == (1, 1, False, [])
    game = await service.game_by_id(game.id)
    assert game.version == 1 and bid_of(game, seat) == [card] and card not in hand_of(game, seat)
    assert await log_of(service, game.id) == [(1, seat, f"bid:{card}", "alice")]


async def test_play_by_label_ignores_case_and_takes_a_unique_part(service: GameService) -> None:
    game = await start_game(service)
    seat = game.seat_of("bob")
    assert seat is not None
    card = hand_of(game, seat)[0]
    await service.play("bob", f"  BID CARD {card} ", channel_id="c1")
    await service.play("bob", "lock IN", channel_id="c1")
    assert [a for _, _, a, _ in await log_of(service, game.id)] == [f"bid:{card}", "lock"]

    game, first, _ = await turn_game(service, "c2")
    await service.play(first, "dRa", channel_id="c2")  # only "Draw" contains it
    assert (await log_of(service, game.id))[-1][2] == "draw"
    with pytest.raises(IllegalMove, match="matches several moves") as err:
        await service.play(first, "mark", channel_id="c2")
    assert {a for a, _ in err.value.alternatives} == {"mark:1", "mark:2", "mark:3"}


async def test_unknown_text_is_an_illegal_move_with_legal_alternatives(service: GameService) -> None:
    game, first, _ = await turn_game(service)
    legal = {(c.action, c.label) for c in service.choices_for(game, 0)}
    for text in ("fly to the moon", "mark:9", "bid:1"):
        with pytest.raises(IllegalMove) as err:
            await service.play(first, text, channel_id="c1")
        assert err.value.alternatives, text
        assert set(err.value.alternatives) <= legal
    assert (await service.game_by_id(game.id)).version == game.version
    with pytest.raises(IllegalMove) as err:
        await service.play(first, "drow", channel_id="c1")  # a typo gets the closest labels
    assert ("draw", "Draw") in err.value.alternatives


# -- who may move -----------------------------------------------------------------------------------
async def test_moving_out_of_turn_is_not_allowed(service: GameService) -> None:
    game, first, second = await turn_game(service)
    with pytest.raises(NotAllowed, match="not your turn"):
        await service.play(second, "done", channel_id="c1")
    with pytest.raises(NotAllowed):
        await service.play(second, "done", game_id=game.id)
    assert (await service.game_by_id(game.id)).version == game.version
    await service.play(first, "done", channel_id="c1")
    await service.play(second, "done", channel_id="c1")  # now it is seat 1's turn
    assert [a for _, s, a, _ in await log_of(service, game.id)][-2:] == ["done", "done"]


async def test_a_locked_in_bidder_waits(service: GameService) -> None:
    await start_game(service)
    await bid_and_lock(service, "c1", "alice")
    with pytest.raises(NotAllowed, match="not your turn"):
        await service.play("alice", "lock", channel_id="c1")


async def test_spectators_cannot_move(service: GameService) -> None:
    game = await start_game(service)
    with pytest.raises(NotAllowed, match="not playing"):
        await service.play("mallory", "lock", channel_id="c1")
    with pytest.raises(NoGame):
        await service.play("alice", "lock", channel_id="nowhere")
    assert (await service.game_by_id(game.id)).version == 0


async def test_a_stale_version_is_refused(service: GameService) -> None:
    game, first, _ = await turn_game(service)
    with pytest.raises(StaleRequest, match="earlier turn"):
        await service.play(first, "mark:2", game_id=game.id, version=game.version - 1)
    assert (await service.game_by_id(game.id)).version == game.version
    result = await service.play(first, "mark:2", game_id=game.id, version=game.version)
    assert result.post.version == game.version + 1


# -- idempotency and concurrency ----------------------------------------------------------------------
async def test_a_retried_interaction_is_applied_once(service: GameService) -> None:
    game, first, _ = await turn_game(service)
    first_try = await service.play(first, "mark:2", channel_id="c1", interaction_id="click-1")
    retry = await service.play(first, "mark:3", channel_id="c1", interaction_id="click-1")
    assert not first_try.duplicate and retry.duplicate and retry.moves == 0
    assert retry.post.version == first_try.post.version == game.version + 1
    rows = await service.storage.actions(game.id)
    assert [(r.action, r.interaction_id) for r in rows if r.interaction_id] == [("mark:2", "click-1")]
    after = await service.game_by_id(game.id)
    assert after.state is not None and after.state["g"]["marks"]["0"] == 2


async def test_two_players_bidding_at_once_are_both_applied(service: GameService) -> None:
    game = await start_game(service)
    cards = {user: hand_of(game, game.seat_of(user) or 0)[0] for user in ("alice", "bob")}
    results = await asyncio.gather(*(service.play(u, f"bid:{c}", channel_id="c1") for u, c in cards.items()))
    assert sorted(r.post.version for r in results) == [1, 2]
    game = await service.game_by_id(game.id)
    assert game.version == 2
    for user, card in cards.items():
        assert bid_of(game, game.seat_of(user) or 0) == [card]  # no lost update
    rows = await log_of(service, game.id)
    assert sorted((seat, action, user) for _, seat, action, user in rows) == sorted(
        (game.seat_of(u), f"bid:{c}", u) for u, c in cards.items())
    assert [n for n, *_ in rows] == [1, 2]
    await service.rebuild(game.id)


async def test_one_players_two_clicks_on_one_version_apply_once(service: GameService) -> None:
    game, first, _ = await turn_game(service)
    results = await asyncio.gather(
        service.play(first, "mark:2", game_id=game.id, version=game.version),
        service.play(first, "mark:3", game_id=game.id, version=game.version),
        return_exceptions=True)
    applied = [r for r in results if isinstance(r, MoveResult)]
    assert len(applied) == 1 and applied[0].post.version == game.version + 1
    assert [type(r) for r in results if not isinstance(r, MoveResult)] == [StaleRequest]
    rows = await log_of(service, game.id)
    assert len(rows) == game.version + 1
    after = await service.game_by_id(game.id)
    assert after.state is not None and after.state["g"]["marks"]["0"] == int(rows[-1][2].split(":")[1])


async def test_one_interaction_fired_twice_at_once_applies_once(service: GameService) -> None:
    game, first, _ = await turn_game(service)
    results = await asyncio.gather(*(service.play(first, "mark:2", game_id=game.id, interaction_id="same")
                                     for _ in range(3)))
    assert sorted(r.duplicate for r in results) == [False, True, True]
    assert {r.post.version for r in results} == {game.version + 1}
    rows = await service.storage.actions(game.id)
    assert len(rows) == game.version + 1 and [r.interaction_id for r in rows].count("same") == 1


async def test_two_services_on_one_database_cannot_lose_an_update(service: GameService, backend: Backend) -> None:
    """Two processes (each with its own locks and connection) race; the stored version decides."""
    game = await start_game(service)
    second_storage = backend.make()
    await second_storage.open()
    try:
        other = GameService(second_storage, renderer=None)
        arrived: list[int] = []
        gate = asyncio.Event()

        def gated(commit: Callable[..., Awaitable[int]]) -> Callable[..., Awaitable[int]]:
            async def wait_then_commit(*args: Any, **kwargs: Any) -> int:
                arrived.append(1)
                if len(arrived) == 2:
                    gate.set()
                await asyncio.wait_for(gate.wait(), 5)  # both computed their move on version 0
                return await commit(*args, **kwargs)
            return wait_then_commit

        service.storage.commit_action = gated(service.storage.commit_action)  # type: ignore[method-assign]
        second_storage.commit_action = gated(second_storage.commit_action)  # type: ignore[method-assign]
        cards = {u: hand_of(game, game.seat_of(u) or 0)[0] for u in ("alice", "bob")}
        results = await asyncio.gather(service.play("alice", f"bid:{cards['alice']}", channel_id="c1"),
                                       other.play("bob", f"bid:{cards['bob']}", channel_id="c1"),
                                       return_exceptions=True)
        applied = [r for r in results if isinstance(r, MoveResult)]
        refused = [r for r in results if not isinstance(r, MoveResult)]
        assert len(applied) == 1 and len(refused) == 1
        assert isinstance(refused[0], StaleRequest) and "moved first" in str(refused[0])
        assert len(await service.storage.actions(game.id)) == 1
        await service.rebuild(game.id)  # the stored state is exactly the logged move

        loser = "bob" if isinstance(results[1], StaleRequest) else "alice"
        retry = await (other if loser == "bob" else service).play(loser, f"bid:{cards[loser]}", channel_id="c1")
        assert retry.post.version == 2
        final = await second_storage.game(game.id)
        assert final is not None
        assert all(bid_of(final, final.seat_of(u) or 0) == [c] for u, c in cards.items())
    finally:
        await second_storage.close()


# -- bots ----------------------------------------------------------------------------------------------
async def test_bots_move_right_after_each_human_move(service: GameService) -> None:
    game = await start_game(service, humans=("alice", "bob"), bots=2, seed=3, options={"rounds": 3})
    engine = service.engine("tiny")
    bot_seats = {p.seat for p in game.players if p.is_bot}
    helped = 0
    while game.status == "running":
        assert game.state is not None
        active = engine.active(game.state)
        assert active and not set(active) & bot_seats  # only humans are ever waited for
        user = user_at(game, active[0])
        assert user is not None
        result = await service.play(user, simple_choice([c.action for c in await service.choices("c1", user)]),
                                    game_id=game.id)
        game = await service.game_by_id(game.id)
        assert result.post.version == game.version and result.moves >= 1
        helped += result.moves - 1
    assert helped > 0 and game.status == "finished"
    rows = await service.storage.actions(game.id)
    assert sum(1 for r in rows if r.seat in bot_seats) == len([r for r in rows if r.user_id is None]) > 0
    assert all(r.user_id is None for r in rows if r.seat in bot_seats)


async def test_one_human_with_bots_plays_to_the_end(service: GameService) -> None:
    game = await start_game(service, humans=("alice",), bots=3, seed=5)
    last = None
    while (game := await service.game_by_id(game.id)).status == "running":
        actions = [c.action for c in await service.choices("c1", "alice")]
        assert actions, "the human must be the one to act"
        last = await service.play("alice", simple_choice(actions), channel_id="c1")
    assert last is not None and last.post.finished and last.post.prompt == "The game is over."
    assert game.result is not None and last.post.result_text.startswith("Winner")
    assert last.post.active_users == []
    with pytest.raises(NoGame):
        await service.play("alice", "done", channel_id="c1")
    with pytest.raises(StaleRequest, match="over"):
        await service.play("alice", "done", game_id=game.id)


# -- private events -------------------------------------------------------------------------------
async def test_a_draw_is_told_only_to_the_drawing_player(drawn_service: GameService) -> None:
    service = drawn_service
    game, first, second = await turn_game(service)
    result = await service.play(first, "draw", channel_id="c1")
    game = await service.game_by_id(game.id)
    card = hand_of(game, 0)[-1]
    assert result.private == [f"You drew {card}."]
    assert "draws a card" in result.post.summary and "You drew" not in result.post.summary
    assert result.post.image == b"PNG..."
    await service.play(first, "done", channel_id="c1")
    other = await service.play(second, "draw", channel_id="c1")
    game = await service.game_by_id(game.id)
    assert other.private == [f"You drew {hand_of(game, 1)[-1]}."]
    assert f"You drew {card}." not in other.private and "You drew" not in other.post.summary


async def test_private_events_of_bots_stay_hidden(service: GameService) -> None:
    game = await start_game(service, humans=("alice",), bots=1, seed=9, options={"rounds": 4})
    while (game := await service.game_by_id(game.id)).status == "running":
        actions = [c.action for c in await service.choices("c1", "alice")]
        result = await service.play("alice", simple_choice(actions), channel_id="c1")  # alice never draws
        assert result.private == [] and "You drew" not in result.post.summary
    bot_seat = next(p.seat for p in game.players if p.is_bot)
    bot_draws = [r for r in await service.storage.actions(game.id) if r.seat == bot_seat and r.action == "draw"]
    assert bot_draws and all(e["to"] == [bot_seat] for r in bot_draws for e in r.events if "You drew" in e["text"])


# -- undo -------------------------------------------------------------------------------------------
async def test_undo_restores_the_state_after_an_undoable_move(service: GameService) -> None:
    game, first, _ = await turn_game(service)
    before = game.state
    assert before is not None
    await service.play(first, "mark:2", channel_id="c1")
    assert UNDO_LABEL in [c.label for c in await service.choices("c1", first)]
    result = await service.undo("c1", first)
    after = await service.game_by_id(game.id)
    assert after.state is not None and strip(after.state) == strip(before)
    assert after.version == game.version + 2 == result.post.version
    rows = await log_of(service, game.id)
    assert rows[-2:] == [(game.version + 1, 0, "mark:2", first), (game.version + 2, 0, "undo", first)]
    assert "took back" in result.post.summary
    await service.rebuild(game.id)

    await service.play(first, "gift", channel_id="c1")  # undo also by typing it
    await service.play(first, "Undo", channel_id="c1")
    again = await service.game_by_id(game.id)
    assert again.state is not None and strip(again.state) == strip(before)


@pytest.mark.parametrize("reveal", ["draw", "roll"])
async def test_undo_is_refused_after_new_information(service: GameService, reveal: str) -> None:
    game, first, _ = await turn_game(service)
    await service.play(first, "mark:2", channel_id="c1")
    await service.play(first, reveal, channel_id="c1")
    stored = await service.game_by_id(game.id)
    with pytest.raises(NotAllowed, match="Nothing to undo"):
        await service.undo("c1", first)
    with pytest.raises(IllegalMove):
        await service.play(first, "undo", channel_id="c1")
    assert (await service.game_by_id(game.id)) == stored
    assert "undo" not in [c.action for c in await service.choices("c1", first)]


async def test_undo_is_refused_for_anyone_else(service: GameService) -> None:
    game, first, second = await turn_game(service)
    await service.play(first, "mark:3", channel_id="c1")
    stored = await service.game_by_id(game.id)
    with pytest.raises(NotAllowed):
        await service.undo("c1", second)
    with pytest.raises(NotAllowed):
        await service.undo("c1", "mallory")
    assert await service.game_by_id(game.id) == stored
    assert "undo" not in [c.action for c in await service.choices("c1", second)]


# -- autocomplete and panels --------------------------------------------------------------------------
async def test_choices_are_filtered_by_query(service: GameService) -> None:
    _, first, second = await turn_game(service)
    everything = await service.choices("c1", first)
    assert [c.action for c in everything] == ["mark:1", "mark:2", "mark:3", "gift", "draw", "roll", "done"]
    assert [c.action for c in await service.choices("c1", first, "MAR")] == ["mark:1", "mark:2", "mark:3"]
    assert [c.action for c in await service.choices("c1", first, "mark:2")] == ["mark:2"]
    assert [c.label for c in await service.choices("c1", first, " dr ")] == ["Draw"]
    assert await service.choices("c1", first, "zebra") == []
    assert await service.choices("c1", second) == []  # not their turn
    await service.play(first, "mark:1", channel_id="c1")
    with_undo = await service.choices("c1", first)
    assert (with_undo[-1].action, with_undo[-1].label) == ("undo", UNDO_LABEL)
    assert [c.action for c in await service.choices("c1", first, "und")] == ["undo"]
    assert "undo" not in [c.action for c in await service.choices("c1", first, "mark")]


async def test_choices_are_empty_for_spectators_and_outside_a_running_game(service: GameService) -> None:
    assert await service.choices("c1", "alice") == []
    await open_lobby(service)
    assert await service.choices("c1", "alice") == []
    await service.start("c1", "alice")
    assert await service.choices("c1", "mallory") == []
    assert await service.choices("c1", "alice") != []


async def test_choices_show_at_most_25(service: GameService, wide: TinyWide) -> None:
    await service.new_game(guild_id=None, channel_id="w", user_id="alice", user_name="Alice",
                           engine_id=wide.id, seed=2)
    await service.start("w", "alice")
    await bid_and_lock(service, "w", "alice")
    listed = await service.choices("w", "alice")
    assert len(listed) == AUTOCOMPLETE_LIMIT == 25
    assert [c.action for c in listed] == [f"mark:{n}" for n in range(1, 26)]
    assert [c.action for c in await service.choices("w", "alice", "mark 1")] == [
        "mark:1", *(f"mark:{n}" for n in range(10, 20))]
    await service.play("alice", "mark:40", channel_id="w")  # beyond the list, still playable
    assert "undo" in [c.action for c in await service.choices("w", "alice", "undo")]


async def test_panel_is_for_the_active_player(service: GameService) -> None:
    game, first, second = await turn_game(service)
    panel = await service.panel(game.id, first)
    assert (panel.game_id, panel.version, panel.seat, panel.can_undo) == (game.id, game.version, 0, False)
    assert panel.prompt == "Your turn: mark, gift, draw, roll or finish."
    assert [c.action for c in panel.choices] == [c.action for c in service.choices_for(game, 0)]
    with pytest.raises(NotAllowed, match="not your turn"):
        await service.panel(game.id, second)
    with pytest.raises(NotAllowed, match="not playing"):
        await service.panel(game.id, "mallory")
    await service.play(first, "gift", channel_id="c1")
    panel = await service.panel(game.id, first)
    assert panel.can_undo and panel.version == game.version + 1
    assert [c.label for c in panel.choices] == [f"Gift a point to {game.player_at(1).name}", "Back"]  # type: ignore[union-attr]


async def test_panel_of_a_finished_game_is_stale(service: GameService) -> None:
    game = await start_game(service, humans=("alice",), options={"rounds": 1})
    await bid_and_lock(service, "c1", "alice")
    await service.play("alice", "done", channel_id="c1")
    with pytest.raises(StaleRequest):
        await service.panel(game.id, "alice")
