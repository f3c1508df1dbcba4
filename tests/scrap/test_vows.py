"""Olympus' Sacred Vows and Divinity (ATT-OLY-2, ATT-OLY-3; SC-GOLDEN-04, SC-ATTR-01, SC-ATTR-03)."""

from __future__ import annotations

from engines.core import Game, act
from engines.scrap import board

from .battles import area, data, options, pick, put, run_effect, table
from .helpers import ENGINE

OLY = {"intelligences": "olympus,tachyon"}


def olympus(state):
    return next(int(s) for s, p in state["g"]["players"].items() if p["intel"] == "olympus")


def test_vows_are_offered_at_the_start_of_the_run_phase():
    # SC-ATTR-03 (start of your Run Phase), SC-GOLDEN-04: flipping Peace lifts its ban on Battle and Crush
    fresh = ENGINE.setup(2, 7, OLY)
    seat = olympus(fresh)
    assert fresh["g"]["players"][str(seat)]["unique"]["vows"] == {"peace": "vow", "temperance": "vow",
                                                                  "humility": "vow"}  # SETUP: Vow side up
    state = table(2, OLY)
    state["g"]["turn"].update(seat=seat, vowed=True)  # start_run asked already
    from_run = dict(state, stack=[{"step": "sacred_vows", "seat": seat}])
    labels = [ENGINE.label(from_run, seat, a) for a in ENGINE.legal_actions(from_run, seat)]
    assert labels[0] == "Keep your Vows as they are" and "Break the Vow of Peace (Wrath face-up)" in labels
    after, _ = ENGINE.apply(from_run, seat, act("flip", "peace"))
    assert after["g"]["players"][str(seat)]["unique"]["vows"]["peace"] == "broken"
    assert after["stack"][-1]["step"] in ("choose_active", "power_up")


def test_divinity_rises_per_vow_and_pays_at_the_top():
    # ATT-OLY-3: end of the turn +1 per Vow side; at 5: 3 Data and 1 Celestium, then back to 0
    state = table(2, OLY)
    seat = olympus(state)
    p = state["g"]["players"][str(seat)]
    p["unique"]["divinity"] = 3
    p["unique"]["vows"]["peace"] = "broken"
    p["queue"] = [p["hand"].pop(), p["hand"].pop()]
    state["g"]["turn"].update(seat=seat)
    state["stack"] = [{"step": "load_return", "seat": seat}]
    before = data(state, seat)
    state, _ = ENGINE.apply(state, seat, act("keep"))
    assert data(state, seat) == before + 3 and options(state)[0] == 0  # which Celestium slot
    state = pick(state, 0)
    state = pick(state, "skip")
    p = state["g"]["players"][str(seat)]
    assert p["unique"]["divinity"] == 0 and p["celestium"][0]
    assert state["g"]["turn"]["seat"] != seat  # the next player's turn


def _vowed(**faces: str):
    state = table(2, OLY)
    seat = olympus(state)
    state["g"]["players"][str(seat)]["unique"]["vows"].update(faces)
    return state, seat


def test_temperance_caps_energy_at_4_and_excess_adds_1_to_energy_actions():
    # ATT-OLY-2 (§4.7 Vow of Temperance / Excess), SC-ACT-ENERGY-01: the excess is lost
    state, seat = _vowed()
    state["g"]["players"][str(seat)]["energy"] = 3
    state = run_effect(state, seat, "node", node={"op": "energy", "v": 3})
    assert state["g"]["players"][str(seat)]["energy"] == 4
    state, seat = _vowed(temperance="broken")
    state["g"]["players"][str(seat)]["energy"] = 3
    state = run_effect(state, seat, "node", node={"op": "energy", "v": 3})
    assert state["g"]["players"][str(seat)]["energy"] == 7  # 3 + (3 + 1), no cap of 4


def test_swearing_temperance_again_drops_energy_to_the_cap():
    # ATT-OLY-2: flipping Temperance back to its Vow side loses the Energy above 4
    state, seat = _vowed(temperance="broken")
    state["g"]["players"][str(seat)]["energy"] = 7
    state["g"]["turn"].update(seat=seat, vowed=True)
    state = dict(state, stack=[{"step": "sacred_vows", "seat": seat}])
    state, _ = ENGINE.apply(state, seat, act("flip", "temperance"))
    assert state["g"]["players"][str(seat)]["energy"] == 4


def test_humility_forbids_size_3_and_hubris_gives_it_1_strength():
    # ATT-OLY-2 (§4.7 Vow of Humility / Hubris), SC-ACT-CREATE-04, SC-TERM-01, SC-ACT-SEARCH-02
    state, seat = _vowed()
    g = Game(ENGINE, state, seat)
    big = next(b for b in state["g"]["bots"].values() if b["owner"] == seat and b["size"] == 3)
    assert board.forbidden_size(g, seat, 3) and not board.forbidden_size(g, seat, 2)
    two = put(state, seat, 2, "R1")[0]
    state = run_effect(state, seat, "node", node={"op": "upgrade", "v": 1})
    assert state["g"]["bots"][two]["at"] == area(state, "R1")  # no Upgrade into Size 3 offered
    assert board.current_strength(g, big) == board.strength(g, big)
    state, seat = _vowed(humility="broken")
    g = Game(ENGINE, state, seat)
    big = next(b for b in state["g"]["bots"].values() if b["owner"] == seat and b["size"] == 3)
    assert not board.forbidden_size(g, seat, 3)
    assert board.current_strength(g, big) == board.strength(g, big) + 1
