"""Issue 14: positions where the SCRAP bot's reasoned choice is plain (Crush, Search, Create, plus parts)."""

from __future__ import annotations

from engines.core import Game, act
from engines.scrap import bot_plus
from engines.scrap.map_actions import deploy_areas

from .battles import area, put, run_effect, ship, table
from .helpers import ENGINE


def p(state, seat):
    return state["g"]["players"][str(seat)]


def pick(token):
    return act("pick", token)


def bot_pick(state, seat=0):
    assert state["stack"][-1]["step"] == "choose"
    action = ENGINE.bot_action(state, seat)
    assert action in ENGINE.legal_actions(state, seat)
    return action.args[0]


def test_bot_crushes_the_bot_that_breaks_an_enemys_control():
    # R2: Cerebrum's Size-3 (Strength 5, Crush 3) against Tachyon's Size-3 + Size-2 (6: Tachyon Controls) and
    # Kirurgeon's Size-2 (Strength 3, and Kirurgeon leads on Data). Destroying Tachyon's Size-2 (Strength 2)
    # takes Tachyon's Control away; Kirurgeon's stronger Bot would not.
    state = table(3)
    put(state, 0, 3, "R2")
    put(state, 1, 3, "R2")
    [breaker] = put(state, 1, 2, "R2")
    put(state, 2, 2, "R2")
    p(state, 2)["data"] = 10
    run_effect(state, 0, "crush", kind="crush", k=0, bot=None, left=0, damage={})
    assert str(bot_pick(state)).startswith("b3-")
    state, _ = ENGINE.apply(state, 0, ENGINE.bot_action(state, 0))
    assert bot_pick(state) == f"t{breaker}"


def test_bot_searches_the_reward_worth_most_data():
    # Search 2 in the Heart (A00): Data 4 for Cost 2 beats Data 1 + Energy 2
    state = table(3)
    put(state, 0, 1, "H")
    state["g"]["relics"] = [a for a in state["g"]["relics"] if a != area(state, "H")]
    run_effect(state, 0, "search", left=2, chosen=[])
    assert bot_pick(state) == "A00.c"


def test_bot_creates_its_largest_bot_where_control_is_contested():
    # The Ship between R1 (Cerebrum alone, Controlled) and R2 (one Tachyon Bot): the Size-2 Bot goes to R2
    state = table(3)
    ship(state, 0, "L07")
    put(state, 0, 3, "R1")
    put(state, 1, 1, "R2")
    p(state, 0)["energy"], p(state, 0)["weapons"] = 2, []
    run_effect(state, 0, "create", left=2)
    g = Game(ENGINE, state, None)
    side = "ab"[deploy_areas(g, state["stack"][-1]["op"]).index(area(state, "R2"))]
    assert bot_pick(state) == f"s2{side}"


def test_plus_parts_gain_first_and_a_create_pauses_for_the_weapon():
    item = {"parts": [{"node": {"op": "search", "v": 2}}, {"node": {"op": "weapon", "kind": "B", "v": 1}},
                      {"node": {"op": "mobilise", "v": 2}}]}
    legal = [pick(f"p{i}") for i in range(3)]
    assert bot_plus.plus_order(item, legal).args[0] == "p1"  # the Weapon, then Mobilise, the Search last
    item["parts"].pop(1)
    assert bot_plus.plus_order(item, legal[:2]).args[0] == "p1"


def test_bot_names_the_leader_and_infects_before_the_plague_check():
    state = table(3)
    p(state, 2)["data"] = 12
    g = Game(ENGINE, state, None)
    assert bot_plus.name_player(g, 0, [pick(1), pick(2)]).args[0] == 2
    assert bot_plus.trigger_order([pick("plague"), pick("infection")]).args[0] == "infection"


def test_the_bot_reads_strength_as_control_counts_it_under_a_plague():
    # SC-REF-19: under a Plague an Infected enemy Bot adds to the Plague player's Strength, not its owner's; the
    # bot's reading (bot_eval.strength_at, which drives its Moves, Crushes and Creates) must agree with Control
    from engines.scrap import board, bot_eval

    from .ref_support import ENT, EVC, VUL
    from .test_rules_plague import infect
    state = table(3, EVC)
    put(state, ENT, 1, "R2")
    big = put(state, VUL, 3, "R2")[0]
    infect(state, ENT, big)
    g = Game(ENGINE, state, ENT)
    r2 = area(state, "R2")
    before = (bot_eval.strength_at(g, r2, ENT), bot_eval.strength_at(g, r2, VUL))
    assert board.controller(g, r2) == VUL and before[1] > before[0]
    g.g["turn"]["control"] = [{"kind": "plague", "seat": ENT, "area": r2, "until": "end_of_run_phase"}]
    assert board.controller(g, r2) == ENT
    assert bot_eval.strength_at(g, r2, ENT) == sum(before) and bot_eval.strength_at(g, r2, VUL) == 0
    assert bot_eval.enemy_strength(g, r2, VUL) == sum(before)
