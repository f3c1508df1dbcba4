"""/mygames: every game waiting on the caller, across servers, most urgent first."""

from __future__ import annotations

from bot.service.mygames import mygames_text, waiting_games
from tests.service._pace_support import HOUR, T0, Kit
from tests.service._support import bid_and_lock, open_lobby, start_game


async def test_mygames_lists_waiting_games_across_servers_by_deadline(kit: Kit) -> None:
    await open_lobby(kit.service, channel="c1")
    await kit.scheduler.deadlines.set_pace("c1", "alice", False, "slow")
    await kit.service.start("c1", "alice")
    kit.clock.advance(HOUR)
    await kit.service.new_game(guild_id="g2", channel_id="c2", user_id="bob", user_name="Bob", engine_id="tiny",
                               seed=7)
    await kit.service.join("c2", "alice", "Alice")
    await kit.scheduler.deadlines.set_pace("c2", "bob", False, "fast")
    await kit.service.start("c2", "bob")
    await start_game(kit.service, channel="c3")
    await bid_and_lock(kit.service, "c3", "alice")  # c3 waits for bob only
    waiting, others = await waiting_games(kit.service, kit.scheduler.store, "alice")
    assert [w.channel_id for w in waiting] == ["c2", "c1"]  # the fast game is due first
    assert others == 1
    assert waiting[0].link == "https://discord.com/channels/g2/c2"
    assert waiting[0].awaited == "Pick a card to bid in secret, then lock in."
    assert waiting[0].deadline == T0 + HOUR + 24 * HOUR
    text = await kit.scheduler.mygames("alice")
    assert text.startswith("**2 games waiting for you:**")
    assert "[Tiny Duel #2](https://discord.com/channels/g2/c2): Pick a card" in text
    assert f"due <t:{int(T0 + HOUR + 24 * HOUR)}:R>" in text
    assert "You also play in 1 other running game (not your turn)." in text


async def test_mygames_says_when_nothing_waits_and_marks_vacation_and_stand_in(kit: Kit) -> None:
    assert await kit.scheduler.mygames("zoe") == "No game is waiting for you. 🎉"
    game = await start_game(kit.service)
    await kit.scheduler.vacations.start("alice", "g1", "2", T0)
    assert "🏖️ paused: you are on vacation" in await kit.scheduler.mygames("alice")
    await kit.scheduler.vacations.end("alice", T0 + HOUR)
    clock = (await kit.clocks(game.id))[game.seat_of("alice")]
    clock.stand_in = True
    await kit.scheduler.store.save_clocks([clock])
    assert "a bot is playing your seat" in await kit.scheduler.mygames("alice")


def test_mygames_text_is_clipped_for_discord() -> None:
    from bot.service.mygames import WaitingGame

    many = [WaitingGame(i, "Tiny Duel", "g", "c", "https://x", "a" * 200, None) for i in range(40)]
    assert len(mygames_text(many, 0)) <= 1900
