"""The part-1 bot: it programs the way to a ship that waits above a Delivery Base and makes the delivery,
leaves plain cards rather than pay cargo for them, and is deterministic."""

from engines.stress_botics import bot, bot_plan, flow

from .engine_helpers import ENGINE, ctx, new, p, step_name


def waiting_freighter(stress: int = 0, secondary: str = "SO03"):
    """2p, first-game objectives (FR-1: Ex 2, Lv 1, Acid 1, Gas 1; load 14): the Freighter sits on its
    sector-A reception space and Crust A is unlocked; seat 0 stands in EPCo_A (1 MP from DBA_A) with
    8 Gas/Acid and 10 Lava, and its Secondary Objective is SO03 (DELIVERED_TO Freighter, 6 VP) unless told."""
    state = new(2, first_game_layout=True)
    state["g"]["ships"]["freighter"]["pos"] = ENGINE.data.ships["freighter"]["reception"]["A"]
    state["g"]["secondary"]["0"] = secondary
    state["g"]["padlocks"] = [k for k in state["g"]["padlocks"] if k not in ("PL_A1", "PL_A2")]  # MV4 reached
    p(state, 0).update(mini="EPCo_A", square=None, stress=stress, ds={"Gas": 4, "Acid": 4},
                       tanks={"1": {"Lv": 2}, "2": {}, "3": {"Lv": 2}, "4": {"Lv": 6}})
    p(state, 1).update(mini="CORE")
    state["g"]["hands"]["0"] = ["MN01", "MV01"]
    return state


def test_bot_programs_the_way_to_a_waiting_ship():
    # SB-DELIVER-01/02/06: 14 VP loaded (the load limit) − 5 arrival − 5 own stress (Freighter A) + 6 VP
    # of the own Secondary Objective = 10, so the MOVE to the Automatic Delivery Base goes first
    g = ctx(waiting_freighter())
    assert bot_plan.cargo_value(g, 0, "freighter") == 14
    assert bot_plan.live_bases(g, 0, manual=False) == {"DBA_A": 10.0}
    assert bot_plan.delivery_program(g, 0, ["MN01", "MV01"]) == ["MV01"]
    state = waiting_freighter()
    state["g"]["padlocks"] += ["PL_A1", "PL_A2"]  # SB-MOVE-04: padlocked, DBA_A is out of reach
    assert bot_plan.delivery_program(ctx(state), 0, ["MN01", "MV01"]) == []
    # without the objective it is worth 4, still enough; a STRESS objective at risk makes it not worth it
    assert bot_plan.live_bases(ctx(waiting_freighter(secondary="SO10")), 0, manual=False) == {"DBA_A": 4.0}
    assert bot_plan.live_bases(ctx(waiting_freighter(secondary="SO07")), 0, manual=False) == {}


def test_bot_delivers_when_it_gets_there():
    state = waiting_freighter()
    state["g"]["programmed"]["0"], state["g"]["programmed"]["1"] = ["MV01"], []
    state["g"]["hands"]["0"] = []
    p(state, 0)["slot"] = 0
    state["stack"] = []
    flow.start_actions(ctx(state))
    for _ in range(40):
        if isinstance(p(state, 0)["cargo"]["A"], dict) and step_name(state) != "deliver":
            break
        seat = ENGINE.active(state)[0]
        state, _ = ENGINE.apply(state, seat, ENGINE.bot_action(state, seat))
    container = p(state, 0)["cargo"]["A"]
    assert isinstance(container, dict) and container["ship"] == "freighter"
    assert container["load"] == {"Gas": 4, "Acid": 4, "Lv": 6}  # best units first, up to the load of 14
    assert p(state, 0)["markers"] == 2 and p(state, 0)["stress"] == 10


def test_no_plan_over_the_stress_limit():
    # SB-DELIVER-03: the Freighter takes sector A deliveries up to stress 27; +5 on arrival would pass it
    state = waiting_freighter(stress=23)
    assert bot_plan.live_bases(ctx(state), 0, manual=False) == {}
    assert bot_plan.delivery_program(ctx(state), 0, ["MN01", "MV01"]) == []


def test_bot_is_deterministic():
    def run():
        state, trail = new(3, seed=11), []
        while ENGINE.outcome(state) is None and len(trail) < 400:
            seat = ENGINE.active(state)[0]
            action = ENGINE.bot_action(state, seat)
            trail.append(str(action))
            state, _ = ENGINE.apply(state, seat, action)
        return trail
    assert run() == run()


def test_bot_lets_plain_cards_go():
    state = waiting_freighter()
    g = ctx(state)
    state["stack"].append({"step": "keep", "seat": 0, "card": "MV01", "slot": "1"})
    state["g"]["hands"]["0"] = ["MN01", "MN02"]
    legal = ENGINE.legal_actions(state, 0)
    assert str(bot.choose(g, 0, legal)) == "discard"
