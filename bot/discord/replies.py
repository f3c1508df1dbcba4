"""Answering interactions: ephemeral errors with alternatives, the apology, deferrals."""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec, TypeVar

import discord

from bot.service.errors import ServiceError

log = logging.getLogger("turnkeeper.discord")
P = ParamSpec("P")
R = TypeVar("R")
APOLOGY = "Sorry — something went wrong on our side. Your game is safe; please try again in a moment."
MAX_CONTENT = 2000


def clip(text: str, limit: int = MAX_CONTENT) -> str:
    """Fit text in a Discord message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


async def send_private(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """An ephemeral answer, whether or not the interaction was already answered or deferred."""
    content = clip(content)
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=True, **kwargs)


def error_text(err: ServiceError) -> str:
    """A refusal with up to five legal alternatives."""
    text = err.message
    if err.alternatives:
        options = "\n".join(f"• {label} — `/play {action}`" for action, label in err.alternatives[:5])
        text += f"\nYou could instead:\n{options}"
    return text


async def report_error(interaction: discord.Interaction, err: BaseException, where: str) -> None:
    """Turn any error into an ephemeral message; unexpected ones are logged, never shown."""
    if isinstance(err, ServiceError):
        text = error_text(err)
    else:
        log.error("unexpected error in %s (game %s, channel %s, user %s)", where, await _game_id(interaction),
                  interaction.channel_id, interaction.user.id if interaction.user else "?", exc_info=err)
        text = APOLOGY
    try:
        await send_private(interaction, text)
    except discord.HTTPException:
        log.warning("could not send the error message for %s", where)


async def _game_id(interaction: discord.Interaction) -> str:
    """The id of the channel's game, for logs (never raises)."""
    try:
        service = interaction.client.service  # type: ignore[attr-defined]
        game = await service.storage.latest_game_in_channel(str(interaction.channel_id))
        return str(game.id) if game else "-"
    except Exception:  # noqa: BLE001 - logging must not fail
        return "?"


def guarded(where: str) -> Callable[[Callable[P, Awaitable[R]]], Callable[P, Awaitable[R | None]]]:
    """Decorate an interaction handler ``(self, interaction, ...)`` so errors become replies."""

    def wrap(handler: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R | None]]:
        @functools.wraps(handler)
        async def run(*args: P.args, **kwargs: P.kwargs) -> R | None:
            interaction = next(a for a in args if isinstance(a, discord.Interaction))
            try:
                return await handler(*args, **kwargs)
            except Exception as err:  # noqa: BLE001 - every error must reach the user politely
                await report_error(interaction, err, where)
                return None

        return run

    return wrap


def is_admin(interaction: discord.Interaction) -> bool:
    """Server admins (Manage Server or Administrator) may run any game in their server."""
    perms = interaction.permissions
    return bool(perms.administrator or perms.manage_guild)


def channel_of(interaction: discord.Interaction) -> str:
    """The channel id as the service expects it."""
    return str(interaction.channel_id)


def require_guild(interaction: discord.Interaction) -> None:
    """Games live in server channels; refuse DMs with a clear message."""
    if interaction.guild_id is None:
        raise ServiceError("Games are played in server channels. Use this command in a server where I am.")
