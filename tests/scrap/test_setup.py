"""Setup by player count and Intelligence combination (SC-SETUP-*), the options and the first prompt."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from engines.core import OptionError, act
from engines.scrap.content import load

from .helpers import ENGINE, through_setup

C = load()
INTS = list(C.intelligences)
COMBOS = [(n, combo) for n in (2, 3, 4) for combo in itertools.combinations(INTS, n)]


def _opts(combo):
    return {"intelligences": ",".join(combo)}


@pytest.mark.parametrize("n,combo", COMBOS, ids=lambda x: x if isinstance(x, int) else "-".join(x))
def test_setup_every_combination(n, combo):
    state = through_setup(n, 7, _opts(combo))
    g = state["g"]
    # SC-SETUP-01, SC-SETUP-02: the Heart in the centre plus 6/8/10 Areas
    assert g["areas"]["H"] == C.heart and len(g["areas"]) == {2: 7, 3: 9, 4: 11}[n]
    assert len(set(g["areas"].values())) == len(g["areas"])
    # SC-SETUP-03: 3/4/5 Ruins
    assert sum("ruins" in s for s in g["links"].values()) == {2: 3, 3: 4, 4: 5}[n]
    # SC-SETUP-04, SC-SETUP-05, SC-SETUP-06: a Relic on every Area but the Heart, 8 or 12 in use
    assert C.heart not in g["relics"] and set(g["relics"]) == set(g["areas"].values()) - {C.heart}
    domains = Counter(dict(C.relics)[r] for r in g["relics"].values())
    assert all(v <= (2 if n < 4 else 3) for v in domains.values())
    # SC-SETUP-07, SC-SETUP-08, SC-SETUP-10: supplies
    assert g["supply"]["weapons"] == 20 and len(g["fragments"]) == 48
    assert {d: len(v) for d, v in g["supply"]["energisers"].items()} == {d: 3 for d in "CITE"}
    # SC-SETUP-13, SC-SETUP-22, SC-SETUP-23: order by POWER, Energy and Data by seat, lowest POWER first
    power = [C.intelligences[g["players"][str(s)]["intel"]].power for s in g["order"]]
    assert power == sorted(power)
    assert [(g["players"][str(s)]["energy"], g["players"][str(s)]["data"]) for s in g["order"]] == \
        [(2, 0), (3, 0), (3, 1), (3, 2)][:n]
    assert state["stack"][-1] == {"step": "choose_active", "seat": g["order"][0]}
    for s in range(n):
        p, intel = g["players"][str(s)], C.intelligences[combo[s]]
        assert p["intel"] == combo[s]
        assert sorted(p["hand"]) == sorted(intel.start_hand) and len(p["box"]) == 6  # SC-SETUP-17
        assert p["knowledge"] == dict(intel.start_knowledge)  # SC-SETUP-18
        assert p["mode"] == "CENTRE" and p["queue"] == []  # SC-SETUP-19
        mine = [b for b in g["bots"].values() if b["owner"] == s]
        assert len(mine) == sum(b.count for b in intel.bots)  # SC-SETUP-14, SC-SETUP-15
        ships = [lk for lk, stack in g["links"].items() if f"ship:{s}" in stack]
        assert len(ships) == 1 and g["links"][ships[0]][-1] == f"ship:{s}"  # SC-SETUP-20: on top
        placed = [b for b in mine if b["at"] is not None]
        lk = next(x for x in C.links if x.id == ships[0])
        assert {b["at"] for b in placed} <= {g["areas"][lk.a], g["areas"][lk.b]}  # SC-SETUP-21
        assert Counter(b["size"] for b in placed) == {b.size: b.start for b in intel.bots if b.start}
    assert sum(f"ship:{s}" in " ".join(st) for st in g["links"].values() for s in range(n)) == n  # one per Link


def test_ships_never_share_a_link_and_ruins_are_allowed():
    # SC-SETUP-20
    state = ENGINE.setup(2, 3, _opts(("cerebrum", "tachyon")))
    while state["stack"][-1]["step"] != "place_ship":
        seat = ENGINE.active(state)[0]
        state, _ = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    seat = state["stack"][-1]["seat"]
    links = list(state["g"]["links"])
    ruined = next(i for i, lk in enumerate(links) if "ruins" in state["g"]["links"][lk])
    assert act("link", ruined) in ENGINE.legal_actions(state, seat)
    state, _ = ENGINE.apply(state, seat, act("link", ruined))
    assert state["g"]["links"][links[ruined]] == ["ruins", f"ship:{seat}"]
    other = ENGINE.active(state)[0]
    assert act("link", ruined) not in ENGINE.legal_actions(state, other)


def test_start_bots_split_any_way():
    # SC-SETUP-21: all in one Area is allowed
    state = ENGINE.setup(2, 4, _opts(("kirurgeon", "olympus")))
    while state["stack"][-1]["step"] != "place_bots":
        seat = ENGINE.active(state)[0]
        state, _ = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[0])
    seat = state["stack"][-1]["seat"]
    assert ENGINE.legal_actions(state, seat) == [act("split", k) for k in (3, 2, 1, 0)]
    assert ENGINE.label(state, seat, act("split", 3)).startswith("3 Needles to ")


def test_attribute_setups():
    # SC-SETUP-16, SC-ATTR-02: Vulkanos places a Fissure before Ships; Tachyon takes a Celestium; XP, Vows
    state = ENGINE.setup(4, 2, _opts(("vulkanos", "tachyon", "cerebrum", "olympus")))
    order = [s for s in state["g"]["order"]]
    assert [state["g"]["players"][str(s)]["intel"] for s in order] == ["cerebrum", "tachyon", "vulkanos", "olympus"]
    assert state["stack"][-1] == {"step": "setup_celestium", "seat": 1}
    state, _ = ENGINE.apply(state, 1, act("slot", 3))
    assert state["g"]["players"]["1"]["celestium"] == [False, False, False, True]
    assert state["g"]["supply"]["celestium"] == 15
    # the slot's Action may be used (Progress 1): passing the 3-4 gap takes the Level-1 Function (SC-CALL-06,
    # SC-CALL-09)
    assert ENGINE.legal_actions(state, 1) == [act("pick", "use"), act("pick", "skip")]
    state, _ = ENGINE.apply(state, 1, act("pick", "use"))
    assert ENGINE.label(state, 1, act("pick", "E")) == "Progress in Exploration (3 → 4)"
    state, _ = ENGINE.apply(state, 1, act("pick", "E"))
    tachyon = state["g"]["players"]["1"]
    assert tachyon["knowledge"]["E"] == 4 and len(tachyon["hand"]) == 8 and len(tachyon["box"]) == 5
    assert C.functions[tachyon["hand"][-1]].level == "1" and C.functions[tachyon["hand"][-1]].domain == "E"
    assert state["stack"][-1]["step"] == "setup_fissure"
    free = [i for i, lk in enumerate(state["g"]["links"]) if "ruins" not in state["g"]["links"][lk]]
    assert ENGINE.legal_actions(state, 0) == [act("link", i) for i in free]
    state, _ = ENGINE.apply(state, 0, act("link", free[0]))
    assert state["g"]["players"]["0"]["unique"]["fissures"] == 5
    assert state["stack"][-1] == {"step": "place_ship", "seat": 2}
    u = state["g"]["players"]
    assert u["2"]["unique"]["xp"] == 4 and u["3"]["unique"]["vows"] == {"peace": "vow", **{
        v: "vow" for v in C.vows}} and u["3"]["unique"]["divinity"] == 0


def test_random_choice_and_first_game():
    # SC-SETUP-12: the Randomisers; the first-game recommendation leaves out Entropy and Olympus
    for seed in range(12):
        state = ENGINE.setup(4, seed, {"first_game": True})
        assert set(state["g"]["intel"].values()) == {"cerebrum", "kirurgeon", "tachyon", "vulkanos"}


def test_draft_in_seat_order():
    state = ENGINE.setup(3, 1, {"intelligences": "draft"})
    assert state["stack"][-1]["step"] == "draft" and ENGINE.active(state) == [0]
    state, _ = ENGINE.apply(state, 0, act("intel", INTS.index("vulkanos")))
    assert ENGINE.active(state) == [1] and act("intel", INTS.index("vulkanos")) not in ENGINE.legal_actions(state, 1)


def test_energised_snake_draft():
    # SC-VARIANT-01: one Energiser of each Domain; two rounds, the second reversed; the Energiser starts in hand
    state = ENGINE.setup(2, 1, {"intelligences": "draft", "energised": True})
    assert len(state["g"]["energiser_offer"]) == 4
    seats = []
    while state["stack"][-1]["step"] == "draft":
        seat = ENGINE.active(state)[0]
        seats.append(seat)
        state, _ = ENGINE.apply(state, seat, ENGINE.legal_actions(state, seat)[-1])
    assert seats == [0, 1, 1, 0]
    assert all(sum(isinstance(c, str) for c in p["hand"]) == 1 for p in state["g"]["players"].values())
    with pytest.raises(OptionError):
        ENGINE.setup(4, 1, {"energised": True})


def test_warped_ring_and_casual_queue():
    # SC-VARIANT-02, SC-VARIANT-03
    rings = {tuple(ENGINE.setup(2, s, {"warped": True})["g"]["ring"]) for s in range(10)}
    assert len(rings) > 1 and all(sorted(r) == list("CEIT") for r in rings)
    state = ENGINE.setup(2, 1, {"casual": True})
    assert all(p["queue_limit"] == 1 for p in state["g"]["players"].values())


def test_bad_intelligence_lists_are_refused():
    for text in ("cerebrum", "cerebrum,cerebrum", "cerebrum,nobody"):
        with pytest.raises(OptionError):
            ENGINE.setup(2, 1, {"intelligences": text})


def test_first_turn_active_function_excludes_raids():
    # SC-RUN-03; §6.7 default: the lowest reference number that is not a Raid
    state = through_setup(2, 5, _opts(("cerebrum", "entropy")))
    seat = ENGINE.active(state)[0]
    legal = ENGINE.legal_actions(state, seat)
    refs = [a.args[0] for a in legal]
    assert all(C.functions[r].family != "raid" for r in refs)
    hand = state["g"]["players"][str(seat)]["hand"]
    assert any(C.functions[r].family == "raid" for r in hand)
    assert ENGINE.default_action(state, seat) == act("play", min(refs))
