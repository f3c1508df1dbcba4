"""Player panels: goods, morale, knowledge, stars, recruits, workers; Automa panels with level and cards."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.core import Box, fit_panels, label
from render.core.palette import HIGHLIGHT, MUTED, PANEL, PANEL_BORDER, TEXT, WARNING, WHITE, lighten

from .layout import AREA_TINT, GAP, GOODS, SMALL, Ctx, content, good_token, pawn, pawn_style, star_icon

LINE = 18.0
HEADER = 24.0
PANEL_H = HEADER + 5 * LINE + 8
FACTIONS = {"icarus": "Icarite", "euphoria": "Euphorian", "wastelands": "Wastelander", "subterra": "Subterran"}


def columns(n: int) -> int:
    """Panels per row: two up to four players, then three."""
    return 2 if n <= 4 else 3


def players_height(n: int) -> float:
    """Height of the block of ``n`` player panels."""
    rows = -(-n // columns(n))
    return rows * PANEL_H + (rows - 1) * GAP


def _header(ctx: Ctx, box: Box, pid: int, to_move: bool) -> Box:
    """Panel frame and title band (piece, name, turn/last-move pills, stars); returns the body box."""
    c = ctx.c
    colour, _ = pawn_style(ctx, pid)
    band_colour = lighten(colour, 0.55) if colour != WHITE else (0xE4, 0xE4, 0xE4)
    c.rect(box, fill=PANEL, outline=TEXT if to_move else PANEL_BORDER, width=3 if to_move else 1, radius=7)
    band = Box(box.x + 1.5, box.y + 1.5, box.w - 3, HEADER - 1.5)
    c.rect(band, fill=band_colour, radius=6)
    c.rect(Box(band.x, band.center[1], band.w, band.h / 2), fill=band_colour)
    cy = band.center[1]
    pawn(ctx, (band.x + 13, cy), pid, 8.5, bg=band_colour)
    p = ctx.player(pid)
    total = content().c["stars"] if content() else 10
    sw = c.text_width(f"{p.get('stars', 0)}/{total}", SMALL + 1, True)
    right = band.x1 - 6
    c.text((right, cy), f"{p.get('stars', 0)}/{total}", SMALL + 1, TEXT, "rm", bold=True)
    star_icon(c, (right - sw - 9, cy), 7.5)
    right -= sw + 21
    from .layout import last_pid

    for flag, bg in (("TO MOVE", TEXT), ("LAST", HIGHLIGHT)):
        if (flag == "TO MOVE" and to_move) or (flag == "LAST" and last_pid(ctx) == pid):
            b = label(c, (right, cy), flag, SMALL, anchor="rm", bg=bg, bold=True, pad=4)
            right = b.x - 4
    c.text((band.x + 26, cy), ctx.name(pid), SMALL + 2, TEXT, "lm", bold=True, max_width=right - band.x - 30)
    return Box(box.x + 6, band.y1 + 4, box.w - 12, box.h - HEADER - 8)


def _workers(ctx: Ctx, x: float, y: float, x1: float, pid: int) -> None:
    """Available dice drawn with their pips; others summarised (on board, ran away, on the faction card)."""
    c = ctx.c
    dice = list(ctx.player(pid).get("dice") or [])
    t = c.text((x, y), "Workers", SMALL, MUTED, "lm")
    x = t.x1 + 5
    for d in dice:
        if d.get("at") == "avail" and x + 18 <= x1:
            pawn(ctx, (x + 8, y), pid, 8, str(d.get("pips", "?")))
            x += 19
    where = [str(d.get("at")) for d in dice]
    rest = []
    board = sum(1 for w in where if w not in ("avail", "runaway", "card"))
    if board:
        rest.append(f"{board} on board")
    if where.count("runaway"):
        rest.append(f"{where.count('runaway')} ran away")
    if where.count("card"):
        rest.append(f"{where.count('card')} on card")
    if not any(w == "avail" for w in where):
        rest.insert(0, "none ready")
    if rest:
        c.text((x + 3, y), " · ".join(rest), SMALL, MUTED, "lm", max_width=x1 - x - 3)


def _track(ctx: Ctx, x: float, y: float, name: str, value: int, top: int) -> float:
    """A tiny 1..top track with the value filled; returns its right edge."""
    c = ctx.c
    t = c.text((x, y), name, SMALL, MUTED, "lm")
    x = t.x1 + 4
    for i in range(1, top + 1):
        b = Box(x, y - 6.5, 12, 13)
        c.rect(b, fill=TEXT if i == value else (lighten(TEXT, 0.85) if i < value else PANEL),
               outline=PANEL_BORDER, radius=2)
        if i == value:
            c.text(b.center, str(i), SMALL, WHITE, "mm", bold=True)
        x += 13
    return x


def _human(ctx: Ctx, body: Box, pid: int, p: Mapping[str, Any]) -> None:
    c, cont = ctx.c, content()
    ys = [body.y + LINE * (i + 0.5) for i in range(5)]
    mmax = cont.c["morale"]["max"] if cont else 6
    kmax = cont.c["knowledge"]["max"] if cont else 6
    morale, know = int(p.get("morale", 0)), int(p.get("knowledge", 0))
    if body.w > 300:
        x = _track(ctx, body.x, ys[0], "Morale", morale, mmax)
        _track(ctx, x + 8, ys[0], "Knowledge", know, kmax)
    else:
        t = c.text((body.x, ys[0]), "Morale", SMALL, MUTED, "lm")
        t = c.text((t.x1 + 3, ys[0]), f"{morale}", SMALL + 1, TEXT, "lm", bold=True)
        t = c.text((t.x1 + 8, ys[0]), "Know", SMALL, MUTED, "lm")
        c.text((t.x1 + 3, ys[0]), f"{know}", SMALL + 1, TEXT, "lm", bold=True)
    # knowledge check: available pips + knowledge against the runaway threshold
    threshold = cont.c["knowledge_threshold"] if cont else 16
    pips = sum(int(d.get("pips", 0)) for d in p.get("dice") or [] if d.get("at") == "avail")
    check = pips + know
    c.text((body.x1, ys[0]), f"Check {check}/{threshold}", SMALL, WARNING if check >= threshold - 3 else MUTED,
           "rm")
    goods = dict(p.get("goods") or {})
    step = body.w / max(1, len(GOODS))
    for i, g in enumerate(GOODS):
        gx = body.x + i * step
        n = int(goods.get(g, 0))
        good_token(c, (gx + 6.5, ys[1]), g, 6.5)
        c.text((gx + 14.5, ys[1]), str(n), SMALL + 1, TEXT if n else MUTED, "lm", bold=bool(n))
    _workers(ctx, body.x, ys[2], body.x1, pid)
    starred = set(p.get("starred") or [])
    x = body.x
    recruits = list(p.get("active") or [])
    for i, r in enumerate(recruits):
        text = str(r.get("name", r.get("id")))
        tint = AREA_TINT.get(r.get("faction"), AREA_TINT[None])
        left = len(recruits) - i - 1
        room = body.x1 - x - (26 if left else 0)
        if room < 40:
            c.text((x, ys[3]), f"+{left + 1}", SMALL, MUTED, "lm")
            break
        if r.get("id") in starred:  # a star placed on this recruit
            star_icon(c, (x + 6, ys[3]), 6)
            x += 13
        lb = label(c, (x, ys[3]), text, SMALL, anchor="lm", bg=tint, pad=5,
                   max_width=min(room, body.w / min(2, len(recruits)) - 3) - 13)
        x = lb.x1 + 5
    if not recruits:
        c.text((x, ys[3]), "no active recruit", SMALL, MUTED, "lm")
    pens = [str(x).replace("_", " ") for x in p.get("penalties") or []]
    foot = f"Artifacts {p.get('artifact_count', 0)} · Hidden {p.get('hidden_count', 0)}"
    t = c.text((body.x, ys[4]), foot, SMALL, TEXT, "lm")
    if pens:
        head = "Penalty: " if len(pens) == 1 else f"{len(pens)} penalties: "
        c.text((t.x1 + 8, ys[4]), head + ", ".join(pens), SMALL, WARNING, "lm", max_width=body.x1 - t.x1 - 8)


def _automa(ctx: Ctx, body: Box, pid: int, p: Mapping[str, Any]) -> None:
    c, cont = ctx.c, content()
    a = ctx.table.get("automa") or {}
    ys = [body.y + LINE * (i + 0.5) for i in range(5)]
    fac = FACTIONS.get(p.get("faction"), str(p.get("faction", "-")))
    level = a.get("level")
    lname = ""
    if cont and level is not None:
        lname = next((lv["name"] for lv in cont.automa["levels"] if lv["level"] == level), "")
    c.text((body.x, ys[0]), f"{fac} faction · {p.get('side', '-')} side · level {level} {lname}".rstrip(),
           SMALL, TEXT, "lm", max_width=body.w)
    _workers(ctx, body.x, ys[1], body.x1, pid)
    colour = str(p.get("colour"))
    plan = (a.get("plans") or {}).get(colour)
    if plan:
        c.text((body.x, ys[2]), f"Goes for {plan}", SMALL + 0.5, TEXT, "lm", bold=True, max_width=body.w)
    else:
        c.text((body.x, ys[2]), "No card pair turned over yet", SMALL, MUTED, "lm", max_width=body.w)
    piles = a.get("piles") or []
    c.text((body.x, ys[4]), f"Deck {a.get('deck', 0)} · piles {'/'.join(map(str, piles)) or '-'} · "
           f"discard {len(a.get('discard') or [])} · artifacts {p.get('artifact_count', 0)}", SMALL, MUTED, "lm",
           max_width=body.w)


def player_panels(ctx: Ctx, box: Box) -> None:
    """One panel per player (Automas included), in seat order."""
    players = ctx.players
    n = len(players)
    cols = columns(n)
    rows = -(-n // cols)
    boxes = fit_panels(n, Box(box.x, box.y, box.w, rows * PANEL_H + (rows - 1) * GAP), gap=GAP, cols=cols)
    over = ctx.view.get("result") is not None
    active = set(ctx.view.get("active") or [])
    turn = ctx.table.get("turn")
    for pid, (b, p) in enumerate(zip(boxes, players, strict=True)):
        to_move = not over and (pid in active or (p.get("kind") == "automa" and turn == pid))
        body = _header(ctx, b, pid, to_move)
        if p.get("kind") == "automa":
            _automa(ctx, body, pid, p)
        else:
            _human(ctx, body, pid, p)
