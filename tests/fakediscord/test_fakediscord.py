"""Tests of the fake Discord itself, driven by a minimal real discord.py AutoShardedBot."""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator
from dataclasses import dataclass

import discord
import pytest
import pytest_asyncio
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import FakeDiscord

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 16 + b"fake-board"
ACTIONS = ["place", "plan", "pass", "trade"]


class BoardView(discord.ui.View):
    """Persistent view: a button (type 7 update) and a select (ephemeral reply)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Hit", custom_id="board:hit", style=discord.ButtonStyle.primary)
    async def hit(self, interaction: discord.Interaction, button: discord.ui.Button[BoardView]) -> None:
        await interaction.response.edit_message(content=f"hit by {interaction.user.display_name}")

    @discord.ui.select(custom_id="board:pick", options=[discord.SelectOption(label="Red", value="red"),
                                                        discord.SelectOption(label="Blue", value="blue")])
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[BoardView]) -> None:
        await interaction.response.send_message(f"picked {select.values[0]}", ephemeral=True)


class FeedbackModal(discord.ui.Modal, title="Feedback"):
    """A one-field modal."""

    text: discord.ui.TextInput[FeedbackModal] = discord.ui.TextInput(label="Text", custom_id="feedback:text")

    def __init__(self) -> None:
        super().__init__(custom_id="feedback")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"thanks: {self.text.value}", ephemeral=True)


class Demo(commands.Cog):
    """The demo commands."""

    demo = app_commands.Group(name="demo", description="Demo commands")

    @demo.command(name="ping", description="Ephemeral pong")
    async def ping(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong", ephemeral=True)

    @demo.command(name="echo", description="Deferred echo with an embed and a file")
    async def echo(self, interaction: discord.Interaction, text: str, n: int) -> None:
        await interaction.response.defer(thinking=True)
        embed = discord.Embed(title=text, description=str(n * 2))
        await interaction.followup.send(text * n, embed=embed, file=discord.File(io.BytesIO(PNG), "board.png"))

    @app_commands.command(name="play", description="Play an action")
    async def play(self, interaction: discord.Interaction, action: str) -> None:
        await interaction.response.send_message(f"played {action}", ephemeral=True)

    @play.autocomplete("action")
    async def play_action(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=a.title(), value=a) for a in ACTIONS if a.startswith(current)]

    @app_commands.command(name="board", description="Post the board")
    async def board(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("board", view=BoardView())

    @app_commands.command(name="say", description="Post in the channel")
    async def say(self, interaction: discord.Interaction, text: str) -> None:
        assert isinstance(interaction.channel, discord.abc.Messageable)
        try:
            await interaction.channel.send(text)
        except discord.HTTPException as exc:
            await interaction.response.send_message(f"failed: {exc.status}", ephemeral=True)
            return
        await interaction.response.send_message("sent", ephemeral=True)

    @app_commands.command(name="notify", description="DM a user")
    async def notify(self, interaction: discord.Interaction, user: discord.User) -> None:
        try:
            await user.send(f"your turn, {user.display_name}")
        except discord.Forbidden as exc:
            await interaction.response.send_message(f"dms closed ({exc.code})", ephemeral=True)
            return
        await interaction.response.send_message("dm sent", ephemeral=True)

    @app_commands.command(name="feedback", description="Open a modal")
    async def feedback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(FeedbackModal())


class DemoBot(commands.AutoShardedBot):
    """Minimal bot under test."""

    def __init__(self) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default(), guild_ready_timeout=0.05)
        self.resumed = asyncio.Event()

    async def setup_hook(self) -> None:
        await self.add_cog(Demo())
        self.add_view(BoardView())

    async def on_resumed(self) -> None:
        self.resumed.set()


@dataclass
class Env:
    """A running fake with one guild and a connected bot."""

    fake: FakeDiscord
    guild: str
    channel: str
    alice: str
    bob: str
    carol: str
    bot: DemoBot

    async def restart(self) -> None:
        """Close the bot and start a fresh bot object against the same fake."""
        await self.fake.close_bot(self.bot)
        self.bot = DemoBot()
        await self.fake.connect_bot(self.bot)


@pytest_asyncio.fixture
async def env(fake: FakeDiscord) -> AsyncIterator[Env]:
    """Guild, channel, three users (bob is admin, carol has DMs closed) and a ready bot with synced commands."""
    guild = fake.add_guild("Guild")
    channel = fake.add_channel(guild, "general")
    alice = fake.add_user("alice", guild_id=guild, global_name="Alice")
    bob = fake.add_user("bob", guild_id=guild, admin=True)
    carol = fake.add_user("carol", guild_id=guild, dms_closed=True)
    bot = DemoBot()
    await fake.connect_bot(bot)
    await bot.tree.sync()
    environment = Env(fake, guild, channel, alice, bob, carol, bot)
    yield environment
    await fake.close_bot(environment.bot)


def posts(fake: FakeDiscord, channel: str) -> int:
    """How many POST /channels/{channel}/messages requests were made."""
    return fake.requests.count(("POST", f"/channels/{channel}/messages"))


@pytest.mark.asyncio
async def test_login_ready_and_command_sync(env: Env) -> None:
    fake, bot = env.fake, env.bot
    assert bot.user is not None and str(bot.user.id) == fake.bot_user_id
    assert bot.application_id == int(fake.application_id)
    guild = bot.get_guild(int(env.guild))
    assert guild is not None and guild.get_channel(int(env.channel)) is not None
    assert guild.default_role.id == guild.id and guild.member_count == 4
    synced = {c["name"]: c for c in fake.commands()}
    assert set(synced) == {"demo", "play", "board", "say", "notify", "feedback"}
    assert [o["name"] for o in synced["demo"]["options"]] == ["ping", "echo"]
    assert all(c["id"] for c in fake.registered_commands())
    assert fake.gateway.log[0][0] == "IDENTIFY"


@pytest.mark.asyncio
async def test_wrong_token_is_rejected(fake: FakeDiscord) -> None:
    bot = DemoBot()
    with pytest.raises(discord.LoginFailure):
        await bot.login("wrong-token")
    await bot.close()


@pytest.mark.asyncio
async def test_slash_ephemeral_response(env: Env) -> None:
    ix = await env.fake.slash(env.alice, env.channel, "demo", subcommand="ping")
    assert ix.response_type == 4 and ix.ephemeral
    assert [m["content"] for m in ix.messages] == ["pong"]
    assert ix.messages[0]["flags"] & 64
    assert env.fake.messages(env.channel) == []
    data = ix.payload["data"]
    assert data["name"] == "demo" and data["options"][0] == {"type": 1, "name": "ping", "options": []}


@pytest.mark.asyncio
async def test_deferred_followup_with_embed_and_attachment(env: Env) -> None:
    ix = await env.fake.slash(env.alice, env.channel, "demo", subcommand="echo", options={"text": "ab", "n": 2})
    assert ix.response_type == 5 and not ix.ephemeral
    [msg] = await ix.wait_followups(1)
    assert msg["content"] == "abab" and msg["embeds"][0]["title"] == "ab"
    assert msg["attachments"][0]["filename"] == "board.png" and msg["attachments"][0]["data"] == PNG
    assert env.fake.messages(env.channel)[0]["id"] == msg["id"]
    options = ix.payload["data"]["options"][0]["options"]
    assert options == [{"type": 3, "name": "text", "value": "ab"}, {"type": 4, "name": "n", "value": 2}]


@pytest.mark.asyncio
async def test_slash_input_errors_are_clear(env: Env) -> None:
    with pytest.raises(AssertionError, match="missing required option 'n'"):
        await env.fake.slash(env.alice, env.channel, "demo", subcommand="echo", options={"text": "x"})
    with pytest.raises(AssertionError, match="no synced slash command /nope"):
        await env.fake.slash(env.alice, env.channel, "nope")


@pytest.mark.asyncio
async def test_autocomplete(env: Env) -> None:
    choices = await env.fake.autocomplete(env.alice, env.channel, "play", options={"action": "pl"}, focused="action")
    assert choices == [{"name": "Place", "value": "place"}, {"name": "Plan", "value": "plan"}]
    ix = await env.fake.slash(env.alice, env.channel, "play", options={"action": "plan"})
    assert ix.messages[0]["content"] == "played plan"


@pytest.mark.asyncio
async def test_view_button_and_select(env: Env) -> None:
    fake = env.fake
    board = await fake.slash(env.alice, env.channel, "board")
    message_id = board.messages[0]["id"]
    assert [c["custom_id"] for row in board.messages[0]["components"] for c in row["components"]] == [
        "board:hit", "board:pick"]
    click = await fake.click(env.alice, env.channel, message_id, "board:hit")
    assert click.response_type == 7 and click.messages[0]["content"] == "hit by Alice"
    assert fake.messages(env.channel)[0]["content"] == "hit by Alice"
    pick = await fake.select(env.bob, env.channel, message_id, "board:pick", ["blue"])
    assert pick.response_type == 4 and pick.ephemeral and pick.messages[0]["content"] == "picked blue"
    with pytest.raises(AssertionError, match="no option"):
        await fake.select(env.bob, env.channel, message_id, "board:pick", ["green"])


@pytest.mark.asyncio
async def test_modal_round_trip(env: Env) -> None:
    ix = await env.fake.slash(env.alice, env.channel, "feedback")
    assert ix.response_type == 9 and ix.modal is not None and ix.modal["custom_id"] == "feedback"
    done = await env.fake.submit_modal(env.alice, env.channel, "feedback", {"feedback:text": "great"})
    assert done.ephemeral and done.messages[0]["content"] == "thanks: great"


@pytest.mark.asyncio
async def test_channel_post_and_dms(env: Env) -> None:
    fake = env.fake
    ix = await fake.slash(env.alice, env.channel, "say", options={"text": "hello"})
    assert ix.messages[0]["content"] == "sent"
    posted = await fake.wait_for_message(env.channel)
    assert posted["content"] == "hello" and posted["author"]["id"] == fake.bot_user_id
    ix = await fake.slash(env.alice, env.channel, "notify", options={"user": env.bob})
    assert ix.messages[0]["content"] == "dm sent"
    assert [m["content"] for m in fake.dms(env.bob)] == ["your turn, bob"]
    ix = await fake.slash(env.alice, env.channel, "notify", options={"user": env.carol})
    assert ix.messages[0]["content"] == "dms closed (50007)"
    assert fake.dms(env.carol) == []
    assert [e[2] for e in fake.errors] == [403]


@pytest.mark.asyncio
async def test_429_is_retried_and_message_arrives_once(env: Env) -> None:
    fake = env.fake
    fake.fail_next("POST", r"^/channels/\d+/messages$", status=429, retry_after=0.05)
    ix = await fake.slash(env.alice, env.channel, "say", options={"text": "once"})
    assert ix.messages[0]["content"] == "sent"
    assert [m["content"] for m in fake.messages(env.channel)] == ["once"]
    assert posts(fake, env.channel) == 2


@pytest.mark.asyncio
async def test_500_retry_exhaustion_and_lost_response(env: Env) -> None:
    fake = env.fake
    fake.fail_next("POST", r"^/channels/\d+/messages$", status=500)
    await fake.slash(env.alice, env.channel, "say", options={"text": "retried"})
    assert [m["content"] for m in fake.messages(env.channel)] == ["retried"]
    fake.fail_next("POST", r"^/channels/\d+/messages$", status=500, count=5)
    ix = await fake.slash(env.alice, env.channel, "say", options={"text": "lost"})
    assert ix.messages[0]["content"] == "failed: 500"
    # A 500 after Discord already stored the message: discord.py retries with the same nonce and
    # enforce_nonce, so Discord (and the fake) hands back the stored message instead of a duplicate.
    fake.fail_next("POST", r"^/channels/\d+/messages$", status=500, processed=True)
    await fake.slash(env.alice, env.channel, "say", options={"text": "dup"})
    assert [m["content"] for m in fake.messages(env.channel)] == ["retried", "dup"]


@pytest.mark.asyncio
async def test_gateway_drop_resumes(env: Env) -> None:
    fake = env.fake
    await fake.drop_gateway()
    assert ("RESUME", fake.gateway.log[0][1]) in fake.gateway.log
    await asyncio.wait_for(env.bot.resumed.wait(), 1)
    ix = await fake.slash(env.alice, env.channel, "demo", subcommand="ping")
    assert ix.messages[0]["content"] == "pong"
    # An interaction sent while the socket is down is replayed on RESUME.
    await fake.drop_gateway(wait=False)
    ix = await fake.slash(env.alice, env.channel, "demo", subcommand="ping")
    assert ix.messages[0]["content"] == "pong"
    assert [e[0] for e in fake.gateway.log].count("IDENTIFY") == 1


@pytest.mark.asyncio
async def test_restart_keeps_persistent_view_working(env: Env) -> None:
    fake = env.fake
    board = await fake.slash(env.alice, env.channel, "board")
    await env.restart()
    ix = await fake.click(env.bob, env.channel, board.messages[0]["id"], "board:hit")
    assert ix.response_type == 7 and fake.messages(env.channel)[0]["content"] == "hit by bob"
    assert [e[0] for e in fake.gateway.log].count("IDENTIFY") == 2


@pytest.mark.asyncio
async def test_threads_and_invalid_payloads(env: Env) -> None:
    fake, bot = env.fake, env.bot
    channel = bot.get_channel(int(env.channel))
    assert isinstance(channel, discord.TextChannel)
    thread = await channel.create_thread(name="game-1", type=discord.ChannelType.public_thread)
    assert [t["name"] for t in fake.threads(env.channel)] == ["game-1"]
    ix = await fake.slash(env.alice, str(thread.id), "say", options={"text": "in thread"})
    assert ix.messages[0]["content"] == "sent"
    assert fake.messages(str(thread.id))[0]["content"] == "in thread"
    with pytest.raises(discord.HTTPException) as caught:
        await channel.send("x" * 2001)
    assert caught.value.code == 50035 and fake.errors[-1][2] == 400
