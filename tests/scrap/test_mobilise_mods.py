"""MOD hooks on Mobilise and Barrage: #28/#48 moves per Bot, #48 Obstacles ignored, #71 Stun
(SC-REF-28, SC-REF-48, SC-REF-71, SC-ACT-MOBILISE-01, SC-ACT-MOBILISE-02, SC-RUN-08)."""

from __future__ import annotations

import json

from engines.core import Game
from engines.scrap import board, interpreter

from .battles import area, options, pick, put, run_effect, table
from .helpers import ENGINE

CER, TAC, KIR = 0, 1, 2
LUNGING, HERMESIAN, PYROCLASTIC = 28, 48, 71


def test_lunging_and_hermesian_mods_mark_the_mobilise():
    # SC-RUN-08, SC-REF-28 (2 Moves per Bot), SC-REF-48 (Mobilise 12, no limit, Obstacles ignored)
    g = Game(ENGINE, table(), CER)
    lunging = json.dumps(interpreter.build(g, LUNGING, True))
    assert '"max_moves": 2' in lunging and "ignore_obstacles" not in lunging
    hermes = interpreter.build(g, HERMESIAN, True)
    mob = next(x for x in hermes["plus"] if x.get("op") == "mobilise")
    assert mob["v"] == 12 and mob["max_moves"] is None and mob["ignore_obstacles"] is True
    assert "max_moves" not in json.dumps(interpreter.build(g, LUNGING, False))


def test_a_bot_may_move_twice_and_through_an_obstacle():
    # SC-REF-28: a Bot may Move up to 2 times, each Move uses its Size; SC-REF-48: Obstacles ignored
    state = table()
    bot = put(state, CER, 1, "R1")[0]
    g = Game(ENGINE, state, CER)
    here = area(state, "R1")
    lk = next(lk for lk in state["g"]["links"] if here in board.link_areas(g, lk))
    there = next(a for a in board.link_areas(g, lk) if a != here)
    state["g"]["links"][lk].append(f"ship:{KIR}")  # an Obstacle for Cerebrum
    state = run_effect(state, CER, "mobilise", left=3, moved=[], max_moves=2, ignore_obstacles=True)
    assert f"m1-{here}-{there}" in options(state)
    state = pick(state, f"m1-{here}-{there}")
    again = [t for t in options(state) if str(t).startswith(f"m1-{there}-")]
    assert again
    state = pick(state, again[0])
    assert state["g"]["bots"][bot]["at"] == again[0].split("-")[2]
    assert not [t for t in options(state) if str(t).startswith("m1-")]  # 2 Moves used


def test_pyroclastic_barrage_stuns_its_bot_whatever_happened():
    # SC-REF-71: bot.stun on the bound Bot
    state = table()
    bot = put(state, KIR, 2, "R2")[0]
    state = run_effect(state, KIR, "node", node={"op": "hook", "name": "bot.stun", "params": {"bot": bot}})
    assert state["g"]["bots"][bot]["stunned"]
