"""The rules of the decision a player faces now, from the service (bot/service/rules_now.py): what ``/rules``,
the panel's Rules button and the sandbox's ``rules`` print (EU-SETUP-11: the reference card is ``/rules``)."""

from __future__ import annotations

import copy
import dataclasses

import pytest

import engines
from bot.service.errors import NoGame, ServiceError
from bot.service.rules_now import RulesAnswer, decision_rules, summary_text, topic_choices, topic_text
from bot.service.service import GameService
from engines.core.rules_guide import Entry

from ._support import name_of


async def robo_game(service: GameService, channel: str = "c1", start: bool = True):
    lobby = await service.new_game(guild_id="g1", channel_id=channel, user_id="alice", user_name="Alice",
                                   engine_id="robo_rescue", seed=5)
    await service.join(channel, "bob", name_of("bob"))
    if start:
        await service.start(channel, "alice")
    return await service.game_by_id(lobby.game_id)


async def test_the_deciding_player_reads_the_rules_of_their_decision(service: GameService):
    game = await robo_game(service)
    engine = engines.get("robo_rescue")
    assert game.state is not None
    seat = engine.active(game.state)[0]
    deciding = game.player_at(seat).user_id
    waiting = next(p.user_id for p in game.players if p.user_id != deciding)

    mine = await service.rules("c1", deciding)
    assert mine.heading.startswith("**Robo Rescue — the rules for your decision:** Choose which way")
    assert mine.entries == engine.rules_for(game.state, seat) and mine.entries[0].id == "RR-SETUP-07"
    assert "**Starting facing** (RR-SETUP-07): Your robot starts" in mine.text()

    theirs = await service.rules("c1", waiting)
    spectator = await service.rules("c1", "carol")
    assert theirs == spectator, "a player not deciding reads what a spectator reads"
    assert "the rules for what the table decides now" in theirs.heading
    assert f"Waiting for {name_of(deciding)}" in theirs.heading and "{seat" not in theirs.text()
    assert await service.rules_of_game(game.id, deciding) == mine


async def test_a_lobby_shows_the_summary_and_no_game_is_refused(service: GameService):
    await robo_game(service, start=False)
    answer = await service.rules("c1", "alice")
    assert "has not started yet" in answer.heading and "Rocket Engines" in answer.heading and not answer.entries
    with pytest.raises(NoGame):
        await service.rules("elsewhere", "alice")
    assert (await service.rules_engine("c1")).id == "robo_rescue"
    assert await service.rules_engine("elsewhere") is None


async def test_a_finished_game_shows_how_it_ends(service: GameService):
    """RR-END-02/04/05: the game-over entries."""
    game = await robo_game(service)
    state = copy.deepcopy(game.state)
    state["result"], state["stack"] = {"winners": [0], "placings": [["0"], ["1"]]}, []
    answer = decision_rules(engines.get("robo_rescue"), dataclasses.replace(game, state=state), "alice")
    assert "the game is over" in answer.heading
    assert [e.id for e in answer.entries] == ["RR-END-02", "RR-END-04", "RR-END-05"]


def test_an_answer_that_does_not_fit_names_the_rest_by_id():
    entries = [Entry(f"RR-X-{i:02}", f"Rule {i}", "x" * 250, "L1") for i in range(12)]
    answer = RulesAnswer("**Heading**", entries, "More: `/rules`")
    text = answer.text()
    assert len(text) <= 2000 and text.endswith("More: `/rules`")
    assert text.startswith("**Heading**\n**Rule 0** (RR-X-00)")
    shown = [e.id for e in entries if f"({e.id}):" in text]
    assert 3 < len(shown) < 12
    assert "…and more: " + ", ".join(e.id for e in entries[len(shown):]) in text
    assert len(answer.text(limit=10_000)) > 2000, "the sandbox prints everything"


def test_topics_rule_ids_and_the_summary():
    engine = engines.get("euphoria")
    assert summary_text(engine).startswith("**Euphoria: Build a Better Dystopia** (1–6 players)\nWorkers are dice")
    assert "Topics: `turn`, `knowledge`" in summary_text(engine)
    assert topic_text(engine, "Markets").startswith("**Euphoria: Build a Better Dystopia — markets**\nSites complete")
    assert "**Market penalties** (EU-MARKET-02)" in topic_text(engine, "markets")
    assert "*Rulebook: Einde van het spel*" in topic_text(engine, "eu-end-03")
    with pytest.raises(ServiceError, match="No rules topic 'chess'"):
        topic_text(engine, "chess")
    assert topic_choices(engine, "know")[0] == ("knowledge", "knowledge")
    assert ("EU-KNOW-03 · A worker runs away", "EU-KNOW-03") in topic_choices(engine, "runs away")
    assert len(topic_choices(engine, "")) == 25


def test_a_game_without_a_guide_keeps_its_summary_and_topics(tiny):
    engine = engines.get("tiny")
    assert summary_text(engine) == ("**Tiny Duel** (1–4 players)\nBid a card in secret each round; the highest "
                                    "single bid scores it.\nTopics: `bid`")
    assert topic_text(engine, "bid").startswith("**Tiny Duel — bid**\nEveryone bids one card in secret")
    assert topic_choices(engine, "b") == [("bid", "bid")]
