"""One scenario test per worked example EU-EX-01..24 of the spec."""

from __future__ import annotations

from engines.core import Game, copy_state
from engines.core.rng import rng_script
from engines.euphoria.allegiance import advance
from engines.euphoria.artifacts import artmarket_options
from engines.euphoria.automa.state import build_piles, choose_factions, penalty_side
from engines.euphoria.automa.turn import automa_act, draw_pair
from engines.euphoria.endgame import winners
from engines.euphoria.queue import push, run_ops
from engines.euphoria.tableau import place_star
from engines.euphoria.turns import end_turn

from .helpers import E, build, dice, edit, legal, pl, play, star, table, turn


def avail(state, pid):
    return sorted(d["pips"] for d in pl(state, pid)["dice"] if d["at"] == "avail")


def runaways(state, pid):
    return sum(1 for d in pl(state, pid)["dice"] if d["at"] == "runaway")


# EU-EX-01 (EU-KNOW-02, EU-KNOW-03)
def test_eu_ex_01_knowledge_check_reaching_16():
    state = table(2)
    dice(state, 0, (5, "avail"), (1, "wa.farm"), (1, "eu.generator"))
    with rng_script(3, 5):
        state, texts = play(turn(state, 0), 0, "retrieve", "all", "free")
    assert pl(state, 0)["morale"] == 1
    assert avail(state, 0) == [3, 5] and runaways(state, 0) == 1
    assert any("runs away" in t and "16" in t for t in texts)
    low = table(2)
    dice(low, 0, (5, "avail"), (1, "wa.farm"), (1, "eu.generator"))
    pl(low, 0)["knowledge"] = 2
    with rng_script(3, 5):
        low, _ = play(turn(low, 0), 0, "retrieve", "all", "free")
    assert runaways(low, 0) == 0


# EU-EX-02 (EU-PROD-02)
def test_eu_ex_02_generator_yield():
    state = table(3)
    dice(state, 1, (4, "eu.generator"), (3, "avail"))
    dice(state, 0, (2, "avail"))
    dice(state, 2, (5, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:eu.generator")
    assert pl(state, 0)["goods"]["energy"] == 1 and pl(state, 0)["knowledge"] == 2
    assert state["g"]["tracks"]["euphoria"] == 0
    after, _ = play(turn(state, 2), 2, "place:5:eu.generator")
    assert pl(after, 2)["goods"]["energy"] == 2 and pl(after, 2)["knowledge"] == 4
    state["g"]["tracks"]["euphoria"] = 2
    pl(state, 2)["active"] = ["EU20"]
    bonus, _ = play(turn(state, 2), 2, "place:5:eu.generator")
    assert pl(bonus, 2)["goods"]["energy"] == 3


# EU-EX-03 (EU-ARTMARKET-02)
def test_eu_ex_03_free_press():
    state = table(2)
    p = pl(state, 0)
    p.update(artifacts=["book", "book", "bear"], morale=3)
    state["g"]["tracks"]["subterra"] = 3
    dice(state, 0, (2, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:su.artmarket", "pick:pair_book")
    assert pl(state, 0)["artifacts"] == ["bear"] and state["g"]["tracks"]["subterra"] == 4
    assert state["g"]["stars"]["artmarket:subterra"] == {"0": 1} and pl(state, 0)["stars"] == 1
    poor = table(2)
    pl(poor, 0)["artifacts"] = ["book", "bear"]
    dice(poor, 0, (2, "avail"))
    assert not any(m.endswith(":su.artmarket") for m in legal(turn(poor, 0), 0))
    court = table(2)
    pl(court, 0)["artifacts"] = ["book", "book", "bear"]
    build(court, "eu.site_a", "courthouse")
    assert artmarket_options(Game(E, court, None), 0) == ["any"]


# EU-EX-04 (EU-MARKET-03)
def test_eu_ex_04_spa_forbids_bumping_own_worker():
    state = table(2)
    build(state, "eu.site_a", "spa")
    star(state, 1, "market:eu.site_a")
    dice(state, 0, (3, "eu.tunnel"), (2, "avail"))
    dice(state, 1, (3, "ic.breeze_bar"), (2, "avail"))
    for pid in (0, 1):
        pl(state, pid)["goods"].update(energy=2, bliss=1)
    moves = legal(turn(state, 0), 0)
    assert "place:2:eu.tunnel" not in moves and "place:2:ic.breeze_bar" in moves
    assert "place:2:ic.breeze_bar" in legal(turn(state, 1), 1)
    star(state, 0, "market:eu.site_a")
    assert "place:2:eu.tunnel" in legal(turn(state, 0), 0)


# EU-EX-05 (EU-PLACE-04, EU-PLACE-05, EU-MORALE-03)
def test_eu_ex_05_same_number_placement():
    state = table(2)
    dice(state, 0, (3, "avail"), (3, "avail"), (5, "avail"))
    pl(state, 0)["morale"] = 2
    state, _ = play(turn(state, 0), 0, "place:3:wa.farm")
    moves = legal(state, 0)
    assert "place:3:su.aquifer" in moves and not any(m.startswith("place:5") for m in moves)
    state, _ = play(state, 0, "place:3:su.aquifer")
    assert pl(state, 0)["morale"] == 1 and state["g"]["turn_pid"] == 1
    low = table(2)
    dice(low, 0, (3, "avail"), (3, "avail"))
    low, _ = play(turn(low, 0), 0, "place:3:wa.farm")
    assert low["g"]["turn_pid"] == 1  # morale 1: no extra worker offered
    three = table(2)
    dice(three, 0, (3, "avail"), (3, "avail"), (3, "avail"))
    pl(three, 0).update(morale=2, artifacts=["book", "bear"])
    three, _ = play(turn(three, 0), 0, "place:3:wa.farm", "place:3:su.aquifer")
    assert legal(three, 0) == ["pick:book", "pick:bear"]
    three, _ = play(three, 0, "pick:bear")
    assert pl(three, 0)["artifacts"] == ["book"] and three["g"]["turn_pid"] == 1


# EU-EX-06 (EU-RETRIEVE-02)
def test_eu_ex_06_retrieval_price_is_flat():
    state = table(2)
    dice(state, 0, (4, "wa.farm"), (4, "eu.generator"), (4, "su.aquifer"))
    pl(state, 0).update(morale=2)
    pl(state, 0)["goods"]["bliss"] = 1
    with rng_script(1, 2, 3):
        after, texts = play(turn(state, 0), 0, "retrieve", "all", "pay:bliss")
    assert pl(after, 0)["goods"]["bliss"] == 0 and pl(after, 0)["morale"] == 4
    assert avail(after, 0) == [1, 2, 3] and any("9 < 16" in t for t in texts)
    pl(state, 0)["morale"] = 1
    with rng_script(1, 2, 3):
        free, _ = play(turn(state, 0), 0, "retrieve", "all", "free")
    assert pl(free, 0)["morale"] == 1 and pl(free, 0)["goods"]["bliss"] == 1


def _site_game(players: int) -> dict:
    state = table(players)
    for pid in range(players):
        dice(state, pid, (2, "avail"))
    return state


# EU-EX-07 (EU-CONSTRUCT-02, EU-CONSTRUCT-03)
def test_eu_ex_07_market_completion_at_four_players():
    state = _site_game(4)
    dice(state, 0, (2, "eu.site_a.2"), (2, "avail"))
    dice(state, 1, (2, "eu.site_a.3"))
    pl(state, 0)["goods"]["gold"] = 1
    tile = state["g"]["site_tiles"][0][0]
    with rng_script(1, 1, 1):
        done, _ = play(turn(state, 0), 0, "place:2:eu.site_a.4")
    assert done["g"]["built"]["eu.site_a"] == tile
    assert done["g"]["stars"]["market:eu.site_a"] == {"0": 1, "1": 1}
    assert avail(done, 0) == [1, 1] and avail(done, 1) == [1]
    five = _site_game(5)
    dice(five, 0, (2, "eu.site_a.2"), (2, "avail"))
    dice(five, 1, (2, "eu.site_a.3"))
    pl(five, 0)["goods"]["gold"] = 1
    open5, _ = play(turn(five, 0), 0, "place:2:eu.site_a.4")
    assert "eu.site_a" not in open5["g"]["built"]
    three = _site_game(3)
    dice(three, 0, (2, "eu.site_a.2"))
    pl(three, 1)["goods"]["gold"] = 1
    three, _ = play(turn(three, 1), 1, "place:2:eu.site_a.3")
    assert three["g"]["stars"]["market:eu.site_a"] == {"0": 1, "1": 1}


# EU-EX-08 (EU-ALLEG-04)
def test_eu_ex_08_tier1_bonus_from_next_use():
    state = table(2)
    state["g"]["tracks"]["wastelands"] = 1
    pl(state, 0)["active"] = ["WA16"]
    dice(state, 0, (2, "avail"), (1, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:wa.farm")
    assert pl(state, 0)["goods"]["food"] == 1 and state["g"]["tracks"]["wastelands"] == 2
    state, _ = play(turn(state, 0), 0, "place:1:wa.farm")
    assert pl(state, 0)["goods"]["food"] == 3  # 1 + tier-1 bonus on the next use


def _gain_artifact(state: dict, pid: int) -> dict:
    def run(g):
        push(g, {"effect": "artifact", "pid": pid})
        run_ops(g)
    return edit(state, run)


# EU-EX-09 (EU-BAZAAR-02, EU-BAZAAR-03)
def test_eu_ex_09_bazaar_shift_and_costs():
    base = table(2)
    base["g"]["bazaar"] = ["book", "bear", "bat", "balloons"]
    base["g"]["art_deck"].insert(0, "bifocals")
    pl(base, 0).update(morale=2)
    pl(base, 0)["goods"]["energy"] = 2
    base = turn(base, 0)
    two, _ = play(_gain_artifact(base, 0), 0, "pick:2")
    assert two["g"]["bazaar"] == ["bifocals", "book", "bat", "balloons"] and pl(two, 0)["goods"]["energy"] == 1
    four, _ = play(_gain_artifact(base, 0), 0, "pick:4")
    assert four["g"]["bazaar"] == ["bifocals", "book", "bear", "bat"] and pl(four, 0)["goods"]["energy"] == 2
    one, _ = play(_gain_artifact(base, 0), 0, "pick:1")
    assert one["g"]["bazaar"] == ["bifocals", "bear", "bat", "balloons"] and pl(one, 0)["goods"]["energy"] == 0


# EU-EX-10 (EU-TUNNEL-03, EU-AUTOMA-12)
def test_eu_ex_10_tunnel_icon_reveals_and_automa_star():
    state = table(2, automa=True)
    black = state["g"]["automa"]["pids"][0]
    pl(state, black)["faction"] = "subterra"
    pl(state, 2 + 1)["faction"] = "icarus"
    state["g"]["miners"]["subterra"] = 5
    pl(state, 1)["hidden"] = ["SU22"]
    pl(state, 0)["goods"]["water"] = 1
    dice(state, 0, (3, "avail"))
    state, _ = play(turn(state, 0), 0, "place:3:su.tunnel", "pick:resource")
    assert state["g"]["miners"]["subterra"] == 6 and pl(state, 1)["active"] == ["SU22"]
    assert state["g"]["stars"]["automa_track:subterra"] == {str(black): 1}
    later = edit(state, lambda g: (g.g["tracks"].update(subterra=7), advance(g, "subterra")))
    assert pl(later, black)["stars"] == 1
    end = edit(state, lambda g: (g.g["tracks"].update(subterra=10), advance(g, "subterra")))
    assert pl(end, black)["stars"] == 2


# EU-EX-11 (EU-END-01, EU-END-02)
def test_eu_ex_11_final_round_order():
    state = table(3)

    def run(g, trigger_turn, order):
        g.g["final"]["triggered"] = True
        seen = []
        end_turn(g, trigger_turn)
        while not g.finished:
            seen.append(g.g["turn_pid"])
            end_turn(g, g.g["turn_pid"])
        assert seen == order
    edit(state, lambda g: run(g, 1, [2, 0, 1]))
    edit(state, lambda g: run(g, 0, [1, 2, 0]))
    capped = copy_state(state)
    pl(capped, 0)["stars"] = 10
    assert edit(capped, lambda g: g.g.update(ok=place_star(g, 0, "nimbus_loft")))["g"]["ok"] is False


# EU-EX-12 (EU-MARKET-05, R-09). The Dutch rules text charges every available worker showing the
# number, so our default is ``all_available``; the spec's ruling is the ``rolled`` option.
def test_eu_ex_12_roll_penalty_counts_rolled_dice_only():
    state = table(2, roll_penalty_scope="rolled")
    build(state, "wa.site_a", "game_bonfire")
    dice(state, 0, (4, "avail"), (1, "wa.farm"), (1, "eu.generator"))
    pl(state, 0).update(morale=2)
    pl(state, 0)["goods"].update(food=1, gold=1)
    with rng_script(4, 4):
        after, texts = play(turn(state, 0), 0, "retrieve", "all", "free")
    assert pl(after, 0)["morale"] == 1 and any("15 < 16" in t for t in texts)
    after, _ = play(after, 0, "pick:food")
    assert pl(after, 0)["goods"]["food"] == 0 and pl(after, 0)["goods"]["gold"] == 0
    wide = table(2)  # default: all_available (rules text)
    build(wide, "wa.site_a", "game_bonfire")
    dice(wide, 0, (4, "avail"), (1, "wa.farm"), (1, "eu.generator"))
    pl(wide, 0)["goods"].update(food=1, gold=1)
    with rng_script(4, 4):
        wide, _ = play(turn(wide, 0), 0, "retrieve", "all", "free", "pick:gold")
    assert sum(pl(wide, 0)["goods"].values()) == 0


def _solo() -> dict:
    state = table(1)
    for pid in (1, 2):
        pl(state, pid)["dice"] = [{"pips": 1, "at": "su.aquifer"} for _ in range(4)]
    return state


def _cards(state, action, support):
    state["g"]["automa"].update(action=action, support=support)


# EU-EX-13 (EU-AUTOMA-17, EU-AUTOMA-18)
def test_eu_ex_13_automa_camp_retrieval():
    state = _solo()
    pl(state, 1)["faction"] = "euphoria"
    dice(state, 1, (2, "eu.generator"), (5, "wa.farm"), (5, "su.aquifer"), (3, "wa.site_a.1"))
    _cards(state, "S01", "D02")  # support D02: black row Icarus, camp icon
    with rng_script(1, 2):
        state = edit(state, lambda g: automa_act(g, 1))
    where = [d["at"] for d in pl(state, 1)["dice"]]
    assert where == ["avail", "wa.farm", "avail", "wa.site_a.1"]
    assert avail(state, 1) == [1, 2]


# EU-EX-14 (EU-AUTOMA-24, EU-AUTOMA-13)
def test_eu_ex_14_automa_artifact_market_cascade():
    state = _solo()
    build(state, "su.site_a", "spa")
    dice(state, 1, (2, "avail"), (5, "avail"), (1, "eu.generator"), (1, "eu.generator"))
    dice(state, 0, (3, "su.artmarket"), (2, "avail"))
    assert penalty_side(Game(E, state, None), 1)
    _cards(state, "S02", "S09")  # black row: artifact market, Wastelands
    with rng_script(4):
        def act(g):
            automa_act(g, 1)
            run_ops(g)
        state = edit(state, act)
    assert pl(state, 1)["dice"][1]["at"] == "su.artmarket" and avail(state, 0) == [2, 4]
    assert state["g"]["stars"]["market:su.site_a"] == {"1": 1} and state["g"]["tracks"]["subterra"] == 1
    assert not penalty_side(Game(E, state, None), 1)


# EU-EX-15 (EU-AUTOMA-07, EU-AUTOMA-16)
def test_eu_ex_15_deck_cycling_medium():
    state = _solo()
    a = state["g"]["automa"]
    assert a["level"] == 2 and len(a["deck"]) == 5 and a["support"]

    def cycle(g):
        sizes = []
        for _ in range(5):
            draw_pair(g)
            sizes.append(len(g.g["automa"]["deck"]))
        assert sizes == [4, 3, 2, 1, 0]
        draw_pair(g)
        b = g.g["automa"]
        assert len(b["deck"]) == 9 and len(b["piles"]) == 1 and b["discard"] == []
        for _ in range(60):
            draw_pair(g)
            b = g.g["automa"]
            total = len(b["deck"]) + len(b["discard"]) + 2 + sum(len(p) for p in b["piles"])
            assert total == 16
    edit(state, cycle)


# EU-EX-16 (EU-SPACE-01, EU-RECRUIT-07)
def test_eu_ex_16_bump_before_recruit_abilities():
    state = table(2)
    dice(state, 1, (2, "ic.sky_lounge"), (5, "avail"))
    pl(state, 1)["knowledge"] = 6
    pl(state, 0).update(active=["EU11"], morale=2)
    pl(state, 0)["goods"].update(energy=1, bliss=1)
    dice(state, 0, (3, "avail"))
    with rng_script(6):
        state, texts = play(turn(state, 0), 0, "place:3:ic.sky_lounge", "pick:yes", "pick:stone", "pick:gold",
                            "pick:clay")
    order = [next(i for i, t in enumerate(texts) if key in t)
             for key in ("bumps", "rolls 6", "17 ≥ 16", "uses Julia", "pays 1 energy", "Icarite allegiance")]
    assert order == sorted(order)
    goods = pl(state, 0)["goods"]
    assert (goods["stone"], goods["gold"], goods["clay"], goods["energy"], goods["bliss"]) == (1, 1, 1, 0, 0)
    assert pl(state, 0)["morale"] == 1 and avail(state, 1) == [5] and runaways(state, 1) == 1


# EU-EX-17 (EU-KNOW-04, R-05)
def test_eu_ex_17_one_runaway_per_turn():
    state = table(2)
    dice(state, 0, (5, "avail"), (1, "ic.breeze_bar"), (1, "ic.sky_lounge"))
    pl(state, 0)["knowledge"] = 6
    dice(state, 1, (4, "avail"), (4, "avail"))
    pl(state, 1).update(morale=3)
    pl(state, 1)["goods"].update(energy=2, bliss=2)
    with rng_script(6, 6):
        state, _ = play(turn(state, 1), 1, "place:4:ic.breeze_bar", "pick:4")
        assert runaways(state, 0) == 1
        state, _ = play(state, 1, "place:4:ic.sky_lounge", "pick:gold", "pick:gold")
    assert runaways(state, 0) == 1 and avail(state, 0) == [5, 6] and pl(state, 1)["morale"] == 2


# EU-EX-18 (EU-ICARUS-06, EU-TUNNEL-03, EU-ALLEG-03, EU-ALLEG-05)
def test_eu_ex_18_icarite_recruits_only_at_tier3():
    state = table(2)
    pl(state, 0).update(active=["EU20"], hidden=["IC16"])
    pl(state, 0)["goods"].update(energy=1, bliss=1)
    dice(state, 0, (2, "avail"), (2, "avail"))
    pl(state, 1).update(active=["IC13"], hidden=["WA16"])
    pl(state, 1)["goods"].update(energy=1)
    dice(state, 1, (3, "avail"))
    state["g"]["tracks"]["icarus"] = 7
    state["g"]["miners"]["euphoria"] = 5
    state, _ = play(turn(state, 1), 1, "place:3:eu.tunnel", "pick:resource")
    assert state["g"]["miners"]["euphoria"] == 6 and pl(state, 0)["hidden"] == ["IC16"]
    state, _ = play(turn(state, 0), 0, "place:2:ic.breeze_bar")  # only the free slot is affordable
    assert state["g"]["tracks"]["icarus"] == 8 and "IC16" in pl(state, 0)["active"]
    assert len(pl(state, 0)["artifacts"]) == 1
    top = table(2)
    top["g"]["tracks"]["icarus"] = 10
    pl(top, 0)["active"] = ["IC13"]
    pl(top, 1)["active"] = ["IC16", "IC21"]
    top = edit(top, lambda g: advance(g, "icarus"))
    assert pl(top, 0)["stars"] == 1 and pl(top, 1)["stars"] == 2
    top = edit(top, lambda g: advance(g, "icarus"))
    assert pl(top, 1)["stars"] == 2


# EU-EX-19 (EU-END-03)
def test_eu_ex_19_tie_breakers():
    def p(stars, morale, knowledge):
        return {"kind": "human", "stars": stars, "morale": morale, "knowledge": knowledge}
    assert winners([p(10, 4, 3), p(10, 4, 2), p(10, 3, 1), p(9, 6, 1)]) == [1]
    assert winners([p(10, 4, 3), p(10, 4, 3), p(10, 3, 1), p(9, 6, 1)]) == [0, 1]


# EU-EX-20 (EU-AUTOMA-19, EU-AUTOMA-22)
def test_eu_ex_20_automa_highest_except_own_area():
    state = _solo()
    pl(state, 1)["faction"] = "wastelands"
    dice(state, 1, (2, "avail"), (6, "avail"), (1, "su.aquifer"), (1, "su.aquifer"))
    _cards(state, "S01", "S03")  # black row: commodity area, Automa icon
    own = edit(state, lambda g: (automa_act(g, 1), run_ops(g)))
    assert pl(own, 1)["dice"][0]["at"] == "wa.farm" and own["g"]["tracks"]["wastelands"] == 1
    _cards(state, "S01", "S12")  # black row: commodity area, Euphoria
    other = edit(state, lambda g: (automa_act(g, 1), run_ops(g)))
    assert pl(other, 1)["dice"][1]["at"] == "eu.generator" and other["g"]["tracks"]["euphoria"] == 0


# EU-EX-21 (EU-AUTOMA-17, EU-AUTOMA-18, EU-AUTOMA-24)
def test_eu_ex_21_when_the_automa_retrieves():
    state = _solo()
    pl(state, 2)["faction"] = "subterra"
    dice(state, 2, (3, "avail"), (4, "eu.generator"), (1, "wa.farm"), (5, "eu.site_a.2"))
    _cards(state, "S06", "S01")  # white row: tunnel + Breeze Bar; support without camp
    with rng_script(2, 2):
        a = edit(state, lambda g: automa_act(g, 2))
    assert [d["at"] for d in pl(a, 2)["dice"]] == ["avail", "avail", "avail", "eu.site_a.2"]
    _cards(state, "S01", "S05")  # white row: artifact market
    with rng_script(4, 4):
        b = edit(state, lambda g: (automa_act(g, 2), run_ops(g)))
    assert "eu.site_a" in b["g"]["built"] and b["g"]["stars"]["market:eu.site_a"] == {"2": 1}
    assert avail(b, 2) == [4, 4]


# EU-EX-22 (EU-AUTOMA-13, EU-AUTOMA-14, EU-AUTOMA-18)
def test_eu_ex_22_penalty_side_and_sixes():
    state = _solo()
    build(state, "wa.site_a", "spa")
    dice(state, 1, (3, "wa.farm"), (2, "ic.breeze_bar"), (6, "card"), (6, "card"))
    _cards(state, "S01", "S01")
    with rng_script(6, 1, 6, 4):
        a = edit(state, lambda g: automa_act(g, 1))
    assert avail(a, 1) == [1, 4] and sum(d["at"] == "card" for d in pl(a, 1)["dice"]) == 2
    plain = copy_state(state)
    plain["g"]["built"] = {}
    with rng_script(6, 1, 6, 4):
        b = edit(plain, lambda g: automa_act(g, 1))
    assert avail(b, 1) == [1, 4, 6, 6]
    g = Game(E, copy_state(plain), None)
    g.g["players"][1]["dice"][0] = {"pips": 6, "at": "avail"}
    build(g.state, "eu.site_a", "spa")
    assert penalty_side(g, 1) and g.g["players"][1]["dice"][0]["at"] == "avail"


# EU-EX-23 (EU-AUTOMA-06)
def test_eu_ex_23_difficulty_piles():
    def colours(ids):
        out = {}
        for i in ids:
            c = E.data.automa_cards[i].colour
            out[c] = out.get(c, 0) + 1
        return out

    def check(g):
        cry = build_piles(g, 6)
        assert colours(cry["deck"]) == {"green": 4, "black": 1, "white": 1}
        assert [colours(p) for p in cry["piles"]] == [{"black": 1, "white": 1, "pink": 1}] * 2
        assert len(cry["box"]) == 8 and colours(cry["box"]) == {"green": 8}
        beg = build_piles(g, 1)
        assert colours(beg["deck"]) == {"green": 8} and len(beg["deck"]) + 10 == 18
        assert colours(beg["box"]) == {"black": 1, "white": 1}
    edit(table(1), check)


# EU-EX-24 (EU-AUTOMA-08, EU-AUTOMA-09, A-10/A-15)
def test_eu_ex_24_automa_faction_draw():
    order = ["icarus", "euphoria", "subterra", "wastelands"]
    solo = table(1)
    pl(solo, 0).update(active=["IC13"], hidden=["SU22"])
    solo = edit(solo, lambda g: choose_factions(g, order))
    assert (pl(solo, 1)["faction"], pl(solo, 2)["faction"]) == ("euphoria", "wastelands")
    duo = edit(table(2, automa=True), lambda g: choose_factions(g, order))
    assert (pl(duo, 2)["faction"], pl(duo, 3)["faction"]) == ("icarus", "euphoria")
    free = table(1, automa_free_factions=True)
    pl(free, 0).update(active=["IC13"], hidden=["SU22"])
    free = edit(free, lambda g: choose_factions(g, order))
    assert (pl(free, 1)["faction"], pl(free, 2)["faction"]) == ("icarus", "euphoria")
