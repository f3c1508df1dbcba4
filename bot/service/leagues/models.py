"""Plain league records (no discord.py): leagues, seasons, entries, matches, standings, ratings."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import ServiceError

FORMATS = ("round-robin", "swiss")


class LeagueError(ServiceError):
    """A league request that does not fit (full, closed, unknown league…)."""


@dataclass(frozen=True)
class Actor:
    """Who asks: the adapter says whether they manage the server and which roles they hold."""

    user_id: str
    name: str = ""
    is_admin: bool = False
    roles: tuple[str, ...] = ()


@dataclass(frozen=True)
class League:
    """A league: one game, one table size, a scoring and a pairing format."""

    id: int
    guild_id: str
    channel_id: str
    name: str
    engine: str
    options: dict[str, Any]
    table_size: int
    scoring: list[float]
    format: str
    rounds: int | None
    cap: int | None
    round_days: float | None
    pace: str
    timeout_policy: str
    created_by: str
    created_at: float

    def points_for(self, placing: int, shared: int = 1) -> float:
        """Points for ``placing`` shared by ``shared`` seats (the average of the places they span)."""
        places = range(placing, placing + shared)
        values = [self.scoring[p - 1] if p - 1 < len(self.scoring) else 0.0 for p in places]
        return round(sum(values) / len(values), 3)


@dataclass(frozen=True)
class Season:
    """One season of a league."""

    id: int
    league_id: int
    number: int
    status: str
    round: int
    rounds: int
    round_deadline: float | None
    created_at: float
    closed_at: float | None
    plan: str | None = None
    """JSON of the planned round-robin rounds not yet paired (see :mod:`.planner`)."""
    end_reminded_at: float | None = None
    """When organisers were told the season's deadline is near."""


@dataclass(frozen=True)
class Entry:
    """A sign-up: active, waitlisted, left or removed."""

    season_id: int
    user_id: str
    name: str
    status: str
    joined_at: float


@dataclass(frozen=True)
class MatchSeat:
    """A player at a match table and (once recorded) their placing and points."""

    user_id: str
    name: str
    placing: int | None
    points: float | None
    forfeit: bool


@dataclass(frozen=True)
class Match:
    """A table of one round (or a bye): one game in one thread."""

    id: int
    season_id: int
    round: int
    table_no: int
    status: str
    game_id: int | None
    thread_id: str | None
    note: str
    seats: tuple[MatchSeat, ...] = field(default_factory=tuple)

    def seat(self, user_id: str) -> MatchSeat | None:
        """The seat of ``user_id`` at this table."""
        return next((s for s in self.seats if s.user_id == user_id), None)


@dataclass(frozen=True)
class Standing:
    """One line of the standings."""

    rank: int
    user_id: str
    name: str
    points: float
    games: int
    wins: int
    byes: int
    forfeits: int
    h2h: float
    sb: float


@dataclass(frozen=True)
class Rating:
    """A player's openskill rating for one game in one server."""

    user_id: str
    name: str
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """The conservative display rating (mu − 3σ)."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class AuditRow:
    """An organiser action kept for the record."""

    actor_id: str
    action: str
    detail: str
    reason: str
    created_at: float
