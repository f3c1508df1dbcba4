"""Watchable replays: a game's public frames as one animated image (WebP, or GIF when smaller).

Each frame is the game's own board drawn from the spectator's view, scaled to a common width, with a caption
strip under it (turn count and what happened). The file is kept under a byte limit: first the frames are
drawn narrower, then every second (fourth, …) frame is dropped — the first and last always stay — and the
result says what it did, so the message can tell the players.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from engines.core.history import Frame, fill_seats

from .core import fonts
from .registry import render_view

DISCORD_LIMIT = 8 * 1024 * 1024
"""Bytes an upload may have on any Discord server (boosted servers allow more)."""
WIDTHS = (720, 560, 420)
"""Frame widths tried, widest first."""
CAPTION_SIZE = 18
CAPTION_LINES = 3
"""Lines of caption under each frame."""
EVENTS_PER_CAPTION = 6
"""A turn's first public lines joined into its caption (the image shows what fits)."""
FRAME_MS = 1500
LAST_FRAME_MS = 4000
INK, PAPER, MUTED = (30, 30, 36), (246, 244, 238), (110, 110, 120)


@dataclass(frozen=True)
class Still:
    """One frame to draw: the spectator's view and its caption."""

    view: dict
    title: str
    caption: str


@dataclass(frozen=True)
class Animation:
    """The encoded replay and what was left out to fit."""

    data: bytes
    format: str
    shown: int
    total: int
    width: int

    @property
    def note(self) -> str:
        """"" when every frame is in, else what was left out ("every 2nd turn shown")."""
        if self.shown >= self.total:
            return ""
        return f"{self.shown} of {self.total} turns shown (the file must stay under Discord's upload limit)"


def stills(frames: Sequence[Frame], chosen: Sequence[int], names: dict[int, str], seats: int) -> list[Still]:
    """The frames ``chosen`` (indices into ``frames``) ready to draw: each view with the players' names, a
    title ("Turn 3 of 9 · Alice") and a caption of what happened."""
    out = []
    for i in chosen:
        frame = frames[i]
        view = dict(frame.view, seat_names=[names.get(s, f"Seat {s + 1}") for s in range(seats)])
        who = ", ".join(names.get(s, f"Seat {s + 1}") for s in frame.movers)
        title = "Start of the game" if i == 0 else f"Turn {i} of {len(frames) - 1}" + (f" · {who}" if who else "")
        caption = " ".join(fill_seats(line, names) for line in frame.lines[:EVENTS_PER_CAPTION])
        out.append(Still(view, title, caption))
    return out


def animate(game_id: str, stills: Sequence[Still], *, max_bytes: int = DISCORD_LIMIT,
            draw: Callable[[str, dict], bytes] | None = None) -> Animation:
    """Draw ``stills`` and encode them as one animation of at most ``max_bytes`` (raises ValueError when even
    two small frames do not fit). ``draw(game_id, view)`` is the board renderer (default: the registry's)."""
    if not stills:
        raise ValueError("a replay needs at least one frame")
    draw = draw or (lambda gid, view: render_view(gid, view))
    boards = [Image.open(io.BytesIO(draw(game_id, s.view))).convert("RGB") for s in stills]
    sized: dict[int, list[Image.Image]] = {}
    for keep in _thinned(len(boards)):  # every frame at a smaller width before fewer frames
        for width in WIDTHS:
            if width not in sized:
                height = max(round(b.height * width / b.width) for b in boards)
                sized[width] = [_with_caption(b, s, width, height) for b, s in zip(boards, stills, strict=True)]
            data, fmt = _smallest([sized[width][i] for i in keep])
            if len(data) <= max_bytes:
                return Animation(data, fmt, len(keep), len(boards), width)
    raise ValueError(f"the replay does not fit in {max_bytes} bytes")


def _thinned(count: int) -> list[list[int]]:
    """Frame index lists, all frames first, then every 2nd, 3rd, … (first and last always kept)."""
    out, step = [], 1
    while True:
        keep = sorted({*range(0, count, step), count - 1})
        out.append(keep)
        if len(keep) <= 2:
            return out
        step *= 2


def _with_caption(board: Image.Image, still: Still, width: int, height: int) -> Image.Image:
    """The board scaled to ``width`` on a canvas ``height`` tall (every frame the same size), caption below."""
    board = board.resize((width, max(1, round(board.height * width / board.width))), Image.Resampling.LANCZOS)
    pad, lh = 10, fonts.line_height(CAPTION_SIZE)
    lines = fonts.wrap(fonts.sanitize(still.caption), CAPTION_SIZE, width - 2 * pad, max_lines=CAPTION_LINES)
    strip = pad * 2 + lh * (1 + CAPTION_LINES)
    frame = Image.new("RGB", (width, height + strip), PAPER)
    frame.paste(board, (0, 0))
    ink = ImageDraw.Draw(frame)
    y = height + pad
    ink.text((pad, y), fonts.truncate(fonts.sanitize(still.title), CAPTION_SIZE, width - 2 * pad, bold=True),
             font=fonts.font(CAPTION_SIZE, bold=True), fill=INK)
    for line in lines:
        y += lh
        ink.text((pad, y), line, font=fonts.font(CAPTION_SIZE), fill=MUTED)
    return frame


def _smallest(frames: list[Image.Image]) -> tuple[bytes, str]:
    """The frames as animated WebP and as GIF; the smaller of the two."""
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    webp = io.BytesIO()
    frames[0].save(webp, format="WEBP", save_all=True, append_images=frames[1:], duration=durations, loop=0,
                   quality=70, method=4)
    gif = io.BytesIO()
    paletted = [f.quantize(colors=128, method=Image.Quantize.MEDIANCUT) for f in frames]
    paletted[0].save(gif, format="GIF", save_all=True, append_images=paletted[1:], duration=durations, loop=0,
                     optimize=True)
    candidates = [(webp.getvalue(), "webp"), (gif.getvalue(), "gif")]
    return min(candidates, key=lambda c: len(c[0]))
