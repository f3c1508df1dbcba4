"""Button colours by meaning, decided from an action's verb or its label's words in one small table:
finishing a decision is green, going back is grey, giving something up is red, the rest blurple."""

from __future__ import annotations

import re

import discord

STYLE_WORDS: tuple[tuple[discord.ButtonStyle, frozenset[str]], ...] = (
    (discord.ButtonStyle.secondary, frozenset({"back", "undo", "cancel", "previous"})),
    (discord.ButtonStyle.danger, frozenset({"discard", "destroy", "forfeit", "resign", "sacrifice", "scrap",
                                            "trash", "burn", "lose", "abandon", "kill", "retire"})),
    (discord.ButtonStyle.success, frozenset({"done", "confirm", "lock", "finish", "end", "submit", "accept",
                                             "ready", "pass"})),
)
"""The first row whose words meet the action's verb or its label's first two words wins."""
SIMILAR_LIMIT = 5
"""More than this many choices sharing a verb become a select menu."""


def style_for(action: str, label: str) -> discord.ButtonStyle:
    """The button style of a move (``done`` → green, ``undo`` → grey, ``discard:3`` → red)."""
    verb = action.split(":", 1)[0].casefold()
    words = {verb, *verb.split("_"), *re.findall(r"[a-z]+", label.casefold())[:2]}
    for style, known in STYLE_WORDS:
        if words & known:
            return style
    return discord.ButtonStyle.primary
