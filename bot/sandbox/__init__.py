"""A terminal sandbox: play any registered game through the real GameService, without Discord.

``python -m bot.sandbox tiny --players 2`` opens a lobby in one fake channel, seats the fake users
``p1``..``pN`` (and any bots), starts the game and reads commands from stdin, so it works both
interactively and from a script (``printf 'moves\\nplay 1\\n' | python -m bot.sandbox ...``).
"""

from .cli import main

__all__ = ["main"]
