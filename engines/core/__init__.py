"""The engine core: the contract every Turnkeeper game implements (see ``engine.py``)."""

from . import effects
from .action import MAX_ACTION_LEN, UNDO, Action, act
from .engine import UNDO_LIMIT, Engine
from .errors import EngineBug, IllegalAction, OptionError, ReplayMismatch
from .jsonstate import State, copy_state, dumps, state_hash
from .options import Option, OptionsSchema
from .replay import check_replay, export_replay, replay, verify
from .rng import Rng
from .steps import Event, Game, Simultaneous, Step

__all__ = [
    "MAX_ACTION_LEN",
    "UNDO",
    "UNDO_LIMIT",
    "Action",
    "Engine",
    "EngineBug",
    "Event",
    "Game",
    "IllegalAction",
    "Option",
    "OptionError",
    "OptionsSchema",
    "ReplayMismatch",
    "Rng",
    "Simultaneous",
    "State",
    "Step",
    "act",
    "check_replay",
    "copy_state",
    "dumps",
    "effects",
    "export_replay",
    "replay",
    "state_hash",
    "verify",
]
