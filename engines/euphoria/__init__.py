"""Euphoria: Build a Better Dystopia (Essential Edition) with its Automa."""

import engines

from .game import Euphoria

ENGINE = engines.register(Euphoria())
