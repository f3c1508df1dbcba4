"""Render cost: drawing the public board at max players (every image of the post: Stress Botics draws its
robots' boards apart) vs. a plain (true-colour) PNG encode of the same final images alone. The images
themselves are sent as palette PNGs, which are cheaper to encode than the baseline; the baseline stays true
colour so the ratio keeps measuring what drawing costs over a plain encode."""

from __future__ import annotations

import io
import random
import statistics
import time
from typing import Any

from PIL import Image

from engines.core import Engine
from render import render_images
from render.core.output import to_png

from .report import pct


def sample_states(engine: Engine, seed: int, count: int, max_steps: int = 20000) -> list[dict[str, Any]]:
    """``count`` states of one random game at max players, spread over the game (the last is the end)."""
    rnd = random.Random(seed)
    players = engine.max_players
    state = engine.setup(players, seed)
    history = [state]
    while state["result"] is None and len(history) < max_steps:
        seat = rnd.choice(engine.active(state))
        state, _ = engine.apply(state, seat, rnd.choice(engine.legal_actions(state, seat)))
        history.append(state)
    picks = sorted({int(i * (len(history) - 1) / max(1, count - 1)) for i in range(count)})
    return [history[i] for i in picks]


def public_view(engine: Engine, state: dict[str, Any]) -> dict[str, Any]:
    """The spectator view as the service renders it (with seat names)."""
    view = engine.view(state, None)
    view["seat_names"] = [f"Player {s + 1}" for s in range(state["seats"])]
    return view


def bench_render(engine: Engine, states: int = 4, reps: int = 3, seed: int = 7) -> dict[str, Any]:
    """Render each sampled state ``reps`` times; encode the decoded result ``reps`` times; one row."""
    render_ms: list[float] = []
    encode_ms: list[float] = []
    ratios: list[float] = []
    size = (0, 0)
    drawn: list[tuple[str, bytes]] = []
    png_bytes = 0
    for state in sample_states(engine, seed, states):
        view = public_view(engine, state)
        mine: list[float] = []
        for _ in range(reps):
            t0 = time.perf_counter()
            drawn = render_images(engine.id, view)
            mine.append((time.perf_counter() - t0) * 1000)
        images = [Image.open(io.BytesIO(data)) for _, data in drawn]
        rgbs = [image.convert("RGB") for image in images]
        size, png_bytes = images[0].size, sum(len(data) for _, data in drawn)
        theirs: list[float] = []
        for _ in range(reps):
            t0 = time.perf_counter()
            for rgb in rgbs:
                to_png(rgb, palette=False)
            theirs.append((time.perf_counter() - t0) * 1000)
        render_ms += mine
        encode_ms += theirs
        ratios.append(statistics.median(mine) / max(1e-6, statistics.median(theirs)))
    return {
        "bench": "render", "game": engine.id, "players": engine.max_players, "image": list(size),
        "images": len(drawn),
        "png_kb": round(png_bytes / 1024, 1), "render_ms_p50": round(pct(render_ms, 50), 2),
        "render_ms_p99": round(pct(render_ms, 99), 2), "encode_ms_p50": round(pct(encode_ms, 50), 2),
        "render_ratio": round(max(ratios), 3), "render_ratio_median": round(statistics.median(ratios), 3),
    }
