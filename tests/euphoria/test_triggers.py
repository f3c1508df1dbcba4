"""Recruit abilities answer the rules' named triggers, keyed by the recruit's data effect name."""

from __future__ import annotations

import pytest

from engines.core import EngineBug, Game
from engines.euphoria.tableau import fire
from engines.euphoria.triggers import TRIGGERS, Abilities

from .helpers import E, pl, table


def test_every_answer_names_a_real_effect_and_a_known_trigger():
    effects = {r.effect for r in E.data.recruits.values()}
    assert E.abilities.effects() <= effects
    assert all(E.abilities.answers(t) is not None for t in TRIGGERS)
    with pytest.raises(EngineBug):
        Abilities({"runaway_morale": {"no_such_trigger": lambda *a: None}})
    with pytest.raises(EngineBug):
        Abilities({"x": {"new_worker": lambda *a: None}}, {"x": {"new_worker": lambda *a: None}})


def test_fire_reaches_only_the_working_recruits_of_that_player():
    state = table(2)
    curtis = next(r.id for r in E.data.recruits.values() if r.effect == "star_knowledge_drop")
    pl(state, 0).update(active=[curtis], knowledge=4)
    pl(state, 1).update(hidden=[curtis], knowledge=4)
    g = Game(E, state, None)
    fire(g, "star_placed", 0, location="nimbus_loft", area="icarus")
    fire(g, "star_placed", 1, location="nimbus_loft", area="icarus")  # hidden: no ability
    drop = E.data.recruits[curtis].params["n"]
    assert pl(state, 0)["knowledge"] == 4 - drop and pl(state, 1)["knowledge"] == 4
    pl(state, 0)["dormant"] = [curtis]  # revealed this trigger, works from the next one
    fire(g, "star_placed", 0, location="nimbus_loft", area="icarus")
    assert pl(state, 0)["knowledge"] == 4 - drop
