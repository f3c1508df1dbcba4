"""Issue 20 through Discord: `/game replay` answers privately with an animation of the public history, or
posts it for everyone with `public`; a bad range is refused privately."""

from __future__ import annotations

from bot.discord.ids import b36

from ._support import custom_ids, open_panel, start_game
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


async def test_since_your_last_turn_on_the_panel(table: Table) -> None:
    game_id, board = await start_game(table)
    g = b36(game_id)
    panel = await open_panel(table, table.alice, board, game_id)
    since = f"sl:{g}"
    assert since in custom_ids(panel)
    ix = await table.fake.click(table.alice, table.channel, panel["id"], since)
    assert ix.ephemeral
    [answer] = await ix.wait_followups(1, timeout=60)
    assert answer["ephemeral"] and "Nothing has happened since your last move" in answer["content"]
    await finish_with_play(table, game_id)  # both players move; Alice's panel is gone with the game, the button stays
    ix = await table.fake.click(table.alice, table.channel, panel["id"], since)
    [answer] = await ix.wait_followups(1, timeout=60)
    assert answer["ephemeral"]
    assert "since your last move" in answer["content"] or "Nothing has happened" in answer["content"]
    assert len(answer["attachments"]) == (0 if "Nothing" in answer["content"] else 1)
