"""``/league …``: community leagues (seasons, sign-ups, match threads, standings, organiser tools)."""

import asyncio
import io

import discord
from discord import app_commands
from discord.ext import commands

from bot.service.errors import ServiceError
from bot.service.leagues import Actor, League, LeagueService
from bot.service.leagues.standings import standings_text
from bot.service.naming import plain
from render.table_image import table_png

from ..league_text import (
    audit_text,
    award_order,
    league_info,
    match_line,
    schedule_text,
)
from ..replies import channel_of, clip, guarded, is_admin, require_guild, send_private
from ..table import DiscordTable, table_of
from .game import game_autocomplete, parse_options

FORMAT_CHOICES = [app_commands.Choice(name=n, value=n) for n in ("round-robin", "swiss")]
PACE_CHOICES = [app_commands.Choice(name=n, value=n) for n in ("fast", "normal", "slow", "off")]
TIMEOUT_CHOICES = [app_commands.Choice(name=n, value=n) for n in ("forfeit", "bot", "default")]


def actor_of(interaction: discord.Interaction) -> Actor:
    """The caller with their admin flag and role ids."""
    roles = tuple(str(r.id) for r in getattr(interaction.user, "roles", []))
    return Actor(str(interaction.user.id), interaction.user.display_name, is_admin(interaction), roles)


async def league_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """League names of this server."""
    if interaction.guild_id is None:
        return []
    names = await table_of(interaction).leagues.names(str(interaction.guild_id))
    return [app_commands.Choice(name=n, value=n) for n in names if current.casefold() in n.casefold()][:25]


class LeagueCog(commands.Cog):
    """League commands."""

    league = app_commands.Group(name="league", description="Community leagues: seasons, pairings and standings",
                                guild_only=True)
    season = app_commands.Group(name="season", description="Start, close or reopen a league season", parent=league)

    def __init__(self, table: DiscordTable) -> None:
        self.table = table

    @property
    def svc(self) -> LeagueService:
        return self.table.leagues

    async def find(self, interaction: discord.Interaction, name: str | None) -> League:
        """The league named, or the one of this channel / match thread / server."""
        require_guild(interaction)
        guild, channel = str(interaction.guild_id), channel_of(interaction)
        if not name and (here := await self.svc.find_by_match_channel(guild, channel)) is not None:
            return here
        parent = getattr(interaction.channel, "parent_id", None)
        return await self.svc.find(guild, str(parent) if parent and not name else channel, name)

    # -- organisers: leagues and seasons ---------------------------------------------------
    @league.command(name="create", description="Create a league in this channel (organisers)")
    @app_commands.describe(name="League name", game="Which game", players="Players per table",
                           scoring="Points per placing, best first, e.g. 3,1,0 (default: players beaten)",
                           format="Pairing format", rounds="Rounds per season (default: automatic)",
                           cap="Sign-up cap (a waitlist after that)", round_days="Days per round before the next "
                           "round is paired anyway", pace="Turn pace", timeouts="What a timeout does",
                           options="Game options as name=value pairs")
    @app_commands.choices(format=FORMAT_CHOICES, pace=PACE_CHOICES, timeouts=TIMEOUT_CHOICES)
    @app_commands.autocomplete(game=game_autocomplete)
    @guarded("/league create")
    async def create(self, interaction: discord.Interaction, name: str, game: str,
                     players: app_commands.Range[int, 2, 12], scoring: str = "", format: str = "round-robin",  # noqa: A002
                     rounds: app_commands.Range[int, 1, 50] | None = None,
                     cap: app_commands.Range[int, 2, 500] | None = None,
                     round_days: app_commands.Range[float, 0.5, 60.0] | None = None, pace: str = "normal",
                     timeouts: str = "forfeit", options: str = "") -> None:
        require_guild(interaction)
        parent = getattr(interaction.channel, "parent_id", None)  # created in a thread: use its channel
        if not isinstance(interaction.channel, discord.TextChannel | discord.Thread):
            raise ServiceError("Create a league in a text channel: its match threads are opened under it.")
        league = await self.svc.create(
            guild_id=str(interaction.guild_id), channel_id=str(parent or interaction.channel_id),
            actor=actor_of(interaction), name=name, engine=game, players=players, scoring=scoring, fmt=format,
            rounds=rounds, cap=cap, round_days=round_days, pace=pace, timeout_policy=timeouts,
            options=parse_options(options))
        season, active, waiting = await self.svc.signups(league)
        await interaction.response.send_message(
            f"🏆 League created. Sign up with `/league join`.\n{league_info(league, season, active, waiting)}")

    @season.command(name="start", description="Close sign-ups, pair round 1 and open the match threads")
    @app_commands.describe(league="Which league (default: this channel's)")
    @app_commands.autocomplete(league=league_autocomplete)
    @guarded("/league season start")
    async def season_start(self, interaction: discord.Interaction, league: str | None = None) -> None:
        found = await self.find(interaction, league)
        await interaction.response.defer(ephemeral=True, thinking=True)  # the pairing is announced publicly
        await send_private(interaction, await self.svc.start_season(found, actor_of(interaction)))

    @season.command(name="close", description="End the current season now (organisers)")
    @app_commands.describe(league="Which league (default: this channel's)", reason="Why (kept in the audit log)")
    @app_commands.autocomplete(league=league_autocomplete)
    @guarded("/league season close")
    async def season_close(self, interaction: discord.Interaction, league: str | None = None, reason: str = "") -> None:
        found = await self.find(interaction, league)
        await self.svc.require_organiser(found.guild_id, actor_of(interaction))
        await interaction.response.defer(ephemeral=True, thinking=True)  # open matches are settled; podium is public
        await send_private(interaction, await self.svc.close_season(found, actor_of(interaction), reason))

    @season.command(name="open", description="Open sign-ups for the next season (organisers)")
    @app_commands.describe(league="Which league (default: this channel's)")
    @app_commands.autocomplete(league=league_autocomplete)
    @guarded("/league season open")
    async def season_open(self, interaction: discord.Interaction, league: str | None = None) -> None:
        found = await self.find(interaction, league)
        await interaction.response.send_message(await self.svc.open_season(found, actor_of(interaction)))

    # -- players ---------------------------------------------------------------------------
    @league.command(name="join", description="Sign up for the league's next season")
    @app_commands.describe(league="Which league (default: this channel's)")
    @app_commands.autocomplete(league=league_autocomplete)
    @guarded("/league join")
    async def join(self, interaction: discord.Interaction, league: str | None = None) -> None:
        found = await self.find(interaction, league)
        text = await self.svc.join(found, str(interaction.user.id), interaction.user.display_name)
        await interaction.response.send_message(f"<@{interaction.user.id}>: {text}",
                                                allowed_mentions=discord.AllowedMentions.none())

    @league.command(name="leave", description="Leave the sign-ups (or withdraw: open matches are forfeited)")
    @app_commands.describe(league="Which league (default: this channel's)")
    @app_commands.autocomplete(league=league_autocomplete)
    @guarded("/league leave")
    async def leave(self, interaction: discord.Interaction, league: str | None = None) -> None:
        found = await self.find(interaction, league)
        await interaction.response.defer(ephemeral=True, thinking=True)
        await send_private(interaction, await self.svc.leave(found, str(interaction.user.id)))

    @league.command(name="forfeit", description="Concede the league match of this thread (a loss)")
    @guarded("/league forfeit")
    async def forfeit(self, interaction: discord.Interaction) -> None:
        require_guild(interaction)
        game = await self.table.service.open_game(channel_of(interaction))
        await interaction.response.defer(ephemeral=True, thinking=True)
        await send_private(interaction, await self.svc.forfeit_seat(game.id, str(interaction.user.id), "conceded"))

    # -- reading ---------------------------------------------------------------------------
    @league.command(name="info", description="League settings and who has signed up")
    @app_commands.describe(league="Which league (default: this channel's)")
    @app_commands.autocomplete(league=league_autocomplete)
    @guarded("/league info")
    async def info(self, interaction: discord.Interaction, league: str | None = None) -> None:
        found = await self.find(interaction, league)
        text = league_info(found, *await self.svc.signups(found))
        if progress := await self.svc.progress(found):
            text += f"\nIn the background: {progress}."
        await send_private(interaction, text)

    @league.command(name="standings", description="Points, games, wins and tie-breaks (image and text)")
    @app_commands.describe(league="Which league (default: this channel's)", public="Post it for everyone")
    @app_commands.autocomplete(league=league_autocomplete)
    @guarded("/league standings")
    async def standings(self, interaction: discord.Interaction, league: str | None = None,
                        public: bool = False) -> None:
        found = await self.find(interaction, league)
        await interaction.response.defer(ephemeral=not public, thinking=True)
        season, rows = await self.svc.standings(found)
        title = f"{found.name} · season {season.number}"
        # the image reads no markdown: names without their escapes
        data = [[s.rank, plain(s.name), f"{s.points:g}", s.games, s.wins, f"{s.h2h:g}", f"{s.sb:g}"] for s in rows]
        image = await asyncio.get_running_loop().run_in_executor(
            None, lambda: table_png(title, ["#", "Player", "Pts", "G", "W", "H2H", "SB"], data, highlight=3))
        text = f"**{title}** (tie-breaks: head-to-head, then Sonneborn-Berger)\n```\n{standings_text(rows)}\n```"
        await interaction.followup.send(clip(text), ephemeral=not public,
                                        file=discord.File(io.BytesIO(image), filename="standings.png"))

    @league.command(name="schedule", description="Every round and table of the season")
    @app_commands.describe(league="Which league (default: this channel's)")
    @app_commands.autocomplete(league=league_autocomplete)
    @guarded("/league schedule")
    async def schedule(self, interaction: discord.Interaction, league: str | None = None) -> None:
        found = await self.find(interaction, league)
        season, matches = await self.svc.schedule(found)
        text = schedule_text(found, season, matches, await self.svc.meetings(found))
        embed = discord.Embed(description=text, colour=0x0072B2)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @league.command(name="matches", description="Open matches (yours by default) with links to their threads")
    @app_commands.describe(league="Which league (default: this channel's)", player="Whose matches (default: you)",
                           everyone="All open matches of the season")
    @app_commands.autocomplete(league=league_autocomplete)
    @guarded("/league matches")
    async def matches(self, interaction: discord.Interaction, league: str | None = None,
                      player: discord.User | None = None, everyone: bool = False) -> None:
        found = await self.find(interaction, league)
        _, all_matches = await self.svc.schedule(found)
        who = str((player or interaction.user).id)
        shown = [m for m in all_matches if m.status in ("pending", "running") and (everyone or m.seat(who))]
        head = "Open matches" if everyone else f"Open matches of <@{who}>"
        body = "\n".join(match_line(m, with_round=True) for m in shown) or "None right now."
        await send_private(interaction, f"**{found.name}** · {head}\n{body}")

    # -- organiser tools -------------------------------------------------------------------
    @league.command(name="replace", description="Put a substitute in a player's seat of an open match (organisers)")
    @app_commands.describe(match="Match number (see /league matches)", player="Who leaves the seat",
                           substitute="Who takes it", reason="Why (kept in the audit log)",
                           league="Which league (default: this channel's)")
    @app_commands.autocomplete(league=league_autocomplete)
    @guarded("/league replace")
    async def replace(self, interaction: discord.Interaction, match: int, player: discord.User,
                      substitute: discord.User, reason: str, league: str | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # it posts in the match thread first
        found = await self.find(interaction, league)
        text = await self.svc.replace(found, actor_of(interaction), match, str(player.id), str(substitute.id),
                                      substitute.display_name, reason)
        await send_private(interaction, text)

    @league.command(name="award", description="Record a match result by hand, with a reason (organisers)")
    @app_commands.describe(match="Match number (see /league matches)",
                           result="Players best first as mentions, = for a tie: @a > @b = @c",
                           reason="Why (kept in the audit log)", league="Which league (default: this channel's)")
    @app_commands.autocomplete(league=league_autocomplete)
    @guarded("/league award")
    async def award(self, interaction: discord.Interaction, match: int, result: str, reason: str,
                    league: str | None = None) -> None:
        found = await self.find(interaction, league)
        await self.svc.require_organiser(found.guild_id, actor_of(interaction))
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = await self.svc.award(found, actor_of(interaction), match, award_order(result), reason)
        await send_private(interaction, text)

    @league.command(name="remove", description="Remove a player from the season (organisers)")
    @app_commands.describe(player="Who", reason="Why (kept in the audit log)",
                           league="Which league (default: this channel's)")
    @app_commands.autocomplete(league=league_autocomplete)
    @guarded("/league remove")
    async def remove(self, interaction: discord.Interaction, player: discord.User, reason: str,
                     league: str | None = None) -> None:
        found = await self.find(interaction, league)
        await self.svc.require_organiser(found.guild_id, actor_of(interaction))
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = await self.svc.remove(found, actor_of(interaction), str(player.id), reason)
        await send_private(interaction, text)

    @league.command(name="audit", description="The organiser actions of a league (organisers)")
    @app_commands.describe(league="Which league (default: this channel's)")
    @app_commands.autocomplete(league=league_autocomplete)
    @guarded("/league audit")
    async def audit(self, interaction: discord.Interaction, league: str | None = None) -> None:
        found = await self.find(interaction, league)
        await send_private(interaction, audit_text(found, await self.svc.audit_log(found, actor_of(interaction))))

    @league.command(name="settings", description="Server league settings: organiser role, casual ratings (admins)")
    @app_commands.describe(organiser_role="A role allowed to run leagues", clear_role="Remove the organiser role",
                           rate_casual="Rate casual (non-league) games too")
    @guarded("/league settings")
    async def settings(self, interaction: discord.Interaction, organiser_role: discord.Role | None = None,
                       clear_role: bool = False, rate_casual: bool | None = None) -> None:
        require_guild(interaction)
        text = await self.svc.configure(str(interaction.guild_id), actor_of(interaction),
                                        organiser_role=str(organiser_role.id) if organiser_role else None,
                                        clear_role=clear_role, rate_casual=rate_casual)
        await send_private(interaction, text)
