"""Paces and the time bank: arithmetic, per-seat deadlines (simultaneous phases), host settings."""

from __future__ import annotations

import pytest

from bot.service.errors import LobbyError, NotAllowed
from bot.service.pacing import PRESETS, Pace, bank_after_turn, custom_pace, deadline
from tests.service._pace_support import DAY, HOUR, T0, Kit
from tests.service._support import bid_and_lock, open_lobby, start_game, to_turn_phase, user_at


def test_presets_give_the_issue_turn_times() -> None:
    assert PRESETS["fast"].turn == 12 * HOUR
    assert PRESETS["normal"].turn == 48 * HOUR
    assert PRESETS["slow"].turn == 5 * DAY
    assert not PRESETS["off"].timed


def test_time_bank_arithmetic() -> None:
    pace = Pace("p", turn=10 * HOUR, bank=6 * HOUR, gain=HOUR, cap=8 * HOUR)
    assert deadline(T0, 6 * HOUR, pace) == T0 + 16 * HOUR
    assert deadline(T0, -5, pace) == T0 + 10 * HOUR  # an empty bank never shortens the turn
    assert bank_after_turn(6 * HOUR, 2 * HOUR, pace) == 7 * HOUR  # quick move: the bank gains
    assert bank_after_turn(7.5 * HOUR, HOUR, pace) == 8 * HOUR  # capped
    assert bank_after_turn(6 * HOUR, 14 * HOUR, pace) == 3 * HOUR  # 4 h overtime paid, then +1 h
    assert bank_after_turn(6 * HOUR, 40 * HOUR, pace) == HOUR  # never below zero before the gain


def test_custom_pace_is_checked() -> None:
    assert custom_pace(2, 1, 0.5, 4) == Pace("custom", 2 * HOUR, HOUR, 0.5 * HOUR, 4 * HOUR)
    with pytest.raises(LobbyError):
        custom_pace(0)
    with pytest.raises(LobbyError):
        custom_pace(5, bank_hours=4, cap_hours=2)


async def test_each_pending_seat_of_a_simultaneous_phase_has_its_own_deadline(kit: Kit) -> None:
    game = await start_game(kit.service)
    clocks = await kit.clocks(game.id)
    normal = PRESETS["normal"]
    assert {s: c.deadline for s, c in clocks.items()} == {0: T0 + normal.turn + normal.bank,
                                                          1: T0 + normal.turn + normal.bank}
    kit.clock.advance(10 * HOUR)
    alice_seat = game.seat_of("alice")
    await bid_and_lock(kit.service, "c1", "alice")
    clocks = await kit.clocks(game.id)
    assert clocks[alice_seat].deadline is None
    assert clocks[alice_seat].bank == normal.bank + normal.gain  # 10 h < 48 h: no overtime
    assert clocks[1 - alice_seat].deadline == T0 + normal.turn + normal.bank  # bob's clock did not move
    post = await kit.service.status("c1")
    assert post.deadlines == {"bob": T0 + normal.turn + normal.bank}
    assert post.deadline == T0 + normal.turn + normal.bank


async def test_overtime_is_paid_from_the_bank_and_the_next_deadline_shows_it(kit: Kit) -> None:
    await open_lobby(kit.service)
    await kit.scheduler.deadlines.set_pace("c1", "alice", False, "fast")
    await kit.service.start("c1", "alice")
    game = await kit.service.game_by_id(1)
    kit.clock.advance(20 * HOUR)  # 8 h beyond the 12 h turn
    for user in ("alice", "bob"):
        await bid_and_lock(kit.service, "c1", user)
    game = await kit.service.game_by_id(game.id)
    first = game.player_at(0)
    assert first is not None and first.user_id is not None
    clock = (await kit.clocks(game.id))[0]
    assert clock.bank == 12 * HOUR - 8 * HOUR + HOUR
    assert clock.deadline == kit.clock.now + 12 * HOUR + 5 * HOUR


async def test_pace_is_a_host_setting_and_custom_is_for_admins(kit: Kit) -> None:
    await open_lobby(kit.service)
    d = kit.scheduler.deadlines
    with pytest.raises(NotAllowed):
        await d.set_pace("c1", "bob", False, "slow")
    assert "slow: 5 d per turn" in await d.set_pace("c1", "alice", False, "slow")
    with pytest.raises(NotAllowed):
        await d.set_pace("c1", "alice", False, "custom", (1, 0, 0, None))
    assert "custom: 1 h per turn" in await d.set_pace("c1", "bob", True, "custom", (1, 0, 0, None))
    text = await d.set_policy("c1", "alice", False, "skip", 2)
    assert "forfeit after 2 strikes" in text
    await kit.service.start("c1", "alice")
    with pytest.raises(LobbyError):
        await d.set_pace("c1", "alice", False, "fast")
    clocks = await kit.clocks(1)
    assert all(c.deadline == T0 + HOUR for c in clocks.values())


async def test_pace_off_and_bot_seats_have_no_deadline(kit: Kit) -> None:
    game = await start_game(kit.service, humans=("alice",), bots=1)
    clocks = await kit.clocks(game.id)
    bot_seat = next(p.seat for p in game.players if p.is_bot)
    assert clocks[bot_seat].deadline is None
    assert clocks[game.seat_of("alice")].deadline is not None
    await open_lobby(kit.service, channel="c2")
    await kit.scheduler.deadlines.set_pace("c2", "alice", False, "off")
    await kit.service.start("c2", "alice")
    other = await kit.service.storage.open_game_in_channel("c2")
    assert other is not None
    assert all(c.deadline is None for c in (await kit.clocks(other.id)).values())
    assert (await kit.service.status("c2")).deadline is None


async def test_a_finished_turn_phase_moves_the_clock_to_the_next_seat(kit: Kit) -> None:
    game = await start_game(kit.service)
    game = await to_turn_phase(kit.service, game.id)
    kit.clock.advance(HOUR)
    user = game.player_at(0).user_id  # type: ignore[union-attr]
    await kit.service.play(user, "done", game_id=game.id)
    clocks = await kit.clocks(game.id)
    assert clocks[0].deadline is None
    assert clocks[1].due_since == kit.clock.now and clocks[1].turn == 2


async def test_a_new_decision_restarts_the_clock_but_a_sub_prompt_of_the_same_turn_does_not(kit: Kit) -> None:
    game = await start_game(kit.service)
    await bid_and_lock(kit.service, "c1", "bob")
    kit.clock.advance(HOUR)
    await bid_and_lock(kit.service, "c1", "alice")  # her lock ends the bid; her turn (seat 0) begins at once
    clock = (await kit.clocks(game.id))[0]
    assert clock.due_since == T0 + HOUR and clock.turn == 2 and clock.bank == 52 * HOUR
    started = clock.deadline
    kit.clock.advance(HOUR)
    await kit.service.play("alice", "gift", game_id=game.id)  # a sub-prompt of the same turn
    await kit.service.play("alice", "back", game_id=game.id)
    await kit.service.play("alice", "mark:2", game_id=game.id)
    clock = (await kit.clocks(game.id))[0]
    assert clock.deadline == started and clock.turn == 2  # no stalling by re-entering prompts


async def test_a_robo_rescue_turn_keeps_its_deadline_through_reveals_of_its_own(kit: Kit) -> None:
    """Issue 21: the mover's dice roll and card draw are reveals, but the turn goes on: same deadline."""
    import engines

    try:
        engine = engines.get("robo_rescue")
    except KeyError:
        pytest.skip("Robo Rescue is not installed")
    lobby = await kit.service.new_game(guild_id="g1", channel_id="rr", user_id="alice", user_name="Alice",
                                       engine_id="robo_rescue", options={"round_cap": 1}, seed=3)
    await kit.service.join("rr", "bob", "Bob")
    await kit.service.start("rr", "alice")
    game = await kit.service.game_by_id(lobby.game_id)
    deadlines: list[float | None] = []
    mover = None
    while game.status == "running" and game.state is not None:
        [seat] = engine.active(game.state)
        if mover is not None and seat != mover and deadlines:
            break
        step = game.state["stack"][-1]["step"]
        if step == "program":
            mover = seat
        if mover == seat:
            deadlines.append((await kit.clocks(game.id))[seat].deadline)
        kit.clock.advance(HOUR)
        await kit.service.play(user_at(game, seat) or "", str(engine.bot_action(game.state, seat)), game_id=game.id)
        game = await kit.service.game_by_id(game.id)
    assert len(deadlines) > 5 and len(set(deadlines)) == 1, deadlines
