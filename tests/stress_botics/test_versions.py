"""Rules versions: a game set up under version 1 (before the threats) plays on exactly as it did."""

import random

from engines.core.replay import replay, verify

from .engine_helpers import ENGINE

V1_KEYS = ("bag", "belt", "cyl", "boxes", "aggressive")


def play_random(version: int, seats: int, seed: int, **options: object) -> tuple[dict, list]:
    state, rnd, log = ENGINE.setup(seats, seed, options, version=version), random.Random(seed), []
    for _ in range(6000):
        if ENGINE.outcome(state) is not None:
            break
        seat = rnd.choice(ENGINE.active(state))
        action = rnd.choice(ENGINE.legal_actions(state, seat))
        log.append([seat, str(action)])
        state, _ = ENGINE.apply(state, seat, action)
    return state, log


def test_a_version_1_game_plays_to_the_end_and_replays_exactly():
    assert (ENGINE.oldest_version, ENGINE.version) == (1, 4)
    state, log = play_random(1, 3, 11)
    assert ENGINE.outcome(state) is not None and state["engine_version"] == 1
    assert not any(key in state["g"] for key in V1_KEYS)  # no threat ever entered a v1 game
    assert ENGINE.actors(state) == [] and state["g"]["alphabot"]["shields"] >= 10
    verify(ENGINE, state, log)
    assert replay(ENGINE, 3, 11, {}, log, version=1) == state


def test_without_the_threats_option_a_version_2_game_is_the_version_1_game():
    # the threats are a lobby option, on by default (the whole game); off, nothing of them enters the game
    assert ENGINE.options_schema.defaults()["threats"] is True
    v1, log1 = play_random(1, 3, 11)
    v2, log2 = play_random(2, 3, 11, threats=False)
    assert log1 == log2 and v1["g"] == v2["g"] and ENGINE.actors(v2) == []


def test_a_version_2_game_has_the_threats_and_its_actors():
    state, log = play_random(2, 4, 12, threats=True)
    assert ENGINE.outcome(state) is not None
    assert [a["key"] for a in ENGINE.actors(state)] == ["alphabot", "cylindroids"]
    assert ENGINE.outcome(state)["placings"][-1] == ["alphabot", "cylindroids"]
    assert sum(state["g"]["bag"].values()) <= 24
    verify(ENGINE, state, log)


def test_version_4_counts_items_and_captures_for_the_secondary_objectives():
    # SB-SCORE-03 with the part-2 predicates: items equipped (covered count, by family), every extension used,
    # captured Cylindroids in the container and on storage items; a version-3 game scores as it did (nothing)
    from engines.core import Game
    from engines.stress_botics import item_cards, objectives

    for version, counted in ((3, False), (4, True)):
        state = ENGINE.setup(2, 1, {"threats": True}, version=version)
        g = Game(ENGINE, state, None)
        p = state["g"]["players"]["0"]
        box = next(c for c, v in item_cards.cards(g).items() if v["family"] == "box")
        p["ext"] = {"X1": [box, box], "X2": [box], "X3": [box], "X4": [box]}
        p["container"], p["store"] = ["MIN"], {"X2": {"LAS": 1}}
        assert objectives.met(g, p, {"pred": "ITEMS", "min": 5, "family": "box"}) is counted
        assert objectives.met(g, p, {"pred": "ITEMS", "min": 6}) is False
        assert objectives.met(g, p, {"pred": "ALL_EXTENSIONS_USED"}) is counted
        assert objectives.met(g, p, {"pred": "CAPTURED", "min": 2}) is counted
        p["ext"]["X4"] = []
        assert objectives.met(g, p, {"pred": "ALL_EXTENSIONS_USED"}) is False
