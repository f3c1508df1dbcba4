"""Builders for Discord-shaped JSON objects (users, members, roles, guilds, channels, messages)."""

from __future__ import annotations

import datetime as _dt
import mimetypes
import re
import time
from typing import Any

JSON = dict[str, Any]

DISCORD_EPOCH_MS = 1420070400000
TOKEN = "fake-token"
APPLICATION_ID = "1190000000000000001"
BOT_USER_ID = APPLICATION_ID  # Discord bot users share their application's id.
BOT_NAME = "Turnkeeper"
OWNER_USER_ID = "1190000000000000002"
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024

# Permission bits (https://discord.com/developers/docs/topics/permissions).
CREATE_INSTANT_INVITE = 1 << 0
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_EXTERNAL_EMOJIS = 1 << 18
CONNECT = 1 << 20
SPEAK = 1 << 21
USE_VAD = 1 << 25
CHANGE_NICKNAME = 1 << 26
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
USE_EXTERNAL_STICKERS = 1 << 37
SEND_MESSAGES_IN_THREADS = 1 << 38
SEND_POLLS = 1 << 49
ALL_PERMISSIONS = (1 << 53) - 1

EVERYONE_PERMISSIONS = (
    CREATE_INSTANT_INVITE | ADD_REACTIONS | VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | ATTACH_FILES
    | READ_MESSAGE_HISTORY | USE_EXTERNAL_EMOJIS | CONNECT | SPEAK | USE_VAD | CHANGE_NICKNAME
    | USE_APPLICATION_COMMANDS | CREATE_PUBLIC_THREADS | CREATE_PRIVATE_THREADS | USE_EXTERNAL_STICKERS
    | SEND_MESSAGES_IN_THREADS | SEND_POLLS
)
ADMIN_ROLE_PERMISSIONS = ADMINISTRATOR | MANAGE_GUILD
BOT_ROLE_PERMISSIONS = MANAGE_MESSAGES | MANAGE_THREADS | MANAGE_CHANNELS

# Message flags.
FLAG_HAS_THREAD = 1 << 5
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_COMPONENTS_V2 = 1 << 15

# Channel types.
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (10, PUBLIC_THREAD, PRIVATE_THREAD)


class Snowflakes:
    """Generates increasing, time-based snowflake ids (as strings)."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> str:
        """Return a fresh snowflake, strictly greater than the previous one."""
        value = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
        if value <= self._last:
            value = self._last + 1
        self._last = value
        return str(value)


def now_iso() -> str:
    """Current UTC time in Discord's ISO-8601 format."""
    return _dt.datetime.now(_dt.UTC).isoformat()


def user(user_id: str, username: str, global_name: str | None, *, bot: bool = False) -> JSON:
    """A user object."""
    return {
        "id": user_id,
        "username": username,
        "global_name": global_name,
        "discriminator": "0",
        "avatar": None,
        "avatar_decoration_data": None,
        "banner": None,
        "accent_color": None,
        "bot": bot,
        "system": False,
        "public_flags": 0,
        "flags": 0,
        "primary_guild": None,
        "collectibles": None,
    }


def member(user_obj: JSON, roles: list[str], joined_at: str, nick: str | None = None) -> JSON:
    """A guild member object (with its user)."""
    return {
        "user": user_obj,
        "nick": nick,
        "avatar": None,
        "banner": None,
        "roles": list(roles),
        "joined_at": joined_at,
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "communication_disabled_until": None,
        "avatar_decoration_data": None,
    }


def role(role_id: str, name: str, permissions: int, position: int, *, bot_id: str | None = None) -> JSON:
    """A role object; ``bot_id`` makes it the bot's managed integration role."""
    data: JSON = {
        "id": role_id,
        "name": name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": position,
        "permissions": str(permissions),
        "managed": bot_id is not None,
        "mentionable": False,
        "flags": 0,
    }
    if bot_id is not None:
        data["tags"] = {"bot_id": bot_id}
    return data


def text_channel(channel_id: str, guild_id: str, name: str, position: int, parent_id: str | None = None) -> JSON:
    """A guild text channel object."""
    return {
        "id": channel_id,
        "type": GUILD_TEXT,
        "guild_id": guild_id,
        "name": name,
        "position": position,
        "permission_overwrites": [],
        "topic": None,
        "nsfw": False,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "parent_id": parent_id,
        "default_auto_archive_duration": 1440,
        "flags": 0,
    }


def thread_channel(
    thread_id: str, parent: JSON, name: str, owner_id: str, *, kind: int = PUBLIC_THREAD,
    auto_archive_duration: int = 1440, invitable: bool = True,
) -> JSON:
    """A thread channel object under ``parent``."""
    return {
        "id": thread_id,
        "type": kind,
        "guild_id": parent["guild_id"],
        "parent_id": parent["id"],
        "owner_id": owner_id,
        "name": name,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "total_message_sent": 0,
        "flags": 0,
        "applied_tags": [],
        "thread_metadata": {
            "archived": False,
            "auto_archive_duration": auto_archive_duration,
            "archive_timestamp": now_iso(),
            "locked": False,
            "invitable": invitable,
            "create_timestamp": now_iso(),
        },
        "member": {"id": thread_id, "user_id": owner_id, "join_timestamp": now_iso(), "flags": 0},
    }


def dm_channel(channel_id: str, recipient: JSON) -> JSON:
    """A DM channel object with one recipient."""
    return {"id": channel_id, "type": DM, "last_message_id": None, "recipients": [recipient], "flags": 0}


def attachment(attachment_id: str, filename: str, data: bytes, url: str, *, description: str | None = None) -> JSON:
    """An attachment object (without the bytes)."""
    content_type = mimetypes.guess_type(filename)[0] or "application/octet-stream"
    result: JSON = {
        "id": attachment_id,
        "filename": filename,
        "size": len(data),
        "url": url,
        "proxy_url": url,
        "content_type": content_type,
    }
    if description:
        result["description"] = description
    return result


def guild_base(guild_id: str, name: str, owner_id: str, roles: list[JSON]) -> JSON:
    """The guild fields shared by REST and GUILD_CREATE."""
    return {
        "id": guild_id,
        "name": name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "owner_id": owner_id,
        "region": None,
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 1,
        "explicit_content_filter": 0,
        "roles": roles,
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "application_id": None,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "safety_alerts_channel_id": None,
        "max_members": 500000,
        "vanity_url_code": None,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": "en-US",
        "nsfw_level": 0,
        "premium_progress_bar_enabled": False,
    }


def mentioned_ids(content: str) -> list[str]:
    """User ids mentioned as ``<@id>`` / ``<@!id>`` in ``content``, in order, without duplicates."""
    seen: list[str] = []
    for found in re.findall(r"<@!?(\d+)>", content):
        if found not in seen:
            seen.append(found)
    return seen
