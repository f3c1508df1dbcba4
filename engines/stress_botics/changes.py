"""What changed since a seat's last action, for the image's yellow outlines (spec 6.6: "highlight what changed
since the last image").

Whenever the acting robot changes outside the simultaneous phases, the engine digests the PUBLIC parts of the
state (the zones the view declares public, and the counts of hands and programmed cards: nothing hidden can
enter) element by element (a location, a Main Vault square, a ship, a section of a robot's board, the stress
track, AlphaBot, the belt, the Elite, the items, the hull, the round's facts) and keeps in ``g.changes``:

* ``actor``: the robot whose turn is under way (the last to act; in solo BetaBot 0 or DeltaBot 1);
* ``before``: the digests from before that turn (packed in one string, :func:`pack`);
* ``seen``: per other robot, the digests right after its own last turn.

A seat's view then carries ``table.changed``: the elements whose digest now differs from its ``seen`` (what
the others did since it last acted); the public view carries what the turn under way changed. Pure and
deterministic: the digests are CRCs of the public values, no clock.
"""

from __future__ import annotations

import zlib
from typing import Any

from engines.core import Engine, Simultaneous, State

BOARD_STATE = {"where": ("mini", "square"), "tracks": ("stress", "shields", "track"), "tanks": ("tanks", "ds"),
               "items": ("ext", "store")}
"""The state keys of each board section (every other key of a board is its ``facts``)."""
FACT_STATE = ("pressure", "core", "tunnels", "padlocks", "tops", "common_tank", "solo")
"""The state keys of the round's public facts (the Planet panel; the Hatch and the Event deck are read apart,
their hidden parts as counts)."""


def digest(part: Any) -> str:
    """A short stable hash of a JSON value (its ``repr``: the state is built in a fixed order, so equal values
    print alike)."""
    return format(zlib.crc32(repr(part).encode()), "08x")


def _public_facts(g: dict[str, Any]) -> tuple[Any, ...]:
    hatch, events = g["hatch"], g["events"]
    token = None if hatch.get("closed") else hatch.get("token")  # a closed Hatch's token is secret
    return (*(g.get(k) for k in FACT_STATE), hatch.get("closed"), token, len(hatch.get("pile") or ()),
            len(events["deck"]), events.get("last"), len(events.get("discard") or ()))


def digests(engine: Engine, state: State) -> dict[str, str]:
    """The public elements of ``state`` as digests, read straight from the state's public zones (cheap: no view
    is built), keyed as the image outlines them."""
    g, data = state["g"], engine.data
    players = g["players"]
    ab = g["alphabot"]
    ab_at = f"MV{ab['mv']}" if ab.get("mv") else None
    out: dict[str, Any] = {}
    for node in data.nodes:
        here = sorted(r for r, p in players.items() if p["mini"] == node)
        out[f"planet:{node}"] = (g["vaults"].get(node), here, ab_at == node and ab.get("square"))
    for row in data["main_vault"]["grid"]:
        for sq in row:
            here = sorted(r for r, p in players.items() if p["mini"] == ab_at and p.get("square") == sq)
            out[f"square:{sq}"] = ((g.get("cyl") or {}).get(sq), (g.get("boxes") or {}).get(sq), here,
                                   ab.get("square") == sq)
    for ship, info in g["ships"].items():
        out[f"ship:{ship}"] = info
    for r, board in players.items():
        taken: set[str] = set()
        for section, keys in BOARD_STATE.items():
            out[f"board:{r}:{section}"] = tuple(board.get(k) for k in keys)
            taken.update(keys)
        hand = len(g["hands"].get(r) or ()), len(g["programmed"].get(r) or ())  # counts only: the cards are secret
        out[f"board:{r}:facts"] = (tuple((k, v) for k, v in board.items() if k not in taken), hand)
    out["stress"] = tuple((r, p["stress"]) for r, p in players.items())
    out["alphabot"] = ab
    out["facts"] = _public_facts(g)
    if "belt" in g:
        out["belt"] = (g["belt"], g.get("bag"))
        elite = g.get("elite") or {}
        out["elite"] = elite.get("at"), elite.get("shields"), elite.get("side")  # not its decks or aside token
    if "items" in g:
        items = g["items"]
        out["items"] = (items.get("tops"), items.get("slots"), items.get("out"), g.get("common_tank"))
        out["hull"] = (ab, g.get("ab_items", {}).get("available"), g.get("ab_items", {}).get("standby"))
    return {key: digest(part) for key, part in out.items()}


def record(engine: Engine, old: State, new: State, seat: int) -> None:
    """Before ``seat``'s action turned ``old`` into ``new``: when another seat acted last, ``old`` is what that
    seat saw after its turn, and what ``seat``'s turn starts from (notes in ``new["g"]["changes"]``). A seat's
    further actions in a row need no new digests, nor do the simultaneous phases (drawing, programming,
    maintenance: everyone acts at once, and a turn there is no one's own)."""
    notes = old["g"].get("changes") or {}
    if notes and notes.get("actor") == seat:
        return
    if isinstance(engine.step(old["stack"][-1]["step"]), Simultaneous):
        return
    before = pack(digests(engine, old))
    seen = dict(notes.get("seen") or {})
    if notes:
        seen[str(notes["actor"])] = before
    new["g"]["changes"] = {"actor": seat, "before": before, "seen": seen}


def pack(d: dict[str, str]) -> str:
    """Digests as one string ("key=digest;..."): a state copied on every move copies one string, not a dict."""
    return ";".join(f"{k}={v}" for k, v in d.items())


def unpack(text: str) -> dict[str, str]:
    """The digests of :func:`pack`."""
    return dict(item.split("=", 1) for item in text.split(";")) if text else {}


def differ(a: dict[str, str], b: dict[str, str]) -> list[str]:
    """The element keys whose digests differ (or exist on one side only), sorted."""
    return sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))


def changed(engine: Engine, state: State, seat: int | None) -> list[str]:
    """``table.changed`` of ``state``'s view for ``seat``: for a seat, what differs from what it saw after its
    own last turn (nothing while it is the last to act; before its first turn, what the turn under way
    changed); for the public view, what the turn under way (the last robot to act) changed."""
    notes = state["g"].get("changes") or {}
    if not notes or (seat is not None and seat == notes.get("actor")):
        return []
    ref = notes.get("before") if seat is None else (notes.get("seen") or {}).get(str(seat)) or notes.get("before")
    return differ(unpack(ref), digests(engine, state)) if ref else []
