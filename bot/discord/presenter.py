"""Turning service results into Discord messages: embeds, attachments and components."""

from __future__ import annotations

import io
from typing import Any

import discord

from bot.service.results import Choice, Lobby, Panel, Post, PrivateView

from . import components as comp
from .replies import clip

BOARD_FILE = "board.png"
HAND_FILE = "hand.png"
COLOUR = discord.Colour(0x0072B2)
DONE_COLOUR = discord.Colour(0x009E73)
BUTTON_LIMIT = 20
"""Up to 20 move buttons (4 rows of 5); larger choices become select menus."""
SELECT_PAGES = 4
MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)


def relative_time(timestamp: float) -> str:
    """A Discord relative timestamp (``in 3 hours``) in every reader's own time zone."""
    return f"<t:{int(timestamp)}:R>"


def post_message(post: Post) -> dict[str, Any]:
    """kwargs for ``send`` of a public board update."""
    embed = discord.Embed(title=f"{post.title} · game #{post.game_id}", colour=DONE_COLOUR if post.finished else COLOUR)
    parts = [post.summary] if post.summary else []
    if post.finished:
        parts.append(f"🏁 **Game over.** {post.result_text}\nThe replay (seed and moves): `/game export`.")
    else:
        line = f"**Now:** {post.prompt}"
        if post.deadline:
            line += f" (due {relative_time(post.deadline)})"
        if len(post.deadlines) > 1:  # simultaneous phase: each pending player has their own deadline
            line += "\n**Deadlines:** " + ", ".join(f"<@{u}> {relative_time(t)}" for u, t in post.deadlines.items())
        parts.append(line)
    embed.description = clip("\n\n".join(parts), 4000)
    embed.set_footer(text=f"Move {post.version}")
    kwargs: dict[str, Any] = {"embed": embed, "allowed_mentions": MENTIONS}
    if post.image:
        kwargs["file"] = discord.File(io.BytesIO(post.image), filename=BOARD_FILE)
        embed.set_image(url=f"attachment://{BOARD_FILE}")
    if post.active_users and not post.finished:
        kwargs["content"] = " ".join(f"<@{u}>" for u in post.active_users) + " — your move."
    if not post.finished:
        kwargs["view"] = comp.table_view(post.game_id)
    return kwargs


def lobby_message(lobby: Lobby, option_schema: list[dict[str, Any]]) -> dict[str, Any]:
    """kwargs for the lobby message with its join/start buttons and option menus."""
    embed = discord.Embed(title=f"{lobby.title} · lobby #{lobby.game_id}", colour=COLOUR)
    players = "\n".join(f"{i + 1}. {name}" for i, name in enumerate(lobby.players)) or "nobody yet"
    embed.add_field(name=f"Players ({len(lobby.players)}/{lobby.max_players}, "
                         f"needs {lobby.min_players}+)", value=players, inline=False)
    if lobby.options:
        labels = {o["name"]: o["label"] for o in option_schema}
        text = "\n".join(f"{labels.get(k, k)}: **{_show(v)}**" for k, v in lobby.options.items())
        embed.add_field(name="Options", value=clip(text, 1024), inline=False)
    if lobby.notes:
        embed.add_field(name="Pace", value=clip("\n".join(lobby.notes), 1024), inline=False)
    embed.description = f"Host: <@{lobby.host_id}>. {lobby.message}".strip()
    embed.set_footer(text="Join with the button or /game join · the host starts with /game start")
    view = comp.lobby_view(lobby.game_id, option_schema, lobby.options) if lobby.status == "lobby" else None
    kwargs: dict[str, Any] = {"embed": embed, "allowed_mentions": discord.AllowedMentions.none()}
    if view is not None:
        kwargs["view"] = view
    return kwargs


def panel_message(panel: Panel) -> dict[str, Any]:
    """kwargs for the ephemeral turn panel (buttons, or select menus for many choices)."""
    view = discord.ui.View(timeout=None)
    choices = panel.choices
    text = f"**{panel.prompt}**"
    if len(choices) <= BUTTON_LIMIT:
        for choice in choices:
            view.add_item(comp.ActionButton(panel.game_id, panel.version, choice.action, choice.label))
    else:
        pages = [choices[i:i + 25] for i in range(0, len(choices), 25)]
        for page, chunk in enumerate(pages[:SELECT_PAGES]):
            view.add_item(comp.ActionSelect(panel.game_id, panel.version, page, chunk, _page_title(chunk, page)))
        if len(pages) > SELECT_PAGES:
            text += f"\n{len(choices) - 25 * SELECT_PAGES} more moves: type them with `/play`."
    if panel.can_undo:
        view.add_item(comp.ActionButton(panel.game_id, panel.version, "undo", "Undo", row=4,
                                        style=discord.ButtonStyle.secondary))
    return {"content": clip(text), "view": view}


def _page_title(chunk: list[Choice], page: int) -> str:
    return f"Moves {page * 25 + 1}–{page * 25 + len(chunk)}: {chunk[0].label[:40]}…"


def private_message(view: PrivateView) -> dict[str, Any]:
    """kwargs for the ephemeral ``/hand`` answer."""
    text = view.text
    if view.private_log:
        text += "\n\n**Only you saw:**\n" + "\n".join(view.private_log)
    kwargs: dict[str, Any] = {"content": clip(text)}
    if view.image:
        kwargs["file"] = discord.File(io.BytesIO(view.image), filename=HAND_FILE)
    return kwargs


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
