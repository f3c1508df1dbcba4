"""Recruit abilities, part 2: bumps, moves, extra placements, retrieval and turn trades (EU-RECRUIT-*)."""

from __future__ import annotations

from engines.core.rng import rng_script
from engines.euphoria.recruits import IMPLEMENTED

from .helpers import Action, E, build, dice, edit, legal, pl, play, table, turn


def _tunnel_bump(owner_recruits: list[str], hidden: bool = False) -> dict:
    """Seat 0 is about to bump seat 1's 5 from the Euphorian tunnel."""
    state = table(2)
    key = "hidden" if hidden else "active"
    pl(state, 1)[key] = owner_recruits
    pl(state, 1)["goods"]["bliss"] = 1
    dice(state, 1, (5, "eu.tunnel"), (2, "avail"))
    dice(state, 0, (3, "avail"))
    pl(state, 0)["goods"]["energy"] = 1
    return turn(state, 0)


# EU-RECRUIT-01 EU-SPACE-01 IC01 Amanda the Broker
def test_ic01_amanda_sets_the_bumped_face_for_bliss():
    state, _ = play(_tunnel_bump(["IC01"]), 0, "place:3:eu.tunnel")
    assert E.active(state) == [1] and legal(state, 1) == ["pick:roll", *(f"pick:{n}" for n in range(1, 7))]
    state, _ = play(state, 1, "pick:1")
    assert pl(state, 1)["dice"][0] == {"pips": 1, "at": "avail"} and pl(state, 1)["goods"]["bliss"] == 0
    assert legal(state, 0) == ["pick:resource", "pick:artifact"]  # then the bumping player's reward
    rolled = _tunnel_bump(["IC01"])
    with rng_script(4):
        rolled, _ = play(rolled, 0, "place:3:eu.tunnel")
    rolled, _ = play(rolled, 1, "pick:roll")
    assert pl(rolled, 1)["dice"][0]["pips"] == 4 and pl(rolled, 1)["goods"]["bliss"] == 1


def test_ic01_amanda_hidden_or_without_bliss_does_nothing():
    hidden = _tunnel_bump(["IC01"], hidden=True)
    with rng_script(4):
        hidden, _ = play(hidden, 0, "place:3:eu.tunnel")
    assert E.active(hidden) == [0] and pl(hidden, 1)["dice"][0]["pips"] == 4
    poor = _tunnel_bump(["IC01"])
    pl(poor, 1)["goods"]["bliss"] = 0
    with rng_script(4):
        poor, _ = play(poor, 0, "place:3:eu.tunnel")
    assert E.active(poor) == [0] and pl(poor, 1)["dice"][0]["pips"] == 4


# IC11 Dr. Sheppard the Lobotomist (first part; the second part is in test_recruits)
def test_ic11_sheppard_sacrifices_a_retrieved_worker_before_the_roll():
    state = table(2)
    pl(state, 0)["active"] = ["IC11"]
    dice(state, 0, (2, "wa.farm"), (4, "eu.generator"), (3, "avail"))
    with rng_script(1):
        state, _ = play(turn(state, 0), 0, "retrieve", "take:0", "take:1", "free")
        assert legal(state, 0) == ["pick:no", "pick:0", "pick:1"]
        state, _ = play(state, 0, "pick:1", "pick:gold")
    p = pl(state, 0)
    assert p["dice"][1]["at"] == "gone" and p["dice"][0] == {"pips": 1, "at": "avail"}
    assert p["goods"]["bliss"] == 4 and p["goods"]["gold"] == 1 and state["g"]["turn_pid"] == 1


def test_ic11_sheppard_never_the_last_worker():
    state = table(2)
    pl(state, 0)["active"] = ["IC11"]
    dice(state, 0, (2, "wa.farm"))
    with rng_script(1):
        state, _ = play(turn(state, 0), 0, "retrieve", "take:0", "free")
    assert state["g"]["turn_pid"] == 1 and pl(state, 0)["dice"][0]["at"] == "avail"


# IC12 Zong the Astronomer: the others' bliss is optional
def test_ic12_zong_other_players_may_take_bliss():
    state = table(3)
    pl(state, 0).update(active=["IC12"], knowledge=2, morale=3)
    dice(state, 0, (1, "avail"))
    state, _ = play(turn(state, 0), 0, "place:1:ic.cloud_mine", "pick:yes", "pick:4")
    assert E.active(state) == [1] and legal(state, 1) == ["pick:yes", "pick:no"]
    state, _ = play(state, 1, "pick:yes")
    state, _ = play(state, 2, "pick:no")
    assert pl(state, 1)["goods"]["bliss"] == 1 and pl(state, 2)["goods"]["bliss"] == 0
    assert len(pl(state, 0)["artifacts"]) == 1 and pl(state, 0)["knowledge"] == 3


# IC13 Lieve the Briber
def test_ic13_lieve_bribes_a_blocking_penalty():
    state = table(2)
    build(state, "eu.site_a", "apothecary")  # no_icarus
    pl(state, 0)["goods"]["bliss"] = 2
    dice(state, 0, (2, "avail"))
    assert "place:2:ic.cloud_mine" not in legal(turn(state, 0), 0)
    pl(state, 0)["active"] = ["IC13"]
    assert "place:2:ic.cloud_mine" in legal(turn(state, 0), 0)
    label = E.label(turn(state, 0), 0, Action.parse("place:2:ic.cloud_mine"))
    assert label.endswith("(pay 2 bliss to ignore Apothecary of Productive Dreams)")
    state, texts = play(turn(state, 0), 0, "place:2:ic.cloud_mine")
    assert pl(state, 0)["goods"]["bliss"] == 1 and pl(state, 0)["dice"][0]["at"] == "ic.cloud_mine"  # 2 paid, 1 won
    assert any("ignore the penalty of Apothecary" in t for t in texts) and state["g"]["ignored"] is None


def test_ic13_lieve_optional_bribe_lifts_an_effect_penalty():
    state = table(2)
    build(state, "eu.site_a", "endless_monotony")  # commodity_minus_1
    pl(state, 0).update(active=["IC13"])
    pl(state, 0)["goods"]["bliss"] = 2
    dice(state, 0, (6, "avail"))
    dice(state, 1, (5, "wa.farm"))
    paid, _ = play(turn(state, 0), 0, "place:6:wa.farm")
    assert legal(paid, 0) == ["pick:no", "pick:commodity_minus_1"]
    paid, _ = play(paid, 0, "pick:commodity_minus_1")
    assert pl(paid, 0)["goods"]["food"] == 2 and pl(paid, 0)["goods"]["bliss"] == 0
    kept, _ = play(turn(state, 0), 0, "place:6:wa.farm", "pick:no")
    assert pl(kept, 0)["goods"]["food"] == 1 and pl(kept, 0)["goods"]["bliss"] == 2


# WA17 Lionel the Cook: the same with 1 food; the Fountain forbids the 2nd same-number worker
def test_wa17_lionel_pays_food_to_place_a_second_worker_under_the_fountain():
    state = table(2)
    build(state, "eu.site_a", "fountain")
    pl(state, 0).update(morale=3)
    pl(state, 0)["goods"]["food"] = 1
    dice(state, 0, (2, "avail"), (2, "avail"))
    first, _ = play(turn(state, 0), 0, "place:2:eu.generator")
    assert first["g"]["turn_pid"] == 1  # no second worker
    pl(state, 0)["active"] = ["WA17"]
    second, _ = play(turn(state, 0), 0, "place:2:eu.generator")
    assert "place:2:wa.farm" in legal(second, 0)
    second, _ = play(second, 0, "place:2:wa.farm")
    p = pl(second, 0)
    assert [d["at"] for d in p["dice"]] == ["eu.generator", "wa.farm"] and p["morale"] == 2
    assert p["goods"]["food"] == 1  # paid 1 food to Lionel, won 1 on the Farm


# IC23 Jadwiga the Sleep Deprivator
def test_ic23_jadwiga_places_one_more_worker_of_any_number():
    state = table(2)
    pl(state, 0).update(active=["IC23"], morale=3)
    pl(state, 0)["goods"]["bliss"] = 1
    dice(state, 0, (2, "avail"), (5, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:eu.generator")
    assert "bonus:IC23:5:wa.farm" in legal(state, 0) and "end" in legal(state, 0)
    state, _ = play(state, 0, "bonus:IC23:5:wa.farm")
    p = pl(state, 0)
    assert p["dice"][1]["at"] == "wa.farm" and p["morale"] == 2 and p["goods"]["bliss"] == 0
    assert state["g"]["turn_pid"] == 1  # once per turn: nothing left, the turn ended


def test_ic23_jadwiga_needs_morale_and_bliss_and_an_active_card():
    state = table(2)
    pl(state, 0).update(active=["IC23"], morale=1)
    pl(state, 0)["goods"]["bliss"] = 1
    dice(state, 0, (2, "avail"), (5, "avail"))
    low, _ = play(turn(state, 0), 0, "place:2:eu.generator")
    assert low["g"]["turn_pid"] == 1
    pl(state, 0).update(active=[], hidden=["IC23"], morale=3)
    hidden, _ = play(turn(state, 0), 0, "place:2:eu.generator")
    assert hidden["g"]["turn_pid"] == 1


# FL04 Spiros the Model Citizen
def test_fl04_spiros_extra_worker_for_two_morale():
    state = table(2)
    pl(state, 0).update(active=["FL04"], morale=3)
    dice(state, 0, (2, "avail"), (5, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:eu.generator")
    assert "bonus:FL04:5:su.aquifer" in legal(state, 0)
    state, _ = play(state, 0, "bonus:FL04:5:su.aquifer")
    assert pl(state, 0)["morale"] == 1 and pl(state, 0)["dice"][1]["at"] == "su.aquifer"
    pl(state, 0)["morale"] = 2
    dice(state, 0, (2, "avail"), (5, "avail"))
    short, _ = play(turn(state, 0), 0, "place:2:eu.generator")
    assert short["g"]["turn_pid"] == 1  # morale 2 − 2 would go below 1


# WA13 Lars the Ballooneer
def _balloon_table(recruits: list[str]) -> dict:
    state = table(2)
    pl(state, 0).update(active=recruits, morale=3)
    pl(state, 0)["goods"].update(water=1, bliss=3)
    dice(state, 0, (2, "avail"))
    state["g"]["bazaar"] = ["bat", "bear", "book", "balloons"]
    return turn(state, 0)


def test_wa13_lars_moves_the_worker_after_a_balloons():
    state, _ = play(_balloon_table(["WA13"]), 0, "place:2:ic.breeze_bar", "pick:4")
    assert E.active(state) == [0] and "pick:stay" in legal(state, 0) and "pick:eu.generator" in legal(state, 0)
    state, _ = play(state, 0, "pick:eu.generator")
    p = pl(state, 0)
    assert p["dice"][0]["at"] == "eu.generator" and p["goods"]["energy"] == 1 and p["artifacts"] == ["balloons"]
    assert state["g"]["turn_pid"] == 1


def test_wa13_lars_only_for_balloons():
    state, _ = play(_balloon_table(["WA13"]), 0, "place:2:ic.breeze_bar", "pick:3")
    assert state["g"]["turn_pid"] == 1 and pl(state, 0)["dice"][0]["at"] == "ic.breeze_bar"


# WA22 Jedidiah the Inciter
def test_wa22_jedidiah_bumps_another_worker_before_the_yield():
    state = table(2)
    pl(state, 0)["active"] = ["WA22"]
    dice(state, 0, (2, "avail"))
    dice(state, 1, (6, "wa.farm"))
    state, _ = play(turn(state, 0), 0, "place:2:wa.farm")
    assert legal(state, 0) == ["pick:no", "pick:1.0"]
    with rng_script(3):
        state, _ = play(state, 0, "pick:1.0")
    assert pl(state, 1)["dice"][0] == {"pips": 3, "at": "avail"}
    assert pl(state, 0)["goods"]["food"] == 1 and state["g"]["tracks"]["wastelands"] == 1  # total 2: 1-4 band
    hidden = table(2)
    pl(hidden, 0)["hidden"] = ["WA22"]
    dice(hidden, 0, (2, "avail"))
    dice(hidden, 1, (6, "wa.farm"))
    hidden, _ = play(turn(hidden, 0), 0, "place:2:wa.farm")
    assert hidden["g"]["turn_pid"] == 1 and pl(hidden, 1)["dice"][0]["at"] == "wa.farm"


# WA23 Darren the Repeater
def test_wa23_darren_bumps_own_worker_and_places_it_again():
    state = table(2)
    pl(state, 0)["active"] = ["WA23"]
    pl(state, 0)["goods"]["energy"] = 1
    dice(state, 0, (2, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:eu.tunnel", "pick:resource")
    assert legal(state, 0) == ["pick:yes", "pick:no"]
    with rng_script(5):
        state, _ = play(state, 0, "pick:yes")
    assert pl(state, 0)["dice"][0] == {"pips": 5, "at": "avail"} and "pick:eu.tunnel" not in legal(state, 0)
    state, _ = play(state, 0, "pick:su.aquifer")
    p = pl(state, 0)
    assert p["dice"][0]["at"] == "su.aquifer" and p["goods"]["gold"] == 1 and p["goods"]["water"] == 1
    assert state["g"]["turn_pid"] == 1  # once per turn: the Aquifer is shared anyway


def test_wa23_darren_not_on_shared_spaces_nor_under_the_spa():
    state = table(2)
    pl(state, 0)["active"] = ["WA23"]
    dice(state, 0, (2, "avail"))
    shared, _ = play(turn(state, 0), 0, "place:2:eu.generator")
    assert shared["g"]["turn_pid"] == 1
    build(state, "eu.site_a", "spa")
    pl(state, 0)["goods"]["energy"] = 1
    spa, _ = play(turn(state, 0), 0, "place:2:eu.tunnel", "pick:resource")
    assert spa["g"]["turn_pid"] == 1


# WA16 Taed the Brick Trader
def test_wa16_taed_trades_clay_once_per_turn():
    state = table(2)
    pl(state, 0)["active"] = ["WA16"]
    pl(state, 0)["goods"]["clay"] = 2
    dice(state, 0, (2, "avail"))
    state = turn(state, 0)
    assert "clay:1" in legal(state, 0) and "clay:2" in legal(state, 0)
    state, _ = play(state, 0, "clay:2", "pick:gold", "pick:stone")
    p = pl(state, 0)
    assert p["goods"]["clay"] == 0 and p["goods"]["water"] == 2 and p["goods"]["gold"] == 1
    assert p["goods"]["stone"] == 1 and not any(a.startswith("clay") for a in legal(state, 0))
    pl(state, 0)["active"] = []
    pl(state, 0)["goods"]["clay"] = 2
    assert not any(a.startswith("clay") for a in legal(turn(state, 0), 0))


# SU23 Bora the Storyteller
def test_su23_bora_discards_a_book_for_a_free_bazaar_card_or_a_resource():
    state = table(2)
    pl(state, 0).update(active=["SU23"], artifacts=["book", "bat"], morale=3)
    dice(state, 0, (2, "avail"))
    state["g"]["bazaar"] = ["bear", "bat", "book", "balloons"]
    state = turn(state, 0)
    assert "story:book" in legal(state, 0) and "story:bat" not in legal(state, 0)
    card, _ = play(state, 0, "story:book", "pick:1")
    assert sorted(pl(card, 0)["artifacts"]) == ["bat", "bear"] and not any(
        a.startswith("story") for a in legal(card, 0))
    res, _ = play(state, 0, "story:book", "pick:resource", "pick:clay")
    assert pl(res, 0)["goods"]["clay"] == 1 and pl(res, 0)["artifacts"] == ["bat"]


# FL02 Kofi the Hermit
def test_fl02_kofi_starts_with_one_worker_and_retrieving_gives_another_turn():
    state = E.setup(2, 3, {})
    dealt = state["g"]["players"][0]["dealt"]
    state["g"]["players"][0]["dealt"] = ["FL02", *[r for r in dealt if r != "FL02"][:3]]
    hidden = next(r for r in state["g"]["players"][0]["dealt"] if E.data.recruits[r].faction)
    state, _ = play(state, 0, f"keep:FL02:{hidden}")
    state, _ = play(state, 1, str(E.default_action(state, 1)))
    assert len(pl(state, 0)["dice"]) == 1 and len(pl(state, 1)["dice"]) == 2
    board = table(2)
    pl(board, 0)["active"] = ["FL02"]
    dice(board, 0, (2, "wa.farm"))
    with rng_script(1):
        again, _ = play(turn(board, 0), 0, "retrieve", "take:0", "free")
    assert again["g"]["turn_pid"] == 0 and "place:1:eu.generator" in legal(again, 0)
    done, _ = play(again, 0, "place:1:eu.generator")
    assert done["g"]["turn_pid"] == 1


def test_fl02_kofi_leaves_at_the_first_activation():
    state = table(2)
    pl(state, 0).update(active=["FL02"], hidden=["EU03"])
    state["g"]["tracks"]["icarus"] = 7
    pl(state, 1)["goods"]["gold"] = 3
    dice(state, 1, (2, "avail"))
    state, _ = play(turn(state, 1), 1, "place:2:ic.nimbus_loft")
    assert pl(state, 0)["active"] == ["EU03"] and pl(state, 0)["hidden"] == []
    assert "FL02" in state["g"]["recruit_box"] and state["g"]["activated"] is True


# EU01 Laura the Philanthropist
def test_eu01_laura_gives_gold_away_for_two_artifacts():
    state = table(2)
    pl(state, 0).update(active=["EU01"], morale=3)
    pl(state, 0)["goods"]["energy"] = 1
    dice(state, 0, (2, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:eu.tunnel", "pick:resource")
    assert legal(state, 0) == ["pick:no", "pick:1"]
    state, _ = play(state, 0, "pick:1")  # both artifacts from the free slot
    assert pl(state, 0)["goods"]["gold"] == 0 and pl(state, 1)["goods"]["gold"] == 1
    assert len(pl(state, 0)["artifacts"]) == 2 and state["g"]["turn_pid"] == 1
    hidden = table(2)
    pl(hidden, 0)["hidden"] = ["EU01"]
    pl(hidden, 0)["goods"]["energy"] = 1
    dice(hidden, 0, (2, "avail"))
    hidden, _ = play(turn(hidden, 0), 0, "place:2:eu.tunnel", "pick:resource")
    assert hidden["g"]["turn_pid"] == 1 and pl(hidden, 0)["goods"]["gold"] == 1


# EU06 Esme the Fireman
def test_eu06_esme_discards_an_artifact_when_placing_a_star():
    state = table(2)
    pl(state, 0).update(active=["EU06"], artifacts=["book", "bat"], morale=3)
    pl(state, 0)["goods"]["gold"] = 3
    dice(state, 0, (2, "avail"))
    start = turn(state, 0)
    state, _ = play(start, 0, "place:2:ic.nimbus_loft")
    assert legal(state, 0) == ["pick:no", "pick:book", "pick:bat"]
    book, _ = play(state, 0, "pick:book", "pick:morale")
    assert pl(book, 0)["goods"]["energy"] == 2 and pl(book, 0)["morale"] == 5 and pl(book, 0)["artifacts"] == ["bat"]
    bat, _ = play(state, 0, "pick:bat", "pick:knowledge")
    assert pl(bat, 0)["goods"]["energy"] == 1 and pl(bat, 0)["knowledge"] == 2
    hidden = edit(start, lambda g: g.g["players"][0].update(active=[], hidden=["EU06"]))
    hidden, _ = play(hidden, 0, "place:2:ic.nimbus_loft")
    assert hidden["g"]["turn_pid"] == 1 and len(pl(hidden, 0)["artifacts"]) == 2


# EU08 Bradley the Futurist: the deck cards are seen by the owner only
def test_eu08_bradley_looks_at_two_deck_cards_on_a_market_visit():
    state = table(2)
    build(state, "eu.site_a", "courthouse")  # 4 energy + 1 stone
    pl(state, 0).update(active=["EU08"], morale=3, knowledge=2)
    pl(state, 0)["goods"].update(energy=4, stone=1)
    dice(state, 0, (2, "avail"))
    state["g"]["art_deck"] = ["bat", "bear", "book"]
    state, _ = play(turn(state, 0), 0, "place:2:eu.market_a", "pick:yes")
    assert legal(state, 0) == ["pick:bear", "pick:bat"] and E.active(state) == [0]
    top = len(state["stack"]) - 1
    assert f"stack.{top}.op.cards" in E.all_hidden_paths(state, 1)
    assert f"stack.{top}.op.cards" not in E.all_hidden_paths(state, 0)
    state, texts = play(state, 0, "pick:bear")
    assert pl(state, 0)["artifacts"] == ["bear"] and pl(state, 0)["knowledge"] == 4
    assert state["g"]["art_discard"] == ["bat"] and state["g"]["art_deck"] == ["book"]
    assert not any("Bear" in t for t in texts)  # public log: "takes 1 artifact from the deck"


# EU14 Doug the Builder
def test_eu14_doug_sacrifices_the_worker_on_a_site():
    state = table(2)
    pl(state, 0)["active"] = ["EU14"]
    dice(state, 0, (2, "avail"), (3, "wa.farm"))
    dice(state, 1, (4, "eu.site_a.2"))
    pl(state, 0)["goods"]["clay"] = 1
    state, _ = play(turn(state, 0), 0, "place:2:eu.site_a.1")
    assert legal(state, 0) == ["pick:clay", "pick:sacrifice"]
    state, _ = play(state, 0, "pick:sacrifice")
    assert "eu.site_a" in state["g"]["built"] and state["g"]["stars"]["market:eu.site_a"]["0"] == 1
    assert pl(state, 0)["goods"]["clay"] == 1
    assert pl(state, 0)["dice"][0]["at"] == "gone" and pl(state, 0)["dice"][1]["at"] == "wa.farm"
    alone = table(2)
    pl(alone, 0)["active"] = ["EU14"]
    dice(alone, 0, (2, "avail"))
    assert "place:2:eu.site_a.1" not in legal(turn(alone, 0), 0)  # never the last worker, no gold


def test_eu14_doug_sacrificed_worker_cannot_be_retrieved():
    state = table(3)
    pl(state, 0)["active"] = ["EU14"]
    dice(state, 0, (2, "avail"), (3, "wa.farm"))
    state, _ = play(turn(state, 0), 0, "place:2:eu.site_a.1")
    assert pl(state, 0)["dice"][0] == {"pips": 2, "at": "eu.site_a.1", "sac": True}
    state, _ = play(turn(state, 0), 0, "retrieve")
    assert legal(state, 0) == ["take:1"]


# EU24 Samuel the Zapper
def test_eu24_samuel_free_morale_for_commodity_area_workers_only():
    state = table(2)
    pl(state, 0).update(active=["EU24"], morale=2)
    dice(state, 0, (2, "wa.farm"), (3, "eu.tunnel"))
    with rng_script(1, 1):
        areas, _ = play(turn(state, 0), 0, "retrieve", "take:0")
    assert "zap" in legal(areas, 0)
    areas, _ = play(areas, 0, "zap")
    assert pl(areas, 0)["morale"] == 3
    mixed, _ = play(turn(state, 0), 0, "retrieve", "all")
    assert "zap" not in legal(mixed, 0)


# WA03 Jacko the Archivist
def test_wa03_jacko_pays_one_artifact_and_everyone_else_takes_one():
    state = table(3)
    pl(state, 0).update(active=["WA03"], artifacts=["bat"], morale=3)
    for other in (1, 2):
        pl(state, other)["morale"] = 3
    dice(state, 0, (2, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:wa.artmarket")
    assert pl(state, 0)["artifacts"] == [] and state["g"]["stars"]["artmarket:wastelands"]["0"] == 1
    assert len(pl(state, 1)["artifacts"]) == 1 and len(pl(state, 2)["artifacts"]) == 1
    assert "place:2:wa.artmarket" not in legal(turn(table(2), 0), 0)


# WA08 Geek the Oracle
def test_wa08_geek_takes_from_the_deck_instead_of_the_bazaar():
    state = table(2)
    pl(state, 0).update(active=["WA08"], morale=3, knowledge=2)
    pl(state, 0)["goods"].update(water=1, bliss=1)
    dice(state, 0, (2, "avail"))
    state["g"]["art_deck"] = ["book", "book", "bat"]
    state, _ = play(turn(state, 0), 0, "place:2:ic.breeze_bar")
    assert "pick:deck" in legal(state, 0)
    state, _ = play(state, 0, "pick:deck")
    assert pl(state, 0)["artifacts"] == ["book"] and pl(state, 0)["knowledge"] == 4
    assert state["g"]["art_discard"] == ["book"] and state["g"]["turn_pid"] == 1  # 2 Books: no choice


# WA12 Brian the Viticulturist
def test_wa12_brian_pays_food_for_bliss_and_moves_the_wastelander_track():
    state = table(2)
    pl(state, 0).update(active=["WA12"], morale=3)
    pl(state, 0)["goods"].update(water=1, food=1)
    dice(state, 0, (2, "avail"))
    start = turn(state, 0)
    assert "place:2:ic.sky_lounge" in legal(start, 0)
    state, _ = play(start, 0, "place:2:ic.sky_lounge", "pick:gold", "pick:stone")
    assert pl(state, 0)["goods"]["food"] == 0 and pl(state, 0)["goods"]["water"] == 0
    assert state["g"]["tracks"]["wastelands"] == 1 and state["g"]["tracks"]["icarus"] == 0
    hidden = edit(start, lambda g: g.g["players"][0].update(active=[], hidden=["WA12"]))
    assert "place:2:ic.sky_lounge" not in legal(hidden, 0)  # no bliss, no Brian


# SU05 Jonathan the Gambler
def test_su05_gambler_takes_one_more_and_a_pair_feeds_the_others():
    state = table(2)
    pl(state, 0).update(active=["SU05"], morale=4, artifacts=["bear"])
    pl(state, 0)["goods"].update(water=1, bliss=1)
    pl(state, 1)["morale"] = 3
    dice(state, 0, (2, "avail"))
    state["g"]["bazaar"] = ["bat", "bear", "book", "book"]
    state["g"]["art_deck"] = ["bat", "bat", "bat"]
    state, _ = play(turn(state, 0), 0, "place:2:ic.breeze_bar", "pick:yes")  # only slot 4 is free
    assert sorted(pl(state, 0)["artifacts"]) == ["bear", "book", "book"]
    assert len(pl(state, 1)["artifacts"]) == 1 and state["g"]["turn_pid"] == 1


# SU12 Phil the Spy
def test_su12_phil_takes_a_random_card_from_another_hand():
    state = table(2)
    pl(state, 0).update(active=["SU12"], morale=3, knowledge=2)
    pl(state, 0)["goods"]["water"] = 3
    pl(state, 1).update(artifacts=["bat"], morale=3)
    dice(state, 0, (2, "avail"))
    with rng_script(1):
        state, _ = play(turn(state, 0), 0, "place:2:tank.water", "pick:yes")
    assert pl(state, 0)["artifacts"] == ["bat"] and pl(state, 1)["artifacts"] == []
    assert pl(state, 0)["knowledge"] == 4
    bare = table(2)
    pl(bare, 0).update(active=["SU12"], knowledge=2)
    pl(bare, 0)["goods"]["water"] = 3
    dice(bare, 0, (2, "avail"))
    with rng_script(1):
        bare, _ = play(turn(bare, 0), 0, "place:2:tank.water")
    assert bare["g"]["turn_pid"] == 1  # nobody holds a card: no question


# SU14 Milos the Brainwasher
def test_su14_milos_sets_one_retrieved_die_to_one():
    state = table(2)
    pl(state, 0).update(active=["SU14"], morale=3)
    dice(state, 0, (2, "wa.farm"), (4, "eu.generator"))
    with rng_script(6):
        state, _ = play(turn(state, 0), 0, "retrieve", "all", "free", "pick:0")
    assert [d["pips"] for d in pl(state, 0)["dice"]] == [1, 6] and pl(state, 0)["morale"] == 1
    low = table(2)
    pl(low, 0).update(active=["SU14"], morale=1)
    dice(low, 0, (2, "wa.farm"))
    with rng_script(6):
        low, _ = play(turn(low, 0), 0, "retrieve", "take:0", "free")
    assert pl(low, 0)["dice"][0]["pips"] == 6 and low["g"]["turn_pid"] == 1


# Palace of Forced Altruism: discard first to make room
def test_palace_may_discard_resources_first():
    state = table(2)
    build(state, "eu.site_a", "palace")
    pl(state, 0)["goods"].update(energy=1, stone=3)
    dice(state, 0, (2, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:eu.tunnel", "pick:resource")
    assert legal(state, 0) == ["pick:keep", "pick:stone"]
    state, _ = play(state, 0, "pick:stone")
    assert pl(state, 0)["goods"]["gold"] == 1 and pl(state, 0)["goods"]["stone"] == 2
    kept = table(2)
    build(kept, "eu.site_a", "palace")
    pl(kept, 0)["goods"].update(energy=1, stone=3)
    dice(kept, 0, (2, "avail"))
    kept, _ = play(turn(kept, 0), 0, "place:2:eu.tunnel", "pick:resource", "pick:keep")
    assert pl(kept, 0)["goods"]["gold"] == 0 and pl(kept, 0)["goods"]["stone"] == 3


def test_every_recruit_ability_is_implemented():
    done = IMPLEMENTED | E.abilities.effects()
    assert {r.id for r in E.data.recruits.values() if r.effect not in done} == set()


# EU-RECRUIT-05 drawing abilities are not combined on one draw
def test_eu_recruit_05_geek_draw_does_not_trigger_the_gambler():
    state = table(2)
    pl(state, 0).update(active=["WA08", "SU05"], morale=4, knowledge=2)
    pl(state, 0)["goods"].update(water=1, bliss=3)
    dice(state, 0, (2, "avail"))
    state["g"]["art_deck"] = ["bear", "bat"]
    geek, _ = play(turn(state, 0), 0, "place:2:ic.breeze_bar", "pick:deck", "pick:bat")
    assert pl(geek, 0)["artifacts"] == ["bat"] and geek["g"]["turn_pid"] == 1  # no Gambler question
    gamble, _ = play(turn(state, 0), 0, "place:2:ic.breeze_bar", "pick:4")
    assert legal(gamble, 0) == ["pick:yes", "pick:no"]
    gamble, _ = play(gamble, 0, "pick:yes")
    assert legal(gamble, 0) == ["pick:1", "pick:2", "pick:3", "pick:4"]  # no Geek on the Gambler's card


# The purposeful bot uses Samuel's free morale and a paid extra placement when the space is worth it.
def test_bot_zaps_with_samuel():
    from engines.euphoria.bot import choose

    state = table(2)
    pl(state, 0).update(active=["EU24"], morale=2)
    dice(state, 0, (2, "wa.farm"), (3, "eu.generator"))
    state, _ = play(turn(state, 0), 0, "retrieve", "take:0", "take:1")  # both on commodity areas
    assert "zap" in legal(state, 0) and str(choose(E, state, 0)) == "zap"


def test_bot_pays_for_one_more_worker_only_for_a_space_worth_it():
    from engines.euphoria.bot import choose

    state = table(2)
    pl(state, 0).update(active=["IC23"], morale=3)
    pl(state, 0)["goods"].update(bliss=1, gold=2, stone=2, clay=2)
    dice(state, 0, (2, "avail"), (5, "avail"))
    worth, _ = play(turn(state, 0), 0, "place:2:eu.generator")
    assert str(choose(E, worth, 0)) == "bonus:IC23:5:ic.nimbus_loft"
    pl(state, 0)["goods"].update(gold=0, stone=0, clay=0)  # nothing but production spaces left
    plain, _ = play(turn(state, 0), 0, "place:2:eu.generator")
    assert any(a.startswith("bonus:") for a in legal(plain, 0)) and str(choose(E, plain, 0)) == "end"


def test_bot_trades_all_but_one_clay_with_taed():
    from engines.euphoria.bot import choose

    state = table(2)
    pl(state, 0)["active"] = ["WA16"]
    pl(state, 0)["goods"]["clay"] = 3
    dice(state, 0, (2, "avail"))
    state = turn(state, 0)
    assert str(choose(E, state, 0)) == "clay:2"
    pl(state, 0)["goods"]["clay"] = 1
    assert not str(choose(E, turn(state, 0), 0)).startswith("clay")
