"""Fonts without system dependencies: Pillow's embedded scalable font, cached per size.

All sizes and widths in this module are in *pixels*. ``Canvas`` converts from logical units.

The embedded font (Aileron subset) only covers ASCII plus a few typographic marks, so text is
passed through :func:`sanitize`, which maps common symbols and accented letters to drawable
look-alikes (``×`` → ``x``, ``é`` → ``e``, ``→`` → ``->``).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from PIL import ImageFont, features

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

ELLIPSIS = "…"

# Suggested logical sizes (multiply by the canvas scale for pixels).
SIZE_SMALL = 12
SIZE_BODY = 15
SIZE_HEADING = 18
SIZE_TITLE = 22

_REPLACEMENTS: dict[str, str] = {
    "×": "x",
    "—": "-",
    "–": "-",
    "−": "-",
    "→": "->",
    "←": "<-",
    "↑": "^",
    "↓": "v",
    "⇒": "=>",
    "•": "·",
    "✓": "v",
    "✔": "v",
    "✗": "x",
    "✘": "x",
    "★": "*",
    "☆": "*",
    "≤": "<=",
    "≥": ">=",
    "≠": "!=",
    "\u00a0": " ",
    "\t": "    ",
    "ß": "ss",
    "æ": "ae",
    "Æ": "AE",
    "ø": "o",
    "Ø": "O",
    "œ": "oe",
    "Œ": "OE",
    "ł": "l",
    "Ł": "L",
}


def freetype_available() -> bool:
    """True when Pillow was built with FreeType (scalable default font)."""
    return bool(features.check("freetype2"))


@lru_cache(maxsize=64)
def _regular(size: int) -> Font:
    if freetype_available():
        return ImageFont.load_default(size=size)
    return ImageFont.load_default_imagefont()


def font(size: int, bold: bool = False) -> Font:
    """Cached font for a pixel size. ``bold`` is simulated with a stroke (see :func:`stroke_width`)."""
    del bold  # the embedded font has no bold face; callers draw with stroke_width()
    return _regular(max(1, size))


def is_scalable() -> bool:
    """True when fonts honour the requested size (FreeType), False for the bitmap fallback."""
    return isinstance(_regular(12), ImageFont.FreeTypeFont)


def stroke_width(size: int, bold: bool) -> int:
    """Stroke used to fake a bold face at ``size`` pixels (0 when not bold)."""
    if not bold or not is_scalable():
        return 0
    return max(1, round(size / 24))


@lru_cache(maxsize=1)
def _notdef_signature() -> tuple[bytes, float]:
    f = _regular(20)
    return bytes(f.getmask("\uffff")), float(f.getlength("\uffff"))


@lru_cache(maxsize=4096)
def has_glyph(ch: str) -> bool:
    """Whether the embedded font draws ``ch`` (rather than a missing-glyph box)."""
    if " " <= ch <= "~":
        return True
    f = _regular(20)
    try:
        sig = (bytes(f.getmask(ch)), float(f.getlength(ch)))
    except (UnicodeEncodeError, ValueError, OSError):
        return False
    return sig != _notdef_signature()


@lru_cache(maxsize=4096)
def _sanitize_char(ch: str) -> str:
    if ch in "\r\n":
        return " "
    if has_glyph(ch):
        return ch
    if ch in _REPLACEMENTS:
        return _REPLACEMENTS[ch]
    decomposed = unicodedata.normalize("NFKD", ch)
    base = "".join(c for c in decomposed if not unicodedata.combining(c))
    if base and base != ch and all(has_glyph(c) for c in base):
        return base
    return ch  # unknown: the font draws a visible placeholder box


def sanitize(text: object) -> str:
    """Convert any value to a single-line string drawable with the embedded font."""
    s = str(text)
    if s.isascii() and s.isprintable():
        return s
    return "".join(_sanitize_char(c) for c in s)


def line_height(size: int) -> int:
    """Height of one line of text (ascent + descent) in pixels."""
    f = font(size)
    if isinstance(f, ImageFont.FreeTypeFont):
        ascent, descent = f.getmetrics()
        return int(ascent + descent)
    box = f.getbbox("Ag")
    return int(box[3] - box[1]) + 2


def text_width(text: str, size: int, bold: bool = False) -> int:
    """Advance width of one line of ``text`` in pixels (including any bold stroke)."""
    s = sanitize(text)
    if not s:
        return 0
    return _advance(s, size, is_scalable()) + 2 * stroke_width(size, bold)


@lru_cache(maxsize=16384)
def _advance(s: str, size: int, scalable: bool) -> int:
    """The font's advance for ``s``, measured once (renderers measure the same labels on every image);
    ``scalable`` keys the bitmap fallback's widths apart."""
    del scalable
    return round(font(size).getlength(s))


def text_size(text: str, size: int, bold: bool = False, spacing: float = 0.15) -> tuple[int, int]:
    """(width, height) in pixels of ``text``; ``\\n`` starts new lines spaced by ``spacing`` × size."""
    lines = str(text).split("\n")
    width = max(text_width(line, size, bold) for line in lines)
    lh = line_height(size) + 2 * stroke_width(size, bold)
    gap = round(size * spacing)
    return width, lh * len(lines) + gap * (len(lines) - 1)


def truncate(text: str, size: int, max_width: float, bold: bool = False, ellipsis: str = ELLIPSIS) -> str:
    """Return ``text`` (sanitized), shortened with ``ellipsis`` so it fits in ``max_width`` pixels."""
    s = sanitize(text)
    if text_width(s, size, bold) <= max_width:
        return s
    ellipsis = sanitize(ellipsis)  # "..." where the font has no "…" (the bitmap fallback)
    if text_width(ellipsis, size, bold) > max_width:
        return ""
    lo, hi = 0, len(s)
    while lo < hi:  # longest prefix that fits with the ellipsis appended
        mid = (lo + hi + 1) // 2
        if text_width(s[:mid].rstrip() + ellipsis, size, bold) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return s[:lo].rstrip() + ellipsis


def _break_word(word: str, size: int, max_width: float, bold: bool) -> list[str]:
    """Split a word that is too wide into pieces that each fit."""
    pieces: list[str] = []
    rest = word
    while rest:
        lo, hi = 1, len(rest)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if text_width(rest[:mid], size, bold) <= max_width:
                lo = mid
            else:
                hi = mid - 1
        pieces.append(rest[:lo])
        rest = rest[lo:]
    return pieces


def wrap(
    text: str,
    size: int,
    max_width: float,
    bold: bool = False,
    max_lines: int | None = None,
) -> list[str]:
    """Word-wrap ``text`` to ``max_width`` pixels; explicit newlines are kept.

    Words wider than a line are broken. With ``max_lines`` the last kept line ends in an ellipsis.
    """
    lines: list[str] = []
    for paragraph in str(text).split("\n"):
        words = sanitize(paragraph).split()
        if not words:
            lines.append("")
            continue
        current = ""
        for word in words:
            candidate = f"{current} {word}" if current else word
            if text_width(candidate, size, bold) <= max_width:
                current = candidate
                continue
            if current:
                lines.append(current)
            if text_width(word, size, bold) <= max_width:
                current = word
            else:
                *full, current = _break_word(word, size, max_width, bold)
                lines.extend(full)
        lines.append(current)
    if max_lines is not None and len(lines) > max_lines:
        kept = lines[: max(0, max_lines)]
        if kept:
            kept[-1] = truncate(kept[-1].rstrip() + ELLIPSIS, size, max_width, bold)
        return kept
    return lines


def fit_size(text: str, max_width: float, max_size: int, min_size: int = 8, bold: bool = False) -> int:
    """Largest pixel size in [min_size, max_size] at which one line of ``text`` fits ``max_width``."""
    size = max_size
    while size > min_size and text_width(text, size, bold) > max_width:
        size -= 1
    return size
