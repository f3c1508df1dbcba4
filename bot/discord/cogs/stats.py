"""``/stats``: a player's record on this server, as an image card with a text fallback."""

import asyncio
import io

import discord
from discord import app_commands
from discord.ext import commands

from bot.service.naming import clean_name, plain
from bot.service.stats import PlayerStats
from render.table_image import table_png

from ..replies import clip, guarded, require_guild
from ..table import DiscordTable
from .game import game_autocomplete


def stats_card(stats: PlayerStats) -> bytes:
    """The figures as a table image: all games first, then each game."""
    rows = [["", *stats.total.row()], *([i, *g.row()] for i, g in enumerate(stats.per_game, start=1))]
    return table_png(f"{plain(stats.name)} — statistics", ["#", "Game", "Played", "Won", "Place", "Score"],
                     rows, highlight=1)


class StatsCog(commands.Cog):
    """Player statistics."""

    def __init__(self, table: DiscordTable) -> None:
        self.table = table

    @app_commands.command(name="stats", description="A player's games on this server: played, won, placings, pace")
    @app_commands.describe(user="Whose statistics (default: yours)", game="Only this game",
                           public="Post it for everyone (default: only you)")
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.guild_only()
    @guarded("/stats")
    async def stats(self, interaction: discord.Interaction, user: discord.User | None = None,
                    game: str | None = None, public: bool = False) -> None:
        require_guild(interaction)
        who = user or interaction.user
        await interaction.response.defer(ephemeral=not public, thinking=True)
        figures = await self.table.service.player_stats(str(interaction.guild_id), str(who.id),
                                                        clean_name(who.display_name), game)
        kwargs: dict = {"ephemeral": not public, "allowed_mentions": discord.AllowedMentions.none()}
        if figures.total.played:
            image = await asyncio.get_running_loop().run_in_executor(None, stats_card, figures)
            kwargs["file"] = discord.File(io.BytesIO(image), filename="stats.png")
        await interaction.followup.send(clip(figures.text()), **kwargs)
