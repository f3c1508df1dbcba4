"""The bot as its own process against a fake Discord:
``python -m tests.reliability.botproc PORT DB [SHARD_COUNT SHARDS [LEASE_SECONDS]]``.

Used by the crash tests, which SIGKILL it, and the two-process test (``DB`` a PostgreSQL address, each process
running some of the shards). Registers the Tiny Duel fixture; reposts and sweeps every second.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from dataclasses import replace
from types import SimpleNamespace

from bot.config import Settings, parse_shards
from bot.discord.client import TurnkeeperBot
from tests.fakediscord import TOKEN, patch_discord
from tests.fixtures.tiny import register


async def run(port: int, db: str, shards: list[str]) -> None:
    """Connect to the fake at ``port`` and serve until killed."""
    base = f"http://127.0.0.1:{port}"
    fake = SimpleNamespace(port=port, base_url=f"{base}/api/v10", ws_url=f"ws://127.0.0.1:{port}/gateway")
    with patch_discord(fake):  # type: ignore[arg-type]
        settings = Settings(token=TOKEN, db_path=db, repost_seconds=1, sweep_seconds=1)
        if shards:
            count = int(shards[0])
            settings = replace(settings, shard_count=count, shard_ids=parse_shards(shards[1], count),
                               lease_seconds=float(shards[2]) if len(shards) > 2 else 5.0, render_processes=0)
        async with TurnkeeperBot(settings, guild_ready_timeout=0.05) as bot:
            await bot.start(TOKEN)


def main() -> None:
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    register()
    try:
        import engines

        engines.get("robo_rescue")
    except Exception:  # noqa: BLE001 - an unfinished game is simply not offered
        pass
    asyncio.run(run(int(sys.argv[1]), sys.argv[2], sys.argv[3:]))


if __name__ == "__main__":
    main()
