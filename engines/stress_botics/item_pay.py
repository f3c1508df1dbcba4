"""Paying an item's cost one unit per click (SB-BASIC-18/19, SB-CONNECT-05 c, SB-CONNECT-06 i, SB-ITEMS-07).

A cost is ``{res: n}`` where ``res`` is a resource, a battery type, or ``"battery"`` (any battery type).
Sources (``sources`` tuple): ``"own"`` = the BetaBot's numbered tanks, DS tank, storage items and Battery
Track (any space; the rest shift right, never the battery inside the BetaBot); ``"common"`` = the Common
Tank; ``"alphabot"`` = AlphaBot's tank only (Control A4). ``discount`` = N units of the payer's choice not
paid (SB-BASIC-19).

API:

* ``can_pay(g, seat, cost, discount=0, sources=OWN, skip=()) -> bool`` (``skip``: extensions whose storage
  does not count, e.g. one about to be covered).
* ``pay(g, seat, cost, discount=0, sources=OWN, then=None, what="", replace=False)``: push the Pay prompt
  (``replace``: in place of the current one). ``then``:
  ``{"equip": card_id}`` equips the card when paid (items.equip's prompt replaces this one); ``None`` ends
  the prompt and hands ``{"paid": {res: n}}`` to the caller's ``resume``.
* ``auto_pay(g, seat, cost, discount=0, sources=OWN) -> dict``: pay at once the way the auto button does.
"""

from __future__ import annotations

from typing import Any

from engines.core import Action, Game, Step, act

from .batteries import update_ai
from .items import name, stacks, storage, store_put, stored, visible
from .stress import player
from .tanks import add

OWN = ("own",)
"""The payer's own tanks, storage items and Battery Track."""
ANY = "battery"
"""A cost unit any battery type pays."""
WAIVE_ORDER = (ANY, "bC", "bTi", "bSi", "Ex", "Bm", "Lv", "Ti", "Si", "C", "Acid", "Gas")
"""Which cost units the auto-payer's discount skips first (the dearest)."""


def batteries(g: Game) -> list[str]:
    return g.data["vaults"]["resources"]["batteries"]


def wallet(g: Game, seat: int, sources: tuple[str, ...], skip: tuple[str, ...] = ()) -> list[tuple[str, str, int]]:
    """``(where, res, n)`` of everything the sources can pay with; ``where`` names the place in words'
    order: ``common``, ``X2`` (storage), ``t1``..``t4``, ``ds``, ``track3`` (Battery Track space 3),
    ``alphabot``."""
    out: list[tuple[str, str, int]] = []
    if "common" in sources:
        out += [("common", r, n) for r, n in sorted(g.g["common_tank"].items()) if n > 0]
    if "alphabot" in sources:
        out += [("alphabot", r, n) for r, n in sorted(g.g["alphabot"]["tank"].items()) if n > 0]
    if "own" in sources:
        p = player(g, seat)
        for ext in visible(g, seat):
            if ext not in skip and storage(g, seat, ext) is not None:
                out += [(ext, r, n) for r, n in sorted(stored(g, seat, ext).items()) if n > 0 and r in unit_kinds(g)]
        for tank in sorted(p["tanks"], key=int):
            out += [(f"t{tank}", r, n) for r, n in sorted(p["tanks"][tank].items()) if n > 0]
        out += [("ds", r, n) for r, n in sorted(p["ds"].items()) if n > 0]
        out += [(f"track{i + 1}", b, 1) for i, b in enumerate(p["track"])]
    return out


def unit_kinds(g: Game) -> list[str]:
    """Resources and batteries (not captured Cylindroids)."""
    return [*g.data["vaults"]["resources"]["all"], *batteries(g)]


def pool(g: Game, seat: int, sources: tuple[str, ...], skip: tuple[str, ...] = ()) -> dict[str, int]:
    total: dict[str, int] = {}
    for _, r, n in wallet(g, seat, sources, skip):
        total[r] = total.get(r, 0) + n
    return total


def shortfall(g: Game, cost: dict[str, int], have: dict[str, int]) -> int:
    """Units of ``cost`` the pool cannot cover: specific units first, then any battery from what is left."""
    short = sum(max(0, n - have.get(r, 0)) for r, n in cost.items() if r != ANY)
    spare = sum(max(0, have.get(b, 0) - cost.get(b, 0)) for b in batteries(g))
    return short + max(0, cost.get(ANY, 0) - spare)


def can_pay(g: Game, seat: int, cost: dict[str, int], discount: int = 0, sources: tuple[str, ...] = OWN,
            skip: tuple[str, ...] = ()) -> bool:
    """The sources can pay ``cost`` less ``discount`` units of the payer's choice."""
    return shortfall(g, cost, pool(g, seat, sources, skip)) <= discount


def take(g: Game, seat: int, where: str, res: str) -> None:
    """Remove one unit from a source to the supply."""
    p = player(g, seat)
    if where == "common":
        add(g.g["common_tank"], res, -1)
    elif where == "alphabot":
        add(g.g["alphabot"]["tank"], res, -1)
    elif where == "ds":
        add(p["ds"], res, -1)
    elif where.startswith("track"):
        p["track"].pop(int(where[5:]) - 1)  # the rest shift right (SB-BASIC-18)
        update_ai(g, p)
    elif where.startswith("t"):
        add(p["tanks"][where[1:]], res, -1)
    else:
        store_put(g, seat, where, res, -1)


def paid_by(g: Game, need: str, res: str) -> bool:
    return need == res or (need == ANY and res in batteries(g))


def moves(g: Game, seat: int, frame: dict[str, Any]) -> list[tuple[str, str, str]]:
    """``(need, where, res)`` single payments that keep the rest payable."""
    cost, sources = frame["cost"], tuple(frame["sources"])
    have = pool(g, seat, sources)
    out = []
    seen = set()
    for where, res, _ in wallet(g, seat, sources):
        for need in sorted(cost):
            if not paid_by(g, need, res) or (need, where, res) in seen:
                continue
            left, rest = dict(cost), dict(have)
            add(left, need, -1)
            add(rest, res, -1)
            if shortfall(g, left, rest) <= frame["discount"]:
                out.append((need, where, res))
                seen.add((need, where, res))
    return out


def waivable(g: Game, seat: int, frame: dict[str, Any]) -> list[str]:
    if frame["discount"] <= 0:
        return []
    have = pool(g, seat, tuple(frame["sources"]))
    out = []
    for need in sorted(frame["cost"]):
        left = dict(frame["cost"])
        add(left, need, -1)
        if shortfall(g, left, have) <= frame["discount"] - 1:
            out.append(need)
    return out


def pay(g: Game, seat: int, cost: dict[str, int], discount: int = 0, sources: tuple[str, ...] = OWN,
        then: dict[str, Any] | None = None, what: str = "", replace: bool = False) -> None:
    """Ask ``seat`` to pay ``cost`` (a sub-prompt; ``replace``: instead of the current prompt); nothing to
    pay goes straight on."""
    frame = {"seat": seat, "cost": {r: n for r, n in cost.items() if n > 0},
             "discount": min(discount, sum(cost.values())), "sources": list(sources), "then": then, "what": what,
             "paid": {}}
    (g.goto if replace else g.call)("pay_item", **frame)
    if not frame["cost"]:
        finish(g)


def auto_pay(g: Game, seat: int, cost: dict[str, int], discount: int = 0,
             sources: tuple[str, ...] = OWN) -> dict[str, int]:
    """Pay at once: the discount on the dearest units, then from the Common Tank, storage, tanks and the
    leftmost track spaces (keeping the Active battery on space 1). Returns what was paid."""
    frame = {"cost": {r: n for r, n in cost.items() if n > 0}, "discount": min(discount, sum(cost.values())),
             "sources": list(sources), "paid": {}}
    run_auto(g, seat, frame)
    return frame["paid"]


def run_auto(g: Game, seat: int, frame: dict[str, Any]) -> None:
    while frame["cost"]:
        waive = waivable(g, seat, frame)
        pick = next((n for n in WAIVE_ORDER if n in waive), None)
        if pick is not None:
            add(frame["cost"], pick, -1)
            frame["discount"] -= 1
            continue
        options = moves(g, seat, frame)
        if not options:
            break
        tracks = [m for m in options if m[1].startswith("track")]
        others = [m for m in options if not m[1].startswith("track")]
        need, where, res = others[0] if others else max(tracks, key=lambda m: int(m[1][5:]))
        pay_one(g, seat, frame, need, where, res)


def pay_one(g: Game, seat: int, frame: dict[str, Any], need: str, where: str, res: str) -> None:
    take(g, seat, where, res)
    add(frame["cost"], need, -1)
    add(frame["paid"], res, 1)


def finish(g: Game) -> None:
    """The cost is paid: equip the card or hand the payment back."""
    frame = g.frame
    then, seat = frame.get("then") or {}, frame["seat"]
    if "equip" in then:
        g.goto("equip", seat=seat, card=then["equip"])
    else:
        g.end({"paid": frame["paid"]})


def where_words(g: Game, seat: int, where: str) -> str:
    if where == "common":
        return "the Common Tank"
    if where == "alphabot":
        return "AlphaBot's tank"
    if where == "ds":
        return "your Dangerous Substances tank"
    if where.startswith("track"):
        return f"Battery Track space {where[5:]}"
    if where.startswith("t"):
        return f"tank {where[1:]}"
    return f"your {name(g, stacks(player(g, seat))[where][-1])}"


class PayItem(Step):
    """Frame ``{"seat", "cost", "discount", "sources", "then", "what", "paid"}`` (see the module doc)."""

    name = "pay_item"
    verbs = ("unit", "waive", "auto")
    deciding = "pay for an item"

    def actions_unit(self, g: Game, seat: int) -> list[Action]:
        return [act("unit", need, where, res) for need, where, res in moves(g, seat, g.frame)]

    def act_unit(self, g: Game, seat: int, need: str, where: str, res: str) -> None:
        pay_one(g, seat, g.frame, need, where, res)
        if not g.frame["cost"]:
            finish(g)

    def label_unit(self, g: Game, seat: int, need: str, where: str, res: str) -> str:
        return f"Pay 1 {g.data.res_name(res)} from {where_words(g, seat, where)}"

    def actions_waive(self, g: Game, seat: int) -> list[Action]:
        return [act("waive", need) for need in waivable(g, seat, g.frame)]

    def act_waive(self, g: Game, seat: int, need: str) -> None:
        add(g.frame["cost"], need, -1)
        g.frame["discount"] -= 1
        if not g.frame["cost"]:
            finish(g)

    def label_waive(self, g: Game, seat: int, need: str) -> str:
        what = "battery" if need == ANY else g.data.res_name(need)
        return f"Use the discount: do not pay 1 {what}"

    def act_auto(self, g: Game, seat: int) -> None:
        run_auto(g, seat, g.frame)
        finish(g)

    def label_auto(self, g: Game, seat: int) -> str:
        return "Pay the rest automatically"

    def prompt(self, g: Game, seat: int) -> str:
        left = " + ".join(f"{n} {'battery (any type)' if r == ANY else g.data.res_name(r)}"
                          for r, n in g.frame["cost"].items())
        off = f"; discount {g.frame['discount']} left" if g.frame["discount"] else ""
        return f"Pay for {g.frame['what'] or 'the item'}: {left}{off}."

    def default(self, g: Game, seat: int) -> Action:
        return act("auto")
