"""Item cards and what a BetaBot's visible items do, read without prompts: lookups, passive ops, storage
(spec 4.11-4.14, SB-ITEMS-04/07, SB-BASIC-21). A low module (no imports from this package) so that the
rules modules (stress, batteries, moving…) can ask for a passive without an import circle. Extensions exist
only on a ``threats.full`` game's boards, so every look-up is empty elsewhere."""

from __future__ import annotations

from typing import Any

from engines.core import Game

from .robots import called


def _p(g: Game, seat: int) -> dict[str, Any]:
    return g.g["players"][str(seat)]


def squares(g: Game) -> dict[str, int]:
    return g.data["boards"]["player_board"]["square_size"]


FAMILIES = ("advanced", "alphabot", "box")
"""Advanced Items (large), AlphaBot Items and Box Items (small) (SB-ITEMS-01)."""


def cards(g: Game) -> dict[str, dict[str, Any]]:
    """Every item card by id (built once)."""
    memo = g.data.memo
    if "items" not in memo:
        memo["items"] = {c["id"]: c for fam in FAMILIES for c in g.data["items"][fam]}
    return memo["items"]


def card(g: Game, card_id: str) -> dict[str, Any]:
    return cards(g)[card_id]


def name(g: Game, card_id: str) -> str:
    return card(g, card_id)["name"]


def extensions(g: Game, p: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """The four extensions with what they accept and their first-item bonus (spec 4.18.6); DeltaBot's board
    has one, taking any item, with no bonus (spec 4.22)."""
    if p is not None and p.get("delta"):
        x = g.data["deltabot"]["extension"]
        return [{"id": f"X{i + 1}", "accepts": x["accepts"], "first_item_bonus": []} for i in range(x["count"])]
    base = g.data["boards"]["player_board"]["extensions"]
    if p is not None and "X5" in (p.get("ext") or {}):  # solo: DeltaBot's extension after part 2 (SB-SOLO-21)
        return [*base, {"id": "X5", "accepts": g.data["deltabot"]["extension"]["accepts"], "first_item_bonus": []}]
    return base


def stacks(p: dict[str, Any]) -> dict[str, list[str]]:
    return p.get("ext") or {}


def visible(g: Game, seat: int) -> dict[str, str]:
    """Extension → its top card: the only cards that take effect (SB-ITEMS-04, SB-BASIC-21)."""
    return {x: stack[-1] for x, stack in stacks(_p(g, seat)).items() if stack}


def effects_of(g: Game, card_id: str, kind: str) -> list[dict[str, Any]]:
    """The ops of one effect kind (``passive``, ``activate``, ``on_equip``) on a card; ``storage`` gives the
    storage records themselves."""
    out = []
    for eff in card(g, card_id)["effects"]:
        if eff["op"] == kind:
            out += [eff] if kind == "storage" else eff["do"]
    return out


def passive_ops(g: Game, seat: int, op: str) -> list[dict[str, Any]]:
    """Every PASSIVE ``op`` on this BetaBot's visible cards (none outside a ``threats.full`` game)."""
    if "ext" not in g.g["players"][str(seat)]:
        return []  # only a threats.full game's boards have extensions
    return [o for c in visible(g, seat).values() for o in effects_of(g, c, "passive") if o["op"] == op]


def passive(g: Game, seat: int, op: str) -> int:
    """The summed ``n`` of a visible PASSIVE op; 1 per card for an op without ``n``; 0 without it."""
    return sum(o.get("n", 1) for o in passive_ops(g, seat, op))


def passive_with(g: Game, seat: int, op: str, key: str, value: str) -> bool:
    """A visible PASSIVE op whose ``key`` is (or lists) ``value``: ``boost_any_battery`` for CONNECT,
    ``diagonal_adjacent`` for ``open_box``…"""
    for o in passive_ops(g, seat, op):
        got = o.get(key)
        if got == value or (isinstance(got, list) and (value in got or "all_main_vault" in got)):
            return True
    return False


def once_free(g: Game, seat: int, card_id: str) -> bool:
    """An "once per round" effect of this card is still unused this round."""
    return _p(g, seat).get("used", {}).get(card_id) != g.g["round"]


def mark_used(g: Game, seat: int, card_id: str) -> None:
    _p(g, seat).setdefault("used", {})[card_id] = g.g["round"]


def storage(g: Game, seat: int, ext: str) -> dict[str, Any] | None:
    """The storage record of the top card of ``ext``, if it stores anything (SB-ITEMS-07)."""
    top = visible(g, seat).get(ext)
    found = effects_of(g, top, "storage") if top else []
    return found[0] if found else None


def stored(g: Game, seat: int, ext: str) -> dict[str, int]:
    """What the item on ``ext`` holds, read only: a copy, so that reading never adds a record to the state."""
    return dict(_p(g, seat).get("store", {}).get(ext, {}))


def store_room(g: Game, seat: int, ext: str, res: str) -> int:
    """How many more ``res`` the top item of ``ext`` takes: resources by squares or units, batteries
    (Battery Rack), captured Cylindroid kinds (Cylindroid Vault, Cage)."""
    rec = storage(g, seat, ext)
    if rec is None:
        return 0
    held = stored(g, seat, ext)
    batteries = g.data["vaults"]["resources"]["batteries"]
    kinds = [t["id"] for t in g.data["cylindroids"]["types"]]
    if "batteries" in rec:
        return rec["batteries"] - sum(held.values()) if res in batteries else 0
    if "cylindroids" in rec:
        return rec["cylindroids"] - sum(held.values()) if res in kinds else 0
    if res not in rec.get("allowed", []):
        return 0
    if rec["unit"] == "units":
        return rec["cap"] - sum(held.values())
    size = squares(g)
    return (rec["cap"] - sum(n * size[r] for r, n in held.items())) // size[res]


def store_targets(g: Game, seat: int, res: str) -> list[str]:
    """Extensions whose top item can take one more ``res`` now."""
    return [x for x in visible(g, seat) if store_room(g, seat, x, res) > 0]


def store_put(g: Game, seat: int, ext: str, res: str, n: int = 1) -> None:
    """Add ``n`` (or take, when negative) ``res`` to the item on ``ext``; an emptied record is dropped."""
    store = _p(g, seat).setdefault("store", {})
    held = store.setdefault(ext, {})
    held[res] = held.get(res, 0) + n
    if held[res] <= 0:
        del held[res]
    if not held:
        del store[ext]


def stored_totals(g: Game, seat: int) -> dict[str, int]:
    """Everything the visible storage items hold, by code."""
    total: dict[str, int] = {}
    for ext in visible(g, seat):
        for res, n in stored(g, seat, ext).items():
            total[res] = total.get(res, 0) + n
    return total


def take_stored(g: Game, seat: int, res: str) -> bool:
    """Take one ``res`` off the first visible storage item holding it (a delivery or payment)."""
    for ext in sorted(visible(g, seat)):
        if stored(g, seat, ext).get(res):
            store_put(g, seat, ext, res, -1)
            return True
    return False


def to_rack(g: Game, seat: int, battery: str) -> bool:
    """A new battery that finds no room on the track goes onto a Battery Rack with room (spec 4.12 AD-C4)."""
    for ext in sorted(visible(g, seat)):
        if store_room(g, seat, ext, battery) > 0:
            store_put(g, seat, ext, battery)
            g.log(f"{called(g, seat)} puts the {g.data.res_name(battery)} on the {name(g, visible(g, seat)[ext])}.")
            return True
    return False


def reach(g: Game, seat: int, square: str, scope: str) -> set[str]:
    """A Main Vault square and its adjacent squares, plus the diagonal ones when a visible item says so for
    ``scope`` (``attack``, ``disarm_arm``, ``open_box``; SB-BASIC-04's "unless an item says so")."""
    out = {square, *g.data.squares[square]["adjacent"]}
    if not passive_with(g, seat, "diagonal_adjacent", "scope", scope):
        return out
    grid = g.data["main_vault"]["grid"]
    at = {sq: (r, c) for r, row in enumerate(grid) for c, sq in enumerate(row)}
    if square not in at:
        return out
    r, c = at[square]
    return out | {sq for sq, (r2, c2) in at.items() if abs(r - r2) == 1 and abs(c - c2) == 1}


def best(g: Game, seat: int, op: str) -> int:
    """The highest ``n`` of a visible PASSIVE op (0 without one): limits that replace a number."""
    return max((o.get("n", 1) for o in passive_ops(g, seat, op)), default=0)


def once(g: Game, seat: int, op: str) -> bool:
    """Use a visible "once per round" PASSIVE op if it is still unused this round; True if it applies now."""
    for _, card_id in sorted(visible(g, seat).items()):
        if any(o["op"] == op for o in effects_of(g, card_id, "passive")) and once_free(g, seat, card_id):
            mark_used(g, seat, card_id)
            return True
    return False


def phase5_ignored(g: Game, seat: int, kind: str, hit: int) -> int:
    """Damage of one Phase 5 Cylindroid attack this BetaBot ignores: Hull Plating's first damage each
    Phase 5, a Deflector's Laser attack once per round (spec 4.13 AB04, 4.14 BX14)."""
    if "ext" not in _p(g, seat) or hit <= 0:
        return 0
    if kind == "LAS" and once(g, seat, "laser_damage_ignore_once_per_round"):
        return hit
    n = best(g, seat, "ignore_first_damage_phase5")
    if n and once(g, seat, "ignore_first_damage_phase5"):
        return min(n, hit)
    return 0
