"""Typed moves: an exact label or word wins over a prefix of a longer one (issue 13)."""

from __future__ import annotations

import pytest

from bot.service import choices
from bot.service.errors import IllegalMove
from bot.service.results import Choice

CARDS = [Choice("card:F", "Movement card: Forward"), Choice("card:FL", "Movement card: Forward-left"),
         Choice("card:FR", "Movement card: Forward-right"), Choice("standby", "Standby (draw 1 card)")]


@pytest.fixture
def offered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(choices, "choices_for", lambda engine, game, seat: CARDS)


@pytest.mark.usefixtures("offered")
@pytest.mark.parametrize(("typed", "action"), [("forward", "card:F"), ("Forward", "card:F"),
                                                ("forward-left", "card:FL"), ("card:FR", "card:FR"),
                                                ("stand", "standby"), ("Movement card: Forward", "card:F")])
def test_a_typed_word_picks_its_own_move(typed: str, action: str) -> None:
    assert str(choices.resolve_action(None, None, 0, typed)) == action  # type: ignore[arg-type]


@pytest.mark.usefixtures("offered")
def test_a_prefix_of_several_moves_is_still_ambiguous() -> None:
    with pytest.raises(IllegalMove, match="matches several moves"):
        choices.resolve_action(None, None, 0, "forward-")  # type: ignore[arg-type]
