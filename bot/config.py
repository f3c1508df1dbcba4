"""Settings from the environment (``.env`` is loaded by ``python -m bot``); see ``.env.example``."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.service.shards import Shards

DEFAULT_DB = "turnkeeper.sqlite3"
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
"""A ``TURNKEEPER_DB`` starting so names a PostgreSQL server; anything else is a SQLite file."""


class SettingsError(ValueError):
    """A setting has a value we cannot use; the message says which and why."""


@dataclass(frozen=True)
class Settings:
    """Everything the bot reads from the environment."""

    token: str = field(default="", repr=False)
    """The bot token: never part of the printed form (``repr``), so no log line can carry it."""
    db_path: str = DEFAULT_DB
    """A SQLite file, or a ``postgresql://user@host:port/database`` address (see :attr:`uses_postgres`)."""
    db_pool: int = 10
    """Connections to PostgreSQL the bot opens at most (unused with SQLite)."""
    dev_guild: int | None = None
    sync_commands: bool = True
    log_level: str = "INFO"
    render_processes: int = 2
    """Processes drawing boards (0: draw in ``render_threads`` threads of the bot's process instead)."""
    render_threads: int = 2
    repost_seconds: float = 30.0
    sweep_seconds: float = 60.0
    idle_days: float = 60.0
    vacation_days: float = 21.0
    shard_count: int | None = None
    """Shards of the whole bot (None: one process, as many shards as Discord recommends)."""
    shard_ids: tuple[int, ...] | None = None
    """The shards this process runs (None: all ``shard_count`` of them)."""
    lease_seconds: float = 120.0
    """How long a notice or job this process claimed stays its own (another takes it over after that)."""

    @property
    def shards(self) -> Shards:
        """The guilds this process looks after."""
        if self.shard_count is None:
            return Shards()
        ids = frozenset(self.shard_ids) if self.shard_ids is not None else None
        return Shards(self.shard_count, ids)

    @property
    def uses_postgres(self) -> bool:
        """Whether the database is a PostgreSQL server rather than a SQLite file."""
        return self.db_path.startswith(POSTGRES_SCHEMES)


def _flag(value: str, name: str) -> bool:
    text = value.strip().lower()
    if text in {"1", "true", "yes", "on"}:
        return True
    if text in {"0", "false", "no", "off"}:
        return False
    raise SettingsError(f"{name} must be 1/0, yes/no or true/false, not {value!r}")


def _number(value: str, name: str, kind: type, low: float) -> float | int:
    try:
        number = kind(value)
    except ValueError:
        raise SettingsError(f"{name} must be a number, not {value!r}") from None
    if number < low:
        raise SettingsError(f"{name} must be at least {low}")
    return number


def parse_shards(text: str, count: int) -> tuple[int, ...]:
    """"0-3", "0,2", "0-1,4" → the shard ids, each below ``count``; raises :class:`SettingsError`."""
    ids: set[int] = set()
    for part in text.replace(" ", "").split(","):
        low, dash, high = part.partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise SettingsError(f"TURNKEEPER_SHARDS lists shard ids like 0-3 or 0,2, not {text!r}")
        first, last = int(low), int(high) if dash else int(low)
        if first > last:
            raise SettingsError(f"TURNKEEPER_SHARDS: the range {part} runs backwards")
        if last >= count:
            raise SettingsError(f"TURNKEEPER_SHARDS: shard {last} does not exist with TURNKEEPER_SHARD_COUNT={count}"
                                f" (ids are 0 to {count - 1})")
        ids.update(range(first, last + 1))
    return tuple(sorted(ids))


def _shards(env: Mapping[str, str]) -> tuple[int | None, tuple[int, ...] | None]:
    count_text = env.get("TURNKEEPER_SHARD_COUNT", "").strip()
    ids_text = env.get("TURNKEEPER_SHARDS", "").strip()
    if not count_text:
        if ids_text:
            raise SettingsError("TURNKEEPER_SHARDS needs TURNKEEPER_SHARD_COUNT (the shards of the whole bot)")
        return None, None
    count = int(_number(count_text, "TURNKEEPER_SHARD_COUNT", int, 1))
    return count, parse_shards(ids_text, count) if ids_text else None


def load_settings(env: Mapping[str, str] | None = None) -> Settings:
    """Read and validate settings; raises :class:`SettingsError` with a readable message."""
    env = os.environ if env is None else env
    guild = env.get("TURNKEEPER_DEV_GUILD", "").strip()
    if guild and not guild.isdigit():
        raise SettingsError(f"TURNKEEPER_DEV_GUILD must be a server id (digits), not {guild!r}")
    level = env.get("TURNKEEPER_LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if level not in {"DEBUG", "INFO", "WARNING", "ERROR"}:
        raise SettingsError("TURNKEEPER_LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR")
    shard_count, shard_ids = _shards(env)
    return Settings(
        token=env.get("DISCORD_TOKEN", "").strip(),
        db_path=env.get("TURNKEEPER_DB", DEFAULT_DB).strip() or DEFAULT_DB,
        db_pool=int(_number(env.get("TURNKEEPER_DB_POOL", "10"), "TURNKEEPER_DB_POOL", int, 1)),
        dev_guild=int(guild) if guild else None,
        sync_commands=_flag(env.get("TURNKEEPER_SYNC_COMMANDS", "1"), "TURNKEEPER_SYNC_COMMANDS"),
        log_level=level,
        render_processes=int(_number(env.get("TURNKEEPER_RENDER_PROCESSES", "2"), "TURNKEEPER_RENDER_PROCESSES",
                                     int, 0)),
        render_threads=int(_number(env.get("TURNKEEPER_RENDER_THREADS", "2"), "TURNKEEPER_RENDER_THREADS", int, 1)),
        repost_seconds=float(_number(env.get("TURNKEEPER_REPOST_SECONDS", "30"), "TURNKEEPER_REPOST_SECONDS",
                                     float, 1)),
        sweep_seconds=float(_number(env.get("TURNKEEPER_SWEEP_SECONDS", "60"), "TURNKEEPER_SWEEP_SECONDS", float, 1)),
        idle_days=float(_number(env.get("TURNKEEPER_IDLE_DAYS", "60"), "TURNKEEPER_IDLE_DAYS", float, 1)),
        vacation_days=float(_number(env.get("TURNKEEPER_VACATION_DAYS", "21"), "TURNKEEPER_VACATION_DAYS",
                                    float, 0)),
        shard_count=shard_count,
        shard_ids=shard_ids,
        lease_seconds=float(_number(env.get("TURNKEEPER_LEASE_SECONDS", "120"), "TURNKEEPER_LEASE_SECONDS",
                                    float, 5)),
    )
