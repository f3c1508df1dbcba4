"""What one round costs the channel, per game: turns, board posts, image bytes (palette PNG against the
true-colour PNG it replaced) and clicks per turn through the panel, from a bot-played 2-player game
classified exactly as the host classifies moves (``engines.core.moments``).

A round is the view's ``round`` when the game has one (the first round is played); else one turn of
every seat, averaged over the first ``4 × players`` turns."""

from __future__ import annotations

import hashlib
import io
import statistics
from typing import Any

from PIL import Image

from engines.core import Action, Engine
from engines.core.moments import BOARD, QUIET, turn_kind
from render import render_view
from render.core.output import to_png

from .render_bench import public_view


def true_colour(data: bytes) -> int:
    """The bytes of the same image as the true-colour PNG boards were before (compress level 6)."""
    image = Image.open(io.BytesIO(data)).convert("RGB")
    return len(to_png(image, palette=False))


def bench_table(engine: Engine, seed: int = 1, players: int = 2, max_moves: int = 3000) -> dict[str, Any]:
    """Play bot moves until the first round is over; one row of figures."""
    players = max(engine.min_players, min(players, engine.max_players))
    state = engine.setup(players, seed)
    first_round = public_view(engine, state)["table"].get("round")
    turns, boards, statuses, png, before = 0, 0, 0, 0, 0
    clicks: list[int] = []
    in_turn = 1  # opening the panel
    last_digest = ""
    for _ in range(max_moves):
        if state["result"] is not None:
            break
        seat = engine.active(state)[0]
        action = engine.bot_action(state, seat)
        new, events = engine.apply(state, seat, action)
        kind = turn_kind(engine, state, new, seat, Action.parse(str(action)), events)
        in_turn += 1
        if kind == BOARD or seat not in engine.active(new):
            clicks.append(in_turn)
            in_turn, turns = 1, turns + 1
        if kind == BOARD:
            data = render_view(engine.id, public_view(engine, new))
            digest = hashlib.sha256(data).hexdigest()
            if digest != last_digest:  # an identical board goes out as text
                png, before, last_digest = png + len(data), before + true_colour(data), digest
            boards += 1
        elif kind != QUIET:
            statuses += 1
        state = new
        rnd = public_view(engine, state)["table"].get("round") if state["result"] is None else None
        if (first_round is not None and rnd is not None and rnd != first_round) or \
                (first_round is None and kind == BOARD and turns >= 4 * players):
            break
    scale = 1.0 if first_round is not None else players / max(turns, 1)
    ordered = sorted(clicks)
    return {"bench": "table", "game": engine.id, "players": players, "turns": turns, "board_posts": boards,
            "status_posts": statuses, "round_kb": round(png * scale / 1024, 1),
            "round_kb_true_colour": round(before * scale / 1024, 1), "board_posts_per_round": round(boards * scale, 1),
            "kb_per_board": round(png / 1024 / max(boards, 1), 1),
            "clicks_per_turn_median": ordered[len(ordered) // 2] if ordered else 0,
            "clicks_per_turn_mean": round(statistics.mean(clicks), 1) if clicks else 0}
