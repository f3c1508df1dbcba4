"""Recruit abilities audited against their card texts (``data/euphoria/recruits.json``), one position each
where the ability matters (EU-RECRUIT-01: only active recruits work)."""

from __future__ import annotations

from engines.core.rng import rng_script

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
    state, texts = _runaway("IC17")
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
