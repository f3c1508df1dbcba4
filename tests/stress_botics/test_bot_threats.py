"""The bot with the threats on (rules version 2): it values the Shields Vault while short of shields, keeps
out of E/P Vaults holding Cylindroids, programs Produce first on the Shields Vault, and beats random-legal
players in fixed seeds (the issue #16 criterion is measured by ``tests.stress_botics.measure --threats``)."""

import random

import pytest

from engines.stress_botics import bot_threats

from .engine_helpers import ENGINE, ctx, new, p

WINS = [(3, 1), (3, 12), (3, 14), (4, 2), (4, 3), (4, 5), (4, 6)]
"""(players, seed) that the bot lost before its threat play (measure's protocol: seat ``seed % players``), under
rules version 2 where they were found: version 3 (the Elite, items, INTERACT) plays other games from the same
seeds, and its win rate is measured by ``measure --threats`` and test_elite_bot.py."""


def shields_vault(state) -> str:
    return next(node for node, v in state["g"]["vaults"].items() if v["tile"] == bot_threats.SHIELDS_VAULT)


@pytest.mark.parametrize(("players", "seed"), WINS)
def test_bot_beats_random_players_with_the_threats(players: int, seed: int):
    state, rnd, me = ENGINE.setup(players, seed, {"threats": True}, version=2), random.Random(seed), seed % players
    while ENGINE.outcome(state) is None:
        seat = rnd.choice(ENGINE.active(state))
        legal = ENGINE.legal_actions(state, seat)
        action = ENGINE.bot_action(state, seat) if seat == me else rnd.choice(legal)
        state, _ = ENGINE.apply(state, seat, action)
    assert ENGINE.outcome(state)["winners"] == [me]


def test_shields_vault_and_cylindroids_in_place_value():
    state = new(3, seed=2)
    node = shields_vault(state)
    p(state, 0)["shields"] = 12
    assert bot_threats.place_value(ctx(state), 0, node) == 0.0
    p(state, 0)["shields"] = 4
    assert bot_threats.place_value(ctx(state), 0, node) == bot_threats.SHIELD_GAIN * bot_threats.SHIELD_CAP
    state["g"]["vaults"][node]["cylindroids"] = ["MIN"]  # blocks Produce and attacks in Phase 5
    assert bot_threats.place_value(ctx(state), 0, node) == -bot_threats.VAULT_THREAT


def test_produce_shields_goes_first_on_the_shields_vault():
    state = new(3, seed=2)
    node = shields_vault(state)
    p(state, 0).update(mini=node, square=None, shields=6)
    g = ctx(state)
    slots = {"MV01": "a", "CN01": "b"}
    assert bot_threats.first_card(g, 0, slots) == "b"
    p(state, 0)["shields"] = 12
    assert bot_threats.first_card(ctx(state), 0, slots) is None


def test_staying_programs_an_extract_rather_than_a_move():
    state = new(3, seed=2)
    node = next(n for n, v in state["g"]["vaults"].items() if ENGINE.data.vaults[v["tile"]]["kind"] == "extract")
    p(state, 0).update(mini=node, square=None)
    state["g"]["vaults"][node].pop("cylindroids", None)
    g = ctx(state)
    slots = {"MV01": "a", "MN01": "b"}
    assert bot_threats.extract_yield(g, 0) is not None and not bot_threats.disintegrations(g, 0)
    assert bot_threats.first_card(g, 0, slots) is None  # a MOVE may still be better: the bot's usual order
    assert bot_threats.first_card(g, 0, slots, stay=True) == "b"
