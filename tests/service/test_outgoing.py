"""The service decides whether a board still needs posting (the adapter only sends what it is given)."""

from __future__ import annotations

import pytest

from bot.service.host import build_host
from bot.service.results import Post
from bot.service.service import GameService
from bot.service.sql_storage import SqlStorage

from ._support import bid_and_lock, human_step, start_game


async def test_a_board_is_posted_once_and_a_replaced_undrawn_board_not_at_all(drawn_service: GameService) -> None:
    service = drawn_service
    game = await start_game(service)
    first = await service.board_of(game.id)
    ready = await service.outgoing(first)
    assert ready is not None and ready.image == b"PNG..."
    await service.mark_posted(game.id, first.version, "m1")
    assert await service.outgoing(first) is None  # already posted

    await bid_and_lock(service, "c1", "alice")
    bob = await service.play("bob", (await service.choices("c1", "bob"))[0].action, channel_id="c1")
    assert bob.post.kind == "quiet" and bob.post.image is None  # a bid: a sub-decision, nothing to post
    assert await service.outgoing(bob.post) is None
    moved = (await service.play("bob", "lock", channel_id="c1", image=False)).post  # the reveal: a board
    assert moved.kind == "board" and moved.image is None
    game = await service.game_by_id(game.id)
    on_turn = next(p.user_id for p in game.players if p.seat in service.engine(game.engine).active(game.state))
    await service.play(on_turn, "draw", channel_id="c1")  # a newer move replaces the board before it is drawn
    assert await service.outgoing(moved) is None
    latest = await service.board_of(game.id)
    drawn = await service.outgoing(latest)
    assert drawn is not None and drawn.version > moved.version and drawn.image == b"PNG..."

    undrawn_latest = await service.make_post(await service.game_by_id(game.id), [], image=False)
    ready = await service.outgoing(undrawn_latest)
    assert ready is not None and ready.image == b"PNG..."  # the latest board is drawn on its way out


async def test_a_board_lists_the_log_since_the_last_board_read_from_the_logs_tail(
        service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    """The board post's summary is every public event since the last board: read from the log's tail, and
    from the whole log when the tail might not reach back far enough."""
    game = await start_game(service)
    for step in range(5):  # a board is posted after two moves, then three more moves
        await human_step(service, game)
        game = await service.game_by_id(game.id)
        if step == 1:
            await service.mark_posted(game.id, game.version, "m1")
    game = await service.game_by_id(game.id)
    storage = service.games.storage
    expected = [r.n for r in await storage.actions(game.id) if r.n > game.board_version]
    assert expected and expected[0] > 1, "moves after an earlier board"
    assert [r.n for r in await service.posts._since_board(game)] == expected

    async def short_tail(game_id: int, limit: int, before: int | None = None):  # a full tail, none before it
        return [(await storage.actions(game_id))[-1]] * limit

    monkeypatch.setattr(storage, "recent_actions", short_tail)
    assert [r.n for r in await service.posts._since_board(game)] == expected


async def test_a_post_carries_the_images_that_go_with_its_board(storage: SqlStorage) -> None:
    """Issue 17: a renderer may give the board and more images (Stress Botics' robots' boards); the post carries
    them all, a post whose images are all the same as the last one's goes out as text, and one whose second
    image changed goes out whole."""
    robots = [b"ROBOTS-1"]
    service = build_host(storage, renderer=lambda engine_id, view: [("", b"TABLE"), ("Robots' boards", robots[0])]
                         ).service
    game = await start_game(service)
    first = await service.board_of(game.id)
    assert first.image == b"TABLE" and first.more_images == [("Robots' boards", b"ROBOTS-1")]
    ready = await service.outgoing(first)
    assert ready is not None
    await service.posted(ready, "m1")

    async def next_board() -> Post:  # the next move's board on its way out (sub-decisions post nothing)
        for _ in range(10):
            await human_step(service, await service.game_by_id(game.id))
            if (post := await service.outgoing(await service.board_of(game.id))) is not None:
                await service.posted(post, f"m{post.version}")
                return post
        raise AssertionError("no board in 10 moves")

    again = await next_board()
    assert again.image is None and again.more_images == []  # nothing new to see: the post goes out as text
    robots[0] = b"ROBOTS-2"
    changed = await next_board()
    assert changed.image == b"TABLE" and changed.more_images == [("Robots' boards", b"ROBOTS-2")]


def test_the_board_message_puts_each_image_in_its_own_embed() -> None:
    """Issue 17: the board and each image that goes with it are files of one message, each shown by an embed
    (the extra ones titled and described by their titles); a board alone stays one embed and one file."""
    from bot.discord.presenter import post_message

    post = Post(game_id=7, channel_id="c", title="Stress Botics", summary="Alice moved.", prompt="", version=3,
                image=b"TABLE", more_images=[("Robots' boards", b"ROBOTS")], alt_text="the table")
    kwargs = post_message(post)
    assert [f.filename for f in kwargs["files"]] == ["board.png", "robots-boards-2.png"]
    assert [f.description for f in kwargs["files"]] == ["the table", "Robots' boards"]
    assert [e.image.url for e in kwargs["embeds"]] == ["attachment://board.png", "attachment://robots-boards-2.png"]
    assert kwargs["embeds"][1].title == "Robots' boards" and "Alice moved." in kwargs["embeds"][0].description
    post.more_images = []
    alone = post_message(post)
    assert [f.filename for f in alone["files"]] == ["board.png"]
    assert [e.image.url for e in alone["embeds"]] == ["attachment://board.png"]
