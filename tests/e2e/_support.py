"""Helpers for the end-to-end tests: every move goes through the fake Discord; the service is only read."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

import engines
from bot.discord.ids import b36
from bot.service.models import GameRow
from bot.service.naming import seat_names
from tests.fakediscord import InteractionRecord
from tests.fakediscord.store import iter_components

if TYPE_CHECKING:
    import pytest

    from .conftest import Table

JSON = dict[str, Any]


# -- reading messages ---------------------------------------------------------------------------
def custom_ids(message: JSON) -> list[str]:
    """Every component custom id of a message, in order."""
    return [c["custom_id"] for c in iter_components(message.get("components") or []) if c.get("custom_id")]


def labels(message: JSON) -> dict[str, str]:
    """Button custom id → label."""
    return {c["custom_id"]: c.get("label", "") for c in iter_components(message.get("components") or [])
            if c.get("type") == 2 and c.get("custom_id")}


def footer(message: JSON) -> str:
    """The first embed's footer text ("" when none)."""
    embeds = message.get("embeds") or []
    return ((embeds[0].get("footer") or {}).get("text") or "") if embeds else ""


def description(message: JSON) -> str:
    """The first embed's description ("" when none)."""
    embeds = message.get("embeds") or []
    return (embeds[0].get("description") or "") if embeds else ""


def all_text(message: JSON) -> str:
    """Everything readable in a message: content, embed texts and fields, component labels."""
    parts = [message.get("content") or ""]
    for embed in message.get("embeds") or []:
        parts += [embed.get("title") or "", embed.get("description") or "", (embed.get("footer") or {}).get("text", "")]
        parts += [f"{f['name']} {f['value']}" for f in embed.get("fields") or []]
    for comp in iter_components(message.get("components") or []):
        parts += [comp.get("label") or "", comp.get("placeholder") or ""]
        parts += [o.get("label", "") for o in comp.get("options") or []]
    return "\n".join(parts)


def is_board(message: JSON, version: int | None = None) -> bool:
    """A public board post (of ``version`` when given): its nonce is ``tk<game>.<version>``."""
    nonce = str(message.get("nonce") or "")
    return nonce.startswith("tk") and (version is None or board_version(message) == version)


def boards(table: Table, version: int | None = None) -> list[JSON]:
    """Public board posts in the table's channel (of ``version`` when given)."""
    return [m for m in table.fake.messages(table.channel) if is_board(m, version)]


def field(message: JSON, prefix: str) -> str:
    """The value of the first embed field whose name starts with ``prefix``."""
    for f in (message.get("embeds") or [{}])[0].get("fields") or []:
        if f["name"].startswith(prefix):
            return f["value"]
    raise AssertionError(f"no field {prefix!r} in {message.get('embeds')}")


def select_options(message: JSON, custom_id: str) -> list[JSON]:
    """The options of select ``custom_id`` on a message."""
    for comp in iter_components(message.get("components") or []):
        if comp.get("custom_id") == custom_id:
            return list(comp.get("options") or [])
    raise AssertionError(f"no select {custom_id!r}; message has {custom_ids(message)}")


def action_button(panel: JSON, action: str) -> str:
    """The custom id of the panel button for ``action``."""
    found = [cid for cid in custom_ids(panel) if cid.startswith("a:") and cid.split(":", 3)[3] == action]
    assert found, f"no button for {action!r} on the panel; it has {custom_ids(panel)}"
    return found[0]


# -- reading the service (never writing) --------------------------------------------------------
async def game_row(table: Table, game_id: int) -> GameRow:
    """The stored game."""
    return await table.bot.service.game_by_id(game_id)


async def active_users(table: Table, game_id: int) -> list[str]:
    """Users who must act now."""
    game = await game_row(table, game_id)
    assert game.state is not None
    seats = engines.get(game.engine).active(game.state)
    return [p.user_id for s in seats if (p := game.player_at(s)) and p.user_id]


async def legal(table: Table, game_id: int, user: str) -> list[str]:
    """The user's legal action ids now."""
    game = await game_row(table, game_id)
    seat = game.seat_of(user)
    assert game.state is not None and seat is not None
    return [str(a) for a in engines.get(game.engine).legal_actions(game.state, seat)]


async def hand_of(table: Table, game_id: int, user: str) -> list[int]:
    """Tiny Duel: the user's cards."""
    game = await game_row(table, game_id)
    assert game.state is not None
    return list(game.state["g"]["hands"][str(game.seat_of(user))])


def strip(state: dict[str, Any] | None) -> dict[str, Any]:
    """A state without the step counter and undo history (what an undo must restore)."""
    assert state is not None
    return {k: v for k, v in state.items() if k not in ("step", "undo")}


# -- driving Discord ----------------------------------------------------------------------------
async def new_lobby(table: Table, options: str = "", host: str | None = None, game: str = "tiny") -> JSON:
    """``/game new`` by the host; returns the public lobby message."""
    given = {"game": game, **({"options": options} if options else {})}
    ix = await table.fake.slash(host or table.alice, table.channel, "game", subcommand="new", options=given)
    assert ix.response_type == 4 and not ix.ephemeral, ix.messages
    assert custom_ids(ix.message), f"lobby without buttons: {ix.message}"
    return ix.message


def lobby_game_id(lobby: JSON) -> int:
    """The game id carried by a lobby message's buttons."""
    join = next(cid for cid in custom_ids(lobby) if cid.startswith("l:") and cid.endswith(":join"))
    return int(join.split(":")[1], 36)


async def click_lobby(table: Table, user: str, lobby: JSON, verb: str) -> InteractionRecord:
    """Press a lobby button (join, leave, bot, start, cancel)."""
    return await table.fake.click(user, table.channel, lobby["id"], f"l:{b36(lobby_game_id(lobby))}:{verb}")


def board_version(message: JSON) -> int | None:
    """The version of a board post (from its nonce), None for other messages."""
    nonce = str(message.get("nonce") or "")
    return int(nonce.split(".", 1)[1], 36) if nonce.startswith("tk") and "." in nonce else None


async def settle(table: Table, game_id: int, timeout: float = 10.0) -> None:
    """Wait until every committed change of the game is public (posted, or a quiet sub-decision)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        game = await game_row(table, game_id)
        if game.posted_version >= game.version:
            return
        if loop.time() > end:
            raise AssertionError(f"game {game_id} version {game.version} never posted ({game.posted_version})")
        await asyncio.sleep(0.01)


async def wait_board(table: Table, game_id: int, *, newer_than: int | None = None) -> JSON:
    """Wait for the board of the game's current version (or of any version above ``newer_than``)."""
    if newer_than is None:
        version = (await game_row(table, game_id)).version
        return await table.fake.wait_for_message(table.channel, lambda m: is_board(m, version))

    def newer(message: JSON) -> bool:
        version = board_version(message)
        return version is not None and version > newer_than

    return await table.fake.wait_for_message(table.channel, newer)


async def start_game(table: Table, players: tuple[str, ...] | None = None, options: str = "rounds=1 dice=no",
                     bots: int = 0, game: str = "tiny") -> tuple[int, JSON]:
    """A game opened by the first player, joined by the others, started with the Start button.

    Returns the game id and its first board post.
    """
    players = players or (table.alice, table.bob)
    lobby = await new_lobby(table, options, host=players[0], game=game)
    for user in players[1:]:
        ix = await click_lobby(table, user, lobby, "join")
        assert ix.response_type == 7, ix.messages
    for _ in range(bots):
        ix = await click_lobby(table, players[0], lobby, "bot")
        assert ix.response_type == 7, ix.messages
    ix = await click_lobby(table, players[0], lobby, "start")
    assert ix.response_type == 6
    game_id = lobby_game_id(lobby)
    return game_id, await wait_board(table, game_id, newer_than=-1)


async def three_player_game(table: Table, monkeypatch: pytest.MonkeyPatch, game: str,
                            seed: int) -> tuple[int, JSON, GameRow]:
    """A game of ``game`` for Alice, Bob and Carol on a fixed seed, opened and started through the lobby
    with the rulebook's options. Returns the game id, its first board post and its row."""
    monkeypatch.setattr(table.bot.service.games, "new_seed", lambda: seed)
    game_id, first = await start_game(table, players=(table.alice, table.bob, table.carol), options="", game=game)
    row = await game_row(table, game_id)
    assert sorted(seat_names(row).values()) == ["Alice", "Bob", "Carol"]
    return game_id, first, row


async def play(table: Table, user: str, action: str, *, channel: str | None = None) -> str:
    """``/play action``; returns the ephemeral answer. Waits for the board when a move was made."""
    fake = table.fake
    channel = channel or table.channel
    game_before = await table.bot.service.storage.open_game_in_channel(channel)
    ix = await fake.slash(user, channel, "play", options={"action": action})
    assert ix.response_type == 5 and ix.ephemeral, ix
    [answer] = await ix.wait_followups(1)
    assert answer["ephemeral"], answer
    if game_before is not None and answer["content"].startswith(("Move made.", "Your last move was taken back.")):
        await settle(table, game_before.id)
    return answer["content"]


async def open_panel(table: Table, user: str, board: JSON, game_id: int) -> JSON:
    """Press "Take your turn" on a board post; returns the ephemeral panel."""
    ix = await table.fake.click(user, table.channel, board["id"], f"t:{b36(game_id)}")
    assert ix.response_type == 4 and ix.ephemeral, ix.messages
    return ix.message


async def press(table: Table, user: str, panel: JSON, action: str, *, board: bool = True) -> InteractionRecord:
    """Press the panel button of ``action``; with ``board`` wait for the new board post."""
    button = action_button(panel, action)
    ix = await table.fake.click(user, table.channel, panel["id"], button)
    assert ix.response_type == 6, ix
    if board:
        _, game, _, _ = button.split(":", 3)
        await ix.wait_followups(1)  # the panel is refreshed once the move is committed
        await settle(table, int(game, 36))
    return ix


async def bid_and_lock(table: Table, game_id: int, user: str) -> None:
    """Tiny Duel: bid the first card offered and lock in, with /play."""
    bid = next(a for a in await legal(table, game_id, user) if a.startswith("bid:"))
    assert (await play(table, user, bid)).startswith("Move made.")
    assert (await play(table, user, "lock")).startswith("Move made.")


async def error_reply(ix: InteractionRecord) -> str:
    """The single ephemeral message an interaction was answered with (initial reply or follow-up)."""
    if ix.response_type in (5, 6):
        await ix.wait_followups(1)
    messages = ix.messages
    assert messages, f"{ix.label}: no answer"
    assert all(m["ephemeral"] for m in messages), f"{ix.label}: a refusal was public: {messages}"
    return "\n".join(m["content"] for m in messages)
