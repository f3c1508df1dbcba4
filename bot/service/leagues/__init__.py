"""Community leagues: seasons, sign-ups, pairings, match games, standings and openskill ratings."""

from .models import Actor, League, LeagueError, Match, Rating, Season, Standing
from .service import LeagueHost, LeagueService

__all__ = ["Actor", "League", "LeagueError", "LeagueHost", "LeagueService", "Match", "Rating", "Season",
           "Standing"]
