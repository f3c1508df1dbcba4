"""The bot: an ``AutoShardedBot`` that opens the host (``bot/service/host.py``), registers the cogs and
components over its :class:`~.table.DiscordTable`, and runs the background work."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Settings
from bot.service.host import Host, open_host
from bot.service.jobs import Jobs
from bot.service.scheduler import Scheduler
from bot.service.service import GameService

from .cogs.game import GameCog
from .cogs.league import LeagueCog
from .cogs.pace import PaceCog
from .cogs.play import PlayCog
from .cogs.rating import RatingCog
from .cogs.stats import StatsCog
from .components import DYNAMIC_ITEMS
from .league_text import DiscordLeagueHost
from .replies import report_error
from .table import DiscordTable

log = logging.getLogger("turnkeeper.discord")
LEAGUE_SECONDS = 600.0
"""How often rounds past their deadline are paired and failed match threads retried."""


class TurnkeeperBot(commands.AutoShardedBot):
    """Turnkeeper on Discord. The host does the work; the table talks to Discord for it."""

    def __init__(self, settings: Settings, **kwargs: Any) -> None:
        if settings.shard_count is not None:  # this process runs some of the bot's shards
            kwargs.setdefault("shard_count", settings.shard_count)
            kwargs.setdefault("shard_ids", list(settings.shard_ids or range(settings.shard_count)))
        intents = discord.Intents.default()
        intents.members = True  # a seated player who leaves the server (privileged: enable it for the app)
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         chunk_guilds_at_startup=False, **kwargs)
        self.settings = settings
        self.table = DiscordTable(self)
        self.host: Host | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self.tree.on_error = self._on_tree_error  # type: ignore[method-assign]

    @property
    def service(self) -> GameService:
        """The game service (once the bot has started)."""
        return self.table.service

    @property
    def scheduler(self) -> Scheduler:
        """The scheduler (once the bot has started)."""
        return self.table.scheduler

    async def setup_hook(self) -> None:
        """Open the host, register cogs and persistent components, sync commands, start the background work."""
        self.host = self.table.host = await open_host(self.settings, DiscordLeagueHost(self.table))
        await add_cogs(self, self.table)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        if self.settings.sync_commands:
            await self.sync_commands()
        leagues = self.host.leagues
        for seconds, work, what in ((self.settings.repost_seconds, self.reconcile_posts, "reconciling posts"),
                                    (self.settings.sweep_seconds, self.sweep_once, "scheduler sweep"),
                                    (LEAGUE_SECONDS, leagues.advance_due, "advancing leagues")):
            self._tasks.append(asyncio.create_task(self._every(seconds, work, what), name=f"turnkeeper {what}"))
        if self.host.jobs is not None:  # league work off the players' path, done by this process's guilds
            self.host.jobs.background = True
            self._tasks.append(asyncio.create_task(self._jobs(self.host.jobs), name="turnkeeper jobs"))

    async def sync_commands(self) -> None:
        """Sync to the dev guild when configured (instant), else globally."""
        if self.settings.dev_guild:
            guild = discord.Object(id=self.settings.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def close(self) -> None:
        """Stop background work, then close the host (render pool and storage)."""
        for task in list(self._tasks):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await super().close()
        if self.host is not None:
            await self.host.close()
            self.host = None

    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """A member left (or was removed from) a server: their seats there go to the timeout policy."""
        if self.host is not None:
            await self.scheduler.timeouts.member_left(str(payload.guild_id), str(payload.user.id),
                                                      self.service.clock())

    async def on_member_join(self, member: discord.Member) -> None:
        """A member joined a server: one who had left plays their seats there again."""
        if self.host is not None:
            await self.scheduler.timeouts.member_returned(str(member.guild.id), str(member.id), self.service.clock())

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A command in a channel the bot could not post in: try that channel again (in the background)."""
        if interaction.type is discord.InteractionType.application_command and interaction.channel_id \
                and self.table.host is not None:
            task = asyncio.create_task(self.table.channel_used(str(interaction.channel_id)))
            self._tasks.append(task)
            task.add_done_callback(self._forget)

    def _forget(self, task: asyncio.Task[Any]) -> None:
        if task in self._tasks:
            self._tasks.remove(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("trying a channel again failed", exc_info=task.exception())

    async def _on_tree_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        await report_error(interaction, original, interaction.command.name if interaction.command else "command")

    async def reconcile_posts(self) -> int:
        """Post every board that was committed but never posted (see :meth:`DiscordTable.reconcile_posts`)."""
        return await self.table.reconcile_posts()

    async def sweep_once(self, now: float | None = None) -> int:
        """One scheduler sweep (see :meth:`DiscordTable.sweep_once`)."""
        return await self.table.sweep_once(now)

    async def _jobs(self, jobs: Jobs) -> None:
        await self.wait_until_ready()
        await jobs.run_forever(self.settings.repost_seconds)

    async def _every(self, seconds: float, work: Callable[[], Awaitable[object]], what: str) -> None:
        """Run ``work`` every ``seconds`` once connected; an error is logged and the loop goes on."""
        await self.wait_until_ready()
        while not self.is_closed():
            try:
                await work()
            except Exception:
                log.exception("%s failed", what)
            await asyncio.sleep(seconds)


async def add_cogs(bot: commands.Bot, table: DiscordTable) -> None:
    """Register every cog over ``table`` (also used to print the command tree offline)."""
    for cog in (GameCog(table), PlayCog(table), PaceCog(table), LeagueCog(table), RatingCog(table), StatsCog(table)):
        await bot.add_cog(cog)


async def run_bot(settings: Settings) -> None:
    """Run until stopped."""
    async with TurnkeeperBot(settings) as bot:
        await bot.start(settings.token)
