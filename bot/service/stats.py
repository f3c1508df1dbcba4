"""``/stats``: a player's record on a server, from the stored finished games (issue 20).

Games played and won, placings (ties share a place), average score where the game scores with a number,
favourite game, longest game and the median time the player took per move (from the action log's times).
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass, field

from .games import Games
from .models import GameRow

HOUR = 3600.0


@dataclass
class GameFigures:
    """One game's figures for the player (or all games together)."""

    title: str
    played: int = 0
    won: int = 0
    places: list[float] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)

    def row(self) -> list[str]:
        """``[game, played, won, average place, average score]`` as text."""
        place = f"{statistics.fmean(self.places):.1f}" if self.places else "–"
        score = f"{statistics.fmean(self.scores):.1f}" if self.scores else "–"
        return [self.title, str(self.played), str(self.won), place, score]


@dataclass
class PlayerStats:
    """Everything ``/stats`` shows."""

    name: str
    total: GameFigures
    per_game: list[GameFigures]
    placings: Counter[int]
    favourite: str | None
    longest: tuple[GameRow, float, int] | None
    """(game, days from start to end, moves)."""
    move_hours: float | None

    def text(self) -> str:
        """The text fallback (and the whole answer where images are off)."""
        if not self.total.played:
            return f"**{self.name}** has no finished games here yet."
        t = self.total
        lines = [f"**{self.name}** — {t.played} finished game{'s' * (t.played != 1)}, {t.won} won "
                 f"({round(100 * t.won / t.played)} %)"]
        lines.append("Placings: " + ", ".join(f"{_ordinal(p)} ×{n}" for p, n in sorted(self.placings.items())))
        for g in self.per_game:
            game, played, won, place, score = g.row()
            lines.append(f"• {game}: {played} played, {won} won, average place {place}"
                         + (f", average score {score}" if score != "–" else ""))
        if self.favourite:
            lines.append(f"Favourite game: {self.favourite}")
        if self.longest:
            game, days, moves = self.longest
            lines.append(f"Longest game: #{game.id} ({days:.1f} days, {moves} moves)")
        if self.move_hours is not None:
            lines.append(f"Time per move (median): {_duration(self.move_hours)}")
        return "\n".join(lines)


class Stats:
    """Figures per player, read from the finished games of a server."""

    def __init__(self, games: Games) -> None:
        self.games = games

    async def player(self, guild_id: str | None, user_id: str, name: str, engine_id: str | None = None) -> PlayerStats:
        """``user_id``'s figures over the finished games of ``guild_id`` (only ``engine_id``'s, if given)."""
        storage = self.games.storage
        games = [g for g in await storage.games_of_user(user_id, ("finished",))
                 if g.guild_id == guild_id and (engine_id is None or g.engine == engine_id)]
        total, per_game, placings = GameFigures("All games"), {}, Counter[int]()
        waits: list[float] = []
        longest: tuple[GameRow, float, int] | None = None
        for game in games:
            seat = next((p.seat for p in game.players if p.user_id == user_id and p.seat is not None), None)
            result = (game.state or {}).get("result")
            if seat is None or not result:
                continue
            engine = self.games.engine(game.engine)
            figures = per_game.setdefault(game.engine, GameFigures(engine.title))
            place = _place(result.get("placings") or [], str(seat))
            score = (result.get("scores") or {}).get(str(seat))
            for f in (total, figures):
                f.played += 1
                f.won += seat in result.get("winners", [])
                if place is not None:
                    f.places.append(place)
                if isinstance(score, (int, float)) and not isinstance(score, bool):
                    f.scores.append(float(score))
            if place is not None:
                placings[int(place)] += 1
            rows = await storage.actions(game.id)
            last = game.created_at
            for row in rows:
                if row.user_id == user_id:
                    waits.append(max(0.0, row.created_at - last))
                last = row.created_at
            days = ((rows[-1].created_at if rows else game.updated_at) - game.created_at) / (24 * HOUR)
            if longest is None or days > longest[1]:
                longest = (game, days, len(rows))
        ordered = sorted(per_game.values(), key=lambda f: (-f.played, f.title))
        favourite = ordered[0].title if ordered else None
        hours = statistics.median(waits) / HOUR if waits else None
        return PlayerStats(name, total, ordered, placings, favourite, longest, hours)


def _place(placings: list[list[str]], key: str) -> float | None:
    """The 1-based place of ``key`` (a tie shares the best place of its group)."""
    place = 1
    for group in placings:
        if key in group:
            return float(place)
        place += len(group)
    return None


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _duration(hours: float) -> str:
    if hours < 1:
        return f"{max(1, round(hours * 60))} min"
    return f"{hours:.1f} h" if hours < 48 else f"{hours / 24:.1f} days"
