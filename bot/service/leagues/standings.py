"""Standings as a pure function of the recorded matches.

Order: points, then head-to-head among the players tied on points, then a Sonneborn-Berger
equivalent for multiplayer tables, then wins, then name.

- **Head-to-head**: over every table where two of the tied players sat together, 1 for each tied
  player you finished ahead of, ½ for each you tied with.
- **Sonneborn-Berger (multiplayer)**: over every table you played, for each opponent, their final
  points × (1 if you finished ahead, ½ if tied, 0 if behind). With two players per table this is
  exactly chess's Sonneborn-Berger.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from ..naming import plain
from .models import Match, Standing


def _beat(mine: int, theirs: int) -> float:
    return 1.0 if mine < theirs else 0.5 if mine == theirs else 0.0


def compute_standings(players: Sequence[tuple[str, str]], matches: Sequence[Match]) -> list[Standing]:
    """Standings of ``players`` (user id, name) from the recorded ``matches`` (others are ignored)."""
    names = dict(players)
    points: dict[str, float] = defaultdict(float)
    games: dict[str, int] = defaultdict(int)
    wins: dict[str, int] = defaultdict(int)
    byes: dict[str, int] = defaultdict(int)
    forfeits: dict[str, int] = defaultdict(int)
    done = [m for m in matches if m.status in ("finished", "bye")]
    for match in done:
        for seat in match.seats:
            names.setdefault(seat.user_id, seat.name)
            points[seat.user_id] += seat.points or 0.0
            if match.status == "bye":
                byes[seat.user_id] += 1
                continue
            games[seat.user_id] += 1
            wins[seat.user_id] += int(seat.placing == 1 and not seat.forfeit)
            forfeits[seat.user_id] += int(seat.forfeit)
    tables = [m for m in done if m.status == "finished"]
    sb: dict[str, float] = defaultdict(float)
    for match in tables:
        for me in match.seats:
            for other in match.seats:
                if other.user_id != me.user_id and me.placing and other.placing:
                    sb[me.user_id] += points[other.user_id] * _beat(me.placing, other.placing)
    groups: dict[float, list[str]] = defaultdict(list)
    for user in names:
        groups[round(points[user], 6)].append(user)
    h2h: dict[str, float] = defaultdict(float)
    for tied in groups.values():
        if len(tied) < 2:
            continue
        members = set(tied)
        for match in tables:
            seats = [s for s in match.seats if s.user_id in members and s.placing]
            for me in seats:
                for other in seats:
                    if other.user_id != me.user_id:
                        h2h[me.user_id] += _beat(me.placing or 0, other.placing or 0)

    def key(user: str) -> tuple[float, float, float, int]:
        return (-round(points[user], 6), -h2h[user], -round(sb[user], 6), -wins[user])

    ordered = sorted(names, key=lambda u: (key(u), names[u].casefold()))
    result: list[Standing] = []
    for i, user in enumerate(ordered):
        rank = result[-1].rank if result and key(ordered[i - 1]) == key(user) else i + 1
        result.append(Standing(rank, user, names[user], round(points[user], 3), games[user], wins[user],
                               byes[user], forfeits[user], round(h2h[user], 3), round(sb[user], 3)))
    return result


def standings_text(rows: Sequence[Standing], limit: int = 40) -> str:
    """A fixed-width table (the text fallback of the standings image, shown in a code block)."""
    head = f"{'#':>3} {'Player':<20} {'Pts':>6} {'G':>3} {'W':>3} {'H2H':>5} {'SB':>6}"
    lines = [head, "-" * len(head)]
    for row in rows[:limit]:
        name = plain(row.name).replace("`", "'")[:20]  # shown in a code block: no escapes, no fence
        lines.append(f"{row.rank:>3} {name:<20} {_num(row.points):>6} {row.games:>3} {row.wins:>3} "
                     f"{_num(row.h2h):>5} {_num(row.sb):>6}")
    if len(rows) > limit:
        lines.append(f"… and {len(rows) - limit} more")
    return "\n".join(lines)


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}".rstrip("0")
