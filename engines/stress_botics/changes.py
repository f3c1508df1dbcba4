"""What changed since a seat's last action, for the image's yellow outlines (spec 6.6: "highlight what changed
since the last image").

Whenever the acting seat changes, the engine digests the PUBLIC table view (seat None: nothing hidden can
enter) element by element (a location, a Main Vault square, a ship, a section of a robot's board, the stress
track, AlphaBot, the belt, the Elite, the items, the hull, the round's facts) and keeps in ``g.changes``:

* ``actor``: the seat whose turn is under way (the last to act);
* ``before``: the digests from before that turn;
* ``seen``: per other seat, the digests right after its own last turn.

A seat's view then carries ``table.changed``: the elements whose digest now differs from its ``seen`` (what
the others did since it last acted); the public view carries what the turn under way changed. Pure and
deterministic: the digests are hashes of the view's JSON, no clock.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from engines.core import Engine, Game, State

BOARD_SECTIONS = {
    "where": ("where", "at", "square"),
    "tracks": ("stress", "shields", "track"),
    "tanks": ("tanks", "ds", "tank_room", "ds_room"),
    "facts": ("inside", "status", "ai", "mp", "slots", "hand", "programmed", "delivery_markers", "score",
              "captured", "turn_order_tile", "ai_tile", "tiles", "wreck", "unlocked"),
    "items": ("items",),
}
"""The parts of a robot's board outlined one by one, by the board entry's keys."""
FACTS = ("pressure", "core", "hatch", "padlocks", "event", "decks", "face_up", "solo")
"""The round's public facts (the Planet panel); the round and phase themselves are in the title."""


def digest(part: Any) -> str:
    """A short stable hash of a JSON value."""
    text = json.dumps(part, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.blake2b(text.encode(), digest_size=6).hexdigest()


def elements(table: dict[str, Any]) -> dict[str, Any]:
    """The public table view cut into the elements the image outlines, by key."""
    players = table.get("players") or {}
    planet = table.get("planet") or {}
    threats = table.get("threats") or {}
    ab = planet.get("alphabot") or {}
    out: dict[str, Any] = {}
    for node, info in (planet.get("nodes") or {}).items():
        here = sorted(s for s, p in players.items() if p.get("at") == node)
        out[f"planet:{node}"] = [info, here, ab.get("at") == node, (threats.get("vaults") or {}).get(node)]
    for sq, contents in (threats.get("squares") or {sq: None for row in planet.get("squares") or [] for sq in row}
                         ).items():
        here = sorted(s for s, p in players.items() if p.get("at") == ab.get("at") and p.get("square") == sq)
        out[f"square:{sq}"] = [contents, here, ab.get("square") == sq]
    for ship, info in (table.get("ships") or {}).items():
        out[f"ship:{ship}"] = info
    for s, board in players.items():
        for section, keys in BOARD_SECTIONS.items():
            out[f"board:{s}:{section}"] = {k: board.get(k) for k in keys}
    out["stress"] = {s: p.get("stress") for s, p in players.items()}
    out["alphabot"] = table.get("alphabot")
    out["facts"] = {k: table.get(k) for k in FACTS}
    if threats:
        out["belt"] = [threats.get("belt"), threats.get("bag")]
        out["elite"] = threats.get("elite")
    for key in ("items", "hull"):
        if key in table:
            out[key] = table[key]
    return out


def digests(engine: Engine, state: State) -> dict[str, str]:
    """The public view's elements of ``state`` as digests."""
    from .view import table_view  # the view module shows the changes: imported here, not at the top

    return of_table(table_view(Game(engine, engine.visible_state(state, None), None), None, changes=False))


def of_table(table: dict[str, Any]) -> dict[str, str]:
    """A table view's public elements as digests."""
    return {key: digest(part) for key, part in elements(table).items()}


def record(engine: Engine, old: State, new: State, seat: int) -> None:
    """Before ``seat``'s action turned ``old`` into ``new``: when another seat acted last, ``old`` is what that
    seat saw after its turn, and what ``seat``'s turn starts from (notes in ``new["g"]["changes"]``). A seat's
    further actions in a row need no new digests."""
    notes = old["g"].get("changes") or {}
    if notes and notes.get("actor") == seat:
        return
    before = digests(engine, old)
    seen = dict(notes.get("seen") or {})
    if notes:
        seen[str(notes["actor"])] = before
    new["g"]["changes"] = {"actor": seat, "before": before, "seen": seen}


def differ(a: dict[str, str], b: dict[str, str]) -> list[str]:
    """The element keys whose digests differ (or exist on one side only), sorted."""
    return sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))


def changed(g_state: dict[str, Any], seat: int | None, table: dict[str, Any]) -> list[str]:
    """``table.changed`` of the table view ``table``: for a seat, what differs from what it saw after its own
    last turn (nothing while it is the last to act, or before it has acted); for the public view, what the
    turn under way (the last seat to act) changed."""
    notes = g_state.get("changes") or {}
    if not notes or (seat is not None and seat == notes.get("actor")):
        return []
    ref = notes.get("before") if seat is None else (notes.get("seen") or {}).get(str(seat))
    return differ(ref, of_table(table)) if ref else []
