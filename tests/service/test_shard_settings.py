"""TURNKEEPER_SHARD_COUNT / TURNKEEPER_SHARDS: which shards a process runs, and nonsense refused (exit 2)."""

from __future__ import annotations

import pytest

from bot.__main__ import main
from bot.config import SettingsError, load_settings
from bot.discord.client import TurnkeeperBot
from bot.service.shards import Shards


@pytest.mark.parametrize(("count", "ids", "expected"), [
    ("4", "0-3", (0, 1, 2, 3)), ("4", "0,2", (0, 2)), ("8", "0-1, 5", (0, 1, 5)), ("2", "1", (1,)),
    ("3", "", None)])
def test_shard_settings_name_the_shards_of_this_process(count: str, ids: str, expected: tuple[int, ...]) -> None:
    settings = load_settings({"TURNKEEPER_SHARD_COUNT": count, "TURNKEEPER_SHARDS": ids})
    assert settings.shard_count == int(count) and settings.shard_ids == expected
    assert settings.shards == Shards(int(count), frozenset(expected) if expected else None)


def test_without_shard_settings_one_process_runs_everything() -> None:
    settings = load_settings({})
    assert settings.shard_count is None and settings.shards.all and settings.shards.owns("123")


@pytest.mark.parametrize(("env", "says"), [
    ({"TURNKEEPER_SHARDS": "0-1"}, "needs TURNKEEPER_SHARD_COUNT"),
    ({"TURNKEEPER_SHARD_COUNT": "0"}, "at least 1"),
    ({"TURNKEEPER_SHARD_COUNT": "two"}, "a number"),
    ({"TURNKEEPER_SHARD_COUNT": "2", "TURNKEEPER_SHARDS": "0-2"}, "shard 2 does not exist"),
    ({"TURNKEEPER_SHARD_COUNT": "4", "TURNKEEPER_SHARDS": "3-1"}, "backwards"),
    ({"TURNKEEPER_SHARD_COUNT": "4", "TURNKEEPER_SHARDS": "a,b"}, "like 0-3"),
    ({"TURNKEEPER_SHARD_COUNT": "4", "TURNKEEPER_SHARDS": "-1"}, "like 0-3"),
    ({"TURNKEEPER_LEASE_SECONDS": "1"}, "at least 5"),
])
def test_nonsense_shard_settings_are_refused_with_a_message(env: dict[str, str], says: str) -> None:
    with pytest.raises(SettingsError, match=says):
        load_settings(env)


def test_the_bot_stops_with_status_2_on_bad_shards(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir("/")  # no .env found
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("TURNKEEPER_SHARD_COUNT", "2")
    monkeypatch.setenv("TURNKEEPER_SHARDS", "5")
    assert main([]) == 2
    assert "TURNKEEPER_SHARDS" in capsys.readouterr().err


async def test_the_bot_runs_the_shards_it_is_given() -> None:
    bot = TurnkeeperBot(load_settings({"TURNKEEPER_SHARD_COUNT": "4", "TURNKEEPER_SHARDS": "1,3"}))
    assert bot.shard_count == 4 and bot.shard_ids == [1, 3]  # never started, so nothing to close
