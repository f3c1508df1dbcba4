"""Issue 20 through Discord: `/game replay` answers privately with an animation of the public history, or
posts it for everyone with `public`; a bad range is refused privately."""

from __future__ import annotations

from ._support import start_game
from .conftest import Table
from .test_table_per_turn import finish_with_play


async def test_game_replay_privately_and_for_everyone(table: Table) -> None:
    game_id, _ = await start_game(table)
    await finish_with_play(table, game_id)
    ix = await table.fake.slash(table.carol, table.channel, "game", subcommand="replay")
    assert ix.response_type == 5 and ix.ephemeral
    [answer] = await ix.wait_followups(1, timeout=60)
    assert answer["ephemeral"] and answer["content"].startswith(f"**Tiny Duel** · game #{game_id} · turns 0–")
    [file] = answer["attachments"]
    assert file["filename"].startswith(f"game-{game_id}-replay.") and len(file["data"]) > 1000
    before = len(table.fake.messages(table.channel))
    ix = await table.fake.slash(table.alice, table.channel, "game", subcommand="replay",
                                options={"from": 0, "to": 1, "public": True})
    [done] = await ix.wait_followups(1, timeout=60)
    assert done["ephemeral"] and done["content"] == "Replay posted in the channel."
    posted = table.fake.messages(table.channel)[before:]
    assert len(posted) == 1 and posted[0]["attachments"] and "turns 0–1" in posted[0]["content"]
    assert posted[0]["mentions"] == []
    ix = await table.fake.slash(table.alice, table.channel, "game", subcommand="replay", options={"from": 5, "to": 2})
    [refusal] = await ix.wait_followups(1)
    assert refusal["ephemeral"] and "Choose turns from 0 to" in refusal["content"]
