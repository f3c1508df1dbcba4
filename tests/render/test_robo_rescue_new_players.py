"""Robo Rescue's images as new players read them: tokens under robots, switch wiring, the whole prompt."""

from __future__ import annotations

import copy
from typing import Any

from engines.robo_rescue import ENGINE
from render.core import Box, Canvas, measurer
from render.core.palette import seat_colour
from render.robo_rescue import status_lines
from render.robo_rescue.board import SWITCH_INK, draw_board, in_slot, switch_of
from render.robo_rescue.layout import static
from tests.render._support import count_colour
from tests.robo_rescue.helpers import put, ready


def _board(view: dict[str, Any]) -> tuple[Canvas, Any]:
    c = Canvas(560, 760, scale=2.0)
    spec = draw_board(c, Box(0, 0, 560, 760), view, static(view))
    return c, spec


def test_tokens_on_a_robots_own_square_stay_visible() -> None:
    s = ready(3)
    space = next(k for k, v in s["g"]["tokens"].items() if len(v) >= 2)
    empty = copy.deepcopy(s)
    put(s, 1, f"{space}:E")
    with_robot, spec = _board(ENGINE.view(s, None))
    without, _ = _board(ENGINE.view(empty, None))
    r = spec.cell * 0.12
    for slot in range(len(s["g"]["tokens"][space][:3])):
        x, y = in_slot(spec, space, slot)
        box = Box(x - r, y - r, 2 * r, 2 * r)
        crop = [c.image.crop(tuple(int(v) for v in (*c.pt((box.x, box.y)), *c.pt((box.x1, box.y1)))))
                for c in (with_robot, without)]
        assert crop[0].tobytes() == crop[1].tobytes(), f"token {slot} on {space} is covered"
    col, row = ord(space[0]) - 65, int(space[1:]) - 1
    cell = spec.cell_box(row, col)
    assert count_colour(with_robot, cell, seat_colour(1), tol=20) > 20  # the robot itself still shows


def test_the_switches_a_power_token_answers_to_are_drawn_beside_it() -> None:
    view = ENGINE.view(ready(3), None)
    switches = view["table"]["board"]["switches"]
    marks = switch_of(switches)
    assert set(marks) == {t for ts in switches.values() for t in ts}
    assert marks["C3"] == "S1/S4" and marks["D2"] == "S1"  # C3 is wired to two switches
    c, spec = _board(view)
    cell = spec.cell_box(1, 3)  # D2
    assert count_colour(c, Box(cell.x + cell.w * 0.55, cell.y + cell.h * 0.4, cell.w * 0.45, cell.h * 0.2),
                        SWITCH_INK, tol=30) > 10


def test_a_long_prompt_in_the_title_bar_wraps_instead_of_being_cut() -> None:
    m = measurer()
    prompt = ("Your turn: use a start-of-turn ability, program a Single or Combi-Move, or Standby. "
              "No Single Move: every Movement card's path is blocked. No Combi-Move: you hold no Combi card.")
    lines = status_lines(m, prompt, 560.0)
    assert len(lines) > 1 and " ".join(lines).split() == prompt.split()
    assert status_lines(m, "Choose the second card.", 560.0) == ["Choose the second card."]
