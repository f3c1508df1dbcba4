"""Playing: ``/play`` with autocomplete, ``/hand``, ``/board``, ``/undo``, ``/log``, ``/rules`` (the rules of the
decision you face now, or a game's summary and topics)."""


import re

import discord
from discord import app_commands
from discord.ext import commands

import engines
from bot.service.errors import NoGame, ServiceError, StaleRequest
from bot.service.rules_now import summary_text, topic_choices, topic_text

from ..presenter import post_message
from ..replies import channel_of, clip, guarded, send_private
from ..table import DiscordTable, table_of
from .game import game_autocomplete

_VERSIONED = re.compile(r"(?s)(.*\S)\s+@v(\d{1,12})")
STALE_CHOICE = ("That move was listed for an earlier position (someone moved since). "
                "Pick it again from `/play`'s list, or type it.")


def versioned(action: str, version: int) -> str:
    """An autocomplete value: the action and the game version it was listed for (``"done @v12"``)."""
    return f"{action} @v{version}"


def split_version(value: str) -> tuple[str, int | None]:
    """``"done @v12"`` → ``("done", 12)``; a typed move has no version (``("done", None)``)."""
    found = _VERSIONED.fullmatch(value.strip())
    return (found.group(1), int(found.group(2))) if found else (value, None)


async def action_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The caller's legal actions, filtered by what they typed (≤ 25); each value carries the game
    version, so a value picked for an earlier position (a double submit) is refused like a stale button."""
    service = table_of(interaction).service
    game = await service.storage.open_game_in_channel(channel_of(interaction))
    if game is None:
        return []
    choices = await service.choices(channel_of(interaction), str(interaction.user.id), split_version(current)[0])
    return [app_commands.Choice(name=c.label[:100], value=versioned(c.action, game.version)) for c in choices]


async def topic_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Rules topics and rule IDs of the chosen game, else of the channel's game."""
    game = getattr(interaction.namespace, "game", None)
    try:
        engine = engines.get(str(game)) if game else await table_of(interaction).service.rules_engine(
            channel_of(interaction))
    except KeyError:
        engine = None
    return [] if engine is None else [app_commands.Choice(name=n, value=v) for n, v in topic_choices(engine, current)]


class PlayCog(commands.Cog):
    """Move and table commands."""

    def __init__(self, table: DiscordTable) -> None:
        self.table = table

    @app_commands.command(name="play", description="Make your move (start typing to see your legal moves)")
    @app_commands.describe(action="Your move: pick from the list or type part of its name")
    @app_commands.autocomplete(action=action_autocomplete)
    @app_commands.guild_only()
    @guarded("/play")
    async def play(self, interaction: discord.Interaction, action: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        text, version = split_version(action)
        try:
            result = await self.table.service.play(str(interaction.user.id), text, channel_id=channel_of(interaction),
                                                 interaction_id=str(interaction.id), version=version, image=False)
        except StaleRequest as err:
            if version is None or "earlier turn" not in err.message:
                raise
            raise StaleRequest(STALE_CHOICE) from None
        await self.table.after_move(interaction, result, "Move made.")

    @app_commands.command(name="undo", description="Take back your last move while nothing new was revealed")
    @app_commands.guild_only()
    @guarded("/undo")
    async def undo(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        result = await self.table.service.undo(channel_of(interaction), str(interaction.user.id), str(interaction.id),
                                             image=False)
        await self.table.after_move(interaction, result, "Your last move was taken back.")

    @app_commands.command(name="hand", description="See what only you may see (hand, secrets), privately")
    @app_commands.guild_only()
    @guarded("/hand")
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.table.send_hand(interaction)

    @app_commands.command(name="board", description="Show the current board")
    @app_commands.describe(public="Post it for everyone instead of only you",
                           text="The position as text instead of an image (screen readers)")
    @app_commands.guild_only()
    @guarded("/board")
    async def board(self, interaction: discord.Interaction, public: bool = False, text: bool = False) -> None:
        await self.table.service.running_or_last(channel_of(interaction))  # no game: refuse before a public defer
        await interaction.response.defer(ephemeral=not public, thinking=True)
        if text:
            await interaction.followup.send(clip(await self.table.service.board_text(channel_of(interaction))),
                                            ephemeral=not public, allowed_mentions=discord.AllowedMentions.none())
            return
        post = await self.table.service.board(channel_of(interaction))
        kwargs = post_message(post)
        kwargs.pop("content", None)
        await interaction.followup.send(ephemeral=not public, **kwargs)

    @app_commands.command(name="log", description="The game log (your private lines included, only for you)")
    @app_commands.describe(lines="How many lines (default 20)")
    @app_commands.guild_only()
    @guarded("/log")
    async def log(self, interaction: discord.Interaction, lines: app_commands.Range[int, 1, 200] = 20) -> None:
        entries = await self.table.service.log(channel_of(interaction), str(interaction.user.id), lines)
        text = "\n".join(entries) or "Nothing has happened yet."
        while len(text) > 1990 and "\n" in text:
            text = text.split("\n", 1)[1]
        await send_private(interaction, clip(text))

    @app_commands.command(name="rules", description="The rules of the decision you face now, or a game's rules")
    @app_commands.describe(game="Which game (default: this channel's game)", topic="A rules topic or a rule ID")
    @app_commands.autocomplete(game=game_autocomplete, topic=topic_autocomplete)
    @guarded("/rules")
    async def rules(self, interaction: discord.Interaction, game: str = "", topic: str = "") -> None:
        service, channel = self.table.service, channel_of(interaction)
        if not game and not topic:
            await self.table.send_rules(interaction, None)
            return
        if game:
            try:
                engine = engines.get(game)
            except KeyError:
                raise ServiceError(f"There is no game called {game!r}.") from None
        else:
            found = await service.rules_engine(channel)
            if found is None:
                raise NoGame("There is no game in this channel: name one, `/rules game:<game> topic:<topic>`.")
            engine = found
        await send_private(interaction, clip(topic_text(engine, topic) if topic else summary_text(engine)))
