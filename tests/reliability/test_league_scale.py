"""A 64-player league season starts without any interaction missing Discord's 3 s deadline (issue 18, item 5):
``/league season start`` is answered at once and its 32 match threads are opened by the background job
worker, while other players' commands keep being answered."""

from __future__ import annotations

import asyncio
import time

from bench.host_bench import is_board
from tests.fakediscord import FakeDiscord

from ._support import Host

PLAYERS = 64


async def test_lg_jobs_a_64_player_season_starts_with_every_interaction_in_time(host: Host) -> None:
    fake: FakeDiscord = host.fake
    channel = fake.add_channel(host.guild, "big-league")
    admin = fake.add_user("organiser", guild_id=host.guild, admin=True)
    players = [fake.add_user(f"lp{i}", guild_id=host.guild) for i in range(PLAYERS)]
    ix = await fake.slash(admin, channel, "league", subcommand="create",
                          options={"name": "Big League", "game": "tiny", "players": 2, "rounds": 1,
                                   "options": "rounds=1 dice=no"})
    assert "League created" in ix.message["content"], ix.messages
    joined = await asyncio.gather(*(fake.slash(p, channel, "league", subcommand="join") for p in players))
    assert all("signed up" in j.message["content"] for j in joined)

    started = time.monotonic()
    start = await fake.slash(admin, channel, "league", subcommand="season start", timeout=3)
    # while the season opens, the players keep using commands: each is answered in time
    others = await asyncio.gather(*(fake.slash(p, channel, "league", subcommand="info", timeout=3)
                                    for p in players[:16]))
    [reply] = await start.wait_followups(1, timeout=10)
    answered = time.monotonic() - started
    assert "Season 1 of Big League has started: 64 players" in reply["content"], reply
    info = await fake.slash(admin, channel, "league", subcommand="info", timeout=3)
    progress = info.message["content"]
    if "in the background" in reply["content"]:  # the organiser sees how far it got (unless it just finished)
        assert "In the background: ⏳ starting the season" in progress or len(fake.threads(channel)) == PLAYERS // 2, \
            progress
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 60
    while len(fake.threads(channel)) < PLAYERS // 2 or any(
            not any(is_board(m) for m in fake.messages(t["id"])) for t in fake.threads(channel)):
        assert loop.time() < deadline, f"{len(fake.threads(channel))} of {PLAYERS // 2} match threads opened"
        await asyncio.sleep(0.1)
    opened = time.monotonic() - started
    late = [r.label for r in fake.interactions.by_id.values() if r.error or r.response_type is None]
    assert late == [], late
    assert all(o.response_type in (4, 5) for o in [start, *others])
    print(f"64-player season: reply after {answered:.2f} s, 32 threads with boards after {opened:.2f} s")
