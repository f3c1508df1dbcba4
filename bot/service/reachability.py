"""Channels the bot cannot post in: stop retrying, tell the host once, resume when the channel works again.

The adapter classifies a failed post: transient trouble (rate limits, 5xx, timeouts) is retried with a
back-off; a permanent refusal — the channel was deleted (``gone``) or the bot lost its permissions there
(``forbidden``) — marks the channel here. Unposted boards of marked channels are left out of the retry
loop, and the hosts of its games are told once. A command used in the channel lets the adapter try the
channel again; the first board that gets through clears the mark.
"""

from __future__ import annotations

from dataclasses import dataclass

from .games import Games
from .models import GameRow

GONE, FORBIDDEN = "gone", "forbidden"
REASONS = {
    GONE: "the channel no longer exists",
    FORBIDDEN: "I am not allowed to post there any more (I need View Channel, Send Messages, Embed Links and "
               "Attach Files)",
}
"""Why a channel is unreachable, in the host's words."""


@dataclass(frozen=True)
class Lost:
    """A channel just marked unreachable: whom to tell and what to say."""

    channel_id: str
    hosts: list[str]
    text: str


class Reachability:
    """The channels the bot cannot post in, kept in the database (``channel_trouble``)."""

    def __init__(self, games: Games) -> None:
        self.games = games

    async def lost(self, channel_id: str, reason: str) -> Lost | None:
        """Mark ``channel_id`` unreachable for ``reason`` (``gone`` or ``forbidden``). The first time,
        returns the hosts of its games and the message for them (sent once); None when already known."""
        storage = self.games.storage
        known = await storage.fetch("SELECT host_told FROM channel_trouble WHERE channel_id = ?", (channel_id,))
        if known and known[0][0]:
            return None
        await storage.write([(
            "INSERT INTO channel_trouble (channel_id, reason, since, host_told) VALUES (?, ?, ?, 1)"
            " ON CONFLICT(channel_id) DO UPDATE SET reason = excluded.reason, host_told = 1",
            (channel_id, reason, self.games.clock()))])
        games = await storage.fetch("SELECT id, host_id FROM games WHERE channel_id = ?"
                                    " AND status IN ('lobby', 'running', 'finished') ORDER BY id", (channel_id,))
        hosts = list(dict.fromkeys(str(host) for _, host in games if host))
        return Lost(channel_id, hosts, _message(channel_id, reason, [int(game_id) for game_id, _ in games]))

    async def trouble(self) -> set[str]:
        """Every channel marked unreachable."""
        return {row[0] for row in await self.games.storage.fetch("SELECT channel_id FROM channel_trouble")}

    async def is_lost(self, channel_id: str) -> bool:
        """Is ``channel_id`` marked unreachable?"""
        return bool(await self.games.storage.fetch("SELECT 1 FROM channel_trouble WHERE channel_id = ?",
                                                   (channel_id,)))

    async def found(self, channel_id: str) -> None:
        """A post in ``channel_id`` went through: it is reachable again."""
        await self.games.storage.write([("DELETE FROM channel_trouble WHERE channel_id = ?", (channel_id,))])

    async def unposted(self, channel_id: str | None = None) -> list[GameRow]:
        """Games of this process's guilds whose latest board still needs posting: in reachable channels, or
        only in ``channel_id`` (a command there asks to try it again)."""
        games = [g for g in await self.games.storage.unposted_games() if self.games.shards.owns(g.guild_id)]
        if channel_id is not None:
            return [g for g in games if g.channel_id == channel_id]
        lost = await self.trouble()
        return [g for g in games if g.channel_id not in lost]


def _message(channel_id: str, reason: str, game_ids: list[int]) -> str:
    numbers = ", ".join(f"#{n}" for n in game_ids[:5]) or "none open"
    return (f"I can no longer post in <#{channel_id}>: {REASONS.get(reason, reason)}. The games there ({numbers}) "
            "are kept; nothing is lost. Once the channel works again, use any command there (for example "
            "`/game status`) and I will post the latest board and carry on.")
