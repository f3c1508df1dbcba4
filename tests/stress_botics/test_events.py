"""Phase 1 and the end of the game (SB-P1-EVENT-*, SB-END-01, SB-EX-01, SB-EX-02)."""

from engines.stress_botics import events, flow

from .engine_helpers import ENGINE, ctx, new, p, stresses


def top_event(state, card):
    deck = state["g"]["events"]["deck"]
    deck.remove(card)
    deck.insert(0, card)


def test_ex01_probe_leaves_with_everything_delivered():
    # SB-EX-01, SB-P1-EVENT-02, SB-P1-EVENT-03, SB-P1-EVENT-04 (4p: Probe delivered −5)
    state = new(4)
    g = ctx(state)
    state["g"]["ships"]["probe"].update(pos=8, demands=[])
    for seat, v in enumerate([20, 13, 11, 4]):
        p(state, seat)["stress"] = v
    events.move_ships(g, "E01")  # Probe +1
    assert state["g"]["ships"]["probe"]["left"] and stresses(state) == [15, 8, 6, 0]
    assert not events.all_left(g)


def test_ex02_freighter_leaves_with_demand_and_the_game_ends_at_once():
    # SB-EX-02, SB-P1-EVENT-05, SB-END-01 (immediate), SB-SCORE-07
    state = new(4)
    g = ctx(state)
    ships = state["g"]["ships"]
    ships["probe"].update(left=True, pos=None)
    ships["scout"].update(left=True, pos=None)
    ships["freighter"].update(pos=15, demands=["D-F1"])
    for seat, v in enumerate([10, 5, 3, 0]):
        p(state, seat)["stress"] = v
    top_event(state, "E01")  # Freighter +1
    pressure = state["g"]["pressure"]
    flow.begin_round(g)
    assert stresses(state) == [20, 15, 13, 10]
    assert state["result"] is not None and state["g"]["pressure"] == pressure  # 1.2-1.6 skipped
    assert ENGINE.outcome(state)["scores"]["3"] == 5 - 10  # 10 shields = 5 VP


def test_end_of_round_timing_plays_the_round_out():
    # SB-END-01, AMB-01, SB-P6-STATUS-05: end_timing=end_of_round checks the end after Phase 6
    state = new(2, end_timing="end_of_round")
    g = ctx(state)
    ships = state["g"]["ships"]
    ships["probe"].update(left=True, pos=None)
    ships["scout"].update(left=True, pos=None)
    ships["freighter"].update(pos=15)
    top_event(state, "E01")
    flow.begin_round(g)
    assert state["result"] is None and state["stack"][-1]["step"] == "draw"


def test_core_rotation_pressure_and_clamp():
    # SB-P1-EVENT-06, SB-P1-EVENT-07
    state = new(2)
    g = ctx(state)
    state["g"]["core"]["dial"] = 0
    events.rotate_core(g, "CW")
    assert state["g"]["core"]["dial"] == 1
    events.rotate_core(g, "CCW")
    events.rotate_core(g, "CCW")
    assert state["g"]["core"]["dial"] == 8
    state["g"]["core"]["side"] = "B"
    events.rotate_core(g, "CW")
    assert state["g"]["core"]["dial"] == 1  # side B: 2 steps
    state["g"]["pressure"] = 4
    events.change_pressure(g, 1)
    assert state["g"]["pressure"] == 4
    state["g"]["pressure"] = 0
    events.change_pressure(g, -1)
    assert state["g"]["pressure"] == 0


def test_auto_production_fills_and_enhances_vaults():
    # SB-P1-EVENT-08, SB-P1-EVENT-09, SB-P1-EVENT-10, SB-P1-EVENT-12, AMB-16
    state = new(2, first_game_layout=True)
    g = ctx(state)
    vault = state["g"]["vaults"]["EPM_C"]  # 01 Carbon, tank C×2
    assert vault["tile"] == "01"
    vault.update(res={}, side="A")
    state["g"]["common_tank"] = {}
    events.auto_produce(g, "C")
    assert vault["res"] == {"C": 1} and state["g"]["common_tank"] == {"C": 1} and vault["side"] == "A"
    events.auto_produce(g, "C")
    assert vault["res"] == {"C": 2} and vault["side"] == "B"  # enhanced; the Carbon stays
    events.auto_produce(g, "C")
    assert vault["res"] == {"C": 2} and state["g"]["common_tank"] == {"C": 2}  # side B never produces


def test_item_icons_flip_their_vault():
    # SB-P1-EVENT-11
    state = new(2, first_game_layout=True)
    g = ctx(state)
    lower = next(v for v in state["g"]["vaults"].values() if v["tile"] == "02")
    events.auto_produce(g, "item_lower")
    assert lower["side"] == "B"


def test_hatch_opens_and_closes():
    # SB-P1-EVENT-23, SB-P1-EVENT-24, SB-SETUP-04
    state = new(2)
    g = ctx(state)
    hatch = state["g"]["hatch"]
    assert len(hatch["pile"]) == 5 and len(hatch["removed"]) == 4
    hatch["closed"] = False
    events.flip_hatch(g, "close")
    assert hatch["closed"]
    events.flip_hatch(g, None)
    assert hatch["closed"]
    events.flip_hatch(g, "open")
    assert not hatch["closed"]


def test_event_deck_reshuffles_when_empty():
    # SB-P1-EVENT-01, AMB-15, SB-END-02
    state = new(2)
    g = ctx(state)
    state["g"]["events"]["discard"] = state["g"]["events"]["deck"]
    state["g"]["events"]["deck"] = []
    card = events.draw_event(g)
    assert card and len(state["g"]["events"]["deck"]) == 19  # the 20 cards left after round 1, one drawn


def test_event_deck_by_player_count():
    # SB-SETUP-02: starting cards on top (round 1 revealed one of them); deck sizes 21 / 24 / 27
    for n, size in ((2, 21), (3, 24), (4, 27)):
        state = new(n)
        ev = state["g"]["events"]
        assert len(ev["deck"]) + len(ev["discard"]) == size
        assert {ev["last"], *ev["deck"][:2]} == {"E00a", "E00b", "E00c"}
    state = new(3, random_start_events=True)
    ev = state["g"]["events"]
    assert len(ev["deck"]) + 1 == 21 and not {"E00a", "E00b", "E00c"} & {ev["last"], *ev["deck"]}
