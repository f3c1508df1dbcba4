"""Recruit abilities audited against their card texts, part 3: the Wastelander, Subterran and factionless
recruits not in ``test_recruit_audit`` (EU-RECRUIT-01: only active recruits work; one position each where the
ability matters)."""

from __future__ import annotations

from engines.core import Game
from engines.core.rng import rng_script
from engines.euphoria.tunnels import dig

from .helpers import E, build, dice, legal, pl, play, table, turn


def _until_turn_ends(state: dict, seat: int = 0) -> dict:
    """Answer ``seat``'s remaining questions with their first option until the turn passes."""
    while state["g"]["turn_pid"] == seat and E.active(state) == [seat]:
        state, _ = play(state, seat, legal(state, seat)[0])
    return state


# EU-RECRUIT-01 WA01 Flartner the Luddite: 1 artifact instead of the site's resource, +1 morale
def test_wa01_flartner_artifact_on_a_site():
    state = table(2)
    pl(state, 0).update(artifacts=["bat"], morale=2)
    dice(state, 0, (2, "avail"), (3, "avail"))
    assert "place:2:eu.site_a.1" not in legal(turn(state, 0), 0)  # no clay
    pl(state, 0)["active"] = ["WA01"]
    state, _ = play(turn(state, 0), 0, "place:2:eu.site_a.1")
    p = pl(state, 0)
    assert p["artifacts"] == [] and p["morale"] == 3 and p["dice"][0]["at"] == "eu.site_a.1"


# EU-RECRUIT-01 WA03 Jacko the Archivist: 1 artifact (no pair) buys the star; every other player takes 1
def test_wa03_jacko_single_artifact_star():
    state = table(2)
    pl(state, 0).update(artifacts=["book"], morale=3)
    pl(state, 1)["morale"] = 3
    dice(state, 0, (2, "avail"))
    assert "place:2:eu.artmarket" not in legal(turn(state, 0), 0)
    pl(state, 0)["active"] = ["WA03"]
    state, _ = play(turn(state, 0), 0, "place:2:eu.artmarket")
    state = _until_turn_ends(state)
    assert pl(state, 0)["stars"] == 1 and pl(state, 0)["artifacts"] == [] and len(pl(state, 1)["artifacts"]) == 1


# EU-RECRUIT-06 WA05 Pete the Cannibal (first part): a new worker, +2 knowledge for 1 artifact
def test_wa05_pete_new_worker_knowledge_for_artifact():
    state = table(2)
    pl(state, 0).update(active=["WA05"], morale=3, knowledge=4)
    pl(state, 0)["goods"]["energy"] = 3
    dice(state, 0, (2, "avail"))
    with rng_script(1):
        state, _ = play(turn(state, 0), 0, "place:2:tank.energy")  # knowledge 4 − 2 = 2
    assert legal(state, 0) == ["pick:yes", "pick:no"]
    state, _ = play(state, 0, "pick:yes")
    state = _until_turn_ends(state)
    assert pl(state, 0)["knowledge"] == 4 and len(pl(state, 0)["artifacts"]) == 1


# EU-RECRUIT-04 WA06 Sir Scarby the Harvester: strictly most pips on the Farm → knowledge −1 chosen
def test_wa06_scarby_knowledge_drop():
    state = table(2)
    pl(state, 0).update(active=["WA06"], knowledge=4)
    dice(state, 0, (3, "avail"))
    dice(state, 1, (1, "wa.farm"))
    state, _ = play(turn(state, 0), 0, "place:3:wa.farm", "pick:knowledge")
    assert pl(state, 0)["knowledge"] == 3 and pl(state, 0)["goods"]["food"] == 1  # total 4: no band change
    aquifer = table(2)
    pl(aquifer, 0)["active"] = ["WA06"]
    dice(aquifer, 0, (4, "avail"))
    aquifer, _ = play(turn(aquifer, 0), 0, "place:4:su.aquifer")
    assert aquifer["g"]["turn_pid"] == 1  # the Farm only


# EU-RECRUIT-05 WA08 Geek the Oracle: two deck cards, keep one, the other to the discard pile
def test_wa08_geek_keeps_one_of_two():
    state = table(2)
    pl(state, 0).update(active=["WA08"], morale=3, knowledge=2)
    pl(state, 0)["goods"].update(water=1, bliss=1)
    dice(state, 0, (2, "avail"))
    state["g"]["art_deck"] = ["bear", "bat", "book"]
    state, _ = play(turn(state, 0), 0, "place:2:ic.breeze_bar", "pick:deck")
    assert legal(state, 0) == ["pick:bear", "pick:bat"]
    state, _ = play(state, 0, "pick:bat")
    assert pl(state, 0)["artifacts"] == ["bat"] and state["g"]["art_discard"] == ["bear"]
    assert pl(state, 0)["knowledge"] == 4 and state["g"]["art_deck"] == ["book"]


# EU-RECRUIT-01 WA11 Nick the Understudy: +1 morale when another player bumps him, not on his own bump
def test_wa11_nick_not_on_own_bump():
    state = table(2)
    pl(state, 0).update(active=["WA11"], morale=3)
    pl(state, 0)["goods"]["energy"] = 1
    dice(state, 0, (5, "eu.tunnel"), (3, "avail"))
    with rng_script(1):
        state, _ = play(turn(state, 0), 0, "place:3:eu.tunnel", "pick:resource")
    assert pl(state, 0)["morale"] == 3
    other = table(2)
    pl(other, 1).update(active=["WA11"], morale=3)
    pl(other, 0)["goods"]["energy"] = 1
    dice(other, 1, (5, "eu.tunnel"))
    dice(other, 0, (3, "avail"))
    with rng_script(1):
        other, _ = play(turn(other, 0), 0, "place:3:eu.tunnel")
    assert pl(other, 1)["morale"] == 4


# EU-RECRUIT-01 WA12 Brian the Viticulturist: food pays the Breeze Bar's bliss; the Wastelander track moves
def test_wa12_brian_breeze_bar_food_for_bliss():
    state = table(2)
    pl(state, 0).update(active=["WA12"], morale=3)
    pl(state, 0)["goods"].update(water=1, food=1)
    dice(state, 0, (2, "avail"))
    state["g"]["bazaar"] = ["bear", "bat", "book", "bifocals"]
    state, _ = play(turn(state, 0), 0, "place:2:ic.breeze_bar")
    state = _until_turn_ends(state)
    p = pl(state, 0)
    assert p["goods"]["food"] == 0 and p["goods"]["water"] == 0 and len(p["artifacts"]) == 1
    assert state["g"]["tracks"]["wastelands"] == 1 and state["g"]["tracks"]["icarus"] == 0


# EU-RECRUIT-02 WA13 Lars the Ballooneer: once per turn (a second Balloons from the moved worker moves nothing)
def test_wa13_lars_once_per_turn():
    state = table(2)
    pl(state, 0).update(active=["WA13"], morale=4)
    pl(state, 0)["goods"].update(water=1, bliss=1, energy=1)
    dice(state, 0, (2, "avail"))
    state["g"]["bazaar"] = ["bat", "bear", "balloons", "balloons"]
    state["g"]["art_deck"] = ["bat"]
    state, _ = play(turn(state, 0), 0, "place:2:ic.breeze_bar", "pick:water", "pick:4")
    assert "pick:stay" in legal(state, 0)
    state, _ = play(state, 0, "pick:eu.tunnel", "pick:artifact")  # the free slot 4: Balloons again
    p = pl(state, 0)
    assert state["g"]["turn_pid"] == 1 and p["dice"][0]["at"] == "eu.tunnel" and p["artifacts"] == ["balloons"] * 2


# EU-RECRUIT-02 WA16 Taed the Brick Trader: N clay for N water and N resources other than clay
def test_wa16_taed_other_resources_only():
    state = table(2)
    pl(state, 0)["active"] = ["WA16"]
    pl(state, 0)["goods"]["clay"] = 1
    dice(state, 0, (2, "avail"))
    state, _ = play(turn(state, 0), 0, "clay:1")
    assert legal(state, 0) == ["pick:gold", "pick:stone"]
    state, _ = play(state, 0, "pick:gold")
    g = pl(state, 0)["goods"]
    assert (g["clay"], g["gold"], g["water"]) == (0, 1, 1)


# EU-RECRUIT-01 WA17 Lionel the Cook: 1 food lifts a blocking penalty for the placement
def test_wa17_lionel_food_lifts_a_penalty():
    state = table(2)
    build(state, "eu.site_a", "apothecary")  # no_icarus
    pl(state, 0)["goods"]["food"] = 1
    dice(state, 0, (2, "avail"))
    assert "place:2:ic.cloud_mine" not in legal(turn(state, 0), 0)
    pl(state, 0)["active"] = ["WA17"]
    state, _ = play(turn(state, 0), 0, "place:2:ic.cloud_mine")
    p = pl(state, 0)
    assert p["dice"][0]["at"] == "ic.cloud_mine" and p["goods"]["food"] == 0 and p["goods"]["bliss"] == 1


# EU-RECRUIT-02 WA20 Gwen the Minerologist: 1 resource instead of 1 of the commodities, once
def test_wa20_gwen_resource_instead_of_food():
    state = table(2)
    pl(state, 0)["active"] = ["WA20"]
    dice(state, 0, (2, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:wa.farm")
    assert legal(state, 0) == ["pick:yes", "pick:no"]
    state, _ = play(state, 0, "pick:yes", "pick:clay")
    p = pl(state, 0)
    assert p["goods"]["food"] == 0 and p["goods"]["clay"] == 1 and state["g"]["turn_pid"] == 1


# EU-RECRUIT-01 WA22 Jedidiah the Inciter: only another player's worker; his own stays
def test_wa22_jedidiah_never_his_own_worker():
    state = table(2)
    pl(state, 0)["active"] = ["WA22"]
    dice(state, 0, (2, "avail"), (6, "wa.farm"))
    state, _ = play(turn(state, 0), 0, "place:2:wa.farm")
    assert state["g"]["turn_pid"] == 1 and pl(state, 0)["dice"][1]["at"] == "wa.farm"


# EU-RECRUIT-02 WA23 Darren the Repeater: once per turn, even when placed again on a temporary space
def test_wa23_darren_once_per_turn():
    state = table(2)
    pl(state, 0)["active"] = ["WA23"]
    pl(state, 0)["goods"].update(energy=1, water=1)
    dice(state, 0, (2, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:eu.tunnel", "pick:resource")
    with rng_script(4):
        state, _ = play(state, 0, "pick:yes")
    state, _ = play(state, 0, "pick:su.tunnel", "pick:resource")
    assert pl(state, 0)["dice"][0]["at"] == "su.tunnel" and state["g"]["turn_pid"] == 1
    assert pl(state, 0)["goods"]["gold"] == 1 and pl(state, 0)["goods"]["stone"] == 1


# EU-RECRUIT-01 SU01 Faith the Hydroelectrician: the Aquifer also gives 1 energy; the Generator does not
def test_su01_faith_aquifer_energy():
    state = table(2)
    pl(state, 0)["active"] = ["SU01"]
    dice(state, 0, (2, "avail"))
    aquifer, _ = play(turn(state, 0), 0, "place:2:su.aquifer")
    assert pl(aquifer, 0)["goods"]["energy"] == 1 and pl(aquifer, 0)["goods"]["water"] == 1
    generator, _ = play(turn(state, 0), 0, "place:2:eu.generator")
    assert pl(generator, 0)["goods"]["energy"] == 1


# EU-RECRUIT-06 SU04 Xander the Excavator: any tunnel, +1 knowledge for 1 more of its resource
def test_su04_xander_extra_resource_at_any_tunnel():
    state = table(2)
    pl(state, 0)["active"] = ["SU04"]
    pl(state, 0)["goods"]["food"] = 1
    dice(state, 0, (2, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:wa.tunnel")
    assert legal(state, 0) == ["pick:yes", "pick:no"]
    state, _ = play(state, 0, "pick:yes", "pick:resource")
    assert pl(state, 0)["goods"]["clay"] == 2 and pl(state, 0)["knowledge"] == 4


# EU-RECRUIT-02 SU05 Jonathan the Gambler: one more card; no pair, nothing for the others
def test_su05_gambler_no_pair_no_gift():
    state = table(2)
    pl(state, 0).update(active=["SU05"], morale=4)
    pl(state, 0)["goods"].update(water=1, bliss=1)
    pl(state, 1)["morale"] = 3
    dice(state, 0, (2, "avail"))
    state["g"]["bazaar"] = ["bat", "bear", "book", "bifocals"]
    state["g"]["art_deck"] = ["balloons", "balloons"]
    state, _ = play(turn(state, 0), 0, "place:2:ic.breeze_bar")  # the free slot 4 only: taken at once
    assert legal(state, 0) == ["pick:yes", "pick:no"]
    state, _ = play(state, 0, "pick:yes")  # the refilled free slot 4 again
    state = _until_turn_ends(state)
    hand = pl(state, 0)["artifacts"]
    assert len(hand) == 2 and len(set(hand)) == 2 and pl(state, 1)["artifacts"] == []


# EU-RECRUIT-03 SU08 Chase the Miner: at any tunnel mouth (the Euphorian one: 2 gold)
def test_su08_chase_at_the_euphorian_tunnel():
    state = table(2)
    pl(state, 0)["active"] = ["SU08"]
    pl(state, 0)["goods"]["energy"] = 1
    dice(state, 0, (2, "avail"), (5, "wa.farm"))
    state, _ = play(turn(state, 0), 0, "place:2:eu.tunnel", "pick:yes")
    assert pl(state, 0)["goods"]["gold"] == 2 and pl(state, 0)["dice"][0]["at"] == "gone"


# EU-RECRUIT-06 SU12 Phil the Spy: the victim is chosen among players holding cards
def test_su12_phil_chooses_the_victim():
    state = table(3)
    pl(state, 0).update(active=["SU12"], morale=3, knowledge=4)
    pl(state, 0)["goods"]["energy"] = 3
    pl(state, 1).update(artifacts=["bat"], morale=3)
    pl(state, 2).update(artifacts=["bear"], morale=3)
    dice(state, 0, (2, "avail"))
    with rng_script(1):
        state, _ = play(turn(state, 0), 0, "place:2:tank.energy", "pick:yes")
    assert legal(state, 0) == ["pick:1", "pick:2"]
    state, _ = play(state, 0, "pick:2")
    assert pl(state, 0)["artifacts"] == ["bear"] and pl(state, 2)["artifacts"] == [] and pl(state, 0)["knowledge"] == 4


# EU-RECRUIT-06 SU14 Milos the Brainwasher: one die set to 1 for 1 morale, the others rolled
def test_su14_milos_one_die_only():
    state = table(2)
    pl(state, 0).update(active=["SU14"], morale=3)
    dice(state, 0, (2, "wa.farm"), (4, "eu.generator"), (5, "su.aquifer"))
    with rng_script(6, 6):
        state, _ = play(turn(state, 0), 0, "retrieve", "all", "free")
        assert legal(state, 0) == ["pick:no", "pick:0", "pick:1", "pick:2"]
        state, _ = play(state, 0, "pick:2")
    p = pl(state, 0)
    assert [d["pips"] for d in p["dice"]] == [6, 6, 1] and p["morale"] == 1  # 3 − 1 (free) − 1 (Milos)


# EU-RECRUIT-01 SU19 Mwiche the Flusher: 3 water at the Euphorian tunnel instead of energy
def test_su19_mwiche_at_the_euphorian_tunnel():
    state = table(2)
    pl(state, 0).update(morale=2)
    pl(state, 0)["goods"]["water"] = 3
    dice(state, 0, (2, "avail"))
    assert "place:2:eu.tunnel" not in legal(turn(state, 0), 0)
    pl(state, 0)["active"] = ["SU19"]
    state, _ = play(turn(state, 0), 0, "place:2:eu.tunnel")
    state = _until_turn_ends(state)
    p = pl(state, 0)
    assert p["goods"]["water"] == 0 and p["goods"]["gold"] == 1 and len(p["artifacts"]) == 1 and p["morale"] == 4


# EU-RECRUIT-01 SU22 Pamhidzai the Reader: a paid-for Book goes back for 3 commodities; a free one does not
def _reader(slot: int) -> dict:
    """Seat 0 (Pamhidzai) at the Breeze Bar takes the Book of bazaar ``slot`` and pays for it."""
    state = table(2)
    pl(state, 0).update(active=["SU22"], morale=3)
    pl(state, 0)["goods"].update(water=1, bliss=1, food=3)
    dice(state, 0, (2, "avail"))
    state["g"]["bazaar"] = ["bat", "bear", "bifocals", "bat"]
    state["g"]["bazaar"][slot - 1] = "book"
    state, _ = play(turn(state, 0), 0, "place:2:ic.breeze_bar", "pick:water", f"pick:{slot}")
    while E.active(state) == [0] and state["g"]["turn_pid"] == 0 and "pick:yes" not in legal(state, 0):
        state, _ = play(state, 0, legal(state, 0)[0])
    return state


def test_su22_pamhidzai_returns_a_paid_book():
    state = _reader(1)
    state, _ = play(state, 0, "pick:yes", "pick:energy", "pick:energy", "pick:bliss")
    p = pl(state, 0)
    assert p["artifacts"] == [] and p["goods"]["energy"] == 2 and p["goods"]["bliss"] == 1
    free = _reader(4)
    assert free["g"]["turn_pid"] == 1 and pl(free, 0)["artifacts"] == ["book"]


# EU-RECRUIT-02 SU23 Bora the Storyteller: Bifocals for a bazaar card of any slot, once per turn
def test_su23_bora_bifocals_for_a_costly_slot():
    state = table(2)
    pl(state, 0).update(active=["SU23"], artifacts=["bifocals", "book"], morale=3)
    dice(state, 0, (2, "avail"))
    state["g"]["bazaar"] = ["bear", "bat", "book", "balloons"]
    state, _ = play(turn(state, 0), 0, "story:bifocals", "pick:1")
    assert sorted(pl(state, 0)["artifacts"]) == ["bear", "book"]
    assert not any(a.startswith("story") for a in legal(state, 0))  # the Book must wait for the next turn


# EU-RECRUIT-01 SU24 Javier the Underground Librarian: a Book is wild, and spending it gives 1 resource
def test_su24_javier_book_wild_and_resource():
    state = table(2)
    pl(state, 0).update(artifacts=["book", "bear"], morale=3)
    dice(state, 0, (2, "avail"))
    assert "place:2:wa.artmarket" not in legal(turn(state, 0), 0)
    pl(state, 0)["active"] = ["SU24"]
    state, _ = play(turn(state, 0), 0, "place:2:wa.artmarket")
    assert legal(state, 0) == ["pick:gold", "pick:stone", "pick:clay"]
    state, _ = play(state, 0, "pick:stone")
    assert pl(state, 0)["stars"] == 1 and pl(state, 0)["goods"]["stone"] == 1


# EU-RECRUIT-01 FL01 Christine the Anarchist: 1 commodity per retrieved worker from a commodity area
def test_fl01_christine_commodity_per_area_worker():
    state = table(2)
    pl(state, 0).update(active=["FL01"], morale=3)
    dice(state, 0, (2, "wa.farm"), (3, "su.aquifer"), (4, "eu.tunnel"))
    with rng_script(1, 1, 1):
        state, _ = play(turn(state, 0), 0, "retrieve", "all", "free", "pick:bliss", "pick:water")
    p = pl(state, 0)
    assert p["goods"]["bliss"] == 1 and p["goods"]["water"] == 1 and state["g"]["turn_pid"] == 1  # two, not three


# EU-RECRUIT-01 FL02 Kofi the Hermit: the first activation by a tunnel's recruit icon turns the hidden one up
def test_fl02_kofi_leaves_at_a_tunnel_icon():
    state = table(2)
    pl(state, 0).update(active=["FL02"], hidden=["WA07"])
    state["g"]["miners"]["subterra"] = E.data.tunnel_track["icon"] - 1
    pl(state, 1)["goods"]["water"] = 1
    dice(state, 1, (2, "avail"))
    state, _ = play(turn(state, 1), 1, "place:2:su.tunnel", "pick:resource")
    assert pl(state, 0)["active"] == ["WA07"] and "FL02" in state["g"]["recruit_box"]


# EU-RECRUIT-01 FL03 Jeroen the Hoarder: every retrieval gives 1 resource of choice
def test_fl03_jeroen_retrieve_resource():
    state = table(2)
    pl(state, 0).update(active=["FL03"], morale=3)
    dice(state, 0, (2, "wa.farm"))
    with rng_script(1):
        state, _ = play(turn(state, 0), 0, "retrieve", "take:0", "free")
    assert legal(state, 0) == ["pick:gold", "pick:stone", "pick:clay"]
    state, _ = play(state, 0, "pick:gold")
    assert pl(state, 0)["goods"]["gold"] == 1


# EU-RECRUIT-06 FL04 Spiros the Model Citizen: no bliss needed, 2 morale
def test_fl04_spiros_no_bliss_needed():
    state = table(2)
    pl(state, 0).update(active=["FL04"], morale=4)
    dice(state, 0, (2, "avail"), (2, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:eu.generator", "bonus:FL04:2:wa.farm")
    p = pl(state, 0)
    assert [d["at"] for d in p["dice"]] == ["eu.generator", "wa.farm"] and p["morale"] == 2


# EU-RECRUIT-01 FL05 Davaa the Shredder: a tunnel mouth for nothing
def test_fl05_davaa_free_tunnel_mouth():
    state = table(2)
    dice(state, 0, (2, "avail"))
    assert "place:2:su.tunnel" not in legal(turn(state, 0), 0)
    pl(state, 0)["active"] = ["FL05"]
    state, _ = play(turn(state, 0), 0, "place:2:su.tunnel", "pick:resource")
    assert pl(state, 0)["goods"]["stone"] == 1 and state["g"]["miners"]["subterra"] == 4


# EU-RECRUIT-01 FL06 Youssef the Tunneler: another player's dig, not his own
def test_fl06_youssef_not_his_own_dig():
    state = table(2)
    pl(state, 0)["active"] = ["FL06"]
    dig(Game(E, state, None), 1, "euphoria")
    assert pl(state, 0)["goods"]["gold"] == 1
    dig(Game(E, state, None), 0, "euphoria")
    assert pl(state, 0)["goods"]["gold"] == 1  # his own dig: the normal reward only (still to choose)
