"""Turnkeeper's game content, one folder per game; installed as the package ``turnkeeper_data``.

Read it through ``engines.core.content.game_dir(game)``, never by a path relative to a module.
"""
