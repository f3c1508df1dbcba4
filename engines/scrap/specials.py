"""The last atoms of the Functions (spec §4.9/§4.10): a Bot Destroying itself (#12), free Deploys of any Size
anywhere (#51) or per enemy Size (#13), Fragments Scored from those just drawn (#5, #9), Celestium Costs of
'?' (#64, #77), the Reward under a Relic (#76), Actions with a place rule (#37, #63, #78) and variables bound
by an earlier part of the Function (#32, #45, #78)."""

from __future__ import annotations

from typing import Any

from engines.core import Game, effects
from engines.core.effects import Handler

from . import atoms, board, plus
from .combat import destroy
from .combinators import bound
from .content import thaw
from .support import player
from .values import evaluate
from .words import article, describe

DEPLOY_ANY, SIZES, PAY_C_ANY, REWARD, EACH_BOT = "deploy_any", "deploy_sizes", "pay_c_any", "reward", "each_bot"
PLACE_KEYS = ("bot", "area", "where", "only", "to", "at", "in", "link")


def resolve_bound(g: Game, tree: Any, names: dict[str, Any] | None = None) -> Any:
    """``tree`` with variables left unbound by its own part replaced by what the Function chose before (a node
    that binds a name again keeps it for its own choice)."""
    names = bound(g) if names is None else names
    if not names:
        return tree
    if isinstance(tree, list):
        return [resolve_bound(g, x, names) for x in tree]
    if isinstance(tree, str):
        return names.get(tree, tree) if tree.startswith("S(") else tree
    if not isinstance(tree, dict):
        return tree
    if isinstance(tree.get("as"), str) and tree["as"] in names:
        names = {k: v for k, v in names.items() if k not in (tree["as"], f"S({tree['as']})")}
    out = {}
    for k, v in tree.items():
        if k in PLACE_KEYS and isinstance(v, str) and v in names:
            v = names[v]
        out[k] = v if k == "as" else resolve_bound(g, v, names)
    return out


MOD_HOOKS = ("create.weapon_payment",)
"""The MOD hooks :func:`mark_mods` applies."""


def mark_ops(tree: Any, op: str, marks: dict[str, Any]) -> Any:
    """``tree`` with ``marks`` added to every atom ``op``."""
    if isinstance(tree, list):
        return [mark_ops(x, op, marks) for x in tree]
    if not isinstance(tree, dict):
        return tree
    out = {k: mark_ops(v, op, marks) for k, v in tree.items()}
    return {**out, **marks} if out.get("op") == op else out


def mark_mods(tree: Any, mods: list[dict[str, Any]]) -> Any:
    """SC-REF-27 Experimental Forge: Weapons spent on its Create pay double and give Data; #15/#35: the Fly may
    land on an enemy Ship."""
    for m in mods:
        if m.get("name") == "create.weapon_payment":
            tree = mark_ops(tree, "create", {"weapon_pay": m["params"]})
        elif m.get("name") == "fly.land_on_enemy_ship":  # SC-ACT-FLY-04 (#15, #35)
            tree = mark_ops(tree, "fly", {"land": m["params"]["on_land"]})
    return tree


def upgraded(g: Game, bid: str) -> str:
    """The Bot that replaced ``bid`` by an Upgrade this turn, if any (SC-REF-45: the Core uses the new Bot)."""
    turn = g.g.get("turn") or {}
    seen = 0
    while bid in turn.get("upgraded", {}) and seen < 4:
        bid, seen = turn["upgraded"][bid], seen + 1
    return bid


def handle(g: Game, seat: int, node: dict[str, Any]) -> bool:
    """Run ``node`` if it is one of the atoms written here; False otherwise."""
    op = node.get("op")
    bot = g.g["bots"].get(node["bot"]) if isinstance(node.get("bot"), str) else None
    if op == "destroy_own" and bot is not None:  # SC-REF-12: to the Reserve, Cerebrum's onto Errorful Learning
        if board.in_play(bot):
            g.log(f"{atoms.bot_label(g, node['bot'])} is Destroyed.")
            destroy(g, bot)
        return True
    if op == "deploy" and node.get("size") == "any" and node.get("where") == "any_area":
        effects.push_front(g, effects.effect(DEPLOY_ANY, seat))  # SC-REF-51
        return True
    if op == "score" and node.get("from") == "just_drawn":  # SC-REF-05/09: one of those just drawn
        g.g["turn"]["scored"] = 0
        effects.push_front(g, effects.effect(atoms.SCORE, seat, left=node["n"], only=True, secret=True,
                                             shuffle_back=bool(node.get("shuffle_back"))))
        return True
    if op == "reward" and node.get("id") == "covered_by_relic" and node.get("area") in g.g["areas"].values():
        effects.push_front(g, effects.effect(REWARD, seat, area=node["area"]))  # SC-REF-76
        return True
    return False


def handle_node(g: Game, seat: int, node: dict[str, Any]) -> bool:
    """Non-atom nodes written here: FOR_EACH over enemy Sizes (#13), a '?' Celestium Cost (#64, #77)."""
    if isinstance(node.get("for_each"), str) and node["for_each"].startswith("tagged:"):  # #26: each such Bot
        bots = list((g.g["turn"] or {}).get("tagged", {}).get(node["for_each"][7:], []))
        effects.push_front(g, effects.effect(EACH_BOT, seat, bots=bots, chosen=[], **{"as": node["as"]},
                                             do=node["do"], **({"pid": node["pid"]} if node.get("pid") else {})))
        return True
    if node.get("for_each") == "distinct_enemy_sizes_in":
        area = node.get("area")
        area = area if area in g.g["areas"].values() else bound(g).get(area)
        if area in g.g["areas"].values():
            effects.push_front(g, effects.effect(SIZES, seat, area=area, left=node.get("max_total_size", 3),
                                                 chosen=[]))
        return True
    cost = node.get("cost")
    if isinstance(cost, dict) and cost.get("op") == "pay_c" and cost.get("v") == "?":
        effects.push_front(g, effects.effect(PAY_C_ANY, seat, lo=cost.get("min", 0), hi=cost.get("max", 3),
                                             then=node["then"]))
        return True
    return False


def action(g: Game, node: dict[str, Any]) -> Any:
    """An Action with a place rule as a plain tree (None: not one of these): #63 Create where your Bots are,
    #26/#78 Mobilise only some Bots, #37 every Bot that Moves or Recovers ends in one Area with enemy Bots."""
    rule, do = node["action"], node["do"]
    if do.get("op") == "create" and "at" in rule:
        return {**do, "at": rule["at"]}
    if do.get("op") == "mobilise" and "only" in rule:
        only = rule["only"]
        if isinstance(only, str) and only.startswith("tagged:"):
            only = list((g.g["turn"] or {}).get("tagged", {}).get(only[7:], []))
        extra = {"max_moves": rule["max_moves"]} if "max_moves" in rule else {}
        return {**do, "only": only if isinstance(only, list) else [only], **extra}
    if do.get("op") == "mobilise" and rule.get("to") == "one_area_with_enemy_bots":  # SC-REF-37
        return {"choose_area": "has_enemy_bots", "as": "_apex", "do": {**do, "to": "_apex"}}
    return None


# -- FOR_EACH over Bots (#26) -------------------------------------------------------------------------
def run_each_bot(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """SC-REF-26: each newly Infected Bot may act once, in the order you choose, or not at all."""
    options = [b for b in item["bots"] if b not in item["chosen"] and board.in_play(g.g["bots"][b])
               and not g.g["bots"][b]["stunned"]]
    return [*options, "done", *plus.pause_option(g, item)] if options else None


def pick_each_bot(g: Game, item: dict[str, Any], token: Any) -> None:
    if token == plus.PAUSE:
        plus.pause(g, item)
        return
    if token == "done":
        return
    tree = atoms.bind_bot(item["do"], item["as"], token, g.g["bots"][token]["size"])
    effects.push_front(g, effects.effect("node", item["owner"], node=tree), {**item, "chosen": [*item["chosen"],
                                                                                                token]})


def label_each_bot(g: Game, item: dict[str, Any], token: Any) -> str:
    if token == plus.PAUSE:
        return plus.PAUSE_LABEL
    if token == "done":
        return "No more of them"
    return f"Now with {atoms.bot_label(g, token)}: {describe(item['do'])}"[:80]


# -- DEPLOY(any Size, any Area) ------------------------------------------------------------------------
def run_deploy_any(g: Game, item: dict[str, Any]) -> list[Any] | None:
    seat = item["owner"]
    sizes = [s for s in (1, 2, 3) if board.reserve(g, seat, s) and not board.forbidden_size(g, seat, s)]
    areas = sorted(g.g["areas"].values(), key=lambda a: g.data.areas[a].name)
    options = [f"d{s}-{a}" for s in sizes for a in areas]
    if not options:
        g.log(f"{{seat{seat}}} has no Bot in the Reserve to Deploy.")
    return [*options, "done"] if options else None


def pick_deploy_any(g: Game, item: dict[str, Any], token: Any) -> None:
    if token != "done":
        size, area = token[1:].split("-")
        atoms.deploy(g, item["owner"], int(size), area)


def label_deploy_any(g: Game, item: dict[str, Any], token: Any) -> str:
    if token == "done":
        return "Deploy nothing"
    size, area = token[1:].split("-")
    name = g.data.intelligences[player(g, item["owner"])["intel"]].bot(int(size)).name
    return f"Deploy {article(name)} (Size {size}) into {g.data.areas[area].name}, free"


# -- one Bot per different enemy Size (#13) ------------------------------------------------------------
def run_sizes(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """SC-REF-13: Sizes of the enemy Bots in the Area, each once, total Size within the limit."""
    seat = item["owner"]
    sizes = sorted({b["size"] for b in g.g["bots"].values() if b["at"] == item["area"] and b["owner"] != seat})
    options = [s for s in sizes if s not in item["chosen"] and s <= item["left"] and board.reserve(g, seat, s)]
    return [*options, "done"] if options else None


def pick_sizes(g: Game, item: dict[str, Any], token: Any) -> None:
    if token == "done":
        return
    atoms.deploy(g, item["owner"], token, item["area"])
    effects.push_front(g, {**item, "left": item["left"] - token, "chosen": [*item["chosen"], token]})


def label_sizes(g: Game, item: dict[str, Any], token: Any) -> str:
    if token == "done":
        return "Deploy no more"
    name = g.data.intelligences[player(g, item["owner"])["intel"]].bot(token).name
    return f"Deploy {article(name)} (Size {token}) into {g.data.areas[item['area']].name}, free"


# -- PAY_C(?) ------------------------------------------------------------------------------------------
def run_pay_c_any(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """SC-REF-64/77: name how much Celestium to pay (within the printed range and what you hold), or decline."""
    held = sum(player(g, item["owner"])["celestium"])
    options = list(range(max(1, item["lo"]), min(item["hi"], held) + 1))
    return [*options, "decline"]


def pick_pay_c_any(g: Game, item: dict[str, Any], token: Any) -> None:
    seat = item["owner"]
    if token == "decline":
        g.log(f"{{seat{seat}}} declines to pay.")
        if item["lo"] == 0:  # '−? Celestium' with nothing paid still resolves with ? = 0
            effects.push_front(g, effects.effect("node", seat, node=evaluate(item["then"], 0)))
        return
    slots = player(g, seat)["celestium"]
    for _ in range(token):
        slots[slots.index(True)] = False
    g.g["supply"]["celestium"] += token
    g.log(f"{{seat{seat}}} pays {token} Celestium.")
    effects.push_front(g, effects.effect("node", seat, node=evaluate(item["then"], token)))


def label_pay_c_any(g: Game, item: dict[str, Any], token: Any) -> str:
    if token == "decline":
        return "Pay nothing" + (f": {describe(evaluate(item['then'], 0))}" if item["lo"] == 0 else "")
    return f"Pay {token} Celestium: {describe(evaluate(item['then'], token))}"[:80]


# -- the Reward under a Relic (#76) --------------------------------------------------------------------
def run_reward(g: Game, item: dict[str, Any]) -> list[Any] | None:
    """SC-REF-76: a Reward the Relic covers in that Area, resolved (the Relic stays)."""
    if item["area"] not in g.g["relics"]:
        return None
    return [r.id for r in g.data.areas[item["area"]].rewards if r.right_hand] or None


def pick_reward(g: Game, item: dict[str, Any], token: Any) -> None:
    reward = next(r for r in g.data.areas[item["area"]].rewards if r.id == token)
    g.log(f"{{seat{item['owner']}}} resolves the Reward under the Relic: {describe(reward.effect)}.")
    effects.push_front(g, effects.effect("node", item["owner"], node=thaw(reward.effect)))


def label_reward(g: Game, item: dict[str, Any], token: Any) -> str:
    reward = next(r for r in g.data.areas[item["area"]].rewards if r.id == token)
    return f"Resolve {describe(reward.effect)} under the Relic"[:80]


EFFECTS = {
    DEPLOY_ANY: Handler(run_deploy_any, pick=pick_deploy_any, label=label_deploy_any,
                        prompt="Deploy which Bot, where?", auto_single=False,
                        default=lambda g, item, options: options[0]),
    SIZES: Handler(run_sizes, pick=pick_sizes, label=label_sizes, prompt="Deploy a Bot of which Size?",
                   auto_single=False, default=lambda g, item, options: options[0]),
    PAY_C_ANY: Handler(run_pay_c_any, pick=pick_pay_c_any, label=label_pay_c_any, prompt="Pay how much Celestium?",
                       auto_single=False, default=lambda g, item, options: "decline"),
    EACH_BOT: Handler(run_each_bot, pick=pick_each_bot, label=label_each_bot, prompt="Which of those Bots next?",
                      auto_single=False, default=lambda g, item, options: "done"),
    REWARD: Handler(run_reward, pick=pick_reward, label=label_reward, prompt="Resolve which Reward?"),
}
"""The effects written here."""
