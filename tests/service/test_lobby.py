"""Lobby operations of the GameService: new, join, leave, bots, options, start, cancel."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

import engines
from bot.discord.components import _placeholder, int_presets
from bot.service.errors import LobbyError, NoGame, NotAllowed
from bot.service.service import GameService
from bot.service.sqlite import SQLiteStorage
from tests.fixtures.tiny import TinyDuel
from tests.service._support import ENGINE, bid_and_lock, name_of, open_lobby, start_game, user_at, wait_for_waiters

DEFAULTS = {"rounds": 2, "dice": True, "speed": "normal"}


class TinyPair(TinyDuel):
    """Tiny Duel for two or three players only (to exercise the player-count check)."""

    id = "tiny_pair"
    title = "Tiny Pair"
    min_players = 2
    max_players = 3


@pytest.fixture
def pair() -> Iterator[TinyPair]:
    engine = engines.register(TinyPair())
    yield engine
    engines.unregister(engine.id)


async def new(service: GameService, channel: str = "c1", user: str = "alice", engine_id: str = ENGINE,
              **options: object):
    return await service.new_game(guild_id="g1", channel_id=channel, user_id=user, user_name=name_of(user),
                                  engine_id=engine_id, options=options or None, seed=11)


# -- new ---------------------------------------------------------------------------------------
async def test_new_game_opens_a_lobby_with_validated_default_options(service: GameService) -> None:
    lobby = await new(service, rounds="3", speed="FAST")
    assert lobby.options == {"rounds": 3, "dice": True, "speed": "fast"}
    assert (lobby.engine, lobby.title, lobby.host_id, lobby.players, lobby.status) == (
        "tiny", "Tiny Duel", "alice", ["Alice"], "lobby")
    assert (lobby.min_players, lobby.max_players) == (1, 4)
    game = await service.storage.open_game_in_channel("c1")
    assert game is not None and game.id == lobby.game_id
    assert game.options == lobby.options and game.seed == 11 and game.guild_id == "g1" and game.state is None

    plain = await new(service, channel="c2")
    assert plain.options == DEFAULTS


async def test_new_game_of_an_unknown_engine_lists_the_games(service: GameService) -> None:
    with pytest.raises(NoGame) as err:
        await new(service, engine_id="chess")
    assert "chess" in str(err.value) and "tiny" in str(err.value)
    assert await service.storage.open_game_in_channel("c1") is None


@pytest.mark.parametrize(("options", "words"), [
    ({"rounds": 0}, "at least 1"),
    ({"rounds": "many"}, "whole number"),
    ({"speed": "slow"}, "choose one of normal, fast"),
    ({"dice": "maybe"}, "yes or no"),
    ({"colour": "red"}, "Unknown option 'colour'"),
])
async def test_new_game_with_a_bad_option_is_refused(service: GameService, options: dict, words: str) -> None:
    with pytest.raises(LobbyError, match=words):
        await new(service, **options)
    assert await service.storage.open_game_in_channel("c1") is None


async def test_a_second_new_game_in_a_channel_names_the_running_one(service: GameService) -> None:
    first = await new(service)
    with pytest.raises(LobbyError) as err:
        await new(service, user="bob")
    assert "Tiny Duel" in str(err.value) and f"#{first.game_id}" in str(err.value) and "lobby" in str(err.value)
    await service.start("c1", "alice")
    with pytest.raises(LobbyError, match=rf"Tiny Duel \(#{first.game_id}, running\)"):
        await new(service, user="alice")
    other = await new(service, channel="c2", user="bob")
    assert other.game_id != first.game_id and other.host_id == "bob"
    game = await service.storage.open_game_in_channel("c1")
    assert game is not None and game.id == first.game_id and game.status == "running"


async def test_concurrent_new_games_in_one_channel_open_one_lobby(service: GameService) -> None:
    users = ("alice", "bob", "carol")
    results = await asyncio.gather(*(new(service, user=u) for u in users), return_exceptions=True)
    opened = [r for r in results if not isinstance(r, BaseException)]
    assert len(opened) == 1
    assert all(isinstance(r, LobbyError) for r in results if isinstance(r, BaseException))
    game = await service.open_game("c1")
    assert game.id == opened[0].game_id and [p.user_id for p in game.players] == [opened[0].host_id]


# -- join / leave --------------------------------------------------------------------------------
async def test_join_adds_players_in_order_with_clean_names(service: GameService) -> None:
    await new(service)
    await service.join("c1", "bob", "Bob")
    lobby = await service.join("c1", "carol", "  @everyone\n   Carol " + "x" * 40)
    assert lobby.players[:2] == ["Alice", "Bob"]
    assert "@" not in lobby.players[2] and "\n" not in lobby.players[2] and len(lobby.players[2]) == 32
    assert lobby.players[2].startswith("everyone Carol")
    assert "joined" in lobby.message


async def test_join_refuses_a_second_join_and_a_full_lobby(service: GameService) -> None:
    await new(service)
    with pytest.raises(LobbyError, match="already in this game"):
        await service.join("c1", "alice", "Alice")
    await service.join("c1", "bob", "Bob")
    with pytest.raises(LobbyError, match="already in this game"):
        await service.join("c1", "bob", "Bobby")
    await service.add_bot("c1", "alice")
    await service.join("c1", "carol", "Carol")
    with pytest.raises(LobbyError, match=r"full \(4 players\)"):
        await service.join("c1", "dave", "Dave")
    with pytest.raises(LobbyError, match="full"):
        await service.add_bot("c1", "alice")
    game = await service.open_game("c1")
    assert [p.user_id for p in game.players] == ["alice", "bob", None, "carol"]
    with pytest.raises(NoGame):
        await service.join("elsewhere", "dave", "Dave")


async def test_leave_requires_being_in_the_lobby(service: GameService) -> None:
    await open_lobby(service)
    with pytest.raises(LobbyError, match="not in this lobby"):
        await service.leave("c1", "carol")
    lobby = await service.leave("c1", "bob")
    assert lobby is not None and lobby.players == ["Alice"] and lobby.host_id == "alice"
    with pytest.raises(LobbyError, match="not in this lobby"):
        await service.leave("c1", "bob")


async def test_a_leaving_host_hands_the_lobby_to_the_next_human(service: GameService) -> None:
    await open_lobby(service, humans=("alice",), bots=1)
    await service.join("c1", "bob", "Bob")
    await service.join("c1", "carol", "Carol")
    lobby = await service.leave("c1", "alice")
    assert lobby is not None
    assert lobby.host_id == "bob"  # the bot in between is skipped
    assert lobby.players == ["Bot 1 (bot)", "Bob", "Carol"]
    with pytest.raises(NotAllowed):
        await service.add_bot("c1", "alice")
    with pytest.raises(NotAllowed):
        await service.add_bot("c1", "carol")
    assert (await service.add_bot("c1", "bob")).players[-1] == "Bot 2 (bot)"


async def test_the_last_human_leaving_cancels_the_lobby(service: GameService) -> None:
    game_id = await open_lobby(service, humans=("alice",), bots=2)
    assert await service.leave("c1", "alice") is None
    assert await service.storage.open_game_in_channel("c1") is None
    game = await service.game_by_id(game_id)
    assert game.status == "cancelled"
    with pytest.raises(NoGame):
        await service.lobby("c1")
    assert (await new(service, user="bob")).game_id != game_id  # the channel is free again


async def test_leave_is_only_for_lobbies(service: GameService) -> None:
    await start_game(service)
    with pytest.raises(LobbyError, match="already started"):
        await service.leave("c1", "bob")
    game = await service.open_game("c1")
    assert len(game.players) == 2


# -- bots and options ------------------------------------------------------------------------------
async def test_bots_are_added_and_removed_by_the_host_or_an_admin(service: GameService) -> None:
    await open_lobby(service)
    with pytest.raises(NotAllowed, match="host"):
        await service.add_bot("c1", "bob")
    with pytest.raises(NotAllowed):
        await service.add_bot("c1", "stranger")
    with pytest.raises(LobbyError, match="no bot"):
        await service.remove_bot("c1", "alice")
    await service.add_bot("c1", "alice")
    lobby = await service.add_bot("c1", "bob", is_admin=True)
    assert lobby.players == ["Alice", "Bob", "Bot 1 (bot)", "Bot 2 (bot)"]
    with pytest.raises(NotAllowed):
        await service.remove_bot("c1", "bob")
    lobby = await service.remove_bot("c1", "alice")
    assert lobby.players == ["Alice", "Bob", "Bot 1 (bot)"] and "Bot 2" in lobby.message
    lobby = await service.remove_bot("c1", "bob", is_admin=True)
    assert lobby.players == ["Alice", "Bob"]
    game = await service.open_game("c1")
    assert not any(p.is_bot for p in game.players)


async def test_set_option_validates_and_is_for_the_host(service: GameService) -> None:
    await open_lobby(service)
    lobby = await service.set_option("c1", "alice", "rounds", "4")
    assert lobby.options == {**DEFAULTS, "rounds": 4} and lobby.message == "Rounds set to 4."
    lobby = await service.set_option("c1", "bob", "dice", "no", is_admin=True)
    assert lobby.options == {**DEFAULTS, "rounds": 4, "dice": False}
    with pytest.raises(NotAllowed):
        await service.set_option("c1", "bob", "rounds", 5)
    with pytest.raises(LobbyError, match="at most 9"):
        await service.set_option("c1", "alice", "rounds", 10)
    with pytest.raises(LobbyError, match="Unknown option"):
        await service.set_option("c1", "alice", "colour", "red")
    game = await service.open_game("c1")
    assert game.options == {**DEFAULTS, "rounds": 4, "dice": False}
    await service.start("c1", "alice")
    with pytest.raises(LobbyError, match="already started"):
        await service.set_option("c1", "alice", "rounds", 1)
    game = await service.open_game("c1")
    assert game.state is not None and game.state["options"]["rounds"] == 4 and game.state["options"]["dice"] is False


# -- start ----------------------------------------------------------------------------------------
async def test_start_is_for_the_host_or_an_admin(service: GameService) -> None:
    await open_lobby(service)
    for user in ("bob", "stranger"):
        with pytest.raises(NotAllowed, match="start the game"):
            await service.start("c1", user)
    assert (await service.open_game("c1")).status == "lobby"
    post = await service.start("c1", "bob", is_admin=True)
    assert post.version == 0 and not post.finished and post.title == "Tiny Duel"
    assert sorted(post.active_users) == ["alice", "bob"]  # the opening bid is simultaneous
    with pytest.raises(LobbyError, match="already started"):
        await service.start("c1", "alice")


async def test_start_with_a_player_count_out_of_range_explains(service: GameService, pair: TinyPair) -> None:
    await new(service, engine_id=pair.id)
    with pytest.raises(LobbyError) as err:
        await service.start("c1", "alice")
    assert str(err.value) == "Tiny Pair takes 2–3 players, not 1."
    game = await service.open_game("c1")
    assert game.status == "lobby" and game.state is None and all(p.seat is None for p in game.players)
    await service.join("c1", "bob", "Bob")
    await service.join("c1", "carol", "Carol")
    with pytest.raises(LobbyError, match="full"):
        await service.join("c1", "dave", "Dave")
    await service.start("c1", "alice")
    assert (await service.open_game("c1")).status == "running"


async def test_start_assigns_every_seat_once(service: GameService) -> None:
    game = await start_game(service, humans=("alice", "bob", "carol"), bots=1)
    assert game.status == "running" and game.state is not None and game.state["seats"] == 4
    assert sorted(p.seat for p in game.players if p.seat is not None) == [0, 1, 2, 3]
    assert {user_at(game, s) for s in range(4)} == {"alice", "bob", "carol", None}
    assert game.state["options"] == DEFAULTS and game.state["seed"] == 7


async def test_seat_order_is_random_but_fixed_by_the_seed(service: GameService) -> None:
    humans = ("alice", "bob", "carol", "dave")

    async def seating(channel: str, seed: int) -> dict[str, int | None]:
        game = await start_game(service, channel, humans, seed=seed)
        return {p.user_id or "": p.seat for p in game.players}

    first = await seating("a", 1234)
    assert await seating("b", 1234) == first
    orders = {tuple(sorted((await seating(f"s{seed}", seed)).items())) for seed in range(8)}
    assert len(orders) > 1  # different seeds seat the table differently


async def test_start_lets_bots_play_their_opening_moves(service: GameService) -> None:
    game = await start_game(service, humans=("alice",), bots=2)
    assert game.version > 0
    assert game.state is not None
    bot_seats = [p.seat for p in game.players if p.is_bot]
    assert all(str(s) in game.state["stack"][-1]["locked"] for s in bot_seats)
    actions = await service.storage.actions(game.id)
    assert {a.seat for a in actions} == set(bot_seats) and all(a.user_id is None for a in actions)
    assert service.engine("tiny").active(game.state) == [game.seat_of("alice")]


# -- cancel -----------------------------------------------------------------------------------------
async def test_cancel_is_for_the_host_or_an_admin_and_frees_the_channel(service: GameService) -> None:
    game_id = await open_lobby(service)
    with pytest.raises(NotAllowed, match="cancel"):
        await service.cancel("c1", "bob")
    assert "Tiny Duel" in await service.cancel("c1", "bob", is_admin=True)
    assert (await service.game_by_id(game_id)).status == "cancelled"
    with pytest.raises(NoGame):
        await service.cancel("c1", "alice")
    second = await new(service, user="bob")
    assert second.game_id != game_id


async def test_cancel_ends_a_running_game(service: GameService) -> None:
    game = await start_game(service)
    with pytest.raises(NotAllowed):
        await service.cancel("c1", "bob")
    await service.cancel("c1", "alice")
    assert (await service.game_by_id(game.id)).status == "cancelled"
    with pytest.raises(NoGame):
        await service.play("alice", "lock", channel_id="c1")
    await new(service)
    assert (await service.open_game("c1")).status == "lobby"


async def test_join_of_a_running_game_without_a_vacant_seat_is_refused(service: GameService) -> None:
    game = await start_game(service, humans=("alice",), bots=1)
    with pytest.raises(LobbyError, match="no free seat"):
        await service.join("c1", "carol", "Carol")
    with pytest.raises(LobbyError, match="already in this game"):
        await service.join("c1", "alice", "Alice")
    assert (await service.game_by_id(game.id)).players == game.players


# -- races between lobby requests and start / cancel ---------------------------------------------------
async def queued(service: GameService, game_id: int, *calls) -> list[object]:
    """Run the calls one after the other in the order they queue on the game lock."""
    lock = service.lock(game_id)
    await lock.acquire()
    tasks = []
    for n, call in enumerate(calls, start=1):
        tasks.append(asyncio.create_task(call))
        await wait_for_waiters(lock, n)
    lock.release()
    return list(await asyncio.gather(*tasks, return_exceptions=True))


async def test_a_start_queued_behind_a_cancel_is_refused(service: GameService) -> None:
    game_id = await open_lobby(service)
    done, started = await queued(service, game_id, service.cancel("c1", "alice"), service.start("c1", "alice"))
    assert isinstance(done, str)
    assert isinstance(started, LobbyError)
    game = await service.game_by_id(game_id)
    assert game.status == "cancelled" and game.state is None and all(p.seat is None for p in game.players)


async def test_a_leave_queued_behind_start_cannot_empty_a_seat(service: GameService) -> None:
    game_id = await open_lobby(service, humans=("alice", "bob", "carol"))
    started, left = await queued(service, game_id, service.start("c1", "alice"), service.leave("c1", "bob"))
    assert not isinstance(started, BaseException)
    assert isinstance(left, LobbyError)
    game = await service.game_by_id(game_id)
    assert game.status == "running" and sorted(p.seat for p in game.players) == [0, 1, 2]


async def test_a_bot_added_behind_start_does_not_join_the_table(service: GameService) -> None:
    game_id = await open_lobby(service, humans=("alice", "bob"), bots=1)
    started, added = await queued(service, game_id, service.start("c1", "alice"), service.add_bot("c1", "alice"))
    assert not isinstance(started, BaseException)
    assert isinstance(added, LobbyError)
    game = await service.game_by_id(game_id)
    assert game.state is not None and game.state["seats"] == 3
    assert sorted(p.seat for p in game.players) == [0, 1, 2] and sum(p.is_bot for p in game.players) == 1


async def test_a_bot_removal_racing_start_cannot_empty_a_seat(service: GameService, storage: SQLiteStorage,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = await open_lobby(service, humans=("alice",), bots=2)
    real_remove = storage.remove_player
    started = asyncio.Event()
    reached: list[str] = []

    async def late_remove(game: int, position: int) -> None:
        reached.append("remove_player")  # the request read the lobby before start committed
        await asyncio.wait_for(started.wait(), 5)
        await real_remove(game, position)

    monkeypatch.setattr(storage, "remove_player", late_remove)
    lock = service.lock(game_id)
    await lock.acquire()
    start = asyncio.create_task(service.start("c1", "alice"))
    await wait_for_waiters(lock, 1)
    remove = asyncio.create_task(service.remove_bot("c1", "alice"))
    for _ in range(500):  # until the removal either waits behind start or has reached the storage
        if reached or len(lock._waiters or ()) >= 2:  # type: ignore[attr-defined]
            break
        await asyncio.sleep(0.002)
    lock.release()
    await start
    started.set()
    (removed,) = await asyncio.gather(remove, return_exceptions=True)
    assert isinstance(removed, LobbyError)
    game = await service.game_by_id(game_id)
    assert game.state is not None and game.state["seats"] == 3
    assert sorted(p.seat for p in game.players) == [0, 1, 2]


async def test_a_join_queued_behind_a_cancel_is_refused(service: GameService) -> None:
    game_id = await open_lobby(service, humans=("alice",))
    _, joined = await queued(service, game_id, service.cancel("c1", "alice"), service.join("c1", "bob", "Bob"))
    assert isinstance(joined, (LobbyError, NoGame))
    game = await service.game_by_id(game_id)
    assert [p.user_id for p in game.players] == ["alice"]


async def test_a_cancel_queued_behind_the_final_move_leaves_the_game_finished(service: GameService) -> None:
    game = await start_game(service, humans=("alice",), options={"rounds": 1})
    await bid_and_lock(service, "c1", "alice")
    moved, cancelled = await queued(service, game.id, service.play("alice", "done", channel_id="c1"),
                                    service.cancel("c1", "alice"))
    assert not isinstance(moved, BaseException) and moved.post.finished
    assert isinstance(cancelled, (LobbyError, NoGame))
    finished = await service.game_by_id(game.id)
    assert finished.status == "finished" and finished.result is not None
    assert (await service.status("c1")).finished


async def test_the_lobby_says_what_will_be_played(service: GameService) -> None:  # issue 13: not "automa=False"
    solo = await new(service, channel="c7", engine_id="euphoria")
    assert solo.plays and "Black and White Automas" in solo.plays[0]
    assert "automa=" not in " ".join(solo.plays)
    assert (await new(service, channel="c8")).plays == []  # a game without setup sentences says nothing more


def test_a_wide_numeric_option_offers_presets_and_says_how_to_type_another() -> None:  # issue 13: round_cap
    presets = int_presets(0, 500, 50)
    assert len(presets) <= 25 and {0, 50, 100, 500} <= set(presets) and presets == sorted(presets)
    assert int_presets(1, 6, 2) == [1, 2, 3, 4, 5, 6]
    rr = {o["name"]: o for o in (engines.get("robo_rescue").options_schema.describe())}
    assert "value:<number>" in _placeholder(rr["round_cap"])
