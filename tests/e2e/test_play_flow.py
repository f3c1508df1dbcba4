"""Playing through Discord: /play and its autocomplete, the turn panel, undo, private views, logs, rules,
status, export and import."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from bot.discord.cogs.play import split_version
from bot.discord.ids import b36

from ._support import (
    action_button,
    active_users,
    all_text,
    bid_and_lock,
    boards,
    custom_ids,
    description,
    error_reply,
    game_row,
    hand_of,
    is_board,
    legal,
    open_panel,
    play,
    press,
    select_options,
    settle,
    start_game,
    strip,
    wait_board,
)
from .conftest import Table


async def to_turns(table: Table, game_id: int) -> tuple[str, str]:
    """Both players bid and lock in; returns (user on turn, the other user)."""
    await bid_and_lock(table, game_id, table.alice)
    await bid_and_lock(table, game_id, table.bob)
    [on_turn] = await active_users(table, game_id)
    return on_turn, table.bob if on_turn == table.alice else table.alice


# -- /play and its autocomplete -----------------------------------------------------------------
def unversioned(choices: list[dict[str, Any]]) -> list[str]:
    """The moves of autocomplete choices, without the game version their values carry."""
    return [split_version(c["value"])[0] for c in choices]


async def test_autocomplete_lists_the_callers_legal_moves_with_labels(table: Table) -> None:
    game_id, _ = await start_game(table)
    fake, ch = table.fake, table.channel
    alice_cards = await hand_of(table, game_id, table.alice)

    choices = await fake.autocomplete(table.alice, ch, "play", {"action": ""})
    version = (await game_row(table, game_id)).version  # each value carries the version it was listed for
    assert choices == [{"name": f"Bid card {c}", "value": f"bid:{c} @v{version}"} for c in alice_cards]
    bob_choices = await fake.autocomplete(table.bob, ch, "play", {"action": ""})
    assert unversioned(bob_choices) == [f"bid:{c}" for c in await hand_of(table, game_id, table.bob)]
    assert await fake.autocomplete(table.carol, ch, "play", {"action": ""}) == []

    card = alice_cards[-1]
    typed = await fake.autocomplete(table.alice, ch, "play", {"action": f"CARD {card}"})
    assert {"name": f"Bid card {card}", "value": f"bid:{card} @v{version}"} in typed
    assert all(f"card {card}" in c["name"].lower() for c in typed)
    assert await fake.autocomplete(table.alice, ch, "play", {"action": "lock"}) == []

    await play(table, table.alice, f"bid:{card}")
    after = await fake.autocomplete(table.alice, ch, "play", {"action": ""})
    names = [c["name"] for c in after]
    assert "Lock in my bid" in names and "Undo your last action" in names and "Bid nothing" not in names
    assert set(unversioned(after)) - {"undo"} == set(await legal(table, game_id, table.alice))


async def test_autocomplete_shows_at_most_25_moves(table: Table) -> None:
    await start_game(table, (table.alice,), options="", game="wide")
    choices = await table.fake.autocomplete(table.alice, table.channel, "play", {"action": ""})
    assert len(choices) == 25 and choices[0]["name"] == "Pick number 1" and unversioned(choices)[0] == "pick:1"
    typed = await table.fake.autocomplete(table.alice, table.channel, "play", {"action": "number 3"})
    assert unversioned(typed) == ["pick:3", *(f"pick:{n}" for n in range(30, 40))]


async def test_play_by_action_id_and_by_label(table: Table) -> None:
    game_id, _ = await start_game(table)
    alice_card = (await hand_of(table, game_id, table.alice))[0]
    bob_card = (await hand_of(table, game_id, table.bob))[1]

    assert await play(table, table.alice, f"bid:{alice_card}") == "Move made."
    assert await play(table, table.bob, f"bid card {bob_card}") == "Move made."  # a label, any case
    game = await game_row(table, game_id)
    assert game.state is not None and game.version == 2
    frame = game.state["stack"][-1]
    assert frame["private"][str(game.seat_of(table.alice))]["card"] == [alice_card]
    assert frame["private"][str(game.seat_of(table.bob))]["card"] == [bob_card]
    assert len(boards(table)) == 1, "a bid is a sub-decision: it updates the bidder's panel only"
    for board in table.fake.messages(table.channel):  # secret bids never reach the channel
        assert f"card {alice_card}" not in json.dumps(board["embeds"]).lower()


async def test_nonsense_is_refused_with_the_closest_legal_moves(table: Table) -> None:
    game_id, _ = await start_game(table)
    cards = await hand_of(table, game_id, table.alice)
    text = await play(table, table.alice, "bid card 99")
    assert "“bid card 99” is not a legal move now." in text
    assert "You could instead:" in text
    for card in cards:
        assert f"• Bid card {card} — `/play bid:{card}`" in text
    assert (await play(table, table.alice, "Bid card")).startswith("“Bid card” matches several moves.")
    assert (await game_row(table, game_id)).version == 0
    assert len(boards(table)) == 1


async def test_out_of_turn_and_spectator_moves_are_refused_privately(table: Table) -> None:
    game_id, _ = await start_game(table)
    on_turn, waiting = await to_turns(table, game_id)
    version = (await game_row(table, game_id)).version
    posts = len(table.fake.messages(table.channel))

    text = await play(table, waiting, "done")
    assert text.startswith("It is not your turn.") and "Waiting for" in text
    text = await play(table, table.carol, "done")
    assert "You are not playing in this game" in text
    assert (await game_row(table, game_id)).version == version
    assert len(table.fake.messages(table.channel)) == posts
    assert await play(table, on_turn, "done") == "Move made."


# -- the turn panel -----------------------------------------------------------------------------
async def test_turn_panel_buttons_apply_moves_and_refresh(table: Table) -> None:
    game_id, board = await start_game(table)
    g = b36(game_id)
    cards = await hand_of(table, game_id, table.alice)
    panel = await open_panel(table, table.alice, board, game_id)
    assert panel["content"] == "**Pick a card to bid in secret, then lock in.**"
    assert custom_ids(panel) == [*(f"a:{g}:0:bid:{c}" for c in cards), f"sl:{g}", f"ru:{g}"]  # Rules last, grey
    assert [c.get("label") for row in panel["components"] for c in row["components"]] == [
        *(f"Bid card {c}" for c in cards), "Since your last turn", "Rules"]

    await press(table, table.alice, panel, f"bid:{cards[0]}")
    refreshed = table.fake.message(panel["id"])
    assert refreshed["ephemeral"]
    assert set(custom_ids(refreshed)) == ({f"a:{g}:1:bid:{c}" for c in cards[1:]}
                                          | {f"a:{g}:1:lock", f"a:{g}:1:undo", f"sl:{g}", f"ru:{g}"})
    assert await hand_of(table, game_id, table.alice) == cards[1:]
    assert boards(table) == [board], "a sub-decision posts nothing"

    ix = await press(table, table.alice, refreshed, "lock")
    done = table.fake.message(panel["id"])
    assert done["content"].startswith("Move made.") and "Waiting for Bob" in done["content"]
    assert done["components"] == []
    assert ix.messages[0]["id"] == panel["id"]
    # a lock-in: the phase's status message, no ping (posted after the panel is answered: wait for it)
    status = await table.fake.wait_for_message(table.channel, lambda m: "is locked in" in (m.get("content") or ""))
    assert status == table.fake.messages(table.channel)[-1]
    assert "Alice is locked in." in status["content"] and "Waiting for Bob" in status["content"]
    assert status["mentions"] == [] and status["components"] == [] and boards(table) == [board]
    latest = board

    ix = await table.fake.click(table.alice, table.channel, latest["id"], f"t:{g}")
    assert "It is not your turn." in await error_reply(ix)
    ix = await table.fake.click(table.carol, table.channel, latest["id"], f"t:{g}")
    assert "not playing in this game" in await error_reply(ix)


async def test_many_moves_come_as_select_menus(table: Table) -> None:
    game_id, board = await start_game(table, (table.alice,), options="", game="wide")
    g = b36(game_id)
    panel = await open_panel(table, table.alice, board, game_id)
    assert custom_ids(panel) == [f"sl:{g}", f"ru:{g}", f"s:{g}:0:0", f"s:{g}:0:1"]
    first, second = select_options(panel, f"s:{g}:0:0"), select_options(panel, f"s:{g}:0:1")
    assert (len(first), len(second)) == (25, 15)
    assert second[7] == {"label": "Pick number 33", "value": "pick:33", "default": False}
    placeholders = [row["components"][0]["placeholder"] for row in panel["components"][1:]]
    assert placeholders[0].startswith("Moves 1–25") and placeholders[1].startswith("Moves 26–40")

    ix = await table.fake.select(table.alice, table.channel, panel["id"], f"s:{g}:0:1", ["pick:33"])
    assert ix.response_type == 6
    final = await wait_board(table, game_id, newer_than=0)
    game = await game_row(table, game_id)
    assert game.status == "finished" and game.state is not None and game.state["g"]["picked"] == {"0": 33}
    assert "Alice picks 33." in description(final) and "Winner: Alice" in description(final)
    assert table.fake.message(panel["id"])["components"] == []


async def test_a_button_from_an_earlier_turn_is_refused(table: Table) -> None:
    game_id, board = await start_game(table)
    cards = await hand_of(table, game_id, table.alice)
    old = await open_panel(table, table.alice, board, game_id)
    current = await open_panel(table, table.alice, board, game_id)
    await press(table, table.alice, current, f"bid:{cards[0]}")
    before = await game_row(table, game_id)

    ix = await press(table, table.alice, old, f"bid:{cards[1]}", board=False)
    assert "That button is from an earlier turn" in await error_reply(ix)
    after = await game_row(table, game_id)
    assert after.version == before.version and after.state == before.state
    assert table.fake.message(old["id"])["components"] == old["components"]  # the stale panel is left alone
    assert len(boards(table)) == 1


async def test_clicking_the_same_button_twice_applies_it_once(table: Table) -> None:
    game_id, board = await start_game(table)
    card = (await hand_of(table, game_id, table.alice))[0]
    panel = await open_panel(table, table.alice, board, game_id)
    button = action_button(panel, f"bid:{card}")
    first, second = await asyncio.gather(
        table.fake.click(table.alice, table.channel, panel["id"], button),
        table.fake.click(table.alice, table.channel, panel["id"], button))
    await settle(table, game_id)
    refusals = []
    for ix in (first, second):
        texts = [m["content"] for m in await ix.wait_followups(1)]
        refusals += [t for t in texts if "earlier turn" in t or "already" in t]
    assert len(refusals) == 1, refusals
    assert [(r.action, r.user_id) for r in await table.bot.service.storage.actions(game_id)] == [
        (f"bid:{card}", table.alice)]
    assert len(boards(table)) == 1


# -- undo -----------------------------------------------------------------------------------------
async def test_undo_restores_and_is_refused_after_a_reveal(table: Table) -> None:
    game_id, _ = await start_game(table)
    before = await game_row(table, game_id)
    card = (await hand_of(table, game_id, table.alice))[0]
    await play(table, table.alice, f"bid:{card}")
    assert await play(table, table.alice, "undo") == "Move made."  # undo is also a move for /play
    assert strip((await game_row(table, game_id)).state) == strip(before.state)

    on_turn, waiting = await to_turns(table, game_id)
    ix = await table.fake.slash(waiting, table.channel, "undo")
    assert "Nothing to undo" in await error_reply(ix)

    marked_before = await game_row(table, game_id)
    posted = len(boards(table))
    await play(table, on_turn, "mark:2")
    ix = await table.fake.slash(on_turn, table.channel, "undo")
    assert ix.ephemeral
    assert (await ix.wait_followups(1))[0]["content"] == "Your last move was taken back."
    await settle(table, game_id)
    assert len(boards(table)) == posted, "a sub-decision and its undo stay in the mover's panel"
    assert strip((await game_row(table, game_id)).state) == strip(marked_before.state)

    await play(table, on_turn, "draw")  # a card from the hidden deck: new information
    version = (await game_row(table, game_id)).version
    ix = await table.fake.slash(on_turn, table.channel, "undo")
    assert "Nothing to undo" in await error_reply(ix)
    assert (await game_row(table, game_id)).version == version


# -- private views ---------------------------------------------------------------------------------
async def test_hand_is_private_and_never_shows_other_players_secrets(table: Table) -> None:
    game_id, _ = await start_game(table)
    rendered: list[dict[str, Any]] = []
    original = table.bot.service.renderer
    assert original is not None

    def spy(engine_id: str, view: dict[str, Any]) -> bytes:
        rendered.append(view)
        return original(engine_id, view)

    table.bot.service.renderer = spy
    on_turn, waiting = await to_turns(table, game_id)
    await play(table, on_turn, "draw")
    drawer_cards = await hand_of(table, game_id, on_turn)
    drawn = drawer_cards[-1]
    game = await game_row(table, game_id)

    for user, other in ((on_turn, waiting), (waiting, on_turn)):
        rendered.clear()
        ix = await table.fake.slash(user, table.channel, "hand")
        assert ix.response_type == 5 and ix.ephemeral
        [answer] = await ix.wait_followups(1)
        assert answer["ephemeral"]
        [image] = answer["attachments"]
        assert image["filename"] == "hand.png" and image["data"].startswith(b"\x89PNG")
        name = "Alice" if user == table.alice else "Bob"
        assert f"you are {name}" in answer["content"]
        [view] = rendered
        assert view["seat"] == game.seat_of(user)
        assert view["table"]["hand"] == await hand_of(table, game_id, user)
        assert "hands" not in view["table"] and isinstance(view["table"]["deck"], int)  # sizes, not cards
        own = set(await hand_of(table, game_id, user))
        text = re.sub(r"`\s*\d+`", "", answer["content"])  # log lines are numbered
        for card in set(await hand_of(table, game_id, other)) - own:
            assert not re.search(rf"\b{card}\b", text), (card, answer["content"])
        if user == on_turn:
            assert f"You drew {drawn}." in answer["content"]
        else:
            assert "You drew" not in answer["content"]

    ix = await table.fake.slash(table.carol, table.channel, "hand")
    assert "not playing in this game" in await error_reply(ix)
    for message in table.fake.messages(table.channel):
        assert "You drew" not in all_text(message)


async def test_my_hand_button_is_ephemeral(table: Table) -> None:
    game_id, board = await start_game(table)
    ix = await table.fake.click(table.bob, table.channel, board["id"], f"h:{b36(game_id)}")
    assert ix.response_type == 5 and ix.ephemeral
    [answer] = await ix.wait_followups(1)
    assert answer["ephemeral"] and "you are Bob" in answer["content"]
    assert answer["attachments"][0]["filename"] == "hand.png"


async def test_board_is_ephemeral_unless_public(table: Table) -> None:
    await start_game(table)
    posts = len(table.fake.messages(table.channel))
    ix = await table.fake.slash(table.carol, table.channel, "board")
    [answer] = await ix.wait_followups(1)
    assert ix.ephemeral and answer["ephemeral"]
    assert answer["attachments"][0]["filename"] == "board.png"
    assert answer["embeds"][0]["image"]["url"] == "attachment://board.png"
    assert answer["content"] == "" and answer["mentions"] == []  # no pings from a board on request
    assert len(table.fake.messages(table.channel)) == posts

    ix = await table.fake.slash(table.carol, table.channel, "board", options={"public": True})
    [answer] = await ix.wait_followups(1)
    assert not answer["ephemeral"] and answer["attachments"][0]["filename"] == "board.png"
    assert answer["mentions"] == []
    assert table.fake.messages(table.channel)[-1]["id"] == answer["id"]


async def test_log_shows_private_lines_only_to_their_owner(table: Table) -> None:
    game_id, _ = await start_game(table)
    on_turn, waiting = await to_turns(table, game_id)
    await play(table, on_turn, "draw")
    drawn = (await hand_of(table, game_id, on_turn))[-1]
    name = "Alice" if on_turn == table.alice else "Bob"

    logs = {}
    for user in (on_turn, waiting, table.carol):
        ix = await table.fake.slash(user, table.channel, "log")
        [answer] = await ix.wait_followups(1) if ix.response_type == 5 else ix.messages
        assert ix.ephemeral and answer["ephemeral"]
        logs[user] = answer["content"]
    for text in logs.values():
        assert f"{name} draws a card." in text and "Bids revealed:" in text and "is locked in." in text
    assert f"You drew {drawn}." in logs[on_turn]
    assert "You drew" not in logs[waiting] and "You drew" not in logs[table.carol]
    assert logs[waiting] == logs[table.carol]  # a seated player sees the public log like a spectator

    ix = await table.fake.slash(table.carol, table.channel, "log", options={"lines": 1})
    assert ix.message["content"].count("\n") == 0 and f"{name} draws a card." in ix.message["content"]


async def test_rules_summary_and_topics(table: Table) -> None:
    fake, ch = table.fake, table.channel
    ix = await fake.slash(table.carol, ch, "rules", options={"game": "tiny"})
    assert ix.ephemeral
    assert ix.message["content"].startswith("**Tiny Duel** (1–4 players)\nBid a card in secret")
    assert "Topics: `bid`" in ix.message["content"]
    ix = await fake.slash(table.carol, ch, "rules", options={"game": "tiny", "topic": "bid"})
    assert ix.ephemeral and ix.message["content"] == (
        "**Tiny Duel — bid**\nEveryone bids one card in secret; a unique highest bid scores its value.")
    ix = await fake.slash(table.carol, ch, "rules", options={"game": "tiny", "topic": "chess"})
    assert "No rules topic 'chess' for Tiny Duel. Topics: bid." in await error_reply(ix)
    ix = await fake.slash(table.carol, ch, "rules", options={"game": "chess"})
    assert "There is no game called 'chess'" in await error_reply(ix)

    games = await fake.autocomplete(table.carol, ch, "rules", {"game": "tin"})
    assert games == [{"name": "Tiny Duel (1–4 players)", "value": "tiny"}]
    topics = await fake.autocomplete(table.carol, ch, "rules", {"game": "tiny", "topic": "b"}, focused="topic")
    assert topics == [{"name": "bid", "value": "bid"}]


async def test_status_is_private_and_says_who_is_awaited(table: Table) -> None:
    ix = await table.fake.slash(table.carol, table.channel, "game", "status")
    assert "no game in this channel" in await error_reply(ix)
    game_id, _ = await start_game(table)
    await bid_and_lock(table, game_id, table.alice)
    ix = await table.fake.slash(table.carol, table.channel, "game", "status")
    assert ix.ephemeral
    first, second = (p.name for p in sorted((await game_row(table, game_id)).players, key=lambda p: p.seat or 0))
    scores = f"Scores: {first} 0 · {second} 0"  # by name, in seat order
    assert ix.message["content"] == (f"**Tiny Duel** #{game_id}, Round 1, Bob's turn. Waiting for Bob: Pick a card "
                                     f"to bid in secret, then lock in.\n{scores}")


# -- export and import -----------------------------------------------------------------------------
async def test_export_is_refused_while_running_and_imports_after_the_end(table: Table) -> None:
    game_id, _ = await start_game(table)
    ix = await table.fake.slash(table.alice, table.channel, "game", "export")
    text = await error_reply(ix)
    assert "once the game has ended" in text and ix.message["attachments"] == []

    on_turn, waiting = await to_turns(table, game_id)
    await play(table, on_turn, "done")
    await play(table, waiting, "done")
    finished = await game_row(table, game_id)
    assert finished.status == "finished"

    ix = await table.fake.slash(table.carol, table.channel, "game", "export")
    assert ix.ephemeral
    [attachment] = ix.message["attachments"]
    assert attachment["filename"] == f"turnkeeper-tiny-{game_id}.json"
    document = json.loads(attachment["data"])
    assert document["engine"] == "tiny" and document["seed"] == finished.seed
    assert document["actions"] == [[r.seat, r.action] for r in await table.bot.service.storage.actions(game_id)]
    assert ix.message["content"] == f"Replay of Tiny Duel: {len(document['actions'])} moves."

    other = table.add_channel("replays")
    ix = await table.fake.slash(table.carol, other, "game", "import",
                                options={"replay": (attachment["filename"], attachment["data"])})
    assert ix.ephemeral
    [answer] = await ix.wait_followups(1)
    assert answer["content"].startswith("Replay imported as Tiny Duel #")
    board = await table.fake.wait_for_message(other, is_board)
    assert "Game over." in description(board) and board["components"] == []
    imported = await table.bot.service.storage.latest_game_in_channel(other)
    assert imported is not None and imported.id != game_id
    assert imported.status == "finished" and imported.result == finished.result
    await table.bot.service.rebuild(imported.id)
    ix = await table.fake.slash(table.carol, other, "game", "status")
    assert f"#{imported.id}" in ix.message["content"] and "Winner" in ix.message["content"]
