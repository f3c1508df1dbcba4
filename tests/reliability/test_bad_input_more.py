"""Bad input not covered by tests/e2e/test_bad_input.py: moves aimed at another channel's game; the
import benchmark (event-loop lag while a long replay is checked) runs and reports its figures."""

from __future__ import annotations

import random

from bench.import_bench import maximal_replay
from bench.import_bench import run as run_import_bench
from bot.discord.ids import b36

from ._support import Host, pick


async def stored(host: Host) -> list[tuple[int, int, str]]:
    """(game id, version, state) of every game: what a refusal must leave untouched."""
    games = await host.bot.service.storage.games_with_status(("lobby", "running", "finished", "cancelled"))
    return [(g.id, g.version, str(g.state)) for g in games]


async def test_moves_for_another_channels_game_are_refused(host: Host) -> None:
    here, _, here_game = await host.table("tiny", name="here")
    _, _, there_game = await host.table("tiny", name="there")
    chosen = await pick(host.bot.service, there_game, random.Random(1))
    assert chosen is not None
    user, action, version = chosen  # seated in the game "there", not "here"
    before = await stored(host)

    ix = await host.fake.slash(user, here, "play", options={"action": action})
    [answer] = await ix.wait_followups(1)
    assert answer["ephemeral"] and "You are not playing in this game" in answer["content"]
    assert await host.fake.autocomplete(user, here, "play", {"action": ""}) == []

    forged = f"a:{b36(there_game)}:{b36(version)}:{action}"  # a move button of "there", clicked "here"
    button = {"type": 2, "style": 1, "label": "forged", "custom_id": forged}
    message = host.fake.world.create_message(here, {"content": "forged", "components": [
        {"type": 1, "components": [button]}]}, [], author=host.fake.world.bot.payload())
    ix = await host.fake.click(user, here, message.id, forged)
    if ix.response_type in (5, 6):
        await ix.wait_followups(1)
    texts = [m["content"] for m in ix.messages]
    assert ix.messages and all(m["ephemeral"] for m in ix.messages), texts
    assert any("another channel" in t for t in texts), texts
    assert await stored(host) == before
    assert (await host.bot.service.game_by_id(here_game)).version == 0


async def test_the_import_benchmark_reports_the_event_loop_lag() -> None:
    assert len(maximal_replay(150)["actions"]) == 150
    figures = await run_import_bench(150)
    assert figures["moves"] == 150 and figures["import_s"] > 0
    assert {"lag_ms_p50", "lag_ms_p99", "lag_ms_max", "on_loop_s", "on_loop_lag_ms_max"} <= set(figures)
