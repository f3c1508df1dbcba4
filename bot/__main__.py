"""``python -m bot`` runs the bot; ``python -m bot commands`` prints the slash-command tree as JSON;
``python -m bot copy-db SQLITE_PATH postgresql://…`` copies a SQLite database to an empty PostgreSQL one."""

from __future__ import annotations

import asyncio
import json
import logging
import sys
from pathlib import Path

import asyncpg
import discord
from dotenv import find_dotenv, load_dotenv

from .config import POSTGRES_SCHEMES, SettingsError, load_settings
from .discord.client import run_bot
from .discord.tree import command_tree_json

NO_TOKEN = """\
Turnkeeper needs a Discord bot token to connect.

  1. Create an application and a bot at https://discord.com/developers/applications
     (Bot → Reset Token), and invite it with the scopes `bot` and `applications.commands`.
  2. Copy .env.example to .env and set DISCORD_TOKEN=<your token>
     (or export DISCORD_TOKEN in your shell).
  3. Run `python -m bot` again.

To try the games without Discord: python -m bot.sandbox GAME --players 2
"""


MEMBERS_INTENT = """Discord refused the connection: the bot needs the Server Members Intent (to notice a seated
player leaving the server). In https://discord.com/developers/applications open your application, then
Bot → Privileged Gateway Intents, turn on "Server Members Intent", save, and start the bot again."""


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the process exit status."""
    args = sys.argv[1:] if argv is None else argv
    load_dotenv(find_dotenv(usecwd=True))
    if args[:1] == ["commands"]:
        print(json.dumps(command_tree_json(), indent=2))
        return 0
    if args[:1] == ["copy-db"]:
        return copy_db(args[1:])
    if args and args[0] not in ("run",):
        print("usage: python -m bot [run | commands | copy-db SQLITE_PATH postgresql://…]", file=sys.stderr)
        return 2
    try:
        settings = load_settings()
    except SettingsError as err:
        print(f"Configuration error: {err}", file=sys.stderr)
        return 2
    if not settings.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        asyncio.run(run_bot(settings))
    except KeyboardInterrupt:
        return 0
    except discord.PrivilegedIntentsRequired:
        print(MEMBERS_INTENT, file=sys.stderr)
        return 2
    except discord.LoginFailure:
        print("Discord refused the token: check DISCORD_TOKEN in .env (Developer Portal → Bot → Reset Token).",
              file=sys.stderr)
        return 2
    return 0


def copy_db(args: list[str]) -> int:
    """``copy-db SQLITE_PATH postgresql://…``: 0 once copied, 2 with a message when it cannot be."""
    from .service.copy_db import CopyError, copy_database

    if len(args) != 2 or not args[1].startswith(POSTGRES_SCHEMES) or args[0].startswith(POSTGRES_SCHEMES):
        print("usage: python -m bot copy-db SQLITE_PATH postgresql://user@host:port/database", file=sys.stderr)
        return 2
    if not Path(args[0]).is_file():
        print(f"copy-db: no SQLite database at {args[0]}", file=sys.stderr)
        return 2
    try:
        copied = asyncio.run(copy_database(args[0], args[1]))
    except CopyError as err:
        print(f"copy-db: {err}", file=sys.stderr)
        return 2
    except (OSError, asyncpg.PostgresError) as err:
        print(f"copy-db: cannot use the PostgreSQL database ({type(err).__name__}: {err})", file=sys.stderr)
        return 2
    print(copied.text())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
