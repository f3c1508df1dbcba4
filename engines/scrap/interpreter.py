"""The Function interpreter: effect trees from ``data/scrap/`` run on the core effect queue.

A tree is queued as one ``node`` effect; a combinator puts its children at the front of the queue in
printed order (SC-ACTGEN-02), an atom does its work. So far the Support atoms Energy, Weapons, Data,
Fragment and Reset run (SC-ACT-ENERGY/WEAPONS/DATA/FRAGMENT/RESET); a Cost is paid when it is an Energy
cost the player can afford (declining is the default, SC-ACTGEN-05). Every other atom, a "?" Value
and the conditional combinators are skipped with a log line until their rules are written.
"""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects
from engines.core.effects import Handler

from .content import thaw

NODE, PAY = "node", "pay"
"""Effect names: resolve one tree node; decide whether to pay a Cost."""
LIST_COMBINATORS = ("seq", "plus")


def build(g: Game, ref: int, powered: bool) -> Any:
    """The tree to resolve: the Core alone, or with its Power-Up in printed order / MOD applied (SC-RUN-07..09)."""
    f = g.data.functions[ref]
    core = thaw(f.core)
    if not powered:
        return core
    pu = f.power_up
    if pu["pos"] == "mod":  # SC-RUN-08: the Core with the MOD's changes
        return patched(core, thaw(pu["mod"]))
    extra = thaw(pu["effect"])
    if pu["pos"] == "before":
        return {"seq": [extra, core]}
    if pu["pos"] == "join":
        return {"plus": [core, extra]}
    return {"seq": [core, extra]}


def patched(core: Any, mods: list[dict[str, Any]]) -> Any:
    """The Core with the unconditional ``set``/``add`` patches of a MOD applied (hooks and conditions: later)."""
    tree = {"core": core}
    for item in mods:
        if "path" not in item or "when" in item:
            continue
        try:
            parent, last = _resolve(tree, item["path"])
            if "set" in item:
                parent[last] = item["set"]
            elif "add" in item and isinstance(item["add"], int) and isinstance(parent[last], int):
                parent[last] += item["add"]
            elif "append" in item and isinstance(parent[last], list):
                parent[last].append(item["append"])
        except (KeyError, IndexError, TypeError, ValueError):
            continue
    return tree["core"]


def _resolve(tree: Any, path: str) -> tuple[Any, Any]:
    steps: list[Any] = []
    for part in path.split("."):
        name, *idx = part.replace("]", "").split("[")
        steps.append(name)
        steps += [int(i) for i in idx]
    node = tree
    for step in steps[:-1]:
        node = node[step]
    return node, steps[-1]


def run_function(g: Game, seat: int, ref: int, powered: bool) -> None:
    """Queue and resolve the Active Function (SC-RUN-07); the Call Phase follows (SC-RUN-11)."""
    g.g["turn"]["then"] = "call"
    effects.push(g, effects.effect(NODE, seat, node=build(g, ref, powered)))
    drain(g)


def run_tree(g: Game, seat: int, tree: Any, then: str) -> None:
    """Queue and resolve any effect tree (a Subroutine row), then go on to ``then`` (``call``/``load``)."""
    g.g["turn"]["then"] = then
    effects.push(g, effects.effect(NODE, seat, node=thaw(tree)))
    drain(g)


def drain(g: Game) -> None:
    """Run the queue; when it is empty go on to the phase after it (steps call this again in ``resume``)."""
    if not effects.run(g) or g.finished:
        return
    seat, then = g.g["turn"]["seat"], g.g["turn"].pop("then", None)
    if then == "call":
        after_run(g, seat)
    elif then == "load":
        after_call(g, seat)


def after_run(g: Game, seat: int) -> None:
    """SC-RUN-11 → the Call Phase."""
    g.g["turn"]["phase"] = "call"
    g.goto("call_domain", seat=seat)


def after_call(g: Game, seat: int) -> None:
    """The Call Phase is over → the Load Phase (SC-LOAD-01: the Active Function goes to the Discard Pile)."""
    p = g.g["players"][str(seat)]
    g.g["turn"]["phase"] = "load"
    if p["active"] is not None:
        p["discard"].append(p["active"])
        p["active"] = None
    g.goto("load_return", seat=seat)


def value(node: dict[str, Any], key: str = "v") -> int | None:
    """A plain numeric Value; None for '?' and expressions (not yet interpreted)."""
    v = node.get(key)
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def gain_energy(p: dict[str, Any], n: int, cap: int) -> None:
    """SC-ACT-ENERGY-01: up to 9, the excess is lost."""
    p["energy"] = max(0, min(cap, p["energy"] + n))


def _skip(g: Game, what: str) -> None:
    g.log(f"({what} is not implemented yet; skipped.)")


def atom(g: Game, seat: int, node: dict[str, Any]) -> None:
    """One Support atom."""
    p = g.g["players"][str(seat)]
    op, v = node["op"], value(node)
    if "who" in node or (v is None and op not in ("reset",)):
        _skip(g, node["op"].capitalize())
        return
    if op == "energy":
        gain_energy(p, v, g.data.rules["energy"]["max"])
        g.log(f"{{seat{seat}}} gains {v} Energy (now {p['energy']}).")
    elif op == "data":  # SC-ACT-DATA-01
        p["data"] += v
        g.log(f"{{seat{seat}}} gains {v} Data.")
    elif op == "weapon":  # SC-ACT-WEAPONS-01/02/04
        slots = g.data.intelligences[p["intel"]].weapon_slots
        taken = 0
        for _ in range(v):
            if len(p["weapons"]) < slots and g.g["supply"]["weapons"] > 0:
                p["weapons"].append(node["kind"])
                g.g["supply"]["weapons"] -= 1
                taken += 1
        kind = g.data.supplies["weapons"]["kinds"][node["kind"]]["name"]
        g.log(f"{{seat{seat}}} takes {taken} {kind} Weapon{'s' * (taken != 1)}.")
    elif op == "fragment":  # SC-ACT-FRAGMENT-01/02
        drawn = g.draw(g.g["fragments"], v)
        p["fragments"] += drawn
        missing = v - len(drawn)
        p["data"] += missing * g.data.rules["fragment_empty_data"]
        g.log(f"{{seat{seat}}} draws {len(drawn)} Fragment{'s' * (len(drawn) != 1)}"
              + (f" and gains {missing} Data for the empty deck." if missing else "."))
        if drawn:
            g.log(f"Your new Fragment{'s' * (len(drawn) != 1)}: {', '.join(map(str, drawn))} Data.", to=[seat])
    elif op == "reset":  # SC-ACT-RESET-01
        p["mode"] = g.data.centre
        g.log(f"{{seat{seat}}} resets their Mode Marker to the centre.")
    else:
        _skip(g, op.capitalize())


def run_node(g: Game, item: dict[str, Any]) -> list[str] | None:
    """Resolve one node: a combinator queues its parts in front, an atom acts, a Cost asks."""
    node, seat = item["node"], item["owner"]
    if "op" in node:
        atom(g, seat, node)
        return None
    kind = next((k for k in node if k in LIST_COMBINATORS), None)
    if kind is not None:
        effects.push_front(g, *(effects.effect(NODE, seat, node=child) for child in node[kind]))
        return None
    if "cost" in node:
        cost = node["cost"]
        if cost.get("op") == "pay_e" and value(cost) is not None and g.g["players"][str(seat)]["energy"] >= cost["v"]:
            effects.push_front(g, effects.effect(PAY, seat, node=node))
            return None
        g.log("(A Cost the interpreter cannot pay yet: its Actions are skipped.)")
        return None
    _skip(g, f"'{next(iter(node))}'")
    return None


def run_pay(g: Game, item: dict[str, Any]) -> list[str] | None:
    """SC-ACTGEN-04/05: pay the Energy Cost and resolve the rest, or decline."""
    return ["pay", "decline"]


def pick_pay(g: Game, item: dict[str, Any], token: Any) -> None:
    seat, node = item["owner"], item["node"]
    if token == "pay":
        p = g.g["players"][str(seat)]
        p["energy"] -= node["cost"]["v"]  # SC-ACT-ENERGY-02
        g.log(f"{{seat{seat}}} pays {node['cost']['v']} Energy.")
        effects.push_front(g, effects.effect(NODE, seat, node=node["then"]))
    else:
        g.log(f"{{seat{seat}}} declines to pay.")


def label_pay(g: Game, item: dict[str, Any], token: Any) -> str:
    return f"Pay {item['node']['cost']['v']} Energy" if token == "pay" else "Decline the Cost"


EFFECTS = {
    NODE: Handler(run_node),
    PAY: Handler(run_pay, pick=pick_pay, label=label_pay, prompt="Pay the Cost?", auto_single=False,
                 default=lambda g, item, options: "decline"),
}
"""The interpreter's effect handlers."""
