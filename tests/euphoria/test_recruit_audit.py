"""Recruit abilities audited against their card texts (``data/euphoria/recruits.json``), one position each
where the ability matters (EU-RECRUIT-01: only active recruits work)."""

from __future__ import annotations

from engines.core import Game
from engines.core.rng import rng_script
from engines.euphoria.allegiance import advance

from .helpers import E, build, dice, legal, pl, play, table, turn


def _placed(rid: str, pips: int, space: str, others: tuple = (), **board) -> tuple[dict, list[str]]:
    """Seat 0 with ``rid`` active places ``pips`` on ``space`` (seat 1's dice ``others`` there first)."""
    state = table(2)
    pl(state, 0).update(active=[rid], **board)
    dice(state, 0, (pips, "avail"), (1, "avail"))
    if others:
        dice(state, 1, *others)
    return play(turn(state, 0), 0, f"place:{pips}:{space}")


# EU-RECRUIT-04 IC10 Sarinee the Cloud Miner: strictly most pips on the Cloud Mine → bliss or knowledge −1
def test_ic10_sarinee_most_pips_on_the_cloud_mine():
    state, _ = _placed("IC10", 3, "ic.cloud_mine", ((2, "ic.cloud_mine"),))
    assert legal(state, 0) == ["pick:bliss", "pick:knowledge"]
    tie, _ = _placed("IC10", 2, "ic.cloud_mine", ((2, "ic.cloud_mine"),))
    assert tie["g"]["turn_pid"] == 1


# EU04 Gary the Electrician: the Generator → 1 energy or 1 morale
def test_eu04_gary_most_pips_on_the_generator():
    state, _ = _placed("EU04", 3, "eu.generator")
    assert legal(state, 0) == ["pick:energy", "pick:morale"]
    state, _ = play(state, 0, "pick:morale")
    assert pl(state, 0)["morale"] == 2


# WA07 Ian the Horticulturist: the Farm also gives 1 water
def test_wa07_ian_farm_also_water():
    state, _ = _placed("WA07", 2, "wa.farm")
    assert pl(state, 0)["goods"]["water"] == 1 and pl(state, 0)["goods"]["food"] == 1


# SU09 Soulless the Plumber: the Aquifer also gives 1 water or 1 morale
def test_su09_soulless_aquifer_choice():
    state, _ = _placed("SU09", 2, "su.aquifer")
    assert legal(state, 0) == ["pick:water", "pick:morale"]
    state, _ = play(state, 0, "pick:water")
    assert pl(state, 0)["goods"]["water"] == 2


# IC24 Zara the Solipsist: the yield counts only her owner's workers
def test_ic24_zara_counts_only_her_own_workers():
    state, _ = _placed("IC24", 1, "ic.cloud_mine", ((5, "ic.cloud_mine"),))
    p = pl(state, 0)
    assert p["goods"]["bliss"] == 1 and p["knowledge"] == 3 and state["g"]["tracks"]["icarus"] == 1  # total 1
    plain, _ = _placed("IC20", 1, "ic.cloud_mine", ((5, "ic.cloud_mine"),))
    assert pl(plain, 0)["knowledge"] == 2  # total 6 without Zara: knowledge −1


# IC19 Bok the Game Master: knowledge never above 4
def test_ic19_bok_caps_knowledge_at_four():
    state, _ = _placed("IC19", 6, "eu.generator", ((5, "eu.generator"),), knowledge=4)
    assert pl(state, 0)["knowledge"] == 4 and pl(state, 0)["goods"]["energy"] == 2  # total 11: +1 knowledge ignored
    plain, _ = _placed("EU03", 6, "eu.generator", ((5, "eu.generator"),), knowledge=4)
    assert pl(plain, 0)["knowledge"] == 5


def _runaway(rid: str) -> tuple[dict, list[str]]:
    """Seat 0 (knowledge 6, recruit ``rid``) retrieves two workers that roll 6 and 5: one runs away."""
    state = table(2)
    pl(state, 0).update(active=[rid], knowledge=6, morale=2)
    dice(state, 0, (2, "wa.farm"), (3, "eu.generator"))
    with rng_script(6, 5):
        return play(turn(state, 0), 0, "retrieve", "all", "free")


# IC17 Ted the Contingency Planner: a runaway gives 1 morale
def test_ic17_ted_runaway_morale():
    state, _ = _runaway("IC17")
    assert "runaway" in [d["at"] for d in pl(state, 0)["dice"]]
    assert pl(state, 0)["morale"] == 2  # 2 − 1 (free retrieval) + 1 (Ted)


# IC20 Keb the Information Trader: after a runaway, 1 resource or 1 commodity
def test_ic20_keb_runaway_gain():
    state, _ = _runaway("IC20")
    assert "runaway" in [d["at"] for d in pl(state, 0)["dice"]] and E.active(state) == [0]
    assert legal(state, 0) == [f"pick:{g}" for g in ("energy", "water", "food", "bliss", "gold", "stone", "clay")]
    state, _ = play(state, 0, "pick:gold")
    assert pl(state, 0)["goods"]["gold"] == 1


# EU02 Yordy the Demotivator: free retrieval costs no morale
def test_eu02_yordy_free_retrieve_keeps_morale():
    state = table(2)
    pl(state, 0).update(active=["EU02"], morale=3)
    dice(state, 0, (2, "wa.farm"))
    with rng_script(1):
        state, _ = play(turn(state, 0), 0, "retrieve", "take:0", "free")
    assert pl(state, 0)["morale"] == 3


# SU02 Maggie the Outlaw: every retrieved worker from Subterra → 1 water or 1 stone
def test_su02_maggie_all_from_subterra():
    state = table(2)
    pl(state, 0).update(active=["SU02"], morale=3)
    dice(state, 0, (2, "su.aquifer"), (3, "su.tunnel"))
    with rng_script(1, 2):
        state, _ = play(turn(state, 0), 0, "retrieve", "all", "free")
    assert {"pick:water", "pick:stone"} <= set(legal(state, 0))
    mixed = table(2)
    pl(mixed, 0).update(active=["SU02"], morale=3)
    dice(mixed, 0, (2, "su.aquifer"), (3, "wa.farm"))
    with rng_script(1, 2):
        mixed, _ = play(turn(mixed, 0), 0, "retrieve", "all", "free")
    assert mixed["g"]["turn_pid"] == 1


# EU23 Frazer the Motivator: the Generator's yield in commodities of choice
def test_eu23_frazer_generator_any_commodity():
    state, _ = _placed("EU23", 2, "eu.generator")
    assert "pick:food" in legal(state, 0)
    state, _ = play(state, 0, "pick:food")
    assert pl(state, 0)["goods"]["food"] == 1 and pl(state, 0)["goods"]["energy"] == 0


# SU13 Joseph the Antiquer: a yield of 2 may become 1 artifact
def test_su13_joseph_double_yield_for_an_artifact():
    state, _ = _placed("SU13", 6, "su.aquifer", ((5, "su.aquifer"),))
    assert legal(state, 0) == ["pick:yes", "pick:no"]
    state, _ = play(state, 0, "pick:yes")
    assert pl(state, 0)["goods"]["water"] == 0
    single, _ = _placed("SU13", 2, "su.aquifer")
    assert single["g"]["turn_pid"] == 1  # only a yield of 2 qualifies


# WA09 Kyle the Scavenger: the Farm with workers of 2+ other players → 1 artifact
def test_wa09_kyle_crowded_farm():
    state = table(3)
    pl(state, 0).update(active=["WA09"])
    dice(state, 0, (1, "avail"))
    dice(state, 1, (1, "wa.farm"))
    dice(state, 2, (1, "wa.farm"))
    state, _ = play(turn(state, 0), 0, "place:1:wa.farm")
    assert E.active(state) == [0] and any(m.startswith("pick:") for m in legal(state, 0))
    two = table(3)
    pl(two, 0).update(active=["WA09"])
    dice(two, 0, (1, "avail"))
    dice(two, 1, (1, "wa.farm"), (2, "wa.farm"))
    two, _ = play(turn(two, 0), 0, "place:1:wa.farm")
    assert two["g"]["turn_pid"] == 1  # one other player only


# SU11 Andrew the Spelunker: the Subterran tunnel gives stone and an artifact
def test_su11_andrew_stone_and_artifact():
    state = table(2)
    pl(state, 0).update(active=["SU11"])
    pl(state, 0)["goods"]["water"] = 1
    dice(state, 0, (2, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:su.tunnel")
    assert pl(state, 0)["goods"]["stone"] == 1 and len(pl(state, 0)["artifacts"]) == 1  # no reward choice


# EU22 Rowena the Mentor: market penalties do not apply
def test_eu22_rowena_ignores_penalties():
    state = table(2)
    build(state, "eu.site_a", "apothecary")  # no_icarus
    dice(state, 0, (2, "avail"))
    assert "place:2:ic.cloud_mine" not in legal(turn(state, 0), 0)
    pl(state, 0)["active"] = ["EU22"]
    assert "place:2:ic.cloud_mine" in legal(turn(state, 0), 0)


# IC05 Kadan the Infiltrator: any completed tunnel's exclusive space, for +2 knowledge
def test_ic05_kadan_any_exclusive_space():
    state = table(2)
    state["g"]["miners"]["subterra"] = 9
    dice(state, 0, (2, "avail"))
    assert "place:2:su.tunnel_end" not in legal(turn(state, 0), 0)
    pl(state, 0)["active"] = ["IC05"]
    state, _ = play(turn(state, 0), 0, "place:2:su.tunnel_end")
    assert pl(state, 0)["knowledge"] == 5 and pl(state, 0)["goods"]["food"] == 3


def _artmarket(rid: str, artifacts: list[str], space: str = "eu.artmarket", **board) -> tuple[dict, list[str]]:
    """Seat 0 with ``rid`` active places a 2 on an artifact market holding ``artifacts``."""
    state = table(2)
    pl(state, 0).update(active=[rid], morale=3, artifacts=artifacts, **board)
    dice(state, 0, (2, "avail"))
    return play(turn(state, 0), 0, f"place:2:{space}")


# WA15 Julia the Acolyte: a star on an artifact market → +1 morale
def test_wa15_julia_artmarket_star_morale():
    state, _ = _artmarket("WA15", ["bat", "bat"])
    assert pl(state, 0)["stars"] == 1 and pl(state, 0)["morale"] == 4
    plain, _ = _artmarket("EU03", ["bat", "bat"])
    assert pl(plain, 0)["morale"] == 3


# SU16 Pedro the Collector: a star on an artifact market → 1 resource and 1 commodity
def test_su16_pedro_artmarket_star_goods():
    state, _ = _artmarket("SU16", ["bat", "bat"])
    assert E.active(state) == [0] and "pick:gold" in legal(state, 0)


# SU10 Curtis the Propagandist: every star → knowledge −1
def test_su10_curtis_star_knowledge_drop():
    state, _ = _artmarket("SU10", ["bat", "bat"], knowledge=4)
    assert pl(state, 0)["knowledge"] == 3


# EU17 Miroslav the Con Artist: a Bear counts as any type (a Bear and a Bat make a pair)
def test_eu17_miroslav_bear_is_wild():
    state, _ = _artmarket("EU17", ["bear", "bat"])
    assert pl(state, 0)["stars"] == 1 and pl(state, 0)["artifacts"] == []
    plain = table(2)
    pl(plain, 0).update(artifacts=["bear", "bat"])
    dice(plain, 0, (2, "avail"))
    assert "place:2:eu.artmarket" not in legal(turn(plain, 0), 0)


# WA18 Alexandra the Heister (Balloons), WA21 Jose the Persuader (Bat), SU20 Makato the Forger (Bifocals)
def test_wa18_wa21_su20_wild_types():
    for rid, wild in (("WA18", "balloons"), ("WA21", "bat"), ("SU20", "bifocals")):
        other = "book"
        state, _ = _artmarket(rid, [wild, other])
        assert pl(state, 0)["stars"] == 1, rid


# SU17 Shaheena the Digger: paying 3 artifacts (not a pair) → 1 resource and 1 commodity
def test_su17_shaheena_three_artifacts_goods():
    state, _ = _artmarket("SU17", ["bat", "book", "bear"])
    assert E.active(state) == [0] and any(m.startswith("pick:") for m in legal(state, 0))
    pair, _ = _artmarket("SU17", ["bat", "bat"])
    assert pair["g"]["turn_pid"] == 1


# IC22 Mosi the Patron: 1 artifact + 2 bliss instead of 3 artifacts or a pair
def test_ic22_mosi_bliss_payment():
    state = table(2)
    pl(state, 0).update(artifacts=["bat"])
    pl(state, 0)["goods"]["bliss"] = 2
    dice(state, 0, (2, "avail"))
    assert "place:2:eu.artmarket" not in legal(turn(state, 0), 0)
    pl(state, 0)["active"] = ["IC22"]
    state, _ = play(turn(state, 0), 0, "place:2:eu.artmarket")
    assert pl(state, 0)["stars"] == 1 and pl(state, 0)["artifacts"] == [] and pl(state, 0)["goods"]["bliss"] == 0


def _bump(rid_bumper: list[str], rid_owner: list[str]) -> tuple[dict, list[str]]:
    """Seat 0 bumps seat 1's 5 from the Euphorian tunnel."""
    state = table(2)
    pl(state, 0).update(active=rid_bumper, morale=3)
    pl(state, 1).update(active=rid_owner, morale=3)
    pl(state, 1)["goods"]["gold"] = 1
    dice(state, 1, (5, "eu.tunnel"), (2, "avail"))
    dice(state, 0, (3, "avail"))
    pl(state, 0)["goods"]["energy"] = 1
    with rng_script(1):
        return play(turn(state, 0), 0, "place:3:eu.tunnel")


# SU06 Josiah the Hacker: bumped by another player → +1 morale, the bumper +1 knowledge
def test_su06_josiah_bumped_hacker():
    state, _ = _bump([], ["SU06"])
    assert pl(state, 1)["morale"] == 4 and pl(state, 0)["knowledge"] == 4


# EU09 Ben the Ludologist: bumped → may lose 2 morale for an artifact
def test_eu09_ben_bumped_artifact_for_morale():
    state, _ = _bump([], ["EU09"])
    assert E.active(state) == [1] and legal(state, 1) == ["pick:yes", "pick:no"]
    state, _ = play(state, 1, "pick:yes")
    assert pl(state, 1)["morale"] == 1


# SU15 Khaleef the Bruiser: the bumped player hands over 1 resource
def test_su15_khaleef_bump_tribute():
    state, texts = _bump(["SU15"], [])
    assert any("Khaleef the Bruiser" in t for t in texts)  # seat 1 holds only gold: handed over at once
    assert pl(state, 0)["goods"]["gold"] == 1 and pl(state, 1)["goods"]["gold"] == 0


# IC06 Lee the Gossip: bump another → lose 1 morale, they +1 knowledge, gain 1 commodity
def test_ic06_lee_gossip():
    state, _ = _bump(["IC06"], [])
    assert legal(state, 0) == ["pick:yes", "pick:no"]
    state, _ = play(state, 0, "pick:yes")
    assert pl(state, 0)["morale"] == 2 and pl(state, 1)["knowledge"] == 4
    assert any(m.startswith("pick:") for m in legal(state, 0))


# IC08 Maxime the Ambassador / IC09 Rebecca the Peddler: 2 morale; an artifact / a resource
def test_ic08_ic09_gossip_variants():
    for rid in ("IC08", "IC09"):
        state, _ = _bump([rid], [])
        state, _ = play(state, 0, "pick:yes")
        assert pl(state, 0)["morale"] == 1 and pl(state, 1)["knowledge"] == 4, rid


# EU11 Julia the Thought Inspector: bump another → lose 1 morale for 1 resource
def test_eu11_julia_bump_resource_for_morale():
    state, _ = _bump(["EU11"], [])
    state, _ = play(state, 0, "pick:yes", "pick:stone")
    assert pl(state, 0)["morale"] == 2 and pl(state, 0)["goods"]["stone"] == 1


# WA19 George the Lazy Craftsman: bumping your own worker → 1 resource
def test_wa19_george_self_bump_resource():
    state = table(2)
    pl(state, 0).update(active=["WA19"], morale=3)
    pl(state, 0)["goods"]["energy"] = 1
    dice(state, 0, (5, "eu.tunnel"), (3, "avail"))
    with rng_script(1):
        state, _ = play(turn(state, 0), 0, "place:3:eu.tunnel")
    assert legal(state, 0) == ["pick:gold", "pick:stone", "pick:clay"]  # before the tunnel is paid and dug
    state, _ = play(state, 0, "pick:clay")
    assert pl(state, 0)["goods"]["clay"] == 1


# SU03 Major Dave the Demolitionist: the Subterran tunnel, +2 knowledge → miner +1 more, 1 more stone
def test_su03_major_dave_dig_extra():
    state = table(2)
    pl(state, 0).update(active=["SU03"])
    pl(state, 0)["goods"]["water"] = 1
    dice(state, 0, (2, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:su.tunnel", "pick:yes")
    assert state["g"]["miners"]["subterra"] == 5 and pl(state, 0)["knowledge"] == 5
    state, _ = play(state, 0, "pick:resource")
    assert pl(state, 0)["goods"]["stone"] == 2


# WA02 Professor Reitz the Archeologist: the Wastelander tunnel, +2 knowledge → miner +1, 1 more artifact
def test_wa02_reitz_dig_extra():
    state = table(2)
    pl(state, 0).update(active=["WA02"], morale=3)
    pl(state, 0)["goods"]["food"] = 1
    dice(state, 0, (2, "avail"))
    start = state["g"]["miners"]["wastelands"]
    state, _ = play(turn(state, 0), 0, "place:2:wa.tunnel", "pick:yes")
    assert state["g"]["miners"]["wastelands"] == start + 2 and pl(state, 0)["knowledge"] == 5


def _kept(rid: str, **board) -> tuple[dict, list[str]]:
    """The runaway position of :func:`_runaway` with ``rid`` and the board changes ``board``."""
    state = table(2)
    pl(state, 0).update(active=[rid], knowledge=6, morale=2, **board)
    dice(state, 0, (2, "wa.farm"), (3, "eu.generator"))
    return state


# IC15 Amina the Bliss Bringer: pay 1 bliss to keep a runaway
def test_ic15_amina_keeps_a_runaway_for_bliss():
    state = _kept("IC15")
    pl(state, 0)["goods"]["bliss"] = 1
    with rng_script(6, 5):
        state, _ = play(turn(state, 0), 0, "retrieve", "all", "free")
    assert legal(state, 0) == ["pick:yes", "pick:no"]
    state, _ = play(state, 0, "pick:yes")
    assert "runaway" not in [d["at"] for d in pl(state, 0)["dice"]] and pl(state, 0)["goods"]["bliss"] == 0


# WA14 Xyon the Brain Surgeon: discard 1 artifact and knowledge −2 to keep a runaway
def test_wa14_xyon_keeps_a_runaway_for_an_artifact():
    state = _kept("WA14", artifacts=["book"])
    with rng_script(6, 5):
        state, _ = play(turn(state, 0), 0, "retrieve", "all", "free", "pick:yes")
    p = pl(state, 0)
    assert "runaway" not in [d["at"] for d in p["dice"]] and p["artifacts"] == [] and p["knowledge"] == 4


# SU18 Dusty the Enforcer: discard a Bat to keep a runaway
def test_su18_dusty_keeps_a_runaway_for_a_bat():
    state = _kept("SU18", artifacts=["bat"])
    with rng_script(6, 5):
        state, _ = play(turn(state, 0), 0, "retrieve", "all", "free", "pick:yes")
    assert "runaway" not in [d["at"] for d in pl(state, 0)["dice"]] and pl(state, 0)["artifacts"] == []
    book = _kept("SU18", artifacts=["book"])
    with rng_script(6, 5):
        book, _ = play(turn(book, 0), 0, "retrieve", "all", "free")
    assert "runaway" in [d["at"] for d in pl(book, 0)["dice"]]


# EU05 Michael the Engineer: any resource on a site; gold there also +1 morale and +1 knowledge
def test_eu05_michael_pays_gold_for_clay():
    state = table(2)
    pl(state, 0)["goods"]["gold"] = 1
    dice(state, 0, (2, "avail"), (3, "avail"))
    assert "place:2:eu.site_a.1" not in legal(turn(state, 0), 0)  # its space asks for clay
    pl(state, 0).update(active=["EU05"])
    state, _ = play(turn(state, 0), 0, "place:2:eu.site_a.1")  # gold, the only resource held: paid at once
    p = pl(state, 0)
    assert p["goods"]["gold"] == 0 and p["morale"] == 2 and p["knowledge"] == 4


# WA04 Jonathan the Artist: placing on a site, +2 knowledge for 1 artifact
def test_wa04_jonathan_site_knowledge_for_artifact():
    state = table(2)
    pl(state, 0).update(active=["WA04"])
    pl(state, 0)["goods"]["clay"] = 1
    dice(state, 0, (2, "avail"), (3, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:eu.site_a.1")
    assert legal(state, 0) == ["pick:yes", "pick:no"]
    state, _ = play(state, 0, "pick:yes")
    assert pl(state, 0)["knowledge"] == 5


def _complete(rid: str, helper: bool) -> tuple[dict, list[str]]:
    """Seat 0 (``rid`` active) completes Euphoria site A (2 players: 2 builders), with seat 1 or alone."""
    state = table(2)
    pl(state, 0).update(active=[rid], morale=2, knowledge=4)
    pl(state, 0)["goods"]["gold"] = 1
    dice(state, 0, (2, "avail"), (3, "avail"), *(() if helper else ((4, "eu.site_a.3"),)))
    if helper:
        dice(state, 1, (4, "eu.site_a.3"))
    with rng_script(1, 1, 1, 1):
        return play(turn(state, 0), 0, "place:2:eu.site_a.2")


# EU07 Ray the Foreman: +2 morale if another player helped build, else knowledge −2
def test_eu07_ray_built_market_mood():
    shared, _ = _complete("EU07", helper=True)
    assert shared["g"]["built"].get("eu.site_a") and pl(shared, 0)["morale"] == 4
    alone, _ = _complete("EU07", helper=False)
    assert alone["g"]["built"].get("eu.site_a") and pl(alone, 0)["knowledge"] == 2


# SU21 Albert the Founder: a market he helped build completes → 1 artifact
def test_su21_albert_built_market_artifact():
    state, _ = _complete("SU21", helper=True)
    assert state["g"]["built"].get("eu.site_a") and len(pl(state, 0)["artifacts"]) == 1  # the free bazaar card


def _star(rid: str, space: str, dice_spec: tuple = ((2, "avail"),), **board) -> tuple[dict, list[str]]:
    """Seat 0 (``rid`` active, a Bat pair) takes a star on the artifact market ``space``."""
    state = table(2)
    pl(state, 0).update(active=[rid], morale=3, artifacts=["bat", "bat"], **board)
    dice(state, 0, *dice_spec)
    return play(turn(state, 0), 0, f"place:2:{space}")


# IC02 Flavio the Merchant: a star on a non-Icarite (artifact) market, +1 knowledge for 1 artifact
def test_ic02_flavio_star_knowledge_for_artifact():
    state, _ = _star("IC02", "eu.artmarket")
    assert legal(state, 0) == ["pick:yes", "pick:no"]
    icarus, _ = _star("IC02", "ic.artmarket")
    assert icarus["g"]["turn_pid"] == 1


# SU07 Brett the Lockpicker: a star in Subterra, +2 knowledge for 1 resource
def test_su07_brett_star_in_subterra():
    state, _ = _star("SU07", "su.artmarket")
    assert legal(state, 0) == ["pick:yes", "pick:no"]
    state, _ = play(state, 0, "pick:yes", "pick:stone")
    assert pl(state, 0)["knowledge"] == 5 and pl(state, 0)["goods"]["stone"] == 1
    elsewhere, _ = _star("SU07", "eu.artmarket")
    assert elsewhere["g"]["turn_pid"] == 1


# WA24 High General Baron: a star in the Wastelands, pay 2 resources for 1 more star there
def test_wa24_baron_pays_for_a_second_star():
    state = table(2)
    pl(state, 0).update(active=["WA24"], morale=3, artifacts=["bat", "bat"])
    pl(state, 0)["goods"].update(gold=1, stone=1)
    dice(state, 0, (2, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:wa.artmarket", "pick:yes")
    while E.active(state) == [0] and state["g"]["turn_pid"] == 0:
        state, _ = play(state, 0, legal(state, 0)[0])
    assert pl(state, 0)["stars"] == 2 and pl(state, 0)["goods"]["gold"] + pl(state, 0)["goods"]["stone"] == 0


# EU12 Dr. Nakagawa the Tribute: a star in Euphoria, sacrifice that worker for 1 more star (never the last)
def test_eu12_nakagawa_sacrifices_for_a_star():
    state, _ = _star("EU12", "eu.artmarket", ((2, "avail"), (4, "wa.farm")))
    assert legal(state, 0) == ["pick:yes", "pick:no"]
    state, _ = play(state, 0, "pick:yes")
    assert pl(state, 0)["stars"] == 2 and pl(state, 0)["dice"][0]["at"] == "gone"
    last, _ = _star("EU12", "eu.artmarket")
    assert last["g"]["turn_pid"] == 1 and pl(last, 0)["stars"] == 1


# IC04 Josh the Negotiator: at a non-Icarite market whose cost has a resource, 1 bliss instead of it
def test_ic04_josh_bliss_for_the_resource():
    state = table(2)
    build(state, "eu.site_a", "fountain")  # costs 4 water and 1 gold
    pl(state, 0)["goods"].update(water=4, bliss=1)
    dice(state, 0, (2, "avail"))
    assert "place:2:eu.market_a" not in legal(turn(state, 0), 0)
    pl(state, 0)["active"] = ["IC04"]
    state, _ = play(turn(state, 0), 0, "place:2:eu.market_a")
    while E.active(state) == [0] and state["g"]["turn_pid"] == 0:
        state, _ = play(state, 0, legal(state, 0)[0])
    assert pl(state, 0)["stars"] == 1 and pl(state, 0)["goods"]["bliss"] == 0


# WA10 Steven the Scholar: visiting a built Wastelands market → 1 artifact and 1 resource
def test_wa10_steven_visit_bonus():
    state = table(2)
    build(state, "wa.site_a", "fountain")
    pl(state, 0).update(active=["WA10"])
    pl(state, 0)["goods"].update(water=4, gold=1)
    dice(state, 0, (2, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:wa.market_a")
    assert E.active(state) == [0] and any(m.startswith("pick:") for m in legal(state, 0))


def _breeze(rid: str) -> dict:
    """Seat 0 (``rid`` active) at the Breeze Bar with a known bazaar: the artifact choice is next."""
    state = table(2)
    pl(state, 0).update(active=[rid], morale=3)
    pl(state, 0)["goods"].update(bliss=1, energy=1, food=3)
    state["g"]["bazaar"] = ["bear", "bat", "book", "bifocals"]
    dice(state, 0, (2, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:ic.breeze_bar", "pick:energy")
    return state


# IC14 Ahmed the Artifact Dealer: bazaar cards cost 1 commodity less
def test_ic14_ahmed_bazaar_discount():
    state = _breeze("IC14")
    labels = [E.label(state, 0, a) for a in E.legal_actions(state, 0)]
    assert "Take artifact: Bear, bazaar slot 1 (pay 1 commodity)" in labels
    assert "Take artifact: Bat, bazaar slot 2 (free)" in labels
    plain = _breeze("EU03")
    assert "Take artifact: Bear, bazaar slot 1 (pay 2 commodities)" in [E.label(plain, 0, a)
                                                                     for a in E.legal_actions(plain, 0)]


# EU15 Cary the Carebear: gaining a Bear also gives 1 food and 1 commodity of choice
def test_eu15_cary_bear_bonus():
    state = _breeze("EU15")
    food = pl(state, 0)["goods"]["food"]
    state, _ = play(state, 0, "pick:1")
    while E.active(state) == [0] and state["g"]["turn_pid"] == 0 and "pick:water" not in legal(state, 0):
        state, _ = play(state, 0, legal(state, 0)[0])  # pay the slot's cost
    assert "bear" in pl(state, 0)["artifacts"] and "pick:water" in legal(state, 0)
    state, _ = play(state, 0, "pick:water")
    assert pl(state, 0)["goods"]["water"] == 1 and pl(state, 0)["goods"]["food"] >= food - 2 + 1


# EU18 Steve the Double Agent: a non-Euphorian track at its end → 1 star on Steve
def test_eu18_steve_track_end_star():
    state = table(2)
    pl(state, 0).update(active=["EU18"])
    top = E.data.allegiance_max
    state["g"]["tracks"].update(wastelands=top - 1, subterra=top - 1)
    g = Game(E, state, None)
    advance(g, "wastelands")
    assert pl(state, 0)["stars"] == 1 and state["g"]["stars"]["recruit:EU18"] == {"0": 1}
    advance(g, "subterra")
    assert pl(state, 0)["stars"] == 1  # at most one star on a recruit
    hidden = table(2)
    pl(hidden, 0).update(hidden=["EU18"])
    hidden["g"]["tracks"]["wastelands"] = top - 1
    advance(Game(E, hidden, None), "wastelands")
    assert pl(hidden, 0)["stars"] == 0
