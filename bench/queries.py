"""``python -m bench.queries [--moves N] [--dsn URL]``: how many statements reach the database per move.

Plays Tiny Duel through the service on a fresh PostgreSQL schema (``TURNKEEPER_TEST_PG`` or the default test
server) — each move followed by its board's posting bookkeeping, as the Discord adapter does — and counts the
statements asyncpg sends (every one is a round trip to the server), grouped by the storage method that sent
them. A count, not a timing: it is the same on any machine.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import random
import traceback
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import asyncpg

import engines
from bot.service.host import build_host
from bot.service.postgres import PostgresStorage
from tests.fixtures.tiny import register

DEFAULT_DSN = "postgresql://postgres@127.0.0.1:5432/test"
SENDING = ("execute", "fetch", "fetchval", "fetchrow", "executemany")


class Counter:
    """Counts statements sent by ``asyncpg.Connection`` while ``on``, keyed by the storage method."""

    def __init__(self) -> None:
        self.on = False
        self.by_caller: collections.Counter[str] = collections.Counter()

    def install(self) -> None:
        """Wrap the connection's sending methods (for this process only)."""
        for name in SENDING:
            setattr(asyncpg.Connection, name, self._wrap(getattr(asyncpg.Connection, name)))

    def _wrap(self, send: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def counted(connection: asyncpg.Connection, query: str, *args: Any, **kwargs: Any) -> Any:
            if self.on:
                self.by_caller[_caller(query)] += 1
            return await send(connection, query, *args, **kwargs)
        return counted


def _caller(query: str) -> str:
    frames = [f for f in traceback.extract_stack() if "/bot/service/" in f.filename
              and not f.filename.endswith(("postgres.py", "sql_dialect.py"))]
    where = f"{frames[-1].filename.rsplit('/', 1)[-1]}:{frames[-1].name}" if frames else "asyncpg (pool)"
    return f"{where}: {' '.join(query.split())[:50]}"


async def count(dsn: str, moves: int) -> dict[str, Any]:
    """Play ``moves`` moves and return the statements per move, in total and by caller."""
    register()
    counter = Counter()
    counter.install()
    admin = await asyncpg.connect(dsn)
    schema = f"bench_{uuid.uuid4().hex}"
    await admin.execute(f"CREATE SCHEMA {schema}")
    store = PostgresStorage(dsn, schema=schema, pool_size=2)
    try:
        await store.open()
        service = build_host(store, renderer=None).service
        lobby = await service.new_game(guild_id="g", channel_id="c", user_id="u0", user_name="Ann",
                                       engine_id="tiny", seed=1)
        await service.join("c", "u1", "Bo")
        await service.start("c", "u0")
        rnd, engine, played = random.Random(1), engines.get("tiny"), 0
        counter.on = True
        while played < moves:
            game = await service.game_by_id(lobby.game_id)
            if game.status != "running" or game.state is None:
                break
            seat = engine.active(game.state)[0]
            action = str(rnd.choice(engine.legal_actions(game.state, seat)))
            player = game.player_at(seat)
            assert player is not None and player.user_id is not None
            result = await service.play(player.user_id, action, channel_id="c", interaction_id=f"i{played}")
            if result.post.kind == "board" and (ready := await service.posts.outgoing(result.post)) is not None:
                await service.posts.posted(ready, f"m{played}")
            played += 1
        counter.on = False
    finally:
        await store.close()
        await admin.execute(f"DROP SCHEMA {schema} CASCADE")
        await admin.close()
    total = sum(counter.by_caller.values())
    return {"bench": "queries", "game": "tiny", "moves": played,
            "statements_per_move": round(total / max(played, 1), 2),
            "by_caller": {k: round(v / max(played, 1), 2) for k, v in counter.by_caller.most_common()}}


def main() -> None:
    """Print one JSON line."""
    parser = argparse.ArgumentParser(prog="python -m bench.queries", description=__doc__)
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--dsn", default=os.environ.get("TURNKEEPER_TEST_PG") or DEFAULT_DSN)
    args = parser.parse_args()
    print(json.dumps(asyncio.run(count(args.dsn, args.moves))))


if __name__ == "__main__":
    main()
