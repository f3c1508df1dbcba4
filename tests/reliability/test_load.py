"""Load: many simultaneous games through the fake Discord, random legal moves from many users, some
double-clicking a panel button or racing each other. Long mode (TURNKEEPER_LONG=1): 100 games."""

from __future__ import annotations

import asyncio
import random

import pytest

from tests.sizes import scaled

from ._support import Host, check_invariants, classify_clicks, game_params, panel_click, pick, settle_posts, slash_play

GAMES = scaled(10, 100)
MOVES = scaled(6, 15)


async def drive(host: Host, channel: str, users: list[str], game_id: int, rnd: random.Random) -> None:
    """Play ``MOVES`` rounds in one channel: plain /play, double clicks, and races with a bystander."""
    for _ in range(MOVES):
        chosen = await pick(host.bot.service, game_id, rnd)
        if chosen is None:
            return
        user, action, version = chosen
        roll = rnd.random()
        if roll < 0.5:
            await slash_play(host, user, channel, action)
        elif roll < 0.8:
            clicks = await panel_click(host, user, channel, game_id, action, version, times=2)
            await classify_clicks(host, clicks)
        else:
            other = rnd.choice([u for u in users if u != user] or users)
            other_action = await pick(host.bot.service, game_id, rnd)
            second = other_action[1] if other_action else action
            await asyncio.gather(slash_play(host, user, channel, action), slash_play(host, other, channel, second))


@pytest.mark.parametrize("game", game_params())
async def test_simultaneous_games_stay_exact(host: Host, game: str) -> None:
    rnd = random.Random(7)
    gate = asyncio.Semaphore(10)  # opening is not under test: at most 10 lobbies at once

    async def table(i: int) -> tuple[str, list[str], int]:
        async with gate:
            return await host.table(game, 2, f"{game}-{i}")

    tables = await asyncio.gather(*(table(i) for i in range(GAMES)))
    await asyncio.gather(*(drive(host, channel, users, game_id, random.Random(rnd.random()))
                           for channel, users, game_id in tables))
    await settle_posts(host)
    counts = await check_invariants(host)
    assert counts["moves"] >= GAMES * 2, counts
    assert counts["refused"] > 0, "no double click or race was refused: the test did not race"
