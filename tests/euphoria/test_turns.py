"""Placing, retrieving, morale and knowledge (EU-PLACE-*, EU-RETRIEVE-*, EU-MORALE-*, EU-KNOW-*)."""

from __future__ import annotations

from engines.core import IllegalAction
from engines.core.rng import rng_script

from .helpers import E, build, dice, legal, pl, play, star, table, turn


# EU-PLACE-01
def test_eu_place_01_cost_must_be_paid_in_full():
    state = table(2)
    dice(state, 0, (2, "avail"))
    moves = legal(turn(state, 0), 0)
    assert "place:2:eu.tunnel" not in moves and "place:2:tank.energy" not in moves
    pl(state, 0)["goods"]["energy"] = 3
    moves = legal(turn(state, 0), 0)
    assert "place:2:eu.tunnel" in moves and "place:2:tank.energy" in moves
    state, _ = play(turn(state, 0), 0, "place:2:eu.tunnel", "pick:resource")
    assert pl(state, 0)["goods"]["energy"] == 2 and pl(state, 0)["goods"]["gold"] == 1


# EU-PLACE-02
def test_eu_place_02_reward_only_at_placement():
    state = table(2)
    dice(state, 0, (2, "avail"), (2, "wa.farm"))
    dice(state, 1, (1, "avail"))
    state, _ = play(turn(state, 1), 1, "place:1:eu.generator")
    assert pl(state, 0)["goods"]["food"] == 0  # the worker on the Farm yields nothing later


# EU-PLACE-03
def test_eu_place_03_partial_reward_still_legal():
    state = table(2)
    pl(state, 0)["knowledge"] = 6
    dice(state, 0, (5, "avail"), (5, "eu.generator"))
    state, _ = play(turn(state, 0), 0, "place:5:eu.generator")
    assert pl(state, 0)["knowledge"] == 6 and pl(state, 0)["goods"]["energy"] == 2


# EU-PLACE-04, EU-PLACE-05
def test_eu_place_04_05_same_number_and_morale_price():
    state = table(2)
    dice(state, 0, (4, "avail"), (4, "avail"), (2, "avail"))
    pl(state, 0)["morale"] = 3
    state, _ = play(turn(state, 0), 0, "place:4:wa.farm")
    assert legal(state, 0)[-1] == "end" and all(m.startswith("place:4") or m == "end" for m in legal(state, 0))
    state, _ = play(state, 0, "end")
    assert pl(state, 0)["morale"] == 3 and state["g"]["turn_pid"] == 1


# EU-PLACE-05
def test_eu_place_05_bumped_die_never_joins_the_set():
    state = table(2)
    dice(state, 0, (3, "avail"), (3, "ic.breeze_bar"))
    pl(state, 0)["morale"] = 3
    pl(state, 0)["goods"].update(energy=1, bliss=1)
    with rng_script(3):
        state, _ = play(turn(state, 0), 0, "place:3:ic.breeze_bar")
    assert state["g"]["turn_pid"] == 1  # the bumped 3 does not give a second placement


# EU-PLACE-06
def test_eu_place_06_fountain_forbids_second_worker():
    state = table(2)
    build(state, "eu.site_a", "fountain")
    dice(state, 0, (3, "avail"), (3, "avail"))
    pl(state, 0)["morale"] = 3
    state, _ = play(turn(state, 0), 0, "place:3:wa.farm")
    assert state["g"]["turn_pid"] == 1


# EU-RETRIEVE-01
def test_eu_retrieve_01_runaways_cannot_be_retrieved():
    state = table(2)
    dice(state, 0, (3, "runaway"), (2, "eu.site_a.2"), (4, "ic.sky_lounge"))
    state, _ = play(turn(state, 0), 0, "retrieve")
    assert legal(state, 0) == ["take:1", "take:2", "all"]


# EU-RETRIEVE-02, EU-RETRIEVE-03
def test_eu_retrieve_02_03_pay_once_roll_together():
    state = table(2)
    dice(state, 0, (3, "wa.farm"), (4, "eu.generator"))
    pl(state, 0)["goods"]["food"] = 2
    with rng_script(1, 2):
        state, texts = play(turn(state, 0), 0, "retrieve", "take:0", "take:1", "pay:food")
    assert pl(state, 0)["morale"] == 3 and pl(state, 0)["goods"]["food"] == 1
    assert sum("knowledge check" in t for t in texts) == 1 and any("rolls 1, 2" in t for t in texts)


# EU-RETRIEVE-04
def test_eu_retrieve_04_site_worker_frees_the_space():
    state = table(2)
    dice(state, 0, (3, "eu.site_a.2"), (4, "avail"))
    with rng_script(2):
        state, _ = play(turn(state, 0), 0, "retrieve", "take:0", "free")
    assert "place:2:eu.site_a.2" not in legal(turn(state, 0), 0)  # must pay the gold again
    pl(state, 0)["goods"]["gold"] = 1
    assert "place:2:eu.site_a.2" in legal(turn(state, 0), 0)


# EU-MORALE-01, EU-MORALE-02, EU-MORALE-03, EU-MORALE-04
def test_eu_morale_01_02_03_04_hand_limit_and_range():
    state = table(2)
    dice(state, 0, (3, "wa.farm"))
    pl(state, 0).update(morale=6, artifacts=["book", "book", "bat"])
    pl(state, 0)["goods"]["bliss"] = 1
    with rng_script(1):
        up, _ = play(turn(state, 0), 0, "retrieve", "take:0", "pay:bliss")
    assert pl(up, 0)["morale"] == 6  # EU-MORALE-01: clamped at 6
    pl(state, 0).update(morale=3)
    with rng_script(1):
        down, _ = play(turn(state, 0), 0, "retrieve", "take:0", "free")
    assert pl(down, 0)["morale"] == 2 and E.active(down) == [0]  # EU-MORALE-02, EU-MORALE-03: discard down
    down, _ = play(down, 0, "pick:book")
    assert sorted(pl(down, 0)["artifacts"]) == ["bat", "book"]
    # EU-MORALE-04: morale pays for the extra same-number worker (see test_eu_place_04_05)


# EU-KNOW-01, EU-KNOW-02
def test_eu_know_01_02_check_counts_available_and_knowledge():
    state = table(2)
    dice(state, 0, (6, "avail"), (6, "eu.site_a.2"), (1, "wa.farm"))
    pl(state, 0)["knowledge"] = 4
    with rng_script(5):
        state, texts = play(turn(state, 0), 0, "retrieve", "take:2", "free")
    assert any("15 < 16" in t for t in texts)  # site die is not counted


# EU-KNOW-03, EU-KNOW-04
def test_eu_know_03_04_highest_runs_once_per_turn():
    state = table(2)
    dice(state, 0, (6, "avail"), (1, "wa.farm"), (1, "eu.generator"))
    pl(state, 0)["knowledge"] = 6
    with rng_script(6, 6):
        state, _texts = play(turn(state, 0), 0, "retrieve", "all", "free")
    assert sum(d["at"] == "runaway" for d in pl(state, 0)["dice"]) == 1


# EU-KNOW-05
def test_eu_know_05_new_worker_rolls_only_the_new_die():
    state = table(2)
    dice(state, 0, (6, "avail"), (6, "avail"))
    pl(state, 0)["goods"]["water"] = 3
    with rng_script(2):
        state, texts = play(turn(state, 0), 0, "place:6:tank.water")
    assert any("rolls 2 (new worker)" in t for t in texts) and len(pl(state, 0)["dice"]) == 3


# EU-KNOW-06
def test_eu_know_06_check_before_roll_penalty():
    state = table(2, roll_penalty_scope="rolled")
    build(state, "wa.site_a", "center_literacy")  # roll_6
    dice(state, 0, (5, "avail"), (1, "wa.farm"))
    pl(state, 0)["knowledge"] = 6
    pl(state, 0)["goods"]["gold"] = 1
    with rng_script(6):
        state, _ = play(turn(state, 0), 0, "retrieve", "take:1", "free")
    assert pl(state, 0)["goods"]["gold"] == 1  # the 6 ran away first: nothing to pay


def test_illegal_move_is_refused():
    state = turn(table(2), 0)
    try:
        E.apply(state, 0, "place:9:nowhere")
    except IllegalAction as err:
        assert "not possible" in str(err)
    else:
        raise AssertionError("illegal move accepted")


def test_star_ends_penalty_for_that_player():
    state = table(2)
    build(state, "eu.site_a", "spa")
    dice(state, 0, (2, "avail"), (2, "eu.tunnel"))
    pl(state, 0)["goods"]["energy"] = 1
    assert "place:2:eu.tunnel" not in legal(turn(state, 0), 0)
    star(state, 0, "market:eu.site_a")
    assert "place:2:eu.tunnel" in legal(turn(state, 0), 0)
