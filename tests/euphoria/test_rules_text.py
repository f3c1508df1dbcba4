"""Issue 13: where the engine deviated from the Dutch rules text and from recruit card texts.

Each rules test quotes the line of the rulebook (``003_bd62305da006dbc2``) it checks.
"""

from __future__ import annotations

from engines.core import Game
from engines.core.rng import rng_script
from engines.euphoria.tunnels import dig
from engines.euphoria.turns import next_seat

from .helpers import E, dice, drafted, legal, pl, play, table, turn


# EU-TANK-02, EU-TANK-04
def test_eu_tank_04_knowledge_drops_before_the_new_worker_is_checked():
    """"Drie energie betalen: je krijgt een nieuwe arbeider, je kennis daalt met twee ... Daarna neem je een
    dobbelsteen uit de voorraad, gooi je hem en doe je een kenniscontrole." """
    state = table(2)
    pl(state, 0).update(knowledge=6)
    pl(state, 0)["goods"]["energy"] = 3
    dice(state, 0, (5, "avail"), (2, "avail"))
    with rng_script(5):
        state, texts = play(turn(state, 0), 0, "place:2:tank.energy")
    p = pl(state, 0)
    assert p["knowledge"] == 4 and [d["at"] for d in p["dice"]].count("runaway") == 0  # 4 + 5 + 5 = 14 < 16
    assert any("knowledge check 14 < 16" in t for t in texts)


# EU-TUNNEL-03, R-16
def test_eu_tunnel_03_only_tunnel_abilities_wait_after_a_mid_turn_flip():
    """"Heeft een rekruut een vaardigheid die met tunnels te maken heeft, dan geldt die pas vanaf de
    volgende keer." Faith (Aquifer bonus) works at once; Xander (a tunnel ability) waits."""
    state = table(2)
    p = pl(state, 0)
    p.update(hidden=["SU01", "SU04"], morale=3, knowledge=2)
    p["goods"].update(water=1, energy=1)
    state["g"]["miners"]["subterra"] = 5  # one dig from the recruit icon
    dice(state, 0, (1, "avail"), (1, "avail"), (1, "avail"))
    state, _ = play(turn(state, 0), 0, "place:1:su.tunnel", "pick:resource")
    assert pl(state, 0)["active"] == ["SU01", "SU04"] and pl(state, 0)["dormant"] == ["SU04"]
    water = pl(state, 0)["goods"]["water"]
    energy = pl(state, 0)["goods"]["energy"]
    state, _ = play(state, 0, "place:1:su.aquifer")
    assert pl(state, 0)["goods"]["energy"] == energy + 1  # Faith the Hydroelectrician, just flipped
    assert pl(state, 0)["goods"]["water"] >= water
    state, _ = play(state, 0, "place:1:eu.tunnel")
    assert "pick:yes" not in legal(state, 0)  # Xander the Excavator waits for the next turn


# EU-TURN-03
def test_eu_turn_03_automas_play_after_all_humans_whoever_starts():
    """"De Automa's spelen samen na alle menselijke spelers, met hetzelfde kaartenpaar." """
    state = drafted(2, 1, automa=True)
    state["g"]["first"] = 1
    g = Game(E, state, None)
    assert [next_seat(g, pid) for pid in (1, 0, 2, 3)] == [0, 2, 3, 1]
    state = turn(state, 1)
    state, texts = play(state, 1, E.default_action(state, 1))
    assert state["g"]["turn_pid"] == 0 and not any("Automa" in t for t in texts)
    state, texts = play(state, 0, E.default_action(state, 0))
    assert any(t.startswith("Black Automa") for t in texts) and any(t.startswith("White Automa") for t in texts)
    assert state["g"]["turn_pid"] == 1


# EU-RECRUIT-01 EU21 Ha-Joon the Cold Trader: "once per turn"
def test_eu21_ha_joon_once_per_turn():
    state = table(2)
    pl(state, 0).update(active=["EU21"], morale=3)
    pl(state, 0)["goods"]["food"] = 1
    dice(state, 0, (1, "avail"), (1, "avail"))
    state, _ = play(turn(state, 0), 0, "place:1:eu.generator")
    assert legal(state, 0) == ["pick:yes", "pick:no"]
    state, _ = play(state, 0, "pick:yes", "pick:energy", "pick:water")
    state, _ = play(state, 0, "place:1:wa.farm")
    assert "pick:yes" not in legal(state, 0)


# EU-RECRUIT-01 WA20 Gwen the Minerologist: "when an action gives you commodities"
def test_wa20_gwen_on_a_tunnel_end_too():
    state = table(2)
    pl(state, 0).update(active=["WA20", "SU01"])  # a Subterran recruit opens the Subterran tunnel end
    state["g"]["miners"]["subterra"] = 9
    dice(state, 0, (2, "avail"))
    state, _ = play(turn(state, 0), 0, "place:2:su.tunnel_end")
    assert legal(state, 0) == ["pick:yes", "pick:no"]
    state, _ = play(state, 0, "pick:yes", "pick:stone")
    assert pl(state, 0)["goods"]["food"] == 2 and pl(state, 0)["goods"]["stone"] == 1


# EU-RECRUIT-03 SU08 Chase the Miner: "2 of that tunnel's resource instead of 1"
def test_su08_chase_never_stone_and_artifact():
    state = table(2)
    pl(state, 0)["active"] = ["SU08"]
    pl(state, 0)["goods"]["water"] = 1
    dice(state, 0, (2, "avail"), (5, "wa.farm"))
    state, _ = play(turn(state, 0), 0, "place:2:su.tunnel", "pick:yes")
    assert pl(state, 0)["goods"]["stone"] == 2 and pl(state, 0)["artifacts"] == []
    assert state["g"]["turn_pid"] == 1


# EU-RECRUIT-01 FL06 Youssef the Tunneler: "when another player digs any tunnel" (an Automa too)
def test_fl06_youssef_gains_when_an_automa_digs():
    state = table(1)
    pl(state, 0)["active"] = ["FL06"]
    dig(Game(E, state, None), 1, "subterra")
    assert pl(state, 0)["goods"]["stone"] == 1
