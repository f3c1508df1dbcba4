"""Robo Rescue images from real random playouts: validity, size, private vs public, leaks, highlight."""

from __future__ import annotations

import copy
import statistics
import time
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

engines = pytest.importorskip("engines")
try:
    ENGINE: Any = engines.get("robo_rescue")
except Exception as exc:  # noqa: BLE001 - the engine is being written; skip cleanly without it
    pytest.skip(f"robo_rescue engine not available: {exc}", allow_module_level=True)

from render import registry  # noqa: E402
from render.__main__ import main as cli_main  # noqa: E402
from render.core.output import MAX_BYTES, MAX_SIDE  # noqa: E402
from render.core.palette import HIGHLIGHT  # noqa: E402
from render.robo_rescue import draw  # noqa: E402
from tests.render._support import checkpoint_states, decode  # noqa: E402

NAMES = ["Zoë Ørjansen", "Bob", "中文 player", "A very long player name indeed"]
CHECKPOINTS = (0, 40, 150)


def playout(players: int, seed: int) -> list[dict[str, Any]]:
    """States at the checkpoints and the final state of a random legal playout."""
    return checkpoint_states(ENGINE, players, seed, {}, CHECKPOINTS)


@lru_cache(maxsize=8)
def states(players: int, seed: int) -> tuple[dict[str, Any], ...]:
    return tuple(playout(players, seed))


def view(state: dict[str, Any], seat: int | None) -> dict[str, Any]:
    v = ENGINE.view(state, seat)
    v["seat_names"] = NAMES[: v["seats"]]
    return v


def highlight_pixels(data: bytes) -> int:
    im = decode(data).convert("RGB")
    return sum(
        n
        for n, col in im.getcolors(im.width * im.height) or []
        if all(abs(a - b) <= 30 for a, b in zip(col, HIGHLIGHT, strict=True))
    )


def has_trace(v: dict[str, Any]) -> bool:
    t = v["table"]
    return bool(t["turn"]["trace"]) or bool((t.get("last_turn") or {}).get("trace"))


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_public_and_private_images_are_valid(players: int, seed: int) -> None:
    final = states(players, seed)[-1]
    assert final["result"] is not None, "the random playout should reach the end of the game"
    for state in states(players, seed):
        public = draw(view(state, None))
        for data in (public, draw(view(state, 0))):
            im = decode(data)
            assert im.format == "PNG"
            assert max(im.size) <= MAX_SIDE and min(im.size) >= 600
            assert len(data) < MAX_BYTES
        seat = (ENGINE.active(state) or [players - 1])[0]
        assert draw(view(state, seat)) != public


def test_spectator_image_ignores_hidden_hands_and_deck_order() -> None:
    for state in states(4, 3)[1:]:
        other = copy.deepcopy(state)
        g = other["g"]
        for s in ("1", "2"):  # swap hidden hands with deck cards, keeping their sizes
            n = min(len(g["hands"][s]), len(g["command_deck"]))
            g["hands"][s][:n], g["command_deck"][:n] = g["command_deck"][:n], g["hands"][s][:n]
        g["command_deck"].reverse()
        g["bonus_deck"].reverse()
        assert other["g"]["hands"] != state["g"]["hands"] or not any(state["g"]["hands"].values())
        assert draw(view(other, None)) == draw(view(state, None))
        assert draw(view(other, 0)) == draw(view(state, 0))  # seat 0 sees only its own hand


def test_last_move_is_highlighted() -> None:
    with_trace = [s for s in states(4, 3) if has_trace(view(s, None))]
    assert with_trace, "a playout should contain a move"
    baseline = highlight_pixels(draw(view(states(4, 3)[0], None)))  # legend swatch only
    for state in with_trace:
        assert highlight_pixels(draw(view(state, None))) > baseline + 400


def _program_view(players: int, seed: int) -> dict[str, Any] | None:
    state = ENGINE.setup(players, seed, {})
    for _ in range(600):
        active = ENGINE.active(state)
        if not active:
            return None
        v = view(state, active[0])
        if (v["table"].get("draft") or {}).get("preview"):
            return v
        state, _ = ENGINE.apply(state, active[0], ENGINE.bot_action(state, active[0]))
    return None


def test_private_preview_path_is_drawn() -> None:
    v = _program_view(2, 4)
    if v is None:
        pytest.skip("no programming step with a preview in this playout")
    without = copy.deepcopy(v)
    without["table"]["draft"]["preview"] = None
    assert draw(v) != draw(without)


def test_registry_and_cli(tmp_path: Path) -> None:
    assert registry.get_renderer("robo_rescue") is draw
    v = view(states(2, 1)[1], None)
    assert registry.render_view("robo_rescue", v, strict=True) == draw(v)
    out = tmp_path / "rr.png"
    assert (
        cli_main(["robo_rescue", "--players", "4", "--seed", "3", "--steps", "60", "--out", str(out), "--seat", "1"])
        == 0
    )
    assert decode(out.read_bytes()).format == "PNG"


def test_odd_views_do_not_crash() -> None:
    v = view(states(3, 2)[1], None)
    v.pop("seat_names")
    assert decode(draw(v)).format == "PNG"
    v["table"]["last_turn"] = {"seat": 0, "trace": [{"card": 1, "path": ["J5", "A5", "B5"]}], "flipped": ["D3"]}
    assert decode(draw(v)).format == "PNG"  # a Portal wrap


def test_render_time_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    v = view(states(4, 3)[2], 0)
    times = []
    for _ in range(5):
        t = time.perf_counter()
        draw(v)
        times.append(time.perf_counter() - t)
    with capsys.disabled():
        print(f"\nrobo_rescue private 4p render: median {statistics.median(times) * 1000:.0f} ms")
