"""Which guilds this process looks after: Discord's shard formula over the shards it runs.

Several bot processes share one database by splitting the shards (``TURNKEEPER_SHARD_COUNT``,
``TURNKEEPER_SHARDS``). A guild's events reach only the process running its shard, so every change to
a game is made there; the background work (bots catching up, timeouts, idle archives, reposting boards,
league jobs) takes only games of owned guilds, so a game's in-process lock stays the only writer in the
usual case and the version-guarded write turns away anything else. Work that is not a guild's
(reminder digests, the notice outbox) is claimed row by row in the database instead.
"""

from __future__ import annotations

import socket
from dataclasses import dataclass


def shard_of(guild_id: str | int | None, count: int) -> int:
    """Discord's formula: ``(guild_id >> 22) % shard_count``; direct messages (no guild) are shard 0."""
    if guild_id is None or count <= 1:
        return 0
    try:
        return (int(guild_id) >> 22) % count
    except ValueError:  # not a snowflake (test ids): shard 0 like a DM
        return 0


@dataclass(frozen=True)
class Shards:
    """``count`` shards in all, of which this process runs ``ids`` (None: all of them)."""

    count: int = 1
    ids: frozenset[int] | None = None

    def owns(self, guild_id: str | int | None) -> bool:
        """Whether this process runs the shard of ``guild_id``."""
        return self.ids is None or shard_of(guild_id, self.count) in self.ids

    @property
    def all(self) -> bool:
        """Whether this process runs every shard (the single-process default)."""
        return self.ids is None or self.ids >= frozenset(range(self.count))


    @property
    def label(self) -> str:
        """"0-3 of 4", "all": which shards, in words."""
        if self.all:
            return "all"
        return f"{','.join(str(i) for i in sorted(self.ids or ()))} of {self.count}"


def process_name(shards: Shards) -> str:
    """This process's name in claimed rows (``claimed_by``): the host and the shards it runs. A restarted
    process has the same name, so it takes back at once what it had claimed before it stopped."""
    return f"{socket.gethostname()}/shards {shards.label}"
