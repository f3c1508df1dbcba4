"""Stress Botics: Odyssey — the declarative top: metadata, options (the §5 rulings by name), steps and
views. Rules version 2 adds the threats (stage 3 of spec §7); version 1 games play on without them. Version 3
adds items, AlphaBot's hull, tracks and delivery (stage 4) and the Elite Cylindroid (stage 5) to them: the whole
2-4 player game. Solo with DeltaBot is issue 17."""

from __future__ import annotations

from typing import Any

from engines.core import Action, Engine, Game, Option, OptionError, OptionsSchema, State, game_dir, rules_guide
from engines.core.action import UNDO
from engines.core.effects import Choice, Registry
from engines.core.steps import Event

from . import (
    aggression,
    aggressive_cards,
    alphabot,
    bot,
    changes,
    content,
    cylindroids,
    decks,
    elite_cards,
    events,
    flow,
    robots,
    scoring,
    setup,
    setup_steps,
    threats,
    view,
)
from .activation import Activation
from .advanced_items import BoxPick, Shop
from .alpha_delivery import AlphaDeliver, FreeItem
from .alpha_items import HatchItem
from .combat import Disarm
from .delivery import Deliver
from .hatch import HatchBattery
from .interact import AbTake, Interact
from .item_effects import UseItem
from .item_pay import PayItem
from .items import Equip, ItemBattery
from .maintenance import AIChoice, Discard, Maintain
from .moving import Encounter, Move, Partner
from .placing import Place
from .programming import Draw, Program
from .setup_steps import SetupBatteries
from .turns import Buy, CoreProduce, Keep, SubAction, Turn


class StressBotics(Engine):
    """BetaBots mine a hostile planet and deliver cargo to three ships while AlphaBot walks its vaults."""

    id = "stress_botics"
    version = 4
    """2: the threats (Cylindroids, AlphaBot's aggression) behind the ``threats`` option; a version-1 game plays on
    without them. 3: with the option, also items, INTERACT, AlphaBot's delivery and the
    Elite (``threats.full``); a version-2 game keeps stage 3 alone. 4: the Secondary Objectives' item and capture
    predicates count (in version 3 they read fields that were never there)."""
    oldest_version = 1
    title = "Stress Botics: Odyssey"
    min_players, max_players = 1, 4
    options_schema = OptionsSchema((  # the §5 rulings a group may change (AMB-01 -50 -14 -07 -54 -55 -05 -04 -56)
        Option("end_timing", "End of the game", "immediate", choices=("immediate", "end_of_round"),
               help="End right after the last ship leaves orbit, or finish that round first."),
        Option("turn_order", "First turn order", "random", choices=("random", "seat"),
               help="Random (the rulebook's Option B) or seat order (Option A)."),
        Option("first_game_layout", "First-game layout", False,
               help="The section tiles of the rulebook's picture and its first-game Main Objectives."),
        Option("random_start_events", "Random start events", False,
               help="Leave the 3 Starting Event cards out."),
        Option("aggressive_orbit", "Aggressive orbit (2 players)", False,
               help="With 2 players, the harsher '2 Players Aggressive' stress when ships leave orbit."),
        Option("reshuffled_decks", "Action decks after a Deck End Event", "face_up", choices=("face_up", "face_down"),
               help="The rulebook places a rebuilt deck face up (its top card shows); face down hides it."),
        Option("threats", "Threats, items and AlphaBot's hull", True,
               help="The whole game: the Cylindroid waves and the Elite Cylindroid, AlphaBot's shields and "
                    "Aggressive deck, Boxes and items, INTERACT in AlphaBot's hull and AlphaBot's delivery. Off: "
                    "a gentler first game of mining and deliveries only."),
        Option("phase5_move_pushes_betabots", "Moving Cylindroids push BetaBots", False,
               help="AMB-54: the rulebook's Phase 5 example has moving Cylindroids leave BetaBots in place; "
                    "on, they push them as spawning waves do."),
        Option("attacked_explosive_blast", "An attacked Explosive blasts everyone", True,
               help="AMB-55: attacking an armed Explosive also blasts everyone else in range (off: only the "
                    "attacker's 2 shields)."),
        Option("server_refresh_stress_delta", "Refreshing AlphaBot's items", "literal",
               choices=("literal", "costs_stress"),
               help="AMB-04, with the threats: before equipping from AlphaBot's Server (side A) you may discard "
                    "the Available items for new ones; as printed this lowers your stress by 2, 'costs_stress' "
                    "raises it by 2 instead."),
        Option("box_option_keeps_discount", "A Box Item keeps the vault discount (2 players)", False,
               help="AMB-56, with 2 players: a boosted Produce in an Advanced Items Vault may take a Box Item and "
                    "then pays the Advanced Item's full printed cost; on, the vault's discount still applies."),
        Option("elite_classic_mode", "Elite classic mode", False,
               help="With the threats: the Elite Cylindroid plays without its AI cards (the Elite Cylindroid Tile); "
                    "each Phase 5 it simply deals 1 damage next to the Hatch (Miner) or everywhere in the Main "
                    "Vault (Laser)."),
        Option("elite_spawn_on_x", "An X event can bring the Elite", True,
               help="AMB-05, with the threats: when no wave is left on the belt, any Event card brings the Elite "
                    "Cylindroid, X too (the rulebook's words); off, an X card never does."),
        Option("solo_hard", "Harder solo game", False,
               help="Solo: each Action deck holds 6 basic cards and 1 free-boost card instead of 7 and 1."),
        Option("solo_win_threshold", "Solo: score needed to win", 1, minimum=-99, maximum=999,
               help="AMB-57: the rulebook gives the solo score but no winning line; by default a final score "
                    "above 0 (at least 1) is a win."),
        Option("free_battery_setup", "Free starting batteries", False,
               help="In turn order, place your 2 Carbon, 1 Titanium and 1 Silicon Battery between your BetaBot "
                    "and track spaces 1-3."),
    ))
    steps = (Draw, Program, Turn, SubAction, Move, Encounter, Buy, CoreProduce, Deliver, Keep, Maintain, AIChoice,
             Discard, Place, SetupBatteries, Partner, HatchBattery, Activation, Disarm, Choice,
             Equip, ItemBattery, PayItem, Shop, BoxPick, UseItem, Interact, AbTake, AlphaDeliver, FreeItem,
             HatchItem)
    effects = Registry(alphabot.EFFECTS, decks.EFFECTS, events.EFFECTS, aggression.EFFECTS,
                       aggressive_cards.EFFECTS, cylindroids.EFFECTS, elite_cards.EFFECTS)
    zones = view.ZONES

    def check_options(self, seats: int, options: dict[str, Any]) -> None:
        if options["solo_hard"] and seats > 1:
            raise OptionError("The harder solo decks are for a solo game (1 player against DeltaBot).")
        if options["box_option_keeps_discount"] and seats > 2:
            raise OptionError("The Box Item choice is for 1-2 players (3.5.1: 1-2 players only).")
        if options["aggressive_orbit"] and seats > 2:
            raise OptionError("Aggressive orbit is for 1-2 players (the rulebook's '2 Players Aggressive' column).")

    def steered(self, state: State) -> dict[int, int]:
        """Solo: the player decides for DeltaBot, robot 1 (SB-SOLO)."""
        return {robots.DELTA: 0} if state["seats"] == 1 else {}

    def participant_name(self, state: State, who: int) -> str:
        if who == robots.DELTA and state["seats"] == 1:
            return robots.DELTA_NAME
        return super().participant_name(state, who)

    def actors(self, state: State) -> list[dict[str, Any]]:
        """AlphaBot and the Cylindroids act on their own when the threats are on (their decks and priorities)."""
        if not threats.on(self._context(state)):  # solo: AlphaBot still places against you (SB-SOLO-22)
            return [{"key": alphabot.ACTOR, "name": "AlphaBot", "color": "#4a90d9"}] if state["seats"] == 1 else []
        return [{"key": alphabot.ACTOR, "name": "AlphaBot", "color": "#4a90d9"},
                {"key": cylindroids.ACTOR, "name": "the Cylindroids", "color": "#c0392b"}]

    def load_guide(self) -> rules_guide.Guide:
        return rules_guide.load(game_dir(self.id))

    def load_data(self) -> content.Content:
        return content.load()

    def start(self, g: Game) -> None:
        setup.start(g)
        if g.options["free_battery_setup"]:
            setup_steps.begin(g)
        else:
            flow.begin_round(g)

    def apply(self, state: State, seat: int, action: Action | str) -> tuple[State, list[Event]]:
        """The core's apply, then what the action changed in the public view is noted for the image's
        outlines (``changes``); an undo restores the earlier notes with the earlier state."""
        who = self._who(self._context(state), seat) if state["result"] is None else seat
        new, events = super().apply(state, seat, action)
        if str(action) != str(UNDO):
            changes.record(self, state, new, who)  # by robot: in solo, BetaBot's and DeltaBot's turns apart
        return new, events

    def table_view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view.table_view(Game(self, state, None), seat)

    def bot_action(self, state: State, seat: int) -> Action:
        g = Game(self, state, None)
        return bot.choose(g, self._who(g, seat), self.legal_actions(state, seat))

    def scores(self, state: State) -> dict[str, Any]:
        g = Game(self, state, None)
        return {str(s): scoring.breakdown(g, s, secret=False)["final"] for s in range(state["seats"])}
