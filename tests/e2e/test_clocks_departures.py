"""Issue 22 through the fake Discord: a seated member leaves the server (GUILD_MEMBER_REMOVE), the table is told
and the host hands the seat over with `/pace replace new_player:`."""

from __future__ import annotations

import asyncio
import time

from ._support import start_game
from .conftest import Table


async def test_a_seated_member_who_leaves_is_announced_and_the_host_hands_the_seat_over(table: Table) -> None:
    game_id, _ = await start_game(table)
    table.fake.remove_member(table.guild, table.bob)
    store = table.bot.scheduler.store
    for _ in range(200):
        if table.bob in await store.departed(table.guild):
            break
        await asyncio.sleep(0.01)
    assert table.bob in await store.departed(table.guild)
    await table.bot.sweep_once(time.time())
    [told] = [m for m in table.fake.messages(table.channel) if m["content"].startswith("🚪 Bob left the server.")]
    assert f"<@{table.alice}> or a server admin: `/pace replace new_player:@member`" in told["content"]
    assert table.bob not in [u["id"] for u in told["mentions"]]
    ix = await table.fake.slash(table.alice, table.channel, "pace", subcommand="replace",
                                options={"new_player": table.carol})
    assert ix.response_type == 4 and "Carol takes over Bob's seat" in ix.message["content"]
    assert (await table.bot.service.game_by_id(game_id)).seat_of(table.carol) is not None
