"""The Function interpreter: effect trees from ``data/scrap/`` run on the core effect queue.

A tree is queued as one ``node`` effect; a ``seq`` puts its children at the front of the queue in printed
order (SC-ACTGEN-02), a ``plus`` becomes one Action resolved part by part in the player's order
(:mod:`plus`, SC-ACTGEN-03), an atom does its work. The atoms and combinators live by concern: the Support and
Map actions here and in :mod:`asking`, :mod:`map_actions` and :mod:`combat`; CHOOSE_BOT, SCORE, RECOVER,
DESTROY and FOR_EACH in :mod:`atoms`; conditions and counts in :mod:`combinators`; Control changes and the
Plague in :mod:`control`; Fissures and Smites in :mod:`fissures`; other players (landing on a Ship, peeks,
named players) in :mod:`landing`; the rest in :mod:`specials`, :mod:`virus`, :mod:`warp` and :mod:`swap`.
A shape nothing understands is logged as skipped ("not implemented yet"); no Function's data has one.
"""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects
from engines.core.effects import Handler

from . import (
    atoms,
    board,
    combinators,
    control,
    fissures,
    landing,
    map_actions,
    perilous,
    plus,
    specials,
    status,
    swap,
    virus,
    warp,
)
from .asking import CELESTIUM, PROGRESS, REFRESH, WEAPON
from .battle import BATTLE, COMMAND_STEP
from .battle import HOOKS as BATTLE_HOOKS
from .combat import CRUSH, crush_value, forbidden
from .combat import HOOKS as COMBAT_HOOKS
from .content import thaw
from .flow import after_call, after_run
from .map_actions import CREATE, FLY, MOBILISE, SEARCH, UPGRADE
from .relics import HOOKS as RELIC_HOOKS
from .support import draw_fragments, gain_data, gain_energy, player, vow_params
from .values import evaluate
from .vows import HOOKS as VOW_HOOKS
from .words import describe

NODE, PAY, PAY_ANY, EXPEND = "node", "pay", "pay_any", "expend"
HOOKS = {**RELIC_HOOKS, **VOW_HOOKS, **status.HOOKS, **COMBAT_HOOKS, **BATTLE_HOOKS, **control.HOOKS}
"""The named hooks of ``data/scrap/hooks.json`` written so far, by name."""
"""Effect names: one tree node and the Costs (the Support actions that ask are in :mod:`asking`)."""
LIST_COMBINATORS = ("seq", "plus")
MOD_HOOKS = frozenset({"mobilise.moves_per_bot", "mobilise.ignore_obstacles", "mobilise.move_enemy_bots",
                       "mobilise.after_each_move", perilous.HOOK, warp.PLUS_HOOK, *specials.MOD_HOOKS,
                       *control.START_HOOKS, landing.LAND_HOOK, landing.NAME_HOOK})
"""The non-Battle MOD hooks that :func:`build` applies (the Battle's are checked when it starts)."""
MOBILISE_MARKS = ("max_moves", "ignore_obstacles", "bait", "morph", "pid", "to", "only")
"""What a MOBILISE atom passes on to its effect (MODs, a plus, a place rule)."""


def build(g: Game, ref: int, powered: bool) -> Any:
    """The tree to resolve: the Core alone, or with its Power-Up in printed order / MOD applied (SC-RUN-07..09)."""
    f = g.data.functions[ref]
    core = thaw(f.core)
    if not powered:
        return core
    pu = f.power_up
    if pu["pos"] == "mod":  # SC-RUN-08: the Core with the MOD's changes (#58: the extra Function's +1)
        plus = [m["params"]["add"] for m in pu["mod"] if m.get("name") == warp.PLUS_HOOK]
        mods = thaw(pu["mod"])
        tree = perilous.mark(map_actions.mark_mobilise(patched(core, mods, g), mods), mods)
        tree = landing.build(specials.mark_mods(tree, mods), mods)
        return warp.mark_plus(tree, plus[0]) if plus else tree
    extra = thaw(pu["effect"])
    var = pu.get("shares")
    if pu["pos"] == "before" and var and extra.get("as") == var == core.get("as"):  # SC-REF-45: one Bot for both
        return {**core, "do": {"seq": [extra["do"], core["do"]]}}
    if pu["pos"] == "before":
        return {"seq": [extra, core]}
    if pu["pos"] == "join":  # SC-REF-02: a ``join_before`` part waits for the joined Power-Up
        return {"plus": [core, extra], **({"late": pu["join_before"]} if pu.get("join_before") else {})}
    return {"seq": [core, extra]}


def patched(core: Any, mods: list[dict[str, Any]], g: Game | None = None) -> Any:
    """The Core with the ``set``/``add`` patches of a MOD applied; with the game, a ``when`` patch applies if its
    condition holds for the Current Player (#66) and an ``add`` expression is worked out (#50)."""
    tree = {"core": core}
    seat = g.g["turn"]["seat"] if g is not None and g.g.get("turn") else None
    for item in mods:
        if "path" not in item or ("when" in item and (seat is None or not combinators.holds(g, seat, item["when"]))):
            continue
        if seat is not None and isinstance(item.get("add"), dict):
            item = {**item, "add": evaluate(combinators.settle(g, seat, item["add"]))}
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
    g.g["turn"].update(then="call", bound={}, ruins_crossed=[])
    set_battle_mods(g, ref, powered)
    pu = g.data.functions[ref].power_up
    if powered and pu["pos"] == "mod" and any((m.get("op") == "hook" and m.get("name") not in MOD_HOOKS
                                               and not str(m.get("name")).startswith("battle."))
                                              for m in pu["mod"]):
        g.log(f"(Part of {g.data.functions[ref].name}'s Power-Up is not implemented yet and is skipped.)")
    if powered and pu["pos"] == "mod":  # #24: a MOD that changes Control while the Function resolves
        for m in pu["mod"]:
            if m.get("name") in control.START_HOOKS:
                control.START_HOOKS[m["name"]](g, seat, dict(m.get("params", {})))
    effects.push(g, effects.effect(NODE, seat, node=build(g, ref, powered)))
    drain(g)


def set_battle_mods(g: Game, ref: int, powered: bool) -> None:
    """A Powered-Up MOD's ``battle.*`` hooks wait in the turn for the Function's Battle."""
    pu = g.data.functions[ref].power_up
    mods = {m["name"]: thaw(m.get("params", {})) for m in (pu.get("mod") or ()) if m.get("op") == "hook"
            and str(m.get("name", "")).startswith("battle.")} if powered and pu["pos"] == "mod" else {}
    if mods:
        g.g["turn"]["battle_mods"] = mods


def run_tree(g: Game, seat: int, tree: Any, then: str) -> None:
    """Queue and resolve any effect tree (a Subroutine row), then go on to ``then`` (``call``/``load``)."""
    g.g["turn"].update(then=then, bound={})
    effects.push(g, effects.effect(NODE, seat, node=thaw(tree)))
    drain(g)


def drain(g: Game) -> None:
    """Run the queue; when it is empty go on to the phase after it (steps call this again in ``resume``)."""
    if not effects.run(g) or g.finished or g.frame["step"] == COMMAND_STEP:
        return  # paused on a choice, over, or waiting for the secret Command Step
    seat, then = g.g["turn"]["seat"], g.g["turn"].pop("then", None)
    if then == "call":
        control.end_function(g)
        pending = control.end_of_run(g, seat, virus.end_of_run(g, seat))
        if pending:  # ATT-ENT-2's optional Virus token and the Plague trigger (SC-GOLDEN-03: in the chosen order)
            g.g["turn"]["then"] = "call"
            effects.push(g, *pending)
            drain(g)
            return
        after_run(g, seat)
    elif then == "load":
        control.check_now(g, seat)  # the end of the Call Phase: Plague triggers (#19's MOD)
        after_call(g, seat)


def value(node: dict[str, Any], key: str = "v") -> int | None:
    """A plain numeric Value; None for '?' and expressions (not yet interpreted)."""
    v = node.get(key)
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _pid(node: dict[str, Any]) -> dict[str, Any]:
    """The plus a part belongs to, so that it may pause (:mod:`plus`)."""
    return {"pid": node["pid"]} if node.get("pid") else {}


def _skip(g: Game, node: Any) -> None:
    g.log(f"({describe(node)}: not implemented yet, skipped.)")


def atom(g: Game, seat: int, node: dict[str, Any]) -> None:
    """One atom: the direct ones act, the asking ones queue their effect in front."""
    node = evaluate(combinators.settle(g, seat, node), xp=player(g, seat)["unique"].get("xp"))
    if isinstance(node.get("bot"), str):
        node = {**node, "bot": specials.upgraded(g, node["bot"])}
    op, v = node["op"], value(node)
    bot = g.g["bots"].get(node["bot"]) if isinstance(node.get("bot"), str) else None
    if isinstance(node.get("who"), int) and not isinstance(node["who"], bool):  # #14/#25: the named player's
        atom(g, node["who"], {k: x for k, x in node.items() if k != "who"})
    elif specials.handle(g, seat, node) or fissures.handle(g, seat, node) or landing.handle(g, seat, node) \
            or (op == "plague" and control.plague(g, seat, node)):
        pass
    elif op == "hook" and node.get("name") in HOOKS:
        HOOKS[node["name"]](g, seat, dict(node.get("params", {})))
    elif op in ("crush", "disable") and bot is not None and value(node, "k") is not None and "area" not in node \
            and node.get("targets", "not_own_except_self") == "not_own_except_self":  # #18: never itself
        if forbidden(g, seat, op):
            g.log(f"{{seat{seat}}}'s Vow of Peace forbids the Crush.")
        elif board.in_play(bot) and not bot["stunned"]:  # SC-ACT-CRUSH-01: the bound Bot, Size + k
            effects.push_front(g, effects.effect(CRUSH, seat, kind=op, k=node["k"], bot=node["bot"],
                                                 left=crush_value(g, seat, op, bot["size"], node["k"]), damage={}))
    elif op == "upgrade" and bot is not None and v is not None:
        effects.push_front(g, effects.effect(UPGRADE, seat, left=v, bot=node["bot"]))
    elif op == "score" and value(node, "n") is not None and "from" not in node:
        g.g["turn"]["scored"] = 0
        effects.push_front(g, effects.effect(atoms.SCORE, seat, left=node["n"], secret=True))
    elif op == "recover" and (v is not None or node.get("v") == "*"):
        effects.push_front(g, effects.effect(atoms.RECOVER, seat, left=node["v"]))
    elif op == "destroy" and isinstance(node.get("spec"), dict):
        spec = node["spec"]
        effects.push_front(g, effects.effect(atoms.DESTROY, seat, sel=spec.get("sel"), left=spec.get("max", 1)))
    elif op == "deploy" and isinstance(node.get("size"), int) and node.get("where") in g.g["areas"].values() \
            and node.get("pay_cost") is False:
        atoms.deploy(g, seat, node["size"], node["where"])
    elif op == "skip" and node.get("phase") == "call":
        g.g["turn"]["skip_call"] = True
        g.log(f"{{seat{seat}}} will skip this turn's Call Phase.")
    elif op == "battle" and v is not None:
        if forbidden(g, seat, op):
            g.log(f"{{seat{seat}}}'s Vow of Peace forbids the Battle.")
        else:
            mods = g.g["turn"].pop("battle_mods", {}) if g.g.get("turn") else {}
            effects.push_front(g, effects.effect(BATTLE, seat, area=node.get("area"), left=v, mods=mods))
    elif op in ("crush", "disable") and value(node, "k") is not None and not {"bot", "targets"} & set(node) \
            and node.get("area", "any") == "any":  # #62: 'any Area' is the plain Crush
        if forbidden(g, seat, op):
            g.log(f"{{seat{seat}}}'s Vow of Peace forbids the Crush.")
        else:
            effects.push_front(g, effects.effect(CRUSH, seat, kind=op, k=node["k"], bot=None, left=0, damage={}))
    elif op == virus.VIRUS and v is not None and "who" not in node and node.get("target") in virus.TARGETS:
        virus.queue_virus(g, seat, node)  # ATT-ENT-2
    elif op == warp.RELOCATE and bot is not None and node.get("to") == "any_area":
        effects.push_front(g, effects.effect(warp.RELOCATE, seat, bot=node["bot"]))
    elif op == swap.SWAP and swap.understood(node):
        swap.queue(g, seat, node)
    elif op == "xp" and v is not None:
        swap.gain_xp(g, seat, v)
    elif op == warp.EXTRA:
        effects.push_front(g, effects.effect(warp.EXTRA, seat, plus=node.get("warp_plus", 0)))
    elif "who" in node or (v is None and not (op == "reset" or (op == "refresh" and node.get("v") == "*"))):
        _skip(g, node)
    elif op == "energy":  # SC-ACT-ENERGY-01; Excess (ATT-OLY-2): +add Value while face-up
        gain_energy(g, seat, v + sum(int(x["add"]) for x in vow_params(g, seat, "vow.energy_action_bonus")))
    elif op == "data":
        gain_data(g, seat, v)
    elif op == "fragment":
        draw_fragments(g, seat, v)
    elif op == "reset":  # SC-ACT-RESET-01
        player(g, seat)["mode"] = g.data.centre
        g.log(f"{{seat{seat}}} resets their Mode Marker to the centre.")
    elif op == "weapon":
        effects.push_front(g, effects.effect(WEAPON, seat, kind=node["kind"], left=v, tag=node.get("tag")))
    elif op == "create":  # #21/#63/#73: somewhere else than the Ship; #27: Weapons pay more
        extra = {k: node[k] for k in ("at", "weapon_pay") if k in node}
        effects.push_front(g, effects.effect(CREATE, seat, left=v, **_pid(node), **extra))
    elif op == "upgrade" and "bot" not in node:
        effects.push_front(g, effects.effect(UPGRADE, seat, left=v))
    elif op == "fly":
        extra = {"land": node["land"]} if node.get("land") else {}  # #15/#35: it may land on an enemy Ship
        effects.push_front(g, effects.effect(FLY, seat, left=v, **_pid(node), **extra))
    elif op == "mobilise":  # #28/#48/#29: the MOD's moves per Bot, Obstacles ignored, enemy Bots baited, if any
        marks = {k: node[k] for k in MOBILISE_MARKS if k in node}
        effects.push_front(g, effects.effect(MOBILISE, seat, left=v, moved=[], **marks))
    elif op == "search":
        effects.push_front(g, effects.effect(SEARCH, seat, left=v, chosen=[],
                                             **({"perilous": node["perilous"]} if "perilous" in node else {})))
    elif op == "progress":
        effects.push_front(g, effects.effect(PROGRESS, seat, left=v, domain=node.get("domain")))
    elif op == "celestium":
        effects.push_front(g, effects.effect(CELESTIUM, seat, left=v))
    elif op == "refresh":
        effects.push_front(g, effects.effect(REFRESH, seat, left=node["v"], secret=True))
    else:
        _skip(g, node)


def run_node(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """Resolve one node: a combinator queues its parts in front, an atom acts, a Cost asks."""
    node, seat = specials.resolve_bound(g, item["node"]), item["owner"]
    if "op" in node:
        atom(g, seat, node)
        return None
    if specials.handle_node(g, seat, node) or landing.handle(g, seat, node):
        return None
    if "action" in node and isinstance(node.get("do"), dict) and specials.action(g, node) is not None:
        effects.push_front(g, effects.effect(NODE, seat, node=specials.action(g, node)))
        return None
    if "extra_fn" in node:  # WARP's extra Run Step: the Function's Core
        ref, powered = node["extra_fn"], bool(node.get("powered"))
        set_battle_mods(g, ref, powered)  # its Raid MODs reach the Battle, as in the Run Step
        effects.push_front(g, effects.effect(NODE, seat, node=warp.bump(build(g, ref, powered), node["warp_plus"])))
        return None
    if isinstance(node.get("plus"), list):  # SC-ACTGEN-03: one Action, parts in the player's order
        plus.queue(g, seat, node)
        return None
    kind = next((k for k in node if k in LIST_COMBINATORS), None)
    if kind is not None:
        effects.push_front(g, *(effects.effect(NODE, seat, node=child) for child in node[kind]))
        return None
    if isinstance(node.get("status"), dict):  # SC-TERM-03
        if not status.lay_face_up(g, seat, node):
            _skip(g, node)
        return None
    if "choose_bot" in node:
        effects.push_front(g, effects.effect(atoms.CHOOSE_BOT, seat, sel=node["choose_bot"], **{"as": node["as"]},
                                             do=node["do"]))
        return None
    if "for_each" in node and atoms.for_each_areas(g, seat, node["for_each"]) is not None:
        effects.push_front(g, effects.effect(atoms.FOR_EACH, seat, sel=node["for_each"], **{"as": node["as"]},
                                             max=node.get("max", 99), chosen=[], do=node["do"]))
        return None
    chain, each = node.get("chain"), node.get("each")
    if isinstance(chain, dict) and chain.get("op") == "mobilise" and isinstance(each, dict) \
            and each.get("op") in ("crush", "disable") and value(each, "k") is not None and value(chain) is not None:
        effects.push_front(g, effects.effect(MOBILISE, seat, left=chain["v"], moved=[], pooled={},
                                             each={"kind": each["op"], "k": each["k"]}))
        return None
    if "repeat" in node and isinstance(node["repeat"], int):
        effects.push_front(g, *(effects.effect(NODE, seat, node=node["do"]) for _ in range(node["repeat"])))
        return None
    if "choose_area" in node:
        effects.push_front(g, effects.effect(combinators.CHOOSE_AREA, seat, sel=node["choose_area"],
                                             **{"as": node["as"]}, do=node["do"], link=node.get("link")))
        return None
    if "if" in node and isinstance(node["if"], dict) and "then" in node:
        chosen = combinators.branch(g, seat, node)
        if chosen is not None:
            effects.push_front(g, effects.effect(NODE, seat, node=chosen))
        elif combinators.holds(g, seat, node["if"]) is None:
            _skip(g, node)
        return None
    if "action" in node and dict(node["action"]) == {"areas": "one_area"} and node["do"].get("op") == "search" \
            and value(node["do"]) == 1:  # Manoeuvre's Search 1 in one Area: one Reward of Cost 1 is one Area
        effects.push_front(g, effects.effect(NODE, seat, node=node["do"]))
        return None
    if "cost" in node:
        cost = node["cost"]
        if cost.get("op") == "pay_e" and cost.get("v") == "?" and not {"cost_key", "min", "max"} & set(cost):
            effects.push_front(g, effects.effect(PAY_ANY, seat, node=node))
        elif cost.get("op") == "pay_e" and value(cost) is not None:
            if player(g, seat)["energy"] >= cost["v"]:  # SC-ACT-ENERGY-02
                effects.push_front(g, effects.effect(PAY, seat, node=node))
            else:
                g.log(f"{{seat{seat}}} cannot pay {cost['v']} Energy.")
        elif cost.get("op") == warp.PAY_C and value(cost) is not None:
            warp.queue_pay(g, seat, node)
        elif cost.get("op") == "expend" and value(cost, "n") is not None:
            effects.push_front(g, effects.effect(EXPEND, seat, n=cost["n"], domain=cost.get("domain"),
                                                 then=node["then"], paying=False, secret=True))
        else:
            _skip(g, node)
        return None
    _skip(g, node)
    return None


# -- Costs ----------------------------------------------------------------------------------------------
def run_pay(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """SC-ACTGEN-04/05: pay the Energy Cost and resolve the rest, or decline."""
    return ["pay", "decline"]


def pick_pay(g: Game, item: dict[str, Any], token: Any) -> None:
    seat, node = item["owner"], item["node"]
    if token == "pay":
        player(g, seat)["energy"] -= node["cost"]["v"]
        g.log(f"{{seat{seat}}} pays {node['cost']['v']} Energy.")
        effects.push_front(g, effects.effect(NODE, seat, node=node["then"]))
    else:
        g.log(f"{{seat{seat}}} declines to pay.")


def label_pay(g: Game, item: dict[str, Any], token: Any) -> str:
    return f"Pay {item['node']['cost']['v']} Energy: {describe(item['node']['then'])}"[:80] if token == "pay" \
        else "Decline the Cost"


def run_pay_any(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """'−? Energy → …': name ? from 0 to your Energy (SC-ACTGEN-06, SC-CORE-05; more cannot be paid, SC-CORE-06)."""
    return list(range(player(g, item["owner"])["energy"] + 1))


def pick_pay_any(g: Game, item: dict[str, Any], token: Any) -> None:
    seat = item["owner"]
    player(g, seat)["energy"] -= token
    g.log(f"{{seat{seat}}} pays {token} Energy.")
    effects.push_front(g, effects.effect(NODE, seat, node=evaluate(item["node"]["then"], token)))


def label_pay_any(g: Game, item: dict[str, Any], token: Any) -> str:
    return f"Pay {token} Energy: {describe(evaluate(item['node']['then'], token))}"[:80]


def expendable(g: Game, item: dict[str, Any]) -> list[int]:
    """SC-ACT-EXPEND-01/02: Functions in hand that may pay (never No-Expend cards; Energisers never)."""
    dom = item.get("domain")
    return sorted(c for c in player(g, item["owner"])["hand"] if isinstance(c, int)
                  and not g.data.functions[c].no_expend and (dom in (None, "X") or g.data.functions[c].domain == dom))


def run_expend(g: Game, item: dict[str, Any]) -> list[Any] | None:
    cards = expendable(g, item)
    if len(cards) < item["n"]:
        g.log(f"{{seat{item['owner']}}} cannot Expend {item['n']}: the Actions after it are skipped.")
        return None
    return cards if item["paying"] else ["decline", *cards]


def pick_expend(g: Game, item: dict[str, Any], token: Any) -> None:
    seat = item["owner"]
    if token == "decline":
        g.log(f"{{seat{seat}}} declines to Expend.")
        return
    p = player(g, seat)
    p["hand"].remove(token)
    p["discard"].append(token)
    g.log(f"{{seat{seat}}} Expends a card.")
    if item["n"] > 1:
        effects.push_front(g, {**item, "n": item["n"] - 1, "paying": True})
    else:
        effects.push_front(g, effects.effect(NODE, seat, node=item["then"]))


def label_expend(g: Game, item: dict[str, Any], token: Any) -> str:
    if token == "decline":
        return "Decline the Cost"
    return f"Expend {g.data.functions[token].name}: {describe(item['then'])}"[:80]


def _first(g: Game, item: dict[str, Any], options: list[Any]) -> Any:
    return options[0]


EFFECTS = {
    NODE: Handler(run_node),
    PAY: Handler(run_pay, pick=pick_pay, label=label_pay, prompt="Pay the Cost?", auto_single=False,
                 default=lambda g, item, options: "decline"),
    PAY_ANY: Handler(run_pay_any, pick=pick_pay_any, label=label_pay_any, prompt="Pay how much Energy?",
                     auto_single=False),
    EXPEND: Handler(run_expend, pick=pick_expend, label=label_expend, prompt="Expend a card from hand?",
                    auto_single=False, default=_first, secret=("secret",)),
}
"""The interpreter's effect handlers."""
