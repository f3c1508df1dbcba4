"""``/rating`` and ``/leaderboard``: openskill ratings per game per server."""

import asyncio
import io

import discord
from discord import app_commands
from discord.ext import commands

from bot.service.naming import clean_name, plain
from render.table_image import table_png

from ..league_text import leaderboard_rows, rating_text, title
from ..replies import clip, guarded, require_guild, send_private
from ..table import DiscordTable
from .game import game_autocomplete


class RatingCog(commands.Cog):
    """Rating commands."""

    def __init__(self, table: DiscordTable) -> None:
        self.table = table

    @app_commands.command(name="rating", description="A player's rating per game on this server (openskill)")
    @app_commands.describe(user="Whose rating (default: yours)", game="Only this game")
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.guild_only()
    @guarded("/rating")
    async def rating(self, interaction: discord.Interaction, user: discord.User | None = None,
                     game: str | None = None) -> None:
        require_guild(interaction)
        who = user or interaction.user
        ratings = await self.table.leagues.rating(str(interaction.guild_id), str(who.id))
        if game:
            ratings = {g: r for g, r in ratings.items() if g == game}
        await send_private(interaction, rating_text(clean_name(who.display_name), ratings))

    @app_commands.command(name="leaderboard", description="The best rated players of a game on this server")
    @app_commands.describe(game="Which game (default: the only rated one)", public="Post it for everyone")
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.guild_only()
    @guarded("/leaderboard")
    async def leaderboard(self, interaction: discord.Interaction, game: str | None = None,
                          public: bool = False) -> None:
        require_guild(interaction)
        engine, rows = await self.table.leagues.leaderboard(str(interaction.guild_id), game)
        if not rows:
            await send_private(interaction, f"Nobody has a {title(engine)} rating here yet.")
            return
        await interaction.response.defer(ephemeral=not public, thinking=True)
        data = [[rank, plain(name), *rest] for rank, name, *rest in leaderboard_rows(rows)]  # image: no escapes
        heading = f"{title(engine)} leaderboard"
        image = await asyncio.get_running_loop().run_in_executor(
            None, lambda: table_png(heading, ["#", "Player", "Rating", "μ", "σ", "Games"], data, highlight=3))
        lines = [f"{r[0]:>2}. {r[1]} — {r[2]} ({r[5]} games)" for r in data]
        text = f"**{heading}** (rating = μ − 3σ)\n" + "\n".join(lines)
        await interaction.followup.send(clip(text), ephemeral=not public,
                                        file=discord.File(io.BytesIO(image), filename="leaderboard.png"))
