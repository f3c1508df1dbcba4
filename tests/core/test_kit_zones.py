"""The testing kit and secrecy declared once (zones): a zoned engine fuzzes clean, and state the zones miss or
a declared zone that is shown anyway is caught."""

from __future__ import annotations

from typing import Any

from engines.core import Action, Engine, Game, State, dumps
from engines.core.kit import assert_clean, fuzz, playout
from engines.core.zones import Zones, nobody, owner, public
from tests.core._play import to_turn
from tests.fixtures.tiny import Bid, ChooseTarget, TinyDuel, Turn, register

# -- secrecy declared once (zones) ------------------------------------------------------------------

TINY_ZONES = Zones(
    public("g.round", "g.scores", "g.gifts", "g.marks", "g.last_bids"),
    nobody("g.deck"),
    owner("g.hands.{seat}"),
)


class ZonedDuel(TinyDuel):
    """Tiny Duel with its secrecy declared in zones instead of a ``hidden_paths`` hook."""

    id = "zoned"
    zones = TINY_ZONES
    hidden_paths = Engine.hidden_paths


def test_zones_derive_the_same_hidden_paths_and_fuzz_clean() -> None:
    legacy, zoned = register(), ZonedDuel()
    for players, seed in ((1, 0), (3, 1), (4, 2)):
        state = to_turn(legacy, players=players, seed=seed)
        for s in (legacy.setup(players, seed), state):
            for seat in [None, *range(players)]:
                assert sorted(zoned.all_hidden_paths(s, seat)) == sorted(legacy.all_hidden_paths(s, seat))
                assert dumps(zoned.view(s, seat)["table"]) == dumps(legacy.view(s, seat)["table"])
    assert_clean(fuzz(zoned, [1, 2, 3, 4], 12))


class SecretPileDuel(ZonedDuel):
    """(j) A hidden pile added to the state but not declared in the zones."""

    id = "broken_undeclared"

    def start(self, g: Game) -> None:
        super().start(g)
        g.g["burned"] = g.draw(g.g["deck"])


class PeekTurn(Turn):
    def act(self, g: Game, seat: int, action: Action) -> None:
        super().act(g, seat, action)
        if action.verb == "draw":
            g.g["seen"] = {str(seat): g.g["deck"][:1]}


class LateSecretDuel(ZonedDuel):
    """(j') An undeclared part appears mid-game."""

    id = "broken_undeclared_late"
    steps = (Bid, PeekTurn, ChooseTarget)


def test_kit_catches_state_missing_from_the_zones() -> None:
    report = playout(SecretPileDuel(), 2, 0)
    assert report.leak == ("state path g.burned is in no declared zone at step 0 "
                           "(declare it public or secret in the game's zones)")
    assert not report.clean and report.steps == 0
    flagged = [r for r in fuzz(LateSecretDuel(), [2, 3], 8) if r.leak]
    assert len(flagged) >= 4
    assert all(r.leak.startswith("state path g.seen is in no declared zone at step ") for r in flagged)


class NamingTurn(Turn):
    """Its prompt, built from the real state, names the top card of the hidden deck."""

    def prompt(self, g: Game, seat: int) -> str:
        return f"Your turn (next card: {g.g['deck'][0] if g.g['deck'] else 'none'})."


class DeclaredButShownDuel(ZonedDuel):
    """(k) The deck is declared hidden, yet a prompt shows its top card."""

    id = "broken_declared_shown"
    steps = (Bid, NamingTurn, ChooseTarget)


class PeekingViewDuel(ZonedDuel):
    """A table view that tries to show every hand and the top card: it only ever sees backs."""

    id = "zoned_peeking_view"

    def table_view(self, state: State, seat: int | None) -> dict[str, Any]:
        deck = state["g"]["deck"]
        return {**super().table_view(state, seat), "hands": state["g"]["hands"], "next": deck[0] if deck else 0}


def test_kit_catches_a_declared_zone_that_is_shown() -> None:
    report = playout(DeclaredButShownDuel(), 2, 0)
    assert report.leak and report.leak.startswith("view of seat") and "prompt" in report.leak
    assert not report.clean


def test_the_core_redacts_declared_zones_before_table_view() -> None:
    engine = PeekingViewDuel()
    state = to_turn(engine, players=3, seed=2)
    table = engine.view(state, 1)["table"]
    assert table["hands"]["1"] == state["g"]["hands"]["1"]
    assert table["hands"]["0"] == [None] * len(state["g"]["hands"]["0"]) and table["next"] is None
    assert all(h == [None] * len(state["g"]["hands"][s]) for s, h in engine.view(state, None)["table"]["hands"].items())
    assert_clean(fuzz(engine, [2, 3], 6))
