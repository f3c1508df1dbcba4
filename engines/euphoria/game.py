"""Euphoria: Build a Better Dystopia (Essential Edition), with the Automa — the declarative top."""

from __future__ import annotations

from typing import Any

from engines.core import Action, Engine, Game, Option, OptionError, OptionsSchema, State, game_dir, rules_guide
from engines.core.effects import Choice, Registry

from . import (
    artifacts,
    basics,
    bribes,
    payments,
    placement,
    recruit_bumps,
    recruit_draws,
    recruit_moves,
    recruit_payments,
    recruit_rules,
    recruit_stars,
    recruit_turns,
    recruit_workers,
    recruit_yields,
    recruits,
    retrieval,
    rewards,
    tunnels,
)
from .bot import choose
from .content import Content, load
from .endgame import participant
from .retrieval import Retrieve
from .setup import Draft, automa_game, start
from .triggers import Abilities
from .turns import AutomaTurn, Turn
from .view import ZONES, table_view

CONTENT = load()
LEVELS = tuple(lv["level"] for lv in CONTENT.automa["levels"])
LEVEL_NAMES = ", ".join(f"{lv['level']} {lv['name']}" for lv in CONTENT.automa["levels"])


class Euphoria(Engine):
    """Worker placement with dice: place your ten stars before your workers learn too much."""

    id = "euphoria"
    title = "Euphoria: Build a Better Dystopia"
    min_players, max_players = 1, 6
    options_schema = OptionsSchema((
        Option("automa", "Two humans also play against the two Automas", False,
               help="Yes: a 2-player game adds the Black and White Automas. A solo game always plays against "
                    "them, whatever this says; 3 or more players never do."),
        Option("difficulty", "Automa difficulty (solo, or 2 humans with Automas)", CONTENT.automa["default_level"],
               choices=LEVELS, help=f"{LEVEL_NAMES}. Only used when the Automas play."),
        Option("automa_free_factions", "Solo: the Automas' factions may match your recruits", False,
               help="No (the rules): an Automa never plays a faction of your recruits. Yes: its faction card "
                    "is drawn at random."),
        Option("roll_penalty_scope", "Dice a 'rolled N' market penalty counts", "all_available",
               choices=("rolled", "all_available"),
               help="all_available (the rules text): every available worker showing N pays; rolled: only the "
                    "workers just rolled."),
        Option("recruit_pool", "Recruits dealt", "all", choices=("all", "base", "expansion"),
               help="all: every recruit; base: the base game's recruits only; expansion: the expansion's only."),
    ))
    steps = (Draft, Turn, Retrieve, Choice, AutomaTurn)
    zones = ZONES
    effects = Registry(
        basics.EFFECTS, artifacts.EFFECTS, bribes.EFFECTS, recruit_draws.EFFECTS, recruit_moves.EFFECTS,
        payments.EFFECTS, placement.EFFECTS, recruits.EFFECTS, retrieval.EFFECTS, recruit_workers.EFFECTS,
        rewards.EFFECTS, tunnels.EFFECTS,
    )
    abilities = Abilities(
        recruit_stars.ABILITIES, recruit_bumps.ABILITIES, recruit_yields.ABILITIES, recruit_workers.ABILITIES,
        recruit_payments.ABILITIES, recruit_rules.ABILITIES, recruit_moves.ABILITIES, recruit_draws.ABILITIES,
        recruit_turns.ABILITIES,
        ways=(recruit_payments.WAYS, recruit_draws.WAYS, recruit_turns.WAYS, recruit_workers.WAYS),
        kinds=recruit_rules.KINDS,
    )
    """Recruit abilities answering the rules' triggers and queries, by data effect name (``triggers.py``)."""
    def load_data(self) -> Content:
        return CONTENT

    def load_guide(self) -> rules_guide.Guide:
        return rules_guide.load(game_dir(self.id))

    def check_options(self, seats: int, options: dict[str, Any]) -> None:
        if options["automa"] and seats > 2:
            raise OptionError("Automa opponents play with 1 or 2 humans only.")

    def start(self, g: Game) -> None:
        start(g)

    def table_view(self, state: State, seat: int | None) -> dict[str, Any]:
        return table_view(self.data, state, seat)

    def actors(self, state: State) -> list[dict[str, Any]]:
        """The Automa opponents of a solo or two-player Automa game (non-seat participants)."""
        hexes = self.data.automa["colour_hex"]
        return [{"key": participant(pid, p), "name": f"{p['colour'].capitalize()} Automa", "color": hexes[p["colour"]]}
                for pid, p in enumerate(state["g"].get("players", [])) if p["kind"] == "automa"]

    def scores(self, state: State) -> dict[str, Any]:
        return {participant(pid, p): p["stars"] for pid, p in enumerate(state["g"]["players"])}

    def bot_action(self, state: State, seat: int) -> Action:
        return choose(self, state, seat)

    def setup_text(self, seats: int, options: dict[str, Any]) -> list[str]:
        """What a lobby with these options will play, in sentences (for the host to print)."""
        level = options.get("difficulty", CONTENT.automa["default_level"])
        lname = next(lv["name"] for lv in CONTENT.automa["levels"] if lv["level"] == level)
        humans = "You play" if seats == 1 else f"The {seats} of you play"
        if automa_game(seats, options):
            lines = [f"{humans} against the Black and White Automas, difficulty {level} ({lname})."]
            if seats == 1 and options.get("automa_free_factions"):
                lines.append("The Automas' factions are drawn at random, even one of your recruits' factions.")
        else:
            lines = [f"{humans} against each other; no Automas."]
        if options.get("recruit_pool", "all") != "all":
            lines.append(f"Only the {options['recruit_pool']} recruits are dealt.")
        if options.get("roll_penalty_scope") == "rolled":
            lines.append("A 'rolled N' market penalty counts only the workers just rolled.")
        return lines

    def automa(self, state: State) -> bool:
        """Does this game have Automa opponents?"""
        return automa_game(state["seats"], state["options"])
