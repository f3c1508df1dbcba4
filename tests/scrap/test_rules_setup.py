"""Setup and component rules checked against the state after setup and against data/scrap/ (SC-SETUP, SC-RUN-10,
SC-CALL-15, SC-ACT-BOT, SC-ATTR, component counts)."""

from __future__ import annotations

from engines.core import Game
from engines.scrap import board

from .files import load
from .helpers import ENGINE, through_setup


def test_mode_board_coloured_side_and_domain_ring():
    # SC-SETUP-09: the coloured side; the Domain Boards around it so the colours match (ring C-I-E-T, §4.3)
    mode = load("mode_board")
    assert mode["sides"]["standard"] == "coloured"
    state = through_setup(3, 1)
    assert state["g"]["ring"] == mode["ring"] == ["C", "I", "E", "T"]
    colours = {d: ENGINE.data.domains[d].colour for d in mode["ring"]}
    assert len(set(colours.values())) == 4 and colours["C"] == "yellow"
    for d, near in mode["adjacency"].items():
        if d != mode["centre"]:
            assert mode["opposite"][d] not in near and len(near) == 2


def test_every_player_starts_with_a_data_dial_at_0_and_only_later_seats_get_data():
    # SC-SETUP-11: Data Dials at 0 (then the later seats' starting Data, rules.seats)
    for n in (2, 3, 4):
        state = through_setup(n, 5)
        g = state["g"]
        seats = {s["seat"]: s["data"] for s in ENGINE.data.rules["seats"]}
        for i, seat in enumerate(g["order"]):
            assert g["players"][str(seat)]["data"] == seats[i + 1]
        assert g["players"][str(g["order"][0])]["data"] == 0 and g["players"][str(g["order"][1])]["data"] == 0


def test_console_anatomy_is_in_the_intelligence_data():
    # SC-SETUP-24: icon/name, POWER, starting Knowledge, Bot stats (Strength, Size, Energy Cost, START), Energy,
    # Reserve, Queue, Celestium slots, Relic slots, Weapon slots, Attributes; SC-ACT-BOT-01: Strength and Size
    for intel in ENGINE.data.intelligences.values():
        assert intel.name and intel.power > 0
        assert set(intel.start_knowledge) == {"C", "I", "T", "E"}
        assert [b.size for b in intel.bots] == [1, 2, 3]
        assert all(b.strength >= 1 and b.cost >= 0 and b.start >= 0 for b in intel.bots)
        assert intel.bots[0].cost <= intel.bots[1].cost <= intel.bots[2].cost  # larger Bots may cost Energy
        assert len(intel.celestium_slots) >= 1 and intel.relic_slots == 4 and intel.weapon_slots >= 1
        assert len(intel.attributes) >= 2 and len(intel.functions) == 13
    assert ENGINE.data.rules["energy"] == {"min": 0, "max": 9, "excess": "lost"}


def test_bots_in_play_are_active_by_default():
    # SC-ACT-BOT-02: a Bot in play is Active or Stunned; START Bots enter Active
    state = through_setup(3, 2)
    placed = [b for b in state["g"]["bots"].values() if board.in_play(b)]
    assert placed and not any(b["stunned"] for b in placed)


def test_function_anatomy_in_the_data():
    # SC-RUN-10: Domain with Level S/1/2, Title, Reference Number, Core, Power-Up; SC-RUN-09: pu_pos
    fns = ENGINE.data.functions
    assert sorted(fns) == list(range(1, 79))
    for f in fns.values():
        assert f.name and f.domain in ("C", "I", "T", "E") and f.level in ("S", "1", "2")
        assert f.core is not None and f.power_up["pos"] in ("before", "after", "mod", "join")


def test_power_up_printed_above_resolves_first_and_below_after():
    # SC-RUN-09: the printed order decides; a 'before' Power-Up resolves ahead of the Core
    from engines.scrap import interpreter
    from engines.scrap.content import thaw

    from .battles import table
    g = Game(ENGINE, table(), 0)
    fns = ENGINE.data.functions
    before = next(r for r, f in sorted(fns.items()) if f.power_up["pos"] == "before")
    after = next(r for r, f in sorted(fns.items()) if f.power_up["pos"] == "after")
    assert interpreter.build(g, before, True)["seq"] == [thaw(fns[before].power_up["effect"]),
                                                         interpreter.build(g, before, False)]
    assert interpreter.build(g, after, True)["seq"] == [interpreter.build(g, after, False),
                                                        thaw(fns[after].power_up["effect"])]


def test_domain_board_anatomy():
    # SC-CALL-15: a 10-space Knowledge Track and Subroutine rows down the side, for each of the 4 Domains
    assert ENGINE.data.rules["knowledge_track"]["spaces"] == 10
    for dom in ENGINE.data.domains.values():
        assert dom.name and dom.shape and dom.colour
        assert [s.row for s in dom.subroutines] == [1, 2, 3, 4]
        assert [s.unlock for s in dom.subroutines] == sorted(s.unlock for s in dom.subroutines)


def test_supplies_are_hard_limits():
    # SC-ACT-WEAPONS-04 (20 double-sided Weapon tokens), SC-ACT-CELESTIUM-05 (16 Celestium), SC-ACT-FRAGMENT-05
    # (a Fragment carries only its Data value)
    state = through_setup(4, 3)
    supply = state["g"]["supply"]
    held = sum(sum(p["celestium"]) for p in state["g"]["players"].values())  # a SETUP ability may take one
    assert supply["weapons"] == 20 and supply["celestium"] + held == 16
    frags = state["g"]["fragments"]
    assert len(frags) == 48 and all(isinstance(f, int) and 1 <= f <= 4 for f in frags)


def test_attributes_have_help_texts():
    # SC-ATTR-05 (the FAQ becomes help text), SC-ATTR-06 (14 reconstructed Attributes)
    atts = [a for intel in ENGINE.data.intelligences.values() for a in intel.attributes]
    assert len(atts) == load("intelligences")["attributes_total"] == 14
    assert all(a.name and len(a.text) > 20 for a in atts)
    assert "Attribute" in load("intelligences")["source"].split("RECONSTRUCTED")[1]
