"""Stress Botics: Odyssey (2–4 players): the engine in progress; not registered for play until it is complete
(issues 15–17). Tests import ``engines.stress_botics.game.StressBotics`` directly."""
