"""Issue 20 through Discord: `/stats` answers with an image card and the same figures as text."""

from __future__ import annotations

from ._support import start_game
from .conftest import Table
from .test_table_per_turn import finish_with_play


async def test_stats_card_and_text(table: Table) -> None:
    ix = await table.fake.slash(table.alice, table.channel, "stats")
    [empty] = await ix.wait_followups(1)
    assert empty["ephemeral"] and "has no finished games here yet" in empty["content"] and not empty["attachments"]
    game_id, _ = await start_game(table)
    await finish_with_play(table, game_id)
    ix = await table.fake.slash(table.carol, table.channel, "stats", options={"user": table.alice})
    [answer] = await ix.wait_followups(1, timeout=30)
    assert answer["ephemeral"] and "1 finished game" in answer["content"] and "Tiny Duel: 1 played" in answer["content"]
    [card] = answer["attachments"]
    assert card["filename"] == "stats.png" and card["data"].startswith(b"\x89PNG")
    assert answer["mentions"] == []
