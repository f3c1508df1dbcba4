"""Interactions: building INTERACTION_CREATE payloads and answering callbacks / webhook follow-ups."""

from __future__ import annotations

import asyncio
import copy
import secrets
from typing import TYPE_CHECKING, Any

from . import payloads as P
from . import validate
from .commands import build_command_data
from .payloads import JSON
from .rest import Req, Resp, Router, error, invalid, no_content, ok
from .store import StoredMessage, iter_components

if TYPE_CHECKING:
    from .server import FakeDiscord

APPLICATION_COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
ALLOWED_RESPONSES = {APPLICATION_COMMAND: {4, 5, 9}, COMPONENT: {4, 5, 6, 7, 9}, AUTOCOMPLETE: {8},
                     MODAL_SUBMIT: {4, 5, 6, 7}}


class InteractionRecord:
    """What the bot did with one interaction: its initial response, edits and follow-ups."""

    def __init__(self, fake: FakeDiscord, payload: JSON, user_id: str, label: str,
                 source: StoredMessage | None) -> None:
        self._fake = fake
        self.payload = payload
        self.id: str = payload["id"]
        self.token: str = payload["token"]
        self.type: int = payload["type"]
        self.user_id = user_id
        self.channel_id: str = payload["channel_id"]
        self.label = label
        self.source = source
        self.created = asyncio.get_running_loop().time()
        self.response_type: int | None = None
        self.response: JSON | None = None
        self.ephemeral = False
        self.choices: list[JSON] | None = None
        self.modal: JSON | None = None
        self.original_id: str | None = None
        self.followup_ids: list[str] = []
        self.touched: list[str] = []
        self.error: str | None = None

    def __repr__(self) -> str:
        return f"<InteractionRecord {self.label} response_type={self.response_type} ephemeral={self.ephemeral}>"

    def _touch(self, message_id: str) -> None:
        if message_id not in self.touched:
            self.touched.append(message_id)

    @property
    def messages(self) -> list[JSON]:
        """Original response (after edits) plus follow-ups, as snapshots with attachment bytes."""
        ids = list(self.followup_ids)
        if self.original_id and (self.response_type in (4, 5, 7) or self.original_id in self.touched):
            ids.insert(0, self.original_id)
        found = (self._fake.world.messages[i] for i in ids)
        return [self._fake.world.public(m) for m in found if not m.deleted]

    @property
    def message(self) -> JSON:
        """The first message of :attr:`messages` (AssertionError if none)."""
        messages = self.messages
        assert messages, f"{self.label}: the bot produced no message (response type {self.response_type})"
        return messages[0]

    async def wait_followups(self, n: int = 1, timeout: float = 5) -> list[JSON]:
        """Wait until ``n`` messages were sent as follow-ups or edited after the initial response."""
        await self._fake.world.notifier.wait_for(
            lambda: len(self.touched) >= n, timeout,
            lambda: f"{self.label}: expected {n} follow-up/edited message(s), got {len(self.touched)} in {timeout}s",
        )
        return self.messages


class Interactions:
    """Sends interactions to the bot and serves the callback and webhook routes."""

    def __init__(self, fake: FakeDiscord, router: Router) -> None:
        self.fake = fake
        self.world = fake.world
        self.by_id: dict[str, InteractionRecord] = {}
        self.by_token: dict[str, InteractionRecord] = {}
        self.modals: dict[str, tuple[JSON, InteractionRecord]] = {}
        router.add("POST", "/interactions/{iid}/{token}/callback", self.callback, auth=False)
        router.add("POST", "/webhooks/{app}/{token}", self.execute, auth=False)
        for method in ("GET", "PATCH", "DELETE"):
            router.add(method, "/webhooks/{app}/{token}/messages/{message_id}", self.webhook_message, auth=False)

    # ----- sending interactions ------------------------------------------------------------
    def _base(self, kind: int, user_id: str, channel_id: str, data: JSON) -> JSON:
        world = self.world
        channel = world.channels.get(channel_id)
        assert channel is not None, f"unknown channel {channel_id}"
        assert user_id in world.users, f"unknown user {user_id}"
        guild_id = channel.get("guild_id")
        payload: JSON = {
            "id": world.ids.next(), "application_id": P.APPLICATION_ID, "type": kind, "data": data,
            "channel_id": channel_id, "token": "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(48), "version": 1,
            "locale": "en-US", "entitlements": [], "entitlement_sku_ids": [],
            "attachment_size_limit": P.ATTACHMENT_SIZE_LIMIT,
        }
        if guild_id:
            guild = world.guilds[guild_id]
            assert user_id in guild.members, f"user {user_id} is not a member of guild {guild_id}"
            perms = world.permissions(guild_id, user_id)
            payload.update({
                "guild_id": guild_id, "guild": {"id": guild_id, "locale": "en-US", "features": []},
                "guild_locale": "en-US", "channel": {**copy.deepcopy(channel), "permissions": str(perms)},
                "member": {**world.member_payload(guild_id, user_id), "permissions": str(perms)},
                "app_permissions": str(world.permissions(guild_id, P.BOT_USER_ID)),
                "authorizing_integration_owners": {"0": guild_id}, "context": 0,
            })
        else:
            assert world.dm_recipient(channel_id) == user_id, f"user {user_id} cannot see DM channel {channel_id}"
            payload.update({
                "channel": copy.deepcopy(channel), "user": world.users[user_id].payload(),
                "app_permissions": str(P.EVERYONE_PERMISSIONS), "authorizing_integration_owners": {"0": "0"},
                "context": 1,
            })
        return payload

    async def _send(self, payload: JSON, user_id: str, label: str, timeout: float,
                    source: StoredMessage | None = None) -> InteractionRecord:
        record = InteractionRecord(self.fake, payload, user_id, label, source)
        self.by_id[record.id] = record
        self.by_token[record.token] = record
        guild_id = payload.get("guild_id")
        if not self.fake.gateway.dispatch("INTERACTION_CREATE", payload, guild_id):
            raise AssertionError(f"{label}: no bot session on the gateway (shard "
                                 f"{self.fake.gateway.shard_of(guild_id)}); is the bot connected?")
        await self.world.notifier.wait_for(
            lambda: record.response_type is not None or record.error is not None, timeout,
            lambda: f"{label}: the bot did not respond within {timeout}s "
                    "(Discord would show 'The application did not respond')",
        )
        if record.error is not None:
            raise AssertionError(record.error)
        await asyncio.sleep(self.fake.settle)
        return record

    async def slash(self, user_id: str, channel_id: str, name: str, subcommand: str | None,
                    options: dict[str, Any] | None, timeout: float) -> InteractionRecord:
        """Invoke a chat-input command as synced by the bot."""
        data = build_command_data(self.fake, user_id, channel_id, name, subcommand, options or {}, focused=None)
        label = f"/{name}{' ' + subcommand if subcommand else ''}"
        return await self._send(self._base(APPLICATION_COMMAND, user_id, channel_id, data), user_id, label, timeout)

    async def autocomplete(self, user_id: str, channel_id: str, name: str, options: dict[str, Any],
                           focused: str | None, subcommand: str | None, timeout: float) -> list[JSON]:
        """Ask the bot for autocomplete choices of the focused option."""
        if focused is None:
            assert len(options) == 1, "pass focused= when giving more than one option"
            focused = next(iter(options))
        data = build_command_data(self.fake, user_id, channel_id, name, subcommand, options, focused=focused)
        label = f"autocomplete /{name}{' ' + subcommand if subcommand else ''} {focused}"
        record = await self._send(self._base(AUTOCOMPLETE, user_id, channel_id, data), user_id, label, timeout)
        return copy.deepcopy(record.choices or [])

    def _component(self, user_id: str, channel_id: str, message_id: str, custom_id: str) -> tuple[
            StoredMessage, JSON]:
        msg = self.world.messages.get(str(message_id))
        assert msg is not None and not msg.deleted, f"unknown or deleted message {message_id}"
        assert msg.channel_id == str(channel_id), f"message {message_id} is not in channel {channel_id}"
        if msg.ephemeral:
            assert msg.visible_to == user_id, f"user {user_id} cannot see ephemeral message {message_id}"
        comps = [c for c in iter_components(msg.payload["components"]) if c.get("custom_id") == custom_id]
        known = [c.get("custom_id") for c in iter_components(msg.payload["components"]) if c.get("custom_id")]
        assert comps, f"message {message_id} has no component {custom_id!r}; it has {known}"
        assert not comps[0].get("disabled"), f"component {custom_id!r} is disabled"
        return msg, comps[0]

    def _component_payload(self, user_id: str, msg: StoredMessage, data: JSON) -> JSON:
        payload = self._base(COMPONENT, user_id, msg.channel_id, data)
        payload["message"] = self.world.wire(msg)
        return payload

    async def click(self, user_id: str, channel_id: str, message_id: str, custom_id: str,
                    timeout: float) -> InteractionRecord:
        """Press a button."""
        msg, comp = self._component(user_id, channel_id, message_id, custom_id)
        assert comp.get("type") == 2, f"component {custom_id!r} is not a button (type {comp.get('type')})"
        data = _drop_none({"custom_id": custom_id, "component_type": 2, "id": comp.get("id")})
        payload = self._component_payload(user_id, msg, data)
        return await self._send(payload, user_id, f"click {custom_id}", timeout, source=msg)

    async def select(self, user_id: str, channel_id: str, message_id: str, custom_id: str, values: list[str],
                     timeout: float) -> InteractionRecord:
        """Choose values in a select menu (string, user, role, mentionable or channel select)."""
        msg, comp = self._component(user_id, channel_id, message_id, custom_id)
        kind = comp.get("type")
        assert kind in validate.SELECT_TYPES, f"component {custom_id!r} is not a select (type {kind})"
        low, high = comp.get("min_values", 1), comp.get("max_values", 1)
        assert low <= len(values) <= high, f"select {custom_id!r} takes {low}..{high} values, got {len(values)}"
        values = [str(v) for v in values]
        data = _drop_none({"custom_id": custom_id, "component_type": kind, "values": values, "id": comp.get("id")})
        if kind == 3:
            allowed = [o["value"] for o in comp.get("options") or []]
            bad = [v for v in values if v not in allowed]
            assert not bad, f"select {custom_id!r} has no option(s) {bad}; options are {allowed}"
        else:
            data["resolved"] = self._resolve_ids(values, self.world.guild_of_channel(msg.channel_id))
        payload = self._component_payload(user_id, msg, data)
        return await self._send(payload, user_id, f"select {custom_id}={values}", timeout, source=msg)

    def _resolve_ids(self, ids: list[str], guild_id: str | None) -> JSON:
        resolved: JSON = {}
        world = self.world
        for value in ids:
            if value in world.users:
                resolved.setdefault("users", {})[value] = world.users[value].payload()
                if guild_id and value in world.guilds[guild_id].members:
                    member = world.member_payload(guild_id, value, with_user=False)
                    member["permissions"] = str(world.permissions(guild_id, value))
                    resolved.setdefault("members", {})[value] = member
            elif value in world.channels:
                channel = world.channels[value]
                resolved.setdefault("channels", {})[value] = {
                    k: channel.get(k) for k in ("id", "name", "type", "parent_id", "thread_metadata") if k in channel
                } | {"permissions": str(P.EVERYONE_PERMISSIONS)}
            elif guild_id:
                role = next((r for r in world.guilds[guild_id].roles if r["id"] == value), None)
                assert role is not None, f"{value} is neither a user, a channel nor a role"
                resolved.setdefault("roles", {})[value] = role
        return resolved

    async def submit_modal(self, user_id: str, channel_id: str, custom_id: str, values: dict[str, Any],
                           timeout: float) -> InteractionRecord:
        """Submit a modal the bot opened (mirrors its layout), or a plain text-input modal."""
        shown = self.modals.get(custom_id)
        values = dict(values)
        components: list[JSON] = []
        if shown is not None:
            for top in shown[0].get("components") or []:
                if top.get("type") == 1:
                    inner = [self._submitted(c, values) for c in top.get("components") or []]
                    components.append(_drop_none({"type": 1, "id": top.get("id"), "components": inner}))
                elif top.get("type") == 18:
                    components.append(_drop_none({"type": 18, "id": top.get("id"),
                                                  "component": self._submitted(top["component"], values)}))
                else:
                    components.append(_drop_none({"type": top.get("type"), "id": top.get("id")}))
            assert not values, f"modal {custom_id!r} has no input(s) {sorted(values)}"
        else:
            components = [{"type": 1, "components": [{"type": 4, "custom_id": k, "value": str(v)}]}
                          for k, v in values.items()]
        payload = self._base(MODAL_SUBMIT, user_id, channel_id, {"custom_id": custom_id, "components": components})
        source = shown[1].source if shown is not None else None
        if source is not None:
            payload["message"] = self.world.wire(source)
        return await self._send(payload, user_id, f"modal {custom_id}", timeout, source=source)

    @staticmethod
    def _submitted(comp: JSON, values: dict[str, Any]) -> JSON:
        custom_id = comp.get("custom_id")
        result: JSON = {"type": comp.get("type"), "id": comp.get("id"), "custom_id": custom_id}
        if comp.get("type") == 4:
            value = values.pop(custom_id, comp.get("value") or "")
            if comp.get("required", True):
                assert value, f"modal text input {custom_id!r} is required"
            result["value"] = str(value)
        elif custom_id is not None:
            result["values"] = [str(v) for v in values.pop(custom_id, [])]
        return _drop_none(result)

    # ----- REST: callback & webhooks -------------------------------------------------------
    def _meta(self, record: InteractionRecord, *, followup: bool) -> JSON:
        user = self.world.users[record.user_id].payload()
        data = record.payload.get("data") or {}
        meta: JSON = {"id": record.id, "type": record.type, "user": user,
                      "authorizing_integration_owners": record.payload["authorizing_integration_owners"]}
        legacy: JSON = {"id": record.id, "type": record.type, "name": data.get("name", data.get("custom_id", "")),
                        "user": user}
        if record.type == APPLICATION_COMMAND:
            meta.update({"name": record.label.lstrip("/"), "command_type": 1})
            legacy["name"] = record.label.lstrip("/")
        if record.source is not None:
            meta["interacted_message_id"] = record.source.id
        if followup and record.original_id:
            meta["original_response_message_id"] = record.original_id
        return {"interaction_metadata": meta, "interaction": legacy, "webhook_id": P.APPLICATION_ID,
                "application_id": P.APPLICATION_ID}

    def _fail(self, record: InteractionRecord, resp: Resp, why: str) -> Resp:
        record.error = f"{record.label}: {why}: {resp.body}"
        self.world.notifier.notify()
        return resp

    async def callback(self, req: Req) -> Resp:
        """POST /interactions/{id}/{token}/callback."""
        record = self.by_id.get(req.params["iid"])
        if record is None or record.token != req.params["token"]:
            return error(404, 10062, "Unknown interaction")
        if record.response_type is not None:
            return error(400, 40060, "Interaction has already been acknowledged.")
        elapsed = asyncio.get_running_loop().time() - record.created
        if elapsed > self.fake.interaction_deadline:
            return self._fail(record, error(404, 10062, "Unknown interaction"),
                              f"initial response came after {elapsed:.2f}s (limit {self.fake.interaction_deadline}s)")
        body = req.json
        rtype = int(body.get("type", 0))
        data: JSON = body.get("data") or {}
        if rtype not in ALLOWED_RESPONSES[record.type] or (rtype in (6, 7) and record.source is None):
            return self._fail(record, error(400, 40004, f"Response type {rtype} is not valid for "
                                                        f"interaction type {record.type}"), "invalid response type")
        message: StoredMessage | None = None
        if rtype in (4, 7):
            errors = validate.message_body(data, req.files, edit=rtype == 7, prefix="data.")
            if errors:
                return self._fail(record, invalid(errors), "invalid message")
        if rtype in (4, 5):
            ephemeral = bool(int(data.get("flags") or 0) & P.FLAG_EPHEMERAL)
            body_for = data if rtype == 4 else {"content": "", "flags": P.FLAG_LOADING}
            msg_type = 20 if record.type == APPLICATION_COMMAND else 0
            message = self.world.create_message(
                record.channel_id, body_for, req.files, author=self.world.bot.payload(), msg_type=msg_type,
                ephemeral=ephemeral, visible_to=record.user_id if ephemeral else None,
                extra=self._meta(record, followup=False))
        elif rtype in (6, 7):
            message = record.source
            assert message is not None
            if rtype == 7:
                self.world.edit_message(message, data, req.files)
        elif rtype == 8:
            errors = validate.choices(data)
            if errors:
                return self._fail(record, invalid(errors), "invalid autocomplete choices")
            record.choices = copy.deepcopy(data["choices"])
        elif rtype == 9:
            errors = validate.modal(data)
            if errors:
                return self._fail(record, invalid(errors), "invalid modal")
            record.modal = copy.deepcopy(data)
            self.modals[data["custom_id"]] = (record.modal, record)
        if message is not None:
            record.original_id = message.id
            record.ephemeral = message.ephemeral
        record.response_type, record.response = rtype, body
        self.world.notifier.notify()
        if req.query.get("with_response", "").lower() not in ("1", "true"):
            return no_content()
        info: JSON = {"id": record.id, "type": record.type, "response_message_loading": rtype == 5,
                      "response_message_ephemeral": record.ephemeral}
        resource: JSON = {"type": rtype}
        if message is not None and rtype != 6:
            info["response_message_id"] = message.id
            if rtype in (4, 7):
                resource["message"] = self.world.wire(message)
        return ok({"interaction": info, "resource": resource})

    def _record(self, req: Req) -> InteractionRecord | None:
        record = self.by_token.get(req.params["token"])
        if record is None or req.params["app"] != P.APPLICATION_ID or record.response_type is None:
            return None
        return record

    async def execute(self, req: Req) -> Resp:
        """POST /webhooks/{app}/{token}: a follow-up (the first one after a defer fills the original)."""
        record = self._record(req)
        if record is None:
            return error(404, 10015, "Unknown Webhook")
        errors = validate.message_body(req.json, req.files, edit=False)
        if errors:
            return invalid(errors)
        original = self.world.messages.get(record.original_id or "")
        if original is not None and original.payload["flags"] & P.FLAG_LOADING:
            body = {k: v for k, v in req.json.items() if k != "flags"}
            self.world.edit_message(original, body, req.files)
            message = original
        else:
            ephemeral = bool(int(req.json.get("flags") or 0) & P.FLAG_EPHEMERAL)
            message = self.world.create_message(
                record.channel_id, req.json, req.files, author=self.world.bot.payload(), ephemeral=ephemeral,
                visible_to=record.user_id if ephemeral else None, extra=self._meta(record, followup=True))
            record.followup_ids.append(message.id)
        record._touch(message.id)
        self.world.notifier.notify()
        if req.query.get("wait", "").lower() in ("1", "true"):
            return ok(self.world.wire(message))
        return no_content()

    async def webhook_message(self, req: Req) -> Resp:
        """GET/PATCH/DELETE /webhooks/{app}/{token}/messages/{id or @original}."""
        record = self._record(req)
        if record is None:
            return error(404, 10015, "Unknown Webhook")
        message_id = record.original_id if req.params["message_id"] == "@original" else req.params["message_id"]
        owned = [record.original_id, *record.followup_ids]
        message = self.world.messages.get(message_id or "")
        if message is None or message.deleted or message_id not in owned:
            return error(404, 10008, "Unknown Message")
        if req.method == "GET":
            return ok(self.world.wire(message))
        if req.method == "DELETE":
            self.world.delete_message(message)
            return no_content()
        errors = validate.message_body(req.json, req.files, edit=True)
        if errors:
            return invalid(errors)
        self.world.edit_message(message, req.json, req.files)
        record._touch(message.id)
        self.world.notifier.notify()
        return ok(self.world.wire(message))


def _drop_none(data: JSON) -> JSON:
    """``data`` without keys whose value is None."""
    return {k: v for k, v in data.items() if v is not None}
