"""The bot against the Elite Cylindroid (rules version 3): it attacks when the reward pays, never into the
1-2p penalty, heads for the Hatch's side with a free-boost MINE card and counts the Miner Elite's saw
(SB-ELITE-05, SB-ELITE-06, SB-ELITE-07)."""

from engines.stress_botics import bot, bot_elite

from .engine_helpers import ENGINE, ctx, legal, p
from .test_elite import with_elite


def attack_prompt(players=3, shields=4):
    state, g = with_elite(players, shields=shields)
    p(state, 0).update(mini="MV1", square="A2")
    state["stack"] = [{"step": "subaction", "seat": 0, "card": "MN10", "slot": "1"}]
    return state, g


def test_the_bot_attacks_the_elite_when_the_reward_pays():
    # SB-ELITE-05, SB-ELITE-06
    state, _ = attack_prompt()
    assert "do:attack:free:alphabot" in legal(state, 0)
    assert str(ENGINE.bot_action(state, 0)) == "do:attack:free:elite"


def test_the_bot_never_attacks_into_the_penalty():
    # SB-ELITE-07 (1-2p: the third shield makes the Elite resolve 2 cards)
    state, g = attack_prompt(players=2, shields=2)
    assert not bot_elite.pays(g) and str(ENGINE.bot_action(state, 0)) != "do:attack:free:elite"
    state, g = attack_prompt(players=4, shields=2)  # 3-4p: the third shield is a reward
    assert bot_elite.pays(g)


def test_the_miner_elite_makes_the_squares_next_to_the_hatch_dangerous():
    state, g = with_elite(3)
    assert bot.danger(g, "A1") - bot.danger(g, "CORNER_A") == bot_elite.SAW
    state["g"]["elite"]["side"] = "laser"  # the Laser Elite hits the whole vault: no square is safer
    assert bot_elite.danger(g, "A1") == bot_elite.danger(g, "CORNER_A") == bot_elite.BEAM


def test_a_free_boost_mine_card_lures_the_bot_next_to_the_hatch():
    state, g = with_elite(3)
    state["g"]["hands"]["0"] = []
    state["g"]["programmed"]["0"] = []
    assert bot_elite.lure(g, 0, "A2") == 0.0
    state["g"]["hands"]["0"] = ["MN10"]
    assert bot_elite.lure(g, 0, "A2") == bot_elite.LURE and bot_elite.lure(g, 0, "ENTRY") == 0.0
    p(state, 0).update(mini="MV1", square="A2")
    slots = {"MN10": "slot-action"}
    assert bot_elite.mine_card(ctx(state), 0, slots) == "slot-action"
