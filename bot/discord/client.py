"""The bot: an ``AutoShardedBot`` holding the game service, publishing boards and reconciling posts."""

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
from bot.service.errors import NoGame, StaleRequest
from bot.service.results import Lobby, MoveResult, Post
from bot.service.scheduler import Scheduler
from bot.service.service import GameService
from bot.service.sqlite import SQLiteStorage

from .components import DYNAMIC_ITEMS
from .delivery import deliver
from .ids import b36
from .presenter import lobby_message, panel_message, post_message, private_message
from .render_pool import render_executor
from .replies import channel_of, clip, is_admin, report_error, send_private

log = logging.getLogger("turnkeeper.discord")


class TurnkeeperBot(commands.AutoShardedBot):
    """Turnkeeper on Discord. The service does the work; this class only talks to Discord."""

    def __init__(self, settings: Settings, *, service: GameService | None = None, **kwargs: Any) -> None:
        intents = discord.Intents.default()
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None, **kwargs)
        self.settings = settings
        self._given_service = service
        self.service: GameService = service  # type: ignore[assignment] - set in setup_hook
        self._executor = render_executor(settings.render_processes, settings.render_threads)
        self._reconciler: asyncio.Task[None] | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self._sweeping = asyncio.Lock()
        self.scheduler: Scheduler = None  # type: ignore[assignment] - set in setup_hook
        self._posting: dict[int, asyncio.Lock] = {}
        self.tree.on_error = self._on_tree_error  # type: ignore[method-assign]

    async def setup_hook(self) -> None:
        """Open storage, register cogs and persistent components, sync commands, start reconciling."""
        if self.service is None:
            storage = SQLiteStorage(self.settings.db_path)
            await storage.open()
            self.service = GameService(storage, executor=self._executor)
        self.scheduler = Scheduler(self.service, idle_days=self.settings.idle_days,
                                   vacation_days=self.settings.vacation_days)
        await add_cogs(self)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        if self.settings.sync_commands:
            await self.sync_commands()
        self._reconciler = asyncio.create_task(
            self._every(self.settings.repost_seconds, self.reconcile_posts, "reconciling posts"),
            name="turnkeeper-reconcile")
        self._sweeper = asyncio.create_task(
            self._every(self.settings.sweep_seconds, self.sweep_once, "scheduler sweep"), name="turnkeeper-sweep")

    async def sync_commands(self) -> None:
        """Sync to the dev guild when configured (instant), else globally."""
        if self.settings.dev_guild:
            guild = discord.Object(id=self.settings.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def close(self) -> None:
        """Stop background work and close storage (the one we opened)."""
        for task in (self._reconciler, self._sweeper):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        await super().close()
        if self._given_service is None and self.service is not None:
            await self.service.storage.close()
        self.shutdown_executor()

    def shutdown_executor(self) -> None:
        """Stop the render processes (or threads)."""
        self._executor.shutdown(wait=False, cancel_futures=True)

    async def _on_tree_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        await report_error(interaction, original, interaction.command.name if interaction.command else "command")

    # -- publishing ------------------------------------------------------------------------
    async def publish(self, post: Post) -> discord.Message | None:
        """Post a board update to its channel and remember it; failures are retried later.

        One post at a time per game, skipped when that version (or a newer one) is already posted, so a
        move's own post and the reconciler never post the same board twice."""
        async with self._posting.setdefault(post.game_id, asyncio.Lock()):
            game = await self.service.game_by_id(post.game_id)
            if game.board_message_id is not None and game.posted_version >= post.version:
                return None
            if post.image is None and self.service.renderer is not None:
                # Moves answer the mover first and draw here; a board that a newer move has already
                # replaced is not drawn at all (that move's own post shows the board).
                if game.version != post.version:
                    return None
                post.image = await self.service.render(game.engine, self.service.view_for(game, None))
            channel = self.get_partial_messageable(int(post.channel_id))
            try:
                # The nonce makes a retried post (a 5xx after Discord stored it, a repost after a crash)
                # return the message already made instead of posting the board twice.
                message = await channel.send(**post_message(post), nonce=f"tk{b36(post.game_id)}.{b36(post.version)}")
            except discord.HTTPException as err:
                log.warning("posting game %s version %s failed (%s); will retry", post.game_id, post.version, err)
                return None
            await self.service.mark_posted(post.game_id, post.version, str(message.id))
            return message

    async def reconcile_posts(self) -> int:
        """Let waiting bots move, then post every board that was committed but never posted
        (after a crash or a Discord error)."""
        await self.service.advance_bots()
        posted = 0
        for game in await self.service.unposted():
            post = await self.service.board_of(game.id)
            if await self.publish(post) is not None:
                posted += 1
        return posted

    async def _every(self, seconds: float, work: Callable[[], Awaitable[object]], what: str) -> None:
        """Run ``work`` every ``seconds`` once connected; an error is logged and the loop goes on."""
        await self.wait_until_ready()
        while not self.is_closed():
            try:
                await work()
            except Exception:
                log.exception("%s failed", what)
            await asyncio.sleep(seconds)

    async def sweep_once(self, now: float | None = None) -> int:
        """One scheduler sweep: deliver its notices, then post the boards timeouts changed. Returns the
        number of notices delivered. One sweep at a time, so no notice is delivered twice."""
        async with self._sweeping:
            delivered = await deliver(self, await self.scheduler.sweep(now))
            await self.reconcile_posts()
            return delivered

    # -- shared flows (commands and components) --------------------------------------------
    async def after_move(self, interaction: discord.Interaction, result: MoveResult, done: str) -> None:
        """Tell the mover privately what happened, then publish the board for everyone."""
        if result.duplicate:
            await send_private(interaction, "That move was already made.")
            return
        lines = [done, *result.private]
        try:
            await send_private(interaction, "\n".join(lines))
        except discord.HTTPException as err:  # the move is committed: never answer it with an apology
            log.warning("could not confirm a move in game %s to its player (%s)", result.post.game_id, err)
        await self.publish(result.post)

    async def play_from_panel(self, interaction: discord.Interaction, game_id: int, version: int,
                              action: str) -> None:
        """A click on a turn panel: apply it, refresh the panel, publish the board."""
        if (await self.service.game_by_id(game_id)).channel_id != channel_of(interaction):
            raise StaleRequest("That button belongs to a game in another channel.")
        await interaction.response.defer()
        result = await self.service.play(str(interaction.user.id), action, game_id=game_id,
                                         interaction_id=str(interaction.id), version=version, image=False)
        if result.duplicate:
            return
        try:
            try:
                panel = await self.service.panel(game_id, str(interaction.user.id))
                await interaction.edit_original_response(**panel_message(panel))
            except Exception:  # noqa: BLE001 - no next panel (turn over): say so on the panel
                await interaction.edit_original_response(content="Move made. " + clip(result.post.prompt, 1900),
                                                         view=None)
            if result.private:
                await interaction.followup.send("\n".join(result.private), ephemeral=True)
        except discord.HTTPException as err:  # the move is committed: never answer it with an apology
            log.warning("could not refresh the panel after a move in game %s (%s)", game_id, err)
        await self.publish(result.post)

    def lobby_kwargs(self, lobby: Lobby) -> dict[str, Any]:
        """The lobby message for a lobby result."""
        schema = self.service.engine(lobby.engine).options_schema.describe()
        return lobby_message(lobby, schema)

    async def check_lobby(self, interaction: discord.Interaction, game_id: int) -> None:
        """Lobby components act on the channel's open game: refuse those of an earlier, closed lobby."""
        try:
            game = await self.service.open_game(channel_of(interaction))
        except NoGame:
            game = None
        if game is None or game.id != game_id:
            raise StaleRequest("This lobby is closed. Open a new one with `/game new`.")

    async def lobby_action(self, interaction: discord.Interaction, verb: str) -> None:
        """A lobby button: join, leave, add a bot, start or cancel."""
        service, channel, user = self.service, channel_of(interaction), str(interaction.user.id)
        admin = is_admin(interaction)
        if verb == "start":
            await interaction.response.defer()
            post = await service.start(channel, user, admin)
            lobby = await service.lobby(channel, message="The game has started.", game_id=post.game_id)
            await interaction.edit_original_response(**{"view": None, **self.lobby_kwargs(lobby)})
            await self.publish(post)
            return
        if verb == "cancel":
            text = await service.cancel(channel, user, admin)
            await interaction.response.edit_message(content=text, embed=None, view=None)
            return
        if verb == "join":
            lobby = await service.join(channel, user, interaction.user.display_name)
        elif verb == "leave":
            left = await service.leave(channel, user)
            if left is None:
                await interaction.response.edit_message(content="The lobby closed.", embed=None, view=None)
                return
            lobby = left
        else:
            lobby = await service.add_bot(channel, user, admin)
        await interaction.response.edit_message(**self.lobby_kwargs(lobby))

    async def send_hand(self, interaction: discord.Interaction) -> None:
        """The caller's private view, ephemeral."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = await self.service.hand(channel_of(interaction), str(interaction.user.id))
        await interaction.followup.send(ephemeral=True, **private_message(view))


async def add_cogs(bot: commands.Bot) -> None:
    """Register every cog (also used to print the command tree offline)."""
    from .cogs.game import GameCog
    from .cogs.league import LeagueCog
    from .cogs.pace import PaceCog
    from .cogs.play import PlayCog
    from .cogs.rating import RatingCog

    await bot.add_cog(GameCog(bot))
    await bot.add_cog(PlayCog(bot))
    await bot.add_cog(PaceCog(bot))
    await bot.add_cog(LeagueCog(bot))
    await bot.add_cog(RatingCog(bot))


async def run_bot(settings: Settings) -> None:
    """Run until stopped."""
    async with TurnkeeperBot(settings) as bot:
        await bot.start(settings.token)
