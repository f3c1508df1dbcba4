"""The host seen from Discord: publishing boards, the flows shared by commands and components, and the
background work (reposting, the scheduler's sweep). The service decides; this only talks to Discord."""

from __future__ import annotations

import asyncio
import io
import logging
from typing import Any

import discord

from bot.service.errors import NoGame, ServiceError, StaleRequest
from bot.service.host import Host
from bot.service.leagues import LeagueService
from bot.service.post_messages import LOBBY, STATUS
from bot.service.results import Lobby, MoveResult, Post
from bot.service.scheduler import Scheduler
from bot.service.service import GameService

from .delivery import deliver
from .failures import Backoff, channel_failure
from .ids import b36
from .presenter import lobby_message, panel_message, post_message, private_message, status_message
from .replies import channel_of, clip, is_admin, send_private

log = logging.getLogger("turnkeeper.discord")


class DiscordTable:
    """What the cogs and components call; ``host`` is set once the client has opened it (None when the
    command tree is only printed)."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self.host: Host | None = None
        self._posting: dict[int, asyncio.Lock] = {}
        self._status_edits: dict[int, asyncio.Task[discord.Message | None]] = {}
        """Game → its status edit on its way (a newer board supersedes it and cancels it)."""
        self._sweeping = asyncio.Lock()
        self._lost: set[str] = set()
        """Channels this process found unreachable (the database holds the mark; this saves a look-up per post)."""
        self.backoff = Backoff(base=60.0)
        """Games whose board failed to post for a transient reason: when to try again."""

    def _opened(self) -> Host:
        if self.host is None:
            raise ServiceError("The bot is still starting; try again in a moment.")
        return self.host

    @property
    def service(self) -> GameService:
        """The game service."""
        return self._opened().service

    @property
    def scheduler(self) -> Scheduler:
        """Deadlines, reminders, vacations and timeouts."""
        return self._opened().scheduler

    @property
    def leagues(self) -> LeagueService:
        """The league service."""
        return self._opened().leagues

    # -- publishing ------------------------------------------------------------------------
    async def publish(self, post: Post) -> discord.Message | None:
        """Post a turn's board to its channel and remember it; failures are retried later.

        One post at a time per game; the service says whether the board still needs posting (and draws
        it), so a move's own post and the reconciler never post the same board twice. A sub-decision
        (``quiet``) posts nothing; a lock-in (``status``) edits the phase's status message. A new board
        silences the previous one (its buttons are removed). A status edit never holds a board back: one
        still on its way (Discord retrying its errors) is cancelled by the board, which shows everything."""
        if post.kind == "quiet":
            return None
        if post.kind != "status" and (edit := self._status_edits.get(post.game_id)) is not None:
            edit.cancel()
        async with self._posting.setdefault(post.game_id, asyncio.Lock()):
            if post.kind == "status":
                return await self._superseded_status(post)
            ready = await self.service.outgoing(post)
            if ready is None:
                return None
            previous = (await self.service.game_by_id(post.game_id)).board_message_id
            channel = self.client.get_partial_messageable(int(post.channel_id))
            try:
                # The nonce makes a retried post (a 5xx after Discord stored it, a repost after a crash)
                # return the message already made instead of posting the board twice.
                message = await channel.send(**post_message(ready), nonce=f"tk{b36(post.game_id)}.{b36(post.version)}")
            except discord.HTTPException as err:
                if (reason := channel_failure(err)) is not None:
                    await self.channel_lost(post.channel_id, reason, err)
                    return None
                delay = self.backoff.failed(post.game_id, asyncio.get_running_loop().time())
                log.warning("posting game %s version %s failed (%s); will retry in %.0f s or at the next round",
                            post.game_id, post.version, err, delay)
                return None
            self.backoff.succeeded(post.game_id)
            await self.service.posted(ready, str(message.id))
            if post.channel_id in self._lost:  # it works again
                await self._found(post.channel_id)
            await self.service.post_messages.forget(post.game_id, STATUS)
            if previous is not None and previous != str(message.id):
                await self._quiet(channel, previous)
            return message

    def posting(self, game_id: int) -> bool:
        """Whether a post of ``game_id`` is on its way (or waiting for one that is)."""
        lock = self._posting.get(game_id)
        return lock is not None and lock.locked()

    async def _superseded_status(self, post: Post) -> discord.Message | None:
        """The status edit as a task of its own, so that a newer board can cancel it."""
        edit = asyncio.create_task(self._status(post))
        self._status_edits[post.game_id] = edit
        try:
            return await edit
        except asyncio.CancelledError:
            current = asyncio.current_task()
            if current is not None and current.cancelling():
                raise  # this caller was cancelled, not superseded
            log.info("the status of game %s was superseded by a newer board", post.game_id)
            return None
        finally:
            if self._status_edits.get(post.game_id) is edit:
                del self._status_edits[post.game_id]

    async def _status(self, post: Post) -> discord.Message | None:
        """Edit the simultaneous phase's status message (post it the first time)."""
        if (await self.service.game_by_id(post.game_id)).posted_version > post.version:
            return None  # a newer board is out already: it shows this lock-in
        channel = self.client.get_partial_messageable(int(post.channel_id))
        kwargs = status_message(post)
        known = await self.service.post_messages.of(post.game_id, STATUS)
        try:
            if known:
                message = await channel.get_partial_message(known[-1]).edit(**kwargs)
            else:
                message = await channel.send(**kwargs, nonce=f"ts{b36(post.game_id)}.{b36(post.version)}")
                await self.service.post_messages.remember(post.game_id, STATUS, message.id, only=True)
        except discord.HTTPException as err:  # the lock-in is committed; the next board shows it
            log.warning("the status of game %s could not be shown (%s)", post.game_id, err)
            return None
        return message

    async def _quiet(self, channel: discord.PartialMessageable, message_id: str) -> None:
        """Remove the buttons of an older board (only the latest board is live)."""
        try:
            await channel.get_partial_message(int(message_id)).edit(view=None)
        except discord.HTTPException as err:
            log.warning("could not remove the buttons of board message %s (%s)", message_id, err)

    async def reconcile_posts(self) -> int:
        """Let waiting bots move, then post every board that was committed but never posted
        (after a crash or a Discord error)."""
        await self.service.advance_bots()
        posted = 0
        now = asyncio.get_running_loop().time()
        for game in await self.service.unposted():  # channels the bot cannot post in are left out
            if not self.backoff.due(game.id, now) or self.posting(game.id):
                continue  # failed recently, or a post is on its way (it succeeds or sets the back-off)
            post = await self.service.board_of(game.id)
            if await self.publish(post) is not None:
                posted += 1
        return posted

    async def post_file(self, channel_id: str, text: str, file: discord.File) -> None:
        """Post ``text`` with ``file`` in a channel for everyone (a replay shared with ``public``)."""
        channel = self.client.get_partial_messageable(int(channel_id))
        await channel.send(clip(text, 2000), file=file, allowed_mentions=discord.AllowedMentions.none())

    async def channel_lost(self, channel_id: str, reason: str, err: discord.HTTPException) -> None:
        """Posting in ``channel_id`` can never work as things stand: stop retrying it and tell its games'
        hosts once (by DM)."""
        self._lost.add(channel_id)
        lost = await self.service.channel_lost(channel_id, reason)
        if lost is None:
            return
        log.warning("channel %s is unreachable (%s: %s); its boards wait until a command there", channel_id,
                    reason, err)
        for host in lost.hosts:
            try:
                dm = await self.client.create_dm(discord.Object(id=int(host)))
                await dm.send(clip(lost.text, 2000), allowed_mentions=discord.AllowedMentions.none())
            except (discord.HTTPException, ValueError) as dm_err:
                log.info("could not tell host %s about channel %s (%s)", host, channel_id, dm_err)

    async def channel_used(self, channel_id: str) -> int:
        """A command was used in ``channel_id``: if it was unreachable, try its boards again now (the first
        one that gets through makes it reachable). Returns the boards posted."""
        if not await self.service.channel_is_lost(channel_id):
            return 0
        posted, waiting = 0, await self.service.unposted(channel_id)
        for game in waiting:
            if await self.publish(await self.service.board_of(game.id)) is not None:
                posted += 1
        if posted or not waiting:  # a board got through, or one did meanwhile and nothing waits any more
            await self._found(channel_id)
        return posted

    async def _found(self, channel_id: str) -> None:
        self._lost.discard(channel_id)
        await self.service.channel_found(channel_id)
        log.info("channel %s is reachable again", channel_id)

    async def sweep_once(self, now: float | None = None) -> int:
        """One scheduler sweep: deliver its notices, then post the boards timeouts changed. Returns the
        number of notices delivered. One sweep at a time, so no notice is delivered twice."""
        async with self._sweeping:
            delivered = await deliver(self.client, self.scheduler, await self.scheduler.sweep(now), self.channel_lost)
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

    async def send_panel(self, interaction: discord.Interaction, game_id: int) -> None:
        """The caller's turn panel, ephemeral ("Take your turn")."""
        panel = await self.service.panel(game_id, str(interaction.user.id))
        await interaction.response.send_message(ephemeral=True, **panel_message(panel))

    async def send_rules(self, interaction: discord.Interaction, game_id: int | None) -> None:
        """The rules of the caller's decision now, or of the table's (ephemeral): ``/rules`` without a game or
        topic (the channel's game), the turn panel's Rules button (its game)."""
        user = str(interaction.user.id)
        try:
            answer = await (self.service.rules(channel_of(interaction), user) if game_id is None
                            else self.service.rules_of_game(game_id, user))
        except NoGame as err:
            raise NoGame(f"{err.message} To read a game's rules, name it: `/rules game:<game>`.") from None
        await send_private(interaction, answer.text())

    async def send_since(self, interaction: discord.Interaction, game_id: int) -> None:
        """What changed since the caller's last move in ``game_id``, as an animation (ephemeral)."""
        await interaction.response.defer(ephemeral=True, thinking=True)  # drawing takes seconds
        film = await self.service.replay(channel_of(interaction), str(interaction.user.id), since_last=True,
                                         game_id=game_id)
        await interaction.followup.send(film.text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none(),
                                        file=discord.File(io.BytesIO(film.data), filename=film.filename))

    async def send_hand(self, interaction: discord.Interaction) -> None:
        """The caller's private view, ephemeral."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = await self.service.hand(channel_of(interaction), str(interaction.user.id))
        await interaction.followup.send(ephemeral=True, **private_message(view))

    async def send_lobby(self, interaction: discord.Interaction, lobby: Lobby) -> None:
        """Answer with the lobby message, remembering it so the start can close it."""
        await interaction.response.send_message(**self.lobby_kwargs(lobby))
        try:
            message = await interaction.original_response()
        except discord.HTTPException:
            return
        await self.service.post_messages.remember(lobby.game_id, LOBBY, message.id)

    async def close_lobby(self, game_id: int, channel_id: str, keep: int | None = None) -> None:
        """The game started: every lobby message of it says so and loses its buttons and join hints
        (``keep``: one the caller edits itself)."""
        lobby = await self.service.lobby(channel_id, message="The game has started.", game_id=game_id)
        channel = self.client.get_partial_messageable(int(channel_id))
        for message_id in await self.service.post_messages.forget(game_id, LOBBY):
            if message_id == keep:
                continue
            try:
                await channel.get_partial_message(message_id).edit(**{"view": None, **self.lobby_kwargs(lobby)})
            except discord.HTTPException as err:
                log.warning("could not close lobby message %s (%s)", message_id, err)

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

    async def lobby_button(self, interaction: discord.Interaction, game_id: int, verb: str) -> None:
        """A lobby button: join, leave, add a bot, start or cancel."""
        await self.check_lobby(interaction, game_id)
        service, channel, user = self.service, channel_of(interaction), str(interaction.user.id)
        admin = is_admin(interaction)
        if verb == "start":
            await interaction.response.defer()
            post = await service.start(channel, user, admin)
            lobby = await service.lobby(channel, message="The game has started.", game_id=post.game_id)
            await interaction.edit_original_response(**{"view": None, **self.lobby_kwargs(lobby)})
            await self.close_lobby(post.game_id, channel, keep=interaction.message.id if interaction.message else None)
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

    async def option_menu(self, interaction: discord.Interaction, game_id: int, name: str, value: str) -> None:
        """A lobby option menu (host or admin)."""
        await self.check_lobby(interaction, game_id)
        lobby = await self.service.set_option(channel_of(interaction), str(interaction.user.id), name, value,
                                              is_admin(interaction))
        await interaction.response.edit_message(**self.lobby_kwargs(lobby))


def table_of(interaction: discord.Interaction) -> DiscordTable:
    """The table of the client that received ``interaction`` (autocomplete callbacks get no cog)."""
    return interaction.client.table  # type: ignore[attr-defined, no-any-return]
