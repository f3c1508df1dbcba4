"""Euphoria images from real random playouts: validity, size, private vs public, hidden zones, highlight."""

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
    ENGINE: Any = engines.get("euphoria")
except Exception as exc:  # noqa: BLE001 - the engine is being written; skip cleanly without it
    pytest.skip(f"euphoria engine not available: {exc}", allow_module_level=True)

from render import registry  # noqa: E402
from render.__main__ import main as cli_main  # noqa: E402
from render.core.output import MAX_BYTES, MAX_SIDE  # noqa: E402
from render.core.palette import HIGHLIGHT  # noqa: E402
from render.euphoria import draw  # noqa: E402
from tests.render._support import checkpoint_states, decode  # noqa: E402

NAMES = ["Zoë Ørjansen", "Bob", "中文 player", "A very long player name indeed", "Eve", "Fitz"]
CHECKPOINTS = (0, 1, 30, 120)
GAMES = [(1, 3, {}), (2, 4, {}), (2, 5, {"automa": True}), (3, 6, {}), (4, 3, {}), (5, 7, {}), (6, 8, {})]


def playout(players: int, seed: int, options: dict[str, Any]) -> list[dict[str, Any]]:
    """States at the checkpoints and the final state of a random legal playout."""
    return checkpoint_states(ENGINE, players, seed, options, CHECKPOINTS)


@lru_cache(maxsize=16)
def states(players: int, seed: int, automa: bool = False) -> tuple[dict[str, Any], ...]:
    return tuple(playout(players, seed, {"automa": True} if automa else {}))


def view(state: dict[str, Any], seat: int | None) -> dict[str, Any]:
    v = ENGINE.view(state, seat)
    v["seat_names"] = NAMES[: v["seats"]]
    return v


def check_png(data: bytes) -> None:
    im = decode(data)
    assert im.format == "PNG"
    assert max(im.size) <= MAX_SIDE
    assert min(im.size) >= 600
    assert len(data) < MAX_BYTES


def highlight_pixels(data: bytes) -> int:
    im = decode(data).convert("RGB")
    return sum(n for n, col in im.getcolors(im.width * im.height) or []
               if all(abs(a - b) <= 30 for a, b in zip(col, HIGHLIGHT, strict=True)))


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_public_and_private_images_are_valid(players: int, seed: int, options: dict[str, Any]) -> None:
    for state in states(players, seed, bool(options.get("automa"))):
        public = draw(view(state, None))
        check_png(public)
        for seat in sorted({0, players - 1}):
            private = draw(view(state, seat))
            check_png(private)
            assert private != public


def test_final_state_is_drawn() -> None:
    final = states(4, 3)[-1]
    v = view(final, None)
    assert v["result"] is not None, "the random playout should reach the end of the game"
    check_png(draw(v))


def _swap_hidden(state: dict[str, Any], pid: int) -> dict[str, Any]:
    """Same public state, different secrets for ``pid``: another hidden recruit, other artifacts (same count)."""
    new = copy.deepcopy(state)
    p = new["g"]["players"][pid]
    taken = {r for q in new["g"]["players"] for r in q.get("active", []) + q.get("hidden", [])}
    spare = next(r for r in ENGINE.data.recruits if r not in taken and ENGINE.data.recruits[r].faction)
    p["hidden"] = [spare] if p["hidden"] else []
    kinds = list(ENGINE.data.artifact_types)
    p["artifacts"] = [kinds[(kinds.index(a) + 1) % len(kinds)] for a in p["artifacts"]] or p["artifacts"]
    p["dealt"] = list(reversed(p["dealt"]))
    for deck in ("art_deck", "recruit_deck"):  # deck order is hidden from everyone
        new["g"][deck] = list(reversed(new["g"][deck]))
    return new


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (4, 3), (6, 8)])
def test_images_ignore_other_seats_hidden_zones(players: int, seed: int) -> None:
    state = next(s for s in states(players, seed) if s["g"]["players"][1]["hidden"])
    other = _swap_hidden(state, 1)
    assert other["g"]["players"][1]["hidden"] != state["g"]["players"][1]["hidden"]
    assert draw(view(state, None)) == draw(view(other, None))
    assert draw(view(state, 0)) == draw(view(other, 0))
    assert draw(view(state, 1)) != draw(view(other, 1))  # the owner does see the change


def test_draft_images_ignore_other_seats_dealt_recruits() -> None:
    state = states(3, 6)[1]
    assert state["g"]["players"][1]["dealt"], "seat 1 is still choosing in the draft"
    other = _swap_hidden(state, 1)
    other["g"]["players"][1]["dealt"][0] = next(r for r in ENGINE.data.recruits
                                                if r not in state["g"]["players"][1]["dealt"])
    assert draw(view(state, None)) == draw(view(other, None))
    assert draw(view(state, 0)) == draw(view(other, 0))
    assert draw(view(state, 1)) != draw(view(other, 1))


def test_last_move_is_highlighted() -> None:
    v = view(states(4, 3)[3], None)
    last = v["table"]["last"]
    assert last and last["spaces"], "the engine reports the last move's spaces"
    marked = draw(v)
    v["table"]["last"] = None
    plain = draw(v)
    assert highlight_pixels(marked) > highlight_pixels(plain) + 200


def test_registry_and_cli(tmp_path: Path) -> None:
    assert registry.get_renderer("euphoria") is draw
    out = tmp_path / "x.png"
    assert cli_main(["euphoria", "--players", "4", "--seed", "3", "--steps", "60", "--out", str(out)]) == 0
    check_png(out.read_bytes())
    assert cli_main(["euphoria", "--players", "4", "--seed", "3", "--steps", "60", "--out", str(out),
                     "--seat", "1"]) == 0
    check_png(out.read_bytes())


def test_odd_views_do_not_crash() -> None:
    v = view(states(2, 4)[2], 0)
    v.pop("seat_names")
    check_png(draw(v))
    v["table"]["last"] = {"pid": 99, "spaces": ["nowhere", 3]}
    check_png(draw(v))
    check_png(draw({"engine": "euphoria", "seat": None, "table": {}}))


def test_render_time_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    for label, players, automa, seat in (("2p", 2, False, None), ("4p", 4, False, None), ("6p", 6, False, None),
                                         ("solo", 1, False, None), ("4p seat 1", 4, False, 1)):
        v = view(states(players, 8 if players == 6 else 3 if players in (1, 4) else 4, automa)[3], seat)
        times = []
        for _ in range(3):  # a glance only: `python -m bench` measures render time
            t = time.perf_counter()
            draw(v)
            times.append(time.perf_counter() - t)
        with capsys.disabled():
            print(f"\neuphoria {label}: median render {statistics.median(times) * 1000:.0f} ms")
