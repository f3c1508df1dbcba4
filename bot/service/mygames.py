"""``/mygames``: every running game waiting on a user, in every server, most urgent first."""

from __future__ import annotations

from dataclasses import dataclass

from .deadlines import jump_link
from .naming import fill, seat_names
from .pace_store import PaceStore
from .service import GameService


@dataclass(frozen=True)
class WaitingGame:
    """One game waiting on the user."""

    game_id: int
    title: str
    guild_id: str | None
    channel_id: str
    link: str
    awaited: str
    deadline: float | None
    note: str = ""


async def waiting_games(service: GameService, store: PaceStore, user_id: str) -> tuple[list[WaitingGame], int]:
    """Games waiting on ``user_id`` (by deadline, untimed last) and how many other running games they play."""
    waiting, others = [], 0
    away = user_id in await store.on_vacation()
    for game in await service.storage.games_of_user(user_id, ("running",)):
        seat = game.seat_of(user_id)
        engine = service.engine(game.engine)
        if seat is None or game.state is None or seat not in engine.active(game.state):
            others += 1
            continue
        clock = (await store.clocks(game.id)).get(seat)
        note = "🤖 a bot is playing your seat (`/pace back`)" if clock and clock.stand_in else \
            "🏖️ paused: you are on vacation" if away else ""
        waiting.append(WaitingGame(game.id, engine.title, game.guild_id, game.channel_id, jump_link(game),
                                   fill(engine.prompt(game.state, seat), seat_names(game)),
                                   clock.deadline if clock else None, note))
    waiting.sort(key=lambda w: (w.deadline is None, w.deadline or 0))
    return waiting, others


def mygames_text(waiting: list[WaitingGame], others: int, limit: int = 1900) -> str:
    """The ephemeral answer."""
    if not waiting:
        text = "No game is waiting for you. 🎉"
    else:
        lines = [f"**{len(waiting)} game{'s' if len(waiting) > 1 else ''} waiting for you:**"]
        for w in waiting:
            due = f" — due <t:{int(w.deadline)}:R>" if w.deadline and not w.note else ""
            note = f" — {w.note}" if w.note else ""
            lines.append(f"• [{w.title} #{w.game_id}]({w.link}): {w.awaited}{due}{note}")
        text = "\n".join(lines)
    if others:
        text += f"\nYou also play in {others} other running game{'s' if others > 1 else ''} (not your turn)."
    return text if len(text) <= limit else text[: limit - 1] + "…"
