"""League messages: schedule, matches, sign-ups, audit log and ratings as Discord text; the host that
opens match threads and posts for the league service."""

from __future__ import annotations

import re
from collections.abc import Sequence

import discord

import engines
from bot.service.leagues import League, Match, Rating, Season
from bot.service.leagues.models import AuditRow
from bot.service.leagues.planner import Coverage
from bot.service.results import Post

from .presenter import MENTIONS
from .replies import clip
from .table import DiscordTable

STATUS = {"pending": "⏳ opening", "running": "▶️ playing", "finished": "✅", "bye": "💤 bye"}


class DiscordLeagueHost:
    """Match threads, board posts and announcements for :class:`LeagueService`."""

    def __init__(self, table: DiscordTable) -> None:
        self.table = table
        self.client = table.client

    async def open_thread(self, channel_id: str, name: str) -> str:
        """A public thread under the league channel (an open one of the same name is reused)."""
        channel = self.client.get_channel(int(channel_id)) or await self.client.fetch_channel(int(channel_id))
        if not isinstance(channel, discord.TextChannel):
            raise RuntimeError(f"league channel {channel_id} cannot hold threads")
        for thread in channel.threads:  # made by an attempt that broke off before it was recorded: reuse it
            if thread.name == name[:100] and not thread.archived:
                return str(thread.id)
        thread = await channel.create_thread(name=name[:100], type=discord.ChannelType.public_thread,
                                             auto_archive_duration=10080)
        return str(thread.id)

    async def publish(self, post: Post, intro: str) -> None:
        """The players' mention, then the first board."""
        if intro:
            await self.client.get_partial_messageable(int(post.channel_id)).send(clip(intro), allowed_mentions=MENTIONS)
        await self.table.publish(post)

    async def announce(self, channel_id: str, text: str) -> None:
        """A plain line in a league channel or match thread."""
        await self.client.get_partial_messageable(int(channel_id)).send(clip(text), allowed_mentions=MENTIONS)


def title(engine_id: str) -> str:
    """A game's title (its id when it is not installed)."""
    try:
        return engines.get(engine_id).title
    except KeyError:
        return engine_id


def match_line(match: Match, *, with_round: bool = False) -> str:
    """``#12 T1: Alice v Bob — ✅ Alice 1st, Bob 2nd · <#thread>``."""
    names = " v ".join(s.name for s in match.seats)
    head = f"`#{match.id}` {f'R{match.round} ' if with_round else ''}T{match.table_no}: {names}"
    if match.status == "finished":
        seats = sorted(match.seats, key=lambda s: s.placing or 99)
        result = ", ".join(f"{s.name} {s.placing}{'F' if s.forfeit else ''}" for s in seats)
        note = f" ({match.note})" if match.note and match.note != "played" else ""
        return f"{head} — ✅ {result}{note}"
    tail = f" · <#{match.thread_id}>" if match.thread_id else ""
    return f"{head} — {STATUS.get(match.status, match.status)}{tail}"


def meetings_line(cov: Coverage) -> str:
    """How the season's meetings fall beside the lower bound, e.g. ``Pairings over the season: 7 of 66
    pairs never meet; 9 pairs meet twice. Any season has at least 0 unmet pairs and 6 repeat meetings.``"""
    unmet = "every pair of players meets" if not cov.unmet else f"{cov.unmet} of {cov.pairs} pairs never meet"
    if not cov.repeats:
        repeats = "nobody meets twice"
    elif cov.twice == cov.repeats:
        repeats = f"{cov.twice} pair{' meets' if cov.twice == 1 else 's meet'} twice"
    else:
        repeats = f"{cov.twice} pairs meet more than once ({cov.repeats} repeat meetings)"
    best = ("No season can do better." if cov.at_bound else
            f"Any season has at least {cov.unmet_bound} unmet pairs and {cov.repeats_bound} repeat meetings.")
    return f"Pairings over the season: {unmet}; {repeats}. {best}"


def schedule_text(league: League, season: Season, matches: Sequence[Match], cov: Coverage | None = None) -> str:
    """Every round of the season (with how its meetings fall, for a planned round robin)."""
    lines = [f"**{league.name}** · season {season.number} ({season.status}), round {season.round} of "
             f"{season.rounds or '?'}"]
    if season.round_deadline and season.status == "running":
        last = season.round >= season.rounds
        lines[0] += (f", the season ends <t:{int(season.round_deadline)}:R> (matches still open then are "
                     "recorded as draws)" if last else
                     f", next round <t:{int(season.round_deadline)}:R> at the latest")
    if cov is not None and cov.pairs:
        lines.append(meetings_line(cov))
    for number in sorted({m.round for m in matches}):
        lines.append(f"__Round {number}__")
        lines += [match_line(m) for m in matches if m.round == number]
    if not matches:
        lines.append("No rounds yet: the season starts with `/league season start`.")
    return clip("\n".join(lines), 4000)


def league_info(league: League, season: Season, active: Sequence[str], waiting: Sequence[str]) -> str:
    """Settings and sign-ups."""
    scoring = "/".join(f"{p:g}" for p in league.scoring)
    cap = f", cap {league.cap}" if league.cap else ""
    lines = [f"**{league.name}** — {title(league.engine)}, {league.table_size} per table, {league.format}, "
             f"points per placing {scoring}{cap}; pace {league.pace}, timeouts: {league.timeout_policy}"
             + (f", {league.round_days:g} days per round" if league.round_days else ""),
             f"Season {season.number}: {season.status}. Players ({len(active)}): {', '.join(active) or 'none yet'}"]
    if waiting:
        lines.append(f"Waitlist: {', '.join(waiting)}")
    return clip("\n".join(lines))


def audit_text(league: League, rows: Sequence[AuditRow]) -> str:
    """The audit log, newest first."""
    lines = [f"**{league.name}** · audit log"]
    lines += [f"<t:{int(r.created_at)}:d> <@{r.actor_id}> **{r.action}** {r.detail}"
              + (f" — {r.reason}" if r.reason else "") for r in rows]
    return clip("\n".join(lines) if rows else lines[0] + ": nothing yet.")


def rating_text(name: str, ratings: dict[str, Rating]) -> str:
    """One user's ratings per game."""
    if not ratings:
        return f"{name} has no rating here yet: finish a game first."
    lines = [f"**{name}**"] + [f"{title(g)}: **{r.ordinal:.1f}** (μ {r.mu:.1f}, σ {r.sigma:.2f}, {r.games} games)"
                               for g, r in ratings.items()]
    return clip("\n".join(lines))


def leaderboard_rows(rows: Sequence[Rating]) -> list[list[object]]:
    """Rows for the leaderboard image and text."""
    return [[i + 1, r.name, f"{r.ordinal:.1f}", f"{r.mu:.1f}", f"{r.sigma:.2f}", r.games] for i, r in enumerate(rows)]


def award_order(text: str) -> list[list[str]]:
    """``"@a > @b = @c"`` (or ``"@a @b @c"``) → ``[["a"], ["b", "c"]]``: best first, ``=`` ties."""
    groups: list[list[str]] = []
    tie = False
    for user, equals in re.findall(r"<@!?(\d+)>|(=)", text):
        if equals:
            tie = True
        elif tie and groups:
            groups[-1].append(user)
            tie = False
        else:
            groups.append([user])
    return groups
