"""Playing whole turns through the turn panel and checking, from what the fake Discord received, that the
channel reads like a well-kept game log (issue 21): one post and one ping per turn, only the latest board
live, no repeated images, alt text on every attachment."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import engines
from bot.discord.ids import b36
from tests.fakediscord.store import iter_components

from ._support import JSON, custom_ids, game_row, settle
from .conftest import Table


@dataclass
class TableLog:
    """What a game put in the channel, checked after every click."""

    clicks: list[int] = field(default_factory=list)
    """Interactions each finished turn took (opening the panel included)."""
    posts_per_turn: list[int] = field(default_factory=list)
    """Board posts during each turn."""
    boards: int = 0
    statuses: int = 0
    """Status messages of simultaneous phases (one per phase, edited as players lock in)."""
    images: list[bytes] = field(default_factory=list)
    last_post_images: list[bytes] = field(default_factory=list)
    """The images of the last message that had any (a post never repeats the previous one's)."""
    mentioned_since_move: dict[str, int] = field(default_factory=dict)
    seen: int = 0
    """Channel messages already checked."""


def channel_messages(table: Table) -> list[JSON]:
    """The channel's public messages, oldest first."""
    return table.fake.messages(table.channel)


def check_channel(table: Table, log: TableLog, board_id: str | None) -> int:
    """Check the messages posted since the last look; returns how many were boards (a simultaneous
    phase's status message is not one: it is posted once and then edited)."""
    new = table.fake.messages(table.channel, since=log.seen)
    log.seen += len(new)
    boards = 0
    for message in new:
        attachments = message.get("attachments") or []
        for attachment in attachments:
            assert attachment.get("description"), f"an attachment without alt text: {attachment['filename']}"
        if attachments:
            images = [a["data"] for a in attachments]
            assert images != log.last_post_images, "the same board images were posted twice in a row"
            log.last_post_images = images
            log.images += images
        if str(message.get("nonce") or "").startswith("tk"):
            log.boards += 1
            boards += 1
        else:
            log.statuses += 1
        for user in message.get("mentions") or []:
            count = log.mentioned_since_move.get(user["id"], 0) + 1
            assert count == 1, f"{user['id']} was pinged again before they moved: {message['content']!r}"
            log.mentioned_since_move[user["id"]] = count
    live = [i for i in table.fake.with_components(table.channel) if i != board_id]
    assert live == [], "only the latest board may carry buttons"
    return boards


async def click_action(table: Table, user: str, panel: JSON, action: str) -> None:
    """Press the panel's button for ``action`` or pick it in the panel's menu; wait until it is public."""
    game_part = next(cid for cid in custom_ids(panel) if cid[:2] in ("a:", "s:")).split(":")[1]
    for comp in iter_components(panel.get("components") or []):
        cid = comp.get("custom_id") or ""
        if comp.get("type") == 2 and cid.startswith("a:") and cid.split(":", 3)[3] == action:
            ix = await table.fake.click(user, table.channel, panel["id"], cid)
            break
        if comp.get("type") == 3 and any(o["value"] == action for o in comp.get("options") or []):
            ix = await table.fake.select(user, table.channel, panel["id"], cid, [action])
            break
    else:
        raise AssertionError(f"{action!r} is not on the panel: {custom_ids(panel)}")
    await ix.wait_followups(1)
    await settle(table, int(game_part, 36))


async def play_turn(table: Table, log: TableLog, game_id: int, limit: int = 60) -> bool:
    """The first waited-for player opens the panel on the latest board and plays the bot's choices until
    the decision is someone else's (or the game ends). Returns False when the game is over."""
    game = await game_row(table, game_id)
    engine = engines.get(game.engine)
    assert game.state is not None and game.board_message_id is not None
    if game.status != "running":
        return False
    seat = engine.active(game.state)[0]
    player = game.player_at(seat)
    assert player is not None and player.user_id
    user = player.user_id
    log.mentioned_since_move[user] = 0
    ix = await table.fake.click(user, table.channel, game.board_message_id, f"t:{b36(game_id)}")
    panel = ix.message
    clicks, posts = 1, 0
    for _ in range(limit):
        game = await game_row(table, game_id)
        assert game.state is not None
        action = str(engine.bot_action(game.state, seat))
        await click_action(table, user, panel, action)
        clicks += 1
        game = await game_row(table, game_id)
        posts += check_channel(table, log, game.board_message_id)
        panel = table.fake.message(panel["id"])
        assert game.state is not None
        if game.status != "running" or seat not in engine.active(game.state) or not panel["components"]:
            break
        if posts:  # a board went out (a simultaneous phase resolved): the seat's next decision is a new turn
            break
    log.clicks.append(clicks)
    log.posts_per_turn.append(posts)
    return (await game_row(table, game_id)).status == "running"


def summary(log: TableLog) -> dict[str, Any]:
    """Figures for the report: clicks per typical (median) turn, posts and image bytes."""
    ordered = sorted(log.clicks)
    return {"turns": len(log.clicks), "clicks_median": ordered[len(ordered) // 2] if ordered else 0,
            "clicks_max": max(ordered, default=0), "boards": log.boards, "statuses": log.statuses,
            "image_bytes": sum(map(len, log.images))}
