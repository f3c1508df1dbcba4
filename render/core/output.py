"""Encoding images for Discord: size limits, PNG and WebP bytes."""

from __future__ import annotations

import io
from typing import Protocol

from PIL import Image

MAX_SIDE = 2000  # px on the long side
MAX_BYTES = 8 * 1024 * 1024  # Discord's attachment limit for unboosted servers


class HasImage(Protocol):
    image: Image.Image


def as_image(obj: Image.Image | HasImage) -> Image.Image:
    """Accept a PIL image or anything with an ``image`` attribute (a Canvas gives its final output)."""
    if isinstance(obj, Image.Image):
        return obj
    output = getattr(obj, "output", None)
    return output() if callable(output) else obj.image


def fit_within(image: Image.Image, max_side: int = MAX_SIDE) -> Image.Image:
    """Downscale (LANCZOS, keeping aspect) so the long side is at most ``max_side``."""
    w, h = image.size
    long_side = max(w, h)
    if long_side <= max_side:
        return image
    k = max_side / long_side
    return image.resize((max(1, int(w * k)), max(1, int(h * k))), Image.Resampling.LANCZOS)


def _png(image: Image.Image, compress_level: int) -> bytes:
    buf = io.BytesIO()
    image.save(buf, format="PNG", optimize=False, compress_level=compress_level)
    return buf.getvalue()


def to_palette(image: Image.Image) -> Image.Image:
    """A 256-colour palette image that looks the same: exact when the image has at most 256 colours,
    else a fast octree palette of a sparse sample of the image (no dithering: flat fills and text stay crisp;
    a board's anti-aliased edges move by a few levels). Transparent images keep their alpha (an octree of the
    whole image). The sampled palette costs a 2000 px board ~20 ms where an octree of every pixel costs
    ~40 ms and max-coverage ~50 ms, for about the same bytes."""
    img = image
    if img.mode == "RGBA" and img.getextrema()[3][0] == 255:
        img = img.convert("RGB")
    if img.mode not in ("RGB", "RGBA"):
        return img
    colours = img.getcolors(256)
    if colours is not None:  # lossless
        palette = Image.new("P", (1, 1))
        flat = [c for _, rgb in colours for c in rgb[:3]]
        palette.putpalette(flat + [0] * (768 - len(flat)))
        if img.mode == "RGB":
            return img.quantize(palette=palette, dither=Image.Dither.NONE)
        return img.quantize(len(colours), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    if img.mode == "RGB" and min(img.size) >= 4 * PALETTE_STEP:
        return img.quantize(palette=_sampled_palette(img), dither=Image.Dither.NONE)
    return img.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


PALETTE_STEP = 8
"""The palette of a many-coloured image is built from every 8th row and every 8th column, whole: a quarter of
the pixels, and every line or letter crosses one of them (so even a 1-px line keeps its colour); mapping the
whole image onto it is a few ms."""


def _sampled_palette(img: Image.Image) -> Image.Image:
    """A 256-colour octree palette of ``img``'s sampled rows and columns (every pixel then maps to its nearest
    colour)."""
    w, h = img.size
    rows = img.resize((w, h // PALETTE_STEP), Image.Resampling.NEAREST)
    cols = img.resize((w // PALETTE_STEP, h), Image.Resampling.NEAREST).transpose(Image.Transpose.ROTATE_90)
    sample = Image.new("RGB", (w + h, max(rows.height, cols.height)), img.getpixel((0, 0)))
    sample.paste(rows, (0, 0))
    sample.paste(cols, (w, 0))
    return sample.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def to_png(
    image: Image.Image | HasImage,
    compress_level: int = 6,
    max_side: int = MAX_SIDE,
    max_bytes: int = MAX_BYTES,
    palette: bool = True,
) -> bytes:
    """Encode as PNG, at most ``max_side`` px long and (best effort) under ``max_bytes``.

    With ``palette`` (the default) the image is stored as 256 colours (:func:`to_palette`): about half
    the bytes of true colour for a board. If the file is too big it is re-encoded at level 9, then
    quantised to 256 colours, then halved.
    """
    img = fit_within(as_image(image), max_side)
    if img.mode not in ("RGB", "RGBA", "L", "LA", "P"):
        img = img.convert("RGBA" if "A" in img.getbands() else "RGB")
    if palette:
        img = to_palette(img)
    data = _png(img, compress_level)
    if len(data) <= max_bytes:
        return data
    data = _png(img, 9)
    if len(data) <= max_bytes:
        return data
    quantised = img.quantize(256, method=Image.Quantize.FASTOCTREE)
    data = _png(quantised, 9)
    while len(data) > max_bytes and max(quantised.size) > 64:
        img = fit_within(img, max(img.size) // 2)
        quantised = img.quantize(256, method=Image.Quantize.FASTOCTREE)
        data = _png(quantised, 9)
    return data


def to_webp(
    image: Image.Image | HasImage, quality: int = 90, lossless: bool = False, max_side: int = MAX_SIDE
) -> bytes:
    """Encode as WebP (smaller than PNG for photos/gradients; lossless keeps sharp text)."""
    img = fit_within(as_image(image), max_side)
    buf = io.BytesIO()
    img.save(buf, format="WEBP", quality=quality, lossless=lossless, method=4)
    return buf.getvalue()


def image_size(data: bytes) -> tuple[int, int]:
    """(width, height) of encoded image bytes."""
    with Image.open(io.BytesIO(data)) as im:
        return im.size
