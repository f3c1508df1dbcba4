"""Phase 2: draws by position relative to AlphaBot and secret simultaneous programming
(SB-P2-PROG-*, SB-EX-03, SB-EX-04, SB-EX-05, SB-EX-32)."""

from engines.stress_botics import batteries, decks
from engines.stress_botics.programming import entitlement, fits

from .engine_helpers import ENGINE, ctx, legal, new, p, play, step_name


def can_request(state, seat, request):
    g = ctx(state)
    return any(fits(request, pattern) for pattern in entitlement(g, seat))


def test_ex03_alphabot_in_main_vault_1():
    # SB-EX-03, SB-P2-PROG-02, SB-P2-PROG-03
    state = new(4)
    for seat, square in ((0, "A1"), (1, "CORNER_A"), (2, "TOP")):
        p(state, seat).update(mini="MV1", square=square)
    p(state, 3).update(mini="EPM_C", square=None)
    assert can_request(state, 0, ["MOVE", "MINE", "CONNECT"])
    assert can_request(state, 1, ["MINE", "MINE"])
    assert can_request(state, 2, ["MOVE", "INTERACT"])
    assert can_request(state, 3, ["MOVE", "CONNECT"])
    assert not can_request(state, 3, ["MOVE", "CONNECT", "MINE"]) and not can_request(state, 3, ["MOVE", "MOVE"])
    assert not can_request(state, 0, ["MOVE", "MOVE", "MINE"])


def test_ex04_alphabot_in_main_vault_4():
    # SB-EX-04, SB-P2-PROG-02
    state = new(4)
    state["g"]["alphabot"].update(mv=4, square="ENTRY")
    for seat, node in ((0, "EPM_A"), (1, "MV2"), (2, "CORE"), (3, "DBM_C")):
        p(state, seat).update(mini=node, square=None)
    g = ctx(state)
    assert entitlement(g, 0) == [{"n": 2, "types": "different"}]
    assert entitlement(g, 2) == [{"n": 2, "types": "different"}]
    assert [e["n"] for e in entitlement(g, 1)] == [1] and [e["n"] for e in entitlement(g, 3)] == [1]


def test_ex32a_shuttle_draws_one():
    # SB-EX-32 (a), SB-P2-PROG-02, AMB-35
    state = new(3)
    state["g"]["alphabot"].update(mv=None, square=None)
    assert can_request(state, 0, ["MOVE"]) and not can_request(state, 0, ["MOVE", "MINE"])


def test_draw_step_is_simultaneous_and_resolves_in_turn_order():
    # SB-P2-PROG-02, SB-P2-PROG-05: both seats choose, then the cards arrive; then programming
    state = new(2, seed=3)
    assert step_name(state) == "draw" and ENGINE.active(state) == [0, 1]
    for seat in (0, 1):
        p(state, seat).update(mini="CORE", square=None)  # 2 different types
    state = play(state, 0, "draw:MOVE")
    assert "draw:MOVE" not in legal(state, 0)  # 2 of one type is not allowed from the Core
    state = play(state, 0, "draw:MINE")  # full entitlement: locks in
    assert ENGINE.active(state) == [1]
    assert len(state["g"]["hands"]["0"]) == 0  # nothing is drawn before everyone locked in
    state = play(state, 1, "done")
    assert step_name(state) == "program"
    types = sorted(ENGINE.data.cards[c]["type"] for c in state["g"]["hands"]["0"])
    assert types == ["MINE", "MOVE"] and state["g"]["hands"]["1"] == []


def test_ex05_program_slots_by_batteries_4p():
    # SB-EX-05, SB-P2-PROG-06, SB-P2-PROG-07, SB-BATTRACK-02 (4p side: slot 3 at 6)
    state = new(4)
    g = ctx(state)
    counts = {0: 6, 1: 7, 2: 4, 3: 5}
    for seat, n in counts.items():
        p(state, seat)["track"] = ["bC"] * n
    assert [batteries.slots(g, p(state, s)) for s in range(4)] == [3, 3, 2, 2]
    state3 = new(3)
    g3 = ctx(state3)
    for n, want in ((3, 2), (4, 3), (7, 3), (8, 4)):
        p(state3, 0)["track"] = ["bC"] * n
        assert batteries.slots(g3, p(state3, 0)) == want  # 2-3p side: slot 3 at 4, slot 4 at 8 (AMB-02)


def test_programming_fills_slots_in_order_and_stays_secret():
    # SB-P2-PROG-05, SB-P2-PROG-07, spec 6.1 (others see only how many are programmed)
    state = new(2, seed=4)
    for seat in (0, 1):
        state = play(state, seat, "done")
    g = ctx(state)
    state["g"]["hands"]["0"] = ["MV01", "MN05", "CN05"]
    state["g"]["hands"]["1"] = ["MV02"]
    assert step_name(state) == "program"
    state = play(state, 0, "slot:MV01")
    state = play(state, 0, "slot:MN05")
    assert not [a for a in legal(state, 0) if a.startswith("slot:")]  # 2 slots with 3 batteries
    spectator = ENGINE.view(state, 1)
    assert "MV01" not in str(spectator["table"]) and "MV01" not in str(spectator["prompt"])
    state = play(state, 0, "lock")
    state = play(state, 1, "lock")
    assert state["g"]["programmed"]["0"] == ["MV01", "MN05"] and state["g"]["hands"]["0"] == ["CN05"]
    view = ENGINE.view(state, 1)["table"]
    assert view["players"]["0"]["programmed"] == 2
    assert ENGINE.visible_state(state, 1)["g"]["programmed"]["0"] == [None, None]
    assert g is not None


def test_deck_end_event_and_rebuild():
    # SB-P2-PROG-01, SB-P2-PROG-04, SB-P2-PROG-10 (MOVE: AlphaBot to the Exit)
    state = new(2)
    g = ctx(state)
    decks_ = state["g"]["decks"]
    state["g"]["discards"]["MOVE"] = decks_["MOVE"][1:]
    decks_["MOVE"] = decks_["MOVE"][:1]
    assert decks.draw_card(g, 0, "MOVE")
    assert state["g"]["alphabot"]["square"] == "EXIT" and len(decks_["MOVE"]) == 10
    top = state["g"]["tops"]["MOVE"]
    assert top and top not in decks_["MOVE"]  # the rulebook: the new deck lies face up (spec AMB-07: down)
    assert ENGINE.view(state, 1)["table"]["face_up"]["MOVE"]
    assert decks.draw_card(g, 0, "MOVE") and state["g"]["hands"]["0"][-1] == top
    state["g"]["discards"]["MINE"], decks_["MINE"] = [], []
    assert not decks.draw_card(g, 0, "MINE")


def test_no_hand_limit_while_drawing():
    # SB-P2-PROG-08, SB-P6-STATUS-03: the limit applies only in Phase 6
    state = new(2, seed=4)
    state["g"]["hands"]["0"] = ["MV01", "MV02", "MV03", "MV04", "MV05", "MV06"]
    p(state, 0).update(mini="CORE", square=None)
    state = play(state, 0, "draw:MINE")
    state = play(state, 0, "draw:CONNECT")
    state = play(state, 1, "done")
    assert len(state["g"]["hands"]["0"]) == 8


def test_same_sector_covers_mantle_and_crust():
    # SB-BASIC-14, SB-P2-PROG-02
    state = new(3)
    p(state, 0).update(mini="EPCo_C", square=None)
    p(state, 1).update(mini="DBA_A", square=None)
    g = ctx(state)
    assert entitlement(g, 0) == [{"n": 2, "types": "different"}] and entitlement(g, 1)[0]["n"] == 1


def test_ex32b_after_alphabot_is_delivered_two_of_any_types():
    # SB-EX-32 (b), SB-ALPHADELIVER-06, AMB-17 (the delivery itself comes with part 2: the flag is set here)
    state = new(3)
    state["g"]["alphabot"].update(mv=None, square=None, delivered=True)
    assert can_request(state, 0, ["MINE", "MINE"]) and can_request(state, 0, ["MOVE", "CONNECT"])
    assert not can_request(state, 0, ["MOVE", "MINE", "CONNECT"])


def test_connect_deck_end_event_battery_is_the_receivers_choice():
    # SB-P2-PROG-04, SB-P2-PROG-10 (CONNECT), AMB-43: every BetaBot in the Main Vault gains a battery of its choice
    state = new(2, seed=4)
    decks_ = state["g"]["decks"]
    state["g"]["discards"]["CONNECT"] = decks_["CONNECT"][1:]
    decks_["CONNECT"] = decks_["CONNECT"][:1]
    p(state, 0).update(mini="MV1", square="A1")
    p(state, 1).update(mini="CORE", square=None)
    state = play(state, 0, "draw:CONNECT")
    state = play(state, 0, "done")
    state = play(state, 1, "done")
    assert step_name(state) == "choose" and ENGINE.active(state) == [0]
    assert legal(state, 0) == ["pick:bC", "pick:bTi", "pick:bSi"]
    state = play(state, 0, "pick:bTi")
    assert p(state, 0)["track"][-1] == "bTi" and len(p(state, 0)["track"]) == 4
    assert step_name(state) == "program" and ENGINE.active(state) == [0, 1]


def test_reshuffled_deck_face_down_option():
    # AMB-07 with reshuffled_decks=face_down: the spec's reading, no top card shows
    state = new(2, reshuffled_decks="face_down")
    g = ctx(state)
    decks_ = state["g"]["decks"]
    state["g"]["discards"]["MINE"] = decks_["MINE"][1:]
    decks_["MINE"] = decks_["MINE"][:1]
    assert decks.draw_card(g, 0, "MINE")
    assert state["g"]["tops"]["MINE"] is None and len(decks_["MINE"]) == 11


def test_a_programming_timeout_programs_nothing():
    # spec 6.5 (Programming: program nothing): cards slotted but not locked in go back to hand first
    state = new(2, seed=4)
    for seat in (0, 1):
        state = play(state, seat, "done")
    state["g"]["hands"]["0"] = ["MV01", "MN05", "CN05"]
    state = play(state, 0, "slot:MV01")
    state = play(state, 0, "slot:MN05")
    while 0 in ENGINE.active(state) and step_name(state) == "program":
        state = play(state, 0, str(ENGINE.default_action(state, 0)))
    state = play(state, 1, "lock")
    assert state["g"]["programmed"]["0"] == [] and sorted(state["g"]["hands"]["0"]) == ["CN05", "MN05", "MV01"]
