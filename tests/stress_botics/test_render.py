"""Stress Botics images from seeded random playouts: valid palette PNGs of sane size, public vs private, no
hidden information in the public image's input, the planet's yields at the current pressure, the last turn
highlighted (issue #15, spec 6.1 and 6.6)."""

from __future__ import annotations

import ast
import copy
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

from render import registry
from render.core import Box
from render.core.output import MAX_BYTES, MAX_SIDE
from render.core.palette import HIGHLIGHT
from render.stress_botics import draw, more_images
from render.stress_botics.planet import places
from tests.render._support import checkpoint_states, decode
from tests.stress_botics.engine_helpers import ENGINE

RENDER_DIR = Path(__file__).resolve().parents[2] / "render" / "stress_botics"
NAMES = ["Zoë Ørjansen", "Bob", "中文 player", "A very long player name indeed"]
CHECKPOINTS = (0, 60, 250)
HIDDEN = ("hand", "hands", "programmed", "secondary", "private", "private_text")


@lru_cache(maxsize=4)
def states(players: int, seed: int) -> tuple[dict[str, Any], ...]:
    """States at the checkpoints and the end of a seeded random legal playout."""
    return tuple(checkpoint_states(ENGINE, players, seed, {"turn_order": "seat"}, CHECKPOINTS))


def view(state: dict[str, Any], seat: int | None) -> dict[str, Any]:
    v = ENGINE.view(state, seat)
    v["seat_names"] = NAMES[: v["seats"]]
    return v


def highlight_pixels(data: bytes) -> int:
    im = decode(data).convert("RGB")
    return sum(n for n, col in im.getcolors(im.width * im.height) or []
               if all(abs(a - b) <= 30 for a, b in zip(col, HIGHLIGHT, strict=True)))


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_public_and_private_images_are_sane_palette_pngs(players: int, seed: int) -> None:
    """Issue #15: the images of every checkpoint, public (the table and the robots' boards) and per seat, are
    ≈2000 px palette PNGs; issue 17: the public post has the robots' boards as its second image."""
    for state in states(players, seed):
        public = draw(view(state, None))
        more = more_images(view(state, None))
        assert [title for title, _ in more] == ["Robots' boards"] and more_images(view(state, 0)) == []
        for data in (public, more[0][1], draw(view(state, 0))):
            im = decode(data)
            assert im.format == "PNG" and im.mode == "P"
            assert max(im.size) == MAX_SIDE and min(im.size) >= 800
            assert len(data) < MAX_BYTES
        assert draw(view(state, players - 1)) != public


def test_the_public_view_carries_no_private_information() -> None:
    """Spec 6.1: the renderer takes views only, and the spectator's view holds no hand, programmed card or
    Secondary Objective (only counts)."""
    for state in states(4, 3):
        table = view(state, None)["table"]
        assert not set(HIDDEN) & set(table)
        for board in table["players"].values():
            assert isinstance(board["hand"], int) and isinstance(board["programmed"], int)
        mine = view(state, 2)["table"]["private"]
        assert set(mine) == {"hand", "hand_limit", "programmed", "secondary"}


def test_public_image_ignores_hidden_hands_programmed_cards_and_objectives() -> None:
    """Spec 6.1: resampling what a spectator may not know leaves the public image unchanged."""
    state = states(4, 3)[1]
    other = copy.deepcopy(state)
    g = other["g"]
    g["hands"]["1"], g["hands"]["2"] = g["hands"]["2"][: len(g["hands"]["1"])], g["hands"]["1"][: len(g["hands"]["2"])]
    g["secondary"]["1"], g["secondary"]["3"] = g["secondary"]["3"], g["secondary"]["1"]
    for deck in g["decks"].values():
        deck.reverse()
    assert draw(view(other, None)) == draw(view(state, None))
    assert draw(view(other, 0)) == draw(view(state, 0))  # seat 0 sees only its own cards


def test_private_strip_shows_the_owners_cards() -> None:
    """Issue #15: the private image draws the hand, programmed cards and the Secondary Objective."""
    v = view(states(3, 2)[1], 0)
    mine = v["table"]["private"]
    assert mine["hand"] and mine["secondary"]
    for key, empty in (("hand", []), ("programmed", ["MOVE (keep Carbon)"]), ("secondary", None)):
        changed = copy.deepcopy(v)
        changed["table"]["private"][key] = empty
        assert draw(changed) != draw(v), key


def test_vault_yields_follow_the_pressure() -> None:
    """SB-MINE-03/04: each vault shows its tile's yield for its side at the current pressure."""
    state = states(4, 3)[0]
    seen = {}
    for level in (0, 4):
        other = copy.deepcopy(state)
        other["g"]["pressure"] = level
        seen[level] = view(other, None)["table"]["planet"]["nodes"]
    carbon = next(n for n, info in seen[0].items() if info.get("name") == "01 Carbon")
    assert seen[0][carbon]["yield"] == "gives 1 Carbon" and seen[4][carbon]["yield"] == "gives 3 Carbon"
    assert seen[0]["CORE"]["yield"] == "1 Lava" and seen[4]["CORE"]["yield"] == "3 Lava"
    other = copy.deepcopy(state)
    other["g"]["pressure"] = 4
    assert draw(view(other, None)) != draw(view(state, None))


def test_padlocked_and_dial_closed_routes_are_marked() -> None:
    """SB-MOVE-04: padlocked edges and Core routes the dial does not connect are not drawn as open."""
    nodes_edges = view(states(3, 2)[0], None)["table"]["planet"]["edges"]
    assert any(e["padlock"] and not e["open"] for e in nodes_edges)
    assert any(e["core"] and not e["open"] for e in nodes_edges) and any(e["core"] and e["open"]
                                                                        for e in nodes_edges)
    state = copy.deepcopy(states(3, 2)[0])
    before = draw(view(state, None))
    state["g"]["padlocks"] = []
    assert draw(view(state, None)) != before


def test_the_last_turn_is_highlighted() -> None:
    """Issue #15: the player who took the last turn and their location glow in the highlight colour."""
    v = view(states(4, 3)[1], None)
    v["table"]["last_turn"] = None
    quiet = highlight_pixels(draw(v))
    v["table"]["last_turn"] = 2
    assert highlight_pixels(draw(v)) > quiet + 2000


def test_registry_finds_the_renderer() -> None:
    assert registry.get_renderer("stress_botics") is draw
    v = view(states(2, 1)[1], None)
    assert registry.render_view("stress_botics", v, strict=True) == draw(v)


def test_odd_views_do_not_crash() -> None:
    v = view(states(3, 2)[1], None)
    v.pop("seat_names")
    assert decode(draw(v)).format == "PNG"
    v["table"].pop("planet")
    assert decode(draw(v)).format == "PNG"
    assert decode(draw({"seats": 2, "table": {}})).format == "PNG"


def test_renderer_modules_do_not_import_the_engine() -> None:
    """The image is drawn from ``engine.view`` only."""
    files = sorted(RENDER_DIR.glob("*.py"))
    assert files
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            assert not any(n == "engines" or n.startswith("engines.") for n in names), (path.name, names)


def test_locations_keep_their_places_as_the_game_goes_on() -> None:
    """Spec 6.6 (a fixed layout): where each location sits depends on the board alone, not on its contents."""
    seen = [places(Box(0, 0, 600, 600), view(s, None)["table"]["planet"]["nodes"]) for s in states(4, 3)]
    assert all(p == seen[0] for p in seen[1:])
    assert len({(round(x), round(y)) for x, y in seen[0].values()}) == len(seen[0])


def test_threats_strip_only_from_version_2_with_threats():
    # the belt, the Cylindroids on the squares and AlphaBot's shield track (SB-ALPHA-08) come from the view
    v2 = ENGINE.setup(3, 5, {"turn_order": "seat", "threats": True})
    v2["g"]["cyl"]["A1"] = ["MIN", "EXP!"]
    v2["g"]["boxes"] = {"CORNER_A": 1}
    table = ENGINE.view(v2, None)["table"]
    assert table["threats"]["squares"]["A1"] == {"cylindroids": ["Miner", "armed Explosive"], "boxes": 0}
    assert table["alphabot"]["status_card"] == "10-8" and table["alphabot"]["control"] == "A"
    v1 = ENGINE.setup(3, 5, {"turn_order": "seat"}, version=1)
    assert "threats" not in ENGINE.view(v1, None)["table"]
    off = ENGINE.setup(3, 5, {"turn_order": "seat", "threats": False})
    assert "threats" not in ENGINE.view(off, None)["table"]  # option off
    tall, short = decode(draw(view(v2, None))), decode(draw(view(v1, None)))
    assert tall.size[1] / tall.size[0] > short.size[1] / short.size[0]  # the strip makes it taller
