"""Issue 22, clocks: one timeout plays one decision, the next decision gets its own deadline (the same for
skip and away defaults), and stand-in bots leave room to come back. Real temp database, injected clock."""

from __future__ import annotations

import pytest

import engines
from bot.service.pace_store import Clock
from tests.service._pace_support import HOUR, Kit
from tests.service._support import bid_and_lock, open_lobby

FAST_TURN = 12 * HOUR
FAST = 24 * HOUR  # fast: 12 h per turn + 12 h bank


async def fast_game(kit: Kit, humans: tuple[str, ...] = ("alice", "bob"), policy: str = "default",
                    grace_hours: float | None = None, engine: str | None = None) -> int:
    """A started game at the fast pace with ``policy``; returns its id."""
    if engine is None:
        game_id = await open_lobby(kit.service, humans=humans)
    else:
        lobby = await kit.service.new_game(guild_id="g1", channel_id="c1", user_id=humans[0],
                                           user_name=humans[0].capitalize(), engine_id=engine, seed=3)
        game_id = lobby.game_id
    await kit.scheduler.deadlines.set_pace("c1", humans[0], False, "fast")
    grace = {} if grace_hours is None else {"grace_hours": grace_hours}
    await kit.scheduler.deadlines.set_policy("c1", humans[0], False, policy, **grace)
    await kit.service.start("c1", humans[0])
    return game_id


async def time_out(kit: Kit, game_id: int, seat: int = 0) -> list[str]:
    """Sweep just after ``seat``'s deadline."""
    deadline = (await kit.clocks(game_id))[seat].deadline
    assert deadline is not None
    return await kit.sweep(deadline + 1)


async def test_one_timeout_plays_one_decision_in_a_solo_game(kit: Kit) -> None:
    """#22 one timeout plays one decision: the solo bid is defaulted, the turn after it is not."""
    game_id = await fast_game(kit, humans=("alice",))
    texts = await time_out(kit, game_id)
    assert sum(t.startswith("⌛ Alice ran out of time; the default was played for them: Bid card") for t in texts) == 1
    game = await kit.service.game_by_id(game_id)
    assert game.status == "running" and game.state is not None and game.state["g"]["round"] == 1
    assert game.state is not None and game.state["stack"][-1] == {"step": "turn", "seat": 0}
    clock = (await kit.clocks(game_id))[0]
    assert clock.due_since == kit.clock.now and clock.deadline == kit.clock.now + FAST_TURN + clock.bank
    assert clock.bank == 1 * HOUR  # the timed-out decision used the whole bank; +1 h per move
    assert not [t for t in await kit.sweep(kit.clock.now + 60) if "ran out of time" in t]


async def test_one_timeout_plays_one_decision_of_a_solo_euphoria_draft(kit: Kit) -> None:
    """#22 the report: one missed deadline on a solo Euphoria draft played 44 moves and ended the game."""
    try:
        euphoria = engines.get("euphoria")
    except KeyError:
        pytest.skip("Euphoria is not installed")
    game_id = await fast_game(kit, humans=("alice",), engine="euphoria")
    await time_out(kit, game_id)
    game = await kit.service.game_by_id(game_id)
    assert game.status == "running" and game.state is not None
    assert game.state["stack"][-1]["step"] != "draft" and 0 in euphoria.active(game.state)
    assert game.version <= 3, game.version  # the draft's picks and lock-in only
    clock = (await kit.clocks(game_id))[0]
    assert clock.deadline is not None and clock.deadline > kit.clock.now + FAST_TURN - 1  # a deadline of its own


async def test_when_the_timed_out_player_acts_next_her_next_decision_gets_its_own_deadline(kit: Kit) -> None:
    """#22 two players: the bid resolves into her own turn, which is hers to play, with a fresh deadline."""
    game_id = await fast_game(kit)
    await bid_and_lock(kit.service, "c1", "bob")
    texts = await time_out(kit, game_id)
    told = [t for t in texts if "ran out of time" in t]
    assert len(told) == 1 and told[0].startswith("⌛ Alice ran out of time; the default was played for them: Bid")
    assert "Done" not in told[0]
    game = await kit.service.game_by_id(game_id)
    assert game.state is not None and game.state["stack"][-1] == {"step": "turn", "seat": 0}
    clock = (await kit.clocks(game_id))[0]
    assert clock.due_since == kit.clock.now and clock.deadline == kit.clock.now + FAST_TURN + clock.bank
    await kit.service.play("alice", "mark:2", game_id=game_id)  # she plays her turn herself
    assert (await kit.clocks(game_id))[0].strikes == 1


async def test_skip_plays_one_decision_and_counts_one_strike(kit: Kit) -> None:
    """#22 the same for skip: one decision, one strike, the next decision waits for its deadline."""
    game_id = await fast_game(kit, policy="skip")
    await bid_and_lock(kit.service, "c1", "bob")
    texts = await time_out(kit, game_id)
    assert any(t.endswith("Strike 1 of 3.") for t in texts)
    game = await kit.service.game_by_id(game_id)
    assert game.state is not None and game.state["stack"][-1] == {"step": "turn", "seat": 0}
    clock = (await kit.clocks(game_id))[0]
    assert clock.strikes == 1 and clock.deadline is not None and clock.deadline > kit.clock.now


async def test_an_away_seat_gets_one_decision_defaulted_per_deadline(kit: Kit) -> None:
    """#22 the same for away defaults: each decision of an away seat is due at once and defaulted on its own."""
    game_id = await open_lobby(kit.service, humans=("alice",))
    await kit.scheduler.deadlines.set_pace("c1", "alice", False, "fast")
    await kit.scheduler.store.save_clocks([Clock(game_id, 0, 12 * HOUR, missed=2)])
    await kit.service.start("c1", "alice")
    texts = await kit.sweep(kit.clock.now + 1)
    assert sum(t.startswith("⏭️ Alice is away; their turn was defaulted at once: Bid card") for t in texts) == 1
    game = await kit.service.game_by_id(game_id)
    assert game.state is not None and game.state["stack"][-1] == {"step": "turn", "seat": 0}
    assert (await kit.clocks(game_id))[0].deadline == kit.clock.now  # her turn: due at once, its own decision
    version = game.version
    texts = await kit.sweep(kit.clock.now + 1)
    assert "⏭️ Alice is away; their turn was defaulted at once: Done." in texts
    assert (await kit.service.game_by_id(game_id)).version == version + 1


async def test_a_stand_in_waits_its_grace_before_each_decision(kit: Kit) -> None:
    """#22 stand-in bots leave room to come back: each new decision waits a grace (default 10 % of the turn)."""
    game_id = await fast_game(kit, policy="bot")
    await bid_and_lock(kit.service, "c1", "bob")
    texts = await time_out(kit, game_id)
    assert any("A bot plays their seat until they return" in t and "Done" not in t for t in texts)
    game = await kit.service.game_by_id(game_id)
    assert game.state is not None and game.state["stack"][-1] == {"step": "turn", "seat": 0}  # not played yet
    clock = (await kit.clocks(game_id))[0]
    assert clock.stand_in and clock.deadline == kit.clock.now + 0.1 * FAST_TURN
    assert f"🤖 bot stand-in, plays <t:{int(clock.deadline)}:R> unless they move first" in \
        await kit.scheduler.deadlines.describe("c1")
    assert (await kit.sweep(kit.clock.now + 0.1 * FAST_TURN - 60)) == []  # inside the grace: nothing
    kit.clock.advance(60)
    await kit.service.play("alice", "done", game_id=game_id)  # "simply by making a move"
    clock = (await kit.clocks(game_id))[0]
    assert not clock.stand_in


async def test_the_stand_in_plays_when_its_grace_is_over_and_the_grace_is_a_setting(kit: Kit) -> None:
    """#22 the grace is a per-game setting (``/pace timeout policy:bot grace_hours:``), shown with the policy."""
    game_id = await fast_game(kit, policy="bot", grace_hours=3)
    text = await kit.scheduler.deadlines.describe("c1")
    assert "The bot waits 3 h before each of its moves, so the player can take over." in text
    await bid_and_lock(kit.service, "c1", "bob")
    await time_out(kit, game_id)
    clock = (await kit.clocks(game_id))[0]
    assert clock.deadline == kit.clock.now + 3 * HOUR
    await kit.sweep(kit.clock.now + 3 * HOUR + 1)
    game = await kit.service.game_by_id(game_id)
    assert game.state is not None and game.state["stack"][-1] == {"step": "turn", "seat": 1}  # the bot ended her turn
    with pytest.raises(Exception, match="grace"):
        await kit.scheduler.deadlines.set_policy("c1", "alice", True, "bot", None, None, -1)


async def test_an_absent_solo_player_is_played_one_decision_per_deadline_over_the_whole_game(kit: Kit) -> None:
    """#22 over a whole game with hourly sweeps: every timeout notice covers one decision; the first two
    timeouts each wait a full turn (24 h, then 12 h + the 1 h bank), then the away seat goes at once."""
    game_id = await fast_game(kit, humans=("alice",))
    notices: list[tuple[float, str]] = []
    for _ in range(24 * 10):
        texts = await kit.sweep(kit.clock.now + HOUR)
        told = [t for t in texts if t.startswith(("⌛", "⏭️"))]
        assert len(told) <= 1, told
        notices += [(kit.clock.now, t) for t in told]
        if (await kit.service.game_by_id(game_id)).status != "running":
            break
    assert (await kit.service.game_by_id(game_id)).status == "finished"
    start = notices[0][0] - FAST - HOUR
    assert [round((at - start) / HOUR) for at, _ in notices[:3]] == [25, 38, 39]
    assert len(notices) == 2 * 2  # Tiny Duel solo, 2 rounds: a bid and a turn each
