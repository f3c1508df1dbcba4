"""Synced application commands, and building a command's interaction ``data`` from test input."""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any

from . import payloads as P
from .payloads import JSON

if TYPE_CHECKING:
    from .server import FakeDiscord

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = 3, 4, 5, 6, 7, 8, 9, 10, 11


class CommandRegistry:
    """The command lists the bot PUT, global (scope None) and per guild, with stable ids."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.raw: dict[str | None, list[JSON]] = {}
        self.ids: dict[tuple[str | None, int, str], str] = {}
        self.versions: dict[tuple[str | None, int, str], str] = {}

    def store(self, guild_id: str | None, items: list[JSON]) -> list[JSON]:
        """Replace the scope's commands (bulk overwrite); return them as Discord does (with ids)."""
        self.raw[guild_id] = copy.deepcopy(items)
        for cmd in items:
            key = (guild_id, int(cmd.get("type", 1)), cmd["name"])
            self.ids.setdefault(key, self.fake.ids.next())
            self.versions[key] = self.fake.ids.next()
        return self.registered(guild_id)

    def registered(self, guild_id: str | None) -> list[JSON]:
        """The scope's commands with id, application_id, version (and guild_id)."""
        return [self._full(guild_id, cmd) for cmd in self.raw.get(guild_id, [])]

    def _full(self, guild_id: str | None, cmd: JSON) -> JSON:
        key = (guild_id, int(cmd.get("type", 1)), cmd["name"])
        full = {"type": 1, "default_member_permissions": None, "nsfw": False, "description": "",
                **copy.deepcopy(cmd), "id": self.ids[key], "application_id": P.APPLICATION_ID,
                "version": self.versions[key]}
        if guild_id is not None:
            full["guild_id"] = guild_id
        return full

    def find(self, name: str, guild_id: str | None) -> JSON:
        """The synced chat-input command ``name`` visible in ``guild_id`` (guild scope first)."""
        if not self.raw:
            raise AssertionError("the bot has not synced any commands (no PUT .../commands seen); "
                                 "call `await bot.tree.sync()` first")
        scopes = [guild_id, None] if guild_id is not None else [None]
        for scope in scopes:
            for cmd in self.raw.get(scope, []):
                if cmd["name"] == name and cmd.get("type", 1) == 1:
                    return self._full(scope, cmd)
        known = sorted({c["name"] for s in scopes for c in self.raw.get(s, [])})
        raise AssertionError(f"no synced slash command /{name} (guild {guild_id}); synced: {known}")


def build_command_data(
    fake: FakeDiscord, user_id: str, channel_id: str, name: str, subcommand: str | None,
    options: dict[str, Any], *, focused: str | None,
) -> JSON:
    """Interaction ``data`` for ``/name [group] [sub]`` with typed, nested options and ``resolved``."""
    world = fake.world
    assert channel_id in world.channels, f"unknown channel {channel_id}"
    guild_id = world.guild_of_channel(channel_id)
    cmd = fake.command_registry.find(name, guild_id)
    _check_visible(fake, cmd, user_id, guild_id)
    path = subcommand.split() if subcommand else []
    chain: list[JSON] = []
    defs: list[JSON] = cmd.get("options") or []
    for part in path:
        found = next((o for o in defs if o["name"] == part and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)), None)
        subs = [o["name"] for o in defs if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
        assert found is not None, f"/{name}: no subcommand {part!r} here; available: {subs}"
        chain.append(found)
        defs = found.get("options") or []
    subs = [o["name"] for o in defs if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    assert not subs, f"/{name} {subcommand or ''}: a subcommand is required; available: {subs}"
    resolved: JSON = {}
    leaf = _options(fake, defs, options, guild_id, channel_id, resolved, focused=focused)
    for node in reversed(chain):
        leaf = [{"type": node["type"], "name": node["name"], "options": leaf}]
    data: JSON = {"id": cmd["id"], "name": name, "type": 1, "options": leaf}
    if resolved:
        data["resolved"] = resolved
    if cmd.get("guild_id"):
        data["guild_id"] = cmd["guild_id"]
    return data


def _check_visible(fake: FakeDiscord, cmd: JSON, user_id: str, guild_id: str | None) -> None:
    """Discord hides commands the user lacks permission for or that are not allowed in this context."""
    contexts = cmd.get("contexts")
    if guild_id is None:
        allowed = 1 in contexts if contexts is not None else cmd.get("dm_permission", True) is not False
        assert allowed and not cmd.get("guild_id"), f"/{cmd['name']} is not available in DMs"
        return
    assert contexts is None or 0 in contexts, f"/{cmd['name']} is not available in guilds (contexts={contexts})"
    needed = cmd.get("default_member_permissions")
    if needed is not None:
        have = fake.world.permissions(guild_id, user_id)
        bits = int(needed)
        ok = have & P.ADMINISTRATOR if bits == 0 else have & bits == bits
        assert ok, (f"/{cmd['name']} needs permissions {needed} (default_member_permissions); user {user_id} "
                    "would not see it")


def _options(
    fake: FakeDiscord, defs: list[JSON], given: dict[str, Any], guild_id: str | None, channel_id: str,
    resolved: JSON, *, focused: str | None,
) -> list[JSON]:
    names = [d["name"] for d in defs]
    unknown = sorted(set(given) - set(names))
    assert not unknown, f"unknown option(s) {unknown}; the command has {names}"
    result: list[JSON] = []
    for spec in defs:
        key = spec["name"]
        if key not in given:
            assert focused is not None or not spec.get("required"), f"missing required option {key!r}"
            continue
        value = given[key]
        if key == focused:
            assert spec.get("autocomplete"), f"option {key!r} has no autocomplete"
            result.append({"type": spec["type"], "name": key, "value": str(value), "focused": True})
            continue
        result.append({"type": spec["type"], "name": key,
                       "value": _convert(fake, spec, value, guild_id, channel_id, resolved)})
    return result


def _convert(fake: FakeDiscord, spec: JSON, value: Any, guild_id: str | None, channel_id: str,
             resolved: JSON) -> Any:
    kind, key, world = spec["type"], spec["name"], fake.world
    if kind == STRING:
        assert isinstance(value, str), f"option {key!r} is a string, got {value!r}"
        low, high = spec.get("min_length", 0), spec.get("max_length", 6000)
        assert low <= len(value) <= high, f"option {key!r} length must be {low}..{high}"
    elif kind in (INTEGER, NUMBER):
        assert not isinstance(value, bool), f"option {key!r} is numeric, got {value!r}"
        if kind == INTEGER:
            assert isinstance(value, int) or str(value).lstrip("-").isdigit(), f"option {key!r} must be an integer"
        value = int(value) if kind == INTEGER else float(value)
        low, high = spec.get("min_value"), spec.get("max_value")
        assert low is None or value >= low, f"option {key!r} must be >= {low}"
        assert high is None or value <= high, f"option {key!r} must be <= {high}"
    elif kind == BOOLEAN:
        assert isinstance(value, bool), f"option {key!r} is a boolean, got {value!r}"
    elif kind in (USER, CHANNEL, ROLE, MENTIONABLE):
        value = str(value)
        resolved_part = fake.interactions._resolve_ids([value], guild_id)
        wanted = {USER: {"users"}, CHANNEL: {"channels"}, ROLE: {"roles"}, MENTIONABLE: {"users", "roles"}}[kind]
        assert set(resolved_part) & wanted, f"option {key!r}: {value} is not a valid {sorted(wanted)} id"
        for section, entries in resolved_part.items():
            resolved.setdefault(section, {}).update(entries)
    elif kind == ATTACHMENT:
        assert isinstance(value, tuple) and len(value) == 2, f"option {key!r}: pass (filename, bytes)"
        att = world.store_file(channel_id, value[0], value[1])
        att["ephemeral"] = True
        resolved.setdefault("attachments", {})[att["id"]] = att
        value = att["id"]
    choices = [c["value"] for c in spec.get("choices") or []]
    assert not choices or value in choices, f"option {key!r}: {value!r} is not one of the choices {choices}"
    return value

