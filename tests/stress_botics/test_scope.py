"""The part-1 scope table (scope.py) and the few general rules no other test names."""

import copy
import importlib
import random
import re
from pathlib import Path

from engines.stress_botics import content, tanks
from engines.stress_botics.game import StressBotics

from . import scope
from .engine_helpers import ENGINE, ctx, new, p
from .helpers import walk

HERE = Path(__file__).resolve().parent
TESTS = HERE.parent


def test_scope_table_covers_every_area_number_once():
    for area, count in scope.COUNT.items():
        seen = [n for ranges in scope.SCOPE[area].values() for n in scope.numbers(ranges)]
        assert sorted(seen) == list(range(1, count + 1)), area
    assert set(scope.SCOPE) == set(scope.COUNT)
    assert len(scope.ids(1)) == 357 and "SB-EX-13" in scope.ids(1) and "SB-EX-24" in scope.ids(1)
    assert "SB-P5-CYL-09" in scope.ids(1) and "SB-SOLO-22" in scope.ids(1) and not scope.ids(2) and not scope.ids(3)


def test_every_part1_rule_is_named_by_another_test():
    corpus = "\n".join(f.read_text() for f in TESTS.rglob("*.py") if f.name != "scope.py")
    missing = [i for i in scope.ids(1) if not re.search(rf"\b{re.escape(i)}\b", corpus)]
    assert missing == []


def test_every_part1_ruling_points_at_an_option_data_or_code():
    options = {o.name for o in ENGINE.options_schema.options}
    for number, where in scope.AMB.items():
        kind, _, rest = where.partition(" ")
        if kind == "option":
            assert rest.split(";")[0].split()[0] in options, number
        elif kind == "rule":
            module, _, name = rest.split()[0].partition(".")
            mod = importlib.import_module(f"engines.stress_botics.{module}")
            assert not name or hasattr(mod, name.split("/")[0]), (number, where)


def test_colours_mean_nothing_to_the_rules():
    # SB-BASIC-02: repainting every hatch token, Cylindroid and Elite changes no rule outcome
    docs = copy.deepcopy(dict(ENGINE.data.docs))
    for node in walk(docs):
        if isinstance(node, dict) and "colour" in node:
            node["colour"] = "grey"
    grey = StressBotics()
    grey.data = content.build(docs)
    assert grey.data.hatches["H01"]["colour"] == "grey"
    states = []
    for engine in (ENGINE, grey):
        state, rnd = engine.setup(3, 7, {"turn_order": "seat", "threats": True}), random.Random(7)
        for _ in range(5000):  # the whole game
            if engine.outcome(state) is not None:
                break
            seat = rnd.choice(engine.active(state))
            state, _ = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))
        states.append(copy.deepcopy(state["g"]))
    assert states[0] == states[1]
    assert ENGINE.data.hatches["H01"]["colour"] == "black"  # the shared engine's data is untouched


def test_setup_shuffles_the_standard_ai_deck_by_seed():
    # SB-SETUP-09: the 10 Standard AI cards, shuffled face down (the Aggressive deck is part 2)
    decks = [new(3, seed=s)["g"]["standard"] for s in range(6)]
    ids = sorted(c["id"] for c in ENGINE.data["alphabot"]["standard_ai"])
    assert all(sorted(d["deck"]) == ids and d["discard"] == [] for d in decks)
    assert len({tuple(d["deck"]) for d in decks}) > 1
    assert new(3, seed=4)["g"]["standard"] == new(3, seed=4)["g"]["standard"]


def test_the_supply_never_runs_out():
    # SB-SETUP-22, SB-BASIC-05: gains are limited by room only, never by a supply count (the box has 50 Ti)
    state = new(4)
    g = ctx(state)
    kept = 0
    for seat in range(4):
        player = p(state, seat)
        player["tanks"] = {"1": {}, "2": {}, "3": {}, "4": {}}
        kept += tanks.gain(g, player, {"Ti": 40}).get("Ti", 0)
    assert kept == 4 * (8 + 8 + 10 + 12) > ENGINE.data["rules"]["components"]["resources_physical"]["Ti"]
