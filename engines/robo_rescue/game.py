"""Robo Rescue: the declarative top — metadata, options, steps, setup and views."""

from __future__ import annotations

import random
from typing import Any

from engines.core import Action, Engine, Game, Option, OptionsSchema, State, game_dir, rules_guide

from . import bot, content, decks, view
from .board_actions import BoardActions, BonusChoice, PowerChoice
from .command import Command
from .conversions import Conversions
from .gains import Gain
from .player_board import new_player
from .program import Program
from .turn import ChooseFacing, DiscardDown, TurnStart, new_turn

LABEL_MAX = 80
"""Longest action label."""


def fit(text: str, limit: int = LABEL_MAX) -> str:
    """``text``, or its first ``limit - 1`` characters and an ellipsis."""
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


class RoboRescue(Engine):
    """Program your robot, gather resources and build four Rocket Engines."""

    id = "robo_rescue"
    title = "Robo Rescue"
    version = 2
    """2: a conversion with one way left to pay pays itself; a gain with one place to go goes there
    (``Step.forced``). Version 1 games and replays play on exactly as recorded."""
    min_players, max_players = 2, 4
    options_schema = OptionsSchema((
        Option("round_cap", "Round cap", 50, minimum=0, maximum=500,
               help="0 = no limit (the rules); otherwise most engines after that round wins (§6.6 safety net)."),
        Option("finite_supply", "Finite supply", True, help="Pieces run out as in the box (RR-GEN-03, AMB-09)."),
        Option("tier3_turbo_is_portal", "Tier-3 Portal (house rule)", False,
               help="House rule (AMB-01): the Tier-3 conversion row offers a Portal token instead of Turbo."),
    ))
    steps = (ChooseFacing, TurnStart, Program, Command, BoardActions, PowerChoice, BonusChoice, Gain,
             Conversions, DiscardDown)
    zones = view.ZONES
    def load_data(self) -> content.Content:
        return content.load()

    def load_guide(self) -> rules_guide.Guide:
        return rules_guide.load(game_dir(self.id))

    def start(self, g: Game) -> None:
        c, n = g.data, g.seats
        first = g.rng.below(n)  # RR-SETUP-12
        order = [(first + i) % n for i in range(n)]
        corners = c.seat_corners[n]
        robots = {str(s): {"at": corners[i], "facing": c.corner_facings[corners[i]][0]} for i, s in enumerate(order)}
        deck = sorted(c.command_cards)
        hands: dict[str, list[str]] = {}
        for s in range(n):  # RR-SETUP-08
            hands[str(s)] = []
            for kind in c.starting_hand:
                card = next(x for x in deck if c.card_type(x) == kind)
                deck.remove(card)
                hands[str(s)].append(card)
        g.rng.shuffle(deck)  # RR-SETUP-09
        bonus = sorted(c.bonus_cards)
        g.rng.shuffle(bonus)  # RR-SETUP-10
        ability = sorted(x for x, a in c.abilities.items() if a.ability != "MASTER_CODER")
        g.rng.shuffle(ability)
        tokens: dict[str, list[str]] = {}
        for kind, spaces in c.action_tokens.items():  # RR-SETUP-02
            for space in spaces:
                tokens.setdefault(space, []).append(kind)
        comp = c.raw["components"]
        start_engines = c.rules["starting_engines"][str(n)]
        g.g.update(
            order=order, round=1, final_round=False, robots=robots, boxes=list(c.box_starts),
            tokens=tokens, power={x: False for x in c.power_tokens},  # RR-SETUP-03/04
            hands=hands, command_deck=deck, command_discard=[], bonus_deck=bonus, bonus_discard=[],
            ability_deck=ability, ability_supply=[None] * c.rules["ability_supply_size"],
            master_coders=sorted(x for x, a in c.abilities.items() if a.ability == "MASTER_CODER"),
            players={str(s): new_player(c, n) for s in range(n)},
            supply={"oil": comp["oil_cubes"], "energy": comp["energy_cubes"], "chips": comp["processor_chips"],
                    "engines": comp["rocket_engines"] - start_engines * n,
                    "modifiers": dict(c.modifier_counts), "cables": dict(c.cable_counts)},  # RR-SETUP-14
            turn=new_turn(order[0]), last_bonus=None, last_turn=None,
        )
        decks.refill_ability_supply(g)  # RR-SETUP-11
        g.log(f"{{seat{first}}} is the first player and takes the Data Drive.")
        g.goto("choose_facing", seat=order[0])

    def table_view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view.table_view(Game(self, state, None), seat)

    def scores(self, state: State) -> dict[str, Any]:
        return {s: p["engines"] for s, p in state["g"]["players"].items()}

    def label(self, state: State, seat: int, action: Action) -> str:
        """The step's label, cut to ``LABEL_MAX`` characters with an ellipsis (buttons and menus are short)."""
        return fit(super().label(state, seat, action))

    def bot_action(self, state: State, seat: int) -> Action:
        legal = self.legal_actions(state, seat)
        return bot.choose(Game(self, state, None), seat, legal, random.Random(f"{state['seed']}:{state['step']}"))
