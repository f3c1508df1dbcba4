"""AlphaBot's extension board for the view (rules version 3): who is on the Control and Server and their
options now, the three battery tracks, the 1-2p Shuttle track, the item server and whether AlphaBot has been
delivered (spec 4.19). The AlphaBot Item deck shows only its size."""

from __future__ import annotations

from typing import Any

from engines.core import Game

from . import alpha_items, alpha_tracks, hull, interact
from .item_view import card_view


def _item(g: Game, card_id: str | None) -> dict[str, Any] | None:
    return card_view(g, card_id) if card_id else None


def view(g: Game) -> dict[str, Any]:
    a = g.g["alphabot"]
    spaces = {sub: {"side": a[sub], "who": hull.occupants(g, sub), "room": hull.room(g, sub),
                    "options": [f"{interact.short(o)} {o['name']}"
                                for o in interact.options(g, sub, a[sub])]}
              for sub in hull.SUBS}
    tracks = {t: {"filled": alpha_tracks.count(g, t), "spaces": alpha_tracks.spaces(g, t)} for t in ("Ti", "C", "Si")}
    shuttle = None
    if alpha_tracks.shuttle_on(g):
        shuttle = {"filled": alpha_tracks.shuttle_count(g), "spaces": g.data["alphabot"]["shuttle_track"]["spaces"]}
    s = alpha_items.server(g)
    delivered = None
    if a.get("delivered"):
        by = a["delivered_by"]
        delivered = {"by": by, "ship": g.g["players"][str(by)]["alphabot"]["ship"].title()}
    return {"spaces": spaces if a["mv"] else None, "tracks": tracks, "shuttle": shuttle,
            "available": [_item(g, c) for c in s["available"]], "standby": _item(g, s["standby"]),
            "item_deck": len(s["deck"]), "on_shuttle": not a["mv"] and not a.get("delivered"), "delivered": delivered,
            "shields_for_delivery": alpha_tracks.shields_for_delivery(g)}
