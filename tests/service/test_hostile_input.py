"""Hostile input through the service (issue 19): replay files, option values, names, league hosts, /log."""

from __future__ import annotations

import asyncio
import re
import threading
import time
from typing import Any

import pytest

from bot.config import Settings, load_settings
from bot.service import replay_check
from bot.service.errors import LobbyError, NotAllowed, ServiceError
from bot.service.host import build_host
from bot.service.leagues.models import Standing
from bot.service.leagues.standings import standings_text
from bot.service.naming import clean_name, host_mention, plain
from bot.service.replay_check import MAX_IMPORT_MOVES, parse_replay, run_replay
from bot.service.service import GameService
from bot.service.sqlite import SQLiteStorage
from engines.core import export_replay

from ._league_support import RecordingHost, make_league
from ._support import play_to_end, start_game, to_turn_phase, user_at


def _nested(depth: int) -> Any:
    value: Any = "x"
    for _ in range(depth):
        value = {"a": value}
    return value


async def running_replay(service: GameService) -> dict[str, Any]:
    """The replay document of a finished one-round game (what `/game export` gives)."""
    game = await start_game(service, options={"rounds": 1})
    await play_to_end(service, game.id)
    return await service.export(channel_id="c1")


# field → bad value → words the refusal must contain
CORPUS: list[tuple[str, Any, str]] = [
    ("players", 5, "`players`"),
    ("players", [1, 2], "`players`"),
    ("players", [_nested(3000)], "`players`"),
    ("seed", "x", "`seed`"),
    ("seed", 2**80, "`seed`"),
    ("seed", -1, "`seed`"),
    ("seed", True, "`seed`"),
    ("seed", None, "`seed`"),
    ("seed", 1.5, "`seed`"),
    ("options", [], "`options`"),
    ("options", "rounds=1", "`options`"),
    ("options", {"rounds": [1]}, "`rounds`"),
    ("options", {"rounds": None}, "`rounds`"),
    ("options", {"rounds": 1.5}, "`rounds`"),
    ("options", {"rounds": _nested(5000)}, "`rounds`"),
    ("options", {"rounds": 2**80}, "`rounds`"),
    ("options", {"rounds": "9" * 500}, "Rounds"),
    ("options", {"nonsense": "1"}, "nonsense"),
    ("seats", True, "`seats`"),
    ("seats", "2", "`seats`"),
    ("seats", None, "`seats`"),
    ("seats", 0, "`seats`"),
    ("seats", 10**9, "`seats`"),
    ("actions", {}, "`actions`"),
    ("actions", None, "`actions`"),
    ("actions", [[0]], "`actions` entry 1"),
    ("actions", [["0", "done"]], "`actions` entry 1"),
    ("actions", [[True, "done"]], "`actions` entry 1"),
    ("actions", [[0, 5]], "`actions` entry 1"),
    ("actions", [[7, "done"]], "`actions` entry 1"),
    ("actions", [[0, "x" * 500]], "`actions` entry 1"),
    ("actions", [_nested(5000)], "`actions` entry 1"),
    ("engine", 5, "`engine`"),
    ("engine", None, "`engine`"),
    ("engine", ["tiny"], "`engine`"),
    ("format", None, "`format`"),
    ("final_hash", 5, "`final_hash`"),
]


@pytest.mark.parametrize(("field", "value", "words"), CORPUS, ids=[f"{f}-{i}" for i, (f, _, _) in enumerate(CORPUS)])
async def test_hostile_replay_corpus_is_refused_naming_the_field(service: GameService, field: str, value: Any,
                                                                 words: str) -> None:
    document = await running_replay(service)
    bad = {**document, field: value}  # shallow: the nested values are too deep to copy
    with pytest.raises(LobbyError) as caught:
        await service.import_replay(guild_id="g1", channel_id="c2", user_id="carol", user_name="Carol", document=bad)
    assert "cannot be loaded" in caught.value.message and words in caught.value.message, caught.value.message
    assert len(caught.value.message) < 400
    assert await service.storage.open_game_in_channel("c2") is None
    assert await service.storage.latest_game_in_channel("c2") is None


async def test_a_document_that_is_not_an_object_is_refused(service: GameService) -> None:
    for document in ([1, 2], "replay", None, 5):
        with pytest.raises(LobbyError, match="not a Turnkeeper replay"):
            await service.import_replay(guild_id=None, channel_id="c2", user_id="carol", user_name="Carol",
                                        document=document)  # type: ignore[arg-type]


async def test_missing_or_null_player_names_become_seat_names(service: GameService) -> None:
    document = await running_replay(service)
    for n, players in enumerate((None, [])):
        document["players"] = players
        post = await service.import_replay(guild_id=None, channel_id=f"n{n}", user_id="carol", user_name="Carol",
                                           document=document)
        names = [p.name for p in (await service.game_by_id(post.game_id)).players]
        assert names == ["Seat 1", "Seat 2"]


@pytest.mark.parametrize("options", [{"rounds": [3]}, {"rounds": {"a": 1}}, {"rounds": 2.5}, {"rounds": None},
                                     {"rounds": _nested(5000)}, [], "rounds=3"], ids=range(7))
async def test_non_text_option_values_in_new_are_refused_by_name(service: GameService, options: Any) -> None:
    with pytest.raises(LobbyError) as caught:
        await service.new_game(guild_id="g1", channel_id="c1", user_id="alice", user_name="Alice",
                               engine_id="tiny", options=options)
    assert "rounds" in caught.value.message or "options" in caught.value.message
    assert await service.storage.open_game_in_channel("c1") is None


async def test_non_text_option_values_in_option_are_refused(service: GameService) -> None:
    await service.new_game(guild_id="g1", channel_id="c1", user_id="alice", user_name="Alice", engine_id="tiny")
    with pytest.raises(LobbyError, match="rounds"):
        await service.set_option("c1", "alice", "rounds", [3])


# -- bounded, off the event loop ----------------------------------------------------------------------
async def test_a_replay_over_the_move_cap_is_refused_before_running(service: GameService) -> None:
    document = await running_replay(service)
    document["actions"] = [[0, "done"]] * (MAX_IMPORT_MOVES + 1)
    with pytest.raises(LobbyError, match=f"at most {MAX_IMPORT_MOVES:,} moves"):
        await service.import_replay(guild_id=None, channel_id="c2", user_id="carol", user_name="Carol",
                                    document=document)


async def test_a_replay_that_takes_too_long_to_check_is_refused(service: GameService) -> None:
    document = await running_replay(service)
    replay = parse_replay(document, service.engine)
    ticks = iter(range(0, 10**6, 10))  # every reading of the clock is 10 s later
    with pytest.raises(LobbyError, match="too long to check"):
        run_replay(replay, limit_seconds=15, clock=lambda: float(next(ticks)))
    assert run_replay(replay)[0]["result"] is not None  # with real time it loads


async def test_the_replay_is_checked_in_a_worker_thread_while_the_loop_runs(
        service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    document = await running_replay(service)
    threads: set[int] = set()
    slow = run_replay

    def slow_run(replay: Any, **kwargs: Any) -> Any:
        threads.add(threading.get_ident())
        time.sleep(0.3)  # a long replay: the loop must keep serving other servers meanwhile
        return slow(replay, **kwargs)

    monkeypatch.setattr("bot.service.lobby.run_replay", slow_run)
    ticks = 0

    async def ticker() -> None:
        nonlocal ticks
        while True:
            await asyncio.sleep(0.01)
            ticks += 1

    task = asyncio.create_task(ticker())
    try:
        await service.import_replay(guild_id=None, channel_id="c2", user_id="carol", user_name="Carol",
                                    document=document)
    finally:
        task.cancel()
    assert threads and threading.get_ident() not in threads
    assert ticks >= 5  # the event loop kept running while the replay was checked


# -- imported games: marked, never rated, never league games ------------------------------------------
async def test_imported_games_are_marked_and_never_rated(storage: SQLiteStorage) -> None:
    built = build_host(storage, renderer=None, league_host=RecordingHost())
    service, leagues = built.service, built.leagues
    game = await start_game(service, options={"rounds": 1})
    game = await to_turn_phase(service, game.id)
    first = user_at(game, 0)
    assert first is not None
    rows = await service.storage.actions(game.id)
    assert game.state is not None
    document = export_replay(game.state, [(r.seat, r.action) for r in rows], players=["A", "B"])
    post = await service.import_replay(guild_id="g1", channel_id="c2", user_id="carol", user_name="Carol",
                                       document=document)
    assert "imported" in post.title and "not rated" in post.summary
    assert "imported" in (await service.status("c2")).title and "imported" in (await service.board("c2")).title
    await service.join("c2", "dave", "Dave")
    lobby = await service.join("c2", "erin", "Erin")
    assert "Imported replay: not rated" in lobby.message
    imported = await service.game_by_id(post.game_id)
    assert imported.imported and not (await service.game_by_id(game.id)).imported
    done = await play_to_end(service, imported.id)
    assert done.status == "finished" and done.imported
    assert "tiny" not in await leagues.rating("g1", "dave") and "tiny" not in await leagues.rating("g1", "erin")
    assert await leagues.rate_game(done, {"dave": 1, "erin": 2}, league=True) is False


# -- names ----------------------------------------------------------------------------------------------
HOSTILE_NAMES = [
    ("[Nitro](https://e.vil)", "\\[Nitro\\](https://e.vil)"),
    ("\u202eevil\u202c", "evil"),
    ("a\u200bb\u200c\u200dc\u2060d\ufeff", "abcd"),
    ("nul\x00name", "nulname"),
    ("line\nbreak\r\ttab", "line break tab"),
    ("\u2066iso\u2069 \u200fmark\u200e", "iso mark"),
    ("**bold** __u__ ~~s~~ ||spoil|| `code`", None),
    ("<@123> @everyone <#9> <t:1:R>", None),
    ("# heading", "\\# heading"),
    ("\x00\u200b\u202e", "Player"),
]


@pytest.mark.parametrize(("raw", "shown"), HOSTILE_NAMES)
def test_hostile_names_are_cleaned(raw: str, shown: str | None) -> None:
    name = clean_name(raw)
    if shown is not None:
        assert name == shown
    assert not any(ch in name for ch in "\x00\n\r\t\u200b\u200c\u200d\u2060\ufeff\u202e\u202c\u2066\u2069\u200e\u200f")
    assert "@" not in name and not re.search(r"(?<!\\)\]\(", name)  # no masked link can form
    assert clean_name(name) == name  # cleaning twice changes nothing (stored names are re-cleaned)
    for mark in "*_~|`<>[]":
        assert all(name[i - 1] == "\\" for i, ch in enumerate(name) if ch == mark), name
    assert len(plain(name)) <= 32


async def test_names_are_cleaned_wherever_they_enter(service: GameService) -> None:
    await service.new_game(guild_id="g1", channel_id="c1", user_id="alice", user_name="[Nitro](https://e.vil)",
                           engine_id="tiny")
    lobby = await service.join("c1", "bob", "\u202eBob\u200b\x00")
    assert lobby.players == ["\\[Nitro\\](https://e.vil)", "Bob"]
    assert "\u202e" not in lobby.message and "\x00" not in " ".join(lobby.players)


# -- league hosts and the token ---------------------------------------------------------------------------
async def test_a_league_game_refusal_does_not_mention_a_fake_user(service: GameService) -> None:
    game_id = (await service.new_game(guild_id="g1", channel_id="c1", user_id="alice", user_name="Alice",
                                      engine_id="tiny")).game_id
    await service.join("c1", "bob", "Bob")
    await service.storage.set_host(game_id, "league-3")
    with pytest.raises(NotAllowed) as caught:
        await service.start("c1", "bob")
    assert "<@league" not in caught.value.message and "league's organisers" in caught.value.message
    assert host_mention("123") == "<@123>"


def test_the_settings_repr_never_shows_the_token() -> None:
    settings = load_settings({"DISCORD_TOKEN": "MTIz.secret-token-value"})
    assert settings.token == "MTIz.secret-token-value"
    assert "secret-token-value" not in repr(settings) and "secret-token-value" not in str(settings)
    assert "secret" not in repr(Settings(token="secret"))


# -- /log reads only what it shows ------------------------------------------------------------------------
async def test_log_reads_only_the_lines_it_shows(service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    game = await start_game(service, options={"rounds": 8})
    await play_to_end(service, game.id)
    everything = await service.log("c1", "alice", 200)
    total = len(await service.storage.actions(game.id))
    read: list[int] = []
    recent = service.storage.recent_actions

    async def counting(game_id: int, limit: int, before: int | None = None) -> Any:
        rows = await recent(game_id, limit, before)
        read.append(len(rows))
        return rows

    async def whole_log(game_id: int) -> Any:
        raise AssertionError("/log must not load the whole log")

    monkeypatch.setattr(service.storage, "actions", whole_log)
    monkeypatch.setattr(service.storage, "recent_actions", counting)
    assert await service.log("c1", "alice", 5) == everything[-5:]
    assert sum(read) < total
    assert await service.log("c1", "alice", 200) == everything  # paging back reaches the setup lines


def test_service_errors_are_what_adapters_show() -> None:
    assert issubclass(replay_check.ReplayRefused, ServiceError)


async def test_league_names_and_tables_are_cleaned(storage: SQLiteStorage) -> None:
    leagues = build_host(storage, renderer=None, league_host=RecordingHost()).leagues
    league = await make_league(leagues, users=(), name="**Big** [League](https://e.vil)\u202e")
    assert league.name == "\\*\\*Big\\*\\* \\[League\\](https://e.vil)"
    await leagues.join(league, "alice", "```[Nitro](https://e.vil)\u200b")
    await leagues.join(league, "bob", "Bob\x00\u202e")
    [entry_a, entry_b] = sorted(await leagues.store.entries((await leagues.store.season(league.id)).id),
                                key=lambda e: e.user_id)
    assert entry_a.name == "\\`\\`\\`\\[Nitro\\](https://e.vil)" and entry_b.name == "Bob"
    rows = [Standing(1, "alice", entry_a.name, 0, 0, 0, 0, 0, 0, 0)]
    text = standings_text(rows)
    assert "`" not in text and "\\" not in text and "[Nitro](https" in text  # a code block: plain, no fence
