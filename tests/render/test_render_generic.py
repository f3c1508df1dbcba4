"""The generic renderer, the registry and the CLI."""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
import types
from pathlib import Path
from typing import Any

import pytest

import render
from render import registry
from render.__main__ import main as cli_main
from render.__main__ import play_random
from render.core.demo import demo_canvas
from render.core.generic import render_generic
from tests.render._support import decode

# -- generic renderer ----------------------------------------------------------------------


NESTED_VIEW: dict[str, Any] = {
    "active": [0, 2],
    "prompt": "Choose a card × or pass — {seat1} is waiting",
    "phase": "bidding",
    "round": 3,
    "players": [
        {"name": "Zoë", "score": 12, "hand": 5},
        {"name": "Ørjan " * 30, "score": 7, "hand": {"a": 1}},
        {"name": "中文", "score": None, "extra": True},
    ],
    "board": [[None, "X", "O"], ["O", "X", None], [None, None, "X"]],
    "market": {"deck": 30, "nested": {"deep": {"deeper": {"deepest": [1, 2, {"x": 1}]}}}},
    "scores": {"0": 5, "1": 3, "2": 0},
    "hand_sizes": {"0": 2, "1": 4, "2": 1},
    "log": [f"entry {i}: " + "long text " * 20 for i in range(30)],
    "emoji": "🎲♠",
}


def test_generic_renders_nested_unicode_view() -> None:
    data = render_generic(NESTED_VIEW, "Test Game")
    im = decode(data)
    assert im.format == "PNG" and max(im.size) <= 2000 and im.width >= 600


def test_generic_handles_huge_and_odd_views() -> None:
    huge = {f"key_{i}": "value " * 50 for i in range(300)}
    im = decode(render_generic(huge, "Huge"))
    assert max(im.size) <= 2000
    for view in ({}, {"active": [], "result": None}, {"x": []}, {"winner": 1}, [1, 2, 3], {"v": 1.23456789}):
        assert decode(render_generic(view, "Odd")).format == "PNG"  # type: ignore[arg-type]


def test_generic_survives_deep_nesting() -> None:
    deep: dict[str, Any] = {"leaf": 1}
    for _ in range(2000):
        deep = {"d": deep, "l": [deep]}
    assert decode(render_generic(deep, "Deep")).format == "PNG"


def test_generic_engine_envelope() -> None:
    view = {
        "engine": "tiny",
        "title": "Tiny Duel",
        "seat": None,
        "seats": 2,
        "step": 40,
        "active": [],
        "result": {"winners": [1], "scores": {"0": 11, "1": 13}, "reason": "most points"},
        "prompt": "The game is over.",
        "options": {"rounds": 2},
        "table": {"round": 3, "scores": {"0": 9, "1": 12}, "gifts": {"0": 2, "1": 1}},
    }
    assert decode(registry.render_view("no_such_game_xyz", view)).format == "PNG"


# -- registry ------------------------------------------------------------------------------


def test_package_reexports_registry() -> None:
    assert render.render_view is registry.render_view and render.register is registry.register


def test_registry_falls_back_to_generic() -> None:
    data = registry.render_view("definitely_not_a_game", {"active": [0], "board": [[1, 2], [3, 4]]})
    assert decode(data).format == "PNG"
    assert registry.get_renderer("core") is None and registry.get_renderer("not-an-identifier") is None


def test_registry_uses_registered_renderer_and_survives_errors() -> None:
    seen: list[dict[str, Any]] = []

    def fake(view: dict[str, Any]) -> bytes:
        seen.append(view)
        return b"fake-png"

    def broken(view: dict[str, Any]) -> bytes:
        raise RuntimeError("boom")

    try:
        registry.register("zz_fake_game", fake)
        assert registry.render_view("zz_fake_game", {"a": 1}) == b"fake-png" and seen == [{"a": 1}]
        registry.register("zz_fake_game", broken)
        assert decode(registry.render_view("zz_fake_game", {"a": 1})).format == "PNG"
        with pytest.raises(RuntimeError):
            registry.render_view("zz_fake_game", {"a": 1}, strict=True)
    finally:
        registry.unregister("zz_fake_game")


class _FakeGamePackage(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Provides ``render.zz_lazy`` which registers a renderer when imported."""

    name = "render.zz_lazy"

    def find_spec(
        self, fullname: str, path: Any, target: Any = None
    ) -> importlib.machinery.ModuleSpec | None:
        return importlib.machinery.ModuleSpec(fullname, self) if fullname == self.name else None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType | None:
        return None

    def exec_module(self, module: types.ModuleType) -> None:
        registry.register("zz_lazy", lambda view: b"lazy:" + str(sorted(view)).encode())


def test_registry_imports_game_package_lazily(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "meta_path", [_FakeGamePackage(), *sys.meta_path])
    try:
        assert registry.render_view("zz_lazy", {"b": 1, "a": 2}) == b"lazy:['a', 'b']"
        assert "zz_lazy" in registry.registered()
    finally:
        registry.unregister("zz_lazy")
        sys.modules.pop("render.zz_lazy", None)


# -- CLI -----------------------------------------------------------------------------------


class StubEngine:
    """Minimal engine with the agreed API: count up to 5, seats alternate."""

    title = "Stub Count"

    def setup(self, n_players: int, seed: int, options: dict[str, Any]) -> dict[str, Any]:
        return {"n": n_players, "count": 0, "turn": 0, "goal": options.get("goal", 5)}

    def active(self, state: dict[str, Any]) -> list[int]:
        return [] if state["count"] >= state["goal"] else [state["turn"]]

    def legal_actions(self, state: dict[str, Any], seat: int) -> list[int]:
        return [1, 2]

    def apply(self, state: dict[str, Any], seat: int, action: int) -> tuple[dict[str, Any], list[Any]]:
        new = dict(state, count=state["count"] + action, turn=(state["turn"] + 1) % state["n"])
        return new, [{"seat": seat, "add": action}]

    def view(self, state: dict[str, Any], seat: int | None) -> dict[str, Any]:
        return {"active": self.active(state), "count": state["count"], "viewer": seat}


def test_play_random_is_deterministic_and_stops_at_game_end() -> None:
    eng = StubEngine()
    a, steps_a = play_random(eng, 3, 7, 100, {"goal": 20})
    b, steps_b = play_random(eng, 3, 7, 100, {"goal": 20})
    assert a == b and steps_a == steps_b and a["count"] >= 20 and steps_a < 100
    c, steps_c = play_random(eng, 2, 1, 2, {})
    assert steps_c == 2 and 2 <= c["count"] <= 4


def _engines_get() -> Any:
    engines = pytest.importorskip("engines")
    if not hasattr(engines, "get"):
        pytest.skip("engines.get is not available yet")
    return engines


def test_cli_unknown_game_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _engines_get()
    code = cli_main(["no_such_game_xyz", "--out", str(tmp_path / "x.png")])
    assert code == 2 and "unknown game" in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


def test_cli_renders_a_fixture_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    engines = _engines_get()
    try:
        from tests.fixtures import tiny
    except Exception as exc:  # noqa: BLE001 - the fixture game is optional here
        pytest.skip(f"tiny fixture game unavailable: {exc}")
    tiny.register()
    try:
        out = tmp_path / "tiny.png"
        args = ["tiny", "--players", "2", "--seed", "3", "--steps", "6", "--out", str(out), "--seat", "1"]
        assert cli_main(args) == 0
        printed = capsys.readouterr().out
        im = decode(out.read_bytes())
        assert str(out) in printed and f"{im.width}x{im.height}" in printed and max(im.size) <= 2000
        assert cli_main(["tiny", "--players", "2", "--seat", "5", "--out", str(out)]) == 2
        assert cli_main(["tiny", "--players", "9", "--out", str(out)]) == 2  # the engine rejects 9 seats
        assert "error:" in capsys.readouterr().err
    finally:
        engines.unregister("tiny")


# -- demo sheet ----------------------------------------------------------------------------


def test_demo_sheet_renders() -> None:
    c = demo_canvas()
    assert c.pixel_size == (1200, 2000)
    assert decode(c.to_png()).size == (1200, 2000)



def test_a_game_registers_the_images_that_go_with_its_board() -> None:
    """Issue 17: ``register(..., more=fn)`` adds images to a post; a failing one leaves the board alone (or
    raises when strict), and unregistering forgets them."""
    calls: list[str] = []

    def broken(view: dict) -> list[tuple[str, bytes]]:
        calls.append("more")
        raise RuntimeError("boom")

    registry.register("zz_more", lambda view: b"BOARD", more=lambda view: [("Robots' boards", b"ROBOTS")])
    try:
        assert registry.render_images("zz_more", {}) == [("", b"BOARD"), ("Robots' boards", b"ROBOTS")]
        registry.register("zz_more", lambda view: b"BOARD", more=broken)
        assert registry.render_images("zz_more", {}) == [("", b"BOARD")] and calls == ["more"]
        with pytest.raises(RuntimeError):
            registry.render_more("zz_more", {}, strict=True)
        registry.register("zz_more", lambda view: b"BOARD")
        assert registry.render_more("zz_more", {}) == []
    finally:
        registry.unregister("zz_more")
    assert registry.render_more("zz_more", {}) == []
