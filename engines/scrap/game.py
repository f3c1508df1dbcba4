"""SCRAP: the declarative top — metadata, options, steps, setup and views."""

from __future__ import annotations

from typing import Any

from engines.core import Action, Engine, Game, Option, OptionsSchema, State, game_dir, rules_guide
from engines.core.effects import Choice, Registry

from . import (
    asking,
    atoms,
    battle,
    bot,
    combat,
    combinators,
    content,
    fragments,
    interpreter,
    map_actions,
    relics,
    resolution,
    setup,
)
from . import view as views
from .command import Command
from .control import EFFECTS as CONTROL_EFFECTS
from .fissures import EFFECTS as FISSURE_EFFECTS
from .hypnotic import EFFECTS as HYPNOTIC_EFFECTS
from .landing import EFFECTS as LANDING_EFFECTS
from .perilous import EFFECTS as PERILOUS_EFFECTS
from .phases import CallDomain, LoadFill, LoadReturn, Subroutine, TurnEnd
from .plus import EFFECTS as PLUS_EFFECTS
from .reformulate import EFFECTS as REFORM_EFFECTS
from .run import ChooseActive, PowerUp, SacredVows
from .setup_steps import Draft, PlaceBots, PlaceShip, SetupCelestium, SetupFissure
from .specials import EFFECTS as SPECIAL_EFFECTS
from .swap import EFFECTS as SWAP_EFFECTS
from .virus import EFFECTS as VIRUS_EFFECTS
from .warp import EFFECTS as WARP_EFFECTS


class Scrap(Engine):
    """Six sentient Intelligences spread Bots over Seratus, Search, fight and collect Data (to 50)."""

    id = "scrap"
    title = "SCRAP"
    version = 3
    """Version 3 (2 Dec 2026): plus-joined Actions resolve part by part in the player's order (a Mobilise, Create
    or Fly may pause), same-type Rewards may be added together, Ships may land on enemy Ships, and the last
    Functions' parts work (Plague, Smites, Fissures, Scores from Fragments and more). Versions 1 and 2 are not
    replayed any more: their games go on from their saved position under version 3."""
    oldest_version = 3
    min_players, max_players = 2, 4
    options_schema = OptionsSchema((
        Option("intelligences", "Intelligences", "random",
               help="random (the Randomisers), draft (pick in seat order), or one per seat in seat order, "
                    "e.g. 'cerebrum, tachyon' (SC-SETUP-12)."),
        Option("first_game", "First game", False, help="A random choice leaves out Entropy and Olympus."),
        Option("energised", "Energised Mode", False,
               help="2–3 players: two snake rounds of picks, an Intelligence or an Energiser (SC-VARIANT-01)."),
        Option("warped", "Warped Mode", False,
               help="The colourless Mode Board side with the Domains in a random ring (SC-VARIANT-02)."),
        Option("casual", "Casual Mode", False, help="Queue Limit 1 instead of 2 (SC-VARIANT-03)."),
    ))
    steps = (Draft, SetupFissure, SetupCelestium, PlaceShip, PlaceBots, ChooseActive, PowerUp, CallDomain,
             Subroutine, LoadReturn, LoadFill, TurnEnd, SacredVows, Command, Choice)
    zones = views.ZONES
    effects = Registry(interpreter.EFFECTS, asking.EFFECTS, atoms.EFFECTS, map_actions.EFFECTS, combat.EFFECTS,
                       combinators.EFFECTS, battle.EFFECTS, resolution.EFFECTS, relics.EFFECTS, VIRUS_EFFECTS,
                       WARP_EFFECTS, HYPNOTIC_EFFECTS, SWAP_EFFECTS, PERILOUS_EFFECTS,
                       REFORM_EFFECTS, PLUS_EFFECTS, SPECIAL_EFFECTS,
                       FISSURE_EFFECTS, CONTROL_EFFECTS, LANDING_EFFECTS)

    def load_guide(self) -> rules_guide.Guide:
        return rules_guide.load(game_dir(self.id))

    def load_data(self) -> content.Content:
        return content.load()

    def check_options(self, seats: int, options: dict[str, Any]) -> None:
        setup.check_options(self.data, seats, options)

    def start(self, g: Game) -> None:
        setup.start(g)

    def table_view(self, state: State, seat: int | None) -> dict[str, Any]:
        return views.table_view(Game(self, state, None), seat)

    def scores(self, state: State) -> dict[str, Any]:
        return {s: p["data"] for s, p in state["g"]["players"].items()}

    def free_actions(self, state: State, seat: int) -> list[Action]:
        return fragments.offers(Game(self, state, None), seat)

    def act_free(self, g: Game, seat: int, action: Action) -> None:
        fragments.score(g, seat, action.args[0])

    def free_label(self, state: State, seat: int, action: Action) -> str:
        return fragments.label(state, seat, action.args[0])

    def bot_action(self, state: State, seat: int) -> Action:
        g = Game(self, state, None)
        legal = self.legal_actions(state, seat)
        if state["stack"][-1]["step"] == "load_return":  # the bot Scores in its Load Phase, to reach the end
            legal += fragments.offers(g, seat)
        return bot.choose(g, state, seat, legal)
