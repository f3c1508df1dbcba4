"""Recruit abilities audited against their card texts, part 2: the Icarite and Euphorian recruits not in
``test_recruit_audit`` (EU-RECRUIT-01: only active recruits work; one position each where the ability matters)."""

from __future__ import annotations

from engines.core.rng import rng_script

from .helpers import E, build, dice, legal, pl, play, table, turn


def _retrieving(rids: list[str], **board) -> dict:
    """Seat 0 (``rids`` active, ``board`` goods) has picked its 2 on the Farm for a retrieval."""
    state = table(2)
    pl(state, 0).update(active=rids, morale=3, knowledge=5)
    pl(state, 0)["goods"].update(board)
    dice(state, 0, (2, "wa.farm"), (4, "eu.generator"))
    return play(turn(state, 0), 0, "retrieve", "take:0")[0]


# EU-RECRUIT-01 IC01 Amanda the Broker: "when ANY player bumps your worker" — her owner's own bump too
def test_ic01_amanda_own_bump_sets_the_face():
    state = table(2)
    pl(state, 0).update(active=["IC01"], morale=3)
    pl(state, 0)["goods"].update(energy=1, bliss=1)
    dice(state, 0, (5, "eu.tunnel"), (3, "avail"))
    state, _ = play(turn(state, 0), 0, "place:3:eu.tunnel")
    assert legal(state, 0) == ["pick:roll", *(f"pick:{n}" for n in range(1, 7))]
    state, _ = play(state, 0, "pick:6")
    assert pl(state, 0)["dice"][0] == {"pips": 6, "at": "avail"} and pl(state, 0)["goods"]["bliss"] == 0


# EU-RECRUIT-01 IC03 Gidget the Hypnotist: paying bliss, knowledge −2 instead of morale +2
def test_ic03_gidget_bliss_for_knowledge():
    state = _retrieving(["IC03"], bliss=1)
    assert {"pay:bliss", "pay:bliss:knowledge"} <= set(legal(state, 0))
    with rng_script(1):
        state, _ = play(state, 0, "pay:bliss:knowledge")
    p = pl(state, 0)
    assert p["knowledge"] == 3 and p["morale"] == 3 and p["goods"]["bliss"] == 0
    plain = _retrieving(["IC03"], food=1)
    assert "pay:bliss:knowledge" not in legal(plain, 0)  # food pays the printed way only


# EU-RECRUIT-01 IC07 Matthew the Thief: bumping from a tunnel mouth, 1 knowledge instead of the commodity
def test_ic07_matthew_knowledge_instead_of_energy_only_when_bumping():
    state = table(2)
    pl(state, 0)["active"] = ["IC07"]
    dice(state, 0, (3, "avail"))
    assert "place:3:eu.tunnel" not in legal(turn(state, 0), 0)  # nobody to bump: the energy is due
    dice(state, 1, (5, "eu.tunnel"))
    with rng_script(2):
        state, _ = play(turn(state, 0), 0, "place:3:eu.tunnel", "pick:resource")
    assert pl(state, 0)["knowledge"] == 4 and pl(state, 0)["goods"]["gold"] == 1
    assert pl(state, 1)["dice"][0] == {"pips": 2, "at": "avail"}


# EU-RECRUIT-06 IC11 Dr. Sheppard the Lobotomist (second part): a new worker, lose 2 morale for 1 artifact
def _energy_tank(morale: int) -> dict:
    """Seat 0 (Dr. Sheppard, ``morale``) gains a new worker at the Energy tank (no morale change there)."""
    state = table(2)
    pl(state, 0).update(active=["IC11"], morale=morale, knowledge=5)
    pl(state, 0)["goods"]["energy"] = 3
    dice(state, 0, (2, "avail"))
    with rng_script(1):
        return play(turn(state, 0), 0, "place:2:tank.energy")[0]


def test_ic11_sheppard_new_worker_artifact_for_morale():
    state = _energy_tank(3)
    assert len(pl(state, 0)["dice"]) == 2 and legal(state, 0) == ["pick:yes", "pick:no"]
    state, _ = play(state, 0, "pick:yes")
    assert pl(state, 0)["morale"] == 1 and len(pl(state, 0)["artifacts"]) == 1
    low = _energy_tank(2)
    assert low["g"]["turn_pid"] == 1 and pl(low, 0)["morale"] == 2  # 2 − 2 would go below 1 (EU-RECRUIT-06)


# EU-RECRUIT-06 IC12 Zong the Astronomer: the Cloud Mine, +1 knowledge for 1 artifact; only there
def test_ic12_zong_only_on_the_cloud_mine():
    state = table(2)
    pl(state, 0).update(active=["IC12"], morale=3)
    dice(state, 0, (1, "avail"))
    farm, _ = play(turn(state, 0), 0, "place:1:wa.farm")
    assert farm["g"]["turn_pid"] == 1
    mine, _ = play(turn(state, 0), 0, "place:1:ic.cloud_mine")
    assert legal(mine, 0) == ["pick:yes", "pick:no"]
    mine, _ = play(mine, 0, "pick:yes", "pick:4")
    assert pl(mine, 0)["knowledge"] == 4 and len(pl(mine, 0)["artifacts"]) == 1
    assert E.active(mine) == [1] and legal(mine, 1) == ["pick:yes", "pick:no"]  # the other player's bliss


# EU-RECRUIT-01 IC13 Lieve the Briber: 2 bliss lift a blocking penalty; with 1 bliss she cannot
def test_ic13_lieve_needs_two_bliss():
    state = table(2)
    build(state, "eu.site_a", "apothecary")  # no_icarus
    pl(state, 0)["active"] = ["IC13"]
    pl(state, 0)["goods"]["bliss"] = 1
    dice(state, 0, (2, "avail"))
    assert "place:2:ic.cloud_mine" not in legal(turn(state, 0), 0)
    pl(state, 0)["goods"]["bliss"] = 2
    state, _ = play(turn(state, 0), 0, "place:2:ic.cloud_mine")
    assert pl(state, 0)["dice"][0]["at"] == "ic.cloud_mine" and pl(state, 0)["goods"]["bliss"] == 1


# EU-RECRUIT-02 IC16 Terri the Bliss Trader: the Cloud Mine, 1 bliss for 1 commodity of another type, once
def test_ic16_terri_trades_bliss_once_on_the_cloud_mine():
    state = table(2)
    pl(state, 0)["active"] = ["IC16"]
    dice(state, 0, (1, "avail"))
    state, _ = play(turn(state, 0), 0, "place:1:ic.cloud_mine")  # its bliss pays the trade
    assert legal(state, 0) == ["pick:yes", "pick:no"]
    state, _ = play(state, 0, "pick:yes")
    assert "pick:bliss" not in legal(state, 0) and "pick:water" in legal(state, 0)
    state, _ = play(state, 0, "pick:water")
    p = pl(state, 0)
    assert p["goods"]["bliss"] == 0 and p["goods"]["water"] == 1 and state["g"]["turn_pid"] == 1
    farm = table(2)
    pl(farm, 0)["active"] = ["IC16"]
    pl(farm, 0)["goods"]["bliss"] = 1
    dice(farm, 0, (1, "avail"))
    farm, _ = play(turn(farm, 0), 0, "place:1:wa.farm")
    assert farm["g"]["turn_pid"] == 1


# EU-RECRUIT-01 IC18 Gary the Forgetter: 3 bliss instead of 3 energy at the Energy tank
def test_ic18_gary_bliss_at_the_energy_tank():
    state = table(2)
    pl(state, 0)["goods"].update(bliss=3, energy=3)
    dice(state, 0, (2, "avail"))
    pl(state, 0)["active"] = ["IC18"]
    state, _ = play(turn(state, 0), 0, "place:2:tank.energy")
    assert legal(state, 0) == ["pick:printed", "pick:bliss"]
    with rng_script(1):
        state, _ = play(state, 0, "pick:bliss")
    p = pl(state, 0)
    assert p["goods"]["bliss"] == 0 and p["goods"]["energy"] == 3 and len(p["dice"]) == 2


# EU-RECRUIT-06 IC21 Brenda the Knowledge Bringer: the Cloud Mine, +1 knowledge for 1 artifact, nobody else gains
def test_ic21_brenda_no_gift_for_the_others():
    state = table(2)
    pl(state, 0).update(active=["IC21"], morale=3)
    dice(state, 0, (1, "avail"))
    state, _ = play(turn(state, 0), 0, "place:1:ic.cloud_mine", "pick:yes", "pick:4")
    assert pl(state, 0)["knowledge"] == 4 and len(pl(state, 0)["artifacts"]) == 1
    assert state["g"]["turn_pid"] == 1 and pl(state, 1)["goods"]["bliss"] == 0


# EU-RECRUIT-06 IC23 Jadwiga the Sleep Deprivator: 1 morale and 1 bliss for one more worker; no bliss, no worker
def test_ic23_jadwiga_needs_the_bliss():
    state = table(2)
    pl(state, 0).update(active=["IC23"], morale=3)
    dice(state, 0, (2, "avail"), (5, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:eu.generator")
    assert state["g"]["turn_pid"] == 1  # the Generator gave energy, not bliss


# EU-RECRUIT-01 EU01 Laura the Philanthropist: gold gained → 1 gold to another player for 2 artifacts
def test_eu01_laura_gold_from_a_market_site():
    state = table(3)
    pl(state, 0).update(active=["EU01"], morale=3)
    pl(state, 0)["goods"]["energy"] = 1
    dice(state, 0, (2, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:eu.tunnel", "pick:resource")
    assert legal(state, 0) == ["pick:no", "pick:1", "pick:2"]  # any other player
    state, _ = play(state, 0, "pick:2")
    assert pl(state, 2)["goods"]["gold"] == 1 and pl(state, 0)["goods"]["gold"] == 0


# EU-RECRUIT-01 EU06 Esme the Fireman: a Book doubles energy and the mood; at an artifact market too
def test_eu06_esme_book_doubles_knowledge_drop():
    state = table(2)
    pl(state, 0).update(active=["EU06"], artifacts=["bat", "bat", "book"], morale=3, knowledge=5)
    dice(state, 0, (2, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:eu.artmarket")
    while "pick:book" not in legal(state, 0):
        state, _ = play(state, 0, legal(state, 0)[0])  # pay with the Bat pair
    state, _ = play(state, 0, "pick:book", "pick:knowledge")
    p = pl(state, 0)
    assert p["stars"] == 1 and p["goods"]["energy"] == 2 and p["knowledge"] == 3 and p["artifacts"] == []


# EU-RECRUIT-06 EU08 Bradley the Futurist: no room on the knowledge track, no look
def test_eu08_bradley_needs_knowledge_room():
    state = table(2)
    build(state, "eu.site_a", "courthouse")  # 4 energy + 1 stone
    pl(state, 0).update(active=["EU08"], morale=3, knowledge=5)
    pl(state, 0)["goods"].update(energy=4, stone=1)
    dice(state, 0, (2, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:eu.market_a")
    assert state["g"]["turn_pid"] == 1 and pl(state, 0)["stars"] == 1  # 5 + 2 > 6: not offered


# EU-RECRUIT-01 EU10 Jefferson the Shock Artist: 1 energy pays the retrieval, morale +1 and knowledge −1
def test_eu10_jefferson_energy_retrieval():
    state = _retrieving(["EU10"], energy=1)
    with rng_script(1):
        state, _ = play(state, 0, "pay:energy")
    p = pl(state, 0)
    assert p["goods"]["energy"] == 0 and p["morale"] == 4 and p["knowledge"] == 4
    assert "pay:energy" not in legal(_retrieving([], energy=1), 0)


# EU-RECRUIT-01 EU13 Jon the Amateur Handyman: 3 commodities instead of the site's resource
def test_eu13_jon_pays_three_commodities_on_a_site():
    state = table(2)
    pl(state, 0)["goods"].update(energy=2, water=1, clay=1)
    dice(state, 0, (2, "avail"), (3, "avail"))
    pl(state, 0)["active"] = ["EU13"]
    state, _ = play(turn(state, 0), 0, "place:2:eu.site_a.1")
    assert legal(state, 0) == ["pick:clay", "pick:commodities"]
    state, _ = play(state, 0, "pick:commodities", "pick:energy", "pick:energy")
    p = pl(state, 0)
    assert p["dice"][0]["at"] == "eu.site_a.1" and p["goods"]["clay"] == 1
    assert p["goods"]["energy"] + p["goods"]["water"] == 0 and state["g"]["turn_pid"] == 1
    poor = table(2)
    pl(poor, 0)["goods"].update(energy=2)
    pl(poor, 0)["active"] = ["EU13"]
    dice(poor, 0, (2, "avail"), (3, "avail"))
    assert "place:2:eu.site_a.1" not in legal(turn(poor, 0), 0)  # 2 commodities are not enough


# EU-RECRUIT-03 EU14 Doug the Builder: his worker is sacrificed when the market completes
def test_eu14_doug_sacrificed_worker_leaves_on_completion():
    state = table(2)
    pl(state, 0)["active"] = ["EU14"]
    pl(state, 0)["goods"]["gold"] = 1
    dice(state, 0, (2, "avail"), (3, "wa.farm"))
    dice(state, 1, (4, "eu.site_a.3"))
    state, _ = play(turn(state, 0), 0, "place:2:eu.site_a.2", "pick:sacrifice")
    assert state["g"]["built"].get("eu.site_a") and pl(state, 0)["goods"]["gold"] == 1
    assert pl(state, 0)["dice"][0]["at"] == "gone"


# EU-RECRUIT-01 EU16 Ekaterina the Cheater: a Board Game counts as any type, not another Board Game only
def test_eu16_ekaterina_board_game_is_wild():
    state = table(2)
    pl(state, 0).update(artifacts=["board_game", "bat"], morale=3)
    dice(state, 0, (2, "avail"))
    assert "place:2:wa.artmarket" not in legal(turn(state, 0), 0)
    pl(state, 0)["active"] = ["EU16"]
    state, _ = play(turn(state, 0), 0, "place:2:wa.artmarket")
    assert pl(state, 0)["stars"] == 1 and pl(state, 0)["artifacts"] == []


# EU-RECRUIT-06 EU19 Pmai the Nurse: 1 commodity fewer for knowledge −1 (the Farm; knowledge 1 cannot drop)
def test_eu19_pmai_one_fewer_for_knowledge():
    state = table(2)
    pl(state, 0).update(active=["EU19"], knowledge=3)
    dice(state, 0, (2, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:wa.farm", "pick:yes")
    assert pl(state, 0)["goods"]["food"] == 0 and pl(state, 0)["knowledge"] == 2
    floor = table(2)
    pl(floor, 0).update(active=["EU19"], knowledge=1)
    dice(floor, 0, (2, "avail"))
    floor, _ = play(turn(floor, 0), 0, "place:2:wa.farm")
    assert floor["g"]["turn_pid"] == 1 and pl(floor, 0)["goods"]["food"] == 1


# EU-RECRUIT-01 EU20 Chaga the Gamer: 2 commodities instead of the artifact part of a built market's cost
def test_eu20_chaga_commodities_for_the_artifacts():
    state = table(2)
    build(state, "eu.site_a", "lounge")  # 4 energy + 1 artifact
    pl(state, 0).update(morale=3)
    pl(state, 0)["goods"].update(energy=4, bliss=2)
    dice(state, 0, (2, "avail"))
    assert "place:2:eu.market_a" not in legal(turn(state, 0), 0)  # no artifact in hand
    pl(state, 0)["active"] = ["EU20"]
    state, _ = play(turn(state, 0), 0, "place:2:eu.market_a")
    while state["g"]["turn_pid"] == 0 and E.active(state) == [0]:
        state, _ = play(state, 0, legal(state, 0)[0])
    p = pl(state, 0)
    assert p["stars"] == 1 and p["goods"]["bliss"] == 0 and p["goods"]["energy"] == 0


# EU-RECRUIT-02 EU21 Ha-Joon the Cold Trader: swap 1 commodity for 1 of another type
def test_eu21_ha_joon_swaps_for_another_type():
    state = table(2)
    pl(state, 0)["active"] = ["EU21"]
    dice(state, 0, (1, "avail"))
    state, _ = play(turn(state, 0), 0, "place:1:eu.generator", "pick:yes")
    moves = legal(state, 0)
    assert "pick:energy" not in moves and "pick:bliss" in moves  # the energy is the one traded away
    state, _ = play(state, 0, "pick:bliss")
    assert pl(state, 0)["goods"]["energy"] == 0 and pl(state, 0)["goods"]["bliss"] == 1


# EU-RECRUIT-01 EU21 Ha-Joon: "after placing on a commodity area", even when the Lottery's cap stops the yield
def test_eu21_ha_joon_after_a_capped_yield():
    state = table(2)
    build(state, "eu.site_a", "lottery")  # commodity_cap_2
    pl(state, 0)["active"] = ["EU21"]
    pl(state, 0)["goods"]["energy"] = 2
    dice(state, 0, (1, "avail"))
    state, _ = play(turn(state, 0), 0, "place:1:eu.generator")
    assert pl(state, 0)["goods"]["energy"] == 2 and legal(state, 0) == ["pick:yes", "pick:no"]
    state, _ = play(state, 0, "pick:yes", "pick:food")
    assert pl(state, 0)["goods"]["energy"] == 1 and pl(state, 0)["goods"]["food"] == 1


# EU-RECRUIT-01 EU24 Samuel the Zapper: only commodity-area workers, +1 morale for nothing
def test_eu24_samuel_one_area_worker_of_two():
    state = _retrieving(["EU24"])
    assert "zap" in legal(state, 0)
    with rng_script(1):
        state, _ = play(state, 0, "zap")
    p = pl(state, 0)
    assert p["morale"] == 4 and p["dice"][0]["at"] == "avail" and p["dice"][1]["at"] == "eu.generator"
