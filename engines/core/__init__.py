"""The engine core: the contract every Turnkeeper game implements (see ``engine.py``)."""

from . import effects
from .action import MAX_ACTION_LEN, UNDO, Action, act
from .content import ContentError, Count, Ref, game_dir, load_files
from .engine import UNDO_LIMIT, Engine
from .errors import EngineBug, IllegalAction, OptionError, ReplayMismatch
from .jsonstate import State, copy_state, dumps, state_hash
from .options import Option, OptionsSchema
from .replay import check_replay, export_replay, replay, verify
from .rng import Rng
from .steps import Event, Game, Simultaneous, Step

__all__ = [
    "MAX_ACTION_LEN", "UNDO", "UNDO_LIMIT", "Action", "ContentError", "Count", "Engine", "EngineBug", "Event",
    "Game", "IllegalAction", "Option", "OptionError", "OptionsSchema", "Ref", "ReplayMismatch", "Rng",
    "Simultaneous", "State", "Step", "act", "check_replay", "copy_state", "dumps", "effects", "export_replay",
    "game_dir", "load_files", "replay", "state_hash", "verify",
]
