"""The host under load: N channels playing at once through the fake Discord, in one process.

Measures interaction → answer latency (``/play`` until its ephemeral "Move made."), moves per second,
autocomplete round trips and the event-loop lag (a ticker that should wake every 20 ms). Each simulated
player waits a random think time (uniform from 0 to twice ``think``) before each move; ``think=0`` is a
closed loop at saturation, where every channel always has a move waiting and the answer time is the
queue (Little's law: channels ÷ moves per second).
"""

from __future__ import annotations

import asyncio
import logging
import random
import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import engines
from bot.config import Settings
from bot.discord.client import TurnkeeperBot
from bot.discord.ids import b36
from tests.fakediscord import FakeDiscord, patch_discord
from tests.fakediscord.store import iter_components

from .report import pct, rss_mb

TICK = 0.02
HOST_OPTIONS = {"tiny": "rounds=9"}


@dataclass
class HostStats:
    """Raw samples of one host run."""

    e2e: list[float] = field(default_factory=list)
    auto: list[float] = field(default_factory=list)
    lag: list[float] = field(default_factory=list)
    moves: int = 0
    refused: int = 0
    failed: list[str] = field(default_factory=list)


async def ticker(stats: HostStats, stop: asyncio.Event) -> None:
    """Record how late a 20 ms sleep wakes up: the event loop's lag."""
    loop = asyncio.get_running_loop()
    while not stop.is_set():
        start = loop.time()
        await asyncio.sleep(TICK)
        stats.lag.append(max(0.0, loop.time() - start - TICK) * 1000)


def _button(message: dict[str, Any], suffix: str) -> str:
    return next(c["custom_id"] for c in iter_components(message.get("components") or [])
                if str(c.get("custom_id", "")).endswith(suffix))


async def open_game(fake: FakeDiscord, channel: str, users: list[str], game: str) -> int:
    """Lobby, joins and start through Discord; returns the game id once its first board is posted."""
    given = {"game": game, **({"options": HOST_OPTIONS[game]} if game in HOST_OPTIONS else {})}
    ix = await fake.slash(users[0], channel, "game", subcommand="new", options=given, timeout=60)
    lobby = ix.message
    join = _button(lobby, ":join")
    game_id = int(join.split(":")[1], 36)
    for user in users[1:]:
        await fake.click(user, channel, lobby["id"], join, timeout=60)
    await fake.click(users[0], channel, lobby["id"], f"l:{b36(game_id)}:start", timeout=60)
    await fake.wait_for_message(channel, is_board, timeout=60)  # the start is deferred: wait for its board
    return game_id


def is_board(message: dict[str, Any]) -> bool:
    """A public board post (its nonce is ``tk<game>.<version>``)."""
    return str(message.get("nonce") or "").startswith("tk")


async def play_channel(fake: FakeDiscord, bot: TurnkeeperBot, channel: str, game_id: int, moves: int,
                       rnd: random.Random, stats: HostStats, think: float = 0.0) -> None:
    """Random legal ``/play`` moves by whoever must act, with an autocomplete before every third; ``think``:
    mean seconds a player waits before each move (0: as fast as the bot answers, i.e. saturation)."""
    loop = asyncio.get_running_loop()
    for i in range(moves):
        if think:
            await asyncio.sleep(rnd.uniform(0, 2 * think))
        game = await bot.service.game_by_id(game_id)
        if game.status != "running" or game.state is None:
            return
        engine = engines.get(game.engine)
        seat = rnd.choice(engine.active(game.state))
        user = game.player_at(seat).user_id  # type: ignore[union-attr]
        action = str(rnd.choice(engine.legal_actions(game.state, seat)))
        if i % 3 == 0:
            t0 = loop.time()
            await fake.autocomplete(user, channel, "play", {"action": action[:2]}, focused="action", timeout=60)
            stats.auto.append((loop.time() - t0) * 1000)
        t0 = loop.time()
        try:
            ix = await fake.slash(user, channel, "play", options={"action": action}, timeout=60)
            [answer] = await ix.wait_followups(1, timeout=60)
        except AssertionError as err:
            stats.failed.append(str(err)[:200])
            continue
        stats.e2e.append((loop.time() - t0) * 1000)
        if answer["content"].startswith("Move made."):
            stats.moves += 1
        else:
            stats.refused += 1


async def run_host(game: str, channels: int, moves: int, seed: int = 1, db_dir: str | None = None,
                   render_procs: int | None = None, images: bool = True, think: float = 0.0) -> dict[str, Any]:
    """One host run (``render_procs``: draw boards in that many processes, 0: in threads; default: the bot's
    default settings;
    ``images=False``: boards without images, to see what rendering costs the answers)."""
    from tests.fixtures.tiny import register

    register()
    engine = engines.get(game)
    players = max(2, engine.min_players)
    rnd = random.Random(seed)
    loop = asyncio.get_running_loop()
    logging.getLogger("discord").setLevel(logging.ERROR)
    with tempfile.TemporaryDirectory(dir=db_dir) as tmp:
        fake = FakeDiscord()
        await fake.start()
        stats = HostStats()
        try:
            with patch_discord(fake):
                guild = fake.add_guild("Bench")
                chans = [fake.add_channel(guild, f"table-{i}") for i in range(channels)]
                seats = [[fake.add_user(f"u{i}-{j}", guild_id=guild) for j in range(players)] for i in range(channels)]
                settings = Settings(token=fake.token, db_path=str(Path(tmp) / "bench.sqlite3"),
                                    repost_seconds=3600, sweep_seconds=3600)
                if render_procs is not None:
                    settings = replace(settings, render_processes=render_procs)
                bot = TurnkeeperBot(settings, guild_ready_timeout=0.05)
                await fake.connect_bot(bot, timeout=30)
                if not images:
                    bot.service.renderer = None
                try:
                    gate = asyncio.Semaphore(10)  # setting up is not measured: no 100 lobbies at once

                    async def opened(channel: str, users: list[str]) -> int:
                        async with gate:
                            return await open_game(fake, channel, users, game)

                    ids = await asyncio.gather(*(opened(c, u) for c, u in zip(chans, seats, strict=True)))
                    rss_before = rss_mb()
                    stop = asyncio.Event()
                    tick = asyncio.create_task(ticker(stats, stop))
                    started = time.perf_counter()
                    await asyncio.gather(*(play_channel(fake, bot, c, g, moves, random.Random(rnd.random()), stats,
                                                        think)
                                           for c, g in zip(chans, ids, strict=True)))
                    wall = time.perf_counter() - started
                    stop.set()
                    await tick
                    drain = loop.time() + 30  # boards of the last moves may still be on their way
                    while (unposted := len(await bot.service.unposted())) and loop.time() < drain:
                        await asyncio.sleep(0.1)
                    posted = [m for c in chans for m in fake.messages(c) if is_board(m)]
                    image_bytes = sum(len(a["data"]) for m in posted for a in m.get("attachments") or [])
                finally:
                    await fake.close_bot(bot, timeout=30)
        finally:
            await fake.stop()
    return {
        "bench": "host", "game": game,
        "render": "off" if not images else f"{settings.render_processes} processes" if settings.render_processes
        else "threads",
        "channels": channels, "moves_per_channel": moves, "think_s": think, "moves": stats.moves,
        "refused": stats.refused, "unanswered": len(stats.failed), "wall_s": round(wall, 2),
        "moves_per_s": round(stats.moves / max(wall, 1e-9), 1),
        "e2e_ms_p50": round(pct(stats.e2e, 50), 1), "e2e_ms_p99": round(pct(stats.e2e, 99), 1),
        "autocomplete_e2e_ms_p99": round(pct(stats.auto, 99), 1),
        "loop_lag_ms_p50": round(pct(stats.lag, 50), 1), "loop_lag_ms_p99": round(pct(stats.lag, 99), 1),
        "unposted_at_end": unposted, "rss_mb": round(rss_mb(), 1), "rss_mb_during": round(rss_mb() - rss_before, 1),
        "board_posts": len(posted), "board_posts_per_move": round(len(posted) / max(stats.moves + channels, 1), 2),
        "board_kb_per_move": round(image_bytes / 1024 / max(stats.moves, 1), 1),
        "errors": stats.failed[:3],
    }
