"""Robo Rescue: the renderer draws only from the view (geometry, limits, draft slots, Blast! targets)."""

from __future__ import annotations

import ast
import copy
from pathlib import Path
from typing import Any

import pytest

engines = pytest.importorskip("engines")
try:
    ENGINE: Any = engines.get("robo_rescue")
except Exception as exc:  # noqa: BLE001 - the engine is being written; skip cleanly without it
    pytest.skip(f"robo_rescue engine not available: {exc}", allow_module_level=True)

from render.core.palette import WARNING  # noqa: E402
from render.robo_rescue import draw  # noqa: E402
from render.robo_rescue.board import BLAST_RED, blasts  # noqa: E402
from render.robo_rescue.layout import Static, static  # noqa: E402
from render.robo_rescue.private import draft_lines, selected  # noqa: E402
from tests.render._support import decode, near  # noqa: E402

RENDER_DIR = Path(__file__).resolve().parents[2] / "render" / "robo_rescue"


def _state(steps: int = 12, players: int = 3, seed: int = 2) -> dict[str, Any]:
    state = ENGINE.setup(players, seed, {})
    for _ in range(steps):
        seat = ENGINE.active(state)[0]
        state, _ = ENGINE.apply(state, seat, ENGINE.bot_action(state, seat))
    return state


def _view(state: dict[str, Any], seat: int | None = None) -> dict[str, Any]:
    v = ENGINE.view(state, seat)
    v["seat_names"] = ["Ann", "Bob", "Cy", "Dee"][: v["seats"]]
    return v


def _red(data: bytes) -> int:
    im = decode(data).convert("RGB")
    return sum(n for n, col in im.getcolors(im.width * im.height) or [] if near(col, BLAST_RED, 25))


def test_renderer_modules_do_not_import_the_engine() -> None:
    files = sorted(RENDER_DIR.glob("*.py"))
    assert files
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert not any(n == "engines" or n.startswith("engines.") for n in names), (path.name, names)
        assert "engines.get" not in path.read_text(encoding="utf-8"), path.name


def test_view_carries_the_static_geometry_and_limits() -> None:
    geo = _view(ENGINE.setup(2, 1, {}))["table"]["geometry"]
    c = ENGINE.data
    assert geo["board"]["cols"] == geo["board"]["rows"] == 10
    assert geo["board"]["box_starts"] == list(c.box_starts) and geo["board"]["corners"] == list(c.corners)
    assert set(geo["board"]["switches"]) == set(c.switches) and len(geo["board"]["power_tokens"]) == 8
    mx = geo["matrix"]
    assert mx["cols"] == "ABCDEFGHIJ" and mx["rows"] == 3 and mx["node_cells"] == ["G1", "J2"]
    assert {e["id"] for e in mx["endpoints"]} == {e.id for e in c.endpoints}
    assert set(mx["connections"]) == {"A", "B", "G1", "J2"}
    lim = geo["limits"]
    assert lim["hand_limit"] == 10 and lim["oil_tank_size"] == 9 and lim["energy_max"] == 2
    assert lim["chips_max"] == 4 and lim["spacecraft_engines"] == 4 and lim["cable_engines_max"] == 2


def test_static_comes_from_the_view_with_defaults_when_missing() -> None:
    v = _view(ENGINE.setup(2, 1, {}))
    st = static(v)
    assert st.box_starts == tuple(ENGINE.data.box_starts) and len(st.endpoints) == 8
    assert (st.tank_size, st.energy_max, st.chips_max, st.engines) == (9, 2, 4, 4)
    bare = copy.deepcopy(v)
    del bare["table"]["geometry"]
    assert static(bare) == Static()
    assert decode(draw(bare)).format == "PNG"  # an older view still draws


def test_drawing_follows_the_view_geometry() -> None:
    v = _view(_state())
    other = copy.deepcopy(v)
    other["table"]["geometry"]["limits"]["oil_tank_size"] = 6
    other["table"]["geometry"]["limits"]["spacecraft_engines"] = 3
    assert static(other).tank_size == 6 and static(other).engines == 3
    assert draw(other) != draw(v)


def test_draft_carries_the_hand_slots_it_uses_and_the_hand_marks_them() -> None:
    state = _state(0)
    for _ in range(400):
        seat = ENGINE.active(state)[0]
        draft = ENGINE.view(state, seat)["table"].get("draft")
        if draft and draft["cards"] and draft["kind"] == "combi":
            break
        state, _ = ENGINE.apply(state, seat, ENGINE.bot_action(state, seat))
    else:
        pytest.skip("no Combi draft in this playout")
    v = _view(state, seat)
    draft, hand = v["table"]["draft"], v["table"]["hand"]
    assert [hand[i]["type"] for i in draft["slots"]] == draft["cards"]
    assert draft["source"] != "COMBI" or hand[draft["combi_slot"]]["type"] == "COMBI"
    marks = selected(hand, draft)
    assert {i for i, role in marks.items() if role.endswith("card")} == set(draft["slots"])
    assert draft_lines(draft)[0] == f"First card: {hand[draft['slots'][0]]['name']}"
    for other in ENGINE.view(state, None), ENGINE.view(state, (seat + 1) % state["seats"]):
        assert "draft" not in other["table"]


def test_selected_follows_the_slots_not_the_type() -> None:
    hand = [{"type": "FORWARD"}, {"type": "FORWARD"}]
    draft = {"kind": "single", "cards": ["FORWARD"], "slots": [1], "combi_slot": None, "mods": {}}
    assert selected(hand, draft) == {1: "Card"}
    del draft["slots"]
    assert selected(hand, draft) == {0: "Card"}  # an older view: the first card of the type


def _with_blast(v: dict[str, Any], entry: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(v)
    out["table"]["turn"]["trace"] = []
    out["table"]["last_turn"] = {"seat": 0, "trace": [{"card": 1, "path": ["E5", "E4"], "pushes": []}, entry],
                                 "flipped": []}
    return out


def test_blast_target_is_marked_on_the_board() -> None:
    v = _view(_state())
    plain = _red(draw(_with_blast(v, {"blast": "none"})))
    box = _red(draw(_with_blast(v, {"blast": "box", "at": [4, 2]})))  # E3, ahead of the robot at E4
    energy = _red(draw(_with_blast(v, {"blast": "energy", "at": [0, 0]})))
    assert box > plain + 300 and energy > plain + 100
    assert _red(draw(_with_blast(v, {"blast": "box", "at": "E3"}))) > plain + 300  # a space name is accepted
    for odd in ({"blast": "box"}, {"blast": "box", "at": [99, 1]}, {"blast": "box", "at": ["x"]}, {"blast": None}):
        assert decode(draw(_with_blast(v, odd))).format == "PNG"
    assert blasts([{"blast": "box", "at": [4, 2]}, {"card": 1}, {"blast": "none"}]) == [("box", (4, 2)),
                                                                                       ("none", None)]


def test_preview_warnings_are_drawn_on_the_private_image() -> None:
    # D-06: the private /hand image lists the draft's warnings in the warning colour
    state = _state(0)
    for _ in range(400):
        seat = ENGINE.active(state)[0]
        if ENGINE.view(state, seat)["table"].get("draft"):
            break
        state, _ = ENGINE.apply(state, seat, ENGINE.bot_action(state, seat))
    else:
        pytest.skip("no draft in this playout")
    calm = _view(state, seat)
    calm["table"]["draft"]["warnings"] = []
    warned = copy.deepcopy(calm)
    warned["table"]["draft"]["warnings"] = ["Blast! has no target", "Portal unused"]

    def warning_pixels(v: dict[str, Any]) -> int:
        im = decode(draw(v)).convert("RGB")
        return sum(n for n, col in im.getcolors(im.width * im.height) or [] if near(col, WARNING, 10))

    assert warning_pixels(warned) > warning_pixels(calm) + 50
