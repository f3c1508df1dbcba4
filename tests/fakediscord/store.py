"""In-memory state of the fake Discord: users, guilds, channels, messages, and change notification."""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from . import payloads as P
from .payloads import JSON

T = TypeVar("T")
EmitFn = Callable[[str, JSON, "str | None"], None]


class Notifier:
    """Lets coroutines wait until some condition over the fake's state holds.

    Each waiter registers its condition; a change schedules one pass (soon, after the changing code has
    finished) that checks every condition and wakes only the waiters whose condition now holds, so a
    hundred waiting players cost a hundred cheap checks per change, not a hundred task wake-ups."""

    def __init__(self) -> None:
        self._waiters: dict[asyncio.Future[Any], Callable[[], Any]] = {}
        self._scheduled = False

    def notify(self) -> None:
        """Something changed: re-check every waiter's condition once the current callback is done."""
        if self._waiters and not self._scheduled:
            self._scheduled = True
            asyncio.get_running_loop().call_soon(self._check_all)

    def _check_all(self) -> None:
        self._scheduled = False
        for fut, check in list(self._waiters.items()):
            if fut.done():
                continue
            try:
                value = check()
            except Exception as err:  # noqa: BLE001 - the waiter re-raises it
                fut.set_exception(err)
                continue
            if value is not None and value is not False:
                fut.set_result(value)

    async def wait_for(self, check: Callable[[], T | None], timeout: float, error: Callable[[], str]) -> T:
        """Return ``check()`` once it is not None/False; raise AssertionError(error()) after ``timeout``."""
        value = check()
        if value is not None and value is not False:
            return value
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[T] = loop.create_future()
        self._waiters[fut] = check

        def expire() -> None:  # one last look, then the error
            if fut.done():
                return
            last = check()
            if last is not None and last is not False:
                fut.set_result(last)
            else:
                fut.set_exception(AssertionError(error()))

        timer = loop.call_later(timeout, expire)
        try:
            return await fut
        finally:
            timer.cancel()
            self._waiters.pop(fut, None)


@dataclass
class UserRec:
    """A Discord user known to the fake."""

    id: str
    username: str
    global_name: str | None
    bot: bool = False
    dms_closed: bool = False

    def payload(self) -> JSON:
        """The user object."""
        return P.user(self.id, self.username, self.global_name, bot=self.bot)


@dataclass
class MemberRec:
    """A user's membership in one guild."""

    user_id: str
    roles: list[str]
    joined_at: str
    nick: str | None = None


@dataclass
class GuildRec:
    """A guild with its roles, members and channels."""

    id: str
    name: str
    owner_id: str
    roles: list[JSON]
    admin_role_id: str
    bot_role_id: str
    members: dict[str, MemberRec] = field(default_factory=dict)
    channel_ids: list[str] = field(default_factory=list)
    joined_at: str = field(default_factory=P.now_iso)


@dataclass
class StoredMessage:
    """A message with the bytes of its attachments and its visibility."""

    id: str
    channel_id: str
    payload: JSON
    files: dict[str, bytes] = field(default_factory=dict)
    ephemeral: bool = False
    visible_to: str | None = None
    deleted: bool = False
    edits: int = 0


@dataclass
class UploadedFile:
    """One ``files[n]`` part of a multipart request."""

    field: str
    filename: str
    data: bytes


class World:
    """All entities of the fake Discord, plus message create/edit/delete with gateway echoes."""

    def __init__(self, snowflakes: P.Snowflakes, cdn_base: Callable[[], str], emit: EmitFn) -> None:
        self.ids = snowflakes
        self._cdn_base = cdn_base
        self.emit = emit
        self.notifier = Notifier()
        self.bot = UserRec(P.BOT_USER_ID, P.BOT_NAME, None, bot=True)
        self.users: dict[str, UserRec] = {self.bot.id: self.bot}
        self.guilds: dict[str, GuildRec] = {}
        self.channels: dict[str, JSON] = {}
        self.dm_by_user: dict[str, str] = {}
        self.messages: dict[str, StoredMessage] = {}
        self.channel_order: dict[str, list[str]] = {}
        self.thread_members: dict[str, set[str]] = {}
        self.cdn_files: dict[str, bytes] = {}

    # ----- entities -------------------------------------------------------------------------
    def guild_of_channel(self, channel_id: str) -> str | None:
        """The guild id of a channel or thread (None for DMs)."""
        channel = self.channels.get(channel_id)
        return None if channel is None else channel.get("guild_id")

    def member_payload(self, guild_id: str, user_id: str, *, with_user: bool = True) -> JSON:
        """A member object for ``user_id`` in ``guild_id``."""
        rec = self.guilds[guild_id].members[user_id]
        data = P.member(self.users[user_id].payload(), rec.roles, rec.joined_at, rec.nick)
        if not with_user:
            del data["user"]
        return data

    def permissions(self, guild_id: str, user_id: str) -> int:
        """Computed guild permissions (ADMINISTRATOR and owner get every bit)."""
        guild = self.guilds[guild_id]
        if user_id == guild.owner_id:
            return P.ALL_PERMISSIONS
        rec = guild.members.get(user_id)
        value = int(guild.roles[0]["permissions"])
        for role in guild.roles:
            if rec is not None and role["id"] in rec.roles:
                value |= int(role["permissions"])
        return P.ALL_PERMISSIONS if value & P.ADMINISTRATOR else value

    def guild_payload(self, guild_id: str, *, full: bool) -> JSON:
        """REST guild object, or the GUILD_CREATE payload when ``full``."""
        guild = self.guilds[guild_id]
        data = P.guild_base(guild.id, guild.name, guild.owner_id, copy.deepcopy(guild.roles))
        if not full:
            data["approximate_member_count"] = len(guild.members)
            return data
        channels = [self.channels[c] for c in guild.channel_ids if c in self.channels]
        data.update(
            {
                "unavailable": False,
                "joined_at": guild.joined_at,
                "large": False,
                "member_count": len(guild.members),
                "members": [self.member_payload(guild_id, uid) for uid in guild.members],
                "channels": [copy.deepcopy(c) for c in channels if c["type"] not in P.THREAD_TYPES],
                "threads": [copy.deepcopy(c) for c in channels if c["type"] in P.THREAD_TYPES],
                "voice_states": [],
                "presences": [],
                "stage_instances": [],
                "guild_scheduled_events": [],
                "soundboard_sounds": [],
                "lazy": True,
            }
        )
        return data

    def dm_channel_for(self, user_id: str) -> JSON:
        """The (stable) DM channel between the bot and ``user_id``."""
        channel_id = self.dm_by_user.get(user_id)
        if channel_id is None:
            channel_id = self.ids.next()
            self.dm_by_user[user_id] = channel_id
            self.channels[channel_id] = P.dm_channel(channel_id, self.users[user_id].payload())
            self.channel_order[channel_id] = []
        return self.channels[channel_id]

    def dm_recipient(self, channel_id: str) -> str | None:
        """The user at the other end of a DM channel."""
        channel = self.channels.get(channel_id)
        if channel is None or channel["type"] != P.DM:
            return None
        return str(channel["recipients"][0]["id"])

    # ----- messages ------------------------------------------------------------------------
    def cdn_url(self, channel_id: str, attachment_id: str, filename: str) -> str:
        """The fake CDN URL that serves an attachment's bytes."""
        return f"{self._cdn_base()}/attachments/{channel_id}/{attachment_id}/{filename}"

    def store_file(self, channel_id: str, filename: str, data: bytes, description: str | None = None) -> JSON:
        """Register bytes on the fake CDN and return an attachment object for them."""
        att_id = self.ids.next()
        self.cdn_files[att_id] = data
        return P.attachment(att_id, filename, data, self.cdn_url(channel_id, att_id, filename), description=description)

    def _attachments(
        self, msg: StoredMessage, entries: list[JSON] | None, files: list[UploadedFile], *, keep_existing: bool
    ) -> None:
        """Apply an ``attachments`` list plus uploaded files to ``msg`` (create or edit semantics)."""
        by_index = {}
        for upload in files:
            index = upload.field[len("files[") : -1] if upload.field.startswith("files[") else upload.field
            by_index[index] = upload
        existing = {a["id"]: a for a in msg.payload["attachments"]}
        result: list[JSON] = [] if entries is not None else (list(existing.values()) if keep_existing else [])
        used: set[str] = set()
        for entry in entries or []:
            key = str(entry.get("id"))
            if key in existing:
                result.append(existing[key])
            elif key in by_index:
                used.add(key)
                upload = by_index[key]
                att = self.store_file(msg.channel_id, entry.get("filename") or upload.filename, upload.data,
                                      entry.get("description"))
                if msg.ephemeral:
                    att["ephemeral"] = True
                result.append(att)
        for key, upload in by_index.items():
            if key not in used:
                result.append(self.store_file(msg.channel_id, upload.filename, upload.data))
        msg.payload["attachments"] = result
        msg.files = {a["id"]: self.cdn_files[a["id"]] for a in result if a["id"] in self.cdn_files}

    def create_message(
        self, channel_id: str, body: JSON, files: list[UploadedFile], *, author: JSON, msg_type: int = 0,
        ephemeral: bool = False, visible_to: str | None = None, extra: JSON | None = None,
    ) -> StoredMessage:
        """Store a new message built from a create-message request body; echo MESSAGE_CREATE."""
        message_id = self.ids.next()
        flags = int(body.get("flags") or 0)
        flags = flags | P.FLAG_EPHEMERAL if ephemeral else flags & ~P.FLAG_EPHEMERAL
        content = str(body.get("content") or "")
        payload: JSON = {
            "id": message_id,
            "channel_id": channel_id,
            "type": msg_type,
            "author": author,
            "content": content,
            "embeds": [self._embed(e) for e in body.get("embeds") or []],
            "components": _number_components(copy.deepcopy(body.get("components") or [])),
            "attachments": [],
            "flags": flags,
            "timestamp": P.now_iso(),
            "edited_timestamp": None,
            "tts": bool(body.get("tts", False)),
            "mention_everyone": False,
            "mentions": self._pinged(content, body.get("allowed_mentions")),
            "mention_roles": [],
            "pinned": False,
            "reactions": [],
        }
        if body.get("nonce") is not None:
            payload["nonce"] = body["nonce"]
        if body.get("poll"):
            payload["poll"] = copy.deepcopy(body["poll"])
        ref = body.get("message_reference")
        if ref and ref.get("message_id") in self.messages:
            payload["type"] = 19
            payload["message_reference"] = {"type": 0, "message_id": ref["message_id"], "channel_id": channel_id,
                                            "guild_id": self.guild_of_channel(channel_id)}
            payload["referenced_message"] = self.wire(self.messages[ref["message_id"]])
        payload.update(extra or {})
        msg = StoredMessage(message_id, channel_id, payload, ephemeral=ephemeral, visible_to=visible_to)
        self._attachments(msg, body.get("attachments"), files, keep_existing=False)
        self.messages[message_id] = msg
        self.channel_order.setdefault(channel_id, []).append(message_id)
        channel = self.channels.get(channel_id)
        if channel is not None and not ephemeral:
            channel["last_message_id"] = message_id
            if channel["type"] in P.THREAD_TYPES:
                channel["message_count"] = channel.get("message_count", 0) + 1
                channel["total_message_sent"] = channel.get("total_message_sent", 0) + 1
        if not ephemeral:
            self.emit("MESSAGE_CREATE", self.gateway_message(msg), self.guild_of_channel(channel_id))
        self.notifier.notify()
        return msg

    def _pinged(self, content: str, allowed: JSON | None) -> list[JSON]:
        """The users a message really mentions: those in its content that ``allowed_mentions`` lets through
        (absent: all; ``parse`` with "users": all; else only the listed ``users``), as Discord fills
        ``mentions``."""
        ids = [u for u in P.mentioned_ids(content) if u in self.users]
        if allowed is not None and "users" not in (allowed.get("parse") or []):
            listed = {str(u) for u in allowed.get("users") or []}
            ids = [u for u in ids if u in listed]
        return [self.users[u].payload() for u in ids]

    def edit_message(self, msg: StoredMessage, body: JSON, files: list[UploadedFile]) -> None:
        """Apply an edit request body to ``msg``; echo MESSAGE_UPDATE."""
        data = msg.payload
        if "content" in body:
            data["content"] = str(body["content"] or "")
            data["mentions"] = self._pinged(data["content"], body.get("allowed_mentions"))
        if "embeds" in body:
            data["embeds"] = [self._embed(e) for e in body["embeds"] or []]
        if "components" in body:
            data["components"] = _number_components(copy.deepcopy(body["components"] or []))
        if body.get("flags") is not None:
            keep = data["flags"] & (P.FLAG_EPHEMERAL | P.FLAG_HAS_THREAD)
            data["flags"] = (int(body["flags"]) & ~(P.FLAG_EPHEMERAL | P.FLAG_LOADING)) | keep
        if body.get("poll"):
            data["poll"] = copy.deepcopy(body["poll"])
        if "attachments" in body or files:
            self._attachments(msg, body.get("attachments"), files, keep_existing=True)
        was_loading = bool(data["flags"] & P.FLAG_LOADING)
        data["flags"] &= ~P.FLAG_LOADING
        if not was_loading:
            data["edited_timestamp"] = P.now_iso()
        msg.edits += 1
        if not msg.ephemeral:
            self.emit("MESSAGE_UPDATE", self.gateway_message(msg), self.guild_of_channel(msg.channel_id))
        self.notifier.notify()

    def delete_message(self, msg: StoredMessage) -> None:
        """Mark ``msg`` deleted; echo MESSAGE_DELETE."""
        msg.deleted = True
        if not msg.ephemeral:
            guild_id = self.guild_of_channel(msg.channel_id)
            data: JSON = {"id": msg.id, "channel_id": msg.channel_id}
            if guild_id:
                data["guild_id"] = guild_id
            self.emit("MESSAGE_DELETE", data, guild_id)
        self.notifier.notify()

    @staticmethod
    def _embed(embed: JSON) -> JSON:
        data = copy.deepcopy(embed)
        data.setdefault("type", "rich")
        return data

    def wire(self, msg: StoredMessage) -> JSON:
        """The message object as Discord returns it over REST."""
        return copy.deepcopy(msg.payload)

    def gateway_message(self, msg: StoredMessage) -> JSON:
        """The MESSAGE_CREATE/UPDATE payload (adds guild_id and member)."""
        data = self.wire(msg)
        guild_id = self.guild_of_channel(msg.channel_id)
        if guild_id:
            data["guild_id"] = guild_id
            author_id = str(data["author"]["id"])
            if author_id in self.guilds[guild_id].members:
                data["member"] = self.member_payload(guild_id, author_id, with_user=False)
        return data

    def public(self, msg: StoredMessage) -> JSON:
        """A snapshot for tests: the message object with ``data`` bytes added to each attachment."""
        data = self.wire(msg)
        for att in data["attachments"]:
            att["data"] = msg.files.get(att["id"], b"")
        data["ephemeral"] = msg.ephemeral
        return data

    def channel_messages(self, channel_id: str) -> list[StoredMessage]:
        """Visible (non-ephemeral, not deleted) messages of a channel, oldest first."""
        found = (self.messages[m] for m in self.channel_order.get(channel_id, []))
        return [m for m in found if not m.ephemeral and not m.deleted]


def _number_components(components: list[JSON]) -> list[JSON]:
    """Give every component a numeric ``id`` as Discord does (keeps ids the bot chose)."""
    used: set[int] = set()

    def walk(items: list[JSON], visit: Callable[[JSON], None]) -> None:
        for item in items:
            visit(item)
            walk(item.get("components") or [], visit)
            for key in ("accessory", "component"):
                if isinstance(item.get(key), dict):
                    walk([item[key]], visit)

    def collect(item: JSON) -> None:
        if isinstance(item.get("id"), int):
            used.add(item["id"])

    counter = iter(range(1, 10_000))

    def assign(item: JSON) -> None:
        if not isinstance(item.get("id"), int):
            value = next(counter)
            while value in used:
                value = next(counter)
            item["id"] = value

    walk(components, collect)
    walk(components, assign)
    return components


def iter_components(components: list[JSON]) -> list[JSON]:
    """All components of a message, depth first (rows, containers, sections, accessories)."""
    result: list[JSON] = []
    for item in components:
        result.append(item)
        result.extend(iter_components(item.get("components") or []))
        for key in ("accessory", "component"):
            if isinstance(item.get(key), dict):
                result.extend(iter_components([item[key]]))
    return result


def as_str_id(value: Any) -> str:
    """Normalise an id given as int or str."""
    return str(value)
