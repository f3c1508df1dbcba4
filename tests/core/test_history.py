"""Issue 20: a game's public history as frames, one per moment the table sees, from seed + log."""

from __future__ import annotations

import json
import random
from pathlib import Path

import engines
from engines.core.history import fill_seats, public_frames
from engines.core.kit import perturb_hidden
from engines.core.replay import replay

GOLDEN = Path(__file__).resolve().parent.parent / "robo_rescue" / "golden" / "v2_2p_bot.jsonl"


def _golden() -> tuple[dict, list[tuple[int, str]]]:
    rows = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines() if line]
    return rows[0], [(r["seat"], r["action"]) for r in rows[1:-1]]


def test_frames_of_a_known_game_come_in_order_one_per_turn() -> None:
    header, actions = _golden()
    rr = engines.get("robo_rescue")
    frames = public_frames(rr, header["seats"], header["seed"], header["options"], actions, header["engine_version"])
    assert [f.n for f in frames] == [0, 1, 2, 13, 24, 34, 40, 56, 75, 89], "the setup, two facings, then turns"
    assert frames[-1].n == len(actions), "the last position is always a frame"
    assert frames[3].movers == [1] and frames[3].lines[0] == "{seat1} programs a Single Move: Forward-right."
    for f in frames[1:4]:
        state = replay(rr, header["seats"], header["seed"], header["options"], actions[:f.n], header["engine_version"])
        assert f.view == rr.view(state, None), "a frame is exactly the spectator's view at that point"


def test_no_frame_shows_anything_hidden() -> None:  # the kit's leak check, applied to frames
    header, actions = _golden()
    rr = engines.get("robo_rescue")
    frames = public_frames(rr, header["seats"], header["seed"], header["options"], actions, header["engine_version"])
    rnd = random.Random(5)
    for f in frames[2:6]:
        state = replay(rr, header["seats"], header["seed"], header["options"], actions[:f.n], header["engine_version"])
        assert rr.view(perturb_hidden(rr, state, None, rnd), None) == f.view, "hidden parts do not reach a frame"


def test_seat_placeholders_are_filled_with_names() -> None:
    assert fill_seats("{seat0} bumps {seat2}", {0: "Ann"}) == "Ann bumps Seat 3"
