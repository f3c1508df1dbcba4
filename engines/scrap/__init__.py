"""SCRAP (2–4 players): six Intelligences spread Bots over Seratus, Search, Battle and collect Data."""

import engines

from .game import Scrap

ENGINE = engines.register(Scrap())
