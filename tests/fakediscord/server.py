"""FakeDiscord: a local Discord (REST + gateway + CDN) for testing the real discord.py, and patch_discord."""

from __future__ import annotations

import asyncio
import re
import types
from collections.abc import Callable
from typing import Any

from aiohttp import web

from . import payloads as P
from .commands import CommandRegistry
from .gateway import Gateway
from .interactions import InteractionRecord, Interactions
from .payloads import JSON
from .rest import API_PREFIX, Fault, RestApi, Router
from .store import GuildRec, MemberRec, UserRec, World

MessagePredicate = Callable[[JSON], bool]


class FakeDiscord:
    """A fake Discord API on 127.0.0.1. See tests/fakediscord/__init__.py for the public API."""

    def __init__(self, *, token: str = P.TOKEN, shard_count: int = 1, interaction_deadline: float = 3.0,
                 settle: float = 0.01) -> None:
        self.token = token
        self.application_id = P.APPLICATION_ID
        self.bot_user_id = P.BOT_USER_ID
        self.application_flags = 0
        self.shard_count = shard_count
        self.interaction_deadline = interaction_deadline
        self.settle = settle
        self.ids = P.Snowflakes()
        self.port = 0
        self.requests: list[tuple[str, str]] = []
        self.posted_nonces: list[str] = []
        """The nonce of every message POST that had one, repeats included (a second delivery attempt)."""
        self.unknown_routes: list[tuple[str, str]] = []
        self.errors: list[tuple[str, str, int, str]] = []
        self.internal_errors: list[str] = []
        self._faults: list[Fault] = []
        self._delays: list[list[Any]] = []
        self._consumed: set[str] = set()
        self._runner: web.AppRunner | None = None
        self._bots: dict[Any, asyncio.Task[None]] = {}
        self.world = World(self.ids, lambda: f"http://127.0.0.1:{self.port}/cdn", self.emit)
        self.gateway = Gateway(self)
        self.command_registry = CommandRegistry(self)
        self.router = Router(self)
        self.rest = RestApi(self, self.router)
        self.interactions = Interactions(self, self.router)

    # ----- lifecycle -----------------------------------------------------------------------
    async def start(self) -> None:
        """Bind 127.0.0.1 on a free port and serve."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/gateway-resume", self.gateway.handle)
        app.router.add_get("/cdn/attachments/{channel}/{att}/{filename}", self._cdn)
        app.router.add_route("*", "/{tail:.*}", self.router.handle)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]

    async def stop(self) -> None:
        """Close bots started with :meth:`connect_bot`, then websockets and the server."""
        for bot in list(self._bots):
            await self.close_bot(bot)
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def connect_bot(self, bot: Any, *, timeout: float = 5) -> asyncio.Task[None]:
        """``await bot.login(token)``, run ``bot.connect()`` in a task, wait until ready; returns the task."""
        await bot.login(self.token)
        task: asyncio.Task[None] = asyncio.create_task(bot.connect())
        self._bots[bot] = task
        ready = asyncio.ensure_future(bot.wait_until_ready())
        done, _ = await asyncio.wait({ready, task}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        if ready not in done:
            ready.cancel()
            await self.close_bot(bot)
            raise AssertionError(f"bot not ready within {timeout}s; gateway log: {self.gateway.log[-6:]}")
        return task

    async def close_bot(self, bot: Any, *, timeout: float = 5) -> None:
        """``await bot.close()`` and wait for its connect task (re-raises what the task raised)."""
        task = self._bots.pop(bot, None)
        await bot.close()
        if task is not None:
            await asyncio.wait_for(task, timeout)

    @property
    def base_url(self) -> str:
        """REST base, the value for ``discord.http.Route.BASE``."""
        return f"http://127.0.0.1:{self.port}{API_PREFIX}"

    @property
    def ws_url(self) -> str:
        """Gateway URL (``DEFAULT_GATEWAY`` and ``GET /gateway/bot``)."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def resume_url(self) -> str:
        """READY's ``resume_gateway_url``."""
        return f"ws://127.0.0.1:{self.port}/gateway-resume"

    async def _cdn(self, request: web.Request) -> web.Response:
        data = self.world.cdn_files.get(request.match_info["att"])
        if data is None:
            self.unknown_routes.append(("GET", request.path))
            return web.Response(status=404)
        return web.Response(body=data, headers={"Content-Type": "application/octet-stream"})

    def emit(self, event: str, data: JSON, guild_id: str | None) -> None:
        """Dispatch a gateway event to the shard owning ``guild_id`` (dropped if no session)."""
        self.gateway.dispatch(event, data, guild_id)

    # ----- world setup ---------------------------------------------------------------------
    def add_guild(self, name: str = "Guild", *, owner_id: str | None = None) -> str:
        """Create a guild with @everyone, an Admin role and the bot's role; the bot is a member."""
        guild_id = self.ids.next()
        admin_role, bot_role = self.ids.next(), self.ids.next()
        roles = [P.role(guild_id, "@everyone", P.EVERYONE_PERMISSIONS, 0),
                 P.role(admin_role, "Admin", P.ADMIN_ROLE_PERMISSIONS, 1),
                 P.role(bot_role, P.BOT_NAME, P.BOT_ROLE_PERMISSIONS, 2, bot_id=P.BOT_USER_ID)]
        owner = owner_id or P.OWNER_USER_ID
        guild = GuildRec(guild_id, name, owner, roles, admin_role, bot_role)
        guild.members[P.BOT_USER_ID] = MemberRec(P.BOT_USER_ID, [bot_role], P.now_iso())
        self.world.guilds[guild_id] = guild
        self.emit("GUILD_CREATE", self.world.guild_payload(guild_id, full=True), guild_id)
        return guild_id

    def add_channel(self, guild_id: str, name: str, *, parent_id: str | None = None) -> str:
        """Create a text channel in ``guild_id``."""
        guild = self.world.guilds[guild_id]
        channel_id = self.ids.next()
        channel = P.text_channel(channel_id, guild_id, name, len(guild.channel_ids), parent_id)
        self.world.channels[channel_id] = channel
        self.world.channel_order[channel_id] = []
        guild.channel_ids.append(channel_id)
        self.emit("CHANNEL_CREATE", channel, guild_id)
        return channel_id

    def delete_channel(self, channel_id: str) -> None:
        """Someone deletes ``channel_id`` (CHANNEL_DELETE); the bot's later requests there answer 404."""
        channel = self.world.channels.pop(channel_id)
        guild_id = channel.get("guild_id")
        if guild_id:
            self.world.guilds[guild_id].channel_ids.remove(channel_id)
        self.emit("CHANNEL_DELETE", channel, guild_id)

    def add_user(self, name: str, guild_id: str | None = None, *, global_name: str | None = None,
                 nick: str | None = None, admin: bool = False, dms_closed: bool = False, bot: bool = False) -> str:
        """Create a user (username ``name``, display name ``global_name`` or ``name``), optionally a member."""
        user_id = self.ids.next()
        self.world.users[user_id] = UserRec(user_id, name, global_name or name, bot=bot, dms_closed=dms_closed)
        if guild_id is not None:
            self.add_member(guild_id, user_id, nick=nick, admin=admin)
        return user_id

    def add_member(self, guild_id: str, user_id: str, *, nick: str | None = None, admin: bool = False) -> None:
        """Make an existing user a member of ``guild_id`` (``admin`` adds ADMINISTRATOR + MANAGE_GUILD)."""
        guild = self.world.guilds[guild_id]
        roles = [guild.admin_role_id] if admin else []
        guild.members[user_id] = MemberRec(user_id, roles, P.now_iso(), nick)
        self.emit("GUILD_MEMBER_ADD", {**self.world.member_payload(guild_id, user_id), "guild_id": guild_id},
                  guild_id)

    def remove_member(self, guild_id: str, user_id: str) -> None:
        """``user_id`` leaves ``guild_id`` (GUILD_MEMBER_REMOVE, members intent only)."""
        del self.world.guilds[guild_id].members[user_id]
        self.emit("GUILD_MEMBER_REMOVE", {"guild_id": guild_id, "user": self.world.users[user_id].payload()},
                  guild_id)

    def set_dms_closed(self, user_id: str, closed: bool = True) -> None:
        """Toggle whether DMs to ``user_id`` fail with 403 / 50007."""
        self.world.users[user_id].dms_closed = closed

    def dm_channel_id(self, user_id: str) -> str:
        """The DM channel id between the bot and ``user_id`` (created on demand)."""
        return str(self.world.dm_channel_for(user_id)["id"])

    def user_message(self, user_id: str, channel_id: str, content: str) -> JSON:
        """Post a message as a user (MESSAGE_CREATE, content stripped without the MESSAGE_CONTENT intent)."""
        msg = self.world.create_message(channel_id, {"content": content}, [],
                                        author=self.world.users[user_id].payload())
        return self.world.public(msg)

    # ----- interactions --------------------------------------------------------------------
    async def slash(self, user_id: str, channel_id: str, name: str, subcommand: str | None = None,
                    options: dict[str, Any] | None = None, *, timeout: float = 5) -> InteractionRecord:
        """Run ``/name [subcommand]`` with ``options``; returns once the bot sent its initial response."""
        return await self.interactions.slash(str(user_id), str(channel_id), name, subcommand, options, timeout)

    async def autocomplete(self, user_id: str, channel_id: str, name: str, options: dict[str, Any] | None = None,
                           focused: str | None = None, subcommand: str | None = None, *,
                           timeout: float = 5) -> list[JSON]:
        """Autocomplete ``focused``; returns the bot's ``[{"name", "value"}]`` choices."""
        return await self.interactions.autocomplete(str(user_id), str(channel_id), name, options or {}, focused,
                                                    subcommand, timeout)

    async def click(self, user_id: str, channel_id: str, message_id: str, custom_id: str, *,
                    timeout: float = 5) -> InteractionRecord:
        """Click button ``custom_id`` on a message."""
        return await self.interactions.click(str(user_id), str(channel_id), str(message_id), custom_id, timeout)

    async def select(self, user_id: str, channel_id: str, message_id: str, custom_id: str, values: list[str], *,
                     timeout: float = 5) -> InteractionRecord:
        """Pick ``values`` in select ``custom_id`` on a message."""
        return await self.interactions.select(str(user_id), str(channel_id), str(message_id), custom_id, values,
                                              timeout)

    async def submit_modal(self, user_id: str, channel_id: str, custom_id: str, values: dict[str, Any], *,
                           timeout: float = 5) -> InteractionRecord:
        """Submit modal ``custom_id`` with ``{input_custom_id: value}``."""
        return await self.interactions.submit_modal(str(user_id), str(channel_id), custom_id, values, timeout)

    # ----- observations --------------------------------------------------------------------
    def messages(self, channel_id: str, since: int = 0) -> list[JSON]:
        """Visible (non-ephemeral, not deleted) messages of a channel, oldest first, edits applied; with
        ``since``, only those from that index on (snapshots are deep copies: long games look at the tail)."""
        return [self.world.public(m) for m in self.world.channel_messages(str(channel_id))[since:]]

    def message_count(self, channel_id: str) -> int:
        """How many visible messages the channel has."""
        return len(self.world.channel_messages(str(channel_id)))

    def with_components(self, channel_id: str) -> list[str]:
        """Ids of the channel's visible messages that carry components (buttons, menus)."""
        return [m.id for m in self.world.channel_messages(str(channel_id)) if m.payload.get("components")]

    def message(self, message_id: str) -> JSON:
        """Any stored message by id (ephemeral included)."""
        return self.world.public(self.world.messages[str(message_id)])

    async def wait_for_message(self, channel_id: str, predicate: MessagePredicate | None = None,
                               timeout: float = 5, *, after: str | None = None) -> JSON:
        """Wait for the oldest visible message of the channel that matches ``predicate``, was not returned
        by an earlier ``wait_for_message`` call, and (if given) has an id greater than ``after``."""
        channel_id = str(channel_id)
        floor = int(after) if after is not None else 0

        def check() -> JSON | None:
            for msg in self.world.channel_messages(channel_id):
                if int(msg.id) <= floor or msg.id in self._consumed:
                    continue
                if predicate is None or predicate(self.world.public(msg)):
                    self._consumed.add(msg.id)
                    return self.world.public(msg)
            return None

        found = await self.world.notifier.wait_for(
            check, timeout, lambda: f"no new message in channel {channel_id} within {timeout}s; "
                                    f"channel has {[m['content'] for m in self.messages(channel_id)]}")
        await asyncio.sleep(self.settle)
        return found

    def dms(self, user_id: str) -> list[JSON]:
        """Messages the bot sent to ``user_id``'s DM channel."""
        channel_id = self.world.dm_by_user.get(str(user_id))
        return [] if channel_id is None else self.messages(channel_id)

    async def wait_for_dm(self, user_id: str, predicate: MessagePredicate | None = None,
                          timeout: float = 5) -> JSON:
        """Like :meth:`wait_for_message` for the user's DM channel."""
        return await self.wait_for_message(self.dm_channel_id(str(user_id)), predicate, timeout)

    def commands(self, guild_id: str | None = None) -> list[JSON]:
        """The last command list the bot PUT for that scope (as sent), or [] if never synced."""
        scope = None if guild_id is None else str(guild_id)
        return [dict(c) for c in self.command_registry.raw.get(scope, [])]

    def registered_commands(self, guild_id: str | None = None) -> list[JSON]:
        """The synced commands as Discord returns them (with ids)."""
        return self.command_registry.registered(None if guild_id is None else str(guild_id))

    def store_commands(self, guild_id: str | None, items: list[JSON]) -> list[JSON]:
        """Bulk-overwrite a scope's commands (used by the REST route)."""
        result = self.command_registry.store(guild_id, items)
        self.world.notifier.notify()
        return result

    def threads(self, channel_id: str) -> list[JSON]:
        """Threads created under a channel."""
        return [c for c in self.world.channels.values() if c.get("parent_id") == str(channel_id)
                and c["type"] in P.THREAD_TYPES]

    def thread_members(self, thread_id: str) -> set[str]:
        """User ids that joined/were added to a thread (bot included)."""
        return set(self.world.thread_members.get(str(thread_id), set()))

    # ----- faults --------------------------------------------------------------------------
    def fail_next(self, method: str, path_regex: str, status: int = 500, retry_after: float | None = None,
                  count: int = 1, *, processed: bool = False) -> None:
        """Answer the next ``count`` matching requests with ``status`` (``processed``: apply them first)."""
        self._faults.append(Fault(method.upper(), re.compile(path_regex), status, retry_after, count, processed))

    def delay_next(self, method: str, path_regex: str, seconds: float, count: int = 1, *, after: bool = False) -> None:
        """Answer the next ``count`` matching requests ``seconds`` late (a slow Discord); ``after``: carry
        the request out first, then wait before answering (a client that dies meanwhile never hears)."""
        self._delays.append([method.upper(), re.compile(path_regex), seconds, count, after])

    def take_delay(self, method: str, path: str, *, after: bool = False) -> float:
        """Consume one matching delay (used by the router); 0.0 when none."""
        for delay in self._delays:
            wanted, pattern, seconds, count, late = delay
            if count > 0 and late == after and wanted in ("*", method) and pattern.search(path):
                delay[3] -= 1
                return float(seconds)
        return 0.0

    def clear_faults(self) -> None:
        """Drop every injected failure not met yet (Discord works again)."""
        self._faults.clear()

    def take_fault(self, method: str, path: str) -> Fault | None:
        """Consume one matching fault, if any (used by the router)."""
        for fault in self._faults:
            if fault.matches(method, path):
                fault.count -= 1
                return fault
        return None

    async def drop_gateway(self, *, code: int = 4000, invalidate: bool = False, wait: bool = True,
                           timeout: float = 5) -> None:
        """Close the bot's websocket(s); with ``wait`` return once every shard resumed (or re-identified)."""
        before = await self.gateway.drop(code, invalidate)
        if not wait:
            return

        def back() -> bool:
            for shard, session, resumes in before:
                current = self.gateway.current.get(shard)
                if current is None or current.conn is None:
                    return False
                if current is session and current.resumes <= resumes:
                    return False
            return True

        await self.world.notifier.wait_for(back, timeout, lambda: f"bot did not reconnect within {timeout}s; "
                                                                  f"gateway log: {self.gateway.log[-6:]}")

    async def wait_connected(self, timeout: float = 5) -> None:
        """Wait until every shard has a live, connected session."""
        await self.world.notifier.wait_for(
            lambda: all(s in self.gateway.current and self.gateway.current[s].conn for s in range(self.shard_count)),
            timeout, lambda: "bot is not connected to the gateway")


class _Patch:
    """Undo handle returned by :func:`patch_discord` (callable, or use as a context manager)."""

    def __init__(self, undo: list[Callable[[], None]]) -> None:
        self._undo = undo

    def __call__(self) -> None:
        while self._undo:
            self._undo.pop()()

    def __enter__(self) -> _Patch:
        return self

    def __exit__(self, *exc: object) -> None:
        self()


class _FastRetryAsyncio(types.ModuleType):
    """``asyncio`` stand-in for discord.py modules: sleeps of >= 1 s (5xx back-off, reconnect and
    re-identify delays) are multiplied by ``scale``; shorter sleeps (429 retry_after) are kept."""

    def __init__(self, scale: float) -> None:
        super().__init__("asyncio")
        self._scale = scale

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)

    async def sleep(self, delay: float, result: Any = None) -> Any:
        """Scaled ``asyncio.sleep``."""
        return await asyncio.sleep(delay * self._scale if delay >= 1 else delay, result)


def patch_discord(fake: FakeDiscord, *, retry_scale: float = 0.01) -> _Patch:
    """Point discord.py at ``fake`` (Route.BASE, DEFAULT_GATEWAY, Asset.BASE); returns an undo handle.

    ``retry_scale`` shortens discord.py's long fixed sleeps (set 1.0 for real timing).
    """
    import discord.asset
    import discord.client
    import discord.gateway
    import discord.http
    import discord.shard
    import discord.webhook.async_
    import yarl

    assert fake.port, "call `await fake.start()` before patch_discord(fake)"
    undo: list[Callable[[], None]] = []

    def setattr_undo(obj: Any, name: str, value: Any) -> None:
        old = getattr(obj, name)
        setattr(obj, name, value)
        undo.append(lambda: setattr(obj, name, old))

    setattr_undo(discord.http.Route, "BASE", fake.base_url)
    setattr_undo(discord.gateway.DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(fake.ws_url))
    setattr_undo(discord.asset.Asset, "BASE", f"http://127.0.0.1:{fake.port}/cdn")
    if retry_scale != 1.0:
        shim = _FastRetryAsyncio(retry_scale)
        for module in (discord.http, discord.webhook.async_, discord.shard, discord.client):
            setattr_undo(module, "asyncio", shim)
    return _Patch(undo)
