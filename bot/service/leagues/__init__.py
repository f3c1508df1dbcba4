"""Community leagues: seasons, sign-ups, pairings, match games, standings and openskill ratings."""

from .context import LeagueHost
from .models import Actor, League, LeagueError, Match, Rating, Season, Standing
from .service import LeagueService

__all__ = ["Actor", "League", "LeagueError", "LeagueHost", "LeagueService", "Match", "Rating", "Season",
           "Standing"]
