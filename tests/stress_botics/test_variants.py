"""The §5 rulings as lobby options (issue 17, stage 8): the Server refresh's stress (AMB-04), the 1-2p Box Item
choice's discount (AMB-56), the rulings file agreeing with the options' defaults, and random games with every
option away from its default (SB-INTERACT-11, SB-CONNECT-06)."""

from __future__ import annotations

import re

import pytest

from engines.core import OptionError
from engines.core.kit import assert_clean, fuzz
from engines.stress_botics import alpha_items, bot_hull

from .engine_helpers import ENGINE, ctx, legal, p, play, step_name
from .helpers import load
from .test_advanced_items import at_vault, connect, two_player
from .test_alpha_items import server_state
from .test_interact import interacting

VARIANTS = {"end_timing": "end_of_round", "turn_order": "seat", "first_game_layout": True,
            "random_start_events": True, "reshuffled_decks": "face_down", "threats": True,
            "phase5_move_pushes_betabots": True, "attacked_explosive_blast": False,
            "server_refresh_stress_delta": "costs_stress", "elite_classic_mode": True, "elite_spawn_on_x": False,
            "free_battery_setup": True}
"""Every option away from its default, except ``threats`` (off, the other threat options do nothing; the kit
tests of test_setup_and_kit play it off) and the two 2-player ones, added for 2 players."""
TWO_PLAYERS = {"aggressive_orbit": True, "box_option_keeps_discount": True}


def variants(players: int) -> dict[str, object]:
    return {**VARIANTS, **(TWO_PLAYERS if players == 2 else {})}


def option(name):
    return next(o for o in ENGINE.options_schema.options if o.name == name)


def test_the_new_options_are_declared_in_words():
    # AMB-04, AMB-56: defaults = the spec's rulings, so existing games play on unchanged
    refresh, box = option("server_refresh_stress_delta"), option("box_option_keeps_discount")
    assert refresh.default == "literal" and refresh.choices == ("literal", "costs_stress")
    assert box.default is False and box.kind == "bool"
    assert "stress by 2" in refresh.help and "discount" in box.help and "2 players" in box.label


def test_rulings_file_agrees_with_the_option_defaults():
    # spec §5: each ruling "becomes a named engine constant or config flag"; rules.json records the defaults
    defaults = ENGINE.options_schema.defaults()
    checked = []
    for ruling in load("rules.json")["rulings"]:
        name = re.match(r"(\w+)[:.]", ruling["text"])
        if name and name.group(1) in defaults:
            assert ruling["default"] == defaults[name.group(1)], ruling["id"]
            checked.append(ruling["id"])
    assert {"AMB-01", "AMB-04", "AMB-05", "AMB-14", "AMB-54", "AMB-55", "AMB-56"} <= set(checked)


@pytest.mark.parametrize("value, stress", [("literal", 8), ("costs_stress", 12), (None, 8)])
def test_server_refresh_stress_follows_the_option(value, stress):
    # SB-INTERACT-11, AMB-04: the printed refresh lowers stress by 2 (default); 'costs_stress' raises it by 2.
    # None: a game saved before the option existed plays the printed rule.
    state = server_state()
    if value is None:
        del state["options"]["server_refresh_stress_delta"]
    else:
        state["options"]["server_refresh_stress_delta"] = value
    state = play(interacting(state), 0, "do:server:none")
    label = ENGINE.label(state, 0, next(a for a in ENGINE.legal_actions(state, 0) if a.verb == "refresh"))
    assert f"{stress - 10:+d} stress" in label
    state = play(state, 0, "refresh")
    assert p(state, 0)["stress"] == stress and state["g"]["ab_items"]["available"] == ["AB10", "AB11"]


def test_printed_refresh_stress_stays_in_the_data():
    # AMB-04: the number is the rulebook's, kept once in alphabot.json; the option only says how to read it
    state = server_state()
    printed = ENGINE.data["alphabot"]["server_tile"]["A"][0]["effect"][0]["params"]["refresh_stress"]
    assert alpha_items.refresh_stress(ctx(state)) == printed == -2
    state["options"]["server_refresh_stress_delta"] = "costs_stress"
    assert alpha_items.refresh_stress(ctx(state)) == -printed


@pytest.mark.parametrize("value, refreshes", [("literal", True), ("costs_stress", False)])
def test_bot_refreshes_only_when_it_lowers_stress(value, refreshes):
    # SB-INTERACT-11, AMB-04: the bot takes the free −2 stress; at +2 it keeps the affordable item it sees
    state = server_state()
    state["options"]["server_refresh_stress_delta"] = value
    state = play(interacting(state), 0, "do:server:none")
    assert (bot_hull.refresh_worth(ctx(state), 0) > 0) == refreshes
    choice = str(ENGINE.bot_action(state, 0))
    assert (choice == "refresh") == refreshes
    if not refreshes:
        assert choice == "opt:A1:AB07"


def box_state(keeps: bool | None, slots=("AD-C2", "AD-A1")):
    """2 players on Advanced Items Vault 02 side B at pressure 4 (discount 3), AD-C2 (2 C + 1 bC) offered."""
    state = at_vault(two_player(slots), 0, "02", side="B")
    state["g"]["pressure"] = 4
    if keeps is None:
        del state["options"]["box_option_keeps_discount"]
    else:
        state["options"]["box_option_keeps_discount"] = keeps
    p(state, 0).update(track=["bC", "bTi", "bSi", "bC"], inside="bSi",
                       tanks={"1": {"C": 2}, "2": {}, "3": {}, "4": {}})
    return play(connect(state), 0, "do:items:inside")


@pytest.mark.parametrize("keeps, off", [(False, 0), (True, 3), (None, 0)])
def test_box_item_choice_and_the_vault_discount(keeps, off):
    # SB-CONNECT-06 (ii), AMB-56: the Box Item, then the Advanced Item for its full printed cost (default), or
    # with the vault's discount when the option is on. None: a game saved before the option existed.
    state = box_state(keeps)
    assert "buy:AD-C2:box" in legal(state, 0)
    assert ("full cost" in ENGINE.prompt(state, 0)) == (off == 0)
    label = ENGINE.label(state, 0, next(a for a in ENGINE.legal_actions(state, 0) if str(a) == "buy:AD-C2:box"))
    assert label.endswith(f", {off} off") == bool(off)
    state = play(play(state, 0, "buy:AD-C2:box"), 0, "none")
    assert step_name(state) == "pay_item"
    assert state["stack"][-1]["discount"] == off and state["stack"][-1]["cost"] == {"C": 2, "bC": 1}


@pytest.mark.parametrize("keeps", [False, True])
def test_bot_takes_the_box_item_when_it_keeps_the_discount(keeps):
    # SB-CONNECT-06, AMB-56: the Box costs the discount by default, so the bot buys plainly; with the option the
    # free Box Item comes at no cost, so it takes it
    choice = ENGINE.bot_action(box_state(keeps, ("AD-C2", None)), 0)
    assert choice.verb == "buy" and str(choice.args[0]) == "AD-C2" and (choice.args[1] == "box") == keeps


def test_box_option_is_for_two_players():
    # SB-CONNECT-06 (ii) is 1-2 players only (AMB-56)
    with pytest.raises(OptionError, match="for 1-2 players"):
        ENGINE.setup(3, 1, {"box_option_keeps_discount": True})
    assert ENGINE.setup(2, 1, {"box_option_keeps_discount": True})["options"]["box_option_keeps_discount"]


@pytest.mark.parametrize("players, bots", [(2, False), (2, True), (3, False), (4, False)])
def test_fuzz_with_every_variant(players, bots):
    # The contract kit on whole games with every option away from its default (AMB-01 -04 -05 -07 -14 -50 -54
    # -55 -56, the first-game layout, random start events, classic Elite, free batteries; SB-END-01). The 2p
    # bot game buys Advanced Items with a Box Item (the discount kept), which random play seldom reaches.
    reports = fuzz(ENGINE, [players], 1, seed=11, options=variants(players), bots=bots)
    assert_clean(reports)
    assert all(r.completed for r in reports)
