"""Issue 22, clocks: a seated member who leaves the server. The game says so, the host and admins are told how to
hand the seat over (``/pace replace``), the seat is played by its timeout policy meanwhile (no strikes), and
nobody is pinged in a server they left. Real temp database, injected clock."""

from __future__ import annotations

import pytest

from bot.service.errors import NotAllowed
from tests.service._pace_support import HOUR, Kit
from tests.service._support import bid_and_lock, open_lobby, to_turn_phase


async def game_with(kit: Kit, policy: str = "skip", humans: tuple[str, ...] = ("alice", "bob", "carol")) -> int:
    game_id = await open_lobby(kit.service, humans=humans)
    await kit.scheduler.deadlines.set_pace("c1", "alice", False, "fast")
    await kit.scheduler.deadlines.set_policy("c1", "alice", False, policy, 1)
    await kit.service.start("c1", "alice")
    return game_id


async def seat(kit: Kit, game_id: int, user: str) -> int:
    found = (await kit.service.game_by_id(game_id)).seat_of(user)
    assert found is not None
    return found


async def test_a_member_who_leaves_is_announced_and_the_host_is_told_how_to_hand_the_seat_over(kit: Kit) -> None:
    """#22 departures: the game says so and the host (or an admin) learns the command; no ping for who left."""
    game_id = await game_with(kit)
    assert await kit.scheduler.timeouts.member_left("g1", "bob", kit.clock.now) == 1
    assert await kit.scheduler.timeouts.member_left("g2", "alice", kit.clock.now) == 0  # another server
    texts = await kit.sweep()
    told = [t for t in texts if t.startswith("🚪 Bob left the server.")]
    assert told == ["🚪 Bob left the server. Until their seat is handed over, the game's default is played for it "
                    "(no strikes) at each of its decisions. <@alice> or a server admin: "
                    "`/pace replace new_player:@member` gives the seat to someone else."]
    assert "<@bob>" not in told[0]
    assert "🚪 left the server" in await kit.scheduler.deadlines.describe("c1")
    assert (await kit.service.game_by_id(game_id)).status == "running"


async def test_the_seat_of_who_left_is_played_by_its_policy_at_once_without_strikes(kit: Kit) -> None:
    """#22 departures: the seat's decisions go to the timeout policy at once (skip with 1 strike: no forfeit)."""
    game_id = await game_with(kit)
    await kit.scheduler.timeouts.member_left("g1", "bob", kit.clock.now)
    bob = await seat(kit, game_id, "bob")
    assert (await kit.clocks(game_id))[bob].deadline == kit.clock.now  # due at once, not in 24 h
    texts = await kit.sweep(kit.clock.now + 60)
    assert any(t.startswith("🚪 Bob has left the server; the default played for them: Bid") for t in texts)
    clock = (await kit.clocks(game_id))[bob]
    assert clock.strikes == 0 and clock.missed == 0 and clock.deadline is None  # he locked in
    assert (await kit.service.game_by_id(game_id)).seat_of("bob") == bob  # still his seat: no forfeit
    await bid_and_lock(kit.service, "c1", "alice")
    await bid_and_lock(kit.service, "c1", "carol")
    game = await kit.service.game_by_id(game_id)
    while game.state is not None and game.state["stack"][-1] != {"step": "turn", "seat": bob}:
        [mover] = kit.service.engine("tiny").active(game.state)
        await kit.service.play(game.player_at(mover).user_id or "", "done", game_id=game_id)  # type: ignore[union-attr]
        game = await kit.service.game_by_id(game_id)
    assert (await kit.clocks(game_id))[bob].deadline == kit.clock.now  # his turn: due at once again


async def test_nobody_is_pinged_in_a_server_they_left(kit: Kit) -> None:
    """#22 departures: no reminder, no mention on the board, no deadline shown for who left."""
    game_id = await game_with(kit, humans=("alice", "bob"))
    await kit.scheduler.reminders.update("bob", mode="both")
    game = await to_turn_phase(kit.service, game_id)
    await kit.service.play("alice", "done", game_id=game.id)  # bob's turn
    await kit.scheduler.timeouts.member_left("g1", "bob", kit.clock.now)
    texts = await kit.sweep(kit.clock.now + 20 * HOUR)
    assert not [t for t in texts if "<@bob>" in t or "waiting for you" in t]
    post = await kit.service.make_post(await kit.service.game_by_id(game_id), [])
    assert "bob" not in post.mentions and "bob" not in post.deadlines


async def test_the_host_hands_the_seat_of_who_left_over_with_pace_replace(kit: Kit) -> None:
    """#22 departures: `/pace replace new_player:` (the host may, for a player who left) gives the seat away."""
    game_id = await game_with(kit)
    t = kit.scheduler.timeouts
    with pytest.raises(NotAllowed):
        await t.replace("c1", "alice", False, "carol", "dave", "Dave")  # carol is still here: admins only
    await t.member_left("g1", "bob", kit.clock.now)
    text = await t.replace("c1", "alice", False, None, "dave", "Dave")
    assert "Dave takes over Bob's seat" in text
    bob = (await kit.service.game_by_id(game_id)).seat_of("dave")
    assert bob is not None
    clock = (await kit.clocks(game_id))[bob]
    assert clock.deadline is not None and clock.deadline > kit.clock.now + 12 * HOUR  # a real deadline for Dave


async def test_a_member_who_comes_back_plays_their_seat_again(kit: Kit) -> None:
    """#22 departures: rejoining ends it; a fresh deadline if it is their turn."""
    game_id = await game_with(kit)
    t = kit.scheduler.timeouts
    await t.member_left("g1", "bob", kit.clock.now)
    kit.clock.advance(10)
    assert await t.member_returned("g1", "bob", kit.clock.now) == 1
    clock = (await kit.clocks(game_id))[await seat(kit, game_id, "bob")]
    assert clock.deadline is not None and clock.deadline > kit.clock.now + 12 * HOUR
    texts = await kit.sweep()
    assert "👋 Bob is back in the server and plays their seat again." in texts
    assert await t.member_returned("g1", "bob", kit.clock.now) == 0
