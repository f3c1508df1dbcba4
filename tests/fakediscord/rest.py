"""REST plumbing (routing, body parsing, responses, faults) and the non-interaction routes."""

from __future__ import annotations

import asyncio
import json
import re
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web
from multidict import MultiMapping

from . import payloads as P
from . import validate
from .payloads import JSON
from .store import StoredMessage, UploadedFile

if TYPE_CHECKING:
    from .server import FakeDiscord

API_PREFIX = "/api/v10"


@dataclass
class Req:
    """A parsed REST request."""

    method: str
    path: str
    params: dict[str, str]
    query: MultiMapping[str]
    body: Any
    files: list[UploadedFile]

    @property
    def json(self) -> JSON:
        """The JSON body (or ``payload_json`` of a multipart body) as a dict."""
        return self.body if isinstance(self.body, dict) else {}


@dataclass
class Resp:
    """A REST answer: JSON-able body (or None for 204) plus headers."""

    status: int = 200
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)


Handler = Callable[[Req], Awaitable[Resp]]


def ok(data: Any, status: int = 200) -> Resp:
    """200 with a JSON body."""
    return Resp(status, data)


def no_content() -> Resp:
    """204."""
    return Resp(204)


def error(status: int, code: int, message: str) -> Resp:
    """A Discord JSON error."""
    return Resp(status, {"code": code, "message": message})


def invalid(errors: validate.Errors) -> Resp:
    """400 Invalid Form Body."""
    return Resp(400, validate.error_body(errors))


def to_web(resp: Resp) -> web.Response:
    """Build the aiohttp response. Content-Type must be exactly ``application/json`` for discord.py."""
    if resp.body is None:
        return web.Response(status=resp.status, headers=resp.headers)
    if isinstance(resp.body, bytes):
        return web.Response(status=resp.status, body=resp.body, headers=resp.headers)
    headers = {"Content-Type": "application/json", **resp.headers}
    return web.Response(status=resp.status, body=json.dumps(resp.body).encode(), headers=headers)


async def parse_body(request: web.Request) -> tuple[Any, list[UploadedFile]]:
    """JSON body, or multipart ``payload_json`` + ``files[n]``."""
    ctype = request.content_type
    if ctype.startswith("multipart/"):
        body: Any = None
        files: list[UploadedFile] = []
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            if not isinstance(part, BodyPartReader):
                continue
            raw = await part.read(decode=False)
            if part.name == "payload_json":
                body = json.loads(raw.decode())
            else:
                files.append(UploadedFile(part.name or "", part.filename or "file", bytes(raw)))
        return body, files
    raw = await request.read()
    if not raw:
        return None, []
    try:
        return json.loads(raw.decode()), []
    except ValueError:
        return raw, []


@dataclass
class Fault:
    """An injected failure for the next ``count`` requests matching ``method`` and ``pattern``."""

    method: str
    pattern: re.Pattern[str]
    status: int
    retry_after: float | None
    count: int
    processed: bool

    def matches(self, method: str, path: str) -> bool:
        """Whether this fault applies to the request."""
        if self.count <= 0 or self.method not in ("*", method):
            return False
        return bool(self.pattern.search(path) or self.pattern.search(API_PREFIX + path))

    def response(self) -> Resp:
        """The failure answer (429s carry Discord's body and headers)."""
        if self.status == 429:
            retry = 0.05 if self.retry_after is None else self.retry_after
            headers = {"Via": "1.1 google", "Retry-After": str(max(1, round(retry))),
                       "X-RateLimit-Scope": "user", "X-RateLimit-Limit": "5", "X-RateLimit-Remaining": "0",
                       "X-RateLimit-Reset-After": f"{retry:.3f}"}
            return Resp(429, {"message": "You are being rate limited.", "retry_after": retry, "global": False},
                        headers)
        return Resp(self.status, {"code": 0, "message": f"{self.status}: injected by fakediscord"})


class Router:
    """Regex routing of /api/v10 paths, with request logging, faults and unknown-route capture."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.routes: list[tuple[str, re.Pattern[str], Handler, bool]] = []

    def add(self, method: str, path: str, handler: Handler, *, auth: bool = True) -> None:
        """Register ``handler``; ``{name}`` segments become named groups."""
        regex = re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", path)
        self.routes.append((method, re.compile(f"^{regex}$"), handler, auth))

    async def handle(self, request: web.Request) -> web.Response:
        """aiohttp catch-all handler; a crash in the fake is recorded in ``fake.internal_errors``."""
        try:
            return await self._handle(request)
        except ConnectionResetError:  # the client went away mid-request (e.g. a killed bot process)
            return to_web(error(499, 0, "client closed the connection"))
        except Exception:  # noqa: BLE001 - a bug in the fake must surface in tests, not kill the server
            self.fake.internal_errors.append(traceback.format_exc())
            return to_web(error(500, 0, "fakediscord internal error (see fake.internal_errors)"))

    async def _handle(self, request: web.Request) -> web.Response:
        fake = self.fake
        method, full = request.method, request.path
        path = full[len(API_PREFIX):] if full.startswith(API_PREFIX + "/") else full
        fake.requests.append((method, path))
        body, files = await parse_body(request)
        if delay := fake.take_delay(method, path):
            await asyncio.sleep(delay)
        fault = fake.take_fault(method, path)
        if fault is not None and not fault.processed:
            return self._finish(method, path, fault.response(), injected=True)
        for route_method, regex, handler, auth in self.routes:
            found = regex.match(path)
            if route_method != method or found is None or not full.startswith(API_PREFIX):
                continue
            if auth and request.headers.get("Authorization") != f"Bot {fake.token}":
                return self._finish(method, path, error(401, 0, "401: Unauthorized"))
            resp = await handler(Req(method, path, found.groupdict(), request.query, body, files))
            if late := fake.take_delay(method, path, after=True):
                await asyncio.sleep(late)
            if fault is not None:
                resp = fault.response()
            return self._finish(method, path, resp, injected=fault is not None)
        fake.unknown_routes.append((method, path))
        return self._finish(method, path, error(404, 0, f"fakediscord: UNKNOWN ROUTE {method} {full} "
                                                        "(add it to tests/fakediscord/rest.py)"))

    def _finish(self, method: str, path: str, resp: Resp, *, injected: bool = False) -> web.Response:
        if resp.status >= 400:
            message = resp.body.get("message", "") if isinstance(resp.body, dict) else ""
            self.fake.errors.append((method, path, resp.status, message + (" [injected]" if injected else "")))
        return to_web(resp)


class RestApi:
    """Users, application, gateway info, commands, channels, messages, threads, DMs, guilds."""

    def __init__(self, fake: FakeDiscord, router: Router) -> None:
        self.fake = fake
        self.world = fake.world
        r = router.add
        r("GET", "/users/@me", self.me)
        r("GET", "/users/{user_id}", self.get_user)
        r("POST", "/users/@me/channels", self.open_dm)
        r("GET", "/oauth2/applications/@me", self.app_info)
        r("GET", "/applications/@me", self.app_info)
        r("GET", "/gateway/bot", self.gateway_bot)
        r("GET", "/gateway", self.gateway_bot, auth=False)
        for scope in ("/applications/{app}/commands", "/applications/{app}/guilds/{guild_id}/commands"):
            r("PUT", scope, self.put_commands)
            r("GET", scope, self.get_commands)
        r("GET", "/channels/{channel_id}", self.get_channel)
        r("PATCH", "/channels/{channel_id}", self.patch_channel)
        r("DELETE", "/channels/{channel_id}", self.delete_channel)
        r("POST", "/channels/{channel_id}/typing", self.typing)
        r("GET", "/channels/{channel_id}/messages", self.list_messages)
        r("POST", "/channels/{channel_id}/messages", self.post_message)
        r("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message)
        r("PATCH", "/channels/{channel_id}/messages/{message_id}", self.patch_message)
        r("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message)
        for pin in ("/channels/{channel_id}/pins/{message_id}", "/channels/{channel_id}/messages/pins/{message_id}"):
            r("PUT", pin, self.pin)
            r("DELETE", pin, self.pin)
        reaction = "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me"
        r("PUT", reaction, self.react)
        r("DELETE", reaction, self.react)
        r("POST", "/channels/{channel_id}/threads", self.create_thread)
        r("POST", "/channels/{channel_id}/messages/{message_id}/threads", self.create_thread)
        r("PUT", "/channels/{channel_id}/thread-members/{user_id}", self.thread_member)
        r("DELETE", "/channels/{channel_id}/thread-members/{user_id}", self.thread_member)
        r("GET", "/guilds/{guild_id}", self.get_guild)
        r("GET", "/guilds/{guild_id}/channels", self.guild_channels)
        r("GET", "/guilds/{guild_id}/roles", self.guild_roles)
        r("GET", "/guilds/{guild_id}/members", self.list_members)
        r("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member)

    # ----- users / app / gateway -----------------------------------------------------------
    async def me(self, req: Req) -> Resp:
        return ok({**self.world.bot.payload(), "verified": True, "mfa_enabled": False, "email": None})

    async def get_user(self, req: Req) -> Resp:
        found = self.world.users.get(req.params["user_id"])
        return ok(found.payload()) if found else error(404, 10013, "Unknown User")

    async def app_info(self, req: Req) -> Resp:
        return ok({
            "id": P.APPLICATION_ID, "name": P.BOT_NAME, "icon": None, "description": "", "summary": "",
            "type": None, "bot_public": True, "bot_require_code_grant": False, "verify_key": "0" * 64,
            "owner": P.user(P.OWNER_USER_ID, "owner", "Owner"), "team": None, "bot": self.world.bot.payload(),
            "flags": self.fake.application_flags, "interactions_endpoint_url": None, "redirect_uris": [],
            "approximate_guild_count": len(self.world.guilds), "tags": [], "integration_types_config": {},
        })

    async def gateway_bot(self, req: Req) -> Resp:
        return ok({"url": self.fake.ws_url, "shards": self.fake.shard_count, "session_start_limit": {
            "total": 1000, "remaining": 999, "reset_after": 14400000, "max_concurrency": 1}})

    # ----- commands ------------------------------------------------------------------------
    async def put_commands(self, req: Req) -> Resp:
        if req.params["app"] != P.APPLICATION_ID:
            return error(403, 50001, "Missing Access")
        guild_id = req.params.get("guild_id")
        if guild_id is not None and guild_id not in self.world.guilds:
            return error(403, 50001, "Missing Access")
        items = req.body if isinstance(req.body, list) else []
        errors = validate.commands(items)
        if errors:
            return invalid(errors)
        return ok(self.fake.store_commands(guild_id, items))

    async def get_commands(self, req: Req) -> Resp:
        return ok(self.fake.registered_commands(req.params.get("guild_id")))

    # ----- channels ------------------------------------------------------------------------
    def _channel(self, req: Req) -> JSON | None:
        return self.world.channels.get(req.params["channel_id"])

    async def get_channel(self, req: Req) -> Resp:
        channel = self._channel(req)
        return ok(channel) if channel else error(404, 10003, "Unknown Channel")

    async def patch_channel(self, req: Req) -> Resp:
        channel = self._channel(req)
        if channel is None:
            return error(404, 10003, "Unknown Channel")
        body = req.json
        for key in ("name", "topic", "rate_limit_per_user", "nsfw", "flags"):
            if key in body:
                channel[key] = body[key]
        event = "CHANNEL_UPDATE"
        if channel["type"] in P.THREAD_TYPES:
            event = "THREAD_UPDATE"
            for key in ("archived", "locked", "auto_archive_duration", "invitable"):
                if key in body:
                    channel["thread_metadata"][key] = body[key]
        self.fake.emit(event, channel, channel.get("guild_id"))
        return ok(channel)

    async def delete_channel(self, req: Req) -> Resp:
        channel = self._channel(req)
        if channel is None:
            return error(404, 10003, "Unknown Channel")
        del self.world.channels[channel["id"]]
        guild_id = channel.get("guild_id")
        if guild_id:
            self.world.guilds[guild_id].channel_ids.remove(channel["id"])
        thread = channel["type"] in P.THREAD_TYPES
        self.fake.emit("THREAD_DELETE" if thread else "CHANNEL_DELETE", channel, guild_id)
        return ok(channel)

    async def typing(self, req: Req) -> Resp:
        return no_content() if self._channel(req) else error(404, 10003, "Unknown Channel")

    # ----- messages ------------------------------------------------------------------------
    def _message(self, req: Req) -> StoredMessage | None:
        msg = self.world.messages.get(req.params["message_id"])
        if msg is None or msg.deleted or msg.ephemeral or msg.channel_id != req.params["channel_id"]:
            return None
        return msg

    async def list_messages(self, req: Req) -> Resp:
        found = [m for m in self.world.channel_messages(req.params["channel_id"])]
        before, after = req.query.get("before"), req.query.get("after")
        if before:
            found = [m for m in found if int(m.id) < int(before)]
        if after:
            found = [m for m in found if int(m.id) > int(after)]
        limit = int(req.query.get("limit", 50))
        chosen = found[:limit] if after else found[-limit:]
        return ok([self.world.wire(m) for m in reversed(chosen)])

    async def post_message(self, req: Req) -> Resp:
        channel = self._channel(req)
        if channel is None:
            return error(404, 10003, "Unknown Channel")
        recipient = self.world.dm_recipient(channel["id"])
        if recipient is not None and self.world.users[recipient].dms_closed:
            return error(403, 50007, "Cannot send messages to this user")
        body = req.json
        errors = validate.message_body(body, req.files, edit=False)
        if errors:
            return invalid(errors)
        if int(body.get("flags") or 0) & P.FLAG_EPHEMERAL:
            body = {**body, "flags": int(body["flags"]) & ~P.FLAG_EPHEMERAL}
        if body.get("nonce") is not None:
            self.fake.posted_nonces.append(str(body["nonce"]))
        if body.get("nonce") is not None and body.get("enforce_nonce"):  # same nonce: that message (no time window)
            for old in self.world.channel_messages(channel["id"]):
                if old.payload.get("nonce") == str(body["nonce"]) and old.payload["author"]["id"] == P.BOT_USER_ID:
                    return ok(self.world.wire(old))
        msg = self.world.create_message(channel["id"], body, req.files, author=self.world.bot.payload())
        return ok(self.world.wire(msg))

    async def get_message(self, req: Req) -> Resp:
        msg = self._message(req)
        return ok(self.world.wire(msg)) if msg else error(404, 10008, "Unknown Message")

    async def patch_message(self, req: Req) -> Resp:
        msg = self._message(req)
        if msg is None:
            return error(404, 10008, "Unknown Message")
        if msg.payload["author"]["id"] != P.BOT_USER_ID:
            return error(403, 50005, "Cannot edit a message authored by another user")
        errors = validate.message_body(req.json, req.files, edit=True)
        if errors:
            return invalid(errors)
        self.world.edit_message(msg, req.json, req.files)
        return ok(self.world.wire(msg))

    async def delete_message(self, req: Req) -> Resp:
        msg = self._message(req)
        if msg is None:
            return error(404, 10008, "Unknown Message")
        self.world.delete_message(msg)
        return no_content()

    async def pin(self, req: Req) -> Resp:
        msg = self._message(req)
        if msg is None:
            return error(404, 10008, "Unknown Message")
        msg.payload["pinned"] = req.method == "PUT"
        return no_content()

    async def react(self, req: Req) -> Resp:
        msg = self._message(req)
        if msg is None:
            return error(404, 10008, "Unknown Message")
        emoji = req.params["emoji"]
        name, _, emoji_id = emoji.partition(":")
        reactions = msg.payload.setdefault("reactions", [])
        entry = next((r for r in reactions if r["emoji"]["name"] == name), None)
        if req.method == "PUT" and (entry is None or not entry["me"]):
            if entry is None:
                entry = {"emoji": {"id": emoji_id or None, "name": name}, "count": 0, "me": False,
                         "burst_count": 0, "me_burst": False, "burst_colors": [],
                         "count_details": {"burst": 0, "normal": 0}}
                reactions.append(entry)
            entry["count"] += 1
            entry["me"] = True
        elif req.method == "DELETE" and entry is not None and entry["me"]:
            entry["count"] -= 1
            entry["me"] = False
            if entry["count"] == 0:
                reactions.remove(entry)
        return no_content()

    # ----- threads -------------------------------------------------------------------------
    async def create_thread(self, req: Req) -> Resp:
        parent = self._channel(req)
        if parent is None or parent["type"] != P.GUILD_TEXT:
            return error(404, 10003, "Unknown Channel")
        body = req.json
        name = body.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            return invalid([("name", "Must be between 1 and 100 in length.")])
        message_id = req.params.get("message_id")
        source = self.world.messages.get(message_id) if message_id else None
        if message_id and (source is None or source.deleted or source.channel_id != parent["id"]):
            return error(404, 10008, "Unknown Message")
        if source is not None and source.payload.get("thread"):
            return error(400, 160004, "A thread has already been created for this message")
        kind = P.PUBLIC_THREAD if message_id else int(body.get("type") or P.PRIVATE_THREAD)
        thread_id = message_id or self.world.ids.next()
        thread = P.thread_channel(thread_id, parent, name, P.BOT_USER_ID, kind=kind,
                                  auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
                                  invitable=bool(body.get("invitable", True)))
        self.world.channels[thread_id] = thread
        self.world.channel_order[thread_id] = []
        self.world.thread_members[thread_id] = {P.BOT_USER_ID}
        self.world.guilds[parent["guild_id"]].channel_ids.append(thread_id)
        if source is not None:
            source.payload["thread"] = thread
            source.payload["flags"] |= P.FLAG_HAS_THREAD
        self.fake.emit("THREAD_CREATE", {**thread, "newly_created": True}, parent["guild_id"])
        self.world.notifier.notify()
        return ok(thread, 201)

    async def thread_member(self, req: Req) -> Resp:
        thread = self._channel(req)
        if thread is None or thread["type"] not in P.THREAD_TYPES:
            return error(404, 10003, "Unknown Channel")
        user_id = P.BOT_USER_ID if req.params["user_id"] == "@me" else req.params["user_id"]
        members = self.world.thread_members.setdefault(thread["id"], set())
        if req.method == "PUT":
            members.add(user_id)
        else:
            members.discard(user_id)
        thread["member_count"] = len(members)
        return no_content()

    # ----- DMs & guilds --------------------------------------------------------------------
    async def open_dm(self, req: Req) -> Resp:
        user_id = str(req.json.get("recipient_id"))
        if user_id not in self.world.users:
            return error(400, 50033, "Invalid Recipient(s)")
        return ok(self.world.dm_channel_for(user_id))

    async def get_guild(self, req: Req) -> Resp:
        guild_id = req.params["guild_id"]
        if guild_id not in self.world.guilds:
            return error(404, 10004, "Unknown Guild")
        return ok(self.world.guild_payload(guild_id, full=False))

    async def guild_channels(self, req: Req) -> Resp:
        guild = self.world.guilds.get(req.params["guild_id"])
        if guild is None:
            return error(404, 10004, "Unknown Guild")
        channels = [self.world.channels[c] for c in guild.channel_ids]
        return ok([c for c in channels if c["type"] not in P.THREAD_TYPES])

    async def guild_roles(self, req: Req) -> Resp:
        guild = self.world.guilds.get(req.params["guild_id"])
        return ok(guild.roles) if guild else error(404, 10004, "Unknown Guild")

    async def list_members(self, req: Req) -> Resp:
        guild = self.world.guilds.get(req.params["guild_id"])
        if guild is None:
            return error(404, 10004, "Unknown Guild")
        after = int(req.query.get("after", 0))
        limit = int(req.query.get("limit", 1))
        ids = sorted((u for u in guild.members if int(u) > after), key=int)[:limit]
        return ok([self.world.member_payload(guild.id, u) for u in ids])

    async def get_member(self, req: Req) -> Resp:
        guild = self.world.guilds.get(req.params["guild_id"])
        if guild is None:
            return error(404, 10004, "Unknown Guild")
        user_id = req.params["user_id"]
        if user_id not in guild.members:
            return error(404, 10007, "Unknown Member")
        return ok(self.world.member_payload(guild.id, user_id))
