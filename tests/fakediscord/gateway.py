"""The fake gateway: HELLO/IDENTIFY/READY/GUILD_CREATE, heartbeats, RESUME with replay, drops."""

from __future__ import annotations

import asyncio
import copy
import json
import secrets
from typing import TYPE_CHECKING

from aiohttp import WSMsgType, web

from . import payloads as P
from .payloads import JSON

if TYPE_CHECKING:
    from .server import FakeDiscord

HEARTBEAT_INTERVAL_MS = 41250
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
INTENT_MESSAGE_CONTENT = 1 << 15
GUILD_EVENTS = {"GUILD_CREATE", "GUILD_UPDATE", "CHANNEL_CREATE", "CHANNEL_UPDATE", "CHANNEL_DELETE",
                "THREAD_CREATE", "THREAD_UPDATE", "THREAD_DELETE", "THREAD_MEMBERS_UPDATE"}
MEMBER_EVENTS = {"GUILD_MEMBER_ADD", "GUILD_MEMBER_UPDATE", "GUILD_MEMBER_REMOVE"}
MESSAGE_EVENTS = {"MESSAGE_CREATE", "MESSAGE_UPDATE", "MESSAGE_DELETE",
                  "MESSAGE_REACTION_ADD", "MESSAGE_REACTION_REMOVE"}


class Connection:
    """One websocket, with an ordered writer task."""

    def __init__(self, ws: web.WebSocketResponse, path: str) -> None:
        self.ws = ws
        self.path = path
        self.session: Session | None = None
        self.dropped = False
        self._queue: asyncio.Queue[JSON | None] = asyncio.Queue()
        self._writer = asyncio.create_task(self.write())

    def send(self, frame: JSON) -> None:
        """Queue a frame (sent in order by the writer task)."""
        self._queue.put_nowait(frame)

    async def write(self) -> None:
        while (frame := await self._queue.get()) is not None:
            if self.ws.closed:
                return
            try:
                await self.ws.send_str(json.dumps(frame))
            except (ConnectionError, RuntimeError):
                return

    async def stop(self) -> None:
        """Stop the writer task."""
        self._queue.put_nowait(None)
        try:
            await asyncio.wait_for(self._writer, timeout=1)
        except (TimeoutError, asyncio.CancelledError):
            self._writer.cancel()


class Session:
    """A gateway session: sequence numbers and a replay log that survives disconnects."""

    def __init__(self, shard: tuple[int, int], intents: int, token: str) -> None:
        self.id = secrets.token_hex(16)
        self.shard_id, self.shard_count = shard
        self.intents = intents
        self.token = token
        self.seq = 0
        self.log: list[JSON] = []
        self.conn: Connection | None = None
        self.alive = True
        self.resumes = 0

    def dispatch(self, event: str, data: JSON) -> None:
        """Send (or, while disconnected, only log) a DISPATCH frame."""
        self.seq += 1
        frame = {"op": 0, "t": event, "s": self.seq, "d": data}
        self.log.append(frame)
        if self.conn is not None:
            self.conn.send(frame)


class Gateway:
    """Websocket endpoint plus event routing to shards."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.sessions: dict[str, Session] = {}
        self.current: dict[int, Session] = {}
        self.connections: set[Connection] = set()
        self.log: list[tuple[str, str]] = []

    # ----- routing -------------------------------------------------------------------------
    def shard_of(self, guild_id: str | None) -> int:
        """Discord's shard formula."""
        return 0 if guild_id is None else (int(guild_id) >> 22) % self.fake.shard_count

    def has_session(self, guild_id: str | None) -> bool:
        """Whether a live session would receive events for ``guild_id``."""
        return self.shard_of(guild_id) in self.current

    def dispatch(self, event: str, data: JSON, guild_id: str | None) -> bool:
        """Route an event to the shard owning ``guild_id``; False if no session exists."""
        session = self.current.get(self.shard_of(guild_id))
        if session is None:
            return False
        filtered = _filter(session.intents, event, data, guild_id)
        if filtered is not None:
            session.dispatch(event, filtered)
        return True

    # ----- websocket -----------------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """aiohttp handler for /gateway and /gateway-resume."""
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        conn = Connection(ws, request.path)
        self.connections.add(conn)
        conn.send({"op": 10, "s": None, "t": None, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
        try:
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    await ws.close(code=4002, message=b"fakediscord: only JSON text frames are supported")
                    break
                await self._on_frame(conn, json.loads(msg.data))
        finally:
            await conn.stop()
            self.connections.discard(conn)
            session = conn.session
            if session is not None and session.conn is conn:
                session.conn = None
                self.log.append(("CLOSE", f"{ws.close_code}"))
                if not conn.dropped and ws.close_code in (1000, 1001):
                    self._end(session)
            self.fake.world.notifier.notify()
        return ws

    def _end(self, session: Session) -> None:
        session.alive = False
        if self.current.get(session.shard_id) is session:
            del self.current[session.shard_id]

    async def _on_frame(self, conn: Connection, frame: JSON) -> None:
        op, data = frame.get("op"), frame.get("d")
        if op == 1:
            conn.send({"op": 11, "s": None, "t": None, "d": None})
        elif op == 2:
            await self._identify(conn, data or {})
        elif op == 6:
            await self._resume(conn, data or {})
        elif op in (3, 4):
            pass  # presence / voice state updates: accepted and ignored
        elif op == 8:
            self._request_members(conn, data or {})
        else:
            self.fake.unknown_routes.append(("WS", f"op {op}"))
            await conn.ws.close(code=4001, message=b"fakediscord: unknown opcode")

    async def _identify(self, conn: Connection, data: JSON) -> None:
        if conn.session is not None:
            await conn.ws.close(code=4005, message=b"Already authenticated.")
            return
        if data.get("token") != self.fake.token:
            self.log.append(("IDENTIFY-FAILED", "bad token"))
            await conn.ws.close(code=4004, message=b"Authentication failed.")
            return
        count = self.fake.shard_count
        shard = data.get("shard")
        if shard is None and count > 1:
            await conn.ws.close(code=4011, message=b"Sharding required.")
            return
        shard_id, shard_count = (int(shard[0]), int(shard[1])) if shard else (0, 1)
        if shard_count != count or not 0 <= shard_id < count:
            await conn.ws.close(code=4010, message=b"Invalid shard.")
            return
        session = Session((shard_id, shard_count), int(data.get("intents", 0)), data["token"])
        old = self.current.get(shard_id)
        if old is not None:
            old.alive = False
        self.sessions[session.id] = session
        self.current[shard_id] = session
        session.conn, conn.session = conn, session
        self.log.append(("IDENTIFY", session.id))
        world = self.fake.world
        guild_ids = [g for g in world.guilds if self.shard_of(g) == shard_id]
        ready = {
            "v": 10,
            "user": {**world.bot.payload(), "verified": True, "mfa_enabled": False, "email": None},
            "guilds": [{"id": g, "unavailable": True} for g in guild_ids],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.fake.resume_url,
            "shard": [shard_id, shard_count],
            "application": {"id": P.APPLICATION_ID, "flags": self.fake.application_flags},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": ["fake"],
            "user_settings": {},
        }
        session.dispatch("READY", ready)
        for guild_id in guild_ids:
            session.dispatch("GUILD_CREATE", world.guild_payload(guild_id, full=True))
        world.notifier.notify()

    async def _resume(self, conn: Connection, data: JSON) -> None:
        session = self.sessions.get(str(data.get("session_id")))
        if session is None or not session.alive or data.get("token") != session.token:
            self.log.append(("RESUME-FAILED", str(data.get("session_id"))))
            conn.send({"op": 9, "s": None, "t": None, "d": False})
            return
        previous = session.conn
        if previous is not None and previous is not conn:
            previous.session = None
            previous.dropped = True
            await previous.ws.close(code=4000, message=b"Session resumed elsewhere.")
        session.conn, conn.session = conn, session
        last = int(data.get("seq") or 0)
        for frame in session.log:
            if frame["s"] > last:
                conn.send(frame)
        session.resumes += 1
        self.log.append(("RESUME", session.id))
        session.dispatch("RESUMED", {})
        self.fake.world.notifier.notify()

    def _request_members(self, conn: Connection, data: JSON) -> None:
        world = self.fake.world
        guild_id = str(data.get("guild_id"))
        session = conn.session
        if session is None or guild_id not in world.guilds:
            return
        query = str(data.get("query") or "").lower()
        wanted = {str(u) for u in data.get("user_ids") or []}
        members = []
        for uid in world.guilds[guild_id].members:
            name = world.users[uid].username.lower()
            if (wanted and uid in wanted) or (not wanted and name.startswith(query)):
                members.append(world.member_payload(guild_id, uid))
        limit = int(data.get("limit") or 0)
        chunk: JSON = {"guild_id": guild_id, "members": members[:limit] if limit else members,
                       "chunk_index": 0, "chunk_count": 1}
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        if data.get("presences"):
            chunk["presences"] = []
        session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    # ----- faults & teardown ---------------------------------------------------------------
    async def drop(self, code: int, invalidate: bool) -> list[tuple[int, Session, int]]:
        """Close every websocket with ``code``; returns (shard, session, resumes) seen before."""
        before = [(s.shard_id, s, s.resumes) for s in self.current.values()]
        for conn in list(self.connections):
            conn.dropped = True
            if invalidate and conn.session is not None:
                self._end(conn.session)
            await conn.ws.close(code=code, message=b"fakediscord: dropped")
        return before

    async def close_all(self) -> None:
        """Close all websockets (server shutdown)."""
        for conn in list(self.connections):
            conn.dropped = True
            await conn.ws.close(code=1001, message=b"fakediscord: stopping")
            await conn.stop()


def _filter(intents: int, event: str, data: JSON, guild_id: str | None) -> JSON | None:
    """Apply intent gating (and MESSAGE_CONTENT stripping) to one event; None drops it."""
    if event in GUILD_EVENTS and not intents & INTENT_GUILDS:
        return None
    if event in MEMBER_EVENTS and not intents & INTENT_GUILD_MEMBERS:
        return None
    if event in MESSAGE_EVENTS:
        needed = INTENT_GUILD_MESSAGES if guild_id else INTENT_DIRECT_MESSAGES
        if not intents & needed:
            return None
        author = (data.get("author") or {}).get("id")
        mentioned = any(u.get("id") == P.BOT_USER_ID for u in data.get("mentions") or [])
        if (event != "MESSAGE_DELETE" and guild_id and author not in (None, P.BOT_USER_ID)
                and not mentioned and not intents & INTENT_MESSAGE_CONTENT):
            data = copy.deepcopy(data)
            data.update({"content": "", "embeds": [], "attachments": [], "components": []})
            data.pop("poll", None)
    return data
