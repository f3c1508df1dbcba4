"""SCRAP (2–4 players): the engine in progress; not registered for play until it is complete (issue 14)."""
