"""Issue 20: `/game replay` through the service — running and finished games, ranges, "since your last move",
the refusals in words, and the cache per game version."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.service.errors import NotAllowed
from bot.service.host import build_host
from bot.service.service import GameService
from bot.service.sqlite import SQLiteStorage

from ._support import human_step, play_to_end, start_game, user_at


@pytest.fixture
def drawing(storage: SQLiteStorage) -> GameService:
    """The service with the real renderer (Tiny Duel is drawn by the generic one)."""
    return build_host(storage).service


def frames(data: bytes) -> int:
    with Image.open(io.BytesIO(data)) as im:
        return im.n_frames


async def test_a_running_game_replays_from_the_start_to_now(drawing: GameService) -> None:
    game = await start_game(drawing)
    for _ in range(4):
        assert await human_step(drawing, await drawing.game_by_id(game.id))
    film = await drawing.replay("c1", "alice")
    assert film.filename.startswith(f"game-{game.id}-replay.") and frames(film.data) >= 2
    assert film.text.startswith(f"**Tiny Duel** · game #{game.id} · turns 0–")
    again = await drawing.replay("c1", "alice")
    assert again is film, "the same version is not drawn twice"
    one = await drawing.replay("c1", "alice", 0, 0)
    assert frames(one.data) == 1 and "turn 0 of" in one.text


async def test_ranges_and_since_your_last_move(drawing: GameService) -> None:
    game = await start_game(drawing)
    with pytest.raises(NotAllowed, match="Choose turns from 0 to"):
        await drawing.replay("c1", "alice", 3, 1)
    with pytest.raises(NotAllowed, match="Nothing has happened since your last move"):
        await drawing.replay("c1", "alice", since_last=True)  # no move yet, and nothing happened: nothing to show
    finished = await play_to_end(drawing, game.id)
    rows = await drawing.storage.actions(game.id)
    other = user_at(finished, 1 - rows[-1].seat)  # not the one who made the last move
    assert other is not None
    film = await drawing.replay("c1", other, since_last=True)
    assert "since your last move" in film.text and frames(film.data) >= 1
    assert finished.status == "finished" and frames((await drawing.replay("c1", "bob")).data) >= 2


async def test_no_game_or_no_images_is_refused_in_words(service: GameService, drawing: GameService) -> None:
    await start_game(service)
    with pytest.raises(NotAllowed, match="draws no images"):
        await service.replay("c1", "alice")
    with pytest.raises(Exception, match=r"[Nn]o game"):
        await drawing.replay("elsewhere", "alice")



async def test_a_game_begun_under_rules_no_longer_replayed_says_so(drawing: GameService) -> None:
    # a rules version older than the engine's oldest_version: the game goes on, its film is refused in words
    game = await start_game(drawing)
    engine = drawing.games.engine(game.engine)
    old, engine_cls = engine.oldest_version, type(engine)
    engine_cls.oldest_version = 2  # as if the game had been set up under version 1 before a rules change
    try:
        with pytest.raises(NotAllowed, match="rules version 1, which can no longer be replayed"):
            await drawing.replay("c1", "alice")
    finally:
        engine_cls.oldest_version = old
