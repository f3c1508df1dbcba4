"""Issue 20: a replay's frames as one animation, kept under the upload limit (narrower, then fewer frames)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

import engines
from engines.core import export_replay
from engines.core.replay import replay
from render.replay import Still, animate

GOLDEN = Path(__file__).resolve().parent.parent / "robo_rescue" / "golden" / "v2_2p_bot.jsonl"


def _board(colour: tuple[int, int, int], height: int = 300) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (600, height), colour).save(out, format="PNG")
    return out.getvalue()


def _stills(n: int) -> list[Still]:
    return [Still({"i": i}, f"Turn {i} of {n - 1}", f"something happened {i}") for i in range(n)]


def _draw(game_id: str, view: dict) -> bytes:
    i = view["i"]
    return _board(((i * 53) % 256, (i * 97) % 256, (i * 31) % 256), height=300 + 10 * (i % 3))  # heights differ


def test_every_frame_is_in_the_animation_in_order() -> None:
    anim = animate("any", _stills(6), draw=_draw)
    with Image.open(io.BytesIO(anim.data)) as im:
        assert im.n_frames == 6 and anim.shown == anim.total == 6 and anim.note == ""
        im.seek(2)
        first_pixel = im.convert("RGB").getpixel((5, 5))
    assert max(abs(a - b) for a, b in zip(first_pixel, ((2 * 53) % 256, (2 * 97) % 256, (2 * 31) % 256),
                                          strict=True)) < 40, "frame 3 is the third board"
    assert anim.format in ("webp", "gif")


def test_a_cap_makes_frames_narrower_then_fewer_and_says_so() -> None:
    full = animate("any", _stills(9), draw=_draw)
    smaller = animate("any", _stills(9), draw=_draw, max_bytes=len(full.data) - 1)
    assert len(smaller.data) < len(full.data)
    assert smaller.width < full.width or smaller.shown < full.shown
    tiny = animate("any", _stills(9), draw=_draw, max_bytes=len(full.data) // 3)
    assert tiny.shown < 9 and "of 9 turns shown" in tiny.note
    with Image.open(io.BytesIO(tiny.data)) as im:
        assert im.n_frames == tiny.shown
    with pytest.raises(ValueError):
        animate("any", _stills(9), draw=_draw, max_bytes=100)


def test_the_command_line_animates_an_exported_replay(tmp_path: Path) -> None:
    rows = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines() if line]
    header, actions = rows[0], [(r["seat"], r["action"]) for r in rows[1:-1]]
    final = replay(engines.get("robo_rescue"), header["seats"], header["seed"], header["options"], actions,
                   header["engine_version"])
    doc = tmp_path / "game.json"
    doc.write_text(json.dumps(export_replay(final, actions, players=["Ann", "Bo"])), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "render", "replay", str(doc), "--out", str(tmp_path / "g.webp"),
                          "--from", "7", "--to", "9"], capture_output=True, text=True, check=True).stdout
    assert "3 frames of 3" in out
    written = next(tmp_path.glob("g.*"))
    with Image.open(written) as im:
        assert im.n_frames == 3
    bad = subprocess.run([sys.executable, "-m", "render", "replay", str(doc), "--out", str(tmp_path / "x.webp"),
                          "--to", "99"], capture_output=True, text=True)
    assert bad.returncode == 2 and "turns go from 0 to 9" in bad.stderr
