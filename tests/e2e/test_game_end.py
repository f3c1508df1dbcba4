"""The game-end post through Discord: the result in words with a non-seat actor by name, every seated
player named once, no placeholder or dict left over, and the replay export offered."""

from __future__ import annotations

import re

from bot.service.naming import seat_names
from tests.service._actor_duel import register
from tests.service._support import simple_choice

from ._support import active_users, description, game_row, legal, play, start_game
from .conftest import Table

LEFTOVERS = re.compile(r"[{}]|\bseat\d|'winners'|\"winners\"")


async def test_the_final_post_names_the_actor_and_every_player_once(table: Table) -> None:
    register()
    game_id, _ = await start_game(table, players=(table.alice, table.bob, table.carol), game="actor_duel")
    for _ in range(200):
        game = await game_row(table, game_id)
        if game.status != "running":
            break
        for user in await active_users(table, game_id):
            answer = await play(table, user, simple_choice(await legal(table, game_id, user)))
            assert answer.startswith("Move made."), answer
    game = await game_row(table, game_id)
    assert game.status == "finished"
    final = table.fake.messages(table.channel)[-1]
    text = description(final)
    assert "🏁 **Game over.** Winner: Black Automa — 99 stars; 2nd" in text, text
    result = text.split("🏁 **Game over.** ", 1)[1].split("\n", 1)[0].split(" (")[0]
    for name in seat_names(game).values():
        assert len(re.findall(rf"\b{re.escape(name)}\b", result)) == 1, (name, result)
    assert not LEFTOVERS.search(text + final["content"]), text
    assert "`/game export`" in text
