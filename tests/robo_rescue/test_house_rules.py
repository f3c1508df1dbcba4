"""House rules: ``tier3_turbo_is_portal`` (spec AMB-01) swaps the Tier-3 Turbo for a Portal token."""

from __future__ import annotations

from typing import Any

import pytest

from engines.core import IllegalAction, OptionError
from engines.robo_rescue import ENGINE
from tests.robo_rescue.helpers import C, legal, me, play, ready, set_hand

HOUSE = "tier3_turbo_is_portal"


def at_conversions(portal: bool, hand: list[str] | None = None) -> dict[str, Any]:
    """Seat 0 in Conversions after a Standby, with the house rule on or off."""
    s = ready(3)
    s["options"][HOUSE] = portal
    s = play(s, "standby")
    set_hand(s, 0, hand or ["FORWARD"] * 5)
    return s


def buys(s: dict[str, Any]) -> list[str]:
    return [a for a in legal(s) if a.startswith("buy")]


def test_amb_01_house_rule_is_a_lobby_option_default_off():
    # RR-CONV-04, AMB-01: an optional house rule, default off
    option = next(o for o in ENGINE.options_schema.options if o.name == HOUSE)
    assert option.default is False and option.kind == "bool"
    assert ENGINE.setup(3, 1)["options"][HOUSE] is False
    assert ENGINE.setup(3, 1, {HOUSE: "yes"})["options"][HOUSE] is True
    with pytest.raises(OptionError):
        ENGINE.setup(3, 1, {HOUSE: "maybe"})


def test_rr_conv_04_amb_01_off_tier3_turbo_shown_at_the_cheaper_price_only():
    # RR-CONV-04, AMB-01: Turbo is in both rows by the text; only the Tier-2 price is offered; no Portal
    first_tier3 = next(r for r in C.rewards if r.tier == 3)
    assert (first_tier3.kind, first_tier3.type) == ("MODIFIER", "TURBO")
    offers = buys(at_conversions(False))
    assert "buy:2:MODIFIER:TURBO" in offers
    assert "buy:3:MODIFIER:TURBO" not in offers
    assert not [a for a in offers if "PORTAL" in a]  # RR-MOD-10


def test_rr_conv_04_amb_01_on_tier3_offers_portal_instead_of_turbo():
    # RR-CONV-04, AMB-01 house rule on: Tier 3 shows Portal; Tier 2 keeps its Turbo
    s = at_conversions(True)
    offers = buys(s)
    assert "buy:3:MODIFIER:PORTAL" in offers
    assert "buy:2:MODIFIER:TURBO" in offers and "buy:3:MODIFIER:TURBO" not in offers
    assert {"buy:3:MODIFIER:ONESTEP", "buy:3:MODIFIER:LEVITATE", "buy:3:CABLE:BEND"} <= set(offers)
    assert ENGINE.label(s, 0, ENGINE.legal_actions(s, 0)[offers.index("buy:3:MODIFIER:PORTAL")]) == \
        "Pay 3 cards, tokens or oil → a Portal token"


def test_rr_conv_04_amb_01_buying_the_portal_costs_three():
    # RR-CONV-04, RR-CONV-10, AMB-01: pay 3 units, the Portal comes from the supply
    s = at_conversions(True)
    before = s["g"]["supply"]["modifiers"]["PORTAL"]
    s, events = ENGINE.apply(s, 0, "buy:3:MODIFIER:PORTAL")  # Forward cards only: the 3 pay themselves
    assert [e["text"] for e in events].count("{seat0} spends a Forward card.") == 3
    assert me(s)["modifiers"]["PORTAL"] == 1
    assert s["g"]["supply"]["modifiers"]["PORTAL"] == before - 1
    assert len(s["g"]["hands"]["0"]) == 2
    # RR-CONV-06: one modifier reward per turn, whichever row it came from
    assert not [a for a in buys(s) if ":MODIFIER:" in a]


def test_rr_conv_04_amb_01_portal_needs_supply_and_three_units():
    # RR-CONV-04, RR-CONV-13, AMB-01: not offered when the supply is out or the player cannot pay 3
    s = at_conversions(True)
    s["g"]["supply"]["modifiers"]["PORTAL"] = 0
    assert "buy:3:MODIFIER:PORTAL" not in buys(s)
    t = at_conversions(True, ["FORWARD", "LEFT"])
    assert "buy:3:MODIFIER:PORTAL" not in buys(t) and "buy:2:MODIFIER:TURBO" in buys(t)
    with pytest.raises(IllegalAction):
        play(t, "buy:3:MODIFIER:PORTAL")


def test_rr_conv_04_amb_01_off_portal_cannot_be_bought():
    # RR-MOD-10, AMB-01: without the house rule Portal stays Bonus/Antigravity-only
    s = at_conversions(False)
    with pytest.raises(IllegalAction):
        play(s, "buy:3:MODIFIER:PORTAL")
