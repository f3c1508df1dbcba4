"""Board spaces: kinds, commodity areas, tanks, Lost & Found, tunnels, sites, markets, Icarus, bazaar, allegiance."""

from __future__ import annotations

from engines.core import Game
from engines.core.rng import rng_script
from engines.euphoria.allegiance import advance
from engines.euphoria.queue import push, run_ops
from engines.euphoria.tableau import tier_bonus

from .helpers import E, build, dice, edit, legal, pl, play, star, table, turn


# EU-SPACE-01
def test_eu_space_01_temporary_bump_and_self_bump():
    state = table(2)
    dice(state, 0, (2, "avail"), (5, "ic.nimbus_loft"))
    pl(state, 0)["goods"].update(gold=3)
    with rng_script(1):
        state, texts = play(turn(state, 0), 0, "place:2:ic.nimbus_loft")  # only gold: paid at once
    assert any("bumps" in t for t in texts) and pl(state, 0)["dice"][1] == {"pips": 1, "at": "avail"}


# EU-SPACE-02
def test_eu_space_02_exclusive_locked_until_complete_and_faction():
    state = table(2)
    dice(state, 0, (2, "avail"))
    assert "place:2:eu.tunnel_end" not in legal(turn(state, 0), 0)
    state["g"]["miners"]["euphoria"] = E.data.tunnel_track["end"]
    assert "place:2:eu.tunnel_end" not in legal(turn(state, 0), 0)  # no Euphorian recruit
    pl(state, 0)["active"] = ["EU20"]
    state, _ = play(turn(state, 0), 0, "place:2:eu.tunnel_end")
    assert pl(state, 0)["goods"]["water"] == 3  # EU-TUNNEL-04 (RECONSTRUCTED amount)


# EU-SPACE-03
def test_eu_space_03_shared_no_bumping():
    state = table(2)
    dice(state, 0, (2, "avail"), (2, "wa.farm"))
    dice(state, 1, (3, "wa.farm"))
    state, texts = play(turn(state, 0), 0, "place:2:wa.farm")
    assert not any("bumps" in t for t in texts) and len([1 for p in (0, 1) for d in pl(state, p)["dice"]
                                                          if d["at"] == "wa.farm"]) == 3


# EU-SPACE-04
def test_eu_space_04_one_time_space_taken():
    state = table(2)
    dice(state, 0, (2, "avail"))
    dice(state, 1, (3, "eu.site_a.2"))
    pl(state, 0)["goods"]["gold"] = 2
    moves = legal(turn(state, 0), 0)
    assert "place:2:eu.site_a.2" not in moves and "place:2:eu.site_a.3" in moves


# EU-SPACE-05
def test_eu_space_05_space_types_in_data():
    kinds = {s.id: s.type for s in E.data.spaces.values()}
    assert kinds["eu.generator"] == "shared" and kinds["tank.energy"] == "temp"
    assert kinds["wa.lost_found"] == "temp" and kinds["eu.market_a"] == "temp"
    assert kinds["eu.site_a.1"] == "once" and kinds["su.tunnel_end"] == "excl"


# EU-PROD-01, EU-PROD-02, EU-PROD-03, EU-PROD-04, EU-PROD-05
def test_eu_prod_01_02_03_04_05_yields():
    state = table(2)
    dice(state, 0, (1, "avail"), (1, "avail"))
    pl(state, 0)["knowledge"] = 1
    state, _ = play(turn(state, 0), 0, "place:1:ic.cloud_mine")
    assert pl(state, 0)["goods"]["bliss"] == 1 and state["g"]["tracks"]["icarus"] == 1  # EU-PROD-01, EU-PROD-03
    for area, good in (("eu.generator", "energy"), ("su.aquifer", "water"), ("wa.farm", "food")):
        s = table(2)
        dice(s, 1, (6, area))
        dice(s, 0, (3, "avail"))
        s, _ = play(turn(s, 0), 0, f"place:3:{area}")
        assert pl(s, 0)["goods"][good] == 2 and pl(s, 0)["knowledge"] == 4  # 9+ band
    s = table(2)
    s["g"]["tracks"]["icarus"] = 2
    pl(s, 0)["active"] = ["IC13"]
    dice(s, 0, (1, "avail"))
    s, _ = play(turn(s, 0), 0, "place:1:ic.cloud_mine")
    assert pl(s, 0)["goods"]["bliss"] == 2  # EU-PROD-05 tier-1 bonus
    # EU-PROD-04: placing at knowledge 1 is legal (first case above)


# EU-TANK-01, EU-TANK-02, EU-TANK-03, EU-TANK-04, EU-TANK-05
def test_eu_tank_01_02_03_04_05_new_workers():
    state = table(2)
    dice(state, 0, (2, "avail"), (2, "wa.farm"))
    pl(state, 0)["goods"].update(energy=3, water=3)
    with rng_script(1):
        e, _ = play(turn(state, 0), 0, "place:2:tank.energy")
    assert len(pl(e, 0)["dice"]) == 3 and pl(e, 0)["knowledge"] == 1 and e["g"]["tracks"]["euphoria"] == 1
    with rng_script(1):
        w, _ = play(turn(state, 0), 0, "place:2:tank.water")
    assert len(pl(w, 0)["dice"]) == 3 and pl(w, 0)["morale"] == 3 and w["g"]["tracks"]["subterra"] == 1
    full = table(2)
    dice(full, 0, (2, "avail"), (2, "wa.farm"), (1, "runaway"), (4, "eu.generator"))
    pl(full, 0)["goods"]["water"] = 3
    full, _texts = play(turn(full, 0), 0, "place:2:tank.water")
    assert len(pl(full, 0)["dice"]) == 4 and pl(full, 0)["morale"] == 3  # EU-TANK-01, EU-TANK-05, R-26


# EU-LOST-01, EU-LOST-02, EU-LOST-03
def test_eu_lost_01_02_03_lost_and_found():
    state = table(2)
    dice(state, 0, (2, "avail"), (5, "runaway"))
    pl(state, 0)["goods"]["food"] = 2
    with rng_script(3):
        state, _ = play(turn(state, 0), 0, "place:2:wa.lost_found")
    assert pl(state, 0)["dice"][1] == {"pips": 3, "at": "avail"} and pl(state, 0)["knowledge"] == 2
    assert state["g"]["tracks"]["wastelands"] == 1
    empty = table(2)
    dice(empty, 0, (2, "avail"))
    pl(empty, 0)["goods"]["food"] = 1
    empty, _ = play(turn(empty, 0), 0, "place:2:wa.lost_found")
    assert len(pl(empty, 0)["dice"]) == 1 and empty["g"]["tracks"]["wastelands"] == 1


# EU-TUNNEL-01, EU-TUNNEL-02, EU-TUNNEL-05, EU-TUNNEL-06
def test_eu_tunnel_01_02_05_06_digging():
    assert set(E.data.tunnels) == {"euphoria", "subterra", "wastelands"}  # EU-TUNNEL-01
    state = table(2)
    dice(state, 0, (2, "avail"), (2, "avail"))
    pl(state, 0)["goods"]["food"] = 2
    start = state["g"]["miners"]["wastelands"]
    state, _ = play(turn(state, 0), 0, "place:2:wa.tunnel", "pick:resource")
    assert state["g"]["miners"]["wastelands"] == start + 1 and pl(state, 0)["goods"]["clay"] == 1
    done = table(2)
    done["g"]["miners"]["wastelands"] = 9
    dice(done, 0, (2, "avail"))
    pl(done, 0)["goods"]["food"] = 1
    done, _ = play(turn(done, 0), 0, "place:2:wa.tunnel", "pick:resource")
    assert done["g"]["miners"]["wastelands"] == 9 and pl(done, 0)["goods"]["clay"] == 1  # EU-TUNNEL-05
    both = table(2)
    both["g"]["tracks"]["wastelands"] = 5
    pl(both, 0)["active"] = ["WA16"]
    dice(both, 0, (2, "avail"))
    pl(both, 0)["goods"]["food"] = 1
    both, _ = play(turn(both, 0), 0, "place:2:wa.tunnel")
    assert pl(both, 0)["goods"]["clay"] == 1 and len(pl(both, 0)["artifacts"]) == 1  # EU-TUNNEL-06


# EU-TUNNEL-03, EU-TUNNEL-04
def test_eu_tunnel_03_04_icon_and_end():
    state = table(2)
    state["g"]["miners"]["euphoria"] = 8
    pl(state, 1)["active"] = ["EU20"]
    dice(state, 0, (2, "avail"))
    pl(state, 0)["goods"]["energy"] = 1
    state, texts = play(turn(state, 0), 0, "place:2:eu.tunnel", "pick:resource")
    assert any("exclusive space opens" in t for t in texts)
    dice(state, 1, (4, "avail"))
    assert "place:4:eu.tunnel_end" in legal(turn(state, 1), 1)


# EU-CONSTRUCT-01, EU-CONSTRUCT-02, EU-CONSTRUCT-03, EU-CONSTRUCT-04
def test_eu_construct_01_02_03_04_sites():
    state = table(2)
    dice(state, 0, (2, "avail"))
    pl(state, 0)["goods"]["clay"] = 1
    state, _ = play(turn(state, 0), 0, "place:2:wa.site_a.2")
    assert pl(state, 0)["goods"]["clay"] == 0 and "wa.site_a" not in state["g"]["built"]
    dice(state, 1, (3, "avail"))
    pl(state, 1)["goods"]["stone"] = 1
    with rng_script(4, 5):
        state, _ = play(turn(state, 1), 1, "place:3:wa.site_a.1")
    assert "wa.site_a" in state["g"]["built"] and pl(state, 0)["stars"] == 1 and pl(state, 1)["stars"] == 1
    # EU-CONSTRUCT-04: retrieving from a site before completion (see test_eu_retrieve_04)


# EU-MARKET-01, EU-MARKET-02, EU-MARKET-04
def test_eu_market_01_02_04_visit_and_penalty():
    state = table(2)
    build(state, "eu.site_a", "spa")
    dice(state, 0, (2, "avail"), (3, "avail"))
    pl(state, 0)["goods"].update(water=8)
    pl(state, 0).update(artifacts=["bat", "bat"], morale=3)
    assert "you may not bump your own workers" in E.view(state, 0)["table"]["players"][0]["penalties"]  # EU-MARKET-02
    state, _ = play(turn(state, 0), 0, "place:2:eu.market_a")
    assert state["g"]["stars"]["market:eu.site_a"] == {"0": 1}
    state, _ = play(turn(state, 0), 0, "place:3:eu.market_a")
    assert state["g"]["stars"]["market:eu.site_a"] == {"0": 2}  # EU-MARKET-01: no limit
    unbuilt = table(2)
    assert E.view(unbuilt, 0)["table"]["players"][0]["penalties"] == []  # EU-MARKET-04


# EU-MARKET-03, EU-MARKET-05
def test_eu_market_03_05_penalties():
    state = table(2)
    build(state, "su.site_b", "teddy_shop")  # roll_1
    dice(state, 0, (1, "avail"), (3, "wa.farm"))
    pl(state, 0)["goods"]["clay"] = 1
    with rng_script(1):
        state, _ = play(turn(state, 0), 0, "retrieve", "take:1", "free")
    assert pl(state, 0)["goods"]["clay"] == 0  # EU-MARKET-05: two 1s available, 1 item held
    # EU-MARKET-03: see EU-EX-04


# EU-ARTMARKET-01, EU-ARTMARKET-02, EU-ICARUS-05
def test_eu_artmarket_01_02_icarus_05_saloon():
    assert {s.area for s in E.data.spaces.values() if s.kind == "artmarket"} == set(E.data.areas)
    state = table(2)
    pl(state, 0).update(artifacts=["book", "bat", "bear"], morale=3)
    dice(state, 0, (2, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:ic.artmarket", "pick:book", "pick:bat")
    assert pl(state, 0)["artifacts"] == [] and state["g"]["tracks"]["icarus"] == 1
    assert state["g"]["stars"]["artmarket:icarus"] == {"0": 1}


# EU-ICARUS-01, EU-ICARUS-02, EU-ICARUS-03, EU-ICARUS-04
def test_eu_icarus_01_02_03_04():
    assert not [s for s in E.data.sites.values() if s.area == "icarus"] and "icarus" not in E.data.tunnels
    state = table(2)
    dice(state, 0, (2, "avail"))
    pl(state, 0)["goods"].update(water=1, bliss=1, gold=1, stone=2)
    bar, _ = play(turn(state, 0), 0, "place:2:ic.breeze_bar")
    assert len(pl(bar, 0)["artifacts"]) == 1 and bar["g"]["tracks"]["icarus"] == 1
    lounge, _ = play(turn(state, 0), 0, "place:2:ic.sky_lounge", "pick:clay", "pick:clay")
    assert pl(lounge, 0)["goods"]["clay"] == 2 and pl(lounge, 0)["goods"]["water"] == 0
    loft, _ = play(turn(state, 0), 0, "place:2:ic.nimbus_loft", "pick:stone", "pick:stone")
    assert loft["g"]["stars"]["nimbus_loft"] == {"0": 1} and sum(pl(loft, 0)["goods"][r] for r in
                                                                 ("gold", "stone", "clay")) == 0


# EU-ICARUS-06
def test_eu_icarus_06_only_tier3_reveals_icarites():
    state = table(2)
    pl(state, 0)["hidden"] = ["IC13"]
    state["g"]["miners"]["subterra"] = 5
    state = edit(state, lambda g: advance(g, "subterra"))
    assert pl(state, 0)["hidden"] == ["IC13"]
    state["g"]["tracks"]["icarus"] = 7
    state = edit(state, lambda g: advance(g, "icarus"))
    assert pl(state, 0)["active"] == ["IC13"]


def _gain(state, pid):
    def run(g):
        push(g, {"effect": "artifact", "pid": pid})
        run_ops(g)
    return edit(state, run)


# EU-BAZAAR-01, EU-BAZAAR-02, EU-BAZAAR-03, EU-BAZAAR-04
def test_eu_bazaar_01_02_03_04_row():
    state = turn(table(2), 0)
    pl(state, 0)["morale"] = 4
    assert len(state["g"]["bazaar"]) == 4
    taken = _gain(state, 0)  # no commodities: only the free slot, taken at once (EU-BAZAAR-02)
    assert taken["stack"][-1]["step"] == "turn"
    assert len(pl(taken, 0)["artifacts"]) == 1
    state["g"]["art_deck"] = []
    state["g"]["art_discard"] = ["bat"]
    short = _gain(state, 0)
    assert short["g"]["bazaar"][0] == "bat" and short["g"]["art_discard"] == []
    state["g"]["art_discard"] = []
    shorter = _gain(state, 0)
    assert shorter["g"]["bazaar"][0] == ""  # row stays short, gaps on the left


# EU-ALLEG-01, EU-ALLEG-02, EU-ALLEG-03, EU-ALLEG-04, EU-ALLEG-05, EU-ALLEG-06
def test_eu_alleg_01_02_03_04_05_06_tracks():
    state = table(2)
    state["g"]["tracks"]["euphoria"] = 11
    state = edit(state, lambda g: advance(g, "euphoria"))
    assert state["g"]["tracks"]["euphoria"] == 11  # EU-ALLEG-01: max
    pl(state, 0)["active"] = ["EU20", "EU13"]
    g = Game(E, state, None)
    assert tier_bonus(g, 0, "euphoria", 1) and not tier_bonus(g, 1, "euphoria", 1)  # EU-ALLEG-02
    state["g"]["tracks"]["wastelands"] = 2
    pl(state, 0)["active"] = ["WA16", "WA01"]
    dice(state, 0, (1, "avail"))
    state, _ = play(turn(state, 0), 0, "place:1:wa.farm")
    assert pl(state, 0)["goods"]["food"] == 2  # EU-ALLEG-06: not doubled
    # EU-ALLEG-03, EU-ALLEG-04, EU-ALLEG-05: see EU-EX-08 and EU-EX-18


def test_stars_from_market_visit_and_end_04_locations():
    state = table(2)
    star(state, 0, "nimbus_loft")
    assert E.view(state, None)["table"]["stars"]["nimbus_loft"] == {"0": 1}  # EU-END-04


# EU-BAZAAR-04
def test_eu_bazaar_04_short_row_refills_when_discards_arrive():
    state = turn(table(2), 0)
    state["g"]["art_deck"] = []
    state["g"]["bazaar"] = ["", "book", "bat", "bear"]
    pl(state, 0).update(artifacts=["bear", "bear"], morale=2)
    dice(state, 0, (2, "avail"))
    state, _ = play(state, 0, "place:2:wa.artmarket")
    assert all(state["g"]["bazaar"])
