"""Everything lives in the database: a new process on the same database carries on where the last one stopped."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from bot.service.service import GameService
from engines.core import dumps
from tests.service._support import (
    bid_and_lock,
    human_step,
    open_lobby,
    play_to_end,
    random_pick,
    simple_choice,
    start_game,
    to_turn_phase,
    user_at,
)
from tests.service.conftest import Backend


@asynccontextmanager
async def process(db: Backend, renderer: Callable[[str, dict], bytes] | None = None) -> AsyncIterator[GameService]:
    """One run of the bot: a fresh storage connection and service, closed at the end."""
    storage = db.make()
    await storage.open()
    try:
        yield GameService(storage, renderer=renderer)
    finally:
        await storage.close()


async def test_a_game_continues_after_a_restart(backend: Backend) -> None:
    async with process(backend) as service:
        game = await start_game(service, humans=("alice", "bob"), bots=1, seed=13, options={"rounds": 4})
        await to_turn_phase(service, game.id)
        first = user_at(await service.game_by_id(game.id), 0)
        assert first is not None
        await service.play(first, "mark:2", channel_id="c1", interaction_id="before-restart")
        for _ in range(6):
            assert await human_step(service, await service.game_by_id(game.id))
        halfway = await service.game_by_id(game.id)
        halfway_log = await service.storage.actions(game.id)
        assert halfway.status == "running"
        await open_lobby(service, "c2", humans=("carol",))

    async with process(backend) as service:
        assert await service.game_by_id(game.id) == halfway
        assert await service.storage.actions(game.id) == halfway_log
        again = await service.play(first, "mark:3", channel_id="c1", interaction_id="before-restart")
        assert again.duplicate and again.post.version == halfway.version
        await service.rebuild(game.id)
        lobby = await service.join("c2", "dave", "Dave")  # lobbies survive too
        assert lobby.players == ["Carol", "Dave"]
        finished = await play_to_end(service, game.id)
        assert finished.status == "finished" and finished.result is not None
        assert finished.version > halfway.version

    async with process(backend) as service:
        status = await service.status("c1")
        assert status.finished and status.version == finished.version
        assert finished.state is not None
        assert dumps(await service.rebuild(game.id)) == dumps(finished.state)


async def test_every_finished_game_rebuilds_from_its_log(backend: Backend) -> None:
    tables = [  # (humans, bots, seed, rounds)
        (("alice",), 0, 1, 1), (("alice", "bob"), 0, 2, 2), (("alice",), 3, 3, 3),
        (("alice", "bob", "carol"), 1, 4, 2), (("bob", "carol"), 2, 5, 3),
    ]
    ids = []
    async with process(backend) as service:
        for n, (humans, bots, seed, rounds) in enumerate(tables):
            game = await start_game(service, f"c{n}", humans, bots, seed, {"rounds": rounds})
            ids.append(game.id)
            for _ in range(n * 3):  # leave each one part-way
                if not await human_step(service, await service.game_by_id(game.id), random_pick(random.Random(n))):
                    break

    async with process(backend) as service:
        for n, game_id in enumerate(ids):
            await play_to_end(service, game_id, random_pick(random.Random(100 + n)))

    async with process(backend) as service:
        finished = await service.storage.games_with_status(("finished",))
        assert sorted(g.id for g in finished) == sorted(ids)
        undos = 0
        for game in finished:
            assert game.state is not None and game.result == game.state["result"] is not None
            assert dumps(await service.rebuild(game.id)) == dumps(game.state)
            rows = await service.storage.actions(game.id)
            assert len(rows) == game.version
            undos += sum(r.action == "undo" for r in rows)
        assert undos > 0


async def test_unposted_lists_games_until_their_board_is_posted(backend: Backend) -> None:
    async with process(backend, renderer=lambda engine_id, view: b"PNG...") as service:
        assert await service.unposted() == []
        await open_lobby(service, "lobby")
        assert await service.unposted() == []  # nothing to post before the start
        game = await start_game(service, "c1")
        other = await start_game(service, "c2", humans=("carol",), options={"rounds": 1})
        assert [g.id for g in await service.unposted()] == [game.id, other.id]

        await service.mark_posted(game.id, 0, "m-0")
        assert [g.id for g in await service.unposted()] == [other.id]
        await bid_and_lock(service, "c1", "alice")
        assert [g.id for g in await service.unposted()] == [other.id]  # a bid and a lock-in: no new board
        await bid_and_lock(service, "c1", "bob")  # the reveal: a new board
        pending = await service.unposted()
        assert [(g.id, g.version, g.posted_version) for g in pending] == [(game.id, 4, 3), (other.id, 0, -1)]
        await service.mark_posted(game.id, 1, "m-1")  # an older board: still behind
        assert game.id in [g.id for g in await service.unposted()]
        post = await service.board_of(game.id)
        assert post.version == 4 and post.image == b"PNG..."
        await service.mark_posted(game.id, post.version, "m-2")

        await play_to_end(service, other.id, simple_choice)
        finished = await service.game_by_id(other.id)
        assert finished.status == "finished"
        assert [g.id for g in await service.unposted()] == [other.id]  # the final board still has to go out

    async with process(backend) as service:  # the bookkeeping survives a restart
        assert [(g.id, g.posted_version) for g in await service.unposted()] == [(other.id, -1)]
        await service.mark_posted(other.id, finished.version, "m-end")
        await service.mark_posted(game.id, 0, None)  # a late, older confirmation changes nothing
        assert await service.unposted() == []
        stored = await service.game_by_id(game.id)
        assert (stored.posted_version, stored.board_message_id) == (4, "m-2")
        assert stored.state is not None
        [seat] = service.engine(stored.engine).active(stored.state)
        await service.play(user_at(stored, seat) or "", "done", channel_id="c1")  # the turn passes: a board
        assert [g.id for g in await service.unposted()] == [game.id]
        await service.cancel("c1", "alice")  # a cancelled game has nothing left to post
        assert await service.unposted() == []
