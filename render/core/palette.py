"""Colour-blind-safe seat palette (Okabe–Ito), seat marker shapes and neutral UI colours."""

from __future__ import annotations

from collections.abc import Sequence

RGB = tuple[int, int, int]
Colour = tuple[int, ...] | str  # (r, g, b), (r, g, b, a) or "#rrggbb"


def hex_to_rgb(value: str) -> RGB:
    """Parse ``#rgb`` / ``#rrggbb`` into an (r, g, b) tuple."""
    h = value.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    if len(h) not in (6, 8):
        raise ValueError(f"not a hex colour: {value!r}")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def rgb(colour: Colour) -> RGB:
    """Normalise a colour to an (r, g, b) tuple (alpha dropped)."""
    if isinstance(colour, str):
        return hex_to_rgb(colour)
    r, g, b = colour[:3]
    return int(r), int(g), int(b)


# Okabe & Ito (2008), ordered so the first seats are the most distinct pairs.
SEAT_COLOURS: tuple[RGB, ...] = (
    (0x00, 0x72, 0xB2),  # blue
    (0xE6, 0x9F, 0x00),  # orange
    (0x00, 0x9E, 0x73),  # bluish green
    (0xD5, 0x5E, 0x00),  # vermillion
    (0x56, 0xB4, 0xE9),  # sky blue
    (0xCC, 0x79, 0xA7),  # reddish purple
    (0xF0, 0xE4, 0x42),  # yellow
    (0x00, 0x00, 0x00),  # black
)
SEAT_COLOUR_NAMES: tuple[str, ...] = (
    "blue",
    "orange",
    "green",
    "vermillion",
    "sky blue",
    "purple",
    "yellow",
    "black",
)

# Shapes that keep seats distinguishable without colour (drawn by primitives.shape_points).
SEAT_SHAPES: tuple[str, ...] = (
    "circle",
    "square",
    "triangle",
    "diamond",
    "pentagon",
    "hexagon",
    "star",
    "cross",
)

# Neutral UI colours (light theme: reads well in both Discord themes and in print).
BACKGROUND: RGB = (0xF7, 0xF4, 0xEE)
PANEL: RGB = (0xFF, 0xFF, 0xFF)
PANEL_BORDER: RGB = (0xC9, 0xC3, 0xB8)
PANEL_HEADER: RGB = (0xEC, 0xE7, 0xDD)
GRID_LINE: RGB = (0x8A, 0x84, 0x7A)
CELL_LIGHT: RGB = (0xF0, 0xEB, 0xE1)
CELL_DARK: RGB = (0xD8, 0xD0, 0xC2)
TEXT: RGB = (0x1F, 0x1F, 0x24)
MUTED: RGB = (0x5E, 0x5A, 0x55)  # ≥ 4.5:1 on BACKGROUND and PANEL
HIGHLIGHT: RGB = (0xE0, 0x00, 0x7A)  # "last move": magenta, not a seat colour
WARNING: RGB = (0xB4, 0x1E, 0x1E)
CARD_BACK: RGB = (0x3B, 0x4A, 0x6B)
WHITE: RGB = (0xFF, 0xFF, 0xFF)
BLACK: RGB = (0x00, 0x00, 0x00)


def seat_colour(seat: int) -> RGB:
    """Fill colour of a seat (wraps around after 8 seats)."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_shape(seat: int) -> str:
    """Marker shape of a seat (wraps around after 8 seats)."""
    return SEAT_SHAPES[seat % len(SEAT_SHAPES)]


def seat_name(seat: int) -> str:
    """Human colour name of a seat, e.g. ``"orange"``."""
    return SEAT_COLOUR_NAMES[seat % len(SEAT_COLOUR_NAMES)]


def _channel(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def luminance(colour: Colour) -> float:
    """WCAG relative luminance in [0, 1]."""
    r, g, b = rgb(colour)
    return 0.2126 * _channel(r) + 0.7152 * _channel(g) + 0.0722 * _channel(b)


def contrast_ratio(a: Colour, b: Colour) -> float:
    """WCAG contrast ratio between two colours (1 to 21)."""
    la, lb = luminance(a), luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


def text_on(colour: Colour) -> RGB:
    """Black or white, whichever contrasts more with ``colour``."""
    return BLACK if contrast_ratio(colour, BLACK) >= contrast_ratio(colour, WHITE) else WHITE


def outline_for(colour: Colour, background: Colour = BACKGROUND) -> RGB:
    """Dark or white outline, whichever best separates ``colour`` from ``background``."""

    def score(line: Colour) -> float:
        return min(contrast_ratio(line, colour), contrast_ratio(line, background))

    return TEXT if score(TEXT) >= score(WHITE) else WHITE


def mix(a: Colour, b: Colour, t: float) -> RGB:
    """Linear blend: ``t=0`` gives ``a``, ``t=1`` gives ``b``."""
    ra, rb = rgb(a), rgb(b)
    return tuple(round(x + (y - x) * t) for x, y in zip(ra, rb, strict=True))  # type: ignore[return-value]


def lighten(colour: Colour, t: float = 0.6) -> RGB:
    """Tint towards white (useful for cell backgrounds in a seat's colour)."""
    return mix(colour, WHITE, t)


def with_alpha(colour: Colour, alpha: int) -> tuple[int, int, int, int]:
    """(r, g, b, a) version of a colour."""
    return (*rgb(colour), alpha)


def distinct(colours: Sequence[Colour]) -> bool:
    """True when no two colours are identical."""
    return len({rgb(c) for c in colours}) == len(colours)
