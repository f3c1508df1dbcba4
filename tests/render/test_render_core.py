"""Tests for the shared drawing toolkit (render/core), the registry and the ``python -m render`` CLI."""

from __future__ import annotations

import ast
import itertools
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

import render
from render.core import fonts, layout, output, palette
from render.core.canvas import Canvas
from render.core.geometry import Box, anchor_box
from render.core.grid import GridSpec, cell_name, column_name, draw_grid, fit_grid
from render.core.hexes import HexLayout, draw_hex_map, hex_disc, hex_distance, hex_round
from render.core.pieces import card, token_stack
from render.core.primitives import (
    arrow,
    highlight,
    label,
    label_size,
    legend,
    legend_size,
    panel,
    path_arrow,
    seat_marker,
    shape_points,
)
from render.core.track import draw_track, stack_points, track_spaces
from tests.render._support import WHITE_BG, blank, count_colour, decode, near, non_bg, pixel

# -- layer rules ---------------------------------------------------------------------------


def test_render_never_imports_bot_discord_or_aiosqlite() -> None:
    root = Path(render.__file__).parent
    banned = {"discord", "aiosqlite", "bot"}
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                assert name.split(".")[0] not in banned, f"{path.name} imports {name}"


# -- fonts ---------------------------------------------------------------------------------


def test_fonts_scale_and_cache() -> None:
    assert fonts.text_width("Hello world", 30) > fonts.text_width("Hello world", 15) > 0
    assert fonts.line_height(30) > fonts.line_height(15)
    assert fonts.font(20) is fonts.font(20)
    assert fonts.text_width("Bold", 30, bold=True) > fonts.text_width("Bold", 30)


def test_wrap_and_truncate_fit_width() -> None:
    text = "The quick brown fox jumps over the lazy dog " * 5 + "Supercalifragilisticexpialidocious" * 3
    lines = fonts.wrap(text, 20, 200)
    assert len(lines) > 3
    assert all(fonts.text_width(line, 20) <= 200 for line in lines)
    capped = fonts.wrap(text, 20, 200, max_lines=2)
    assert len(capped) == 2 and capped[-1].endswith(fonts.ELLIPSIS)
    assert fonts.wrap("a\n\nb", 20, 200) == ["a", "", "b"]
    short = fonts.truncate(text, 20, 150)
    assert short.endswith(fonts.ELLIPSIS) and fonts.text_width(short, 20) <= 150
    assert fonts.truncate("ok", 20, 150) == "ok"
    assert fonts.fit_size("A fairly long heading", 200, 40) < 40


def test_sanitize_maps_missing_glyphs() -> None:
    assert fonts.sanitize("3 × 4 — Zoë → café") == "3 x 4 - Zoe -> cafe"
    assert fonts.sanitize("line\nbreak") == "line break"
    assert fonts.has_glyph("…") and fonts.has_glyph("A")


def _clear_font_caches() -> None:
    for cached in (fonts._regular, fonts.has_glyph, fonts._sanitize_char, fonts._notdef_signature):
        cached.cache_clear()


def test_bitmap_font_fallback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fonts, "freetype_available", lambda: False)
    _clear_font_caches()
    try:
        assert not fonts.is_scalable()
        assert fonts.text_width("abc", 40) > 0 and fonts.line_height(40) > 0
        c = blank(100, 40)
        box = c.text((5, 5), "fallback", 12, bold=True)
        assert box.w > 0 and non_bg(c, box) > 0
        assert fonts.truncate("a long line of text to cut", 12, 40).endswith("...")  # "…" is not in the bitmap
    finally:
        monkeypatch.undo()  # before clearing: nothing cached under the patch may outlive this test
        _clear_font_caches()
    assert fonts.is_scalable() == fonts.freetype_available()
    assert fonts.has_glyph("…") == fonts.freetype_available()


# -- palette -------------------------------------------------------------------------------


def test_seat_palette_contrast_and_distinct() -> None:
    assert len(palette.SEAT_COLOURS) == 8 and palette.distinct(palette.SEAT_COLOURS)
    for seat in range(8):
        colour = palette.seat_colour(seat)
        assert palette.contrast_ratio(colour, palette.text_on(colour)) >= 4.5, seat
    for a, b in itertools.combinations(palette.SEAT_COLOURS, 2):
        assert sum(abs(x - y) for x, y in zip(a, b, strict=True)) > 60
    assert palette.seat_colour(9) == palette.seat_colour(1)
    assert len(set(palette.SEAT_SHAPES)) == 8


def test_ui_colours_readable() -> None:
    for bg in (palette.BACKGROUND, palette.PANEL, palette.PANEL_HEADER):
        assert palette.contrast_ratio(palette.TEXT, bg) >= 7
        assert palette.contrast_ratio(palette.MUTED, bg) >= 4.5
    assert palette.HIGHLIGHT not in palette.SEAT_COLOURS
    assert palette.contrast_ratio(palette.WARNING, palette.WHITE) >= 4.5
    assert palette.hex_to_rgb("#0072B2") == palette.SEAT_COLOURS[0]
    assert palette.rgb("#fff") == (255, 255, 255)


# -- canvas --------------------------------------------------------------------------------


def test_canvas_scale_is_capped_to_max_side() -> None:
    c = Canvas(1500, 500, scale=2)
    assert max(c.image.size) <= output.MAX_SIDE
    assert c.image.size == (2000, 667)
    assert Canvas(300, 200, 2).image.size == (600, 400)
    smooth = Canvas(300, 200, 2, supersample=2)
    assert smooth.image.size == (1200, 800) and smooth.pixel_size == (600, 400)


def test_canvas_text_anchor_and_box() -> None:
    c = blank(200, 100)
    box = c.text((100, 50), "Centre", 15, anchor="mm")
    assert abs(box.center[0] - 100) < 1 and abs(box.center[1] - 50) < 1
    assert non_bg(c, box) > 0
    assert anchor_box((10, 10), 4, 2, "rb") == Box(6, 8, 4, 2)
    clipped = c.text((0, 0), "x" * 200, 15, max_width=50)
    assert clipped.w <= 50.5


def test_rect_circle_polygon_line() -> None:
    c = blank(100, 100)
    c.rect(Box(10, 10, 30, 30), fill=(255, 0, 0), radius=5)
    c.circle((70, 25), 10, fill=(0, 255, 0))
    c.polygon([(10, 60), (40, 60), (25, 90)], fill=(0, 0, 255))
    c.line([(60, 60), (90, 90)], (0, 0, 0), 4)
    assert pixel(c, (25, 25)) == (255, 0, 0)
    assert pixel(c, (70, 25)) == (0, 255, 0)
    assert pixel(c, (25, 70)) == (0, 0, 255)
    assert pixel(c, (75, 75)) == (0, 0, 0)


# -- primitives ----------------------------------------------------------------------------


def test_label_pill_and_truncation() -> None:
    c = blank(300, 100)
    colour = palette.seat_colour(0)
    box = label(c, (10, 10), "Seat 1", bg=colour)
    assert (box.w, box.h) == pytest.approx(label_size(c, "Seat 1", pill=True), abs=0.6)
    assert count_colour(c, box, colour, tol=2) > 0.4 * c.px(box.w) * c.px(box.h)
    assert count_colour(c, box, palette.text_on(colour), tol=60) > 0
    long_box = label(c, (290, 90), "x" * 300, bg=colour, max_width=120, anchor="rb")
    assert long_box.w <= 120.5 and long_box.x1 == pytest.approx(290)


def test_seat_markers_all_shapes() -> None:
    c = blank(400, 60)
    for seat in range(8):
        centre = (25 + seat * 48, 30)
        seat_marker(c, centre, seat, 16, text=str(seat + 1), background=WHITE_BG)
        assert count_colour(c, Box.around(centre, 36, 36), palette.seat_colour(seat), tol=3) > 100
    masks = set()
    for shape in palette.SEAT_SHAPES:
        m = Canvas(40, 40, 1, background=0, mode="L")
        pts = shape_points(shape, (20, 20), 12)
        if pts is None:
            m.circle((20, 20), 12, fill=255)
        else:
            m.polygon(pts, fill=255)
        masks.add(m.image.tobytes())
    assert len(masks) == len(palette.SEAT_SHAPES)
    with pytest.raises(ValueError):
        shape_points("blob", (0, 0), 1)


def test_highlight_draws_glow_and_outline() -> None:
    c = blank(200, 100)
    target = Box(40, 30, 40, 40)
    highlight(c, target, width=3)
    ring = count_colour(c, target.expand(6), palette.HIGHLIGHT, tol=30)
    assert ring > 0
    assert count_colour(c, target.inset(8), palette.HIGHLIGHT, tol=30) == 0
    assert count_colour(c, Box(140, 30, 40, 40), palette.HIGHLIGHT, tol=30) == 0
    glowless = blank(200, 100)
    highlight(glowless, target, width=3, glow=False)
    assert non_bg(glowless, target.expand(10)) < non_bg(c, target.expand(10))
    highlight(c, [(150, 20), (190, 20), (170, 60)], glow=False)
    assert count_colour(c, Box(145, 15, 50, 50), palette.HIGHLIGHT, tol=30) > 0


def test_arrows_follow_their_path() -> None:
    c = blank(200, 200)
    arrow(c, (20, 20), (180, 20), palette.HIGHLIGHT, 4)
    assert near(pixel(c, (100, 20)), palette.HIGHLIGHT, 5)
    path_arrow(c, [(20, 100), (100, 100), (100, 180)], (0, 0, 0), 4)
    assert pixel(c, (60, 100)) == (0, 0, 0) and pixel(c, (100, 140)) == (0, 0, 0)
    assert count_colour(c, Box(90, 165, 20, 15), (0, 0, 0), 0) > 20  # the head
    path_arrow(c, [(5, 5)])  # degenerate: nothing to draw, no error


def test_legend_and_panel() -> None:
    c = blank(400, 300)
    entries = [(0, "Alice"), (1, "Bob"), ((200, 30, 30), "Danger")]
    w, h = legend_size(c, entries, columns=2)
    box = legend(c, (10, 10), entries, columns=2, background=WHITE_BG)
    assert (box.w, box.h) == pytest.approx((w, h))
    assert count_colour(c, box, palette.seat_colour(1), tol=3) > 0
    content = panel(c, Box(10, 100, 300, 150), "Player 1", seat=0, active=True, badge="TURN")
    assert Box(10, 100, 300, 150).contains((content.x, content.y))
    assert content.y > 100 + 20 and content.w < 300
    assert count_colour(c, Box(10, 100, 300, 25), palette.lighten(palette.seat_colour(0), 0.55), 3) > 0


# -- boards --------------------------------------------------------------------------------


def test_grid_fill_draw_coords_and_highlight() -> None:
    c = blank(300, 300)
    spec = fit_grid(4, 5, Box(0, 0, 300, 300), coords=True, c=c)
    calls: list[tuple[int, int]] = []

    def draw(cv: Canvas, box: Box, r: int, col: int) -> None:
        calls.append((r, col))

    bounds = draw_grid(
        c, spec, fill={(0, 0): (255, 0, 0)}, draw=draw, coords=True, highlights=[(2, 3)], line_width=1
    )
    assert len(calls) == 20 and bounds.x < spec.origin[0]
    assert pixel(c, spec.cell_center(0, 0)) == (255, 0, 0)
    hot = spec.cell_box(2, 3)
    cold = spec.cell_box(0, 1)
    assert count_colour(c, hot.expand(3), palette.HIGHLIGHT, 30) > 50
    assert count_colour(c, cold.inset(4), palette.HIGHLIGHT, 30) == 0
    assert spec.cell_at(spec.cell_center(3, 4)) == (3, 4) and spec.cell_at((-5, -5)) is None
    marks = {(1, 1): lambda cv, b: cv.circle(b.center, b.w / 3, fill=(0, 0, 255))}
    draw_grid(c, spec, fill=lambda r, col: None, draw=marks, checker=True)
    assert pixel(c, spec.cell_center(1, 1)) == (0, 0, 255)
    assert column_name(0) == "A" and column_name(26) == "AA" and cell_name(0, 2, rows=8) == "C8"
    gapped = GridSpec(2, 2, 10, (0, 0), gap=2)
    assert gapped.size == (22, 22) and gapped.cell_at((11, 5)) is None


@pytest.mark.parametrize("pointy", [True, False])
def test_hex_to_pixel_round_trips(pointy: bool) -> None:
    layout_ = HexLayout(17.5, (123.0, 45.0), pointy)
    for h in hex_disc(5):
        centre = layout_.hex_to_pixel(*h)
        assert layout_.pixel_to_hex(centre) == h
        for corner in layout_.corners(*h, shrink=2):  # just inside each corner still maps to h
            inside = (centre[0] + (corner[0] - centre[0]) * 0.9, centre[1] + (corner[1] - centre[1]) * 0.9)
            assert layout_.pixel_to_hex(inside) == h
    assert len(hex_disc(2)) == 19 and hex_distance((0, 0), (2, -1)) == 2 and hex_round(0.4, 0.4) == (0, 1)


def test_hex_map_fills_labels_and_highlight() -> None:
    c = blank(300, 300)
    hexes = hex_disc(2)
    layout_ = HexLayout.fit(hexes, Box(10, 10, 280, 280))
    assert layout_.bounds(hexes).w <= 280.5 and layout_.bounds(hexes).h <= 280.5
    fills = {h: ((0, 200, 0) if h == (0, 0) else None) for h in hexes}
    draw_hex_map(c, layout_, fills, labels={(1, 0): "A1"}, highlights=[(-1, 0)])
    assert pixel(c, layout_.hex_to_pixel(0, 0)) == (0, 200, 0)
    around = Box.around(layout_.hex_to_pixel(-1, 0), layout_.cell_width + 6, layout_.cell_height + 6)
    assert count_colour(c, around, palette.HIGHLIGHT, 30) > 50
    far = Box.around(layout_.hex_to_pixel(2, -2), layout_.size, layout_.size)
    assert count_colour(c, far, palette.HIGHLIGHT, 30) == 0
    label_box = Box.around(layout_.hex_to_pixel(1, 0), layout_.size, layout_.size * 0.8)
    assert count_colour(c, label_box, (0, 0, 0), 60) > 0


@pytest.mark.parametrize("mode", ["linear", "snake", "loop"])
def test_track_spaces_fit_and_do_not_overlap(mode: str) -> None:
    area = Box(0, 0, 400, 300)
    n = 6 if mode == "linear" else 31
    spaces = track_spaces(n, area, mode, gap=2)
    assert len(spaces) == n
    for s in spaces:
        assert area.expand(0.01).contains((s.x, s.y)) and area.expand(0.01).contains((s.x1, s.y1))
    for a, b in itertools.combinations(spaces, 2):
        assert a.x1 <= b.x + 1e-6 or b.x1 <= a.x + 1e-6 or a.y1 <= b.y + 1e-6 or b.y1 <= a.y + 1e-6
    with pytest.raises(ValueError):
        track_spaces(3, area, "spiral")


def test_track_stacks_markers_on_one_space() -> None:
    c = blank(420, 120)
    spaces = track_spaces(10, Box(10, 10, 400, 100), "linear")
    draw_track(c, spaces, {0: 4, 1: 4, 2: 4, 3: 9, 4: 99}, highlight_space=6)
    crowded = spaces[4]
    for seat in (0, 1, 2):
        assert count_colour(c, crowded, palette.seat_colour(seat), 3) > 10, seat
    assert count_colour(c, spaces[9], palette.seat_colour(4), 3) > 10  # clamped to the last space
    assert count_colour(c, spaces[6].expand(4), palette.HIGHLIGHT, 30) > 0
    pts, r = stack_points(4, Box(0, 0, 40, 40))
    assert len(set(pts)) == 4 and 0 < r < 20


# -- pieces --------------------------------------------------------------------------------


def test_card_face_up_and_down() -> None:
    c = blank(300, 200)
    face = Box(10, 10, 120, 170)
    band = palette.seat_colour(2)
    card(c, face, "Forest", "Gain 2 wood. " * 20, cost=3, corner="2VP", colour=band, highlighted=True)
    assert count_colour(c, Box(10, 10, 120, 40), band, 3) > 200
    assert count_colour(c, Box(10, 10, 40, 40), palette.TEXT, 30) > 20  # cost badge
    assert count_colour(c, face.expand(5), palette.HIGHLIGHT, 30) > 0
    back = Box(160, 10, 120, 170)
    card(c, back, "Secret", face_down=True)
    assert count_colour(c, back.inset(20), palette.CARD_BACK, 20) > 100
    assert count_colour(c, back, band, 3) == 0


def test_token_stack_draws_count_badge() -> None:
    def badge_ink(count: int) -> tuple[Canvas, Box]:
        c = blank(100, 100)
        box = token_stack(c, (40, 40), count, palette.seat_colour(1), r=16, background=WHITE_BG)
        return c, box

    one, one_box = badge_ink(1)
    three, three_box = badge_ink(3)
    badge_area = Box(46, 44, 40, 30)
    assert count_colour(three, badge_area, palette.TEXT, 30) > count_colour(one, badge_area, palette.TEXT, 30)
    assert count_colour(three, badge_area, palette.WHITE, 30) > 10  # white "x3" text on the dark badge
    assert three_box.w > one_box.w
    twelve, _ = badge_ink(12)
    thirteen, _ = badge_ink(13)
    assert twelve.image.tobytes() != thirteen.image.tobytes()


# -- layout --------------------------------------------------------------------------------


def test_rows_columns_grid() -> None:
    box = Box(0, 0, 100, 50)
    parts = layout.row(box, [1, 3], gap=10)
    assert [p.w for p in parts] == pytest.approx([22.5, 67.5]) and parts[1].x1 == pytest.approx(100)
    cols = layout.column(box, 2, gap=10, pad=5)
    assert cols[0].h == pytest.approx(15) and cols[1].y1 == pytest.approx(45)
    cells = layout.grid(box, 2, 3, gap=2)
    assert len(cells) == 6 and cells[-1].x1 == pytest.approx(100) and cells[-1].y1 == pytest.approx(50)
    assert layout.stack_height([10, 20], gap=5, pad=2) == 39
    placed = layout.flow(Box(0, 0, 100, 0), [(40, 10)] * 5, gap=5)
    assert [b.y for b in placed] == [0, 0, 15, 15, 30]
    assert layout.flow_height(100, [(40, 10)] * 5, gap=5) == 40
    widths = layout.shrink_widths([100, 20, 300], 200, 30)
    assert sum(widths) == pytest.approx(200) and widths[1] == pytest.approx(20)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 7, 8])
def test_fit_panels(n: int) -> None:
    area = Box(0, 0, 600, 400)
    boxes = layout.fit_panels(n, area, aspect=1.6, gap=8)
    assert len(boxes) == n
    for b in boxes:
        assert b.w > 0 and b.h > 0
        assert area.expand(0.01).contains((b.x, b.y)) and area.expand(0.01).contains((b.x1, b.y1))
    for a, b in itertools.combinations(boxes, 2):
        assert a.x1 <= b.x + 1e-6 or b.x1 <= a.x + 1e-6 or a.y1 <= b.y + 1e-6 or b.y1 <= a.y + 1e-6
    assert layout.panels_height(n, 600, 180, 100, gap=10) >= 100


def test_measure_before_drawing() -> None:
    m = layout.measurer(2.0)
    w, h = label_size(m, "Measured", pill=True)
    c = blank(w + 20, h + 20)
    box = label(c, (10, 10), "Measured", bg=palette.seat_colour(3))
    assert (box.w, box.h) == pytest.approx((w, h), abs=0.6)


# -- output --------------------------------------------------------------------------------


def test_to_png_decodes_and_limits_size() -> None:
    data = output.to_png(Image.new("RGB", (3000, 1200), (10, 20, 30)))
    im = decode(data)
    assert im.format == "PNG" and max(im.size) <= 2000 and im.size == (2000, 800)
    c = blank(100, 50)
    assert decode(c.to_png()).size == (200, 100)
    assert decode(output.to_png(c)).size == (200, 100)
    assert output.image_size(output.to_png(c, compress_level=1)) == (200, 100)


def test_a_many_coloured_board_keeps_its_colours_in_the_palette() -> None:
    """The palette of an image with over 256 colours is built from a sparse sample: a 2-px line and small
    text in a colour used nowhere else still come out within a few levels of their colour."""
    c = Canvas(600, 400, scale=2.0, supersample=2)
    for i in range(40):  # anti-aliased circles in many colours: well over 256 colours
        c.circle((15 + i * 14, 60), 9, fill=(6 * i, 255 - 6 * i, (37 * i) % 256))
    c.line([(10, 200), (590, 200)], fill=(0xF2, 0xB8, 0x00), width=1)
    c.text((20, 300), "12 Titanium", 10, (0x7B, 0x4F, 0xA8))
    original = c.output().convert("RGB")
    assert original.getcolors(256) is None
    png = decode(output.to_png(c))
    decoded = png.convert("RGB")
    assert png.mode == "P"
    assert max(ImageStat.Stat(ImageChops.difference(original, decoded)).mean) < 1.5  # an octree of all: ~1.0
    line = {decoded.getpixel((x, 400)) for x in range(40, 1100, 7)}
    assert all(max(abs(a - b) for a, b in zip(col, (0xF2, 0xB8, 0x00), strict=True)) <= 12 for col in line)
    ink = decoded.crop((40, 600, 400, 640)).getcolors(4096) or []
    assert any(max(abs(a - b) for a, b in zip(col, (0x7B, 0x4F, 0xA8), strict=True)) <= 12 for _, col in ink)


def test_to_png_respects_byte_budget() -> None:
    noise = Image.effect_noise((400, 400), 100).convert("RGB")
    data = output.to_png(noise, max_bytes=60_000)
    assert len(data) <= 60_000 and max(decode(data).size) <= 400


def test_to_webp() -> None:
    if not output.Image.registered_extensions().get(".webp"):
        pytest.skip("Pillow built without WebP")
    im = decode(output.to_webp(blank(50, 50)))
    assert im.format == "WEBP" and im.size == (100, 100)


