"""Whole games through Discord only, from the lobby to the winner announcement."""

from __future__ import annotations

from bot.service.naming import seat_names
from bot.service.outcome import result_text
from engines.core.jsonstate import dumps

from ._support import (
    active_users,
    board_version,
    boards,
    description,
    game_row,
    hand_of,
    legal,
    open_panel,
    play,
    press,
    start_game,
)
from .conftest import Table


async def test_two_players_play_tiny_duel_to_the_end(table: Table) -> None:
    fake, ch = table.fake, table.channel
    game_id, board = await start_game(table, options="rounds=1 dice=yes")
    names = {table.alice: "Alice", table.bob: "Bob"}

    # Secret bids: Alice with the panel, Bob with /play (by label, then by id).
    panel = await open_panel(table, table.alice, board, game_id)
    alice_bid = max(await hand_of(table, game_id, table.alice))
    await press(table, table.alice, panel, f"bid:{alice_bid}")
    await press(table, table.alice, fake.message(panel["id"]), "lock")
    bob_bid = min(await hand_of(table, game_id, table.bob))
    assert await play(table, table.bob, f"Bid card {bob_bid}") == "Move made."
    assert await play(table, table.bob, "lock") == "Move made."
    revealed = boards(table)[-1]
    assert "Bids revealed:" in description(revealed)
    assert f"Alice {alice_bid}" in description(revealed) and f"Bob {bob_bid}" in description(revealed)

    # Turns: the first player marks, gifts a point (a sub-prompt) and ends with /play; the second draws
    # with /play and ends with the panel.
    [first] = await active_users(table, game_id)
    second = table.bob if first == table.alice else table.alice
    # The reveal pings whoever's turn it became, unless they made the reveal themselves (Bob's lock-in).
    assert revealed["content"] == ("" if first == table.bob else f"<@{first}> — your turn.")
    panel = await open_panel(table, first, revealed, game_id)
    await press(table, first, panel, "mark:2")
    await press(table, first, fake.message(panel["id"]), "gift")
    gift_panel = fake.message(panel["id"])
    assert f"Gift a point to {names[second]}" in [c.get("label") for c in gift_panel["components"][0]["components"]]
    await press(table, first, gift_panel, "target:" + str((await game_row(table, game_id)).seat_of(second)))
    assert await play(table, first, "done") == "Move made."

    drawn = await play(table, second, "draw")
    assert drawn == f"Move made.\nYou drew {(await hand_of(table, game_id, second))[-1]}."  # private, for them
    on_turn = boards(table)[-1]
    panel = await open_panel(table, second, on_turn, game_id)
    await press(table, second, panel, "done")
    closed = fake.message(panel["id"])
    assert closed["content"].startswith("Move made.") and closed["components"] == []

    game = await game_row(table, game_id)
    assert game.status == "finished" and game.result is not None
    final = fake.messages(ch)[-1]
    winners = [seat_names(game)[s] for s in game.result["winners"]]
    assert "🏁 **Game over.**" in description(final)
    assert result_text(game.result, seat_names(game)) in description(final)
    assert ("Winner: " if len(winners) == 1 else "Winners: ") + " & ".join(winners) in description(final)
    # The issue asks for the opposite of what this test once checked: the end pings every player once.
    assert final["components"] == [] and final["content"].endswith("— the game is over.")
    assert sorted(u["id"] for u in final["mentions"]) == sorted((table.alice, table.bob))
    assert final["content"].count(f"<@{table.alice}>") == 1 and final["content"].count(f"<@{table.bob}>") == 1
    assert "{" not in description(final) and "`/game export`" in description(final)
    assert final["attachments"][0]["filename"] == "board.png" and final["attachments"][0]["description"]

    versions = [board_version(m) for m in boards(table)]
    assert versions == sorted(set(versions)) and versions[-1] == game.version, "each turn posted once, in order"
    assert len(versions) < game.version, "sub-decisions (bids, marks, gifts) post nothing"
    assert [r.user_id for r in await table.bot.service.storage.actions(game_id)] == [
        table.alice, table.alice, table.bob, table.bob, first, first, first, first, second, second]

    rebuilt = await table.bot.service.rebuild(game_id)
    assert dumps(rebuilt) == dumps(game.state)

    ix = await fake.slash(table.carol, ch, "game", "status")
    assert ix.ephemeral and ix.message["content"].startswith(f"**Tiny Duel** #{game_id}, Round ")
    assert "game over. 🏁 " in ix.message["content"]
    assert fake.message(on_turn["id"])["components"] == [], "an old board's buttons are gone"
    text = await play(table, second, "done")
    assert "no game in this channel" in text
    assert (await game_row(table, game_id)).version == game.version


async def test_a_game_with_a_bot_seat_finishes_with_the_humans_moves_only(table: Table) -> None:
    game_id, _ = await start_game(table, (table.alice,), options="rounds=2 dice=yes", bots=1)
    for _ in range(40):
        game = await game_row(table, game_id)
        if game.status != "running":
            break
        assert await active_users(table, game_id) == [table.alice], "the bot must never keep the table waiting"
        moves = await legal(table, game_id, table.alice)
        move = "lock" if "lock" in moves else "done" if "done" in moves else moves[0]
        assert await play(table, table.alice, move) == "Move made."
    game = await game_row(table, game_id)
    assert game.status == "finished" and game.result is not None
    rows = await table.bot.service.storage.actions(game_id)
    bot_seat = next(p.seat for p in game.players if p.is_bot)
    assert {r.user_id for r in rows} == {table.alice, None}
    assert all((r.user_id is None) == (r.seat == bot_seat) for r in rows)
    final = table.fake.messages(table.channel)[-1]
    assert "Game over." in description(final) and final["components"] == []
    assert result_text(game.result, seat_names(game)) in description(final)
    assert dumps(await table.bot.service.rebuild(game_id)) == dumps(game.state)
