"""Recruit abilities and their general rules (EU-RECRUIT-*)."""

from __future__ import annotations

from engines.core.rng import rng_script
from engines.euphoria.recruits import IMPLEMENTED

from .helpers import E, build, dice, legal, pl, play, table, turn


# EU-RECRUIT-01
def test_eu_recruit_01_hidden_recruit_does_nothing():
    state = table(2)
    pl(state, 0)["hidden"] = ["EU03"]  # Katy the Dietician: +1 food at the Generator
    dice(state, 0, (1, "avail"))
    hidden, _ = play(turn(state, 0), 0, "place:1:eu.generator")
    assert pl(hidden, 0)["goods"]["food"] == 0
    pl(state, 0).update(active=["EU03"], hidden=[])
    active, _ = play(turn(state, 0), 0, "place:1:eu.generator")
    assert pl(active, 0)["goods"]["food"] == 1


# EU-RECRUIT-02
def test_eu_recruit_02_trade_once_per_trigger():
    state = table(2)
    pl(state, 0).update(active=["IC21"], knowledge=1, morale=3)  # Brenda: +1 knowledge → artifact
    dice(state, 0, (1, "avail"))
    state, _ = play(turn(state, 0), 0, "place:1:ic.cloud_mine")
    assert legal(state, 0) == ["pick:yes", "pick:no"]
    state, _ = play(state, 0, "pick:yes", "pick:4")
    assert pl(state, 0)["knowledge"] == 2 and len(pl(state, 0)["artifacts"]) == 1
    assert state["g"]["turn_pid"] == 1  # asked exactly once


# EU-RECRUIT-03
def test_eu_recruit_03_sacrifice_never_the_last_worker():
    state = table(2)
    pl(state, 0)["active"] = ["SU08"]  # Chase the Miner
    pl(state, 0)["goods"]["water"] = 2
    dice(state, 0, (2, "avail"))
    alone, _ = play(turn(state, 0), 0, "place:2:su.tunnel", "pick:resource")
    assert alone["g"]["turn_pid"] == 1  # no offer: it is the only worker
    dice(state, 0, (2, "avail"), (5, "wa.farm"))
    two, _ = play(turn(state, 0), 0, "place:2:su.tunnel", "pick:yes")  # SU08: 2 stone instead of the reward
    assert pl(two, 0)["goods"]["stone"] == 2 and pl(two, 0)["dice"][0]["at"] == "gone"
    assert pl(two, 0)["artifacts"] == [] and two["g"]["turn_pid"] == 1
    assert "runaway" not in [d["at"] for d in pl(two, 0)["dice"]]


# EU-RECRUIT-04
def test_eu_recruit_04_strictly_highest():
    state = table(2)
    pl(state, 0)["active"] = ["WA06"]  # Sir Scarby: strictly most pips on the Farm
    dice(state, 0, (3, "avail"))
    dice(state, 1, (3, "wa.farm"))
    tie, _ = play(turn(state, 0), 0, "place:3:wa.farm")
    assert tie["g"]["turn_pid"] == 1
    dice(state, 1, (2, "wa.farm"))
    top, _ = play(turn(state, 0), 0, "place:3:wa.farm")
    assert legal(top, 0) == ["pick:food", "pick:knowledge"]


# EU-RECRUIT-05
def test_eu_recruit_05_wild_cards_one_draw_ability():
    state = table(2)
    pl(state, 0).update(active=["EU16"], artifacts=["board_game", "book"], morale=3)  # Board Games are wild
    dice(state, 0, (2, "avail"))
    moves = legal(turn(state, 0), 0)
    assert "place:2:su.artmarket" in moves  # Book + wild Board Game = a pair
    # EU-RECRUIT-05 for the drawing abilities (Geek, Gambler…): test_recruit_abilities_more


# EU-RECRUIT-06
def test_eu_recruit_06_no_payment_past_track_end():
    state = table(2)
    pl(state, 0).update(active=["IC21"], knowledge=6)
    dice(state, 0, (1, "avail"))
    state, _ = play(turn(state, 0), 0, "place:1:ic.cloud_mine")
    assert state["g"]["turn_pid"] == 1  # knowledge 6: Brenda's +1 knowledge cannot be paid


# EU-RECRUIT-07
def test_eu_recruit_07_bump_first_then_ability():
    # EU-RECRUIT-07 is checked in detail by EU-EX-16 (Julia the Thought Inspector)
    state = table(2)
    pl(state, 1)["active"] = ["WA11"]  # Nick the Understudy: +1 morale when bumped by another
    dice(state, 1, (2, "ic.nimbus_loft"))
    dice(state, 0, (3, "avail"))
    pl(state, 0)["goods"]["gold"] = 3
    with rng_script(4):
        state, _ = play(turn(state, 0), 0, "place:3:ic.nimbus_loft")
    assert pl(state, 1)["morale"] == 2


# EU-RECRUIT-08
def test_eu_recruit_08_no_resource_wording():
    # None of our reconstructed ability texts refers to "having a resource" (EU-RECRUIT-08); the
    # data says so explicitly: no effect name tests for an empty resource stock.
    assert not any("have no resource" in r.text for r in E.data.recruits.values())


# EU-RECRUIT-09
def test_eu_recruit_09_factionless_no_allegiance():
    state = table(2)
    pl(state, 0)["active"] = ["FL05"]  # Davaa the Shredder: tunnels cost nothing
    state["g"]["tracks"]["euphoria"] = 5
    dice(state, 0, (2, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:eu.tunnel", "pick:resource")
    assert pl(state, 0)["goods"]["gold"] == 1 and pl(state, 0)["artifacts"] == []  # no tier-2 bonus


def test_academy_switches_abilities_off():
    state = table(2)
    build(state, "eu.site_a", "academy")
    pl(state, 0)["active"] = ["EU03"]
    dice(state, 0, (1, "avail"))
    state, _ = play(turn(state, 0), 0, "place:1:eu.generator")
    assert pl(state, 0)["goods"]["food"] == 0


def test_gidget_and_jefferson_retrieval_options():
    state = table(2)
    pl(state, 0).update(active=["IC03", "EU10"], knowledge=5)
    pl(state, 0)["goods"].update(bliss=1, energy=1)
    dice(state, 0, (2, "wa.farm"))
    with rng_script(1):
        moves = legal(play(turn(state, 0), 0, "retrieve", "take:0")[0], 0)
    assert "pay:bliss:knowledge" in moves and "pay:energy" in moves
    after, _ = play(turn(state, 0), 0, "retrieve", "take:0", "pay:bliss:knowledge")
    assert pl(after, 0)["knowledge"] == 3 and pl(after, 0)["morale"] == 1


def test_implemented_effects_are_listed():
    done = IMPLEMENTED | E.abilities.effects()
    assert len(done) >= 80
    implemented = [r.id for r in E.data.recruits.values() if r.effect in done]
    assert len(implemented) == len(E.data.recruits)


def test_dilemmas_prison_neighbours_may_retrieve():
    state = table(3)
    build(state, "eu.site_a", "dilemmas_prison")
    dice(state, 0, (2, "wa.farm"))
    dice(state, 1, (3, "eu.generator"), (4, "avail"))
    dice(state, 2, (5, "su.aquifer"), (4, "avail"))
    with rng_script(1, 6):
        state, _ = play(turn(state, 0), 0, "retrieve", "take:0", "free")
    assert E.active(state) in ([1], [2])
    first = E.active(state)[0]
    state, _ = play(state, first, "pick:0")
    second = E.active(state)[0]
    assert second != first
    state, _ = play(state, second, "pick:no")
    assert pl(state, first)["dice"][0]["at"] == "avail" and pl(state, second)["dice"][0]["at"] != "avail"


def test_timeout_default_places_lowest_on_emptiest_area():
    state = table(2)
    dice(state, 0, (5, "avail"), (2, "avail"))
    dice(state, 1, (6, "ic.cloud_mine"), (1, "avail"))
    assert str(E.default_action(turn(state, 0), 0)) == "place:2:eu.generator"


def test_pete_the_cannibal_farm_sacrifice_and_pmai():
    state = table(2)
    pl(state, 0)["active"] = ["WA05"]
    dice(state, 0, (2, "avail"), (4, "eu.generator"))
    state, _ = play(turn(state, 0), 0, "place:2:wa.farm", "pick:yes")
    assert pl(state, 0)["goods"]["food"] == 4 and pl(state, 0)["morale"] == 2
    assert pl(state, 0)["dice"][0]["at"] == "gone"
    nurse = table(2)
    pl(nurse, 0).update(active=["EU19"], knowledge=4)
    dice(nurse, 0, (2, "avail"))
    nurse, _ = play(turn(nurse, 0), 0, "place:2:eu.generator", "pick:yes")
    assert pl(nurse, 0)["goods"]["energy"] == 0 and pl(nurse, 0)["knowledge"] == 3


def test_javier_spending_a_book_gives_a_resource():
    state = table(2)
    pl(state, 0).update(active=["SU24"], artifacts=["book", "bat"], morale=3)
    dice(state, 0, (2, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:su.artmarket", "pick:gold")
    assert pl(state, 0)["artifacts"] == [] and pl(state, 0)["goods"]["gold"] == 1


def test_payment_alternatives_gary_mwiche_matthew():
    state = table(2)
    pl(state, 0)["active"] = ["IC18"]  # Gary the Forgetter: 3 bliss at the tanks
    pl(state, 0)["goods"]["bliss"] = 3
    dice(state, 0, (2, "avail"))
    with rng_script(1):
        gary, _ = play(turn(state, 0), 0, "place:2:tank.water")
    assert pl(gary, 0)["goods"]["bliss"] == 0 and len(pl(gary, 0)["dice"]) == 2
    flush = table(2)
    pl(flush, 0)["active"] = ["SU19"]  # Mwiche the Flusher: 3 water → resource, artifact, +2 morale
    pl(flush, 0)["goods"]["water"] = 3
    dice(flush, 0, (2, "avail"))
    flush, _ = play(turn(flush, 0), 0, "place:2:wa.tunnel")
    assert pl(flush, 0)["goods"]["clay"] == 1 and len(pl(flush, 0)["artifacts"]) == 1 and pl(flush, 0)["morale"] == 3
    thief = table(2)
    pl(thief, 0)["active"] = ["IC07"]  # Matthew the Thief: bump from a tunnel mouth for 1 knowledge
    dice(thief, 0, (2, "avail"))
    dice(thief, 1, (5, "eu.tunnel"))
    with rng_script(3):
        thief, _ = play(turn(thief, 0), 0, "place:2:eu.tunnel", "pick:resource")
    assert pl(thief, 0)["knowledge"] == 4 and pl(thief, 0)["goods"]["gold"] == 1
