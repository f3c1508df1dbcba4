"""Helpers for the league tests: a recording host, a league with players signed up, finishing matches,
a host with an injected clock."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.service.host import build_host
from bot.service.leagues import Actor, League, LeagueService, Match
from bot.service.results import Post
from bot.service.service import GameService
from bot.service.sqlite import SQLiteStorage

from ._support import name_of, play_to_end

ORGANISER = Actor("boss", "Boss", is_admin=True)
SHORT = {"rounds": 1, "dice": False}


@dataclass
class RecordingHost:
    """A fake adapter: numbered threads, remembered posts and announcements."""

    threads: list[tuple[str, str, str]] = field(default_factory=list)
    posts: list[tuple[Post, str]] = field(default_factory=list)
    said: list[tuple[str, str]] = field(default_factory=list)

    async def open_thread(self, channel_id: str, name: str) -> str:
        thread = f"{channel_id}-t{len(self.threads) + 1}"
        self.threads.append((thread, channel_id, name))
        return thread

    async def publish(self, post: Post, intro: str) -> None:
        self.posts.append((post, intro))

    async def announce(self, channel_id: str, text: str) -> None:
        self.said.append((channel_id, text))


async def make_league(leagues: LeagueService, players: int = 2, users: tuple[str, ...] = ("alice", "bob"),
                      **kwargs: Any) -> League:
    """A Tiny Duel league in g1/#league with ``users`` signed up."""
    kwargs.setdefault("options", SHORT)
    league = await leagues.create(guild_id="g1", channel_id="league", actor=ORGANISER,
                                  name=kwargs.pop("name", "Duel League"), engine="tiny", players=players, **kwargs)
    for user in users:
        await leagues.join(league, user, name_of(user))
    return league


async def open_matches(leagues: LeagueService, league: League) -> list[Match]:
    """The current season's running matches."""
    _, matches = await leagues.schedule(league)
    return [m for m in matches if m.status == "running"]


async def finish(games: GameService, match: Match) -> None:
    """Play a match's game to the end through the service."""
    assert match.game_id is not None
    await play_to_end(games, match.game_id)


async def finish_round(leagues: LeagueService, league: League) -> None:
    """Play every running match of the season to the end."""
    for match in await open_matches(leagues, league):
        await finish(leagues.games, match)


class LeagueKit:
    """The host with an injected clock (no sleeping): leagues, games and the scheduler's sweep."""

    def __init__(self, storage: SQLiteStorage, now: float = 1_780_000_000.0) -> None:
        self.now = now
        self.host = RecordingHost()
        built = build_host(storage, renderer=None, clock=lambda: self.now, league_host=self.host)
        self.leagues, self.games, self.scheduler = built.leagues, built.service, built.scheduler

    def advance(self, days: float) -> None:
        """Move the clock on."""
        self.now += days * 86400

    def said(self, words: str) -> list[str]:
        """Announcements containing ``words``."""
        return [text for _, text in self.host.said if words in text]
