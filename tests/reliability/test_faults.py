"""Discord faults: 429 with retry_after, 500s, slow answers and a dropped gateway. Moves stay committed,
boards are retried or reconciled (once), the gateway resumes, and nobody is told a move failed when it was
applied (or succeeded when it was not)."""

from __future__ import annotations

import asyncio
import random

import engines
from engines.core import Action
from engines.core.moments import STATUS, turn_kind
from tests.e2e._support import board_version

from ._support import Host, check_invariants, one_turn, pick, posts_done, settle_posts, slash_play, to_board_move

POSTS = r"/channels/\d+/messages$"
FOLLOWUPS = r"/webhooks/\d+/[^/]+$"


def versions(host: Host, channel: str) -> list[int]:
    return [v for m in host.fake.messages(channel) if (v := board_version(m)) is not None]


async def latest(host: Host, game_id: int) -> int:
    """The game's current version."""
    return (await host.bot.service.game_by_id(game_id)).version


async def test_rate_limits_are_waited_out(host: Host) -> None:
    channel, _, game_id = await host.table("tiny")
    rnd = random.Random(1)
    host.fake.fail_next("POST", POSTS, status=429, retry_after=0.3, count=2)
    host.fake.fail_next("POST", FOLLOWUPS, status=429, retry_after=0.2, count=1)
    ix = await one_turn(host, channel, game_id, rnd)
    assert ix in host.acked
    await settle_posts(host)
    assert [e[2] for e in host.fake.errors] == [429, 429, 429]
    assert versions(host, channel) == [0, await latest(host, game_id)]
    await check_invariants(host)


async def test_failed_board_posts_are_reconciled_once(host: Host) -> None:
    channel, _, game_id = await host.table("tiny")
    rnd = random.Random(2)
    host.fake.fail_next("POST", POSTS, status=500, count=1000)  # Discord is down (discord.py tries 5 times a post)
    for _ in range(2):
        await one_turn(host, channel, game_id, rnd)
    assert len(host.acked) >= 2, "the users were told their moves were made"
    # The lock-in's status edit met the first errors until the next board cancelled it (a status never holds
    # a board back); each board posted meanwhile failed, those a newer move replaced before they were drawn
    # are skipped.
    await posts_done(host, game_id)
    assert versions(host, channel) == [0] and len(await host.bot.service.unposted()) == 1
    assert await host.bot.reconcile_posts() == 0, "the failed board waits for its back-off"
    # the reconcile of a later round (or of a restarted process), once Discord works again
    host.fake.clear_faults()
    host.bot.table.backoff.succeeded(game_id)
    assert await host.bot.reconcile_posts() == 1
    assert versions(host, channel) == [0, await latest(host, game_id)]
    assert await host.bot.reconcile_posts() == 0
    await check_invariants(host)


async def test_a_stuck_status_message_never_holds_the_board_back(host: Host) -> None:
    """A lock-in's status message that Discord is slow to take is superseded by the next board (which
    shows everything): the board goes out at once."""
    channel, _, game_id = await host.table("tiny")
    rnd = random.Random(5)
    service = host.bot.service
    for _ in range(200):  # up to the first lock-in of a simultaneous phase
        user, action, _ = await pick(service, game_id, rnd) or ("", "", 0)
        game = await service.game_by_id(game_id)
        engine = engines.get(game.engine)
        seat = game.seat_of(user)
        assert game.state is not None and seat is not None
        after, events = engine.apply(game.state, seat, action)
        if turn_kind(engine, game.state, after, seat, Action.parse(action), events) == STATUS:
            break
        await slash_play(host, user, channel, action)
    else:
        raise AssertionError("Tiny Duel has no lock-in")
    host.fake.delay_next("POST", POSTS, 8.0, count=1)  # the status message hangs
    await slash_play(host, user, channel, action)
    loop = asyncio.get_running_loop()
    t0 = loop.time()
    await one_turn(host, channel, game_id, rnd)
    latest_board = await latest(host, game_id)
    while versions(host, channel)[-1:] != [latest_board]:
        assert loop.time() - t0 < 5, "the board waited for the status message"
        await asyncio.sleep(0.05)
    await check_invariants(host)


async def test_slow_discord_delays_only_its_own_game(host: Host) -> None:
    slow, _, slow_game = await host.table("tiny", name="slow")
    fast, _, fast_game = await host.table("tiny", name="fast")
    rnd = random.Random(3)
    user, action = await to_board_move(host, slow, slow_game, rnd)
    host.fake.delay_next("POST", rf"/channels/{slow}/messages$", 2.0, count=1)
    host.fake.delay_next("POST", FOLLOWUPS, 1.0, count=1)
    loop = asyncio.get_running_loop()
    slow_move = asyncio.create_task(slash_play(host, user, slow, action))
    await asyncio.sleep(0.05)
    t0 = loop.time()
    for _ in range(3):
        await one_turn(host, fast, fast_game, rnd)
    assert loop.time() - t0 < 1.9, "a slow Discord call in one game held up another game"
    await slow_move
    await settle_posts(host)
    assert versions(host, slow) == [0, await latest(host, slow_game)]
    await check_invariants(host)


async def test_gateway_drops_resume_and_moves_sent_meanwhile_arrive_once(host: Host) -> None:
    channel, _, game_id = await host.table("tiny")
    rnd = random.Random(4)
    await one_turn(host, channel, game_id, rnd)
    await host.fake.drop_gateway()  # resume
    await one_turn(host, channel, game_id, rnd)
    await host.fake.drop_gateway(wait=False)  # a move sent while the bot is disconnected
    await one_turn(host, channel, game_id, rnd)
    await host.fake.wait_connected()
    await host.fake.drop_gateway(invalidate=True)  # the session is gone: identify again
    await one_turn(host, channel, game_id, rnd)
    await settle_posts(host)
    counts = await check_invariants(host)
    assert counts["moves"] == counts["acked"] >= 4
    posted = versions(host, channel)
    # Each board posted once, in order, the latest included; a board a newer move replaced before it was
    # drawn is skipped by design (that move's own post shows the board).
    assert posted == sorted(set(posted)) and posted[0] == 0 and posted[-1] == await latest(host, game_id), posted


async def test_a_lost_answer_never_says_a_committed_move_failed(host: Host) -> None:
    """The move commits, then Discord refuses every try of the private answer: the user may hear nothing,
    but must not be told to try again, and the board is still posted."""
    channel, _, game_id = await host.table("tiny")
    rnd = random.Random(5)
    user, action = await to_board_move(host, channel, game_id, rnd)
    before = len(await host.bot.service.storage.actions(game_id))
    host.fake.fail_next("POST", FOLLOWUPS, status=500, count=5)
    ix = await host.fake.slash(user, channel, "play", options={"action": action})
    await settle_posts(host)
    await asyncio.sleep(0.3)
    texts = [m["content"] for m in ix.messages]
    assert not any("try again" in t or "wrong" in t for t in texts), texts
    rows = await host.bot.service.storage.actions(game_id)
    assert [r.interaction_id for r in rows[before:]] == [ix.id]
    assert versions(host, channel) == [0, await latest(host, game_id)]
    await host.bot.service.rebuild(game_id)


async def test_a_late_initial_answer_applies_nothing(host: Host) -> None:
    """Discord rejects a defer that comes after 3 s (10062): the move must not be applied."""
    channel, _, game_id = await host.table("tiny")
    rnd = random.Random(6)
    chosen = await pick(host.bot.service, game_id, rnd)
    assert chosen is not None
    user, action, _ = chosen
    host.expect_errors = True
    host.fake.delay_next("POST", r"/interactions/\d+/[^/]+/callback", 3.2, count=1)
    try:
        await host.fake.slash(user, channel, "play", options={"action": action}, timeout=6)
    except AssertionError as err:
        assert "10062" in str(err)
    await asyncio.sleep(0.3)
    assert await host.bot.service.storage.actions(game_id) == []
    await one_turn(host, channel, game_id, rnd)  # and the game goes on
    await settle_posts(host)  # the board is drawn after the mover's answer
    await check_invariants(host)



async def test_a_board_stored_by_discord_but_answered_500_is_not_posted_twice(host: Host) -> None:
    """discord.py retries a 5xx; the board's nonce makes Discord hand back the message it already made."""
    channel, _, game_id = await host.table("tiny")
    host.fake.fail_next("POST", POSTS, status=500, count=1, processed=True)
    await one_turn(host, channel, game_id, random.Random(7))
    await settle_posts(host)
    assert versions(host, channel) == [0, await latest(host, game_id)]
    await check_invariants(host)
