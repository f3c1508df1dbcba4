"""Robo Rescue (2–4 players): program robots, gather resources, build Rocket Engines."""

import engines

from .game import RoboRescue

ENGINE = engines.register(RoboRescue())
