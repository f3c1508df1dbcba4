"""More coverage of the fake: options/resolved, edits, v2 components, files, threads, permissions, shards."""

from __future__ import annotations

import asyncio
import contextlib
import io
from collections.abc import AsyncIterator
from dataclasses import dataclass

import discord
import pytest
import pytest_asyncio
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import FakeDiscord

PNG = b"\x89PNG\r\n\x1a\n" + b"\x01" * 8


class SwapView(discord.ui.View):
    """Type 7 edits that keep / replace attachments, and a modal opened from a button."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Keep", custom_id="keep")
    async def keep(self, interaction: discord.Interaction, button: discord.ui.Button[SwapView]) -> None:
        await interaction.response.edit_message(content="kept")

    @discord.ui.button(label="Swap", custom_id="swap")
    async def swap(self, interaction: discord.Interaction, button: discord.ui.Button[SwapView]) -> None:
        new = discord.File(io.BytesIO(b"new"), "new.txt")
        await interaction.response.edit_message(content="swapped", attachments=[new])

    @discord.ui.button(label="Rename", custom_id="rename")
    async def rename(self, interaction: discord.Interaction, button: discord.ui.Button[SwapView]) -> None:
        modal = discord.ui.Modal(title="Name", custom_id="rename-modal")
        field = discord.ui.TextInput(label="Name", custom_id="name")
        modal.add_item(discord.ui.Label(text="Your name", component=field))

        async def on_submit(inner: discord.Interaction) -> None:
            await inner.response.edit_message(content=f"named {field.value}")

        modal.on_submit = on_submit  # type: ignore[method-assign]
        await interaction.response.send_modal(modal)


class Extra(commands.Cog):
    """Commands exercising less common paths."""

    @app_commands.command(name="who", description="Describe a member")
    async def who(self, interaction: discord.Interaction, user: discord.Member, count: int = 1) -> None:
        admin = interaction.permissions.administrator
        await interaction.response.send_message(f"{user.display_name} x{count} admin={admin}")

    @app_commands.command(name="slow", description="Ephemeral defer, edit, follow-up")
    async def slow(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await interaction.edit_original_response(content="done")
        await interaction.followup.send("extra", ephemeral=True)

    @app_commands.command(name="v2", description="Components v2 message")
    async def v2(self, interaction: discord.Interaction) -> None:
        button = discord.ui.Button[discord.ui.LayoutView](label="Go", custom_id="v2:go")

        async def clicked(inner: discord.Interaction) -> None:
            await inner.response.defer()
            await inner.edit_original_response(view=None)

        button.callback = clicked  # type: ignore[method-assign]
        view = discord.ui.LayoutView()
        view.add_item(discord.ui.Container(discord.ui.TextDisplay("hello v2"), discord.ui.ActionRow(button)))
        await interaction.response.send_message(view=view)

    @app_commands.command(name="readfile", description="Read an uploaded attachment")
    async def readfile(self, interaction: discord.Interaction, file: discord.Attachment) -> None:
        data = await file.read()
        await interaction.response.send_message(f"{file.filename}:{len(data)}")

    @app_commands.command(name="late", description="Answers after the deadline")
    async def late(self, interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.15)
        with contextlib.suppress(discord.NotFound):
            await interaction.response.send_message("late")

    @app_commands.command(name="thread", description="Thread from the response, reaction, history")
    async def thread(self, interaction: discord.Interaction) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        await interaction.response.send_message("starting")
        message = await interaction.original_response()
        thread = await message.create_thread(name="t1")
        await thread.send("in thread")
        await thread.add_user(interaction.user)
        await message.add_reaction("✅")
        history = [m.content async for m in interaction.channel.history(limit=5)]
        await interaction.followup.send(f"history={history}")

    @app_commands.command(name="pic", description="Message with a file and a view")
    async def pic(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pic", file=discord.File(io.BytesIO(PNG), "a.png"), view=SwapView())

    @app_commands.command(name="admin", description="Admins only")
    @app_commands.default_permissions(manage_guild=True)
    async def admin(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("ok", ephemeral=True)

    @app_commands.command(name="ping", description="Pong")
    async def ping(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong", ephemeral=True)


class ExtraBot(commands.AutoShardedBot):
    """Bot with the Extra cog."""

    def __init__(self) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.05)

    async def setup_hook(self) -> None:
        await self.add_cog(Extra())
        self.add_view(SwapView())


@dataclass
class Env:
    """Fake, ids and a running bot."""

    fake: FakeDiscord
    guild: str
    channel: str
    alice: str
    bob: str
    bot: ExtraBot


@pytest_asyncio.fixture
async def env(fake: FakeDiscord) -> AsyncIterator[Env]:
    """One guild, alice (nick "Ally"), bob (admin), a ready bot with synced commands."""
    guild = fake.add_guild()
    channel = fake.add_channel(guild, "general")
    alice = fake.add_user("alice", guild, global_name="Alice", nick="Ally")
    bob = fake.add_user("bob", guild, admin=True)
    bot = ExtraBot()
    await fake.connect_bot(bot)
    await bot.tree.sync()
    yield Env(fake, guild, channel, alice, bob, bot)
    await fake.close_bot(bot)


@pytest.mark.asyncio
async def test_member_option_is_resolved_with_display_names(env: Env) -> None:
    fake = env.fake
    ix = await fake.slash(env.alice, env.channel, "who", options={"user": env.bob, "count": 3})
    assert ix.message["content"] == "bob x3 admin=False"
    assert set(ix.payload["data"]["resolved"]) == {"users", "members"}
    ix = await fake.slash(env.bob, env.channel, "who", options={"user": env.alice})
    assert ix.message["content"] == "Ally x1 admin=True"


@pytest.mark.asyncio
async def test_ephemeral_defer_then_edit_and_followup(env: Env) -> None:
    ix = await env.fake.slash(env.alice, env.channel, "slow")
    assert ix.response_type == 5 and ix.ephemeral
    messages = await ix.wait_followups(2)
    assert [m["content"] for m in messages] == ["done", "extra"]
    assert all(m["flags"] & 64 for m in messages)
    assert env.fake.messages(env.channel) == []


@pytest.mark.asyncio
async def test_components_v2_and_deferred_update(env: Env) -> None:
    fake = env.fake
    ix = await fake.slash(env.alice, env.channel, "v2")
    assert ix.message["flags"] & (1 << 15) and ix.message["components"][0]["type"] == 17
    click = await fake.click(env.alice, env.channel, ix.message["id"], "v2:go")
    assert click.response_type == 6
    [edited] = await click.wait_followups(1)  # the edit of @original after the deferred update
    assert edited["id"] == ix.message["id"] and edited["components"] == []


@pytest.mark.asyncio
async def test_attachment_option_read_from_cdn_and_deadline(env: Env) -> None:
    fake = env.fake
    ix = await fake.slash(env.alice, env.channel, "readfile", options={"file": ("a.png", PNG)})
    assert ix.message["content"] == f"a.png:{len(PNG)}"
    fake.interaction_deadline = 0.1
    with pytest.raises(AssertionError, match="initial response came after"):
        await fake.slash(env.alice, env.channel, "late")
    assert fake.errors[-1][2:] == (404, "Unknown interaction")


@pytest.mark.asyncio
async def test_thread_from_message_reactions_history(env: Env) -> None:
    fake = env.fake
    ix = await fake.slash(env.alice, env.channel, "thread")
    starting, summary = await ix.wait_followups(1)
    assert summary["content"] == "history=['starting']"
    [thread] = fake.threads(env.channel)
    assert thread["id"] == starting["id"] and thread["name"] == "t1"
    assert [m["content"] for m in fake.messages(thread["id"])] == ["in thread"]
    assert env.alice in fake.thread_members(thread["id"])
    assert fake.message(thread["id"])["reactions"][0]["emoji"]["name"] == "✅"


@pytest.mark.asyncio
async def test_files_in_responses_and_modal_from_component(env: Env) -> None:
    fake = env.fake
    ix = await fake.slash(env.alice, env.channel, "pic")
    message_id = ix.message["id"]
    assert ix.message["attachments"][0]["data"] == PNG
    kept = await fake.click(env.alice, env.channel, message_id, "keep")
    assert kept.message["content"] == "kept" and kept.message["attachments"][0]["data"] == PNG
    swapped = await fake.click(env.alice, env.channel, message_id, "swap")
    assert [(a["filename"], a["data"]) for a in swapped.message["attachments"]] == [("new.txt", b"new")]
    opened = await fake.click(env.alice, env.channel, message_id, "rename")
    assert opened.response_type == 9 and opened.modal is not None
    done = await fake.submit_modal(env.alice, env.channel, "rename-modal", {"name": "Zed"})
    assert done.response_type == 7 and fake.message(message_id)["content"] == "named Zed"


@pytest.mark.asyncio
async def test_permissions_and_dm_interactions(env: Env) -> None:
    fake = env.fake
    with pytest.raises(AssertionError, match="would not see it"):
        await fake.slash(env.alice, env.channel, "admin")
    assert (await fake.slash(env.bob, env.channel, "admin")).message["content"] == "ok"
    dm = fake.dm_channel_id(env.alice)
    ix = await fake.slash(env.alice, dm, "ping")
    assert ix.payload["context"] == 1 and "user" in ix.payload and ix.message["content"] == "pong"


@pytest.mark.asyncio
async def test_invalidated_session_reidentifies(env: Env) -> None:
    fake = env.fake
    await fake.drop_gateway(invalidate=True)
    assert [e[0] for e in fake.gateway.log].count("IDENTIFY") == 2
    assert (await fake.slash(env.alice, env.channel, "ping")).message["content"] == "pong"


@pytest.mark.asyncio
async def test_two_shards_and_guild_added_after_ready(fake: FakeDiscord) -> None:
    fake.shard_count = 2
    user = fake.add_user("u")
    channels = []
    for i in range(3):
        guild = fake.add_guild(f"G{i}")
        channels.append(fake.add_channel(guild, "c"))
        fake.add_member(guild, user)
        await asyncio.sleep(0.005)  # spread snowflake timestamps over both shards
    bot = ExtraBot()
    await fake.connect_bot(bot)
    await bot.tree.sync()
    assert bot.shard_count == 2 and len(bot.guilds) == 3
    late_guild = fake.add_guild("late")
    late_channel = fake.add_channel(late_guild, "x")
    fake.add_member(late_guild, user)
    for channel in [*channels, late_channel]:
        assert (await fake.slash(user, channel, "ping")).message["content"] == "pong"
    assert bot.get_channel(int(late_channel)) is not None
    await fake.close_bot(bot)


def test_mentions_follow_allowed_mentions_as_discord_does() -> None:
    """A message's ``mentions`` lists only the users its ``allowed_mentions`` lets through (none given: all)."""
    fake = FakeDiscord()
    guild = fake.add_guild("Guild")
    channel = fake.add_channel(guild, "general")
    ann, bo = fake.add_user("ann", guild_id=guild), fake.add_user("bo", guild_id=guild)
    text = f"<@{ann}> and <@{bo}>"
    author = {"id": "1", "username": "x"}

    def pinged(body: dict) -> list[str]:
        return [u["id"] for u in fake.world.create_message(channel, body, [], author=author).payload["mentions"]]

    assert pinged({"content": text}) == [ann, bo]
    assert pinged({"content": text, "allowed_mentions": {"parse": []}}) == []
    assert pinged({"content": text, "allowed_mentions": {"parse": ["users"]}}) == [ann, bo]
    assert pinged({"content": text, "allowed_mentions": {"parse": [], "users": [bo]}}) == [bo]
