"""Delivering AlphaBot from its Shuttle (rules version 3): conditions, manual and automatic, the rewards and
their choices, the stress by delivery count, the 1-2p Shuttle track, and the Phase 2 draws once AlphaBot is on
its Shuttle or delivered (SB-ALPHADELIVER-01..06, SB-ALPHA-12, SB-P2-PROG-02, SB-EX-32)."""

from engines.stress_botics import alpha_delivery, alpha_items, delivery, moving, programming

from .engine_helpers import ctx, legal, new, p, play, step_name

CONNECT_FREE = "CN10"


def shuttle(players=3, ship="scout", where="DBA_C", **options):
    """AlphaBot on its Shuttle, ``ship`` on its sector-C reception space, seat 0 at ``where`` ready to deliver."""
    state = new(players, **options)
    g = state["g"]
    g["alphabot"].update(mv=None, square=None, shields=5, tank={"C": 5, "Ti": 4, "Bm": 2, "bSi": 1})
    g["hatch"].update(token=None, closed=True)
    for s in ("probe", "scout", "freighter"):
        g["ships"][s]["pos"] = 0
    if ship:
        g["ships"][ship]["pos"] = ctx(state).data.ships[ship]["reception"]["C"]
    p(state, 0).update(mini=where, square=None, stress=20, shields=6, track=["bC", "bTi", "bSi"], inside="bSi")
    g.update(phase="actions", last_turn=0)
    return state


def test_alphabot_can_be_delivered_once_on_its_shuttle():
    # SB-ALPHADELIVER-01, SB-ALPHADELIVER-03 (1, 2)
    state = shuttle()
    g = ctx(state)
    assert alpha_delivery.ships(g, 0) == ["scout"] and delivery.possible(g, 0)
    state["g"]["ships"]["freighter"]["pos"] = g.data.ships["freighter"]["reception"]["C"]
    assert alpha_delivery.ships(g, 0) == ["scout", "freighter"]
    state["g"]["ships"]["scout"]["pos"] += 1
    assert alpha_delivery.ships(g, 0) == ["freighter"]
    state["g"]["ships"]["freighter"]["pos"] = g.data.ships["freighter"]["reception"]["B"]
    assert alpha_delivery.ships(g, 0) == []  # the Probe never takes AlphaBot
    for where in ("DBA_B", "DBM_A", "CORE"):
        state = shuttle(where=where)
        assert alpha_delivery.ships(ctx(state), 0) == []
    state = shuttle()
    state["g"]["alphabot"].update(mv=6, square="EXIT")
    assert alpha_delivery.ships(ctx(state), 0) == []


def test_delivery_conditions():
    # SB-ALPHADELIVER-03 (4-7), SB-ALPHA-12
    for change, ok in (({"stress": 29}, True), ({"stress": 30}, False), ({"shields": 0}, False),
                       ({"track": ["bC"]}, False), ({"markers": 0}, False)):
        state = shuttle()
        p(state, 0).update(change)
        assert bool(alpha_delivery.ships(ctx(state), 0)) == ok, change
    state = shuttle()
    state["g"]["alphabot"]["shields"] = 1
    assert alpha_delivery.ships(ctx(state), 0) == []
    state["g"]["alphabot"]["ti_track"] = 1  # a Ti battery counts as a shield (AMB-13)
    assert alpha_delivery.ships(ctx(state), 0) == ["scout"]


def test_two_players_need_the_shuttle_track():
    # SB-ALPHADELIVER-03 (3, 4), spec 4.19.6
    state = shuttle(2, ship=None)
    g = ctx(state)
    for s in ("scout", "freighter"):
        state["g"]["ships"][s]["pos"] = g.data.ships[s]["reception"]["C"]
    assert alpha_delivery.ships(g, 0) == []
    state["g"]["alphabot"]["shuttle_track"] = 1
    assert alpha_delivery.ships(g, 0) == ["scout"]
    state["g"]["alphabot"]["shuttle_track"] = 2
    assert alpha_delivery.ships(g, 0) == ["scout", "freighter"]
    p(state, 0)["stress"] = 35
    assert alpha_delivery.ships(g, 0) == []
    state["g"]["alphabot"]["shuttle_track"] = 3  # full: the stress limit is waived
    assert alpha_delivery.ships(g, 0) == ["scout", "freighter"]


def test_automatic_delivery_scout_vp_reward():
    # SB-ALPHADELIVER-02, SB-ALPHADELIVER-04, SB-ALPHADELIVER-05 (Scout a), SB-ITEMS-08, SB-SCORE-04
    state = shuttle(where="EPCi_C")
    state["stack"] = [{"step": "keep", "seat": 0, "card": CONNECT_FREE, "slot": "1"},
                      {"step": "deliver", "seat": 0, "auto": True, "ship": None}]
    p(state, 0)["mini"] = "DBA_C"
    demands = list(state["g"]["ships"]["scout"]["demands"])
    others = [p(state, s)["stress"] for s in (1, 2)]
    assert "alphabot:scout" in legal(state, 0)
    state = play(state, 0, "alphabot:scout")
    assert step_name(state) == "alpha_deliver" and legal(state, 0) == ["reward:scout_a", "reward:scout_b"]
    available = list(state["g"]["ab_items"]["available"])
    state = play(state, 0, "reward:scout_a")
    g = state["g"]
    assert g["alphabot"]["delivered"] and g["alphabot"]["delivered_by"] == 0
    assert p(state, 0)["alphabot"] == {"ship": "scout", "reward": "scout_a", "vp": 10}
    assert p(state, 0)["markers"] == 2 and p(state, 0)["spots"][-1] == {"ship": "scout", "sector": "C",
                                                                         "alphabot": True}
    assert p(state, 0)["stress"] == 10 and [p(state, s)["stress"] for s in (1, 2)] == others  # 1st delivery
    assert g["ships"]["scout"]["demands"] == demands and p(state, 0)["cargo"]["C"] is None
    names = {alpha_items.card(ctx(state), c)["name"] for c in available}
    offered = {alpha_items.card(ctx(state), m[5:])["name"] for m in legal(state, 0) if m.startswith("item:")}
    assert step_name(state) == "ab_free_item" and names <= offered  # the two Furnaces are one choice
    for _ in range(3):
        item = next(m for m in legal(state, 0) if m.startswith("item:"))
        state = play(state, 0, item)
        assert step_name(state) == "equip"
        state = play(state, 0, legal(state, 0)[0])
        while step_name(state) in ("place", "item_battery"):
            state = play(state, 0, legal(state, 0)[0])
    equipped = [c for stack in p(state, 0)["ext"].values() for c in stack]
    assert len(equipped) == 3 and all(c.startswith("AB") for c in equipped)
    assert len(state["g"]["ab_items"]["available"]) == len(available)  # refilled from the Standby
    assert step_name(state) == "keep"


def test_second_and_third_deliveries_and_scout_b():
    # SB-ALPHADELIVER-04 (5), SB-ALPHADELIVER-05 (Scout b)
    for spots, stress in ((1, 15), (2, 25)):
        state = shuttle()
        p(state, 0).update(spots=[{"ship": "probe", "sector": "A"}] * spots, markers=3 - spots, shields=3)
        state["stack"] = [{"step": "alpha_deliver", "seat": 0, "ship": "scout"}]
        state = play(state, 0, "reward:scout_b")
        assert p(state, 0)["stress"] == stress and p(state, 0)["shields"] == 12
        assert "vp" in p(state, 0)["alphabot"] and p(state, 0)["alphabot"]["vp"] == 0
        assert step_name(state) == "ab_take"
        for _ in range(3):
            state = play(state, 0, "take:C")
        state = play(state, 0, "done")
        assert step_name(state) == "place" and state["stack"][-1]["units"] == {"C": 3}
        assert state["stack"][-2]["step"] == "ab_free_item" and state["stack"][-2]["left"] == 1


def test_freighter_rewards_and_alphabots_shields():
    # SB-ALPHADELIVER-05 (Freighter a/b), SB-ALPHA-12
    state = shuttle(ship="freighter")
    state["stack"] = [{"step": "alpha_deliver", "seat": 0, "ship": "freighter"}]
    assert legal(state, 0) == ["reward:freighter_a"]  # AlphaBot has 5 shields
    state["g"]["alphabot"]["ti_track"] = 2
    assert legal(state, 0) == ["reward:freighter_a", "reward:freighter_b"]  # 5 + 2 Ti batteries = 7
    p(state, 0)["shields"] = 6
    state = play(state, 0, "reward:freighter_b")
    assert p(state, 0)["shields"] == 8 and p(state, 0)["alphabot"]["vp"] == 0 and p(state, 0)["stress"] == 10
    state = play(shuttle(ship="freighter") | {"stack": [{"step": "alpha_deliver", "seat": 0, "ship": "freighter"}]},
                 0, "reward:freighter_a")
    assert p(state, 0)["alphabot"]["vp"] == 5 and state["stack"][-1]["left"] == 2


def test_manual_delivery_through_connect():
    # SB-ALPHADELIVER-04 (1), SB-CONNECT-13, SB-DELIVER-01
    state = shuttle(where="DBM_C")
    state["stack"] = [{"step": "subaction", "seat": 0, "card": CONNECT_FREE, "slot": "1"}]
    moves = legal(state, 0)
    assert "do:deliver:free" in moves and "do:deliver:none" not in moves
    state = play(state, 0, "do:deliver:free")
    assert step_name(state) == "deliver" and "alphabot:scout" in legal(state, 0)
    state = play(play(state, 0, "alphabot:scout"), 0, "reward:scout_b")
    assert state["g"]["alphabot"]["delivered"]


def test_ex32_draws_at_the_end_of_alphabots_journey():
    # SB-EX-32, SB-P2-PROG-02, SB-ALPHADELIVER-06
    state = shuttle(ship=None)
    g = ctx(state)
    for seat, where in ((0, "CORE"), (1, "DBM_C"), (2, "MV6")):
        p(state, seat).update(mini=where, square=None)
    pattern = [{"n": 1, "types": "any"}]
    assert all(programming.entitlement(g, s) == pattern for s in range(3))
    assert programming.fits(["MOVE"], pattern[0]) and not programming.fits(["MOVE", "MINE"], pattern[0])
    state["g"]["alphabot"].update(delivered=True, delivered_by=1)
    pattern = [{"n": 2, "types": "any"}]
    assert all(programming.entitlement(g, s) == pattern for s in range(3))
    assert programming.fits(["MINE", "MINE"], pattern[0]) and not programming.fits(["MINE"] * 3, pattern[0])
    assert alpha_delivery.ships(g, 0) == []  # delivered once only


def test_arriving_at_the_automatic_base_offers_alphabots_delivery():
    # SB-ALPHADELIVER-01, SB-DELIVER-01 (automatic, after the base's +5 stress)
    state = shuttle()
    state["stack"] = [{"step": "keep", "seat": 0, "card": CONNECT_FREE, "slot": "1"}]
    p(state, 0)["stress"] = 24
    g = ctx(state)
    moving.end_of_move(g, 0, "1")
    assert p(state, 0)["stress"] == 29 and step_name(state) == "deliver" and "alphabot:scout" in legal(state, 0)
    state = shuttle()
    state["stack"] = [{"step": "keep", "seat": 0, "card": CONNECT_FREE, "slot": "1"}]
    p(state, 0)["stress"] = 25
    moving.end_of_move(ctx(state), 0, "1")
    assert p(state, 0)["stress"] == 30 and step_name(state) == "keep"  # over 29 once there
