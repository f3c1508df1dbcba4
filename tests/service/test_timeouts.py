"""Timeout policies (default action, bot stand-in, skip with strikes and forfeit), extend and replace."""

from __future__ import annotations

import pytest

from bot.service.errors import LobbyError, NotAllowed
from bot.service.pace_store import Clock
from tests.service._pace_support import HOUR, T0, Kit
from tests.service._support import bid_and_lock, open_lobby, to_turn_phase

FAST = 24 * HOUR  # fast: 12 h per turn + 12 h bank


async def fast_game(kit: Kit, policy: str = "default", strikes: int = 3):  # type: ignore[no-untyped-def]
    game_id = await open_lobby(kit.service)
    await kit.scheduler.deadlines.set_pace("c1", "alice", False, "fast")
    await kit.scheduler.deadlines.set_policy("c1", "alice", False, policy, strikes)
    await kit.service.start("c1", "alice")
    return await kit.service.game_by_id(game_id)


async def test_nothing_happens_before_the_deadline(kit: Kit) -> None:
    game = await fast_game(kit)
    await kit.sweep(T0 + FAST - 1)
    assert (await kit.service.game_by_id(game.id)).version == 0
    assert not await kit.scheduler.timeouts.expire(game.id, 0, T0 + FAST - 1)


async def test_default_policy_plays_the_default_and_tells_the_table(kit: Kit) -> None:
    game = await fast_game(kit)
    game = await to_turn_phase(kit.service, game.id)
    deadline = (await kit.clocks(game.id))[0].deadline
    assert deadline is not None
    texts = await kit.sweep(deadline + 1)
    told = [t for t in texts if "ran out of time" in t]
    assert told == ["⌛ Alice ran out of time; the default was played for them: Done."]
    after = await kit.service.game_by_id(game.id)
    assert after.version == game.version + 1
    assert after.state is not None and after.state["stack"][-1] == {"step": "turn", "seat": 1}
    assert after.posted_version < after.version  # the reconciler posts the new board
    clocks = await kit.clocks(game.id)
    assert clocks[0].strikes == 1 and clocks[0].deadline is None and clocks[1].deadline is not None


async def test_default_in_a_simultaneous_phase_finishes_the_decision(kit: Kit) -> None:
    game = await fast_game(kit)
    await bid_and_lock(kit.service, "c1", "bob")
    texts = await kit.sweep(T0 + FAST + 1)
    assert any(t.startswith("⌛ Alice ran out of time") for t in texts)
    after = await kit.service.game_by_id(game.id)
    assert after.state is not None and after.state["stack"][-1]["step"] == "turn"  # the bid resolved


async def test_bot_policy_plays_the_seat_until_the_player_returns(kit: Kit) -> None:
    game = await fast_game(kit, "bot")
    game = await to_turn_phase(kit.service, game.id)
    deadline = (await kit.clocks(game.id))[0].deadline
    assert deadline is not None
    texts = await kit.sweep(deadline + 1)
    assert any(t.startswith("⌛ Alice ran out of time. A bot plays their seat until they return with `/pace back`")
               for t in texts)
    clock = (await kit.clocks(game.id))[0]
    assert clock.stand_in and clock.strikes == 1
    game = await kit.service.game_by_id(game.id)
    assert game.state is not None and game.state["stack"][-1] == {"step": "turn", "seat": 1}
    await kit.service.play("bob", "done", game_id=game.id)  # round 2: everyone bids
    clock = (await kit.clocks(game.id))[0]
    assert clock.deadline == kit.clock.now + 0.1 * 12 * HOUR  # the stand-in waits its grace (#22), not a turn
    texts = await kit.sweep(clock.deadline + 1)
    assert not any("ran out of time" in t for t in texts)
    game = await kit.service.game_by_id(game.id)
    assert game.state is not None and game.state["stack"][-1]["locked"] == {"0": True}  # the bot bid for alice
    assert (await kit.clocks(game.id))[0].strikes == 1  # the stand-in's moves are not timeouts
    assert "Welcome back" in await kit.scheduler.timeouts.back("c1", "alice")
    assert not (await kit.clocks(game.id))[0].stand_in
    with pytest.raises(NotAllowed):
        await kit.scheduler.timeouts.back("c1", "bob")


async def test_a_returning_player_gets_a_fresh_deadline_if_it_is_their_turn(kit: Kit) -> None:
    game = await fast_game(kit, "bot")
    await bid_and_lock(kit.service, "c1", "bob")
    clock = (await kit.clocks(game.id))[0]
    clock.stand_in = True
    await kit.scheduler.store.save_clocks([clock])
    kit.clock.advance(HOUR)
    await kit.scheduler.timeouts.back("c1", "alice")
    clock = (await kit.clocks(game.id))[0]
    assert clock.due_since == kit.clock.now and clock.deadline == kit.clock.now + FAST


async def test_a_player_who_moves_by_themselves_takes_the_seat_back_from_the_stand_in(kit: Kit) -> None:
    game = await fast_game(kit, "bot")
    await bid_and_lock(kit.service, "c1", "bob")
    clock = (await kit.clocks(game.id))[0]
    clock.stand_in = True
    await kit.scheduler.store.save_clocks([clock])
    choices = await kit.service.choices("c1", "alice")
    await kit.service.play("alice", choices[0].action, channel_id="c1")
    clock = (await kit.clocks(game.id))[0]
    assert not clock.stand_in
    assert clock.deadline is not None and clock.deadline > kit.clock.now  # a real deadline again


async def test_skip_counts_strikes_and_forfeits_after_n(kit: Kit) -> None:
    game = await fast_game(kit, "skip", strikes=2)
    game = await to_turn_phase(kit.service, game.id)
    texts = await kit.sweep(T0 + 2 * FAST)
    assert "⌛ Alice ran out of time; the default was played for them: Done. Strike 1 of 2." in texts
    game = await kit.service.game_by_id(game.id)
    await kit.service.play("bob", "done", game_id=game.id)  # round 2: the bid
    await bid_and_lock(kit.service, "c1", "bob")
    texts = await kit.sweep(kit.clock.now + 2 * FAST)
    assert any("Alice ran out of time 2 times and forfeits" in t for t in texts)
    game = await kit.service.game_by_id(game.id)
    seat = game.player_at(0)
    assert seat is not None and seat.is_bot and seat.user_id is None and seat.name == "Alice (forfeited)"
    assert game.seat_of("alice") is None
    assert game.state is not None and 0 not in kit.service.engine("tiny").active(game.state)  # the bot moved on


async def test_admins_extend_deadlines(kit: Kit) -> None:
    game = await fast_game(kit)
    t = kit.scheduler.timeouts
    with pytest.raises(NotAllowed):
        await t.extend("c1", "alice", False, 24)
    text = await t.extend("c1", "mod", True, 24, target="alice")
    assert "extended by 24 h for Alice" in text
    clocks = await kit.clocks(game.id)
    assert clocks[0].deadline == T0 + FAST + 24 * HOUR and clocks[1].deadline == T0 + FAST
    await kit.sweep(T0 + FAST + 1)
    after = await kit.service.game_by_id(game.id)
    assert after.state is not None and after.state["stack"][-1]["locked"] == {"1": True}  # only bob timed out
    with pytest.raises(LobbyError):
        await t.extend("c1", "mod", True, 0)


async def test_admins_replace_a_player(kit: Kit) -> None:
    game = await fast_game(kit, "skip")
    await kit.sweep(T0 + FAST + 1)
    t = kit.scheduler.timeouts
    with pytest.raises(NotAllowed):
        await t.replace("c1", "bob", False, "alice", "carol", "Carol")
    with pytest.raises(LobbyError):
        await t.replace("c1", "mod", True, "alice", "bob", "Bob")
    text = await t.replace("c1", "mod", True, "alice", "carol", "Carol")
    assert "Carol takes over Alice's seat" in text
    game = await kit.service.game_by_id(game.id)
    assert game.seat_of("carol") == 0 and game.seat_of("alice") is None
    assert (await kit.clocks(game.id))[0].strikes == 0


# -- away from the keyboard (RR spec §6.4 AFK policy, for every game) ---------------------------

async def _time_out(kit: Kit, game_id: int) -> list[str]:
    """Sweep just after seat 0's deadline."""
    deadline = (await kit.clocks(game_id))[0].deadline
    assert deadline is not None
    return await kit.sweep(deadline + 1)


async def test_after_two_timeouts_in_a_row_turns_are_defaulted_at_once(kit: Kit) -> None:
    game = await fast_game(kit)
    game = await to_turn_phase(kit.service, game.id)
    texts = await _time_out(kit, game.id)
    assert "⌛ Alice ran out of time; the default was played for them: Done." in texts
    await kit.service.play("bob", "done", game_id=game.id)  # round 2: everyone bids
    await bid_and_lock(kit.service, "c1", "bob")
    texts = await _time_out(kit, game.id)
    assert any(t.startswith("⌛ Alice ran out of time") and "2 timeouts in a row" in t for t in texts)
    assert (await kit.clocks(game.id))[0].missed == 2


async def test_an_away_seat_is_due_at_once_and_defaulted_by_the_next_sweep(kit: Kit) -> None:
    game_id = await open_lobby(kit.service)
    await kit.scheduler.deadlines.set_pace("c1", "alice", False, "fast")
    await kit.scheduler.store.save_clocks([Clock(game_id, 0, 12 * HOUR, missed=2)])
    await kit.service.start("c1", "alice")
    clock = (await kit.clocks(game_id))[0]
    assert clock.deadline == kit.clock.now  # away: due at once, no 24 hours of waiting
    assert (await kit.clocks(game_id))[1].deadline == kit.clock.now + FAST
    texts = await kit.sweep(kit.clock.now + 1)
    assert any(t.startswith("⏭️ Alice is away; their turn was defaulted at once:") for t in texts)
    assert (await kit.clocks(game_id))[0].missed == 3


async def test_a_move_of_their_own_ends_being_away(kit: Kit) -> None:
    game = await fast_game(kit)
    clock = (await kit.clocks(game.id))[0]
    clock.missed = 2
    await kit.scheduler.store.save_clocks([clock])
    await bid_and_lock(kit.service, "c1", "bob")
    await bid_and_lock(kit.service, "c1", "alice")
    clock = (await kit.clocks(game.id))[0]
    assert clock.missed == 0
    assert clock.deadline is not None and clock.deadline > kit.clock.now  # her turn has a real deadline again


async def test_pace_back_ends_being_away_with_a_fresh_deadline(kit: Kit) -> None:
    game = await fast_game(kit)
    clock = (await kit.clocks(game.id))[0]
    clock.missed, clock.deadline = 2, kit.clock.now
    await kit.scheduler.store.save_clocks([clock])
    assert "Welcome back" in await kit.scheduler.timeouts.back("c1", "alice")
    clock = (await kit.clocks(game.id))[0]
    assert clock.missed == 0 and clock.deadline == kit.clock.now + FAST


async def test_away_can_be_turned_off_and_is_checked(kit: Kit) -> None:
    game = await open_lobby(kit.service)
    text = await kit.scheduler.deadlines.set_policy("c1", "alice", False, "default", None, 0)
    assert "in a row" not in text
    settings = await kit.scheduler.store.settings(game)
    assert settings.afk_after == 0 and not settings.is_away(5)
    text = await kit.scheduler.deadlines.set_policy("c1", "alice", False, "default", None, 3)
    assert "After 3 timeouts in a row the default is played at once each turn" in text
    with pytest.raises(LobbyError):
        await kit.scheduler.deadlines.set_policy("c1", "alice", False, "default", None, 21)
    text = await kit.scheduler.deadlines.set_policy("c1", "alice", False, "bot")
    assert "in a row" not in text  # a stand-in bot already plays an absent player's turns
