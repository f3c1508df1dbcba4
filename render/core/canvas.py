"""``Canvas``: a Pillow image addressed in logical units, multiplied by a scale factor.

Renderers lay out in logical units (e.g. 600 wide) and pick ``scale`` for pixel density; the scale
is lowered automatically so the image never exceeds ``MAX_SIDE`` px on its long side. With
``supersample=2`` everything is drawn at twice the size and downsampled on output (smooth edges on
circles, hexes and diagonals at roughly 4× the drawing cost).
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw, ImageFilter

from . import fonts
from .geometry import Box, Point, anchor_box
from .output import MAX_SIDE, to_png
from .palette import BACKGROUND, TEXT, Colour, rgb

Ink = Colour | int  # int for single-channel mask layers


class Canvas:
    """RGB(A) image with drawing helpers in logical units."""

    def __init__(
        self,
        width: float,
        height: float,
        scale: float = 2.0,
        background: Ink | None = BACKGROUND,
        mode: str = "RGB",
        max_side: int = MAX_SIDE,
        supersample: int = 1,
    ) -> None:
        if width <= 0 or height <= 0:
            raise ValueError("canvas size must be positive")
        self.width = float(width)
        self.height = float(height)
        self.supersample = max(1, int(supersample))
        self.output_scale = min(float(scale), max_side / max(width, height))
        self.scale = self.output_scale * self.supersample  # drawing scale (pixels per logical unit)
        size = (max(1, round(width * self.scale)), max(1, round(height * self.scale)))
        if background is None:
            fill: Ink = 0 if mode in ("L", "1") else (0, 0, 0, 0)
            mode = mode if mode in ("L", "1") else "RGBA"
        else:
            fill = background
        self.image = Image.new(mode, size, fill if isinstance(fill, int | tuple) else rgb(fill))
        self.draw = ImageDraw.Draw(self.image)

    # -- unit conversion ---------------------------------------------------------------------
    @property
    def box(self) -> Box:
        """The whole canvas as a Box in logical units."""
        return Box(0, 0, self.width, self.height)

    @property
    def pixel_size(self) -> tuple[int, int]:
        """Size of the output image (after any supersampling)."""
        return self.output().size

    def output(self) -> Image.Image:
        """The finished image: downsampled (antialiased) when the canvas is supersampled."""
        if self.supersample == 1:
            return self.image
        w = max(1, round(self.width * self.output_scale))
        h = max(1, round(self.height * self.output_scale))
        return self.image.resize((w, h), Image.Resampling.LANCZOS)

    def px(self, v: float) -> int:
        """Logical length → whole pixels (at least 1 for positive lengths)."""
        p = round(v * self.scale)
        return max(1, p) if v > 0 else p

    def pt(self, p: Point) -> tuple[float, float]:
        """Logical point → pixel point."""
        return (p[0] * self.scale, p[1] * self.scale)

    def pts(self, points: Sequence[Point]) -> list[tuple[float, float]]:
        return [self.pt(p) for p in points]

    def to_logical(self, p: Point) -> Point:
        """Pixel point → logical point."""
        return (p[0] / self.scale, p[1] / self.scale)

    def font_px(self, size: float) -> int:
        return max(1, round(size * self.scale))

    @staticmethod
    def _ink(c: Ink | None) -> Ink | None:
        return c if c is None or isinstance(c, int | tuple) else rgb(c)

    # -- shapes ------------------------------------------------------------------------------
    def rect(
        self,
        box: Box,
        fill: Ink | None = None,
        outline: Ink | None = None,
        width: float = 1,
        radius: float = 0,
    ) -> None:
        """Rectangle, rounded when ``radius`` > 0."""
        x0, y0, x1, y1 = (v * self.scale for v in box.corners)
        if x1 - x0 < 1 or y1 - y0 < 1:
            return
        w = self.px(width) if outline is not None else 0
        r = min(self.px(radius), int((x1 - x0) / 2), int((y1 - y0) / 2)) if radius > 0 else 0
        self.draw.rounded_rectangle(
            (x0, y0, x1 - 1, y1 - 1), radius=r, fill=self._ink(fill), outline=self._ink(outline), width=w
        )

    def ellipse(
        self, box: Box, fill: Ink | None = None, outline: Ink | None = None, width: float = 1
    ) -> None:
        x0, y0, x1, y1 = (v * self.scale for v in box.corners)
        w = self.px(width) if outline is not None else 0
        self.draw.ellipse((x0, y0, x1, y1), fill=self._ink(fill), outline=self._ink(outline), width=w)

    def circle(
        self,
        center: Point,
        radius: float,
        fill: Ink | None = None,
        outline: Ink | None = None,
        width: float = 1,
    ) -> None:
        self.ellipse(Box.around(center, 2 * radius, 2 * radius), fill, outline, width)

    def polygon(
        self, points: Sequence[Point], fill: Ink | None = None, outline: Ink | None = None, width: float = 1
    ) -> None:
        w = self.px(width) if outline is not None else 0
        self.draw.polygon(self.pts(points), fill=self._ink(fill), outline=self._ink(outline), width=w)

    def line(self, points: Sequence[Point], fill: Ink = TEXT, width: float = 1, rounded: bool = True) -> None:
        """Polyline; ``rounded`` joins segments and caps ends with discs."""
        w = self.px(width)
        pp = self.pts(points)
        self.draw.line(pp, fill=self._ink(fill), width=w, joint="curve" if rounded else None)
        if rounded and w > 2:
            for x, y in (pp[0], pp[-1]):
                self.draw.ellipse((x - w / 2, y - w / 2, x + w / 2, y + w / 2), fill=self._ink(fill))

    # -- text --------------------------------------------------------------------------------
    def text_width(self, text: str, size: float = fonts.SIZE_BODY, bold: bool = False) -> float:
        """Logical width of one line of text."""
        return fonts.text_width(text, self.font_px(size), bold) / self.scale

    def line_height(self, size: float = fonts.SIZE_BODY, bold: bool = False) -> float:
        """Logical height of one line of text."""
        p = self.font_px(size)
        return (fonts.line_height(p) + 2 * fonts.stroke_width(p, bold)) / self.scale

    def text_size(self, text: str, size: float = fonts.SIZE_BODY, bold: bool = False) -> tuple[float, float]:
        """Logical (width, height) of one line of text."""
        return self.text_width(text, size, bold), self.line_height(size, bold)

    def wrap(
        self, text: str, size: float, max_width: float, bold: bool = False, max_lines: int | None = None
    ) -> list[str]:
        """Word-wrap to a logical width."""
        return fonts.wrap(text, self.font_px(size), max_width * self.scale, bold, max_lines)

    def truncate(self, text: str, size: float, max_width: float, bold: bool = False) -> str:
        """Shorten with an ellipsis to a logical width."""
        return fonts.truncate(text, self.font_px(size), max_width * self.scale, bold)

    def text(
        self,
        xy: Point,
        text: object,
        size: float = fonts.SIZE_BODY,
        fill: Ink = TEXT,
        anchor: str = "lt",
        bold: bool = False,
        max_width: float | None = None,
    ) -> Box:
        """Draw one line at ``xy`` (anchor as in :func:`anchor_box`); returns its logical box.

        Newlines become spaces; text wider than ``max_width`` is truncated with an ellipsis.
        """
        p = self.font_px(size)
        s = fonts.sanitize(text)
        if max_width is not None:
            s = fonts.truncate(s, p, max_width * self.scale, bold)
        stroke = fonts.stroke_width(p, bold)
        w_px = fonts.text_width(s, p, bold)
        h_px = fonts.line_height(p) + 2 * stroke
        b = anchor_box(self.pt(xy), w_px, h_px, anchor)
        if s:
            ink = self._ink(fill)
            self.draw.text(
                (b.x + stroke, b.y + stroke),
                s,
                font=fonts.font(p, bold),
                fill=ink,
                stroke_width=stroke,
                stroke_fill=ink if stroke else None,
            )
        return Box(b.x / self.scale, b.y / self.scale, b.w / self.scale, b.h / self.scale)

    def text_lines(
        self,
        xy: Point,
        lines: Sequence[str],
        size: float = fonts.SIZE_BODY,
        fill: Ink = TEXT,
        align: str = "l",
        bold: bool = False,
        spacing: float = 0.15,
    ) -> Box:
        """Draw several lines starting at the top ``xy`` (``align`` l/m/r about x); returns the block box."""
        lh = self.line_height(size, bold)
        step = lh + size * spacing
        boxes = [
            self.text((xy[0], xy[1] + i * step), line, size, fill, f"{align}t", bold)
            for i, line in enumerate(lines)
        ]
        if not boxes:
            return Box(xy[0], xy[1], 0, 0)
        out = boxes[0]
        for b in boxes[1:]:
            out = out.union(b)
        return out

    def lines_height(
        self, n: int, size: float = fonts.SIZE_BODY, bold: bool = False, spacing: float = 0.15
    ) -> float:
        """Logical height of ``n`` lines drawn by :meth:`text_lines`."""
        if n <= 0:
            return 0.0
        lh = self.line_height(size, bold)
        return n * lh + (n - 1) * size * spacing

    # -- layers ------------------------------------------------------------------------------
    def mask_layer(self) -> Canvas:
        """Blank single-channel canvas of the same size and scale; draw on it with ink 255."""
        layer = Canvas.__new__(Canvas)
        layer.width, layer.height, layer.scale = self.width, self.height, self.scale
        layer.output_scale, layer.supersample = self.output_scale, self.supersample
        layer.image = Image.new("L", self.image.size, 0)
        layer.draw = ImageDraw.Draw(layer.image)
        return layer

    def tint(self, mask: Canvas, colour: Colour, blur: float = 0, opacity: float = 1.0) -> None:
        """Paint ``colour`` through a mask layer, optionally blurred by ``blur`` logical units (a glow)."""
        m = mask.image
        bbox = m.getbbox()
        if bbox is None:
            return
        radius = blur * self.scale
        margin = int(radius * 3) + 2
        x0, y0 = max(0, bbox[0] - margin), max(0, bbox[1] - margin)
        x1, y1 = min(m.width, bbox[2] + margin), min(m.height, bbox[3] + margin)
        region = m.crop((x0, y0, x1, y1))
        if radius > 0:
            region = region.filter(ImageFilter.GaussianBlur(radius))
        if opacity < 1.0:
            region = region.point(lambda v: int(v * opacity))
        solid = Image.new(self.image.mode, region.size, (*rgb(colour), 255)[: len(self.image.getbands())])
        self.image.paste(solid, (x0, y0), region)

    def paste(self, image: Image.Image, xy: Point, size: tuple[float, float] | None = None) -> None:
        """Paste an image at a logical point, optionally resized to a logical size."""
        img = image
        if size is not None:
            img = image.resize((self.px(size[0]), self.px(size[1])), Image.Resampling.LANCZOS)
        x, y = self.pt(xy)
        mask = img if img.mode == "RGBA" else None
        self.image.paste(img, (round(x), round(y)), mask)

    def to_png(self, compress_level: int = 6) -> bytes:
        """Encode the canvas as PNG bytes."""
        return to_png(self.output(), compress_level=compress_level)
