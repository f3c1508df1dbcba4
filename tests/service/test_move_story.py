"""Issue 13: what a mover is told comes in the order it happened — "You drew …" right after the draw."""

from __future__ import annotations

from bot.service.posts import SUMMARY_LINES, _summary
from bot.service.service import GameService

from ._support import start_game, to_turn_phase, user_at


async def test_a_moves_lines_come_in_the_order_they_happened(service: GameService) -> None:  # issue 13
    game = await to_turn_phase(service, (await start_game(service)).id)
    assert game.state is not None
    seat = service.engine(game.engine).active(game.state)[0]
    user = user_at(game, seat)
    assert user is not None
    result = await service.play(user, "draw", game_id=game.id)
    texts = [(text, private) for text, private in result.story]
    drew = next(i for i, (t, p) in enumerate(texts) if p and t.startswith("You drew"))
    assert texts[drew - 1][0].endswith("draws a card.") and not texts[drew - 1][1], "the private line follows its draw"


def test_a_long_turn_post_keeps_the_newest_lines_and_says_where_the_rest_are() -> None:
    lines = [f"line {i}" for i in range(1, 31)]
    shown = _summary(lines)
    assert len(shown) == SUMMARY_LINES and shown[-1] == "line 30"
    assert shown[0] == "… 7 earlier lines of this turn are in `/log`." and shown[1] == "line 8"
    assert _summary(lines[:5]) == lines[:5]
