"""Issue 19: a channel the bot can never post in (permissions taken away, channel deleted) is not retried
forever: Discord's refusal is classified, the channel is marked, its game's host is told once by DM, and a
command in the channel lets the bot try again; the first board that gets through resumes everything."""

from __future__ import annotations

import asyncio
import random

from bot.discord.failures import Backoff

from ._support import Host, check_invariants, one_turn, pick, posts_done, settle_posts, slash_play, to_board_move
from .test_faults import latest, versions


def channel_posts(host: Host, channel: str) -> int:
    """How many times the bot tried to post in ``channel`` (answered or refused)."""
    return sum(1 for method, path in host.fake.requests if method == "POST" and path == f"/channels/{channel}/messages")


async def lose_channel(host: Host, status: int) -> tuple[str, list[str], int]:
    host.expect_errors = True
    channel, users, game_id = await host.table("tiny")
    host.fake.fail_next("POST", rf"/channels/{channel}/messages$", status=status, count=10_000)
    await one_turn(host, channel, game_id, random.Random(status))
    for _ in range(300):  # the board is drawn and posted after the move's answer
        if await host.bot.service.channel_is_lost(channel) and host.fake.dms(users[0]):
            break
        await asyncio.sleep(0.05)
    return channel, users, game_id


def clear_faults(host: Host) -> None:
    for fault in host.fake._faults:  # the fake has no public "undo a fault"
        fault.count = 0


async def test_lost_permissions_stop_the_retries_tell_the_host_once_and_resume_on_a_command(host: Host) -> None:
    channel, users, game_id = await lose_channel(host, 403)
    service = host.bot.service
    assert await service.channel_is_lost(channel)
    dms = host.fake.dms(users[0])
    assert len(dms) == 1 and "can no longer post in" in dms[0]["content"] and f"#{game_id}" in dms[0]["content"]
    assert "/game status" in dms[0]["content"], "the host is told how to resume"
    assert host.fake.dms(users[1]) == [], "only the host is told"
    tries = channel_posts(host, channel)
    for _ in range(3):
        assert await host.bot.reconcile_posts() == 0
    assert channel_posts(host, channel) == tries, "no retries while the channel refuses for good"
    assert await service.unposted() == [], "the retry loop leaves the channel out"
    await one_turn(host, channel, game_id, random.Random(9))  # players go on (answers need no channel rights)
    await asyncio.sleep(0.2)
    assert len(host.fake.dms(users[0])) == 1, "the host is told once, not once per move"

    clear_faults(host)  # the permissions are given back
    await host.fake.slash(users[1], channel, "game", subcommand="status")
    for _ in range(300):  # the retry runs beside the command, drawing the board first
        if not await service.channel_is_lost(channel):
            break
        await asyncio.sleep(0.05)
    assert not await service.channel_is_lost(channel), "a command in the channel resumed it"
    await settle_posts(host)
    assert versions(host, channel)[-1] == await latest(host, game_id), "the latest board is posted"
    await check_invariants(host, exact=False)


async def test_a_channel_deleted_mid_game_is_not_retried(host: Host) -> None:
    host.expect_errors = True
    channel, users, game_id = await host.table("tiny")
    host.fake.delete_channel(channel)  # deleted for real: every later request there answers 404
    rnd = random.Random(404)
    while not await host.bot.service.unposted():  # the game moves on (as timeouts would) until a board is due
        chosen = await pick(host.bot.service, game_id, rnd)
        assert chosen is not None
        await host.bot.service.play(chosen[0], chosen[1], game_id=game_id)
    await host.bot.reconcile_posts()
    assert await host.bot.service.channel_is_lost(channel)
    assert "no longer exists" in host.fake.dms(users[0])[0]["content"]
    tries = channel_posts(host, channel)
    assert await host.bot.reconcile_posts() == 0 and channel_posts(host, channel) == tries


async def test_transient_trouble_still_retries_and_backs_off(host: Host) -> None:
    host.expect_errors = True
    channel, _, game_id = await host.table("tiny")
    rnd = random.Random(3)
    user, action = await to_board_move(host, channel, game_id, rnd)
    host.fake.fail_next("POST", rf"/channels/{channel}/messages$", status=500, count=5)  # discord.py tries 5 times
    await slash_play(host, user, channel, action)
    await posts_done(host, game_id)
    assert len(await host.bot.service.unposted()) == 1
    assert not await host.bot.service.channel_is_lost(channel), "a 5xx is not permanent"
    assert await host.bot.reconcile_posts() == 1, "the first retry comes at the next round"
    await check_invariants(host, exact=False)


def test_backoff_retries_next_round_then_doubles_up_to_the_cap() -> None:
    b = Backoff(base=60.0, cap=300.0)
    assert b.due(1, 0.0)
    assert [b.failed(1, 0.0) for _ in range(6)] == [0.0, 60.0, 120.0, 240.0, 300.0, 300.0]
    assert not b.due(1, 299.0) and b.due(1, 300.0) and b.due(2, 0.0)
    b.succeeded(1)
    assert b.due(1, 0.0) and b.failed(1, 0.0) == 0.0
