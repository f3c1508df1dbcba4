"""The fast paths (precomputed geometry, memos, short cuts) answer exactly as the plain rules would.

Each test compares an optimised query with a direct re-statement of the rule over many random positions.
"""

from __future__ import annotations

import random
from typing import Any

from engines.core import Action, Game, copy_state
from engines.robo_rescue import ENGINE, cables, conversions
from engines.robo_rescue.content import OPPOSITE
from engines.robo_rescue.movement import Blocked, copy_world, run_position, world_of
from engines.robo_rescue.program import (
    MEMO_LIMIT,
    _with,
    cards_completable,
    cards_needed,
    choices_at,
    completable,
    movement_counts,
    token_sources,
)
from tests.robo_rescue.helpers import C, ready

STEP = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}


def cell_at(x: int, y: int) -> str | None:
    inside = 0 <= x < len(C.matrix_cols) and 0 <= y < C.matrix_rows
    return f"{C.matrix_cols[x]}{y + 1}" if inside else None


def ref_connected(m: dict[str, str], cell: str, side: str) -> bool:
    """RR-CABLE-10 restated from the raw data."""
    if any(e.cell == cell and e.side == side for e in C.endpoints):
        return True
    x, y = C.matrix_cols.index(cell[0]), int(cell[1:]) - 1
    dx, dy = STEP[side]
    other = cell_at(x + dx, y + dy)
    return other is not None and other in m and OPPOSITE[side] in m[other]


def ref_placements(m: dict[str, str], kind: str) -> list[tuple[str, str]]:
    cells = [f"{col}{row}" for col in C.matrix_cols for row in range(1, C.matrix_rows + 1)]
    return [(cell, o) for cell in cells if cell not in m and cell not in C.node_cells
            for o in C.cable_orients[kind] if any(ref_connected(m, cell, side) for side in o)]


def ref_removable(m: dict[str, str], locked: list[str]) -> int:
    m, count = dict(m), 0
    while True:
        loose = [x for x in m if x not in locked and not all(ref_connected(m, x, s) for s in m[x])]
        if not loose:
            return count
        for x in loose:
            del m[x]
            count += 1


def random_matrix(rnd: random.Random) -> dict[str, str]:
    m: dict[str, str] = {}
    for _ in range(rnd.randint(0, 14)):
        options = ref_placements(m, rnd.choice(["STRAIGHT", "BEND"]))
        if options:
            cell, orient = rnd.choice(options)
            m[cell] = orient
    return m


def test_rr_cable_memoised_queries_match_the_rules():
    # RR-CABLE-03, RR-CABLE-04, RR-CABLE-05, RR-CABLE-10, RR-CONV-08
    rnd = random.Random(7)
    for _ in range(300):
        m = random_matrix(rnd)
        locked = rnd.sample(sorted(m), k=min(len(m), rnd.randint(0, 3)))
        for kind in ("STRAIGHT", "BEND"):
            first = cables.legal_placements(C, m, kind)
            assert first == ref_placements(m, kind)
            first.clear()  # a caller changing the answer does not change the memo
            assert cables.legal_placements(C, m, kind) == ref_placements(m, kind)
        assert cables.removable_count(C, m, locked) == ref_removable(m, locked)
        for cell in m:
            assert cables.is_loose(C, m, cell) == (not all(ref_connected(m, cell, s) for s in m[cell]))
    assert len(C.cable_geo.cache) <= cables.CACHE_LIMIT + 1


def test_rr_cable_completed_connections_answer_is_a_fresh_copy():
    # RR-CABLE-11: a route for connection B; mutating the returned cells leaves the memo intact
    route = C.raw["cable_matrix"]["reference_routes"]["B"]
    done = cables.completed_connections(C, route)
    assert set(done) == {"B"}
    done["B"].clear()
    assert sorted(cables.completed_connections(C, route)["B"]) == sorted(route)


def ref_completable(w: dict[str, Any], cmd: dict[str, Any], i: int, avail: set[str]) -> bool:
    """RR-PROG-13 by brute force: every position, every choice, no short cuts."""
    positions = C.positions[cmd["kind"]]
    if i == len(positions):
        return True
    p = positions[i]
    for choice in choices_at(C, w, cmd, p, avail):
        nxt, w2 = _with(cmd, p, choice), copy_world(w)
        try:
            run_position(w2, C, nxt, p)
        except Blocked:
            continue
        if ref_completable(w2, nxt, i + 1, avail):
            return True
    return False


def random_spot(rnd: random.Random, state: dict[str, Any]) -> Game:
    s = copy_state(state)
    g = s["g"]
    spaces = [f"{c}{r}" for c in "ABCDEFGHIJ" for r in range(1, 11)]
    taken = rnd.sample(spaces, len(g["robots"]) + len(g["boxes"]))
    for i, seat in enumerate(sorted(g["robots"])):
        g["robots"][seat] = {"at": taken[i], "facing": rnd.choice("NESW")}
    g["boxes"] = taken[len(g["robots"]):]
    kinds = ["ROT90", "ROT180", "BLAST", "PORTAL", "ONESTEP", "TURBO", "LEVITATE"]
    g["players"]["0"]["modifiers"] = {k: 1 for k in rnd.sample(kinds, rnd.randint(0, 4))}
    g["players"]["0"]["energy"] = rnd.randint(0, 2)
    return Game(ENGINE, s, None)


def test_rr_prog_13_completable_short_cuts_match_brute_force():
    # RR-PROG-13, RR-PROG-14, RR-PROG-16: the search skips empty non-card positions and the tail after the
    # last card; the answer is the brute-force one
    rnd = random.Random(11)
    base = ready(3)
    for _ in range(250):
        g = random_spot(rnd, base)
        w, avail = world_of(g.g, 0), set(token_sources(g, 0))
        kind = rnd.choice(["single", "combi"])
        cards = [rnd.choice(["FORWARD", "LEFT", "RIGHT"]) for _ in range(cards_needed(C, kind))]
        cmd = {"kind": kind, "cards": cards, "mods": {}}
        assert completable(C, w, cmd, 0, avail) == ref_completable(w, cmd, 0, avail)


def test_rr_prog_16_memoised_card_search_matches_a_cold_search():
    # RR-PROG-16: the memo of cards_completable never changes an answer
    rnd = random.Random(5)
    base = ready(3)
    for _ in range(120):
        g = random_spot(rnd, base)
        hand = g.g["hands"]["0"]
        counts = movement_counts(g, 0)
        for kind in ("single", "combi"):
            warm = cards_completable(g, 0, {"kind": kind, "cards": [], "mods": {}})
            C.memo.pop("commands", None)
            cold = cards_completable(g, 0, {"kind": kind, "cards": [], "mods": {}})
            assert warm == cold
            need = cards_needed(C, kind)
            pairs = [[a] for a in counts] if need == 1 else [[a, b] for a in counts for b in counts
                                                               if a != b or counts[a] > 1]
            w, avail = world_of(g.g, 0), set(token_sources(g, 0))
            brute = any(ref_completable(w, {"kind": kind, "cards": p, "mods": {}}, 0, avail) for p in pairs)
            assert cold == brute, (kind, hand)
    assert len(C.memo.get("commands", {})) <= MEMO_LIMIT + 1


def ref_offers(g: Game, seat: int) -> list[Action]:
    """D-08a/b restated: cheapest tier first, each reward once, gainable and affordable."""
    seen, acts = set(), []
    for r in sorted(conversions.rewards_for(g), key=lambda r: r.cost):
        for card in ([x for x in g.g["ability_supply"] if x] if r.kind == "ABILITY" else [None]):
            key = (r.kind, card or r.type)
            if key in seen or not conversions.reward_gainable(g, seat, r, card):
                continue
            if any(conversions.resource_units(g, seat, res) >= r.cost for res in r.pay_with):
                seen.add(key)
                acts.append(Action("buy", r.tier, r.kind, card or r.type))
    return acts


def test_rr_conv_offers_match_the_plain_rule_over_random_games():
    # RR-CONV-01, RR-CONV-03, RR-CONV-04, RR-CONV-06, RR-CONV-13: offers and legal actions in real playouts
    for seed in (1, 2):
        rnd = random.Random(seed)
        state = ENGINE.setup(2 + seed, seed, {"round_cap": 6, "tier3_turbo_is_portal": seed == 2})
        while state["result"] is None:
            seat = rnd.choice(ENGINE.active(state))
            if state["stack"][-1]["step"] == "conversions" and not state["stack"][-1].get("reward"):
                g = Game(ENGINE, state, None)
                assert conversions.offers(g, seat) == ref_offers(g, seat)
            state, _ = ENGINE.apply(state, seat, rnd.choice(ENGINE.legal_actions(state, seat)))

