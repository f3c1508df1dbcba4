"""The rule behind the choice: the rules of the decision a player faces now (``/rules`` in a game's channel,
the turn panel's Rules button, the sandbox's ``rules``), and a game's summary or one of its topics.

Texts use Discord's bold and italics; the sandbox strips them. A player not deciding, or a spectator, reads
the rules of what the table waits for, the same for everyone, so nothing depends on a hidden hand."""

from __future__ import annotations

from dataclasses import dataclass, field

from engines.core import Engine
from engines.core.rules_guide import Entry

from .errors import NoGame, ServiceError
from .games import Games
from .models import GameRow
from .naming import fill, seat_names

LIMIT = 2000
"""Longest answer (a Discord message)."""
AUTOCOMPLETE = 25


@dataclass
class RulesAnswer:
    """What ``/rules`` answers: a heading, the entries in order, and where to read more."""

    heading: str
    entries: list[Entry] = field(default_factory=list)
    more: str = ""

    def text(self, limit: int = LIMIT) -> str:
        """The answer as one message; entries that do not fit are named by their IDs at the end."""
        room = limit - len(self.more) - 200
        lines, size, shown = [self.heading], len(self.heading), 0
        for entry in self.entries:
            line = entry_line(entry)
            if size + 1 + len(line) > room:
                break
            lines.append(line)
            size, shown = size + 1 + len(line), shown + 1
        if shown < len(self.entries):
            lines.append("…and more: " + ", ".join(e.id for e in self.entries[shown:]))
        if self.more:
            lines.append(self.more)
        text = "\n".join(lines)
        return text if len(text) <= limit else text[: limit - 1] + "…"


def entry_line(entry: Entry) -> str:
    """One rule: "**Paying** (RR-CONV-02): Each conversion pays with …"."""
    return f"**{entry.title}** ({entry.id}): {entry.text}"


def more_line(engine: Engine, command: str = "") -> str:
    """Where to read the rest: the game's topics (``command``: how to ask for one; default ``/rules``)."""
    topics = ", ".join(f"`{t.name}`" for t in engine.guide.topics)
    how = command or f"/rules game:{engine.id} topic:…"
    return f"More: `{how}`" + (f" — topics {topics} or a rule ID." if topics else ".")


def decision_rules(engine: Engine, game: GameRow, user_id: str) -> RulesAnswer:
    """The rules of the decision ``user_id`` faces now in ``game``, or of the table's when they are not
    deciding (a spectator, another player, a finished game)."""
    if game.state is None:
        return RulesAnswer(f"**{engine.title}** — the game has not started yet.\n{engine.guide.summary}",
                           more=more_line(engine))
    state, names = game.state, seat_names(game)
    if state["result"] is not None:
        return RulesAnswer(f"**{engine.title} — the game is over.** How it ends:",
                           engine.rules_for(state, None), more_line(engine))
    seat = game.seat_of(user_id)
    deciding = seat is not None and seat in engine.active(state)
    if deciding:
        heading = f"**{engine.title} — the rules for your decision:** {fill(engine.prompt(state, seat), names)}"
        entries = engine.rules_for(state, seat)
    else:
        waiting = fill(engine.prompt(state, None), names)
        heading = f"**{engine.title} — the rules for what the table decides now.** {waiting}"
        entries = engine.rules_for(state, None)
    if not entries:
        heading += f"\n{engine.guide.summary}"
    return RulesAnswer(heading, entries, more_line(engine))


def summary_text(engine: Engine) -> str:
    """``/rules game``: the game's summary and its topics."""
    text = f"**{engine.title}** ({engine.min_players}–{engine.max_players} players)\n{engine.guide.summary}"
    topics = ", ".join(f"`{t.name}`" for t in engine.guide.topics)
    if topics:
        text += f"\nTopics: {topics}"
    return text


def topic_text(engine: Engine, topic: str) -> str:
    """``/rules game topic``: a topic's text and entries, or one entry by its rule ID."""
    found = engine.guide.topic(topic)
    if found is not None:
        return RulesAnswer(f"**{engine.title} — {found.name}**\n{found.text}", list(found.entries)).text()
    entry = engine.guide.entry(topic)
    if entry is not None:
        return f"**{engine.title} — {entry.id}**\n{entry_line(entry)}" + (f"\n*{entry.ref}*" if entry.ref else "")
    known = ", ".join(t.name for t in engine.guide.topics) or "none"
    raise ServiceError(f"No rules topic {topic!r} for {engine.title}. Topics: {known}.")


def topic_choices(engine: Engine, typed: str) -> list[tuple[str, str]]:
    """Autocomplete ``(name, value)`` pairs: the topics, then the rule entries, matching what was typed."""
    wanted = typed.strip().casefold()
    pairs = [(t.name, t.name) for t in engine.guide.topics]
    pairs += [(f"{e.id} · {e.title}", e.id) for e in engine.guide.entries]
    return [(name[:100], value) for name, value in pairs if wanted in name.casefold()][:AUTOCOMPLETE]


class RulesNow:
    """``/rules`` for a channel's game or a game by id (a panel button)."""

    def __init__(self, games: Games) -> None:
        self.games = games

    async def in_channel(self, channel_id: str, user_id: str) -> RulesAnswer:
        """The rules of the caller's decision in the channel's game (or the table's); a lobby's summary."""
        game = await self._channel_game(channel_id)
        if game is None:
            raise NoGame("There is no game in this channel.")
        return decision_rules(self.games.engine(game.engine), game, user_id)

    async def of_game(self, game_id: int, user_id: str) -> RulesAnswer:
        """The same for a game by id."""
        game = await self.games.game_by_id(game_id)
        return decision_rules(self.games.engine(game.engine), game, user_id)

    async def channel_engine(self, channel_id: str) -> Engine | None:
        """The engine of the channel's latest game, if it has one (for topics without a game named)."""
        game = await self._channel_game(channel_id)
        return None if game is None else self.games.engine(game.engine)

    async def _channel_game(self, channel_id: str) -> GameRow | None:
        """The channel's lobby or running game, else its last finished one."""
        storage = self.games.storage
        return await storage.open_game_in_channel(channel_id) or await storage.latest_game_in_channel(channel_id)
