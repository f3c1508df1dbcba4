"""The host's names for where a turn ends: the core's ``engines.core.moments`` (kept here for the service's
modules)."""

from engines.core.moments import BOARD, QUIET, STATUS, own_doing, simultaneous, turn_kind, undoable

__all__ = ["BOARD", "QUIET", "STATUS", "own_doing", "simultaneous", "turn_kind", "undoable"]
