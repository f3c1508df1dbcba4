"""Plain records the storage returns and the service hands to adapters (no discord.py here)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

OPEN_STATUSES = ("lobby", "running")


@dataclass(frozen=True)
class PlayerRow:
    """A lobby member or seated player; ``user_id`` is None for a bot."""

    position: int
    user_id: str | None
    name: str
    is_bot: bool
    seat: int | None


@dataclass(frozen=True)
class GameRow:
    """One game as stored."""

    id: int
    guild_id: str | None
    channel_id: str
    engine: str
    engine_version: int
    options: dict[str, Any]
    seed: int
    status: str
    host_id: str
    version: int
    state: dict[str, Any] | None
    result: dict[str, Any] | None
    posted_version: int
    board_message_id: str | None
    created_at: float
    updated_at: float
    players: tuple[PlayerRow, ...] = field(default_factory=tuple)
    board_version: int = -1
    """The version of the last board message (quiet sub-decisions advance ``posted_version`` only)."""
    turns: int = 0
    """Board messages posted so far (the footer's turn count)."""
    imported: bool = False
    """Loaded from a replay file (``/game import``): shown as such, never rated, never a league game."""

    def seat_of(self, user_id: str) -> int | None:
        """The seat a user holds in this game, if any."""
        for player in self.players:
            if player.user_id == user_id:
                return player.seat
        return None

    def player_at(self, seat: int) -> PlayerRow | None:
        """The player holding ``seat``."""
        for player in self.players:
            if player.seat == seat:
                return player
        return None


@dataclass(frozen=True)
class ActionRow:
    """One row of the append-only action log."""

    n: int
    seat: int
    action: str
    user_id: str | None
    interaction_id: str | None
    events: list[dict[str, Any]]
    created_at: float
