"""Delivering the scheduler's notices: DMs (falling back to a channel mention) and channel posts."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

import discord

from bot.service.pace_store import Notice
from bot.service.scheduler import Scheduler

from .failures import channel_failure
from .ids import b36
from .replies import clip

log = logging.getLogger("turnkeeper.delivery")
USER_MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)


OnLost = Callable[[str, str, discord.HTTPException], Awaitable[None]]
"""Told when a channel refuses for good: ``(channel id, reason, error)``."""


async def deliver(client: discord.Client, scheduler: Scheduler, notices: list[Notice],
                  on_lost: OnLost | None = None) -> int:
    """Deliver each notice and mark it sent; one failure never stops the others. Returns how many."""
    done = 0
    for notice in notices:
        try:
            delivered = await deliver_one(client, notice, on_lost)
        except Exception:  # keep delivering the rest; it is retried next sweep
            log.exception("delivering notice %s failed", notice.id)
            delivered = False
        if delivered:
            await scheduler.sent(notice.id)
            done += 1
    return done


async def deliver_one(client: discord.Client, notice: Notice, on_lost: OnLost | None = None) -> bool:
    """True once delivered (or undeliverable for good); False to retry at the next sweep.

    The nonce makes a redelivery (after a crash between Discord storing the message and the notice being
    marked sent) return the message already made instead of a second copy."""
    text = notice.text
    nonce = f"tkn{b36(notice.id)}"
    if notice.dm and notice.user_id:
        try:
            channel = await client.create_dm(discord.Object(id=int(notice.user_id)))
            await channel.send(clip(text, 2000), allowed_mentions=discord.AllowedMentions.none(), nonce=nonce)
            return True
        except discord.HTTPException as err:  # closed DMs (403) and the like: mention in the channel
            log.info("DM to %s failed (%s); falling back to a channel mention", notice.user_id, err)
            if notice.channel_id is None:
                return True
            text = f"<@{notice.user_id}> (I could not DM you) {text}"
    if notice.channel_id is None:
        return True
    try:
        await client.get_partial_messageable(int(notice.channel_id)).send(clip(text, 2000), nonce=nonce + "c",
                                                                       allowed_mentions=USER_MENTIONS)
    except (discord.NotFound, discord.Forbidden) as err:  # gone, or no longer allowed: retrying cannot help
        log.warning("notice %s cannot be posted in channel %s (%s); dropped", notice.id, notice.channel_id, err)
        if on_lost is not None:
            await on_lost(notice.channel_id, channel_failure(err) or "gone", err)
        return True
    except discord.HTTPException as err:
        log.warning("posting notice %s failed (%s); will retry", notice.id, err)
        return False
    return True
