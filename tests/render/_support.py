"""Drawing helpers shared by the render tests."""

from __future__ import annotations

import io
import random
from typing import Any

from PIL import Image

from render.core.canvas import Canvas
from render.core.geometry import Box

WHITE_BG = (255, 255, 255)


# -- helpers -------------------------------------------------------------------------------


def near(a: tuple[int, ...], b: tuple[int, ...], tol: int = 40) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a[:3], b[:3], strict=True))


def count_colour(c: Canvas, box: Box, colour: tuple[int, ...], tol: int = 40) -> int:
    """Pixels within ``tol`` of ``colour`` inside a logical box."""
    x0, y0 = c.pt((box.x, box.y))
    x1, y1 = c.pt((box.x1, box.y1))
    region = c.image.crop((int(x0), int(y0), int(x1), int(y1))).convert("RGB")
    colours = region.getcolors(region.width * region.height) or []
    return sum(n for n, col in colours if near(col, colour, tol))


def non_bg(c: Canvas, box: Box, bg: tuple[int, ...] = WHITE_BG) -> int:
    """Pixels inside a logical box that differ from the background."""
    total = c.px(box.w) * c.px(box.h)
    return total - count_colour(c, box, bg, tol=0)


def pixel(c: Canvas, p: tuple[float, float]) -> tuple[int, ...]:
    x, y = c.pt(p)
    value = c.image.getpixel((int(x), int(y)))
    assert isinstance(value, tuple)
    return value


def blank(w: float = 200, h: float = 200, scale: float = 2.0) -> Canvas:
    return Canvas(w, h, scale, background=WHITE_BG)


def decode(data: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(data))
    im.load()
    return im




def checkpoint_states(engine: Any, players: int, seed: int, options: dict[str, Any], checkpoints: tuple[int, ...],
                      limit: int = 4000) -> list[dict[str, Any]]:
    """States at the checkpoint steps and the final state of a random legal playout."""
    rng = random.Random(seed)
    state = engine.setup(players, seed, options)
    kept = []
    for step in range(limit):
        if step in checkpoints:
            kept.append(state)
        seats = list(engine.active(state))
        rng.shuffle(seats)
        for seat in seats:
            actions = engine.legal_actions(state, seat)
            if actions:
                state, _ = engine.apply(state, seat, rng.choice(actions))
                break
        else:
            break
    kept.append(state)
    return kept
