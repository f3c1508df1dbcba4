"""The SCRAP image: the public map and Consoles, a Battle's boards after the reveal, the private panel."""

from __future__ import annotations

import io

from PIL import Image

from render.scrap import draw

from .battles import assign, pick, put, start, table
from .helpers import ENGINE


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data)).size


def test_public_and_private_views_render():
    state = table()
    state["g"]["players"]["0"]["active"] = 5
    put(state, 0, 2, "R1")
    put(state, 1, 1, "R1", stunned=True)
    for seat in (None, 0):
        width, height = png_size(draw(ENGINE.view(state, seat)))
        assert width == 2000 and height > 1000


def test_battle_boards_render_after_the_reveal():
    # SC-BATTLE-14: the boards are shown once everyone has locked in
    state = table()
    put(state, 0, 2, "R2")
    put(state, 2, 1, "R2")
    state = start(state, 0, "R2")
    for token in ("pass", "pass", "strike"):
        state = pick(state, token)
    secret = ENGINE.view(state, 1)["table"]["battle"]
    assert secret["boards"] == {} and secret["stage"] == "command"
    state = assign(state, 0, "brawl")
    state = assign(state, 2, "probe")
    shown = ENGINE.view(state, None)["table"]["battle"]
    assert shown["boards"]["0"] == {"Brawl": ["Axon (Strength 3)"]}
    png_size(draw(ENGINE.view(state, None)))


def test_the_hosts_player_names_are_drawn_from_its_list():
    """The host adds ``seat_names`` as a list by seat (as for every game); the image must take it."""
    state = table()
    state["g"]["players"]["0"]["active"] = 5
    for seat in (None, 0):
        view = dict(ENGINE.view(state, seat), seat_names=["Alice", "Bob"])
        assert png_size(draw(view))[0] == 2000
