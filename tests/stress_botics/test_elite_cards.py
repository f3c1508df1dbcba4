"""The Elite Cylindroid's Phase 5 activation and the attacks on it (rules version 3): every Elite AI card of
spec 4.16, the Ending card's reshuffle, classic mode, rewards by player count and the 1-2p penalty
(SB-ELITE-01..07, SB-MINE-18, SB-P5-CYL-10)."""

from engines.core import effects
from engines.stress_botics import cylindroids, elite, elite_cards

from .engine_helpers import ENGINE, legal, p, play
from .test_elite import with_elite


def placed(state, seats):
    """purple (0) on A2 next to the Hatch, yellow (1) on Corner-A, red (2) on top of AlphaBot."""
    squares = ["A2", "CORNER_A", "TOP", "HULL"]
    for seat in range(seats):
        p(state, seat).update(mini="MV1", square=squares[seat], shields=10, stress=10 + 5 * seat)


def reveal(card, players=3, side="miner", hatch_side=False, **where):
    state, g = with_elite(players, side=side)
    placed(state, players)
    state["g"]["alphabot"].update(where)
    e = state["g"]["elite"]
    e["decks"][side] = [card, *[c for c in e["decks"][side] if c != card]]
    e["hatch_side"] = {side: hatch_side}
    elite_cards.reveal_one(g)
    return state, g


def shields(state, seats=3):
    return [p(state, s)["shields"] for s in range(seats)]


def stress(state, seats=3):
    return [p(state, s)["stress"] for s in range(seats)]


def test_miner_cards_hit_next_to_the_hatch():
    # SB-ELITE-02, spec 4.16 (EM-S, EM-1, EM-2, EM-4): riders on top or in the hull are never hit
    state, _ = reveal("EM-S")
    assert shields(state) == [9, 10, 10] and state["g"]["elite"]["discard"] == ["EM-S"]
    state, _ = reveal("EM-S", hatch_side=True)  # after a re-form: the hatch side, +2 stress next to the Hatch
    assert shields(state) == [10, 10, 10] and stress(state) == [12, 15, 20]
    state, _ = reveal("EM-1", square="A1")  # "Sawing attack" does not touch AlphaBot, even next to the Hatch
    assert shields(state) == [8, 10, 10] and state["g"]["alphabot"]["shields"] == 10
    state, _ = reveal("EM-2", square="A1")
    assert shields(state) == [9, 10, 10] and state["g"]["alphabot"]["shields"] == 9
    state, _ = reveal("EM-2")  # AlphaBot on the Entry is not next to the Hatch
    assert state["g"]["alphabot"]["shields"] == 10
    state, _ = reveal("EM-4", players=4)  # every BetaBot standing in the Main Vault, not on top or in the hull
    assert stress(state, 4) == [12, 17, 20, 25]


def test_laser_cards_hit_the_whole_vault():
    # SB-ELITE-02, spec 4.16 (EL-S, EL-1, EL-2, EL-3)
    state, _ = reveal("EL-S", side="laser")
    assert shields(state) == [9, 9, 10]
    state, _ = reveal("EL-S", side="laser", hatch_side=True)  # every BetaBot whose Mini is here: +1 stress
    assert stress(state) == [11, 16, 21]
    state, _ = reveal("EL-1", side="laser")
    assert shields(state) == [9, 9, 10] and state["g"]["alphabot"]["shields"] == 9
    state, _ = reveal("EL-2", side="laser")  # yellow has the most stress among the standing BetaBots
    assert shields(state) == [10, 7, 10]
    state, g = with_elite(3, side="laser")
    placed(state, 3)
    p(state, 0)["stress"] = 15  # a tie with yellow: the earlier in turn order
    state["g"]["elite"]["decks"]["laser"].insert(0, "EL-2")
    elite_cards.reveal_one(g)
    assert shields(state) == [7, 10, 10]
    state, _ = reveal("EL-3", side="laser")
    assert shields(state) == [8, 10, 10]


def test_the_swarm_cards_spawn_a_wave_or_stress_everyone():
    # spec 4.16 (EM-3 onto A1, EL-4 onto B1, pushes; no wave: +1 stress to every BetaBot in the Main Vault)
    state, g = with_elite(3)
    placed(state, 3)
    p(state, 1)["square"] = "A1"
    state["g"]["belt"][4] = {"cyl": ["LAS", "MIN"], "boxes": 0}
    state["g"]["elite"]["decks"]["miner"].insert(0, "EM-3")
    elite_cards.reveal_one(g)
    assert state["g"]["cyl"]["A1"] == ["LAS", "MIN"] and state["g"]["belt"][4] is None
    assert effects.pending(g) == [{"effect": "cyl_push", "owner": 1, "square": "A1"}]
    state, _ = reveal("EM-3")
    assert stress(state) == [11, 16, 21]
    state, g = with_elite(3, side="laser")
    state["g"]["belt"][5] = {"cyl": ["EXP"], "boxes": 1}
    state["g"]["elite"]["decks"]["laser"].insert(0, "EL-4")
    elite_cards.reveal_one(g)
    assert state["g"]["cyl"]["B1"] == ["EXP"] and state["g"]["boxes"] == {"B1": 1}


def test_the_ending_card_hits_then_reshuffles_under_the_starting_card():
    # SB-ELITE-03, AMB-27, spec 4.16 (EM-E, EL-E)
    state, g = with_elite(3)
    placed(state, 3)
    state["g"]["alphabot"]["square"] = "B2"
    e = state["g"]["elite"]
    e["decks"]["miner"] = ["EM-E"]
    e["discard"] = ["EM-S", "EM-3", "EM-1", "EM-4", "EM-2"]
    elite_cards.reveal_one(g)
    assert shields(state) == [8, 10, 10] and state["g"]["alphabot"]["shields"] == 9
    assert e["decks"]["miner"][-1] == "EM-E" and sorted(e["decks"]["miner"][:-1]) == ["EM-1", "EM-2", "EM-3", "EM-4"]
    assert e["discard"] == ["EM-S"] and e["last"] == "EM-E"
    state, g = with_elite(3, side="laser")
    placed(state, 3)
    state["g"]["elite"]["decks"]["laser"] = ["EL-E"]
    elite_cards.reveal_one(g)
    assert shields(state) == [8, 8, 10] and state["g"]["alphabot"]["shields"] == 9
    assert state["g"]["elite"]["decks"]["laser"] == ["EL-E"]


def test_classic_mode_deals_one_damage():
    # SB-ELITE-04, SB-SETUP-18 (classic mode)
    state, g = with_elite(3, elite_classic_mode=True)
    placed(state, 3)
    state["g"]["alphabot"]["square"] = "A1"
    elite_cards.activate(g)
    assert shields(state) == [9, 10, 10] and state["g"]["alphabot"]["shields"] == 9
    state, g = with_elite(3, side="laser", elite_classic_mode=True)
    placed(state, 3)
    elite_cards.activate(g)
    assert shields(state) == [9, 9, 10] and state["g"]["alphabot"]["shields"] == 9
    assert ENGINE.view(state, None)["table"]["threats"]["elite"]["mode"].startswith("classic")


def test_the_elite_acts_after_the_cylindroids_and_alphabot_reacts_once():
    # SB-ELITE-01 (Phase 5 order; only while it is in the Main Vault), SB-P5-CYL-10 (the Elite is its own type)
    state, g = with_elite(3, side="laser")
    names = [e["effect"] for e in _queued(g)]
    assert names.index("cyl_move") < names.index("elite_activate") < names.index("alphabot_activate")
    state["g"]["alphabot"]["ai"] = 1
    state["g"]["elite"]["decks"]["laser"].insert(0, "EL-E")  # −2 shields to BetaBots, AlphaBot −1
    effects.pending(g).clear()
    elite_cards.activate(g)
    assert [e["effect"] for e in effects.pending(g)] == ["aggressive"]
    state, g = with_elite(3)
    state["g"]["elite"]["at"] = "belt"
    deck = list(state["g"]["elite"]["decks"]["miner"])
    elite_cards.activate(g)
    assert state["g"]["elite"]["decks"]["miner"] == deck and state["g"]["elite"]["last"] is None


def _queued(g):
    effects.pending(g).clear()
    cylindroids.queue_phase5(g)
    return effects.pending(g)


def test_a_betabot_attacks_the_elite_from_next_to_the_hatch():
    # SB-MINE-18, SB-ELITE-05 (boosted, adjacent, 1 damage, no capture/scrap/disintegrate), SB-ELITE-06,
    # SB-P3-ACT-08 (must boost)
    state, _ = with_elite(3)
    p(state, 0).update(mini="MV1", square="A2", stress=10)
    state["stack"] = [{"step": "subaction", "seat": 0, "card": "MN10", "slot": "1"}]
    assert "do:attack:free:elite" in legal(state, 0) and not any("none:elite" in a for a in legal(state, 0))
    assert [a for a in legal(state, 0) if "elite" in a] == ["do:attack:free:elite"]
    state = play(state, 0, "do:attack:free:elite")
    assert state["g"]["elite"]["shields"] == 3 and p(state, 0)["stress"] == 9
    assert state["stack"][-1]["step"] == "place" and state["stack"][-1]["units"] == {"Ti": 1, "Si": 1, "Bm": 1}
    state, _ = with_elite(3)
    p(state, 0).update(mini="MV1", square="CORNER_A")
    state["stack"] = [{"step": "subaction", "seat": 0, "card": "MN10", "slot": "1"}]
    assert not any("elite" in a for a in legal(state, 0))  # Corner-A is not next to the Hatch


def test_rewards_by_player_count_and_side():
    # SB-ELITE-06 (the four reward cards), SB-ELITE-09 (the 4th damage eliminates)
    expected = {
        (4, "miner"): [(-1, {"Ti": 1, "Si": 1, "Bm": 1}, []), (-1, {"Ti": 1, "Gas": 1}, ["bSi"]),
                       (-1, {"Si": 1, "Acid": 1}, ["bTi"]), (-2, {"Ti": 1}, ["bSi", "bTi"])],
        (4, "laser"): [(-1, {"Ti": 1, "C": 1, "Ex": 1}, []), (-1, {"C": 1, "Lv": 1}, ["bC"]),
                       (-1, {"Ti": 1, "Lv": 1}, ["bTi"]), (-3, {"Ti": 1}, ["bC", "bTi"])],
        (2, "miner"): [(-1, {"Ti": 1, "Si": 1, "Bm": 1}, []), (-1, {"Ti": 1, "Acid": 1, "Gas": 1}, []),
                       (0, {}, []), (-2, {"Si": 1}, ["bSi", "bTi"])],
        (2, "laser"): [(-1, {"Ti": 1, "C": 1, "Ex": 1}, []), (-1, {"C": 1, "Lv": 1, "Ex": 1}, []),
                       (0, {}, []), (-2, {"Ti": 1}, ["bC", "bTi"])],
    }
    for (players, side), rows in expected.items():
        state, g = with_elite(players, side=side)
        p(state, 0).update(mini="MV1", square="A2", stress=20, track=[])
        for stress_change, gains, batteries in rows:
            before = p(state, 0)["stress"]
            got = elite.hurt(g, 0)
            assert (p(state, 0)["stress"] - before, got) == (stress_change, gains), (players, side)
            assert p(state, 0)["track"][-len(batteries):] == batteries if batteries else True
            p(state, 0)["track"] = []
            effects.pending(g).clear()
        assert state["g"]["elite"]["side"] == "laser" and state["g"]["elite"]["at"] == ("belt" if side == "miner"
                                                                                         else None)


def test_the_third_shield_in_1_2_players_resolves_two_elite_cards():
    # SB-ELITE-07, AMB-28 (a BetaBot's damage only; none from AlphaBot or an explosion)
    state, g = with_elite(2, shields=2)
    placed(state, 2)
    e = state["g"]["elite"]
    e["decks"]["miner"] = ["EM-1", "EM-4", "EM-2", "EM-3", "EM-E"]
    elite.hurt(g, 0)
    assert effects.pending(g) == [{"effect": "elite_penalty", "owner": "cylindroids", "n": 2}]
    effects.run(g)
    assert e["discard"] == ["EM-1", "EM-4"] and shields(state, 2) == [8, 10] and stress(state, 2) == [12, 17]
    state, g = with_elite(2, shields=2)
    elite.hurt(g, "alphabot")
    assert effects.pending(g) == [] and state["g"]["alphabot"]["tank"] == {}


def test_the_classic_mode_penalty_is_two_attacks_at_once():
    # SB-ELITE-07 with SB-ELITE-04 (no AI cards: the Elite attacks twice)
    state, g = with_elite(2, shields=2, elite_classic_mode=True)
    placed(state, 2)
    assert elite.reward_words(g, elite.next_reward(g)) == "the Elite attacks 2 times at once"
    elite.hurt(g, 0)
    effects.run(g)
    assert shields(state, 2) == [8, 10] and state["g"]["elite"]["shields"] == 1
