"""The rule behind the choice through the fake Discord: ``/rules`` without a topic in a game's channel, the
turn panel's Rules button, ``/rules game topic`` with autocomplete, during Robo Rescue, Euphoria and SCRAP decisions
(RR-CONV-02 when paying a conversion, EU-SETUP-09 while choosing recruits, EU-SETUP-11: the reference card)."""

from __future__ import annotations

from typing import Any

import engines
from bot.discord.ids import b36
from engines.core.effects import CHOICE

from ._support import boards, custom_ids, error_reply, game_row, open_panel, play, start_game
from .conftest import Table

MOVES = 160


async def rules_now(table: Table, user: str) -> dict[str, Any]:
    """``/rules`` with no options in the table's channel; the ephemeral answer."""
    ix = await table.fake.slash(user, table.channel, "rules")
    assert ix.response_type == 4 and ix.ephemeral, ix.messages
    return ix.message


def listed(text: str, ids: list[str]) -> bool:
    """Every rule ID is in the answer, shown in full or named under "…and more"."""
    return all(rule_id in text for rule_id in ids)


async def decision_key(table: Table, game_id: int) -> tuple[str, str]:
    """The step waiting now and, on the choice step, the effect it asks about."""
    game = await game_row(table, game_id)
    assert game.state is not None and game.state["stack"]
    frame = game.state["stack"][-1]
    return frame["step"], frame["op"]["effect"] if frame["step"] == CHOICE else ""


async def play_and_ask(table: Table, game_id: int, game: str, users: list[str], moves: int) -> set[tuple[str, str]]:
    """Play bot moves through ``/play``; at each new kind of decision ask ``/rules`` as the one deciding and as
    a spectator, and check the answers give the engine's entries for each."""
    engine = engines.get(game)
    seen: set[tuple[str, str]] = set()
    for _ in range(moves):
        row = await game_row(table, game_id)
        if row.status != "running" or row.state is None:
            break
        seat = engine.active(row.state)[0]
        user = row.player_at(seat).user_id
        key = await decision_key(table, game_id)
        if key not in seen:
            seen.add(key)
            mine = (await rules_now(table, user))["content"]
            assert "the rules for your decision" in mine and engine.title in mine
            assert listed(mine, [e.id for e in engine.rules_for(row.state, seat)]), (key, mine)
            theirs = (await rules_now(table, table.carol))["content"]
            assert "the rules for what the table decides now" in theirs
            assert listed(theirs, [e.id for e in engine.rules_for(row.state, None)]), (key, theirs)
            assert "{seat" not in mine + theirs and len(mine) <= 2000
        assert user in users
        answer = await play(table, user, str(engine.bot_action(row.state, seat)))
        assert answer.startswith("Move made."), answer
    return seen


async def test_rules_during_robo_rescue_decisions(table: Table) -> None:
    game_id, _ = await start_game(table, options="round_cap=2", game="robo_rescue")
    seen = await play_and_ask(table, game_id, "robo_rescue", [table.alice, table.bob], MOVES)
    steps = {step for step, _ in seen}
    assert {"choose_facing", "turn_start", "program", "board_actions", "conversions"} <= steps, steps


async def test_rules_during_euphoria_decisions(table: Table) -> None:
    game_id, _ = await start_game(table, players=(table.alice,), options="automa=yes", game="euphoria")
    answer = (await rules_now(table, table.alice))["content"]
    assert "**Choosing recruits** (EU-SETUP-09)" in answer and "keep 2" in answer  # EU-SETUP-09
    seen = await play_and_ask(table, game_id, "euphoria", [table.alice], MOVES // 2)
    assert {"draft", "turn", "retrieve", CHOICE} <= {step for step, _ in seen}, seen  # a choice: its effect's rule


async def test_rules_during_scrap_decisions(table: Table) -> None:
    game_id, _ = await start_game(table, options="", game="scrap")
    seen = await play_and_ask(table, game_id, "scrap", [table.alice, table.bob], MOVES)
    assert len({step for step, _ in seen}) >= 4, seen  # setup, then the Run/Call/Load phases


async def test_the_turn_panel_has_a_grey_rules_button(table: Table) -> None:
    game_id, board = await start_game(table, options="round_cap=1", game="robo_rescue")
    game = await game_row(table, game_id)
    assert game.state is not None
    user = game.player_at(engines.get("robo_rescue").active(game.state)[0]).user_id
    panel = await open_panel(table, user, board, game_id)
    rules = f"ru:{b36(game_id)}"
    assert custom_ids(panel)[-1] == rules
    button = next(c for row in panel["components"] for c in row["components"] if c.get("custom_id") == rules)
    assert button["label"] == "Rules" and button["style"] == 2  # grey
    ix = await table.fake.click(user, table.channel, panel["id"], rules)
    assert ix.response_type == 4 and ix.ephemeral
    assert ix.message["content"] == (await rules_now(table, user))["content"]
    assert "**Starting facing** (RR-SETUP-07)" in ix.message["content"]
    assert len(boards(table)) == 1, "reading the rules posts nothing"


async def test_rules_without_a_game_in_the_channel_says_how_to_ask(table: Table) -> None:
    ix = await table.fake.slash(table.carol, table.channel, "rules")
    assert "/rules game:<game>" in await error_reply(ix)
    ix = await table.fake.slash(table.carol, table.channel, "rules", options={"topic": "turn"})
    assert "name one" in await error_reply(ix)


async def test_topics_and_rule_ids_of_the_channels_game_with_autocomplete(table: Table) -> None:
    await start_game(table, options="round_cap=1", game="robo_rescue")
    ix = await table.fake.slash(table.carol, table.channel, "rules", options={"topic": "conversions"})
    assert ix.ephemeral and ix.message["content"].startswith("**Robo Rescue — conversions**")
    assert "**Paying** (RR-CONV-02)" in ix.message["content"]
    ix = await table.fake.slash(table.carol, table.channel, "rules", options={"topic": "rr-conv-08"})
    assert "**Loose cables only** (RR-CONV-08)" in ix.message["content"]
    topics = await table.fake.autocomplete(table.carol, table.channel, "rules", {"topic": "conv"})
    assert topics[0] == {"name": "conversions", "value": "conversions"}
    assert {"name": "RR-CONV-08 · Loose cables only", "value": "RR-CONV-08"} in topics
    named = await table.fake.autocomplete(table.carol, table.channel, "rules", {"game": "euphoria", "topic": "mark"},
                                          focused="topic")
    assert named[0] == {"name": "markets", "value": "markets"}
    ix = await table.fake.slash(table.carol, table.channel, "rules", options={"game": "euphoria"})
    assert ix.message["content"].startswith("**Euphoria: Build a Better Dystopia** (1–6 players)")
    assert "Topics: `turn`" in ix.message["content"]
