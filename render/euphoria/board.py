"""The public board: four areas with their spaces and worker dice, tunnels, sites/markets, tracks, bazaar."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.core import Box, column, panel, row
from render.core.palette import CELL_LIGHT, MUTED, PANEL, PANEL_BORDER, TEXT, WARNING, WHITE, lighten, mix
from render.core.primitives import panel_header_height

from .layout import (
    AREA_TINT,
    GAP,
    GOODS,
    HEAD,
    SMALL,
    STAR,
    Ctx,
    artifact_chip,
    content,
    dice_row,
    draw_cost,
    good_token,
    pawn,
    stars_row,
)

AREAS = ("icarus", "euphoria", "wastelands", "subterra")
AREA_INFO: dict[str, tuple[str, str, str | None]] = {  # fallback when the engine content is missing
    "icarus": ("Icarus", "Icarite", None), "euphoria": ("Euphoria", "Euphorian", "gold"),
    "wastelands": ("Wastelands", "Wastelander", "clay"), "subterra": ("Subterra", "Subterran", "stone"),
}
PREFIX = {"icarus": "ic", "euphoria": "eu", "wastelands": "wa", "subterra": "su"}
TRACK_H, SPACE_H, TUNNEL_H, SITE_H = 20.0, 42.0, 38.0, 50.0
ROW_GAP = 5.0


def region_height() -> float:
    """Height of one row of area panels (the tallest area: a tunnel and two sites)."""
    return 26 + 10 + TRACK_H + SPACE_H + TUNNEL_H + 2 * SITE_H + 4 * ROW_GAP


def _space(c: Any, sid: str) -> Any:
    return c.spaces.get(sid) if c is not None else None


def space_box(ctx: Ctx, box: Box, sid: str, title: str | None = None, cost: Mapping[str, int] | None = None,
              star_key: str | None = None, note: str | None = None) -> None:
    """One action space: name and cost on top, occupying dice below (stars on the left when starred)."""
    c = ctx.c
    sp = _space(content(), sid)
    title = title or (sp.name if sp else sid)
    cost = dict(sp.cost) if cost is None and sp is not None else (cost or {})
    excl = sp is not None and sp.type != "shared"
    c.rect(box, fill=PANEL, outline=PANEL_BORDER, width=1.2 if excl else 1, radius=5)
    ctx.boxes[sid] = box
    body = Box(box.x + 4, box.y + 17, box.w - 8, box.h - 19)
    used = 0.0
    title_w = c.text_width(title, SMALL, True)
    if cost and title_w + 12 + draw_cost(ctx.m, (0, 0), cost) > box.w - 8:
        used = draw_cost(c, (body.x, body.center[1]), cost, anchor="l") + 6
        cost = {}
    cost_w = draw_cost(c, (box.x1 - 4, box.y + 9), cost) if cost else 0.0
    c.text((box.x + 4, box.y + 9), title, SMALL, TEXT, "lm", bold=True, max_width=box.w - cost_w - 12)
    owners = (ctx.table.get("stars") or {}).get(star_key, {}) if star_key else {}
    if star_key:
        ctx.boxes[star_key] = box
        used += stars_row(ctx, (body.x + used, body.center[1]), owners, 7.0, max_w=body.w * 0.6)
    elif note:
        used += c.text((body.x + used, body.center[1]), note, SMALL, MUTED, "lm", max_width=body.w * 0.72).w + 4
    dice = ctx.dice_on(sid)
    if dice:
        dice_row(ctx, Box(body.x + used, body.y, body.w - used, body.h), dice, r_max=9.5)


def allegiance(ctx: Ctx, box: Box, area: str) -> None:
    """The area's allegiance track 0..max, tiers marked, the current value in a dark cell."""
    c, cont = ctx.c, content()
    top = cont.allegiance_max if cont else 11
    tiers = set(cont.tiers if cont else (2, 5, 8, 11))
    value = int((ctx.table.get("tracks") or {}).get(area, 0))
    lab = c.text((box.x, box.center[1]), "Allegiance", SMALL, MUTED, "lm")
    owners = (ctx.table.get("stars") or {}).get(f"automa_track:{area}", {})
    right = box.x1
    if owners:
        right -= 8 + 2 * 7 * (1 + len(owners))
        stars_row(ctx, (right + 6, box.center[1]), owners, 7.0)
        ctx.boxes[f"automa_track:{area}"] = box
    x0 = lab.x1 + 6
    cell = min(box.h, (right - x0 - top * 1.5) / (top + 1))
    for i in range(top + 1):
        b = Box(x0 + i * (cell + 1.5), box.center[1] - cell / 2, cell, cell)
        on = i == value
        fill = TEXT if on else (lighten(STAR, 0.55) if i in tiers else CELL_LIGHT)
        c.rect(b, fill=fill, outline=TEXT if i in tiers else PANEL_BORDER, width=1, radius=3)
        c.text(b.center, str(i), SMALL, WHITE if on else (TEXT if i in tiers else MUTED), "mm", bold=on)


def tunnel(ctx: Ctx, box: Box, area: str) -> None:
    """Tunnel mouth, the miner track (bonus icon and end marked) and the tunnel end."""
    c, cont = ctx.c, content()
    p = PREFIX[area]
    mouth, rest = box.take_left(86, GAP)
    track, end = rest.take_left(rest.w - 84, GAP)
    space_box(ctx, mouth, f"{p}.tunnel", "Tunnel")
    end_sp = _space(cont, f"{p}.tunnel_end")
    gain = dict(end_sp.extra.get("gain", {})) if end_sp else {}
    space_box(ctx, end, f"{p}.tunnel_end", "End", cost={}, note=None)
    x = end.x1 - 4
    for good, n in gain.items():
        good_token(c, (x - 6.5, end.y + 9), good, 6.5)
        x = c.text((x - 15, end.y + 9), f"+{n}", SMALL, TEXT, "rm").x - 3
    tt = cont.tunnel_track if cont else {"icon": 6, "end": 9}
    n_end, icon = int(tt["end"]), int(tt["icon"])
    miners = int((ctx.table.get("miners") or {}).get(area, 0))
    res = cont.tunnels[area]["resource"] if cont else AREA_INFO[area][2]
    c.text((track.x, track.y + 7), f"Miners {miners}/{n_end}", SMALL, MUTED, "lm")
    cell = min(20.0, (track.w - n_end * 1.5) / (n_end + 1))
    y = track.y1 - cell - 1
    for i in range(n_end + 1):
        b = Box(track.x + i * (cell + 1.5), y, cell, cell)
        fill = TEXT if i == miners else (lighten(GOODS[res][1], 0.35) if i == icon and res in GOODS
                                         else CELL_LIGHT)
        c.rect(b, fill=fill, outline=TEXT if i in (icon, n_end) else PANEL_BORDER, width=1, radius=3)
        if i == miners:
            c.text(b.center, str(i), SMALL, WHITE, "mm", bold=True)
        elif i in (icon, n_end):
            c.text(b.center, str(i), SMALL, TEXT, "mm")


def site(ctx: Ctx, box: Box, site_id: str, letter: str) -> None:
    """A construction site: four one-time spaces (resource cost, builder's die) and its market tile."""
    c, cont = ctx.c, content()
    st = cont.sites.get(site_id) if cont else None
    costs = list(st.spaces) if st else ["?"] * 4
    spaces_box, tile = box.take_left(4 * 24 + 3 * 2, GAP)
    for i, (b, res) in enumerate(zip(row(spaces_box, 4, gap=2), costs, strict=False), 1):
        sid = f"{site_id}.{i}"
        c.rect(b, fill=PANEL, outline=PANEL_BORDER, radius=4)
        ctx.boxes[sid] = b
        good_token(c, (b.center[0], b.y + 9), res, 6.5)
        dice = ctx.dice_on(sid)
        if dice:
            dice_row(ctx, Box(b.x + 1, b.y + 18, b.w - 2, b.h - 20), dice, r_max=9.5, align="m")
    info = (ctx.table.get("sites") or {}).get(site_id, {})
    market_id = site_id.replace("site", "market")
    ctx.boxes[f"market:{site_id}"] = tile
    ctx.boxes[market_id] = tile
    if info.get("face_down", True):
        c.rect(tile, fill=mix(PANEL_BORDER, WHITE, 0.4), outline=PANEL_BORDER, radius=5)
        need = cont.completion_needed.get(str(len(ctx.players))) if cont else None
        c.text((tile.x + 6, tile.y + 15), f"Site {letter}: market face down", SMALL, TEXT, "lm", True,
               tile.w - 12)
        text = f"Built when {need} spaces are taken" if need else "Not built yet"
        c.text((tile.x + 6, tile.y + 34), text, SMALL, MUTED, "lm", max_width=tile.w - 12)
        return
    bg = lighten(STAR, 0.82)
    c.rect(tile, fill=bg, outline=TEXT, width=1.2, radius=5)
    m = next((x for x in cont.markets.values() if x.name == info.get("market")), None) if cont else None
    dice = ctx.dice_on(market_id)
    right = tile.x1 - 4
    for pid, pips in reversed(dice[-3:]):  # visitors (a temporary space: usually one)
        pawn(ctx, (right - 8, tile.y + 10), pid, 8, str(pips), bg)
        right -= 18
    c.text((tile.x + 5, tile.y + 10), info.get("market", "Market"), SMALL, TEXT, "lm", True, right - tile.x - 8)
    pen = str(info.get("penalty") or "").replace("_", " ")
    c.text((tile.x + 5, tile.y + 24), f"Penalty: {pen}", SMALL, WARNING, "lm", max_width=tile.w - 10)
    owners = (ctx.table.get("stars") or {}).get(f"market:{site_id}", {})
    y = tile.y1 - 10
    cost_w = draw_cost(c, (tile.x1 - 4, y), dict(m.cost), r=6) if m else 0.0
    stars_row(ctx, (tile.x + 4, y), owners, 6.5, bg=bg, max_w=tile.w - cost_w - 12)


def region(ctx: Ctx, box: Box, area: str) -> None:
    """One area panel: header with its faction and goods, allegiance track, then its spaces."""
    c, cont = ctx.c, content()
    info = cont.area_info.get(area) if cont else None
    name, faction = (info["name"], info["faction"]) if info else AREA_INFO[area][:2]
    tint = AREA_TINT[area]
    inner = panel(ctx.c, box, f"{name} · {faction}s", header=tint, title_size=HEAD, fill=lighten(tint, 0.8))
    hh = panel_header_height(c, HEAD)
    goods = [info["commodity"], info["resource"]] if info else []
    x = box.x1 - 8
    for g in reversed([g for g in goods if g]):
        good_token(c, (x - 8, box.y + hh / 2), g, 8)
        x -= 20
    track, rest = inner.take_top(TRACK_H, ROW_GAP)
    allegiance(ctx, track, area)
    p = PREFIX[area]
    first, rest = rest.take_top(SPACE_H, ROW_GAP)
    prod = next((s.id for s in cont.spaces.values() if s.area == area and s.kind == "production"), None) \
        if cont else None
    art = f"{p}.artmarket"
    if area == "wastelands":
        a, b, d = row(first, [1.0, 0.9, 1.2], gap=GAP)
        space_box(ctx, b, "wa.lost_found")
    else:
        a, d = row(first, [1.0, 1.0], gap=GAP)
    space_box(ctx, a, prod or f"{p}.production", note=None)
    space_box(ctx, d, art, star_key=f"artmarket:{area}")
    if area == "icarus":
        second, rest = rest.take_top(SPACE_H, ROW_GAP)
        b1, b2, b3 = row(second, [1.0, 1.0, 1.0], gap=GAP)
        space_box(ctx, b1, "ic.breeze_bar")
        space_box(ctx, b2, "ic.sky_lounge")
        space_box(ctx, b3, "ic.nimbus_loft", "Nimbus Loft", star_key="nimbus_loft")
        third, rest = rest.take_top(SPACE_H, ROW_GAP)
        for b, sid in zip(row(third, 2, gap=GAP), ("tank.energy", "tank.water"), strict=True):
            sp = _space(cont, sid)
            eff = []
            if sp is not None:
                k, m = int(sp.extra.get("knowledge", 0)), int(sp.extra.get("morale", 0))
                eff = ["+1 worker"] + ([f"know {k:+d}"] if k else []) + ([f"morale {m:+d}"] if m else [])
            space_box(ctx, b, sid, note=", ".join(eff) or None)
        bazaar(ctx, rest)
        return
    tun, rest = rest.take_top(TUNNEL_H, ROW_GAP)
    tunnel(ctx, tun, area)
    for letter in ("a", "b"):
        sb, rest = rest.take_top(SITE_H, ROW_GAP)
        site(ctx, sb, f"{p}.site_{letter}", letter.upper())


def regions(ctx: Ctx, box: Box) -> None:
    """The four areas in a 2 × 2 grid."""
    top, bottom = column(box, 2, gap=GAP)
    for b, area in zip([*row(top, 2, gap=GAP), *row(bottom, 2, gap=GAP)], AREAS, strict=True):
        region(ctx, b, area)


def bazaar(ctx: Ctx, box: Box) -> None:
    """The artifact row with its costs in commodities (rightmost free), deck, discard and recruit deck sizes."""
    c, cont, t = ctx.c, content(), ctx.table
    c.line([(box.x, box.y), (box.x1, box.y)], PANEL_BORDER, 1, rounded=False)
    head = c.text((box.x, box.y + 9), "Artifact bazaar", SMALL + 1, TEXT, "lm", bold=True)
    info = f"cost in commodities · deck {t.get('artifact_deck', 0)} · discard {len(t.get('artifact_discard') or [])}"
    c.text((box.x1, box.y + 9), info, SMALL, MUTED, "rm", max_width=box.x1 - head.x1 - 8)
    costs = list(cont.bazaar_costs) if cont else [2, 1, 1, 0]
    names = dict(cont.artifact_names) if cont else {}
    cards = Box(box.x, box.y + 20, box.w, min(26.0, box.h - 20))
    for i, (b, art) in enumerate(zip(row(cards, 4, gap=3), t.get("bazaar") or [], strict=False)):
        cost = costs[i] if i < len(costs) else 0
        artifact_chip(c, b, names.get(art, str(art).replace("_", " ").title()), cost)
        ctx.boxes[f"bazaar:{i}"] = b


__all__ = ["bazaar", "dice_row", "pawn", "region_height", "regions"]
