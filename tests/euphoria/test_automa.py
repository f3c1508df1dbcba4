"""Automa rules (EU-AUTOMA-*) beyond the worked examples."""

from __future__ import annotations

from engines.core import Game
from engines.core.rng import rng_script
from engines.euphoria.automa.turn import area_order, automa_act, choose_space, panel, sorted_sites
from engines.euphoria.construction import needed
from engines.euphoria.queue import run_ops
from engines.euphoria.turns import start_automa_turn

from .helpers import E, build, dice, drafted, edit, pl, table


def _solo(seed: int = 1) -> dict:
    state = table(1, seed)
    for pid in (1, 2):
        pl(state, pid)["dice"] = [{"pips": 1, "at": "su.aquifer"} for _ in range(4)]
    return state


# EU-AUTOMA-01
def test_eu_automa_01_counts_as_players():
    solo = drafted(1, 2)
    assert needed(Game(E, solo, None)) == 2 and solo["g"]["miners"]["euphoria"] == 2
    duo = drafted(2, 2, automa=True)
    assert needed(Game(E, duo, None)) == 3 and duo["g"]["miners"]["euphoria"] == 1


# EU-AUTOMA-02, EU-AUTOMA-03
def test_eu_automa_02_03_removed_content():
    state = E.setup(1, 8)
    tiles = [t for x in state["g"]["site_tiles"] for t in x] + state["g"]["tile_box"]
    assert "fountain" not in tiles and "dilemmas_prison" not in tiles and len(tiles) == 32
    dealt = [r for p in state["g"]["players"] for r in p["dealt"]] + state["g"]["recruit_deck"]
    assert not any(E.data.recruits[r].automa_excluded for r in dealt) and len(dealt) == 94


# EU-AUTOMA-04, EU-AUTOMA-05, EU-AUTOMA-07
def test_eu_automa_04_05_07_setup():
    state = drafted(1, 3)
    for pid in (1, 2):
        p = pl(state, pid)
        assert len(p["dice"]) == 4 and p["stars"] == 0 and all(1 <= d["pips"] <= 6 for d in p["dice"])
    a = state["g"]["automa"]
    assert a["support"] and a["action"] is None and len(a["deck"]) == 5  # Medium: 6 green, one flipped
    assert all(E.data.automa_cards[c].colour == "green" for c in [*a["deck"], a["support"]])


# EU-AUTOMA-06, EU-AUTOMA-08, EU-AUTOMA-09
def test_eu_automa_06_08_09_options():
    assert E.options_schema.get("difficulty").choices == (1, 2, 3, 4, 5, 6)
    assert drafted(1, 1, difficulty=5)["g"]["automa"]["level"] == 5
    assert E.options_schema.get("automa_free_factions").default is False


# EU-AUTOMA-10, EU-AUTOMA-11
def test_eu_automa_10_11_no_costs_no_checks_one_worker():
    state = _solo()
    pl(state, 1)["faction"] = "euphoria"
    dice(state, 1, (6, "avail"), (6, "avail"), (6, "avail"), (1, "su.aquifer"))
    state["g"]["automa"].update(action="S03", support="S03")  # black: tunnel + Breeze Bar, own faction
    after = edit(state, lambda g: (automa_act(g, 1), run_ops(g)))
    placed = [d for d in pl(after, 1)["dice"] if d["at"] not in ("avail", "su.aquifer")]
    assert len(placed) == 1 and placed[0]["at"] == "eu.tunnel"  # EU-AUTOMA-11, -23
    assert sum(pl(after, 1)["goods"].values()) == 0 and pl(after, 1)["artifacts"] == []  # EU-AUTOMA-10
    assert after["g"]["miners"]["euphoria"] == state["g"]["miners"]["euphoria"] + 1


# EU-AUTOMA-12, EU-AUTOMA-13, EU-AUTOMA-14, EU-AUTOMA-15
def test_eu_automa_12_13_14_15_see_examples():
    # EU-AUTOMA-12: EU-EX-10; EU-AUTOMA-13, EU-AUTOMA-14: EU-EX-14, EU-EX-22; EU-AUTOMA-15: panel halves
    state = _solo()
    state["g"]["automa"].update(action="S02", support="S04")
    p = panel(Game(E, state, None))
    assert p == {"black": ("ART", "wastelands"), "white": ("PROD", "automa"), "bazaar": 4, "camp": True}


# EU-AUTOMA-16
def test_eu_automa_16_bazaar_discard_once_per_turn():
    state = _solo()
    state["g"]["automa"]["deck"].insert(0, "S02")  # its bazaar box: slot 4
    before = list(state["g"]["bazaar"])
    after = edit(state, lambda g: start_automa_turn(g, 1))
    assert after["g"]["art_discard"] == [before[3]]
    assert after["g"]["turn_pid"] in (0, 1, 2)


# EU-AUTOMA-17, EU-AUTOMA-18
def test_eu_automa_17_18_retrieve_rules():
    # EU-AUTOMA-17, EU-AUTOMA-18: see EU-EX-13, EU-EX-21; A-04: only site workers and forced → takes them back
    state = _solo()
    dice(state, 1, (3, "eu.site_a.1"), (4, "eu.site_b.1"), (5, "su.site_a.1"), (6, "su.site_b.1"))
    state["g"]["automa"].update(action="S01", support="S01")
    with rng_script(1, 2, 3, 4):
        after = edit(state, lambda g: automa_act(g, 1))
    assert all(d["at"] == "avail" for d in pl(after, 1)["dice"])


# EU-AUTOMA-19, EU-AUTOMA-20
def test_eu_automa_19_20_area_order():
    g = Game(E, _solo(), None)
    assert area_order(g, "wastelands") == ["wastelands", "subterra", "icarus", "euphoria"]
    assert choose_space(g, 1, "TUN_SL", "icarus") == ("ic.sky_lounge", None)
    assert choose_space(g, 1, "TUN_BB", "subterra") == ("su.tunnel", None)


# EU-AUTOMA-21
def test_eu_automa_21_market_order_lower_site_first():
    g = Game(E, _solo(), None)
    assert sorted_sites(g, ["eu.site_a", "eu.site_b"]) == ["eu.site_b", "eu.site_a"]
    assert choose_space(g, 1, "BUILD", "euphoria") == ("eu.site_b.4", None)  # option 2: rightmost space


# EU-AUTOMA-22, EU-AUTOMA-23, EU-AUTOMA-24, EU-AUTOMA-25
def test_eu_automa_22_23_24_25_cascades():
    state = _solo()
    pl(state, 1)["faction"] = "euphoria"
    build(state, "eu.site_a", "spa")
    build(state, "eu.site_b", "arena")
    for site in ("su.site_a", "su.site_b", "wa.site_a", "wa.site_b"):
        build(state, site, "plaza")
    g = Game(E, state, None)
    assert choose_space(g, 1, "BUILD", "euphoria") == ("eu.market_b", None)  # option 3: penalty market
    assert choose_space(g, 1, "ART", "euphoria") == ("eu.artmarket", "eu.site_b")  # option 2
    for site in list(state["g"]["built"]):
        state["g"]["stars"][f"market:{site}"] = {"1": 1}
    assert choose_space(g, 1, "BUILD", "subterra") == ("su.market_b", None)  # option 4
    assert choose_space(g, 1, "ART", "icarus") == ("ic.artmarket", None)  # option 3


# EU-AUTOMA-26
def test_eu_automa_26_stars_count_and_automa_wins():
    state = _solo()
    pl(state, 1)["stars"] = 8

    def go(g):
        from engines.euphoria.tableau import place_star
        place_star(g, 1, "nimbus_loft")
        assert g.g["final"]["triggered"]
    edit(state, go)


def test_r23_final_round_with_automas():
    state = _solo()
    state["g"]["automa"]["action"] = "S01"  # Black drew this phase's pair before it acted
    state["g"]["final"]["triggered"] = True
    seen = []

    def run(g):
        from engines.euphoria.turns import end_turn
        end_turn(g, 1)  # the 9th star fell during Black's turn
        seen.append((list(g.g["final"]["remaining"]), g.g["turn_pid"]))
    edit(state, run)
    # White already took its last turn without input; the human is next and Black goes last
    assert seen[0] == ([0, 1], 0)
