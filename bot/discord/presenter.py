"""Turning service results into Discord messages: embeds, attachments and components."""

from __future__ import annotations

import io
from typing import Any

import discord

from bot.service.results import Choice, Lobby, Panel, Post, PrivateView, image_slug

from . import components as comp
from .replies import clip
from .styles import SIMILAR_LIMIT, style_for

BOARD_FILE = "board.png"
HAND_FILE = "hand.png"
COLOUR = discord.Colour(0x0072B2)
DONE_COLOUR = discord.Colour(0x009E73)
SELECT_PAGES = 4
MORE_IMAGES = 9
"""Images a post carries besides the board (Discord allows 10 embeds and 10 files per message)."""
MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)


def relative_time(timestamp: float) -> str:
    """A Discord relative timestamp (``in 3 hours``) in every reader's own time zone."""
    return f"<t:{int(timestamp)}:R>"


def post_message(post: Post) -> dict[str, Any]:
    """kwargs for ``send`` of a public board post: what happened this turn, who is due and by when,
    the board (with its description), and a ping for whoever a decision just became theirs."""
    embed = discord.Embed(title=f"{post.title} · game #{post.game_id}", colour=DONE_COLOUR if post.finished else COLOUR)
    parts = [post.summary] if post.summary else []
    if post.finished:
        parts.append(f"🏁 **Game over.** {post.result_text}\nThe replay (seed and moves): `/game export`.")
    else:
        parts.append(f"**Now:** {now_line(post)}")
    embed.description = clip("\n\n".join(parts), 4000)
    embed.set_footer(text=post.footer or f"{post.title}")
    kwargs: dict[str, Any] = {"embeds": [embed], "allowed_mentions": MENTIONS}
    if post.image:  # the board in the first embed, each image that goes with it in an embed of its own
        kwargs["files"] = [discord.File(io.BytesIO(post.image), filename=BOARD_FILE,
                                        description=post.alt_text[:1024] or None)]
        embed.set_image(url=f"attachment://{BOARD_FILE}")
        for n, (title, data) in enumerate(post.more_images[:MORE_IMAGES], start=2):
            name = f"{image_slug(title)}-{n}.png"
            kwargs["files"].append(discord.File(io.BytesIO(data), filename=name, description=clip(title, 1024) or None))
            kwargs["embeds"].append(discord.Embed(title=clip(title, 256) or None, colour=embed.colour)
                                    .set_image(url=f"attachment://{name}"))
    if post.mentions:
        pings = " ".join(f"<@{u}>" for u in post.mentions)
        kwargs["content"] = f"{pings} — the game is over." if post.finished else f"{pings} — your turn."
    if not post.finished:
        kwargs["view"] = comp.table_view(post.game_id)
    return kwargs


def now_line(post: Post) -> str:
    """"Waiting for Alice: program your command (due <t:…:R>: 48 h turn + 48 h time bank)"."""
    line = post.waiting or post.prompt
    if post.deadline:
        first = min(post.deadlines, key=post.deadlines.__getitem__) if post.deadlines else ""
        note = post.deadline_notes.get(first) if len(post.deadlines) == 1 else None
        line += f" (due {relative_time(post.deadline)}{': ' + note if note else ''})"
    if len(post.deadlines) > 1:  # simultaneous phase: each pending player has their own deadline
        line += "\n**Deadlines:** " + ", ".join(
            f"<@{u}> {relative_time(t)}" + (f" ({post.deadline_notes[u]})" if u in post.deadline_notes else "")
            for u, t in post.deadlines.items())
    return line


def status_message(post: Post) -> dict[str, Any]:
    """kwargs for the one status message of a simultaneous phase, edited as players lock in (no pings)."""
    lines = [f"⏳ **{post.title} · game #{post.game_id}**"]
    if post.summary:
        lines.append(post.summary)
    lines.append(f"**Now:** {now_line(post)}")
    return {"content": clip("\n".join(lines), 2000), "allowed_mentions": discord.AllowedMentions.none()}


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
    if lobby.plays:
        embed.add_field(name="What you will play", value=clip(" ".join(lobby.plays), 1024), inline=False)
    if lobby.notes:
        embed.add_field(name="Pace", value=clip("\n".join(lobby.notes), 1024), inline=False)
    embed.description = f"Host: <@{lobby.host_id}>. {lobby.message}".strip()
    if lobby.status == "lobby":
        embed.set_footer(text="Join with the button or /game join · the host starts with /game start")
    view = comp.lobby_view(lobby.game_id, option_schema, lobby.options) if lobby.status == "lobby" else None
    kwargs: dict[str, Any] = {"embed": embed, "allowed_mentions": discord.AllowedMentions.none()}
    if view is not None:
        kwargs["view"] = view
    return kwargs


def panel_message(panel: Panel) -> dict[str, Any]:
    """kwargs for the ephemeral turn panel: buttons coloured by meaning; more than a handful of similar
    choices (one verb) become a select menu, and very many choices all become menus."""
    view = discord.ui.View(timeout=None)
    text = f"**{panel.prompt}**"
    groups: dict[str, list[Choice]] = {}
    for choice in panel.choices:
        groups.setdefault(choice.action.split(":", 1)[0], []).append(choice)
    menus = [c for g in groups.values() if len(g) > SIMILAR_LIMIT for c in g]
    buttons = [c for g in groups.values() if len(g) <= SIMILAR_LIMIT for c in g]
    pages = [menus[i:i + 25] for i in range(0, len(menus), 25)]
    extras = panel.can_undo + 2  # Undo, then Since your last turn and Rules (grey, last)
    rows_for_buttons = -(-(len(buttons) + extras) // 5)
    if len(pages) + rows_for_buttons > 5:  # no room: every choice in menus, as before
        buttons, pages = [], [panel.choices[i:i + 25] for i in range(0, len(panel.choices), 25)]
        rows_for_buttons = 1
    for choice in buttons:
        view.add_item(comp.ActionButton(panel.game_id, panel.version, choice.action, choice.label,
                                        style=style_for(choice.action, choice.label)))
    if panel.can_undo:
        view.add_item(comp.ActionButton(panel.game_id, panel.version, "undo", "Undo",
                                        style=discord.ButtonStyle.secondary))
    view.add_item(comp.SinceButton(panel.game_id))
    view.add_item(comp.RulesButton(panel.game_id))
    room = min(SELECT_PAGES, 5 - rows_for_buttons)
    for page, chunk in enumerate(pages[:room]):
        view.add_item(comp.ActionSelect(panel.game_id, panel.version, page, chunk, _page_title(chunk, page)))
    if len(pages) > room:
        text += f"\n{sum(map(len, pages[room:]))} more moves: type them with `/play`."
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
        first = view.text.split("\n", 2)
        kwargs["file"] = discord.File(io.BytesIO(view.image), filename=HAND_FILE,
                                      description=clip(" ".join(first[:2]).replace("**", ""), 1000))
    return kwargs


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
