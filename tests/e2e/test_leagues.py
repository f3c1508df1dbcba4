"""Leagues end to end: create, sign up, start a season (threads, games), play a match, standings, ratings."""

from __future__ import annotations

from typing import Any

import engines

from ._support import error_reply, game_row, is_board, legal, play
from .conftest import Table

JSON = dict[str, Any]


async def slash(table: Table, user: str, sub: str, channel: str | None = None, **options: Any) -> Any:
    """``/league SUB`` in the league channel (or ``channel``)."""
    return await table.fake.slash(user, channel or table.channel, "league", subcommand=sub, options=options)


async def create_and_sign_up(table: Table, *players: str, **extra: Any) -> None:
    ix = await slash(table, table.admin, "create", name="Duel League", game="tiny", players=2,
                     options="rounds=1 dice=no", **extra)
    assert ix.response_type == 4 and not ix.ephemeral, ix.messages
    assert "League created" in ix.message["content"]
    for user in players:
        ix = await slash(table, user, "join")
        assert ix.response_type == 4 and "signed up" in ix.message["content"], ix.messages


async def start_season(table: Table) -> list[JSON]:
    ix = await slash(table, table.admin, "season start")
    assert ix.response_type == 5
    [done] = await ix.wait_followups(1)
    assert "has started" in done["content"], done
    return table.fake.threads(table.channel)


async def finish_in_thread(table: Table, thread: str, game_id: int) -> None:
    """Everyone plays the simplest move through /play in the match thread until the game ends."""
    for _ in range(60):
        game = await game_row(table, game_id)
        if game.status != "running":
            return

        assert game.state is not None
        seats = engines.get(game.engine).active(game.state)
        user = next(p.user_id for s in seats if (p := game.player_at(s)) and p.user_id)
        actions = await legal(table, game_id, user)
        move = next((a for a in ("lock", "done", "back") if a in actions), actions[0])
        answer = await play(table, user, move, channel=thread)
        assert answer.startswith("Move made."), answer
    raise AssertionError("the match did not finish")


async def test_league_season_match_and_standings(table: Table) -> None:
    await create_and_sign_up(table, table.alice, table.bob, pace="fast")
    refused = await slash(table, table.carol, "season start")
    assert "Only league organisers" in await error_reply(refused)

    [thread] = await start_season(table)
    assert thread["name"].startswith("Duel League")
    messages = table.fake.messages(thread["id"])
    intro = next(m for m in messages if "has started" in (m.get("content") or ""))
    assert f"<@{table.alice}>" in intro["content"] and f"<@{table.bob}>" in intro["content"]
    board = await table.fake.wait_for_message(thread["id"], lambda m: is_board(m))
    assert board["attachments"][0]["filename"] == "board.png"
    game = await table.bot.service.storage.open_game_in_channel(thread["id"])
    assert game is not None and game.status == "running"
    assert {p.user_id for p in game.players} == {table.alice, table.bob}
    settings = await table.bot.scheduler.store.settings(game.id)  # the league's pace and timeout policy
    assert (settings.pace.name, settings.policy) == ("fast", "skip")
    assert "(due <t:" in board["embeds"][0]["description"]

    ix = await slash(table, table.bob, "matches")
    assert f"<#{thread['id']}>" in (await error_reply(ix))

    await finish_in_thread(table, thread["id"], game.id)
    finished = await game_row(table, game.id)
    winners = {finished.player_at(s).user_id for s in finished.result["winners"]}  # type: ignore[union-attr,index]
    announced = await table.fake.wait_for_message(table.channel, lambda m: "round 1 table 1" in m["content"])
    assert "1st" in announced["content"]

    ix = await slash(table, table.carol, "standings", public=True)
    assert ix.response_type == 5 and not ix.ephemeral
    [standings] = await ix.wait_followups(1)
    assert standings["attachments"][0]["filename"] == "standings.png"
    assert standings["attachments"][0]["data"].startswith(b"\x89PNG")
    lines = standings["content"].split("\n")
    top = next(line for line in lines if line.strip().startswith("1 "))
    top_names = {"Alice" if table.alice in winners else "", "Bob" if table.bob in winners else ""} - {""}
    assert any(name in top for name in top_names), standings["content"]

    ix = await slash(table, table.alice, "schedule")
    assert "Round 1" in ix.message["embeds"][0]["description"] and "✅" in ix.message["embeds"][0]["description"]

    ix = await table.fake.slash(table.alice, table.channel, "rating")
    assert "Tiny Duel" in (await error_reply(ix))
    ix = await table.fake.slash(table.alice, table.channel, "leaderboard", options={"game": "tiny"})
    [board_msg] = await ix.wait_followups(1)
    assert "Alice" in board_msg["content"] and "Bob" in board_msg["content"]
    season = (await table.bot.table.leagues.schedule(await table.bot.table.leagues.find(table.guild, table.channel)))[0]
    assert season.status == "closed"  # two players: one round, the season is complete


async def test_forfeit_from_the_thread_and_audit(table: Table) -> None:
    await create_and_sign_up(table, table.alice, table.bob, table.carol)
    ix = await slash(table, table.alice, "leave")
    [answer] = await ix.wait_followups(1)
    assert "left the sign-ups" in answer["content"]
    await slash(table, table.alice, "join")
    threads = await start_season(table)
    assert len(threads) == 1  # three players: one table and a bye
    thread = threads[0]["id"]
    game = await table.bot.service.storage.open_game_in_channel(thread)
    assert game is not None
    player = next(p.user_id for p in game.players if p.user_id)
    ix = await slash(table, player, "forfeit", channel=thread)
    [answer] = await ix.wait_followups(1)
    assert "forfeits" in answer["content"]
    assert (await game_row(table, game.id)).status == "cancelled"
    # round 2 is paired at once: a new thread with a started game
    await table.fake.wait_for_message(table.channel, lambda m: "round 2 of 3 is paired" in m["content"])
    assert len(table.fake.threads(table.channel)) == 2

    ix = await slash(table, table.admin, "remove", player=table.carol, reason="no longer available")
    assert ix.response_type == 5
    await ix.wait_followups(1)
    ix = await slash(table, table.admin, "audit")
    text = await error_reply(ix)
    assert "remove" in text and "no longer available" in text
    refused = await slash(table, table.alice, "audit")
    assert "Only league organisers" in await error_reply(refused)


async def test_organiser_replaces_a_player_and_awards_a_result(table: Table) -> None:
    await create_and_sign_up(table, table.alice, table.bob)
    [thread] = await start_season(table)
    game = await table.bot.service.storage.open_game_in_channel(thread["id"])
    assert game is not None
    service = table.bot.table.leagues
    _, [match] = await service.schedule(await service.find(table.guild, table.channel))

    ix = await slash(table, table.admin, "replace", match=match.id, player=table.bob, substitute=table.carol,
                     reason="Bob moved away")
    assert ix.response_type == 5 and ix.ephemeral  # deferred first: it posts in the match thread
    [answer] = await ix.wait_followups(1)
    assert "Replaced" in answer["content"]
    await table.fake.wait_for_message(thread["id"], lambda m: "takes over the seat" in m["content"])
    assert (await game_row(table, game.id)).seat_of(table.carol) is not None

    refused = await slash(table, table.alice, "award", match=match.id, result=f"<@{table.alice}>", reason="x")
    assert "Only league organisers" in await error_reply(refused)
    ix = await slash(table, table.admin, "award", match=match.id,
                     result=f"<@{table.carol}> > <@{table.alice}>", reason="Alice did not show up")
    assert "Result recorded" in await error_reply(ix)
    assert (await game_row(table, game.id)).status == "cancelled"

    ix = await slash(table, table.bob, "standings")
    [standings] = await ix.wait_followups(1)
    assert standings["ephemeral"]
    first = next(line for line in standings["content"].split("\n") if line.strip().startswith("1 "))
    assert "Carol" in first
    audit = await error_reply(await slash(table, table.admin, "audit"))
    assert "award" in audit and "Alice did not show up" in audit and "Bob moved away" in audit


async def test_results_are_recorded_after_a_restart(table: Table) -> None:
    await create_and_sign_up(table, table.alice, table.bob)
    [thread] = await start_season(table)
    game = await table.bot.service.storage.open_game_in_channel(thread["id"])
    assert game is not None
    await table.restart()
    await finish_in_thread(table, thread["id"], game.id)
    await table.fake.wait_for_message(table.channel, lambda m: "round 1 table 1" in m["content"])
    service = table.bot.table.leagues
    season, [match] = await service.schedule(await service.find(table.guild, table.channel))
    assert match.status == "finished" and season.status == "closed"
