"""``/game …``: lobby and table management."""


import io
import json

import discord
from discord import app_commands
from discord.ext import commands

import engines
from bot.service.errors import ServiceError
from bot.service.replay_check import IMPORTED_MARK

from ..replies import channel_of, clip, guarded, is_admin, require_guild, send_private
from ..table import DiscordTable

MAX_REPLAY_BYTES = 2_000_000


def parse_options(text: str) -> dict[str, str]:
    """``"rounds=3 dice=no"`` → ``{"rounds": "3", "dice": "no"}`` (values are checked by the game)."""
    options: dict[str, str] = {}
    for part in text.replace(",", " ").split():
        if "=" not in part:
            raise ServiceError(f"Options look like `name=value` (e.g. `rounds=3`); “{clip(part, 40)}” is not.")
        name, value = part.split("=", 1)
        options[name.strip()] = value.strip()
    return options


async def game_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Registered games whose title or id contains the typed text."""
    text = current.casefold()
    return [app_commands.Choice(name=f"{e.title} ({e.min_players}–{e.max_players} players)"[:100], value=e.id)
            for e in engines.all() if text in e.title.casefold() or text in e.id][:25]


class GameCog(commands.Cog):
    """Lobby commands."""

    game = app_commands.Group(name="game", description="Open, join, start and manage the game in this channel",
                              guild_only=True)

    def __init__(self, table: DiscordTable) -> None:
        self.table = table

    @game.command(name="new", description="Open a lobby for a game in this channel")
    @app_commands.describe(game="Which game", options="Options as name=value pairs, e.g. rounds=3")
    @app_commands.autocomplete(game=game_autocomplete)
    @guarded("/game new")
    async def new(self, interaction: discord.Interaction, game: str, options: str = "") -> None:
        require_guild(interaction)
        lobby = await self.table.service.new_game(
            guild_id=str(interaction.guild_id), channel_id=channel_of(interaction), user_id=str(interaction.user.id),
            user_name=interaction.user.display_name, engine_id=game, options=parse_options(options))
        await self.table.send_lobby(interaction, lobby)

    @game.command(name="join", description="Join the lobby (or take a free seat) in this channel")
    @guarded("/game join")
    async def join(self, interaction: discord.Interaction) -> None:
        lobby = await self.table.service.join(channel_of(interaction), str(interaction.user.id),
                                            interaction.user.display_name)
        await self.table.send_lobby(interaction, lobby)

    @game.command(name="leave", description="Leave the lobby in this channel")
    @guarded("/game leave")
    async def leave(self, interaction: discord.Interaction) -> None:
        lobby = await self.table.service.leave(channel_of(interaction), str(interaction.user.id))
        if lobby is None:
            await interaction.response.send_message("You left; the lobby is closed.")
            return
        await self.table.send_lobby(interaction, lobby)

    @game.command(name="add-bot", description="Add a bot player to the lobby (host or admin)")
    @guarded("/game add-bot")
    async def add_bot(self, interaction: discord.Interaction) -> None:
        lobby = await self.table.service.add_bot(channel_of(interaction), str(interaction.user.id),
                                                 is_admin(interaction))
        await self.table.send_lobby(interaction, lobby)

    @game.command(name="remove-bot", description="Remove the last bot player from the lobby (host or admin)")
    @guarded("/game remove-bot")
    async def remove_bot(self, interaction: discord.Interaction) -> None:
        lobby = await self.table.service.remove_bot(channel_of(interaction), str(interaction.user.id),
                                                  is_admin(interaction))
        await self.table.send_lobby(interaction, lobby)

    @game.command(name="option", description="Change a lobby option (host or admin)")
    @app_commands.describe(name="Option name", value="New value")
    @guarded("/game option")
    async def option(self, interaction: discord.Interaction, name: str, value: str) -> None:
        lobby = await self.table.service.set_option(channel_of(interaction), str(interaction.user.id), name, value,
                                                  is_admin(interaction))
        await self.table.send_lobby(interaction, lobby)

    @game.command(name="start", description="Start the game (host or admin)")
    @guarded("/game start")
    async def start(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # a refusal must stay private
        post = await self.table.service.start(channel_of(interaction), str(interaction.user.id), is_admin(interaction))
        await self.table.close_lobby(post.game_id, channel_of(interaction))
        await self.table.publish(post)
        await send_private(interaction, f"{post.title} #{post.game_id} has started.")

    @game.command(name="cancel", description="Cancel the game in this channel (host or admin)")
    @guarded("/game cancel")
    async def cancel(self, interaction: discord.Interaction) -> None:
        text = await self.table.service.cancel(channel_of(interaction), str(interaction.user.id), is_admin(interaction))
        await interaction.response.send_message(text)

    @game.command(name="status", description="Where the game in this channel stands")
    @guarded("/game status")
    async def status(self, interaction: discord.Interaction) -> None:
        post = await self.table.service.status(channel_of(interaction))
        text = f"**{post.title}** #{post.game_id}, {post.footer.replace(' · ', ', ')}. "
        text += f"🏁 {post.result_text}" if post.finished else post.waiting or post.prompt
        if post.scores:
            text += f"\nScores: {post.scores}"
        await send_private(interaction, text)

    @game.command(name="export", description="Download the replay file (seed + moves) of a finished game")
    @guarded("/game export")
    async def export(self, interaction: discord.Interaction) -> None:
        document = await self.table.service.export(channel_id=channel_of(interaction))
        data = json.dumps(document, indent=1).encode()
        name = f"turnkeeper-{document['engine']}-{document.get('game_id', 'game')}.json"
        await send_private(interaction, f"Replay of {document.get('title', document['engine'])}: "
                           f"{len(document['actions'])} moves.", file=discord.File(io.BytesIO(data), filename=name))

    @game.command(name="replay", description="Watch the game so far as an animation (public view only)")
    @app_commands.describe(from_="First turn to show (0 is the start; default: the start)",
                           to="Last turn to show (default: the latest)",
                           public="Post it for everyone in the channel (default: only you)")
    @app_commands.rename(from_="from")
    @guarded("/game replay")
    async def replay(self, interaction: discord.Interaction, from_: app_commands.Range[int, 0, 100_000] | None = None,
                     to: app_commands.Range[int, 0, 100_000] | None = None, public: bool = False) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # drawing takes seconds; refusals stay private
        film = await self.table.service.replay(channel_of(interaction), str(interaction.user.id), from_, to)
        file = discord.File(io.BytesIO(film.data), filename=film.filename)
        if public:
            await self.table.post_file(channel_of(interaction), film.text, file)
            await interaction.followup.send("Replay posted in the channel.", ephemeral=True)
        else:
            await interaction.followup.send(film.text, ephemeral=True, file=file,
                                            allowed_mentions=discord.AllowedMentions.none())

    @game.command(name="import", description="Load a replay file into this channel")
    @app_commands.describe(replay="A replay file from /game export")
    @guarded("/game import")
    async def import_(self, interaction: discord.Interaction, replay: discord.Attachment) -> None:
        require_guild(interaction)
        if replay.size > MAX_REPLAY_BYTES:
            raise ServiceError("That file is too large to be a Turnkeeper replay.")
        await interaction.response.defer(ephemeral=True, thinking=True)  # a refusal must stay private
        try:
            document = json.loads(await replay.read())
        except (ValueError, RecursionError, discord.HTTPException):  # RecursionError: deeply nested JSON
            raise ServiceError("That file is not a Turnkeeper replay (JSON from /game export).") from None
        if not isinstance(document, dict):
            raise ServiceError("That file is not a Turnkeeper replay (JSON from /game export).")
        post = await self.table.service.import_replay(
            guild_id=str(interaction.guild_id), channel_id=channel_of(interaction), user_id=str(interaction.user.id),
            user_name=interaction.user.display_name, document=document)
        await self.table.publish(post)
        title = post.title.removesuffix(IMPORTED_MARK)
        await send_private(interaction, f"Replay imported as {title} #{post.game_id}, move {post.version}. It is "
                           "marked as imported: not rated, not part of any league.")
