"""The slash-command tree: ``python -m bot commands``, Discord's limits, what gets synced, and startup errors."""

from __future__ import annotations

import asyncio
import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.discord.tree import command_tree_json, limit_problems

from .conftest import Table

GAME_SUBCOMMANDS = {"new", "join", "leave", "add-bot", "remove-bot", "option", "start", "cancel", "status",
                    "export", "import", "replay"}
TOP_LEVEL = {"game", "play", "undo", "hand", "board", "log", "rules", "league", "rating", "leaderboard",
             "pace", "remind", "vacation", "mygames", "stats"}


def run_bot_cli(args: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot ARGS`` in ``cwd`` with a clean environment (no token, no .env of the repo)."""
    clean = {"PATH": "/usr/bin:/bin", "HOME": str(cwd), "LANG": "C.UTF-8", "PYTHONDONTWRITEBYTECODE": "1", **env}
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=cwd, env=clean, capture_output=True,
                          text=True, timeout=60, check=False)


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    """The JSON printed by ``python -m bot commands``."""
    done = run_bot_cli(["commands"], tmp_path_factory.mktemp("cli"))
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return json.loads(done.stdout)


def by_name(items: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {item["name"]: item for item in items}


def test_cli_lists_every_command_and_game_subcommand(tree: list[dict[str, Any]]) -> None:
    commands = by_name(tree)
    assert set(commands) == TOP_LEVEL
    game = commands["game"]
    subs = {o["name"] for o in game["options"] if o["type"] == 1}
    assert subs == GAME_SUBCOMMANDS
    for command in tree:
        assert command["description"], command["name"]
    play_option = by_name(commands["play"]["options"])["action"]
    assert play_option["required"] and play_option["autocomplete"]
    import_option = by_name(by_name(game["options"])["import"]["options"])["replay"]
    assert import_option["type"] == 11  # an attachment
    lines = by_name(commands["log"]["options"])["lines"]
    assert (lines["min_value"], lines["max_value"]) == (1, 200)


def test_game_commands_are_guild_only(tree: list[dict[str, Any]]) -> None:
    commands = by_name(tree)
    for name in ("game", "play", "undo", "hand", "board", "log"):
        assert commands[name].get("contexts") == [0] or commands[name].get("dm_permission") is False, name


def test_real_tree_is_within_discord_limits(tree: list[dict[str, Any]]) -> None:
    assert limit_problems(tree) == []


def test_limit_problems_flags_what_discord_rejects(tree: list[dict[str, Any]]) -> None:
    too_many = copy.deepcopy(tree)
    game = by_name(too_many)["game"]
    template = game["options"][0]
    game["options"] += [{**template, "name": f"extra-{i}"} for i in range(26 - len(game["options"]))]
    assert len(game["options"]) == 26
    assert any("26 options > 25" in p for p in limit_problems(too_many))

    long_name = copy.deepcopy(tree)
    by_name(long_name)["play"]["name"] = "p" * 33
    assert any("bad name" in p for p in limit_problems(long_name))

    upper = copy.deepcopy(tree)
    by_name(upper)["board"]["name"] = "Board"
    assert any("bad name" in p for p in limit_problems(upper))

    long_description = copy.deepcopy(tree)
    by_name(long_description)["hand"]["description"] = "d" * 101
    assert any("hand: description length 101" in p for p in limit_problems(long_description))

    long_option_description = copy.deepcopy(tree)
    by_name(long_option_description)["play"]["options"][0]["description"] = "d" * 101
    assert any("play action" in p for p in limit_problems(long_option_description))

    exactly_at_limits = copy.deepcopy(tree)
    by_name(exactly_at_limits)["hand"]["description"] = "d" * 100
    by_name(exactly_at_limits)["board"]["name"] = "b" * 32
    assert limit_problems(exactly_at_limits) == []


async def test_synced_commands_match_the_cli_json(table: Table, tree: list[dict[str, Any]]) -> None:
    in_process = await asyncio.to_thread(command_tree_json)
    assert json.loads(json.dumps(in_process)) == tree
    synced = table.fake.commands(None)
    assert json.loads(json.dumps(synced)) == tree
    assert table.fake.commands(table.guild) == []  # no dev guild configured: global sync only


def test_run_without_token_explains_and_exits_2(tmp_path: Path) -> None:
    done = run_bot_cli([], tmp_path)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "DISCORD_TOKEN" in done.stderr and "needs a Discord bot token" in done.stderr
    assert done.stdout == ""


def test_bad_dev_guild_is_a_configuration_error(tmp_path: Path) -> None:
    done = run_bot_cli([], tmp_path, DISCORD_TOKEN="not-used", TURNKEEPER_DEV_GUILD="my-server")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "Configuration error" in done.stderr and "TURNKEEPER_DEV_GUILD" in done.stderr
    assert "'my-server'" in done.stderr


def test_unknown_subcommand_prints_usage(tmp_path: Path) -> None:
    done = run_bot_cli(["frobnicate"], tmp_path)
    assert done.returncode == 2
    assert "usage: python -m bot" in done.stderr and "Traceback" not in done.stderr


def test_dotenv_in_working_directory_is_read(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("TURNKEEPER_DEV_GUILD=from-dotenv\n")
    done = run_bot_cli([], tmp_path)
    assert done.returncode == 2
    assert "Configuration error" in done.stderr and "from-dotenv" in done.stderr
