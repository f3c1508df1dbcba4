"""The viewing seat's secrets: its hidden recruit, its artifact hand and (during the draft) its dealt recruits."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from render.core import Box, panel, row
from render.core.palette import MUTED, PANEL_BORDER, TEXT, lighten

from .layout import AREA_TINT, GAP, SMALL, Ctx, artifact_chip, content

PRIVATE_H = 108.0
FACTIONS = {"icarus": "Icarite", "euphoria": "Euphorian", "wastelands": "Wastelander", "subterra": "Subterran"}


def mine(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The viewing seat's own player entry when the view carries its secrets, else None."""
    seat = view.get("seat")
    players = (view.get("table") or {}).get("players") or []
    if not isinstance(seat, int) or not 0 <= seat < len(players):
        return None
    p = players[seat]
    return p if "hidden" in p or "artifacts" in p else None


def _faction_of(rid: str) -> str | None:
    cont = content()
    r = cont.recruits.get(rid) if cont else None
    return r.faction if r else None


def private_panel(ctx: Ctx, box: Box, p: Mapping[str, Any]) -> None:
    """Recruit cards (hidden, or the four dealt ones in the draft) and the artifact hand, face up."""
    c, cont = ctx.c, content()
    seat = int(ctx.view.get("seat", 0))
    inner = panel(c, box, f"Private to {ctx.name(seat)}: your recruits and artifacts", seat=seat,
                  title_size=SMALL + 3)
    dealt = list(p.get("dealt") or [])
    texts = {r.id: r.text for r in cont.recruits.values()} if cont else {}
    active = [{**r, "text": r.get("text") or texts.get(str(r.get("id")), ""), "state": "Active"}
              for r in p.get("active") or []]
    recruits = dealt or active + [{**r, "state": "Hidden"} for r in p.get("hidden") or []]
    arts = list(p.get("artifacts") or [])
    left_w = inner.w * (0.72 if dealt or len(recruits) > 1 else 0.5)
    left, right = inner.take_left(left_w, GAP * 2)
    heading = "Dealt recruits: keep one active, one hidden" if dealt else "Your recruits and their abilities"
    c.text((left.x, left.y + 6), heading, SMALL, MUTED, "lm", max_width=left.w)
    slots = row(Box(left.x, left.y + 14, left.w, left.h - 14), max(1, len(recruits)), gap=GAP)
    for b, r in zip(slots, recruits, strict=False):
        fac = r.get("faction") or _faction_of(str(r.get("id")))
        tint = AREA_TINT.get(fac, AREA_TINT[None])
        c.rect(b, fill=lighten(tint, 0.5), outline=PANEL_BORDER, radius=5)
        name_w = b.w - 10
        if not dealt:
            tag = f"{r.get('state', 'Hidden')} · {FACTIONS.get(fac, 'no faction')}"
            t = c.text((b.x1 - 5, b.y + 9), tag, SMALL, MUTED, "rm")
            name_w = t.x - b.x - 12
        c.text((b.x + 5, b.y + 9), str(r.get("name", r.get("id"))), SMALL, TEXT, "lm", True, name_w)
        n = max(1, int((b.h - 20) // 13))
        lines = c.wrap(str(r.get("text", "")).replace("**", ""), SMALL, b.w - 10, max_lines=n)
        c.text_lines((b.x + 5, b.y + 17), lines, SMALL, TEXT, spacing=0.05)
    if not recruits:
        c.text((left.x, left.y + 30), "none (revealed or not dealt yet)", SMALL, MUTED, "lm")
    c.text((right.x, right.y + 6), f"Artifacts in hand: {len(arts)}", SMALL, MUTED, "lm")
    if not arts:
        c.text((right.x, right.y + 30), "no artifacts", SMALL, MUTED, "lm")
        return
    names = dict(cont.artifact_names) if cont else {}
    cols = 3
    w = (right.w - (cols - 1) * 4) / cols
    for i, art in enumerate(sorted(arts)[: cols * 3]):
        r, k = divmod(i, cols)
        b = Box(right.x + k * (w + 4), right.y + 16 + r * 28, w, 24)
        if b.y1 > right.y1:
            break
        artifact_chip(c, b, names.get(art, str(art).replace("_", " ").title()))
