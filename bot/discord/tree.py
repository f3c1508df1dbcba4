"""The slash-command tree offline: JSON for ``python -m bot commands`` and Discord's limits check."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from discord import app_commands

from bot.config import Settings

from .client import TurnkeeperBot, add_cogs

NAME = re.compile(r"^[-_\w]{1,32}$")
LIMITS = {"commands": 100, "options": 25, "choices": 25, "name": 32, "description": 100}


async def _build() -> list[dict[str, Any]]:
    bot = TurnkeeperBot(Settings(token="offline", sync_commands=False))
    await add_cogs(bot, bot.table)
    return [command.to_dict(bot.tree) for command in bot.tree.get_commands()]


def command_tree_json() -> list[dict[str, Any]]:
    """Every slash command with its options and descriptions, as Discord receives them."""
    return asyncio.run(_build())


def limit_problems(tree: list[dict[str, Any]]) -> list[str]:
    """Everything in ``tree`` that Discord would reject (empty list when it is fine)."""
    problems: list[str] = []
    if len(tree) > LIMITS["commands"]:
        problems.append(f"{len(tree)} commands > {LIMITS['commands']}")
    for command in tree:
        _check(command, command.get("name", "?"), problems)
    return problems


def _check(node: dict[str, Any], path: str, problems: list[str]) -> None:
    name, description = node.get("name", ""), node.get("description", "")
    if not NAME.match(name) or name != name.lower():
        problems.append(f"{path}: bad name {name!r}")
    if not 1 <= len(description) <= LIMITS["description"] and node.get("type", 1) in (1, None):
        problems.append(f"{path}: description length {len(description)}")
    options = node.get("options") or []
    if len(options) > LIMITS["options"]:
        problems.append(f"{path}: {len(options)} options > {LIMITS['options']}")
    if len(node.get("choices") or []) > LIMITS["choices"]:
        problems.append(f"{path}: too many choices")
    for option in options:
        if not 1 <= len(option.get("description", "")) <= LIMITS["description"]:
            problems.append(f"{path} {option.get('name')}: description length")
        _check(option, f"{path} {option.get('name')}", problems)


__all__ = ["app_commands", "command_tree_json", "limit_problems"]
