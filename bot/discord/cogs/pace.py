"""Keeping games moving: ``/pace …``, ``/remind …``, ``/vacation …`` and ``/mygames``."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from ..replies import channel_of, guarded, is_admin, require_guild, send_private
from ..table import DiscordTable

MENTION_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)
PACES = [app_commands.Choice(name=n, value=n.split()[0]) for n in (
    "fast (12 h per turn)", "normal (48 h per turn)", "slow (5 days per turn)", "off (no deadlines)",
    "custom (admins)")]
POLICIES = [app_commands.Choice(name="play the game's default action", value="default"),
            app_commands.Choice(name="a bot takes the seat until the player returns", value="bot"),
            app_commands.Choice(name="skip with the default, forfeit after N strikes", value="skip")]
MODES = [app_commands.Choice(name="DM", value="dm"), app_commands.Choice(name="mention in the game channel",
                                                                           value="channel"),
         app_commands.Choice(name="both", value="both")]


class PaceCog(commands.Cog):
    """Deadlines, reminders, vacations and /mygames."""

    pace = app_commands.Group(name="pace", description="Deadlines and timeouts of the game in this channel",
                              guild_only=True)
    remind = app_commands.Group(name="remind", description="Your reminder settings")
    vacation = app_commands.Group(name="vacation", description="Pause your clocks in all your games")

    def __init__(self, table: DiscordTable) -> None:
        self.table = table

    # -- /pace -----------------------------------------------------------------------------
    @pace.command(name="set", description="Choose the pace (host in the lobby; admins any time, custom too)")
    @app_commands.describe(pace="How long each turn may take", turn_hours="custom: hours per turn",
                           bank_hours="custom: starting time bank", gain_hours="custom: bank gained per move",
                           cap_hours="custom: largest bank")
    @app_commands.choices(pace=PACES)
    @guarded("/pace set")
    async def pace_set(self, interaction: discord.Interaction, pace: str, turn_hours: float | None = None,
                       bank_hours: float = 0.0, gain_hours: float = 0.0, cap_hours: float | None = None) -> None:
        custom = (turn_hours, bank_hours, gain_hours, cap_hours) if turn_hours is not None else None
        text = await self.table.scheduler.deadlines.set_pace(channel_of(interaction), str(interaction.user.id),
                                                           is_admin(interaction), pace, custom)
        await interaction.response.send_message(f"⏱️ {text}", allowed_mentions=discord.AllowedMentions.none())

    @pace.command(name="timeout", description="What happens when a player runs out of time (host or admin)")
    @app_commands.describe(policy="The timeout policy", strikes="skip: timeouts before a forfeit (default 3)",
                           away_after="timeouts in a row after which turns are defaulted at once (0 = never, "
                                      "default 2)",
                           grace_hours="bot: hours the stand-in waits before each move (default 10 % of the turn)")
    @app_commands.choices(policy=POLICIES)
    @guarded("/pace timeout")
    async def pace_timeout(self, interaction: discord.Interaction, policy: str, strikes: int | None = None,
                           away_after: int | None = None, grace_hours: float | None = None) -> None:
        text = await self.table.scheduler.deadlines.set_policy(channel_of(interaction), str(interaction.user.id),
                                                             is_admin(interaction), policy, strikes, away_after,
                                                             grace_hours)
        await interaction.response.send_message(f"⏱️ {text}", allowed_mentions=discord.AllowedMentions.none())

    @pace.command(name="show", description="The pace, every player's deadline, time bank and strikes")
    @guarded("/pace show")
    async def pace_show(self, interaction: discord.Interaction) -> None:
        await send_private(interaction, await self.table.scheduler.deadlines.describe(channel_of(interaction)))

    @pace.command(name="back", description="Take your seat back from the bot that played it while you were away")
    @guarded("/pace back")
    async def pace_back(self, interaction: discord.Interaction) -> None:
        text = await self.table.scheduler.timeouts.back(channel_of(interaction), str(interaction.user.id))
        await interaction.response.send_message(f"{interaction.user.mention}: {text}",
                                                allowed_mentions=discord.AllowedMentions.none())

    @pace.command(name="extend", description="Give more time to the players the game waits for (admin)")
    @app_commands.describe(hours="Hours to add", player="Only this player's deadline")
    @guarded("/pace extend")
    async def pace_extend(self, interaction: discord.Interaction, hours: float,
                          player: discord.Member | None = None) -> None:
        text = await self.table.scheduler.timeouts.extend(
            channel_of(interaction), str(interaction.user.id), is_admin(interaction), hours,
            str(player.id) if player else None)
        await interaction.response.send_message(text, allowed_mentions=discord.AllowedMentions.none())

    @pace.command(name="replace",
                  description="Give a player's seat to someone else (admin; the host too for a player who left)")
    @app_commands.describe(new_player="Who takes the seat over",
                           player="Whose seat (leave empty for the player who left the server)")
    @guarded("/pace replace")
    async def pace_replace(self, interaction: discord.Interaction, new_player: discord.Member,
                           player: discord.User | None = None) -> None:
        text = await self.table.scheduler.timeouts.replace(
            channel_of(interaction), str(interaction.user.id), is_admin(interaction),
            str(player.id) if player else None, str(new_player.id), new_player.display_name)
        await interaction.response.send_message(text, allowed_mentions=MENTION_USERS)

    # -- /remind ---------------------------------------------------------------------------
    @remind.command(name="settings", description="How and when you are reminded (leave empty to see them)")
    @app_commands.describe(mode="DM, a mention in the game channel, or both",
                           interval_hours="Remind every N hours while it is your turn (0: only near the deadline)",
                           timezone="Your IANA time zone, e.g. Europe/Paris",
                           quiet="Quiet hours, e.g. 22:00-07:30, or off")
    @app_commands.choices(mode=MODES)
    @guarded("/remind settings")
    async def remind_settings(self, interaction: discord.Interaction, mode: str | None = None,
                              interval_hours: float | None = None, timezone: str | None = None,
                              quiet: str | None = None) -> None:
        reminders = self.table.scheduler.reminders
        prefs = await reminders.update(str(interaction.user.id), mode=mode, interval_hours=interval_hours,
                                       tz=timezone, quiet=quiet)
        await send_private(interaction, reminders.describe(prefs))

    @remind.command(name="not-this-turn", description="No more reminders for your current turn in this game")
    @app_commands.guild_only()
    @guarded("/remind not-this-turn")
    async def remind_mute(self, interaction: discord.Interaction) -> None:
        await send_private(interaction, await self.table.scheduler.reminders.mute(channel_of(interaction),
                                                                                 str(interaction.user.id)))

    # -- /vacation -------------------------------------------------------------------------
    @vacation.command(name="on", description="Pause your clocks in all your games")
    @app_commands.describe(until="Days (7), hours (36h) or a date (2026-12-24); default: all you have left")
    @guarded("/vacation on")
    async def vacation_on(self, interaction: discord.Interaction, until: str | None = None) -> None:
        guild = str(interaction.guild_id) if interaction.guild_id else None
        now = self.table.service.clock()
        text = await self.table.scheduler.vacations.start(str(interaction.user.id), guild, until, now)
        await send_private(interaction, text)

    @vacation.command(name="off", description="End your vacation: your deadlines move by the time away")
    @guarded("/vacation off")
    async def vacation_off(self, interaction: discord.Interaction) -> None:
        now = self.table.service.clock()
        await send_private(interaction, await self.table.scheduler.vacations.end(str(interaction.user.id), now))

    @vacation.command(name="status", description="Whether you are away and how many days are left this year")
    @guarded("/vacation status")
    async def vacation_status(self, interaction: discord.Interaction) -> None:
        guild = str(interaction.guild_id) if interaction.guild_id else None
        await send_private(interaction, await self.table.scheduler.vacations.status(str(interaction.user.id), guild,
                                                                                   self.table.service.clock()))

    @vacation.command(name="allowance", description="Set this server's yearly vacation allowance (admin)")
    @app_commands.describe(days="Days per calendar year")
    @guarded("/vacation allowance")
    async def vacation_allowance(self, interaction: discord.Interaction, days: float) -> None:
        require_guild(interaction)
        vacations = self.table.scheduler.vacations
        text = await vacations.set_allowance(str(interaction.guild_id), days, is_admin(interaction))
        await send_private(interaction, text)

    # -- /mygames --------------------------------------------------------------------------
    @app_commands.command(name="mygames", description="Every game waiting for you, in every server")
    @guarded("/mygames")
    async def mygames(self, interaction: discord.Interaction) -> None:
        await send_private(interaction, await self.table.scheduler.mygames(str(interaction.user.id)))
