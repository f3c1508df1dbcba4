"""Vulkanos' Bombardment: a Crush aimed at an adjacent Area (ATT-VUL-2, SC-ACT-CRUSH-01, SC-ACT-CRUSH-03)."""

from __future__ import annotations

from engines.core import Game
from engines.scrap import board

from .battles import data, labels, options, pick, run_effect, table
from .helpers import ENGINE

VUL = {"intelligences": "vulkanos,cerebrum"}


def seats(state):
    vul = next(int(s) for s, p in state["g"]["players"].items() if p["intel"] == "vulkanos")
    return vul, 1 - vul


def place(state, seat, size, at):
    bid = next(b for b, bot in sorted(state["g"]["bots"].items())
               if bot["owner"] == seat and bot["size"] == size and bot["at"] is None)
    state["g"]["bots"][bid]["at"] = at
    return bid


def test_bombardment_aims_a_size_2_crush_at_an_adjacent_area_at_value_minus_1():
    # ATT-VUL-2: Size >= 2, adjacent Area (sharing any Link, Obstacles ignored), Value - 1
    state = table(2, VUL)
    vul, foe = seats(state)
    here = state["g"]["areas"]["R1"]
    lk = next(lk for lk in state["g"]["links"] if here in board.link_areas(game(state), lk))
    there = next(a for a in board.link_areas(game(state), lk) if a != here)
    state["g"]["links"][lk].append(f"ship:{foe}")  # an Obstacle for Vulkanos: ignored
    gunner = place(state, vul, 2, here)
    target = place(state, foe, 1, there)
    state = run_effect(state, vul, "node", node={"op": "crush", "bot": gunner, "k": 0})
    assert f"a{there}" in options(state)
    assert any(label.startswith("Bombard ") and "Crush 1" in label for label in labels(state))
    before = data(state, vul)
    state = pick(state, f"a{there}")
    assert f"t{target}" in options(state)
    state = pick(state, f"t{target}")
    if state["stack"][-1]["step"] == "choose" and "done" in options(state):
        state = pick(state, "done")
    assert state["g"]["bots"][target]["at"] != there and data(state, vul) == before + 1


def test_a_size_1_bot_cannot_bombard():
    # ATT-VUL-2: only Bots of Size 2 or more
    state = table(2, VUL)
    vul, foe = seats(state)
    here = state["g"]["areas"]["R1"]
    g = game(state)
    there = next(a for lk in state["g"]["links"] for a in board.link_areas(g, lk)
                 if here in board.link_areas(g, lk) and a != here)
    spark = place(state, vul, 1, here)
    place(state, foe, 1, there)
    place(state, foe, 1, here)
    state = run_effect(state, vul, "node", node={"op": "crush", "bot": spark, "k": 0})
    assert not [t for t in options(state) if str(t).startswith("a")]


def game(state):
    return Game(ENGINE, state, 0)
