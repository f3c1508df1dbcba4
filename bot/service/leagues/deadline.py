"""The league sweep: rounds moved on by their deadline, and the season's end at the last one.

The season's deadline is the last round's: ``round_days`` after it was paired. Organisers are
reminded once, :func:`remind_before` ahead, of every match still open (they may settle any with
``/league award``); at the deadline the season ends — each match still open is recorded as a draw
between the players still seated (forfeited seats last), its game cancelled — and the podium is
announced. Without ``round_days`` a season ends when its last result is in.
"""

from __future__ import annotations

from .context import LeagueContext
from .matches import DAY, OPEN, Matches, match_list
from .models import League, Season

REMIND_DAYS = 1.0
"""Organisers hear of the open matches this long before the season's deadline (at most half a round)."""


def remind_before(league: League) -> float:
    """Seconds before the season's deadline that organisers are reminded."""
    return min(REMIND_DAYS, (league.round_days or 0) / 2) * DAY


class SeasonDeadlines:
    """The periodic league sweep over every running season."""

    def __init__(self, ctx: LeagueContext, matches: Matches) -> None:
        self.ctx, self.store, self.matches = ctx, ctx.store, matches

    async def advance_due(self) -> int:
        """Pair the next round of every season whose round deadline has passed, remind organisers
        before a season's deadline, end seasons at it, and retry matches that could not be opened;
        returns the number of rounds paired."""
        paired = 0
        for league, _ in await self.store.running_seasons():
            if not self.ctx.games.games.shards.owns(league.guild_id):  # the process running its guild does it
                continue
            async with self.ctx.lock:
                season = await self.store.season(league.id)
                if season.status == "running" and season.round_deadline is not None:
                    paired += await self._due(league, season, season.round_deadline)
            await self.matches.open_pending(league)
        return paired

    async def _due(self, league: League, season: Season, deadline: float) -> int:
        now = self.ctx.now()
        if season.round < season.rounds:
            return int(now >= deadline and bool(await self.matches.pair_round(league, season)))
        if now >= deadline:
            await self.matches.finish_season(league, season, "its deadline passed")
        elif season.end_reminded_at is None and now >= deadline - remind_before(league):
            await self._remind(league, season, deadline)
        return 0

    async def _remind(self, league: League, season: Season, deadline: float) -> None:
        open_matches = [m for m in await self.store.matches(season.id) if m.status in OPEN]
        await self.store.update_season(season.id, end_reminded_at=self.ctx.now())
        if not open_matches:
            return
        role, _ = await self.store.guild_settings(league.guild_id)
        who = f"<@{league.created_by}>" + (f" and <@&{role}>" if role else "")  # the creator is pinged
        await self.ctx.announce(league.channel_id, (
            f"⏳ {who}: season {season.number} of **{league.name}** ends <t:{int(deadline)}:R>. Still open: "
            f"{match_list(open_matches)}. Settle any of them with `/league award`; a match still open at "
            "the deadline is recorded as a draw between the players still seated."))
