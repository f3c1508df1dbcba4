"""Tachyon's WARP Core (#58, #65; spec 4.10 WARP): ``PAY_C(S(b)) -> (RELOCATE(b -> any Area) ; EXTRA_RUN_STEP)``.

PAY_C pays Celestium from the Console (Time Dilation's ``warp.relocation_cost``: the Bot's Size - 1, min 1);
RELOCATE moves the chosen Bot to any Area in play; EXTRA_RUN_STEP resolves the Function just left of the Warp
in the Queue (or one from hand when the Queue is empty). Powered-Up Tampering Warp (``warp.extra_function_plus``)
gives that Function +1 to every Action Value, Costs and REFRESH(*) aside; a Warp resolved there gets nothing.
The extra Function may be Powered-Up, paying again (spec §4.10 step 3, A-13: the extra step is its own Run Step):
a same-Domain card, a Celestium, a same-Domain Energiser (+1 Data) or Chronoflux."""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects
from engines.core.effects import Handler

from .support import chronoflux, pay_chronoflux, player, rule_params
from .words import article

PAY_C, RELOCATE, EXTRA, POWER = "pay_c", "relocate", "extra_run_step", "extra_power_up"
PLUS_HOOK, COST_HOOK = "warp.extra_function_plus", "warp.relocation_cost"
COST_OPS = ("pay_e", "pay_c", "expend")


def celestium_cost(g: Game, seat: int, cost: dict[str, Any]) -> int:
    """The Celestium to pay, after the Intelligence's rule for ``cost_key`` (Time Dilation: -1, min 1)."""
    n, rule = int(cost["v"]), rule_params(g, seat, cost["cost_key"]) if cost.get("cost_key") else None
    return max(int(rule["min"]), n + int(rule["add"])) if rule else n


def queue_pay(g: Game, seat: int, node: dict[str, Any]) -> None:
    """A Celestium Cost: ask when the seat can pay it, else the rest has no effect (SC-REF-58)."""
    n = celestium_cost(g, seat, node["cost"])
    if sum(player(g, seat)["celestium"]) >= n:
        effects.push_front(g, effects.effect(PAY_C, seat, n=n, then=node["then"]))
    else:
        g.log(f"{{seat{seat}}} cannot pay {n} Celestium.")


def run_pay_c(g: Game, item: dict[str, Any]) -> list[Any] | None:
    return ["pay", "decline"]


def pick_pay_c(g: Game, item: dict[str, Any], token: Any) -> None:
    seat = item["owner"]
    if token != "pay":
        g.log(f"{{seat{seat}}} declines to pay.")
        return
    slots = player(g, seat)["celestium"]
    for _ in range(item["n"]):
        slots[slots.index(True)] = False
    g.g["supply"]["celestium"] += item["n"]
    g.log(f"{{seat{seat}}} pays {item['n']} Celestium.")
    effects.push_front(g, effects.effect("node", seat, node=item["then"]))


def label_pay_c(g: Game, item: dict[str, Any], token: Any) -> str:
    return f"Pay {item['n']} Celestium" if token == "pay" else "Decline the Cost"


def run_relocate(g: Game, item: dict[str, Any]) -> list[Any] | None:
    bot = g.g["bots"][item["bot"]]
    return sorted(a for a in g.g["areas"].values() if a != bot["at"]) if bot["at"] else None


def pick_relocate(g: Game, item: dict[str, Any], token: Any) -> None:
    seat, bot = item["owner"], g.g["bots"][item["bot"]]
    name = g.data.intelligences[player(g, seat)["intel"]].bot(bot["size"]).name
    areas = g.data.areas
    g.log(f"{{seat{seat}}} relocates {article(name)} from {areas[bot['at']].name} to {areas[token].name}.")
    bot["at"] = token
    g.g["turn"]["relocated"] = item["bot"]


def label_relocate(g: Game, item: dict[str, Any], token: Any) -> str:
    return f"Relocate it to {g.data.areas[token].name}"


def run_extra(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """The Function just left of the Warp in the Queue; from hand when the Queue is empty."""
    p = player(g, item["owner"])
    if p["queue"]:
        resolve(g, item, p["queue"].pop())
        return None
    hand = sorted({c for c in p["hand"] if isinstance(c, int)})
    if not hand:
        g.log(f"{{seat{item['owner']}}} has no Function for the extra Run Step.")
    return hand or None


def resolve(g: Game, item: dict[str, Any], ref: int) -> None:
    seat, p = item["owner"], player(g, item["owner"])
    if ref in p["hand"]:
        p["hand"].remove(ref)
    g.g["turn"].setdefault("extra", []).append(ref)
    f = g.data.functions[ref]
    plus = 0 if f.family == "warp" else int(item.get("plus", 0))
    g.log(f"{{seat{seat}}} runs {f.name} in the extra Run Step" + (f", every Action +{plus}." if plus else "."))
    effects.push_front(g, effects.effect(POWER, seat, ref=ref, plus=plus))


def run_power(g: Game, item: dict[str, Any]) -> list[Any]:
    """The extra Function's Power-Up, paid again: no, a same-Domain card, a Celestium, an Energiser, Chronoflux."""
    p, dom = player(g, item["owner"]), g.data.functions[item["ref"]].domain
    energisers = dict(g.data.energisers)
    cards = sorted(c for c in p["hand"] if isinstance(c, int) and g.data.functions[c].domain == dom)
    charge = sorted({c for c in p["hand"] if isinstance(c, str) and energisers[c] == dom})[:1]
    flux = ["flux"] if chronoflux(g, item["owner"]) is not None else []
    return ["no", *(f"d{c}" for c in cards), *(f"c{i}" for i, full in enumerate(p["celestium"]) if full),
            *(f"e{c}" for c in charge), *flux]


def pick_power(g: Game, item: dict[str, Any], token: Any) -> None:
    seat, p = item["owner"], player(g, item["owner"])
    if token.startswith("d") or token.startswith("e"):
        card = int(token[1:]) if token.startswith("d") else token[1:]
        p["hand"].remove(card)
        p["discard"].append(card)
        if token.startswith("e"):  # SC-ENERGISER-03
            p["data"] += g.data.rules["energiser_powerup_data"]
    elif token.startswith("c"):
        p["celestium"][int(token[1:])] = False
        g.g["supply"]["celestium"] += 1
    elif token == "flux":
        pay_chronoflux(g, seat)
    powered = token != "no"
    if powered:
        g.log(f"{{seat{seat}}} Powers-Up {g.data.functions[item['ref']].name} in the extra Run Step.")
    effects.push_front(g, effects.effect("node", seat, node={"extra_fn": item["ref"], "warp_plus": item["plus"],
                                                             "powered": powered}))


def label_power(g: Game, item: dict[str, Any], token: Any) -> str:
    name = g.data.functions[item["ref"]].name
    if token == "no":
        return f"No Power-Up for {name}"
    if token == "flux":
        return f"Power-Up {name}: pay {chronoflux(g, item['owner'])} Energy (Chronoflux)"
    if token.startswith("d"):
        return f"Power-Up {name}: discard {g.data.functions[int(token[1:])].name}"[:80]
    if token.startswith("c"):
        return f"Power-Up {name}: spend the Celestium in slot {int(token[1:]) + 1}"[:80]
    dom = g.data.domains[dict(g.data.energisers)[token[1:]]].name
    return f"Power-Up {name}: discard the {dom} Energiser (+1 Data)"[:80]


def pick_extra(g: Game, item: dict[str, Any], token: Any) -> None:
    resolve(g, item, token)


def label_extra(g: Game, item: dict[str, Any], token: Any) -> str:
    f = g.data.functions[token]
    return f"Run {f.name} (#{token}) in the extra Run Step"


def bump(tree: Any, add: int) -> Any:
    """#58: +add to every Action Value of ``tree``; Costs and '*' Values stay."""
    if isinstance(tree, list):
        return [bump(x, add) for x in tree]
    if not isinstance(tree, dict):
        return tree
    out = {k: (v if k == "cost" else bump(v, add)) for k, v in tree.items()}
    if out.get("op") not in (None, *COST_OPS) and isinstance(out.get("v"), int) and not isinstance(out["v"], bool):
        out["v"] += add
    return out


def mark_plus(tree: Any, add: int) -> Any:
    """The Warp's EXTRA_RUN_STEP nodes carry the Tampering Warp MOD's +add."""
    if isinstance(tree, list):
        return [mark_plus(x, add) for x in tree]
    if not isinstance(tree, dict):
        return tree
    out = {k: mark_plus(v, add) for k, v in tree.items()}
    return {**out, "warp_plus": add} if out.get("op") == EXTRA else out


EFFECTS = {
    PAY_C: Handler(run_pay_c, pick=pick_pay_c, label=label_pay_c, prompt="Pay the Celestium Cost?",
                   auto_single=False, default=lambda g, item, options: "decline"),
    RELOCATE: Handler(run_relocate, pick=pick_relocate, label=label_relocate, prompt="Warp: relocate to which Area?"),
    EXTRA: Handler(run_extra, pick=pick_extra, label=label_extra, prompt="Extra Run Step: run which Function?"),
    POWER: Handler(run_power, pick=pick_power, label=label_power, prompt="Power-Up the extra Function?",
                   auto_single=False, default=lambda g, item, options: "no"),
}
"""The WARP Core's effects."""
