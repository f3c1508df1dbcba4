"""A local fake Discord (REST + gateway + CDN) to run the real discord.py against, offline.

Typical use::

    fake = FakeDiscord()
    await fake.start()                          # 127.0.0.1, free port
    undo = patch_discord(fake)                  # Route.BASE, DEFAULT_GATEWAY, Asset.BASE, fast 5xx back-off
    guild = fake.add_guild("Guild")             # ids are str snowflakes; the bot is a member
    channel = fake.add_channel(guild, "general")
    alice = fake.add_user("alice", guild_id=guild, global_name="Alice")   # admin=True, dms_closed=True, nick=...
    await fake.connect_bot(bot)                 # login + connect task + wait_until_ready
    await bot.tree.sync()
    ix = await fake.slash(alice, channel, "game", subcommand="new", options={"game": "tiny"})
    assert ix.response_type == 4 and not ix.ephemeral and ix.messages[0]["content"] == "..."
    await fake.close_bot(bot); await fake.stop(); undo()

Interactions (each waits for the bot's initial response, AssertionError after ``timeout`` or on a bad response):
``slash``, ``autocomplete`` (returns the choices), ``click``, ``select``, ``submit_modal`` -> InteractionRecord
with ``response_type``, ``ephemeral``, ``messages`` (original after edits + follow-ups; attachments carry
``data`` bytes), ``message`` (first one), ``choices``, ``modal``, ``payload`` (the INTERACTION_CREATE sent) and
``await wait_followups(n)``.

Observations: ``messages(channel)``, ``message(id)``, ``wait_for_message(channel, predicate, after=)``,
``dms(user)``, ``wait_for_dm(user)``, ``dm_channel_id(user)``, ``commands(guild_id)`` (as PUT),
``registered_commands(guild_id)`` (with ids), ``threads(channel)``, ``thread_members(thread)``,
``requests`` [(method, path under /api/v10)], ``errors`` [(method, path, status, message)] for every 4xx/5xx
answered, ``unknown_routes``, ``internal_errors``, ``gateway.log``.

Faults: ``fail_next(method, path_regex, status, retry_after, count, processed=False)``,
``delay_next(method, path_regex, seconds, count)`` (slow answers); a channel post with ``enforce_nonce``
returns the bot's earlier message with that nonce, as Discord does;
``await drop_gateway(code=4000, invalidate=False, wait=True)``; ``interaction_deadline`` (3 s) rejects late
initial responses with 10062 like Discord. Users can post too: ``user_message(user, channel, content)``.
"""

from .interactions import InteractionRecord
from .payloads import APPLICATION_ID, BOT_USER_ID, TOKEN
from .server import FakeDiscord, patch_discord

Interaction = InteractionRecord

__all__ = ["APPLICATION_ID", "BOT_USER_ID", "TOKEN", "FakeDiscord", "Interaction", "InteractionRecord",
           "patch_discord"]
