"""Hooks: other host features (deadlines, leagues) see every committed change and each game end."""

from __future__ import annotations

from bot.service.models import GameRow
from bot.service.service import GameService
from tests.service._support import play_to_end, start_game


async def test_on_change_runs_at_start_and_after_every_commit_and_on_finish_once(service: GameService) -> None:
    changes: list[tuple[int, str]] = []
    finishes: list[int] = []

    async def changed(game: GameRow) -> None:
        changes.append((game.version, game.status))

    async def finished(game: GameRow) -> None:
        finishes.append(game.id)

    service.hooks.on_change.append(changed)
    service.hooks.on_finish.append(finished)
    game_id = (await start_game(service)).id
    assert changes == [(0, "running")]
    final = await play_to_end(service, game_id)
    assert [v for v, _ in changes] == list(range(final.version + 1))
    assert changes[-1] == (final.version, "finished")
    assert finishes == [game_id]


async def test_a_failing_hook_never_undoes_the_move(service: GameService) -> None:
    async def broken(game: GameRow) -> None:
        raise RuntimeError("boom")

    service.hooks.on_change.append(broken)
    game_id = (await start_game(service)).id
    final = await play_to_end(service, game_id)
    assert final.status == "finished"
    assert (await service.rebuild(game_id)) == final.state
